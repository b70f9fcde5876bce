"""``wp42 worker llm --model NAME [--base-url URL] [--max-steps N] [--json]``: the reference LLM worker (issue 19 item 2).

Run it as a worker: ``wp42 run INS-01 --worker "wp42 worker llm --model gpt-4o" --model-endpoint
https://api.openai.com/v1 --model-api-key-env OPENAI_API_KEY``. Inside the sandbox it finds the model at
``$WP42_MODEL_BASE_URL`` and the key in the variable ``$WP42_MODEL_API_KEY_ENV`` names. Argument parsing and the
one-line errors only; the loop is :func:`wp42.llm_worker.loop.run_loop`.
"""

from __future__ import annotations

import os
from pathlib import Path

import click

from wp42.cli.common import print_json
from wp42.errors import UserError

#: Exit status when the model endpoint cannot be used (unreachable, key refused, malformed reply).
EXIT_MODEL = 3


@click.group("worker")
def worker_command() -> None:
    """Workers that ship with WP42, to run with `wp42 run --worker "wp42 worker ..."`."""


@worker_command.command("llm")
@click.option("--model", required=True, help="the model name the endpoint knows, e.g. gpt-4o")
@click.option("--base-url", help="the OpenAI-compatible API base [default: $WP42_MODEL_BASE_URL, which wp42 run "
                                 "--model-endpoint sets, else $OPENAI_BASE_URL]")
@click.option("--api-key-env", metavar="NAME",
              help="the variable holding the API key [default: $WP42_MODEL_API_KEY_ENV, else OPENAI_API_KEY]; an "
                   "endpoint that needs no key may have none")
@click.option("--max-steps", type=click.IntRange(min=1), default=30, show_default=True,
              help="model requests at most")
@click.option("--max-retries", type=click.IntRange(min=0), default=2, show_default=True,
              help="retries of a failed request (connection errors, 429, 5xx)")
@click.option("--request-timeout", type=click.FloatRange(min=1), default=600, show_default=True, help="seconds")
@click.option("--json", "as_json", is_flag=True,
              help="when the loop ends, print its usage on stdout as JSON ({model, requests, prompt_tokens, "
                   "completion_tokens, tokens, stopped, cost_usd where reported}, as in $WP42_USAGE_FILE)")
def llm_command(model: str, base_url: str | None, api_key_env: str | None, max_steps: int, max_retries: int,
                request_timeout: float, as_json: bool) -> None:
    """A small tool-using agent over an OpenAI-compatible chat-completions API: it reads BRIEF.md and the inputs
    (spreadsheets, Word, PDF, slides and email as text and tables), writes out/, runs Python in arms with code
    execution and calls the portal in portal arms. Usage goes to $WP42_USAGE_FILE, each step to
    $WP42_TRAJECTORY_FILE."""
    try:
        from wp42.llm_worker.loop import LoopConfig, ModelError, run_loop
    except ImportError as exc:  # the openai SDK is the optional extra
        raise UserError(f"wp42 worker llm needs the openai package: pip install 'wp42[llm]' ({exc})") from None
    from wp42.llm_worker.tools import Workspace

    base_url = base_url or os.environ.get("WP42_MODEL_BASE_URL") or os.environ.get("OPENAI_BASE_URL")
    if not base_url:
        raise UserError("no model endpoint: give --base-url, or run under `wp42 run --model-endpoint URL`")
    key_name = api_key_env or os.environ.get("WP42_MODEL_API_KEY_ENV") or "OPENAI_API_KEY"
    root = Path(os.environ.get("WP42_WORKSPACE") or Path.cwd())
    readers = os.environ.get("WP42_READERS_DIR")
    workspace = Workspace(root, Path(readers) if readers else None,
                          code_execution=os.environ.get("WP42_CODE_EXECUTION") == "1",
                          portal_url=os.environ.get("WP42_PORTAL_URL"), hidden_env=(key_name,))
    budget = os.environ.get("WP42_BUDGET_USD")
    config = LoopConfig(
        model=model, base_url=base_url, api_key=os.environ.get(key_name) or "wp42-no-key", workspace=workspace,
        max_steps=max_steps, max_retries=max_retries, request_timeout_s=request_timeout,
        budget_usd=float(budget) if budget else None,
        usage_file=_path("WP42_USAGE_FILE"), trajectory_file=_path("WP42_TRAJECTORY_FILE"),
    )
    try:
        usage = run_loop(config)
    except ModelError as exc:
        click.echo(f"wp42 worker llm: error: {exc}", err=True)
        raise SystemExit(EXIT_MODEL) from None
    if as_json:
        print_json(usage.as_json())
    click.echo(f"wp42 worker llm: {usage.stopped} after {usage.requests} request(s), "
               f"{usage.prompt_tokens + usage.completion_tokens} tokens", err=True)


def _path(name: str) -> Path | None:
    value = os.environ.get(name)
    return Path(value) if value else None
