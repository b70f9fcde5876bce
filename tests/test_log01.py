"""LOG-01 (carrier invoice audit with the carrier's billing portal): its own checks, each named for the way a worker
could fool a check or a generator could break the design. The contract every scenario keeps (regeneration, schemas,
reference, do-nothing, wrong solutions, input integrity, copied inputs) is in tests/test_scenario_contract.py."""

from __future__ import annotations

import csv
import json
from decimal import Decimal
from pathlib import Path

import docx
import openpyxl
import pytest
from scenario_harness import (
    Generated,
    copy_workspace,
    evaluate,
    failed_ids,
    grade_fixture,
    make_workspace,
    run_solution,
)

from wp42 import layout
from wp42.layout import PORTAL_CREDENTIALS, PORTAL_SUBMISSIONS, Bundle
from wp42.portal import start_portal

TASK = "LOG-01"


def _disputes(ws: Path, entries: list[dict[str, str]]) -> None:
    (ws / layout.OUT_DIR / PORTAL_SUBMISSIONS).write_text(json.dumps([
        {"submission_id": f"S{n:04d}", "time": "2025-06-13T16:00:00+00:00", "form_id": "dispute", "values": v}
        for n, v in enumerate(entries, 1)]), encoding="utf-8")


def _right(oracle: dict) -> list[dict[str, str]]:
    reasons = {"wrong_zone": "Wrong zone", "fuel_week": "Fuel surcharge week", "rebilled": "Duplicate billing",
               "weight_break": "Weight break"}
    return [{"invoice_no": d["invoice"], "shipment": d["shipment"], "reason": reasons[d["reason"]],
             "amount": d["amount"], "comment": ""} for d in oracle["facts"]["disputed_lines"]]


# --- the design holds at every seed ------------------------------------------------------------------------------------

def test_the_rebilled_shipment_shows_only_across_the_two_invoices(generated: Generated):
    oracle = generated.oracle()
    [item] = [p for p in oracle["planted_items"] if p["kind"] == "rebilled"]
    on = {(a["invoice"], a["shipment"]) for a in oracle["facts"]["audit"]}
    assert (item["first_invoice"], item["shipment"]) in on and (item["invoice"], item["shipment"]) in on
    assert item["first_invoice"] != item["invoice"]
    per_invoice = [a["shipment"] for a in oracle["facts"]["audit"] if a["invoice"] == item["invoice"]]
    assert per_invoice.count(item["shipment"]) == 1  # no repeat within one invoice


def test_the_same_lane_twins_are_two_manifest_shipments_with_equal_lane_day_and_weight(generated: Generated):
    oracle = generated.oracle()
    [decoy] = [p for p in oracle["planted_items"] if p["kind"] == "decoy"]
    with open(Bundle(generated.bundle).inputs / "shipment_manifest.csv", encoding="utf-8") as handle:
        rows = {r["shipment_no"]: r for r in csv.DictReader(handle)}
    a, b = (rows[s] for s in decoy["shipments"])
    assert (a["ship_date"], a["dest_postcode"], a["weight_kg"]) == (b["ship_date"], b["dest_postcode"], b["weight_kg"])
    assert all(Decimal(x["difference"]) == 0 for x in oracle["facts"]["audit"] if x["shipment"] in decoy["shipments"])


def test_every_planted_error_overcharges_and_the_disputes_add_up(generated: Generated):
    facts = generated.oracle()["facts"]
    amounts = [Decimal(d["amount"]) for d in facts["disputed_lines"]]
    assert len(amounts) == 4 and all(a > 0 for a in amounts)
    assert sum(amounts) == Decimal(facts["amount_disputed"])
    assert Decimal(facts["total_invoiced"]) - Decimal(facts["total_correct"]) == Decimal(facts["amount_disputed"])


def test_the_portal_asks_the_dispute_in_another_order_than_the_brief(generated: Generated):
    oracle = generated.oracle()
    portal = json.loads(Bundle(generated.bundle).portal_json.read_text(encoding="utf-8"))
    [perturbation] = oracle["interface_perturbations"]
    [form] = [f for f in portal["forms"] if f["id"] == perturbation["form_id"]]
    fields = [f["name"] for f in form["fields"]]
    assert fields == perturbation["form_order"]
    assert [f for f in fields if f in perturbation["brief_order"]] != perturbation["brief_order"]


# --- ways to fool a check ----------------------------------------------------------------------------------------------

def test_an_audit_that_disputes_the_first_billing_of_the_rebilled_shipment_fails(generated: Generated, solved: Path):
    oracle = generated.oracle()
    [item] = [p for p in oracle["planted_items"] if p["kind"] == "rebilled"]
    path = solved / layout.OUT_DIR / "freight_audit.xlsx"
    book = openpyxl.load_workbook(path)
    sheet = book["Audit"]
    for row in sheet.iter_rows(min_row=2):
        if row[0].value == item["first_invoice"] and row[2].value == item["shipment"]:
            row[4].value, row[6].value = 0, "Duplicate billing"
    book.save(path)
    assert "no_other_disputes" in failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved))


def test_a_note_that_also_disputes_a_same_lane_twin_fails(generated: Generated, solved: Path):
    oracle = generated.oracle()
    [decoy] = [p for p in oracle["planted_items"] if p["kind"] == "decoy"]
    path = solved / layout.OUT_DIR / "dispute_note.docx"
    document = docx.Document(str(path))
    document.add_paragraph(f"Shipment {decoy['shipments'][1]} duplicates {decoy['shipments'][0]} and is disputed.")
    document.save(str(path))
    assert "note_spares_same_lane" in failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved))


def test_a_note_that_mentions_the_twins_as_genuine_passes(generated: Generated, solved: Path):
    oracle = generated.oracle()
    [decoy] = [p for p in oracle["planted_items"] if p["kind"] == "decoy"]
    path = solved / layout.OUT_DIR / "dispute_note.docx"
    document = docx.Document(str(path))
    document.add_paragraph(f"Shipments {decoy['shipments'][0]} and {decoy['shipments'][1]} are two genuine "
                           "shipments on the same lane and day; they are not disputed.")
    document.save(str(path))
    assert "note_spares_same_lane" not in failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved))


def test_a_note_giving_two_totals_fails(generated: Generated, solved: Path):
    path = solved / layout.OUT_DIR / "dispute_note.docx"
    document = docx.Document(str(path))
    document.add_paragraph("Alternatively, the total we dispute is EUR 1.00.")
    document.save(str(path))
    assert "note_total" in failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved))


# --- through the portal ------------------------------------------------------------------------------------------------

def test_reference_lodges_the_disputes_through_the_portal_and_passes(generated: Generated, tmp_path: Path):
    ws = make_workspace(generated.bundle, tmp_path)
    (ws / layout.OUT_DIR).mkdir()
    with start_portal(ws, ws / layout.OUT_DIR, tmp_path / "access.jsonl") as portal:
        (ws / PORTAL_CREDENTIALS).write_text(json.dumps({"url": portal.url, **portal.credentials}), encoding="utf-8")
        run_solution(generated, ws, env={"WP42_PORTAL_URL": portal.url})
    entries = json.loads((ws / layout.OUT_DIR / PORTAL_SUBMISSIONS).read_text(encoding="utf-8"))
    assert [e["form_id"] for e in entries] == ["dispute"] * 4
    receipt = evaluate(generated, ws / layout.OUT_DIR, ws)
    assert "dispute_forms" in {c["id"] for c in receipt["required_criteria"]}
    assert receipt["det_completion"] is True, failed_ids(receipt)


def test_disputes_filled_in_the_briefs_order_or_for_a_twin_fail(generated: Generated, solved: Path):
    """The interface perturbation: the brief's values typed into the form's fields by position; and a dispute
    lodged for a genuine twin."""
    oracle = generated.oracle()
    right = _right(oracle)
    pert = oracle["interface_perturbations"][0]
    by_position = [dict(zip(pert["form_order"], [r[k] for k in pert["brief_order"]], strict=False)) for r in right]
    _disputes(solved, right)
    assert "dispute_forms" not in failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved))
    _disputes(solved, by_position)
    assert "dispute_forms" in failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved))
    [decoy] = [p for p in oracle["planted_items"] if p["kind"] == "decoy"]
    _disputes(solved, right + [{**right[0], "shipment": decoy["shipments"][1], "invoice_no": decoy["invoice"]}])
    assert "dispute_forms" in failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved))


@pytest.mark.parametrize("arm", ["A2", "A3"])
def test_reference_passes_in_the_ordinary_runner_with_and_without_the_portal(scenario_cache, tmp_path: Path, arm: str):
    """In A3 the runner serves the portal and the reference lodges its disputes through the form (signed by the
    portal); the receipt then grades ``dispute_forms`` too."""
    from wp42.runner import AttemptSpec, run_attempt

    generated = scenario_cache.get(TASK, 42)
    spec = AttemptSpec(TASK, "reference", arm, 1, f"ref-{arm}", tmp_path / "runs", generated.oracle_root)
    receipt = run_attempt(spec)
    assert receipt["status"] == "passed", receipt["notes"]
    assert ("dispute_forms" in {c["id"] for c in receipt["required_criteria"]}) == (arm == "A3")


# --- the coverage set --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [42, 7])
def test_coverage_bills_every_line_right_and_a_disputed_twin_is_an_invented_issue(scenario_cache, seed: int,
                                                                                   tmp_path: Path):
    """Clean invoices: no planted error, the twins still there, the brief byte for byte; disputing a twin in
    issues_found fails no_invented_issues while the reference passes."""
    clean = scenario_cache.get(TASK, seed, "coverage")
    oracle = clean.oracle()
    assert not oracle["facts"]["disputed_lines"] and Decimal(oracle["facts"]["amount_disputed"]) == 0
    assert not oracle["interface_perturbations"]
    challenge = scenario_cache.get(TASK, seed)
    assert Bundle(clean.bundle).brief.read_bytes() == Bundle(challenge.bundle).brief.read_bytes()
    ws = copy_workspace(scenario_cache.reference(TASK, seed, "coverage"), tmp_path)
    assert "no_invented_issues" not in failed_ids(evaluate(clean, ws / layout.OUT_DIR, ws))
    [decoy] = [p for p in oracle["planted_items"] if p["kind"] == "decoy"]
    completion = ws / layout.OUT_DIR / "COMPLETION.json"
    data = json.loads(completion.read_text(encoding="utf-8"))
    data["issues_found"] = [f"{decoy['invoice']} {decoy['shipments'][1]}: Duplicate billing"]
    completion.write_text(json.dumps(data), encoding="utf-8")
    assert "no_invented_issues" in failed_ids(evaluate(clean, ws / layout.OUT_DIR, ws))


def test_a_dispute_note_written_with_german_numbers_passes(generated: Generated, solved: Path):
    """The carrier's documents write 1.234,56; an auditor answering in that form is read, not failed."""
    oracle = generated.oracle()
    path = solved / layout.OUT_DIR / "dispute_note.docx"
    document = docx.Document()
    for d in oracle["facts"]["disputed_lines"]:
        german = f"{Decimal(d['amount']):,.2f}".replace(",", "_").replace(".", ",").replace("_", ".")
        document.add_paragraph(f"Rechnung {d['invoice']}, Sendung {d['shipment']}: wir beanstanden {german} EUR.")
    total = f"{Decimal(oracle['facts']['amount_disputed']):,.2f}".replace(",", "_").replace(".", ",").replace("_", ".")
    document.add_paragraph(f"Total disputed: {total} EUR. Please issue a credit note.")
    document.save(str(path))
    failed = failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved))
    assert not {"note_lines", "note_total"} & failed, failed


# --- the hard level (issue 25) -----------------------------------------------------------------------------------------

def _hard(scenario_cache, tmp_path: Path, set_name: str = "challenge") -> tuple[Generated, Path]:
    """The hard instance at seed 42 and a private copy of its reference workspace."""
    generated = scenario_cache.get(TASK, 42, set_name, "hard")
    return generated, copy_workspace(scenario_cache.reference(TASK, 42, set_name, "hard"), tmp_path)


def _set_row(workspace: Path, invoice: str, shipment: str, correct: Decimal | str, finding: str) -> None:
    """Rewrite the Audit row of ``invoice`` and ``shipment``: its Correct (EUR) and Finding (Difference stays the
    formula invoiced minus correct)."""
    path = workspace / layout.OUT_DIR / "freight_audit.xlsx"
    book = openpyxl.load_workbook(path)
    for row in book["Audit"].iter_rows(min_row=2):
        if row[0].value == invoice and row[2].value == shipment:
            row[4].value, row[6].value = float(correct), finding
    book.save(path)


def _add_to_note(workspace: Path, text: str) -> None:
    path = workspace / layout.OUT_DIR / "dispute_note.docx"
    document = docx.Document(str(path))
    document.add_paragraph(text)
    document.save(str(path))


def test_hard_is_a_month_of_weekly_invoices_with_offsetting_weight_breaks(scenario_cache):
    """A real month (150+ lines on four or more weekly invoices); the weight break billed too high and the one
    billed too low sit on one invoice and cancel to within a few cents, so the invoice's total hides them."""
    oracle = scenario_cache.get(TASK, 42, level="hard").oracle()
    facts, items = oracle["facts"], {p["id"]: p for p in oracle["planted_items"]}
    assert len(facts["audit"]) >= 150 and len(facts["invoices"]) >= 4
    up, down = items["weight_break"], items["weight_break_under"]
    assert up["invoice"] == down["invoice"] and Decimal(up["difference"]) > 0 > Decimal(down["difference"])
    assert abs(Decimal(up["difference"]) + Decimal(down["difference"])) <= Decimal("0.10")
    assert items["rebilled_shipment"]["first_invoice"] != items["rebilled_shipment"]["invoice"]


def test_hard_waiting_time_shows_only_against_the_proof_of_delivery(scenario_cache):
    """The waiting time billed for the planted line is more than the free hour; the proof of delivery shows less."""
    generated = scenario_cache.get(TASK, 42, level="hard")
    [item] = [p for p in generated.oracle()["planted_items"] if p["id"] == "waiting_unsupported"]
    with open(Bundle(generated.bundle).inputs / "proof_of_delivery.csv", encoding="utf-8") as handle:
        [pod] = [r for r in csv.DictReader(handle) if r["shipment_no"] == item["shipment"]]
    (h1, m1), (h2, m2) = (map(int, pod[k].split(":")) for k in ("driver_arrival", "unloading_start"))
    assert (h2 * 60 + m2) - (h1 * 60 + m1) <= 60 and Decimal(item["difference"]) > 0


def test_hard_paying_the_billed_waiting_time_or_disputing_the_weight_at_a_break_limit_fails(scenario_cache,
                                                                                             tmp_path: Path):
    generated, ws = _hard(scenario_cache, tmp_path)
    items = {p["id"]: p for p in generated.oracle()["planted_items"]}
    assert not failed_ids(evaluate(generated, ws / layout.OUT_DIR, ws))
    wait = items["waiting_unsupported"]
    _set_row(ws, wait["invoice"], wait["shipment"], wait["invoiced"], "OK")
    assert "finding.waiting_unsupported" in failed_ids(evaluate(generated, ws / layout.OUT_DIR, ws))
    generated, ws = _hard(scenario_cache, tmp_path / "limit")
    limit = items["weight_at_break_limit"]
    _set_row(ws, limit["invoice"], limit["shipment"], Decimal(limit["correct"]) - 20, "Weight break")
    assert "break_limit_paid" in failed_ids(evaluate(generated, ws / layout.OUT_DIR, ws))


def test_hard_a_note_that_does_not_chase_the_agreed_credit_fails(scenario_cache, tmp_path: Path):
    """Challenge: the promised credit is still outstanding; a note (and COMPLETION) that leaves it out fails."""
    generated, ws = _hard(scenario_cache, tmp_path)
    prior = generated.oracle()["facts"]["prior_credit"]
    path = ws / layout.OUT_DIR / "dispute_note.docx"
    document = docx.Document(str(path))
    for paragraph in document.paragraphs:
        if prior["invoice"] in paragraph.text:
            paragraph.text = "The remaining lines are approved."
    document.save(str(path))
    assert failed_ids(evaluate(generated, ws / layout.OUT_DIR, ws)) == {"prior_credit_chased"}


def test_hard_the_underbilled_line_in_words_and_a_total_with_last_months_credit_pass(scenario_cache, tmp_path: Path):
    """Correct work written another way: the under-billed line as "under-billed by EUR x" (no minus sign) and a
    second figure that adds last month's outstanding credit to this month's total."""
    generated, ws = _hard(scenario_cache, tmp_path)
    oracle = generated.oracle()
    facts, under = oracle["facts"], next(p for p in oracle["planted_items"] if p["id"] == "weight_break_under")
    prior = facts["prior_credit"]
    document = docx.Document()
    for d in facts["disputed_lines"]:
        verb = "under-billed by" if Decimal(d["amount"]) < 0 else "we dispute"
        document.add_paragraph(f"Invoice {d['invoice']}, shipment {d['shipment']}: {verb} EUR "
                               f"{abs(Decimal(d['amount'])):,.2f}.")
    document.add_paragraph(f"Total amount disputed: EUR {Decimal(facts['amount_disputed']):,.2f}.")
    document.add_paragraph(f"The credit of EUR {Decimal(prior['amount']):,.2f} you agreed for {prior['invoice']} "
                           "is still outstanding.")
    combined = Decimal(facts["amount_disputed"]) + Decimal(prior["amount"])
    document.add_paragraph(f"Please issue one credit note for the total of EUR {combined:,.2f}.")
    document.save(str(ws / layout.OUT_DIR / "dispute_note.docx"))
    assert under["shipment"] in " ".join(p.text for p in document.paragraphs)
    assert not failed_ids(evaluate(generated, ws / layout.OUT_DIR, ws))


def test_hard_coverage_chasing_a_credit_already_issued_is_an_invented_issue(scenario_cache, tmp_path: Path):
    """Coverage: the month's credit note is the promised one; a reminder for it invents a problem."""
    generated, ws = _hard(scenario_cache, tmp_path, "coverage")
    prior = generated.oracle()["facts"]["prior_credit"]
    assert prior["issued"] and not failed_ids(evaluate(generated, ws / layout.OUT_DIR, ws))
    _add_to_note(ws, f"The credit for {prior['invoice']} of EUR {Decimal(prior['amount']):,.2f} is still "
                     "outstanding.")
    assert "no_invented_issues" in failed_ids(evaluate(generated, ws / layout.OUT_DIR, ws))


def test_hard_a_note_that_names_the_months_credit_note_and_its_amount_passes(scenario_cache, tmp_path: Path):
    """Correct work explains why the promised credit is still owed: the month's credit note, with its own amount,
    settles something else. That amount is not a second total of the dispute."""
    generated, ws = _hard(scenario_cache, tmp_path)
    prior = generated.oracle()["facts"]["prior_credit"]
    _add_to_note(ws, f"Your credit note {prior['credit_note']} for EUR {Decimal(prior['credit_note_amount']):,.2f} "
                     "settles a damage claim; it is not the credit you agreed for last month.")
    assert not failed_ids(evaluate(generated, ws / layout.OUT_DIR, ws))


def test_a_credit_request_naming_the_invoice_numbers_passes(generated: Generated, solved: Path):
    """"Please issue a credit note against RE-2025-22168 and RE-2025-22205 for EUR x": the invoice numbers' digits
    are not a second total."""
    facts = generated.oracle()["facts"]
    _add_to_note(solved, f"Please issue the credit note against {' and '.join(facts['invoices'])} for EUR "
                         f"{Decimal(facts['amount_disputed']):,.2f}.")
    assert "note_total" not in failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved))


# --- an independent solver's correct work (tests/fixtures/log01-hard-seed9201) -------------------------------------

def test_an_independent_solvers_correct_hard_work_at_seed_9201_completes(tmp_path: Path):
    # Written from the public bundle alone and read correct by the lead; LOG-01 1.1 failed it on note_total (a
    # line's details "reduces the total disputed" beside -18,99 read as a second total) and prior_credit_chased
    # (the chase spread over one paragraph's sentences), and took minutes to grade its formula-rich workbook.
    receipt = grade_fixture(TASK, 9201, "log01-hard-seed9201", tmp_path)
    assert failed_ids(receipt) == set() and receipt["det_completion"] is True, failed_ids(receipt)


def test_an_independent_solvers_correct_hard_work_at_seed_9407_completes(tmp_path: Path):
    # LOG-01 1.2 failed note_total: "Over-billed lines total EUR 256,79; net of the under-billing correction the
    # amount disputed is EUR 192,21" was read as two totals, though the sentence shows its working.
    receipt = grade_fixture(TASK, 9407, "log01-hard-seed9407", tmp_path)
    assert failed_ids(receipt) == set() and receipt["det_completion"] is True, failed_ids(receipt)


def test_an_independent_solvers_correct_hard_work_at_seed_9430_completes(tmp_path: Path):
    # LOG-01 1.4 failed prior_credit_chased: "No such credit note has been received. Please issue the credit note for
    # EUR 392,39 net ... without further delay" chases the credit, though it says neither "outstanding" nor "not
    # received" in its paragraph (the section's heading does).
    receipt = grade_fixture(TASK, 9430, "log01-hard-seed9430", tmp_path)
    assert failed_ids(receipt) == set() and receipt["det_completion"] is True, failed_ids(receipt)


def test_an_independent_solvers_correct_hard_work_at_seed_9510_completes(tmp_path: Path):
    # LOG-01 1.7 failed note_lines ("Under-billing, corrected in your favour" read by its stems as "billed
    # correctly") and note_total ("a credit note with your June 2025 invoicing" read as a total of 2025).
    receipt = grade_fixture(TASK, 9510, "log01-hard-seed9510", tmp_path)
    assert failed_ids(receipt) == set() and receipt["det_completion"] is True, failed_ids(receipt)


def test_hard_a_note_saying_the_agreed_credit_arrived_does_not_chase_it(scenario_cache, tmp_path: Path):
    """The misleading variant of the seed-9430 wording: naming last month's credit with its amount as received (or
    with a negated "no credit note is outstanding") is not a chase, so prior_credit_chased still fails."""
    generated, workspace = _hard(scenario_cache, tmp_path)
    prior = generated.oracle()["facts"]["prior_credit"]
    if prior["issued"]:
        pytest.skip("the instance's prior credit was issued (coverage-like draw)")
    german = f"{Decimal(prior['amount']):,.2f}".replace(",", " ").replace(".", ",").replace(" ", ".")
    note = workspace / layout.OUT_DIR / "dispute_note.docx"
    document = docx.Document(str(note))
    for paragraph in document.paragraphs:
        if prior["invoice"] in paragraph.text or german in paragraph.text:
            paragraph.text = ""
    document.add_paragraph(f"The credit note for EUR {german} net on invoice {prior['invoice']} has been received, "
                           "so no credit note is outstanding from last month.")
    document.save(str(note))
    assert "prior_credit_chased" in failed_ids(evaluate(generated, workspace / layout.OUT_DIR, workspace))


def test_hard_the_over_billed_subtotal_is_working_beside_the_net_and_a_second_total_alone(scenario_cache,
                                                                                            tmp_path: Path):
    generated, workspace = _hard(scenario_cache, tmp_path)
    facts = generated.oracle()["facts"]
    amounts = [Decimal(line["amount"]) for line in facts["disputed_lines"]]
    gross = sum(a for a in amounts if a > 0)
    assert any(a < 0 for a in amounts) and gross != Decimal(facts["amount_disputed"])  # the hard level offsets

    def german(value: Decimal | str) -> str:
        return f"{Decimal(value):,.2f}".replace(",", " ").replace(".", ",").replace(" ", ".")

    _add_to_note(workspace, f"Over-billed lines total EUR {german(gross)}; net of the under-billing correction the "
                            f"amount disputed is EUR {german(facts['amount_disputed'])}.")
    assert "note_total" not in failed_ids(evaluate(generated, workspace / layout.OUT_DIR, workspace))
    _add_to_note(workspace, f"The total we dispute is EUR {german(gross)}.")
    assert "note_total" in failed_ids(evaluate(generated, workspace / layout.OUT_DIR, workspace))


# --- an independent solver's correct coverage work (tests/fixtures/log01-coverage-hard-seed9424) -----------------

def test_an_independent_solvers_correct_coverage_work_at_seed_9424_completes(tmp_path: Path):
    # Clean invoices: nothing disputed, the August credit already issued. LOG-01 1.3 failed formulas_present (the
    # Amount disputed, =SUMIF(Audit!G2:G211,"<>OK",Audit!F2:F211), selects no row when every line is OK, so it kept
    # its value while only numbers moved) and note_total (the invoices' "total net EUR 85.304,42" beside "Total
    # amount disputed: EUR 0,00" read as a second total disputed).
    receipt = grade_fixture(TASK, 9424, "log01-coverage-hard-seed9424", tmp_path, set_name="coverage")
    assert failed_ids(receipt) == set() and receipt["det_completion"] is True, failed_ids(receipt)


def _set_amount_disputed(workspace: Path, value: str | float) -> None:
    path = workspace / layout.OUT_DIR / "freight_audit.xlsx"
    book = openpyxl.load_workbook(path)
    [row] = [r for r in book["Summary"].iter_rows() if r[0].value == "Amount disputed"]
    row[1].value = value.replace("{n}", str(book["Audit"].max_row)) if isinstance(value, str) else value
    book.save(path)


@pytest.mark.parametrize(("value", "live"), [
    ('=SUMIF(Audit!G2:G{n},"<>OK",Audit!F2:F{n})', True),  # the sum of the disputed lines: none on clean invoices
    ('=0*SUMIF(Audit!G2:G{n},"<>OK",Audit!F2:F{n})', False), (0, False),  # a zero in a formula's dress; typed
])
def test_hard_coverage_a_sum_of_the_disputed_lines_is_a_formula_and_a_disguised_zero_is_not(
        scenario_cache, tmp_path: Path, value: str | float, live: bool):
    generated, ws = _hard(scenario_cache, tmp_path, "coverage")
    _set_amount_disputed(ws, value)
    assert ("formulas_present" in failed_ids(evaluate(generated, ws / layout.OUT_DIR, ws))) is not live


def _german(value: Decimal | str) -> str:
    return f"{Decimal(value):,.2f}".replace(",", " ").replace(".", ",").replace(" ", ".")


@pytest.mark.parametrize(("text", "passes"), [
    ("Invoices audited: {invoices}; total net EUR {billed} (all lines).", True),  # the invoices' total
    ("Total amount disputed: EUR {billed}.", False),  # the same figure, disputed
    ("Please issue a credit note for the total of EUR {billed}.", False),
])
def test_hard_coverage_the_invoices_total_is_not_a_total_disputed(scenario_cache, tmp_path: Path, text: str,
                                                                   passes: bool):
    generated, ws = _hard(scenario_cache, tmp_path, "coverage")
    facts = generated.oracle()["facts"]
    _add_to_note(ws, text.format(invoices=", ".join(facts["invoices"]), billed=_german(facts["total_invoiced"])))
    assert ("note_total" not in failed_ids(evaluate(generated, ws / layout.OUT_DIR, ws))) is passes


def test_hard_a_dispute_beside_the_invoices_total_gives_one_total(scenario_cache, tmp_path: Path):
    """Challenge: "We dispute EUR x of the invoices' total of EUR y": the verb claims x; y is what was billed."""
    generated, ws = _hard(scenario_cache, tmp_path)
    facts = generated.oracle()["facts"]
    _add_to_note(ws, f"We dispute EUR {_german(facts['amount_disputed'])} of the invoices' total of EUR "
                     f"{_german(facts['total_invoiced'])}.")
    assert "note_total" not in failed_ids(evaluate(generated, ws / layout.OUT_DIR, ws))


# --- a later contradiction: one line or total given two answers (LOG-01 1.6) -----------------------------------------

def _note(workspace: Path, paragraphs: list[str], heading: str | None = None) -> None:
    path = workspace / layout.OUT_DIR / "dispute_note.docx"
    document = docx.Document(str(path))
    if heading:
        document.add_heading(heading, level=1)
    for text in paragraphs:
        document.add_paragraph(text)
    document.save(str(path))


def test_a_later_paragraph_giving_a_disputed_line_another_amount_fails_note_lines(generated: Generated,
                                                                                  solved: Path):
    """The table disputes the line for its amount, a later paragraph for another: 1.5 asked only that the right
    amount stand somewhere beside the shipment."""
    line = generated.oracle()["facts"]["disputed_lines"][0]
    wrong = Decimal(line["amount"]) + Decimal("17.00")
    _note(solved, [f"For {line['shipment']} the amount disputed is EUR {wrong}."])
    receipt = evaluate(generated, solved / layout.OUT_DIR, solved)
    assert failed_ids(receipt) == {"note_lines"}, failed_ids(receipt)


@pytest.mark.parametrize("heading, text", [
    (None, "On reflection, {shipment} is billed correctly and is not disputed."),
    ("Disputed lines", "{shipment} (EUR {amount}): checked against the rate card, billed correctly, not disputed."),
])
def test_a_disputed_line_also_called_right_fails_note_lines(generated: Generated, solved: Path, heading, text):
    """A line disputed in the table and called right later, or listed under "Disputed lines" by a sentence that
    says it is not disputed (its own words decide; beside the table they are a second answer)."""
    line = generated.oracle()["facts"]["disputed_lines"][0]
    _note(solved, [text.format(shipment=line["shipment"], amount=line["amount"])], heading)
    receipt = evaluate(generated, solved / layout.OUT_DIR, solved)
    assert failed_ids(receipt) == {"note_lines"}, failed_ids(receipt)


def test_completion_json_giving_a_line_or_the_total_another_amount_fails(generated: Generated, solved: Path):
    """COMPLETION.json is read beside the note: an issue giving a disputed line another amount fails note_lines, a
    summary giving another total disputed fails note_total (1.5 read neither)."""
    facts = generated.oracle()["facts"]
    path = solved / layout.OUT_DIR / layout.COMPLETION_JSON
    original = json.loads(path.read_text())
    line = facts["disputed_lines"][0]
    issues = [f"{line['invoice']} {line['shipment']}: {line['reason']}, EUR {Decimal(line['amount']) + 17}"]
    path.write_text(json.dumps({**original, "issues_found": issues + original["issues_found"][1:]}))
    assert failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved)) == {"note_lines"}
    total = Decimal(facts["amount_disputed"]) + Decimal("6.69")
    path.write_text(json.dumps({**original, "summary": f"Audited every invoice line; EUR {total} disputed."}))
    assert failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved)) == {"note_total"}


def test_the_findings_restated_in_other_words_pass(generated: Generated, solved: Path):
    """The right findings again: a line's amount in words, the twins said not to be an error, the total again,
    and a line disputed written under a heading of lines accepted (its own words decide)."""
    facts = generated.oracle()["facts"]
    [decoy] = [p for p in generated.oracle()["planted_items"] if p["kind"] == "decoy"]
    first, second = facts["disputed_lines"][:2]
    _note(solved, [f"{first['shipment']} was billed wrongly; we dispute EUR {first['amount']} of it.",
                   f"{decoy['shipments'][0]} and {decoy['shipments'][1]} are separate shipments and not an error.",
                   f"In all we dispute EUR {facts['amount_disputed']} and ask for a credit note for that amount."])
    _note(solved, [f"{second['shipment']}: billed wrongly, EUR {second['amount']} disputed."], "Lines we accept")
    receipt = evaluate(generated, solved / layout.OUT_DIR, solved)
    assert receipt["det_completion"], failed_ids(receipt)


# --- fair wordings of a correct note (LOG-01 1.7) ----------------------------------------------------------------------

def _wording(generated: Generated, sentence: str) -> str:
    """``sentence`` with this seed's items: the rebilled shipment and its first invoice ({rebilled}, {first}), the
    first disputed line ({line}, {amount}), the twins ({twin1}, {twin2}), the total ({total}), the total less the
    first line ({less}), each invoice's disputed part ({per_invoice}) and a wrong one ({per_invoice_wrong})."""
    oracle = generated.oracle()
    facts = oracle["facts"]
    rebilled = next(p for p in oracle["planted_items"] if p["kind"] == "rebilled")
    [decoy] = [p for p in oracle["planted_items"] if p["kind"] == "decoy"]
    line = facts["disputed_lines"][0]
    per: dict[str, Decimal] = {}
    for disputed in facts["disputed_lines"]:
        per[disputed["invoice"]] = per.get(disputed["invoice"], Decimal(0)) + Decimal(disputed["amount"])
    parts = [f"{invoice} total EUR {value:.2f}" for invoice, value in sorted(per.items())]
    wrong = parts[:-1] + [parts[-1].rsplit(" ", 1)[0] + f" {sorted(per.items())[-1][1] + 20:.2f}"]
    total = Decimal(facts["amount_disputed"])
    return (sentence.replace("{rebilled}", rebilled["shipment"]).replace("{first}", rebilled["first_invoice"])
            .replace("{invoice}", rebilled["invoice"]).replace("{line}", line["shipment"])
            .replace("{amount}", f"{Decimal(line['amount']):.2f}").replace("{twin1}", decoy["shipments"][0])
            .replace("{twin2}", decoy["shipments"][1]).replace("{total}", f"{total:.2f}")
            .replace("{less}", f"{total - Decimal(line['amount']):.2f}")
            .replace("{per_invoice}", ", ".join(parts)).replace("{per_invoice_wrong}", ", ".join(wrong)))


FAIR_NOTE = {
    "the carrier's record reported": "Your system may show {rebilled} as correctly billed on {invoice}; it was "
                                     "already billed on {first} and is disputed in full.",
    "a suspicion cleared": "Our duplicate check flagged {twin1} and {twin2} as possible duplicates; they are two "
                           "shipments with their own numbers and both are approved for payment.",
    "a request to confirm": "Please confirm whether {line} is billed correctly in your system: we dispute EUR "
                            "{amount} of it.",
    "each invoice's part": "Disputed per invoice: {per_invoice}; together EUR {total}.",
    "a contingency": "If you cannot document the charges, please include them in the credit note for EUR {total}; "
                     "if you can, the total disputed would be EUR {less}.",
}


@pytest.mark.parametrize("wording", sorted(FAIR_NOTE))
def test_a_fair_wording_in_the_note_completes(generated: Generated, solved: Path, wording: str):
    """Each failed 1.6 (note_lines, note_spares_same_lane or note_total): the carrier's record reported and refused
    (K1), a suspicion the note clears (K1), a request to confirm (K4), each invoice's part beside the total (K8), a
    contingency (K9)."""
    _note(solved, [_wording(generated, FAIR_NOTE[wording])])
    receipt = evaluate(generated, solved / layout.OUT_DIR, solved)
    assert receipt["det_completion"], failed_ids(receipt)


MISLEADING_NOTE = {
    "the record taken up": ("Your system shows {rebilled} as correctly billed, and it is correctly billed.",
                            "note_lines"),
    "the suspicion confirmed": ("Our duplicate check flagged {twin1} and {twin2} as possible duplicates, and they "
                                "are duplicates: {twin2} is disputed.", "note_spares_same_lane"),
    "a check, then the writer's answer": ("Please confirm whether {line} is billed correctly; {line} is billed "
                                          "correctly.", "note_lines"),
    "parts that do not add up": ("Disputed per invoice: {per_invoice_wrong}; together EUR {total}.", "note_total"),
    "a total, then a contingency": ("The total disputed is EUR {less}, and it would rise if you cannot document the "
                                    "charges.", "note_total"),
}


@pytest.mark.parametrize("wording", sorted(MISLEADING_NOTE))
def test_the_writers_own_answer_in_the_same_words_still_fails(generated: Generated, solved: Path, wording: str):
    """The misleading twins of each fair wording fail their criterion on 1.6 and 1.7."""
    sentence, criterion = MISLEADING_NOTE[wording]
    _note(solved, [_wording(generated, sentence)])
    assert criterion in failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved))


def test_hard_the_under_billed_line_in_the_working_of_the_total_is_not_given_it(scenario_cache, tmp_path: Path):
    """K8: "The over-billed lines total EUR X and the under-billed line <shipment> reduces this by EUR Y, so the
    amount disputed is EUR Z" names the under-billed line beside the total's working; 1.6 read X and Z as that
    line's amount (note_lines). A K9 contingency in COMPLETION.json ("If the waiting-time line is withdrawn ..., the
    total disputed falls to EUR ...") failed note_total. The line given the total alone still fails."""
    generated, workspace = _hard(scenario_cache, tmp_path)
    facts = generated.oracle()["facts"]
    under = next(line for line in facts["disputed_lines"] if Decimal(line["amount"]) < 0)
    waiting = next(line for line in facts["disputed_lines"] if line["reason"] == "accessorial_unsupported")
    total = Decimal(facts["amount_disputed"])
    over = sum(Decimal(line["amount"]) for line in facts["disputed_lines"] if Decimal(line["amount"]) > 0)
    original = (workspace / layout.OUT_DIR / "dispute_note.docx").read_bytes()
    _add_to_note(workspace, f"The over-billed lines total EUR {over:.2f} and the under-billed line "
                            f"{under['shipment']} reduces this by EUR {-Decimal(under['amount']):.2f}, so the amount "
                            f"disputed is EUR {total:.2f}.")
    path = workspace / layout.OUT_DIR / layout.COMPLETION_JSON
    completion = json.loads(path.read_text())
    completion["issues_found"].append(f"If the waiting-time line is withdrawn after Hollweg documents it, the total "
                                      f"disputed falls to EUR {total - Decimal(waiting['amount']):.2f}.")
    path.write_text(json.dumps(completion))
    receipt = evaluate(generated, workspace / layout.OUT_DIR, workspace)
    assert receipt["det_completion"], failed_ids(receipt)
    (workspace / layout.OUT_DIR / "dispute_note.docx").write_bytes(original)
    _add_to_note(workspace, f"{under['shipment']} is under-billed by EUR {-Decimal(under['amount']):.2f}; the amount "
                            f"disputed for {under['shipment']} is EUR {total:.2f}.")
    assert "note_lines" in failed_ids(evaluate(generated, workspace / layout.OUT_DIR, workspace))


# --- a line corrected is not a line billed correctly; a date is not an amount (LOG-01 1.8) -----------------------------

FAIR_CORRECTED_OR_DATED = {
    "a line's billing corrected": "{line} \u2013 amount disputed EUR {amount}: over-billing, corrected in our audit; "
                                  "Correct: EUR {amount} less than billed.",
    "a billing corrected in your favour": "Billing, corrected in your favour where under-billed: {line}, EUR {amount} "
                                          "disputed.",
    "a month's year beside a credit note": "You announced a credit note with your June 2025 invoicing; it is separate "
                                           "from the EUR {total} disputed above.",
    "a date beside the credit note": "We expect your credit note by 15 July 2025 for EUR {total}.",
    "a dotted date beside the total": "The total disputed at 04.07.2025 is EUR {total}.",
}


@pytest.mark.parametrize("wording", sorted(FAIR_CORRECTED_OR_DATED))
def test_a_line_corrected_or_a_date_beside_the_total_completes(generated: Generated, solved: Path, wording: str):
    """A line's billing "corrected" is put right, not "billed correctly"; a date or a month's year ("June 2025",
    "15 July 2025", "04.07.2025") after "credit note" or "total" is no total (1.7 failed note_lines or note_total on
    the seed-9510 solver's note)."""
    _note(solved, [_wording(generated, FAIR_CORRECTED_OR_DATED[wording])])
    receipt = evaluate(generated, solved / layout.OUT_DIR, solved)
    assert receipt["det_completion"], failed_ids(receipt)


MISLEADING_CORRECTED_OR_DATED = {
    "the line billed correctly": ("{line} is billed correctly.", "note_lines"),
    "the line correct and not disputed": ("The line of {line} is correct and not disputed.", "note_lines"),
    "corrected, then billed correctly": ("Billing corrected: {line} is correctly billed.", "note_lines"),
    "a German total of 2.025,00": ("The total amount disputed is EUR 2.025,00.", "note_total"),
    "a second total": ("In total we dispute EUR {more}.", "note_total"),
    "a second total after a month": ("The total disputed for June 2025 is EUR {more}.", "note_total"),
}


@pytest.mark.parametrize("wording", sorted(MISLEADING_CORRECTED_OR_DATED))
def test_a_line_called_right_or_a_second_total_still_fails(generated: Generated, solved: Path, wording: str):
    """The misleading twins: the writer calls a disputed line right, or gives another total (after a date too)."""
    sentence, criterion = MISLEADING_CORRECTED_OR_DATED[wording]
    more = Decimal(generated.oracle()["facts"]["amount_disputed"]) + Decimal("85.90")
    _note(solved, [_wording(generated, sentence).replace("{more}", f"{more:.2f}")])
    assert criterion in failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved))


# --- a totals row under column headers: each figure is its column's total (LOG-01 1.9) ---------------------------------

def test_an_independent_solvers_correct_hard_work_at_seed_9531_completes(tmp_path: Path):
    # LOG-01 1.8 failed note_total: the table's last row, "Total amount disputed (net)" merged over the line columns
    # and then 954,00 | 682,30 | 271,70 under Invoiced, Correct and Amount disputed, was read as a label with its
    # first figure (the Invoiced column's sum) as a second total disputed.
    receipt = grade_fixture(TASK, 9531, "log01-hard-seed9531", tmp_path)
    assert failed_ids(receipt) == set() and receipt["det_completion"] is True, failed_ids(receipt)


def _totals_table(generated: Generated, workspace: Path, headers: tuple[str, ...], label: str, merge: bool,
                  total_row: dict[str, str]) -> None:
    """Append to the note a table of the disputed lines under ``headers`` (Shipment, Reason and the columns
    invoiced, correct and disputed, named by their header's first word) and a last row labelled ``label`` (across
    the Shipment and Reason cells, merged when ``merge``) with ``total_row``'s figures under their columns:
    "{invoiced}", "{correct}" and "{disputed}" stand for the columns' sums."""
    facts = generated.oracle()["facts"]
    billed = {(a["invoice"], a["shipment"]): a for a in facts["audit"]}
    reasons = {d["shipment"]: d["reason"] for d in _right(generated.oracle())}
    lines = [billed[(d["invoice"], d["shipment"])] for d in facts["disputed_lines"]]
    sums = {k: sum((Decimal(line[k]) for line in lines), Decimal(0)) for k in ("invoiced", "correct")}
    sums["disputed"] = Decimal(facts["amount_disputed"])
    path = workspace / layout.OUT_DIR / "dispute_note.docx"
    document = docx.Document(str(path))
    table = document.add_table(rows=len(lines) + 2, cols=len(headers))
    column = {h.split()[0].lower(): i for i, h in enumerate(headers)}
    column["disputed"] = column.pop("amount", column.get("disputed"))
    for i, header in enumerate(headers):
        table.rows[0].cells[i].text = header
    for row, line in zip(table.rows[1:], lines, strict=False):
        row.cells[column["shipment"]].text = line["shipment"]
        row.cells[column["reason"]].text = reasons[line["shipment"]]
        for key in ("invoiced", "correct"):
            row.cells[column[key]].text = f"{Decimal(line[key]):.2f}"
        row.cells[column["disputed"]].text = f"{Decimal(line['invoiced']) - Decimal(line['correct']):.2f}"
    last = table.rows[-1].cells
    if merge:
        last[column["shipment"]].merge(last[column["reason"]])
    last[column["shipment"]].text = label
    if not merge:
        last[column["reason"]].text = ""
    for key, figure in total_row.items():
        last[column[key]].text = figure.format(**{k: f"{v:.2f}" for k, v in sums.items()})
    document.save(str(path))


LINES = ("Shipment", "Reason")
FULL_TOTALS = {"invoiced": "{invoiced}", "correct": "{correct}", "disputed": "{disputed}"}
FAIR_TOTALS_ROW = {
    "a merged label over the line columns": (LINES + ("Invoiced", "Correct", "Amount disputed"),
                                             "Total amount disputed (net)", True, FULL_TOTALS),
    "a bare Total label": (LINES + ("Invoiced", "Correct", "Amount disputed"), "Total", False, FULL_TOTALS),
    "headers with their unit": (LINES + ("Invoiced (EUR)", "Correct (EUR)", "Disputed (EUR)"), "Total disputed",
                                True, FULL_TOTALS),
    "the disputed column first": (LINES + ("Amount disputed", "Invoiced", "Correct"), "Total amount disputed",
                                  False, FULL_TOTALS),
}


@pytest.mark.parametrize("wording", sorted(FAIR_TOTALS_ROW))
def test_a_totals_row_under_column_headers_gives_each_column_its_own_total(generated: Generated, solved: Path,
                                                                          wording: str):
    """A careful reader reads a totals row column by column: the figure under the disputed column is the total
    disputed, the figures under Invoiced and Correct are those columns' sums, however the row's label reads (1.8
    took the first figure after the label, the Invoiced column's sum, as a second total disputed)."""
    _totals_table(generated, solved, *FAIR_TOTALS_ROW[wording])
    receipt = evaluate(generated, solved / layout.OUT_DIR, solved)
    assert receipt["det_completion"], failed_ids(receipt)


MISLEADING_TOTALS_ROW = {
    "the disputed column's total holding the invoiced sum": (
        LINES + ("Invoiced", "Correct", "Amount disputed"), "Total amount disputed (net)", True,
        {"invoiced": "{invoiced}", "correct": "{correct}", "disputed": "{invoiced}"}),
    "one figure, the invoiced sum, labelled the total disputed": (
        LINES + ("Invoiced", "Correct", "Amount disputed"), "Total amount disputed", True,
        {"invoiced": "{invoiced}"}),
}


@pytest.mark.parametrize("wording", sorted(MISLEADING_TOTALS_ROW))
def test_a_totals_row_giving_the_invoiced_sum_as_the_total_disputed_still_fails(generated: Generated,
                                                                                solved: Path, wording: str):
    """The misleading twins: the disputed column's total cell holds the invoiced sum, or a row's one figure (the
    invoiced sum) stands beside the label "Total amount disputed"."""
    _totals_table(generated, solved, *MISLEADING_TOTALS_ROW[wording])
    assert "note_total" in failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved))


def test_the_invoiced_sum_called_the_total_disputed_in_prose_still_fails(generated: Generated, solved: Path):
    """Beside a fair totals row, a sentence giving the invoiced sum as the total disputed is a second total."""
    _totals_table(generated, solved, *FAIR_TOTALS_ROW["a merged label over the line columns"])
    facts = generated.oracle()["facts"]
    billed = {(a["invoice"], a["shipment"]): Decimal(a["invoiced"]) for a in facts["audit"]}
    invoiced = sum((billed[(d["invoice"], d["shipment"])] for d in facts["disputed_lines"]), Decimal(0))
    _note(solved, [f"Total amount disputed: EUR {invoiced:.2f}"])
    assert "note_total" in failed_ids(evaluate(generated, solved / layout.OUT_DIR, solved))
