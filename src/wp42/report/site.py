"""The report as a static folder a person can click through (issue 20): ``wp42 report RUNS --html DIR/``.

Layout of the folder (no server needed; open ``index.html``)::

    index.html                                    the report page; each scenario row links to its attempts
    attempts/<run_id>/<TASK_ID>/<arm>/<n>.html    one page per attempt
    compare.html                                  the paired comparison, when --compare is given

An attempt page shows what a reader needs to see why a receipt says what it says: the receipt's criteria (pass or
fail, weight, detail, no_op label), its critical violations and notes, the run record's facts (worker, seed, time,
exit code, time-out, network attempts, sandbox), the tail of the worker's log, the trajectory when the worker kept
one (``trajectory.jsonl`` in the attempt folder, written through ``$WP42_TRAJECTORY_FILE``), the brief, and every deliverable in out/ **as the evaluators read
it**: the same readers as ``wp42 read`` (sheets as tables with each formula on hover, Word documents as their
lines, PDF pages as text, CSV as a table), in one bounded child per attempt, so a hostile deliverable gives a
refusal line on the page instead of a hang.
"""

from __future__ import annotations

import html
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from wp42 import layout
from wp42.report.data import AttemptRecord, RunsData

#: How much of a worker log, a brief and a trajectory a page shows (bytes, from the end for logs).
LOG_TAIL_BYTES = 16 * 1024
BRIEF_BYTES = 200 * 1024
#: At most this many out/ files are read for one page, and sheets are cut to this many rows and columns.
MAX_DELIVERABLES = 40
MAX_SHEET_ROWS, MAX_SHEET_COLUMNS = 300, 40

_CSS = """
body{font-family:system-ui,sans-serif;margin:2em;color:#222;max-width:1400px}table{border-collapse:collapse;margin:.6em 0}
th,td{border:1px solid #ccc;padding:3px 7px;text-align:left;font-size:13px;vertical-align:top}th{background:#f3f3f3}
tr.pass td.verdict{color:#1a7f37;font-weight:600}tr.fail td.verdict{color:#b42318;font-weight:600}
pre{background:#f6f8fa;padding:.8em;overflow:auto;max-height:40em;white-space:pre-wrap}
td[title]{text-decoration:underline dotted #888}.muted{color:#666}nav a{margin-right:1em}
"""


def attempt_href(record: AttemptRecord) -> str:
    """The attempt page of ``record``, relative to the site folder (folder names are the run tree's own)."""
    return f"attempts/{record.run_id}/{record.task_id}/{record.arm}/{record.attempt}.html"


def attempt_links(data: RunsData) -> dict[tuple[str, str, str], list[tuple[str, str]]]:
    """``{(worker, arm, scenario): [(label, href), ...]}``: every attempt of each report cell (scenario: the
    report's variant key, e.g. ``ACC-01/coverage``), in run and attempt order, labelled ``"<run_id>#<n>"``."""
    links: dict[tuple[str, str, str], list[tuple[str, str]]] = {}
    for record in sorted(data.records, key=lambda r: (r.worker, r.arm, r.scenario, r.run_id, r.attempt)):
        links.setdefault((record.worker, record.arm, record.scenario), []).append(
            (f"{record.run_id}#{record.attempt}", attempt_href(record)))
    return links


def write_site(report: dict[str, Any], data: RunsData, site_dir: Path, comparison: dict[str, Any] | None = None,
               *, progress: Callable[[int, int], None] | None = None) -> Path:
    """Write the report folder (module docstring) into ``site_dir`` and return its ``index.html``.

    ``progress(done, total)`` is called after each attempt page. Existing pages are overwritten; nothing else in
    ``site_dir`` is touched.
    """
    from wp42.read import read_files
    from wp42.report.render import render_comparison_html, render_html

    site_dir = Path(site_dir)
    site_dir.mkdir(parents=True, exist_ok=True)
    links = attempt_links(data)
    index = site_dir / "index.html"
    index.write_text(render_html(report, comparison, links=links), encoding="utf-8")
    if comparison:
        (site_dir / "compare.html").write_text(render_comparison_html(comparison), encoding="utf-8")
    for done, record in enumerate(data.records, start=1):
        attempt = layout.Attempt(Path(record.path))
        files = _deliverables(attempt.out)
        described = read_files([attempt.out / name for name in files]) if files else []
        page = site_dir / attempt_href(record)
        page.parent.mkdir(parents=True, exist_ok=True)
        depth = "../" * (len(Path(attempt_href(record)).parts) - 1)
        readings = dict(zip(files, described, strict=True))
        page.write_text(render_attempt(record, attempt, readings, depth), encoding="utf-8")
        if progress:
            progress(done, len(data.records))
    return index


def _deliverables(out: Path) -> list[str]:
    """Regular files under ``out`` (relative, sorted), links and special files left out, at most
    :data:`MAX_DELIVERABLES`."""
    if not out.is_dir() or out.is_symlink():
        return []
    found: list[str] = []
    for folder, dirs, names in os.walk(out, followlinks=False):
        dirs[:] = sorted(d for d in dirs if not (Path(folder) / d).is_symlink())
        for name in sorted(names):
            path = Path(folder) / name
            if path.is_file() and not path.is_symlink():
                found.append(str(path.relative_to(out)))
            if len(found) >= MAX_DELIVERABLES:
                return found
    return found


def _read_text(path: Path, limit: int, *, tail: bool = False) -> str | None:
    if not path.is_file() or path.is_symlink():
        return None
    with path.open("rb") as handle:
        size = handle.seek(0, os.SEEK_END)
        handle.seek(max(0, size - limit) if tail else 0)
        data = handle.read(limit)
    text = data.decode("utf-8", errors="replace")
    if size > limit:
        text = ("[… earlier lines not shown]\n" + text) if tail else (text + "\n[… cut]")
    return text


def _load(path: Path) -> dict[str, Any]:
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return document if isinstance(document, dict) else {}


def render_attempt(record: AttemptRecord, attempt: layout.Attempt, deliverables: dict[str, dict[str, Any]],
                   root: str = "") -> str:
    """One attempt's page (module docstring). ``deliverables`` maps out/-relative names to ``wp42 read``
    descriptions; ``root`` is the relative path back to the site folder."""
    e = html.escape
    receipt, run = _load(attempt.receipt), _load(attempt.run_json)
    title = f"{record.task_id} · {record.worker} · {record.arm} · {record.run_id} #{record.attempt}"
    parts = [f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>{e(title)}</title>",
             f"<style>{_CSS}</style></head><body><nav><a href='{root}index.html'>← report</a></nav>",
             f"<h1>{e(title)}</h1>"]
    score = receipt.get("det_score")
    parts.append(
        f"<p>status <b>{e(str(receipt.get('status', record.status)))}</b> · det_completion "
        f"<b>{e(str(receipt.get('det_completion', '–')))}</b> · det_score "
        f"<b>{'–' if score is None else f'{score:.3f}'}</b> · evaluator {e(str(receipt.get('evaluator_version', '–')))}"
        f" · seed {e(str(receipt.get('seed', run.get('seed', '–'))))}</p>")
    parts.append("<h2>Criteria</h2><table id='criteria'><tr><th>criterion</th><th>verdict</th><th>weight</th>"
                 "<th>no_op</th><th>detail</th></tr>")
    for criterion in receipt.get("required_criteria") or []:
        passed = bool(criterion.get("passed"))
        parts.append(
            f"<tr class='{'pass' if passed else 'fail'}' data-criterion='{e(str(criterion.get('id')))}'>"
            f"<td><code>{e(str(criterion.get('id')))}</code><br><span class='muted'>"
            f"{e(str(criterion.get('description', '')))}</span></td><td class='verdict'>{'pass' if passed else 'FAIL'}"
            f"</td><td>{e(str(criterion.get('weight', '')))}</td><td>{e(str(criterion.get('no_op', '')))}</td>"
            f"<td>{e(str(criterion.get('detail', '')))}</td></tr>")
    parts.append("</table>")
    violations = receipt.get("critical_violations") or []
    parts.append("<h2>Critical violations</h2>")
    if violations:
        parts.append("<ul>" + "".join(f"<li><code>{e(str(v.get('id')))}</code>: {e(str(v.get('detail', '')))}</li>"
                                      for v in violations) + "</ul>")
    else:
        checks = ", ".join(receipt.get("critical_checks") or []) or "none recorded"
        parts.append(f"<p>none (checked: {e(checks)})</p>")
    notes = receipt.get("notes") or []
    if notes:
        parts.append("<h2>Evaluator notes</h2><ul>" + "".join(f"<li>{e(str(n))}</li>" for n in notes) + "</ul>")
    parts.append("<h2>Run</h2>" + _facts(run))
    for heading, text in (("Worker log (tail)", _read_text(attempt.worker_log, LOG_TAIL_BYTES, tail=True)),
                          ("Trajectory", _read_text(attempt.trajectory, LOG_TAIL_BYTES, tail=True))):
        if text is not None:
            parts.append(f"<h2>{heading}</h2><pre>{e(text) or '(empty)'}</pre>")
    parts.append("<h2>Deliverables (as the evaluators read them)</h2>")
    if not deliverables:
        parts.append("<p>out/ is empty or missing.</p>")
    for name, description in deliverables.items():
        parts.append(f"<h3>out/{e(name)}</h3>" + render_deliverable(description))
    brief = _read_text(attempt.workspace / layout.BRIEF_MD, BRIEF_BYTES)
    if brief is not None:
        parts.append(f"<h2>Brief</h2><pre>{e(brief)}</pre>")
    parts.append("</body></html>\n")
    return "".join(parts)


def _facts(run: dict[str, Any]) -> str:
    e = html.escape
    isolation = run.get("isolation") if isinstance(run.get("isolation"), dict) else {}
    rows = [("worker", run.get("worker")), ("arm", run.get("arm")), ("seed", run.get("seed")),
            ("bundle hash", run.get("bundle_sha256") or run.get("bundle_hash")),
            ("elapsed (s)", run.get("elapsed_s")), ("exit code", run.get("exit_code")),
            ("timed out", run.get("timed_out")), ("network attempts", len(run.get("network_attempts") or [])),
            ("sandbox", " · ".join(str(isolation[k]) for k in ("sandbox", "network", "detail") if isolation.get(k))
             or "none recorded"),
            ("sandbox warning", isolation.get("warning")), ("model endpoint", _model_fact(run.get("model_endpoint"))),
            ("usage", run.get("usage")),
            ("infrastructure error", run.get("infrastructure_error")), ("warnings", "; ".join(run.get("warnings") or []) or None)]
    return "<table>" + "".join(f"<tr><th>{e(k)}</th><td>{e(str(v))}</td></tr>" for k, v in rows if v is not None) \
        + "</table>"


def _model_fact(model: Any) -> str | None:
    """run.json's ``model_endpoint`` as one line (``wp42 run --model-endpoint``), or None when the run had none."""
    if not isinstance(model, dict):
        return None
    return (f"{model.get('url')} · {model.get('requests')} request(s): {model.get('forwarded')} forwarded, "
            f"{model.get('refused')} refused (model_requests.jsonl)")


def render_deliverable(description: dict[str, Any]) -> str:
    """One ``wp42 read`` description as HTML: a refusal or error as one line, else by kind (xlsx sheets as
    tables with the formula of each computed cell in its ``title``, docx lines, PDF pages, CSV records, JSON)."""
    e = html.escape
    if description.get("status") != "ok":
        return (f"<p class='muted'>{e(str(description.get('status')))}: "
                f"{e(str(description.get('reason', '')))}</p>")
    kind = description.get("kind")
    if kind == "xlsx":
        return "".join(f"<h4>sheet {e(name)}</h4>" + _sheet(cells)
                       for name, cells in (description.get("sheets") or {}).items())
    if kind == "docx":
        parts = description.get("parts") or {}
        return "".join(f"<h4>{e(part)}</h4><pre>{e(text)}</pre>" for part, text in parts.items() if text)
    if kind == "pdf":
        return "".join(f"<h4>page {i}</h4><pre>{e(text)}</pre>"
                       for i, text in enumerate(description.get("pages") or [], start=1))
    if kind == "csv":
        return _records(description.get("records") or [])
    if kind == "json":
        return f"<pre>{e(json.dumps(description.get('value'), indent=2, ensure_ascii=False, default=str))}</pre>"
    if kind == "eml":
        headers = description.get("headers") or {}
        head = "\n".join(f"{k}: {v}" for k, v in headers.items())
        return f"<pre>{e(head)}\n\n{e(str(description.get('body_text', '')))}</pre>"
    return f"<pre>{e(json.dumps(description, indent=2, ensure_ascii=False, default=str)[:20000])}</pre>"


def _split(coordinate: str) -> tuple[int, int]:
    letters = "".join(ch for ch in coordinate if ch.isalpha())
    column = 0
    for ch in letters.upper():
        column = column * 26 + ord(ch) - 64
    return int(coordinate[len(letters):]), column


def _column_name(index: int) -> str:
    name = ""
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(65 + rest) + name
    return name


def _sheet(cells: dict[str, dict[str, Any]]) -> str:
    """A sheet's populated cells as a grid with row numbers and column letters, cut at the page's bounds."""
    e = html.escape
    if not cells:
        return "<p class='muted'>(no populated cell)</p>"
    placed = {_split(ref): entry for ref, entry in cells.items()}
    rows = sorted({r for r, _ in placed})[:MAX_SHEET_ROWS]
    columns = sorted({c for _, c in placed})[:MAX_SHEET_COLUMNS]
    out = ["<table><tr><th></th>" + "".join(f"<th>{_column_name(c)}</th>" for c in columns) + "</tr>"]
    for r in rows:
        out.append(f"<tr><th>{r}</th>")
        for c in columns:
            entry = placed.get((r, c))
            if entry is None:
                out.append("<td></td>")
                continue
            shown = entry.get("shown")
            text = e(str(shown if shown not in (None, "") else entry.get("value", "")))
            if entry.get("formula"):
                hover = f"{entry['formula']} (cached {entry.get('cached')!r}, engine {entry.get('engine')!r})"
                out.append(f"<td title='{e(hover)}'>{text}</td>")
            else:
                out.append(f"<td>{text}</td>")
        out.append("</tr>")
    out.append("</table>")
    if len(placed) and (len({r for r, _ in placed}) > MAX_SHEET_ROWS or len({c for _, c in placed}) > MAX_SHEET_COLUMNS):
        out.append(f"<p class='muted'>cut at {MAX_SHEET_ROWS} rows and {MAX_SHEET_COLUMNS} columns</p>")
    return "".join(out)


def _records(records: list[list[str]]) -> str:
    e = html.escape
    if not records:
        return "<p class='muted'>(no record)</p>"
    head, *body = records
    return ("<table><tr>" + "".join(f"<th>{e(str(h))}</th>" for h in head) + "</tr>"
            + "".join("<tr>" + "".join(f"<td>{e(str(v))}</td>" for v in row) + "</tr>" for row in body[:2000])
            + "</table>")
