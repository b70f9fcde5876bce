"""``validation/report.md``: one scenario's gate records (one per seed) as a Markdown table of verdicts, then per
seed what a do-nothing run got, how each wrong solution failed, how each alternative correct solution fared and what
each hostile out/ received."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from wp42 import layout
from wp42.layout import Oracle


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def render_report(records: list[dict[str, Any]], seconds: float, set_name: str = layout.DEFAULT_SET,
                  level: str = layout.DEFAULT_LEVEL) -> str:
    """The Markdown of ``validation/report.md`` for one scenario's records of one set and level (one per seed)."""
    task_id = records[0]["task_id"] if records else "?"
    verdict = "PASSED" if records and all(r["passed"] for r in records) else "FAILED"
    lines = [f"# Validation of {task_id}: {verdict}", "",
             f"The {set_name} set at the {level} level (issues 16 and 25); seeds "
             f"{', '.join(str(r['seed']) for r in records)}; {seconds:.1f} s in all (SPEC section 5).", "",
             "| seed | gate | result | reasons | warnings |", "|---|---|---|---|---|"]
    for record in records:
        for name, gate in record["gates"].items():
            lines.append(f"| {record['seed']} | {name} | {'pass' if gate['passed'] else '**FAIL**'} | "
                         f"{_cell('; '.join(gate['reasons'])) or '-'} | {_cell('; '.join(gate['warnings'])) or '-'} |")
    for record in records:
        gates = record["gates"]
        lines += ["", f"## Seed {record['seed']} ({record['seconds']:.1f} s)"]
        renders = record.get("renders")
        if renders:
            skipped = "; ".join(f"{rel}: {why}" for rel, why in sorted(renders["skipped"].items()))
            lines += ["", f"Every input rendered to PNG for a person to look at: {renders['page_count']} page(s) in "
                          f"`{renders['folder']}` ({renders['seconds']:.1f} s)"
                          + (f"; not rendered: {skipped}." if skipped else ".")]
        labels = gates.get("not_vacuous", {}).get("facts", {}).get("no_op_labels", [])
        if labels:
            lines += ["", "What a do-nothing run gets, per criterion:", "",
                      "| criterion | weight | no-op (actual) | declared |", "|---|---|---|---|"]
            lines += [f"| {x['id']} | {x['weight']:g} | {x['no_op']} | {x['declared'] or '-'} |" for x in labels]
        wrong = gates.get("not_vacuous", {}).get("facts", {}).get("wrong_solutions", [])
        if wrong:
            lines += ["", "| wrong solution | targets | det_completion | failed on |", "|---|---|---|---|"]
            lines += [f"| {w['worker']} | {', '.join(w['targets'])} | {w['det_completion']} | "
                      f"{', '.join(w['failed']) or '-'} |" for w in wrong]
        alternatives = gates.get("fair", {}).get("facts", {}).get("alternatives", [])
        if "fair" in gates:
            lines += ["", "| alternative solution (correct) | written as | det_completion | failed on |",
                      "|---|---|---|---|"]
            lines += [f"| {a['worker']} | {_cell(a['description'])} | {a['det_completion']} | "
                      f"{', '.join(a['failed']) or '-'} |" for a in alternatives]
            if not alternatives:
                lines.append("| (none declared) | - | - | - |")
        rows = gates.get("robust", {}).get("facts", {}).get("hostile", [])
        if rows:
            lines += ["", "| hostile out/ | status | det_completion | seconds |", "|---|---|---|---|"]
            lines += [f"| {h['kind']} | {h['status']} | {h['det_completion']} | {h['seconds']:.2f} |" for h in rows]
    return "\n".join(lines) + "\n"


def write_report(oracle_dir: Oracle, records: list[dict[str, Any]], seconds: float,
                 set_name: str = layout.DEFAULT_SET, level: str = layout.DEFAULT_LEVEL) -> Path:
    """Write ``<oracle-root>/<ID>/validation/report.md`` (``report-coverage.md``, ``report-hard.md``, ... for the
    other variants: :func:`wp42.layout.validation_report_name`); returns its path."""
    oracle_dir.validation.mkdir(parents=True, exist_ok=True)
    path = oracle_dir.validation / layout.validation_report_name(set_name, level)
    path.write_text(render_report(records, seconds, set_name, level), encoding="utf-8")
    return path
