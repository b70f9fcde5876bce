"""``wp42 report``: print a report over a runs folder, or write it as HTML (issue 7, part 4; issue 20).

Usage: ``wp42 report RUNS_DIR [--html FILE.html | --html DIR/] [--json] [--compare A B]``.

``--html report.html`` writes one self-contained page; ``--html report/`` (a folder: one that exists or a name
without ``.html``) writes the clickable report of :mod:`wp42.report.site`: index.html, a page
per attempt and, with ``--compare``, compare.html.

Argument parsing and printing only; the figures come from :mod:`wp42.report`. :mod:`wp42.cli.main` registers
:data:`report_command` on the ``wp42`` group. Bad input raises :class:`wp42.errors.UserError`, which the group
prints as one line.
"""

from __future__ import annotations

from pathlib import Path

import click

from wp42 import report as reporting
from wp42.cli.common import UserPath
from wp42.errors import UserError
from wp42.report import stats
from wp42.run.sandbox import unsandboxed_console_line
from wp42.schemas import dump_json


@click.command("report")
@click.argument("runs_dir", type=UserPath(path_type=Path))
@click.option("--html", "html_target", type=UserPath(path_type=Path),
              help="FILE.html: one page with plots; DIR/ (or a name without .html): a folder with index.html and a "
                   "page per attempt (criteria, deliverables, log).")
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
    runs_dir: Path, html_target: Path | None, as_json: bool, compare: tuple[str, str] | None, seed: int,
    resamples: int
) -> None:
    """Summarise every attempt under RUNS_DIR: det_score with bootstrap CIs, pass^k, violations, baselines."""
    data = reporting.load_runs(runs_dir)
    report = reporting.build_report(runs_dir, data=data, seed=seed, resamples=resamples)
    comparison = None
    if compare:
        comparison = reporting.compare(data, compare[0], compare[1], seed=seed, resamples=resamples)
        report["comparison"] = comparison
    written = None
    if html_target is not None:
        written = _write_html(html_target, report, data, comparison)
    if as_json:
        click.echo(dump_json(report), nl=False)
    else:
        click.echo(reporting.render_text(report, comparison), nl=False)
    if written is not None:
        click.echo(f"wrote {written}", err=True)
    if report["counts"]["unsandboxed"]:
        click.secho(unsandboxed_console_line(report["counts"]["unsandboxed"], report["counts"]["attempts"]),
                    err=True, fg="red", bold=True)


def is_site_target(target: Path) -> bool:
    """Whether ``--html TARGET`` names a folder (the clickable report) rather than one page."""
    return target.is_dir() or target.suffix.lower() not in (".html", ".htm")


def _write_html(target: Path, report: dict, data: reporting.RunsData, comparison: dict | None) -> Path:
    if not is_site_target(target):
        if not target.parent.is_dir():
            raise UserError(f"cannot write {target}: folder {target.parent} does not exist, create it first")
        target.write_text(reporting.render_html(report, comparison), encoding="utf-8")
        return target
    if target.exists() and not target.is_dir():
        raise UserError(f"cannot write the report folder {target}: a file of that name exists; give another name")
    if not target.parent.is_dir():
        raise UserError(f"cannot write {target}: folder {target.parent} does not exist, create it first")
    from wp42.console import progress
    from wp42.report.site import write_site

    with progress() as bar:
        task = bar.add_task("attempt pages", total=len(data.records))
        return write_site(report, data, target, comparison, progress=lambda done, _total: bar.update(task, completed=done))
