"""``wp42 report RUNS_DIR [--html FILE] [--json] [--compare A B]`` (issue 7, part 4).

Argument parsing and printing only; the figures come from :mod:`wp42.report`. cli.py registers
:data:`report_command` on the ``wp42`` group. Bad input raises :class:`wp42.errors.UserError`, which the group
prints as one line.
"""

from __future__ import annotations

from pathlib import Path

import click

from wp42 import report as reporting
from wp42 import stats
from wp42.errors import UserError
from wp42.sandbox import unsandboxed_console_line
from wp42.schemas import dump_json


@click.command("report")
@click.argument("runs_dir", type=click.Path(path_type=Path))
@click.option("--html", "html_file", type=click.Path(dir_okay=False, path_type=Path), help="Write an HTML page with plots here.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON (sorted keys) instead of tables.")
@click.option(
    "--compare",
    nargs=2,
    metavar="A B",
    default=None,
    help="Paired comparison of two workers or arms (or worker:arm) on the same scenarios: A - B with a CI.",
)
@click.option("--seed", type=int, default=stats.DEFAULT_SEED, show_default=True, help="Bootstrap seed.")
@click.option(
    "--resamples", type=click.IntRange(min=1), default=stats.DEFAULT_RESAMPLES, show_default=True,
    help="Bootstrap resamples.",
)
def report_command(
    runs_dir: Path, html_file: Path | None, as_json: bool, compare: tuple[str, str] | None, seed: int, resamples: int
) -> None:
    """Summarise every attempt under RUNS_DIR: det_score with bootstrap CIs, pass^k, violations, baselines."""
    data = reporting.load_runs(runs_dir)
    report = reporting.build_report(runs_dir, data=data, seed=seed, resamples=resamples)
    comparison = None
    if compare:
        comparison = reporting.compare(data, compare[0], compare[1], seed=seed, resamples=resamples)
        report["comparison"] = comparison
    if html_file is not None:
        if not html_file.parent.is_dir():
            raise UserError(f"cannot write {html_file}: folder {html_file.parent} does not exist, create it first")
        html_file.write_text(reporting.render_html(report, comparison), encoding="utf-8")
    if as_json:
        click.echo(dump_json(report), nl=False)
    else:
        click.echo(reporting.render_text(report, comparison), nl=False)
    if html_file is not None:
        click.echo(f"wrote {html_file}", err=True)
    if report["counts"]["unsandboxed"]:
        click.secho(unsandboxed_console_line(report["counts"]["unsandboxed"], report["counts"]["attempts"]),
                    err=True, fg="red", bold=True)
