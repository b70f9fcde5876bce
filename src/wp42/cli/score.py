"""``wp42 score RUNS_DIR [-j N] [--no-regenerate] [--json]``: re-grade stored attempts without running any worker
again.

Argument parsing and printing only; the re-grading is :func:`wp42.run.executor.regrade`.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from wp42 import layout
from wp42.cli.common import UserPath, print_json
from wp42.console import err, out, progress
from wp42.errors import UserError
from wp42.schemas import run_record


@click.command("score")
@click.argument("runs_dir", type=UserPath())
@click.option("--oracle-root", type=UserPath(file_okay=False),
              help="oracle root (default: the one each attempt's run.json records, else "
                   f"${layout.ORACLE_ROOT_ENV} or {layout.DEFAULT_ORACLE_ROOT})")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="attempts graded at once (each in its own bounded evaluation child)")
@click.option("--no-regenerate", "strict", is_flag=True,
              help="do not rebuild an oracle the oracle root no longer holds (by default it is regenerated from the "
                   "scenario's generator into a temporary folder, and used when its inputs equal the run's)")
@click.option("--json", "as_json", is_flag=True)
def score_command(runs_dir: str, oracle_root: str | None, jobs: int, strict: bool, as_json: bool) -> None:
    """Re-grade every stored attempt under RUNS_DIR without running any worker again."""
    from wp42.evaluation.throughput import PeriodicLines, Throughput
    from wp42.run.executor import regrade

    root = Path(runs_dir)
    if not root.is_dir():
        raise UserError(f"RUNS_DIR {root} does not exist: give the folder passed to `wp42 run --runs-dir`")
    attempts = layout.iter_attempts(root)
    if not attempts:
        raise UserError(f"{root} holds no attempt folder (with {layout.RUN_JSON}): give a runs folder or a run folder")
    throughput = Throughput(len(attempts))
    lines = PeriodicLines(throughput, lambda line: err.print(f"re-grading: {line}", highlight=False, soft_wrap=True),
                          enabled=not err.is_terminal)
    with progress() as bar:
        task = bar.add_task("re-grading", total=len(attempts))

        def finished(_result: Any) -> None:
            throughput.advance()
            bar.update(task, advance=1, description=f"re-grading ({throughput.line()})")
            lines.maybe_emit()

        # without --oracle-root each attempt is graded with the oracle root its run.json records
        results = regrade(attempts, layout.oracle_root(oracle_root) if oracle_root else None, jobs, done=finished,
                          regenerate=not strict)
    err.print(f"re-graded {throughput.line()} with -j {jobs}", highlight=False, soft_wrap=True)
    rows = []
    for result in results:
        if result.error or result.receipt is None:
            rows.append({"folder": str(result.attempt.root), "error": result.error, **_variant_of(result.attempt)})
        else:
            receipt, variant = result.receipt, _variant_of(result.attempt)
            rows.append({"folder": str(result.attempt.root), "status": receipt["status"], "error": None, **variant,
                         "det_score": receipt["det_score"], "det_completion": receipt["det_completion"],
                         "evaluator_version": receipt["evaluator_version"],
                         # None: the oracle root given or recorded held the attempt's oracle
                         "oracle": f"regenerated at seed {variant['seed']}" if result.oracle_regenerated else None})
    if as_json:
        print_json(rows)
    else:
        # soft_wrap: one line per attempt, however long, so a log can be read and grepped line by line
        for row in rows:
            if row["error"]:
                out.print(f"{row['folder']}: NOT re-graded: {row['error']}", highlight=False, markup=False,
                          soft_wrap=True)
            else:
                rebuilt = f"; oracle {row['oracle']}" if row["oracle"] else ""
                out.print(f"{row['folder']}: {row['status']} det_score {row['det_score']:.3f} "
                          f"(evaluator {row['evaluator_version']}; seed {row['seed']}, {row['set']} set, "
                          f"{row['level']} level{rebuilt})", highlight=False, soft_wrap=True)
    if any(row["error"] for row in rows):
        err.print(f"{sum(1 for r in rows if r['error'])} of {len(rows)} attempts were not re-graded")
        sys.exit(1)


def _variant_of(attempt: layout.Attempt) -> dict[str, Any]:
    """``{"seed", "set", "level"}`` from an attempt's run.json (None for what it does not record)."""
    try:
        record = run_record(attempt)
    except UserError:
        record = {}
    return {"seed": record.get("seed"), "set": record.get("set"), "level": record.get("level")}
