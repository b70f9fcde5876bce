"""``wp42 demo [TASK_ID...] [-j N] [--keep DIR] [--set S] [--json]``: the main job end to end, as a table.

Argument parsing and printing only; the demo is :func:`wp42.demo.run_demo`.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click
from rich.table import Table

from wp42 import layout
from wp42.cli.common import UserPath, print_json, warn_unsandboxed
from wp42.console import err, out, progress
from wp42.generation import SETS
from wp42.layout import Repo

#: Seconds between two plain progress lines when stderr is not a terminal.
LINE_EVERY_S = 10.0


@click.command("demo")
@click.argument("task_ids", nargs=-1)
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=2, show_default=True)
@click.option("--keep", type=UserPath(file_okay=False), help="keep the oracle root and runs in this folder")
@click.option("--set", "set_choice", type=click.Choice([*SETS, "both"]), default="both", show_default=True,
              help="challenge, coverage, or both (each scenario on the sets its solutions.json declares)")
@click.option("--json", "as_json", is_flag=True)
def demo_command(task_ids: tuple[str, ...], jobs: int, keep: str | None, set_choice: str, as_json: bool) -> None:
    """Generate every scenario at seed 42, run the built-in workers, score them and print the table.

    Exits 0 only when every reference and every alternative correct solution (alt:<name>) passes and every other
    worker fails, on each set run (the coverage set's wrong solutions include each invents_issues one).
    """
    from wp42.demo import run_demo
    from wp42.evaluation.throughput import PeriodicLines, Throughput
    from wp42.variants import check_declared, expand

    repo = Repo.find()
    ids = repo.resolve_task_ids(task_ids, all_tasks=not task_ids) if task_ids else repo.task_ids()
    # off a terminal (a CI log, `wp42 demo > log 2>&1`) the bar is silent: a plain line every LINE_EVERY_S instead
    throughput = Throughput(None)
    lines = PeriodicLines(throughput, lambda line: err.print(f"demo: {line}", highlight=False, soft_wrap=True),
                          every_s=LINE_EVERY_S, enabled=not err.is_terminal)

    def attempt_done(outcome: Any) -> None:
        throughput.advance()
        bar.update(task, description=f"{outcome.spec.task_id} {outcome.spec.worker} done")
        lines.maybe_emit()

    sets = tuple(expand(set_choice, SETS))
    if set_choice != "both":  # an undeclared set is one line before any other output (run_demo checks it again)
        check_declared(ids, sets, [layout.DEFAULT_LEVEL], repo)
    if not err.is_terminal:  # the first attempt ends only after every scenario is generated (half a minute)
        err.print(f"demo: generating {len(ids)} scenario(s) at seed 42, then running their built-in workers",
                  highlight=False, soft_wrap=True)
    with progress() as bar:
        task = bar.add_task("demo", total=None)
        rows = run_demo(ids, jobs=jobs, keep=Path(keep) if keep else None,
                        progress=lambda msg: bar.update(task, description=msg), on_attempt=attempt_done,
                        sets=sets, lenient=set_choice == "both")
    if as_json:
        print_json([row.as_dict() for row in rows])
    else:
        table = Table(title="WP42 demo: seed 42, arm A1 (expected: reference and alt:* pass, every other worker fails)")
        for name in ("scenario", "set", "worker", "expected", "det_score", "det_completion", "critical violations",
                     "status", "as expected"):
            table.add_column(name)
        for row in rows:
            d = row.as_dict()
            score = "-" if d["det_score"] is None else f"{d['det_score']:.3f}"
            table.add_row(d["task_id"], d["set"], d["worker"], d["expected"], score, str(d["det_completion"]),
                          ", ".join(d["critical_violations"]) or "-", d["status"] or f"error: {d['error']}",
                          "yes" if d["as_expected"] else "[bold red]NO[/]")
        out.print(table)
    warn_unsandboxed(sum(1 for r in rows if r.unsandboxed), len(rows))
    bad = [r for r in rows if not r.ok]
    if bad:
        err.print(f"{len(bad)} of {len(rows)} attempts did not end as expected")
        sys.exit(1)
    err.print(f"all {len(rows)} attempts ended as expected")
