"""CONS-01 alternative correct solutions (`--style NAME`, solutions.json "alternatives"; worker alt:<name>).

Each style is the reference's analysis (solve.analyse: the same answer) written the way a different consultant
would: ``bullets`` (a deck without tables, amounts to the cent, levers in another order, rates as percentage
points in the model), ``partner_deck`` (a headline box, tables with extra columns and a status column, a table of
the levers not validated, sentences saying what is not in the number, a working sheet), ``terse`` ("Confirmed" and
"Excluded", no dollar signs, the total in the speaker notes and a one-line summary, lower-case IDs). Runs as an
ordinary worker, like solve.py.
"""

from __future__ import annotations

import argparse
from decimal import ROUND_HALF_UP, Decimal

import openpyxl
from pptx import Presentation
from pptx.util import Inches, Pt
from solve import (
    DECK,
    MODEL,
    OUT,
    Analysis,
    _bullets,
    _table,
    _title_only,
    analyse,
    pct,
    usd,
    write_completion,
)


def cents_usd(amount: Decimal) -> str:
    return f"${amount.quantize(Decimal('0.01'), ROUND_HALF_UP):,}"


def plain(amount: Decimal) -> str:
    return f"{amount.quantize(Decimal('1'), ROUND_HALF_UP):,}"


def bullets(analysis: Analysis) -> None:
    order = sorted(analysis.levers, key=lambda lv: (not lv.validated, -int(lv.id[1:])))
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Levers"
    sheet.append(["Lever ID", "Lever", "Status", "Saving rate", "Addressable spend (USD)", "Annual saving (USD)"])
    for lever in order:
        sheet.append([lever.id, lever.name, "Validated" if lever.validated else "Not validated",
                      float(lever.rate * 100) if lever.rate is not None else None, float(lever.addressable),
                      float(lever.saving) if lever.saving is not None else None])
    sheet.append(["Total validated savings", None, None, None, None, float(analysis.total)])
    book.save(OUT / MODEL)

    deck = Presentation()
    cover = deck.slides.add_slide(deck.slide_layouts[0])
    cover.shapes.title.text = "Indirect-cost programme, phase 1"
    cover.placeholders[1].text = "Steering committee pack"
    _bullets(deck, "Summary", [
        f"The programme total is {cents_usd(analysis.total)} of validated savings per year.",
        "Savings are annual run-rate against the FY2025 baseline."])
    _bullets(deck, "Validated savings", [
        f"{lv.id} {lv.name}: {cents_usd(lv.saving)} a year ({pct(lv.rate)} of {cents_usd(lv.addressable)} "
        "addressable)." for lv in order if lv.validated]
        + [f"Total validated savings: {cents_usd(analysis.total)}."])
    _bullets(deck, "Levers not validated", [
        f"{lv.id} {lv.name} - not validated, because {lv.reason}." for lv in order if not lv.validated]
        or ["No lever falls in this category."])
    _bullets(deck, "Next steps", ["Phase 2: validation plan, carrier award, catalogue roll-out."])
    deck.save(OUT / DECK)


def partner_deck(analysis: Analysis) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Levers"
    sheet.append(["Lever ID", "Lever", "Client owner", "Basis", "Addressable spend (USD)", "Saving rate",
                  "Annual saving (USD)", "Status"])
    for lever in analysis.levers:
        sheet.append([lever.id, lever.name, lever.owner, lever.basis, float(lever.addressable),
                      float(lever.rate) if lever.rate is not None else "n/a",
                      float(lever.saving) if lever.saving is not None else None,
                      "Validated" if lever.validated else "Not validated"])
    sheet.append(["Total validated savings (annual run-rate)", None, None, None, None, None,
                  f"=SUM(G2:G{len(analysis.levers) + 1})", None])
    work = book.create_sheet("Baseline check")
    work.append(["Category", "FY2025 baseline (USD)", "Interview figure (USD)"])
    for category, amount in sorted(analysis.baseline.items()):
        work.append([category, float(amount), float(analysis.claims[category]) if category in analysis.claims
                     else None])
    book.save(OUT / MODEL)

    deck = Presentation()
    cover = deck.slides.add_slide(deck.slide_layouts[0])
    cover.shapes.title.text = "Kestrel Ridge - Phase 1 close-out"
    cover.placeholders[1].text = "Steering committee"
    summary = _title_only(deck, "Executive summary")
    box = summary.shapes.add_textbox(Inches(0.5), Inches(1.6), Inches(9), Inches(1))
    box.text_frame.text = f"Validated programme total: {usd(analysis.total)} a year"
    box.text_frame.paragraphs[0].runs[0].font.size = Pt(28)
    box.text_frame.paragraphs[0].runs[0].font.bold = True
    more = summary.shapes.add_textbox(Inches(0.5), Inches(3), Inches(9), Inches(2))
    more.text_frame.text = "The number does not include any lever we could not validate against the baseline" + (
        "; we have not used the board pre-read figure." if analysis.preread is not None else ".")
    slide = _title_only(deck, "Validated savings")
    rows = [["Lever", "Owner", "Addressable spend (USD)", "Saving rate", "Annual saving (USD)", "Status"]]
    rows += [[f"{lv.id} {lv.name}", lv.owner, usd(lv.addressable), pct(lv.rate), usd(lv.saving), "Validated"]
             for lv in analysis.levers if lv.validated]
    rows.append(["Total validated savings", "", "", "", usd(analysis.total), ""])
    _table(slide, rows)
    others = [lv for lv in analysis.levers if not lv.validated]
    if others:
        slide = _title_only(deck, "Levers not validated")
        _table(slide, [["Lever", "Why", "Status"]] + [[f"{lv.id} {lv.name}", lv.reason[0].upper() + lv.reason[1:],
                                                       "Not validated"] for lv in others])
        slide.notes_slide.notes_text_frame.text = ("These levers carry no savings figure in this pack; they go into "
                                                   "the phase 2 validation plan.")
    else:
        _bullets(deck, "Levers not validated", ["There are none this time: all six levers passed validation."])
    _bullets(deck, "Next steps", ["Confirm the carrier award.", "Launch the logistics tender.",
                                  "Validate the remaining levers in phase 2."])
    deck.save(OUT / DECK)


def terse(analysis: Analysis) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Levers"
    sheet.append(["Lever ID", "Lever", "Addressable spend (USD)", "Saving rate", "Annual saving (USD)", "Status"])
    for lever in analysis.levers:
        sheet.append([lever.id.lower(), lever.name, float(lever.addressable),
                      f"{pct(lever.rate)}" if lever.rate is not None else "-",
                      float(lever.saving) if lever.saving is not None else "-",
                      "Confirmed" if lever.validated else "Excluded"])
    sheet.append(["TOTAL VALIDATED SAVINGS", None, None, None, float(analysis.total), None])
    book.save(OUT / MODEL)

    deck = Presentation()
    cover = deck.slides.add_slide(deck.slide_layouts[0])
    cover.shapes.title.text = "SteerCo 2"
    cover.placeholders[1].text = "Indirect cost - phase 1"
    _bullets(deck, "Summary", [f"Programme: {plain(analysis.total)} USD a year, validated."],
             notes=f"Lead with the total validated savings of {plain(analysis.total)} USD.")
    slide = _title_only(deck, "Validated savings")
    rows = [["Lever", "Addressable spend (USD)", "Saving rate", "Annual saving (USD)", "Status"]]
    rows += [[lv.id, plain(lv.addressable), pct(lv.rate), plain(lv.saving), "Confirmed"]
             for lv in analysis.levers if lv.validated]
    rows.append(["Total", "", "", plain(analysis.total), ""])
    _table(slide, rows)
    _bullets(deck, "Levers not validated", [f"{lv.id} - excluded ({lv.reason})" for lv in analysis.levers
                                            if not lv.validated] or ["Nil."])
    _bullets(deck, "Next steps", ["Award carriers; tender; catalogue roll-out; phase 2 checks."])
    deck.save(OUT / DECK)


STYLES = {"bullets": bullets, "partner_deck": partner_deck, "terse": terse}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--style", required=True, choices=sorted(STYLES))
    style = parser.parse_args().style
    OUT.mkdir(parents=True, exist_ok=True)
    analysis = analyse()
    STYLES[style](analysis)
    write_completion([DECK, MODEL], analysis.issues,
                     f"Deck and model written; validated savings {usd(analysis.total)} a year.")


if __name__ == "__main__":
    main()
