"""Drawing a report (built by :func:`wp42.report.build_report`): terminal tables, an HTML page, its plots.

Everything here reads the report's plain dicts and changes no figure. :func:`render_text` gives rich tables as plain
text, :func:`render_html` a self-contained page whose plots (:mod:`wp42.report.charts`) are inline base64 PNGs and whose
scenario rows link to their attempt pages when the report is written as a folder (:mod:`wp42.report.site`),
:func:`render_comparison_text` and :func:`render_comparison_html` the paired comparison of
:func:`wp42.report.compare`.
"""

from __future__ import annotations

import html
import io
from typing import Any

from wp42.report.charts import TITLES, plots
from wp42.report.data import LEVELS, SETS

__all__ = ["plots", "render_comparison_html", "render_comparison_text", "render_html", "render_text"]


def _fmt(value: float | None, digits: int = 3) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def _fmt_ci(interval: dict[str, Any] | None) -> str:
    if not interval:
        return "–"
    if interval["n"] < 2:
        # One value has no spread to resample: print no interval rather than a zero-width one.
        return f"{interval['mean']:.3f} [n=1]"
    return f"{interval['mean']:.3f} [{interval['ci_low']:.3f}, {interval['ci_high']:.3f}]"


def _fmt_pass_k(curve: list[dict[str, Any]]) -> str:
    return " ".join(f"{row['k']}:{_fmt(row['value'], 2)}" for row in curve) or "–"


def _fmt_violations(rates: dict[str, float | None]) -> str:
    kinds = [f"{kind} {_fmt(rate, 2)}" for kind, rate in rates.items() if kind != "any" and rate]
    return ", ".join(kinds) or "none"


def _row(label: str, cell: dict[str, Any], baseline: dict[str, Any] | None) -> list[str]:
    base = "–" if baseline is None else f"{_fmt(baseline['det_score_mean'])} / {_fmt(baseline['det_completion_rate'], 2)}"
    unscored = sum(cell["unscored"].values())
    if cell.get("unsandboxed"):
        label += f" [UNSANDBOXED: {cell['unsandboxed']} of {cell['attempts']}]"
    return [
        label,
        f"{cell['scored']}" + (f" (+{unscored} unscored)" if unscored else ""),
        _fmt_ci(cell["det_score"]),
        _fmt(cell["det_completion_rate"], 2),
        _fmt_pass_k(cell["pass_hat_k"]),
        _fmt_violations(cell["critical_violation_rate"]),
        _fmt(cell["abstention"]["accuracy"], 2) + (f" (n={cell['abstention']['judged']})" if cell["abstention"]["judged"] else ""),
        _fmt(cell["median_elapsed_s"], 1),
        base,
    ]


def _scope_rows(group: dict[str, Any]) -> list[tuple[str, dict[str, Any], dict[str, Any] | None]]:
    """The set rows (coverage, challenge) and, when a hard attempt is present, the level rows (standard, hard):
    ``[(label, cell, baseline cell)]``, rows without attempts left out."""
    baseline = group["baseline"] or {}
    rows = [(name, group["sets"][name], (baseline.get("sets") or {}).get(name)) for name in SETS]
    if group["levels"]["hard"]["attempts"]:
        rows += [(f"level {name}", group["levels"][name], (baseline.get("levels") or {}).get(name))
                 for name in LEVELS]
    return [row for row in rows if row[1]["attempts"]]


def over_flagging_line(group: dict[str, Any]) -> str | None:
    """``"over-flagging: 2 of 7 coverage attempts reported a problem that is not there (rate 0.29)"``, or None when
    no coverage attempt was judged (SPEC section 9)."""
    cell = group["overall"]["over_flagging"]
    if not cell["judged"]:
        return None
    return (f"over-flagging: {cell['flagged']} of {cell['judged']} coverage attempts reported a problem that is not "
            f"there (rate {_fmt(cell['rate'], 2)})")


def render_text(report: dict[str, Any], comparison: dict[str, Any] | None = None, width: int = 160) -> str:
    """The report as terminal tables (rich), one per worker x arm, then notes; plain text when not a terminal."""
    from rich.console import Console
    from rich.table import Table

    buffer = io.StringIO()
    console = Console(file=buffer, width=width, force_terminal=False, color_system=None, markup=False, highlight=False)
    boot = report["bootstrap"]
    console.print(
        f"WP42 report of {report['runs_dir']}: {report['counts']['attempts']} attempts, "
        f"{report['counts']['scored']} scored. det_score mean with {int(boot['confidence'] * 100)}% CI "
        f"({boot['method']}, {boot['resamples']} resamples, seed {boot['seed']}); "
        f"baseline column = {report['baseline_worker']} on the same arm (mean / completion)."
    )
    headers = ["scope", "scored", "det_score [CI]", "complete", "pass^k", "violations", "abstain ok", "median s", "nop"]
    for group in report["groups"]:
        table = Table(title=f"worker {group['worker']} · arm {group['arm']}", title_justify="left")
        for header in headers:
            table.add_column(header, overflow="fold")
        baseline = group["baseline"] or {}
        table.add_row(*_row("overall", group["overall"], baseline.get("overall")))
        for label, cell, base_cell in _scope_rows(group):
            table.add_row(*_row(label, cell, base_cell))
        weighted = group["weighted_by_minutes"]
        table.add_row(
            "minutes-weighted",
            f"{weighted['scenarios']} scen.",
            _fmt_ci(weighted["det_score"]),
            _fmt(weighted["det_completion_rate"], 2),
            "",
            "",
            "",
            "",
            "",
        )
        for tid, cell in group["scenarios"].items():
            label = f"  {tid} ({report['scenarios'][tid]['set']})"
            table.add_row(*_row(label, cell, (baseline.get("scenarios") or {}).get(tid)))
        console.print(table)
        flagging = over_flagging_line(group)
        if flagging:
            console.print(f"  {flagging}")
        failing = [row for row in group["shared_checks"] if row["scenarios_failed"]]
        for row in failing:
            console.print(
                f"  check {row['id']} failed in {row['scenarios_failed']} of {row['scenarios_checked']} scenarios "
                f"({', '.join(row['failed_scenarios'])})"
            )
    if comparison:
        console.print(render_comparison_text(comparison))
    for note in report["notes"]:
        console.print(f"note: {note}")
    return buffer.getvalue()


def render_comparison_text(comparison: dict[str, Any]) -> str:
    """One paragraph: the paired det_score and completion differences a - b with their intervals."""
    lines = [f"paired comparison {comparison['a']} - {comparison['b']} (unit: {comparison['unit']})"]
    for metric in ("det_score", "det_completion"):
        result = comparison[metric]
        if result["difference"] is None:
            lines.append(f"  {metric}: no shared units")
            continue
        d = result["difference"]
        lines.append(
            f"  {metric}: {d['mean']:+.3f} [{d['ci_low']:+.3f}, {d['ci_high']:+.3f}] over {result['pairs']} pairs "
            f"({result['wins']} better, {result['losses']} worse, {result['ties']} tied)"
        )
    lines += [f"  note: {note}" for note in comparison.get("notes", [])]
    return "\n".join(lines)


_CSS = """
body{font-family:system-ui,sans-serif;margin:2em;color:#222}table{border-collapse:collapse;margin:1em 0}
th,td{border:1px solid #ccc;padding:4px 8px;text-align:left;font-size:14px}th{background:#f3f3f3}
td.num{text-align:right;font-variant-numeric:tabular-nums}.note{color:#555}img{max-width:100%}
td a{margin-right:.4em}
"""


def render_html(report: dict[str, Any], comparison: dict[str, Any] | None = None,
                links: dict[tuple[str, str, str], list[tuple[str, str]]] | None = None) -> str:
    """A self-contained HTML page: the tables of :func:`render_text` and the plots as inline base64 PNG images.

    ``links`` (``{(worker, arm, task_id): [(label, href), ...]}``, from :func:`wp42.report.site.attempt_links`)
    turns each scenario row's det_score into a link to its first attempt and adds an "attempts" column linking
    every attempt; without it the page links nowhere (a single file).
    """
    e = html.escape
    boot = report["bootstrap"]
    parts = [
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>WP42 report</title>",
        f"<style>{_CSS}</style></head><body>",
        f"<h1>WP42 report</h1><p>{e(report['runs_dir'])}: {report['counts']['attempts']} attempts, "
        f"{report['counts']['scored']} scored. det_score means carry a {int(boot['confidence'] * 100)}% "
        f"{e(boot['method'])} interval ({boot['resamples']} resamples, seed {boot['seed']}). The nop column is "
        "the do-nothing worker on the same arm (mean / completion rate).</p>",
    ]
    if comparison and links is not None:
        parts.append("<p><a href='compare.html'>Paired comparison</a></p>")
    images = plots(report)
    for key, title in TITLES.items():
        parts.append(f"<h2>{e(title)}</h2><img alt='{e(title)}' src='data:image/png;base64,{images[key]}'>")
    headers = ["scope", "scored", "det_score [CI]", "complete", "pass^k", "violations", "abstain ok", "median s", "nop"]
    if links is not None:
        headers.append("attempts")
    for group in report["groups"]:
        parts.append(f"<h2>worker {e(group['worker'])} · arm {e(group['arm'])}</h2><table><tr>")
        parts.extend(f"<th>{e(h)}</th>" for h in headers)
        parts.append("</tr>")
        baseline = group["baseline"] or {}
        rows = [_row("overall", group["overall"], baseline.get("overall"))]
        rows += [_row(label, cell, base_cell) for label, cell, base_cell in _scope_rows(group)]
        weighted = group["weighted_by_minutes"]
        rows.append(
            ["minutes-weighted", f"{weighted['scenarios']} scen.", _fmt_ci(weighted["det_score"]),
             _fmt(weighted["det_completion_rate"], 2), "", "", "", "", ""]
        )
        cells = [[e(cell) for cell in row] + ([""] if links is not None else []) for row in rows]
        for tid, cell in group["scenarios"].items():
            row = [e(cell_text) for cell_text in
                   _row(f"{tid} ({report['scenarios'][tid]['set']})", cell, (baseline.get("scenarios") or {}).get(tid))]
            if links is not None:
                found = links.get((group["worker"], group["arm"], tid), [])
                if found:
                    row[2] = f"<a class='score' href='{e(found[0][1])}'>{row[2]}</a>"
                row.append(" ".join(f"<a href='{e(href)}'>{e(label)}</a>" for label, href in found))
            cells.append(row)
        for row in cells:
            parts.append("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>")
        parts.append("</table>")
        flagging = over_flagging_line(group)
        if flagging:
            parts.append(f"<p>{e(flagging)}</p>")
        if group["shared_checks"]:
            parts.append("<h3>Shared checks across scenarios</h3><ul>")
            for row in group["shared_checks"]:
                parts.append(
                    f"<li>check <code>{e(row['id'])}</code> failed in {row['scenarios_failed']} of "
                    f"{row['scenarios_checked']} scenarios{(' (' + e(', '.join(row['failed_scenarios'])) + ')') if row['failed_scenarios'] else ''}</li>"
                )
            parts.append("</ul>")
    if comparison:
        parts.append(f"<h2>Paired comparison</h2><pre>{e(render_comparison_text(comparison))}</pre>")
    if report["notes"]:
        parts.append("<h2>Notes</h2><ul>" + "".join(f"<li class='note'>{e(n)}</li>" for n in report["notes"]) + "</ul>")
    parts.append("</body></html>\n")
    return "".join(parts)


def render_comparison_html(comparison: dict[str, Any]) -> str:
    """The paired comparison as its own page: the overall differences with their intervals, then one row per
    pairing unit (scenario, or scenario/arm, scenario/worker) with each side's mean and the difference a - b."""
    e = html.escape
    parts = ["<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>WP42 paired comparison</title>",
             f"<style>{_CSS}</style></head><body><p><a href='index.html'>← report</a></p>",
             f"<h1>{e(comparison['a'])} − {e(comparison['b'])}</h1>",
             f"<pre>{e(render_comparison_text(comparison))}</pre>"]
    units = comparison.get("by_unit") or []
    if units:
        parts.append(f"<h2>By {e(comparison['unit'])}</h2><table><tr><th>{e(comparison['unit'])}</th>"
                     f"<th>{e(comparison['a'])} (n)</th><th>{e(comparison['b'])} (n)</th><th>a − b [95% CI]</th></tr>")
        for row in units:
            ci = row.get("difference") or {}
            interval = (f"{ci['mean']:+.3f} [{ci['ci_low']:+.3f}, {ci['ci_high']:+.3f}]" if ci.get("n", 0) > 1
                        else (f"{ci['mean']:+.3f}" if ci else "–"))
            parts.append(f"<tr><td>{e(row['unit'])}</td><td>{_fmt(row['a_mean'])} ({row['a_n']})</td>"
                         f"<td>{_fmt(row['b_mean'])} ({row['b_n']})</td><td>{e(interval)}</td></tr>")
        parts.append("</table>")
    parts.append("</body></html>\n")
    return "".join(parts)
