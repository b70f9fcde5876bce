"""``wp42 validate TASK_ID... | --all [--seeds 42,7] [--oracle-root DIR] [--json]`` (issue 3).

Argument parsing and printing only; the gates are :func:`wp42.gates.validate`. Progress goes to stderr, the table
(or the JSON) to stdout. Exit 0 only when every gate passes at every seed; 1 otherwise; 2 for bad input.
"""

from __future__ import annotations

import sys
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from wp42 import layout
from wp42.errors import UserError
from wp42.evaluation import Limits
from wp42.gates import GATES, planned_evaluations, validate
from wp42.layout import Repo
from wp42.schemas import dump_json
from wp42.throughput import Throughput

DEFAULT_SEEDS = "42,7"


def parse_seeds(text: str) -> list[int]:
    """``"42,7"`` -> ``[42, 7]``. Raises UserError for anything but comma-separated non-negative integers."""
    seeds = []
    for part in text.split(","):
        part = part.strip()
        if not part.isdigit():
            raise UserError(f"--seeds {text!r}: give comma-separated non-negative integers, e.g. --seeds 42,7")
        seeds.append(int(part))
    return list(dict.fromkeys(seeds))


def _table(report: dict[str, Any]) -> Table:
    table = Table(title="wp42 validate: every gate at every seed (SPEC section 5)", show_lines=True)
    for name in ("scenario", "seed", "gate", "result", "reason"):
        table.add_column(name, overflow="fold")
    for record in report["results"]:
        for name in GATES:
            gate = record["gates"].get(name)
            if gate is None:
                table.add_row(record["task_id"], str(record["seed"]), name, "[yellow]not run[/]",
                              "an earlier step failed")
                continue
            reason = "\n".join(gate["reasons"]) or ("; ".join(gate["warnings"]) and f"(warning) {'; '.join(gate['warnings'])}")
            table.add_row(record["task_id"], str(record["seed"]), name,
                          "pass" if gate["passed"] else "[bold red]FAIL[/]", reason or "-")
    return table


@click.command("validate")
@click.argument("task_ids", nargs=-1)
@click.option("--all", "all_tasks", is_flag=True, help="every scenario")
@click.option("--seeds", default=DEFAULT_SEEDS, show_default=True, help="comma-separated generator seeds")
@click.option("--oracle-root", type=click.Path(file_okay=False),
              help=f"oracle root (default ${layout.ORACLE_ROOT_ENV} or {layout.DEFAULT_ORACLE_ROOT})")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=2, show_default=True, help="parallel attempts")
@click.option("--hostile-seconds", type=click.FloatRange(min=1), default=60.0, show_default=True,
              help="bound on each evaluation of a hostile out/")
@click.option("--json", "as_json", is_flag=True, help="print the gates as JSON")
def validate_command(task_ids: tuple[str, ...], all_tasks: bool, seeds: str, oracle_root: str | None, jobs: int,
                     hostile_seconds: float, as_json: bool) -> None:
    """Prove scenarios before they count: ready, solvable, not_vacuous, robust and fair at every seed."""
    repo = Repo.find()
    ids = repo.resolve_task_ids(task_ids, all_tasks)
    err = Console(stderr=True)
    root = layout.oracle_root(oracle_root)
    seed_list = parse_seeds(seeds)
    throughput = Throughput(planned_evaluations(ids, seed_list, GATES, repo), unit="receipts")
    report = validate(ids, seed_list, root, repo=repo, jobs=jobs, hostile_limits=Limits(seconds=hostile_seconds),
                      progress=lambda message: err.print(f"[dim]{message} ({throughput.line()})[/]", highlight=False,
                                                         soft_wrap=True),
                      throughput=throughput)
    err.print(f"validated {len(ids)} scenario(s) at {len(seed_list)} seed(s): {throughput.line()} with -j {jobs}",
              highlight=False, soft_wrap=True)
    for summary in report["scenarios"]:
        err.print(f"{summary['task_id']}: {'passed' if summary['passed'] else 'FAILED'} in {summary['seconds']:.1f} s; "
                  f"report in {layout.Oracle.at(root, summary['task_id']).validation / layout.VALIDATION_REPORT}",
                  highlight=False)
    if as_json:
        click.echo(dump_json(report), nl=False)
    else:
        from wp42.cli import out

        out.print(_table(report))
    if not report["passed"]:
        sys.exit(1)
