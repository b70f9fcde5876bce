"""``wp42 validate``: run the proof gates on scenarios at each seed, set and level, print the verdicts.

Usage: ``wp42 validate TASK_ID... | --all [--seeds 42,7] [--set challenge|coverage|both]
[--level standard|hard|both] [--oracle-root DIR] [--no-render] [--json]`` (issues 3, 16 and 25).

Argument parsing and printing only; the gates are :func:`wp42.gates.validate`. Progress goes to stderr, the table
(or the JSON) to stdout. Exit 0 only when every gate passes at every variant (seed x set x level); 1 otherwise; 2 for
bad input, including a set or level a scenario does not declare (refused before any work).
"""

from __future__ import annotations

import sys
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from wp42 import layout
from wp42.cli.common import UserPath
from wp42.console import out
from wp42.errors import UserError
from wp42.evaluation import Limits
from wp42.evaluation.throughput import Throughput
from wp42.gates import GATES, planned_evaluations, validate
from wp42.generation import LEVELS, SETS
from wp42.layout import Repo
from wp42.schemas import dump_json
from wp42.variants import BOTH, expand

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
    table = Table(title="wp42 validate: every gate at every seed, set and level (SPEC section 5)", show_lines=True)
    for name in ("scenario", "seed", "set", "level", "gate", "result", "reason"):
        table.add_column(name, overflow="fold")
    for record in report["results"]:
        variant = (record["task_id"], str(record["seed"]), record["set"], record["level"])
        for name in GATES:
            gate = record["gates"].get(name)
            if gate is None:
                table.add_row(*variant, name, "[yellow]not run[/]", "an earlier step failed")
                continue
            reason = "\n".join(gate["reasons"]) or ("; ".join(gate["warnings"]) and f"(warning) {'; '.join(gate['warnings'])}")
            table.add_row(*variant, name, "pass" if gate["passed"] else "[bold red]FAIL[/]", reason or "-")
    return table


@click.command("validate")
@click.argument("task_ids", nargs=-1)
@click.option("--all", "all_tasks", is_flag=True, help="every scenario")
@click.option("--seeds", default=DEFAULT_SEEDS, show_default=True, help="comma-separated generator seeds")
@click.option("--oracle-root", type=UserPath(file_okay=False),
              help=f"oracle root (default ${layout.ORACLE_ROOT_ENV} or {layout.DEFAULT_ORACLE_ROOT})")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=2, show_default=True, help="parallel attempts")
@click.option("--hostile-seconds", type=click.FloatRange(min=1), default=60.0, show_default=True,
              help="bound on each evaluation of a hostile out/")
@click.option("--set", "set_choice", type=click.Choice([*SETS, BOTH]), default=SETS[0], show_default=True,
              help="challenge (planted items), coverage (clean records: over-flagging is caught) or both; each set "
                   "must be declared in the scenario's solutions.json")
@click.option("--level", "level_choice", type=click.Choice([*LEVELS, BOTH]), default=LEVELS[0], show_default=True,
              help="standard, hard (real volumes, subtler items) or both; each must be declared in solutions.json")
@click.option("--json", "as_json", is_flag=True, help="print the gates as JSON (each result names seed, set, level)")
@click.option("--render/--no-render", default=True, show_default=True,
              help="render every input to PNG under validation/<seed folder>/renders/ for a person to look at")
def validate_command(task_ids: tuple[str, ...], all_tasks: bool, seeds: str, oracle_root: str | None, jobs: int,
                     hostile_seconds: float, set_choice: str, level_choice: str, as_json: bool, render: bool) -> None:
    """Prove scenarios before they count: ready, solvable, not_vacuous, robust and fair at every seed, set and
    level."""
    repo = Repo.find()
    ids = repo.resolve_task_ids(task_ids, all_tasks)
    err = Console(stderr=True)
    root = layout.oracle_root(oracle_root)
    seed_list = parse_seeds(seeds)
    sets, levels = tuple(expand(set_choice, SETS)), tuple(expand(level_choice, LEVELS))
    throughput = Throughput(planned_evaluations(ids, seed_list, GATES, repo, sets, levels), unit="receipts")
    report = validate(ids, seed_list, root, repo=repo, jobs=jobs, hostile_limits=Limits(seconds=hostile_seconds),
                      progress=lambda message: err.print(f"[dim]{message} ({throughput.line()})[/]", highlight=False,
                                                         soft_wrap=True),
                      throughput=throughput, sets=sets, levels=levels, render=render)
    kinds = "" if (sets, levels) == ((SETS[0],), (LEVELS[0],)) else \
        f" in set(s) {', '.join(sets)} at level(s) {', '.join(levels)}"
    err.print(f"validated {len(ids)} scenario(s) at {len(seed_list)} seed(s){kinds}: {throughput.line()} with -j {jobs}",
              highlight=False, soft_wrap=True)
    for summary in report["scenarios"]:
        err.print(f"{summary['task_id']}: {'passed' if summary['passed'] else 'FAILED'} in {summary['seconds']:.1f} s; "
                  f"report in {', '.join(summary['reports'])}", highlight=False)
    if as_json:
        click.echo(dump_json(report), nl=False)
    else:
        out.print(_table(report))
    if not report["passed"]:
        sys.exit(1)
