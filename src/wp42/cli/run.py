"""``wp42 run TASK_ID... --worker W [--arm A] [--attempts N] [-j N] ...``: run workers and grade each attempt.

Argument parsing and printing only; the attempts are planned and run by :mod:`wp42.run.executor`.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click
from click.core import ParameterSource
from rich.table import Table

from wp42 import layout
from wp42.cli.common import ORACLE_ROOT_HELP, UserPath, print_json, warn_unsandboxed
from wp42.console import err, out, progress
from wp42.errors import UserError
from wp42.generation import LEVELS, SETS
from wp42.layout import Repo
from wp42.run.sandbox import ran_unsandboxed
from wp42.schemas import load_json


@click.command("run")
@click.argument("task_ids", nargs=-1)
@click.option("--all", "all_tasks", is_flag=True, help="every scenario")
@click.option("--worker", required=True,
              help="reference, nop, copy-inputs, wrong:<name>, alt:<name>, or a shell command; one worker per run id")
@click.option("--arm", default="A1", show_default=True, help="arm from benchmark/arms.json")
@click.option("--attempts", type=click.IntRange(min=1), default=1, show_default=True, help="attempts per scenario")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=1, show_default=True, help="parallel attempts")
@click.option("--runs-dir", type=UserPath(file_okay=False), default="runs", show_default=True)
@click.option("--run-id", help="name of this run; reuse it to resume (default: the UTC time)")
@click.option("--oracle-root", type=UserPath(file_okay=False), help=ORACLE_ROOT_HELP)
@click.option("--time-limit", type=click.FloatRange(min=0.1), help="seconds; overrides task.json's time_limit_s")
@click.option("--json", "as_json", is_flag=True, help="print one summary object per attempt as JSON")
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True,
              help="where attempts run: a local pool, or Ray tasks (pip install -e '.[ray]') on a private local "
                   "instance or on the cluster at --ray-address")
@click.option("--ray-address", envvar="RAY_ADDRESS",
              help="with --backend ray: a running Ray cluster (the address `ray start --head` prints); workers run "
                   "on its nodes, the oracle and grading stay here [env RAY_ADDRESS]")
@click.option("--expose", multiple=True, type=UserPath(exists=True, file_okay=True),
              help="a folder or file the worker may read (its own program, say); the sandbox shows only the system "
                   "folders, the Python running wp42 and the workspace otherwise (repeatable)")
@click.option("--set", "set_name", type=click.Choice(SETS),
              help="run this set (default with --level/--seed: challenge); without --set, --level and --seed the "
                   "run uses the scenario folder's bundle as it is")
@click.option("--level", type=click.Choice(LEVELS), help="run this level (default with --set/--seed: standard)")
@click.option("--seed", type=click.IntRange(min=0),
              help="run this seed (default: the scenario folder's); a variant the folder does not hold is generated "
                   "under <oracle-root>/variants/")
@click.option("--model-endpoint", envvar="WP42_MODEL_ENDPOINT",
              help="an OpenAI-compatible API base the worker may call (e.g. https://api.openai.com/v1), the only "
                   "address it can reach: forwarded from a loopback port, every request recorded in the attempt's "
                   "model_requests.jsonl; the worker gets WP42_MODEL_BASE_URL [env WP42_MODEL_ENDPOINT]")
@click.option("--model-api-key-env", envvar="WP42_MODEL_API_KEY_ENV", metavar="NAME",
              help="the environment variable holding the model API key (e.g. OPENAI_API_KEY): passed to the worker, "
                   "never written to a log or run.json [env WP42_MODEL_API_KEY_ENV]")
def run_command(task_ids: tuple[str, ...], all_tasks: bool, worker: str, arm: str, attempts: int,
        jobs: int, runs_dir: str, run_id: str | None, oracle_root: str | None, time_limit: float | None,
        as_json: bool, backend: str, ray_address: str | None, expose: tuple[str, ...], set_name: str | None,
        level: str | None, seed: int | None, model_endpoint: str | None, model_api_key_env: str | None) -> None:
    """Run workers against scenarios in isolated workspaces and grade each attempt.

    A run names template, set, level and seed: with --set, --level or --seed the asked-for variant is used, from the
    scenario folder when it holds it, else generated (bundle and oracle) under <oracle-root>/variants/; run.json
    records the variant and the oracle root, so `wp42 score` re-grades it later with no flag.
    """
    from wp42.run.executor import make_executor, plan_attempts, run_batch
    from wp42.run.model_egress import ModelAccess
    from wp42.run.runner import check_arm, check_run_id, default_run_id
    from wp42.run.workers import missing_program
    from wp42.variants import prepare_variant_run

    repo = Repo.find()
    ids = repo.resolve_task_ids(task_ids, all_tasks)
    check_arm(arm, repo)
    problem = missing_program(worker)
    if problem:
        raise UserError(problem)
    if model_api_key_env and not model_endpoint:
        raise UserError("--model-api-key-env needs --model-endpoint: the worker can reach no model without one")
    model = ModelAccess(model_endpoint, model_api_key_env) if model_endpoint else None
    if model is not None:
        model.check()
    run_id = run_id or default_run_id()
    check_run_id(run_id, worker, Path(runs_dir))
    root = layout.oracle_root(oracle_root)
    if set_name or level or seed is not None:
        view, root = prepare_variant_run(ids, seed, set_name or SETS[0], level or LEVELS[0], root, repo)
        if view is not repo and backend != "local":
            raise UserError(f"--backend {backend} runs the bundles in benchmark/scenarios; this variant was "
                            f"generated under {root}: run it with --backend local")
        repo = view
    specs = plan_attempts(ids, [worker], arm, attempts, run_id, Path(runs_dir).resolve(),
                          root, time_limit, expose=tuple(str(Path(e).resolve()) for e in expose), model=model)
    from_flag = click.get_current_context().get_parameter_source("ray_address") == ParameterSource.COMMANDLINE
    executor = make_executor(backend, jobs, repo, ray_address=ray_address if backend == "ray" or from_flag else None)
    with progress() as bar:
        task = bar.add_task(f"run {run_id}", total=len(specs))
        result = run_batch(specs, executor, lambda _o: bar.advance(task))
    rows = [_attempt_row(o) for o in result.outcomes]
    if as_json:
        print_json(rows)
    else:
        _attempt_table(rows, f"run {run_id} in {Path(runs_dir).resolve() / run_id}")
    warn_unsandboxed(sum(1 for r in rows if r["unsandboxed"]), len(rows))
    err.print(f"re-grade it later with: wp42 score {Path(runs_dir).resolve() / run_id}", highlight=False,
              soft_wrap=True)
    if result.interrupted:
        err.print(f"interrupted: finished attempts are kept; run again with --run-id {run_id} to resume")
        sys.exit(130)
    if any(r["error"] for r in rows):
        sys.exit(1)


def _attempt_row(outcome: Any) -> dict[str, Any]:
    r = outcome.receipt or {}
    spec = outcome.spec
    record: dict[str, Any] = {}
    if spec.folder.run_json.is_file():
        try:
            record = load_json(spec.folder.run_json)
        except ValueError:
            record = {}
    return {
        "exit_code": record.get("exit_code"), "timed_out": record.get("timed_out"),
        "warnings": record.get("warnings", []), "unsandboxed": ran_unsandboxed(record),
        "task_id": spec.task_id, "worker": spec.worker, "arm": spec.arm, "attempt": spec.attempt,
        "seed": record.get("seed"), "set": record.get("set"), "level": record.get("level"),
        "folder": str(spec.folder.root), "skipped": outcome.skipped, "error": outcome.error,
        "status": r.get("status"), "det_score": r.get("det_score"), "det_completion": r.get("det_completion"),
        "critical_violations": sorted(v["id"] for v in r.get("critical_violations", [])),
    }


def _attempt_table(rows: list[dict[str, Any]], title: str) -> None:
    table = Table(title=title)
    for name in ("scenario", "seed", "set", "level", "worker", "arm", "#", "exit", "status", "det_score", "complete",
                 "critical violations"):
        table.add_column(name)
    for row in rows:
        score = "-" if row["det_score"] is None else f"{row['det_score']:.3f}"
        exit_text = "timed out" if row["timed_out"] else ("-" if row["exit_code"] is None else str(row["exit_code"]))
        table.add_row(row["task_id"], str(row["seed"] if row["seed"] is not None else "-"), row["set"] or "-",
                      row["level"] or "-", row["worker"], row["arm"], str(row["attempt"]), exit_text,
                      row["status"] or f"error: {row['error']}", score, str(row["det_completion"]),
                      ", ".join(row["critical_violations"]) + (" (resumed)" if row["skipped"] else ""))
    out.print(table)
    warned = [r for r in rows if r["warnings"]]
    for row in warned[:10]:
        err.print(f"{row['task_id']} attempt {row['attempt']}: {row['warnings'][0]}", highlight=False, markup=False)
    if len(warned) > 10:
        err.print(f"... and {len(warned) - 10} more attempts with warnings (see their run.json)")
