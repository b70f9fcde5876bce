"""``wp42 evaluate TASK_ID OUT_DIR [--workspace W] [--run-id R]``: score one out/ folder, print its receipt.

Argument parsing and printing only; the scoring is :func:`wp42.evaluation.evaluate_out`.
"""

from __future__ import annotations

from pathlib import Path

import click

from wp42.cli.common import ORACLE_ROOT_HELP, UserPath, print_json


@click.command("evaluate")
@click.argument("task_id")
@click.argument("out_dir", type=UserPath())
@click.option("--workspace", type=UserPath(), help="the workspace the worker used (default: the public bundle)")
@click.option("--oracle-root", type=UserPath(file_okay=False), help=ORACLE_ROOT_HELP)
@click.option("--run-id", default="", help="recorded in the receipt")
def evaluate_command(task_id: str, out_dir: str, workspace: str | None, oracle_root: str | None, run_id: str) -> None:
    """Score OUT_DIR for TASK_ID and print the receipt JSON."""
    from wp42.evaluation import evaluate_out

    receipt = evaluate_out(task_id, Path(out_dir), workspace=Path(workspace) if workspace else None,
                           oracle_root=oracle_root, run_id=run_id)
    print_json(receipt)
