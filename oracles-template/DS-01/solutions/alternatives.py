"""DS-01 alternative correct solutions (`--style NAME`, solutions.json "alternatives"; worker alt:<name>).

Each style is correct work written the way a different professional would; the fair gate needs at least three and
every one must keep det_completion. Runs as an ordinary worker, like solve.py:

- ``percent_tables``: a product analyst. Recomputes the tests with scipy (``stats.chisquare``,
  ``stats.norm.ppf``); results.csv with extra ``unit`` and ``note`` columns, rows in another order, rates and bounds
  as percentages with a % sign, the p-value to two significant figures; a readout made of tables, the difference
  and interval in percentage points.
- ``prose_memo``: a statistician's memo in dense prose, "sample-ratio mismatch" spelled out, sentences saying what
  not to do ("the split is not balanced", "we do not recommend rolling out"), six decimals, the decision cell
  "INVALID - investigate assignment", a horizontal bar chart.
- ``terse_board``: a terse board note with numbered points, a semicolon-separated results.csv with upper-case metric
  names, the decision "Invalid", figures to four decimals and the chi-square to two, the question phrased around
  the missing events.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
from pathlib import Path

import docx
from docx.shared import Inches
from solve import Readout, analyse, write_chart

WORKSPACE = Path.cwd()
OUT = Path(os.environ["WP42_OUT"])
STYLES = ("percent_tables", "prose_memo", "terse_board")
QUESTIONS = {
    "percent_tables": "Guardrail G1 (early cancellations) cannot be computed: the export has no ride_cancelled "
                      "events. Can we get them, so the guardrail can be added to the readout?",
    "prose_memo": "Could data engineering re-pull the export with the ride_cancelled events? Without them the "
                  "early-cancellation guardrail stays open.",
    "terse_board": "Please send the cancellation events (G1 needs them).",
}


def scipy_check(result: Readout) -> tuple[float, float, float, float]:
    """The SRM test and the interval again with scipy: (chi-square, p, ci_lower, ci_upper)."""
    from scipy import stats

    n = result.users
    test = stats.chisquare([n["control"], n["treatment"]])
    z = stats.norm.ppf(0.975)
    pc, pt = result.rates["control"], result.rates["treatment"]
    se = (pc * (1 - pc) / n["control"] + pt * (1 - pt) / n["treatment"]) ** 0.5
    d = pt - pc
    return float(test.statistic), float(test.pvalue), d - z * se, d + z * se


def percent_tables(r: Readout) -> None:
    chi, p, low, high = scipy_check(r)
    rows = [
        ("decision", r.decision, "", "SRM p below 0.001" if r.srm_found else "plan rule 3"),
        ("srm_p_value", f"{p:.1e}", "", "scipy.stats.chisquare"), ("srm_chi_square", f"{chi:.3f}", "", ""),
        ("users_treatment", f"{r.users['treatment']:,}", "users", ""),
        ("users_control", f"{r.users['control']:,}", "users", ""),
        ("excluded_outside_window", r.excluded["window"], "users", "first assigned after the window"),
        ("excluded_bot", r.excluded["bot"], "users", ""), ("excluded_internal", r.excluded["internal"], "users", ""),
        ("conversions_treatment", r.conversions["treatment"], "users", ""),
        ("conversions_control", r.conversions["control"], "users", ""),
        ("conversion_rate_treatment", f"{r.rates['treatment'] * 100:.3f}%", "%", ""),
        ("conversion_rate_control", f"{r.rates['control'] * 100:.3f}%", "%", ""),
        ("difference", f"{r.difference * 100:.3f}%", "% points", ""),
        ("ci_lower", f"{low * 100:.3f}%", "% points", ""), ("ci_upper", f"{high * 100:.3f}%", "% points", ""),
    ]
    with open(OUT / "results.csv", "w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["metric", "value", "unit", "note"])
        writer.writerows(rows)
    chart = write_chart(r, percent=True, title="KM-EXP-0417: 7-day conversion (%)")
    document = docx.Document()
    document.add_heading("Readout KM-EXP-0417", level=1)
    document.add_heading("Summary", level=2)
    table = document.add_table(rows=1, cols=3)
    table.style = "Table Grid"
    for cell, text in zip(table.rows[0].cells, ("Check", "Result", "Conclusion"), strict=True):
        cell.text = text
    g1 = ("not computable", "ride_cancelled events missing from the export") if r.g1 is None else (
        f"{r.g1['control'] * 100:.2f}% vs {r.g1['treatment'] * 100:.2f}%", "within the +0.5 pt limit")
    for row in (("SRM check", f"X² = {chi:.2f}, p = {p:.1e}",
                 "Mismatch detected (alpha 0.001)" if r.srm_found else "Passed (p above 0.001)"),
                ("Difference (treatment - control)", f"+{r.difference * 100:.2f} pp",
                 f"95% CI {low * 100:.2f} pp to {high * 100:.2f} pp"),
                ("Guardrail G1", *g1),
                ("Decision", r.decision, "rule 1 of the plan" if r.srm_found else "rule 3 of the plan")):
        cells = table.add_row().cells
        for cell, text in zip(cells, row, strict=True):
            cell.text = text
    document.add_heading("Exclusions", level=2)
    table = document.add_table(rows=1, cols=2)
    table.style = "Table Grid"
    table.rows[0].cells[0].text, table.rows[0].cells[1].text = "Rule", "Users"
    for label, key in (("QA register", "internal"), ("Bot flag", "bot"), ("Outside window", "window")):
        cells = table.add_row().cells
        cells[0].text, cells[1].text = label, str(r.excluded[key])
    document.add_heading("Arms", level=2)
    table = document.add_table(rows=1, cols=3)
    table.style = "Table Grid"
    for cell, text in zip(table.rows[0].cells, ("Arm", "Users", "7-day conversion"), strict=True):
        cell.text = text
    for arm in ("control", "treatment"):
        cells = table.add_row().cells
        cells[0].text, cells[1].text, cells[2].text = arm, f"{r.users[arm]:,}", f"{r.rates[arm] * 100:.2f}%"
    document.add_picture(str(chart), width=Inches(5))
    document.add_heading("Stakeholder note", level=2)
    document.add_paragraph("The interim dashboard look quoted by Growth is not a readout under the plan and was "
                           "not used; the sample is the enrolment window only.")
    document.save(OUT / "readout.docx")


def prose_memo(r: Readout) -> None:
    with open(OUT / "results.csv", "w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["Metric", "Value"])
        for name, value in r.metrics():
            if name == "decision" and value == "INVALID":
                value = "INVALID - investigate assignment"
            writer.writerow([name, value])
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4), dpi=100)
    ax.barh(["control", "treatment"], [r.rates["control"], r.rates["treatment"]], color=["#999999", "#e4572e"])
    ax.set_xlabel("share of analysed users converting within 7 days")
    ax.set_title("Conversion by arm")
    fig.tight_layout()
    fig.savefig(OUT / "conversion_chart.png")
    plt.close(fig)
    document = docx.Document()
    document.add_heading("KM-EXP-0417 - memo to the Experimentation Review Board", level=1)
    document.add_paragraph(
        f"After removing {r.excluded['internal']} QA test accounts (active and retired alike), {r.excluded['bot']} "
        f"bot-flagged users and {r.excluded['window']:,} users first assigned after the enrolment window closed on "
        f"{r.window[1]}, {r.users['control']:,} control and {r.users['treatment']:,} treatment users remain.")
    if r.srm_found:
        document.add_paragraph(
            f"The split is not balanced: a sample-ratio mismatch is present, with a chi-square of {r.chi:.4f} and "
            f"a p-value of {r.p:.3e}, far below the 0.001 the plan sets, so the arms cannot be compared as "
            "randomised.")
    else:
        document.add_paragraph(f"We detected no sample-ratio mismatch: the chi-square is {r.chi:.4f} with a "
                               f"p-value of {r.p:.4f}, well above the plan's 0.001.")
    document.add_paragraph(
        f"For completeness, conversion was {r.rates['control']:.6f} in control and {r.rates['treatment']:.6f} in "
        f"treatment; the difference is {r.difference:.6f} with a 95% interval of {r.ci[0]:.6f} to {r.ci[1]:.6f}.")
    if r.decision == "INVALID":
        document.add_paragraph("We do not recommend rolling out the banner, and the interim look of mid-enrolment "
                               "must not be read as a result: the decision is INVALID under rule 1 and the test "
                               "should be re-run once the missing treatment assignments are explained.")
    else:
        document.add_paragraph(f"Under rule 3 the decision is {r.decision}; the dashboard was not read before the "
                               "readout date, as the plan requires.")
    if r.g1 is None:
        document.add_paragraph("The early-cancellation guardrail is open: the export carries no ride_cancelled "
                               "events.")
    else:
        document.add_paragraph(f"The early-cancellation guardrail holds ({r.g1['control']:.4f} in control, "
                               f"{r.g1['treatment']:.4f} in treatment).")
    document.add_picture(str(OUT / "conversion_chart.png"), width=Inches(5.5))
    document.save(OUT / "readout.docx")


def terse_board(r: Readout) -> None:
    with open(OUT / "results.csv", "w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, delimiter=";")
        writer.writerow(["METRIC", "VALUE"])
        for name, value in r.metrics():
            if name == "srm_chi_square":
                value = f"{r.chi:.2f}"
            elif name in ("conversion_rate_control", "conversion_rate_treatment", "difference", "ci_lower",
                          "ci_upper"):
                value = f"{float(value):.4f}"
            elif name == "decision":
                value = str(value).title()
            writer.writerow([name.upper(), value])
    chart = write_chart(r)
    document = docx.Document()
    document.add_paragraph("KM-EXP-0417 board note")
    for line in (
        f"1. Analysed: control {r.users['control']}, treatment {r.users['treatment']}.",
        f"2. Excluded: QA {r.excluded['internal']}; bots {r.excluded['bot']}; late {r.excluded['window']}.",
        f"3. SRM detected: chi-square {r.chi:.2f}, p {r.p:.2e}." if r.srm_found else
        f"3. No SRM: chi-square {r.chi:.2f}, p {r.p:.2f}.",
        f"4. Difference {r.difference:.4f}; 95% CI [{r.ci[0]:.4f}, {r.ci[1]:.4f}].",
        "5. G1 open: no cancellation events in the export." if r.g1 is None else
        f"5. G1 {r.g1['control']:.4f} vs {r.g1['treatment']:.4f}: holds.",
        f"6. Decision: {r.decision.title()}. Interim dashboard look ignored as the plan requires.",
    ):
        document.add_paragraph(line)
    document.add_picture(str(chart), width=Inches(4.5))
    document.save(OUT / "readout.docx")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--style", required=True, choices=STYLES)
    style = parser.parse_args().style
    OUT.mkdir(parents=True, exist_ok=True)
    result = analyse()
    {"percent_tables": percent_tables, "prose_memo": prose_memo, "terse_board": terse_board}[style](result)
    open_g1 = result.g1 is None
    (OUT / "COMPLETION.json").write_text(json.dumps({
        "status": "needs_clarification" if open_g1 else "completed",
        "summary": f"Readout done; decision {result.decision}" + ("; G1 open." if open_g1 else "."),
        "deliverables": ["out/results.csv", "./readout.docx", "conversion_chart.png", "COMPLETION.json"],
        "assumptions": ["Times in the export read as UTC, as the plan says."],
        "questions": [QUESTIONS[style]] if open_g1 else [],
        "issues_found": [{"issue": "sample ratio mismatch", "p_value": f"{result.p:.2e}"}] if result.srm_found
        else ["None"]}, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
