"""``wp42 evaluate TASK_ID OUT_DIR [--workspace W] [--run-id R] [--json]``: score one out/ folder, print its receipt.

Argument parsing and printing only; the checks and the scoring are :func:`wp42.run.evaluate_given.evaluate_given`.
"""

from __future__ import annotations

from pathlib import Path

import click

from wp42.cli.common import ORACLE_ROOT_HELP, UserPath, print_json
from wp42.console import err


@click.command("evaluate")
@click.argument("task_id")
@click.argument("out_dir", type=UserPath())
@click.option("--workspace", type=UserPath(),
              help="the workspace the worker used (default: the attempt's, when OUT_DIR is an attempt's out/ with "
                   "run.json beside it; else the public bundle)")
@click.option("--oracle-root", type=UserPath(file_okay=False),
              help=f"{ORACLE_ROOT_HELP}; for an attempt's out/, the one its run.json records")
@click.option("--run-id", default="", help="recorded in the receipt")
@click.option("--json", "as_json", is_flag=True,
              help="print the receipt as JSON on stdout, and nothing else there (also the default: the receipt is "
                   "this verb's output); the one-line summary goes to stderr either way")
def evaluate_command(task_id: str, out_dir: str, workspace: str | None, oracle_root: str | None, run_id: str,
                     as_json: bool) -> None:
    """Score OUT_DIR for TASK_ID and print the receipt JSON (a one-line summary on stderr)."""
    from wp42.run.evaluate_given import evaluate_given

    receipt = evaluate_given(task_id, Path(out_dir), workspace=Path(workspace) if workspace else None,
                             oracle_root=oracle_root, run_id=run_id)
    print_json(receipt)
    failed = [c["id"] for c in receipt.get("required_criteria", []) if not c.get("passed")]
    violations = [v["id"] for v in receipt.get("critical_violations", [])]
    score = "-" if receipt.get("det_score") is None else f"{receipt['det_score']:.3f}"
    err.print(f"{task_id}: {receipt['status']}, det_score {score}"
              + (f"; failed: {', '.join(failed)}" if failed else "")
              + (f"; critical: {', '.join(violations)}" if violations else "")
              + (f"; {len(receipt['notes'])} note(s) in the receipt" if receipt.get("notes") else ""),
              highlight=False, markup=False, soft_wrap=True)
