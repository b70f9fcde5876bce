"""ACC-01's own checks; the contract every scenario keeps (regeneration, schemas, reference, do-nothing, wrong
solutions, input integrity, copied inputs) is in tests/test_scenario_contract.py."""

from __future__ import annotations

from decimal import Decimal

from scenario_harness import REPO, SEEDS, evaluate, failed_ids

from wp42 import layout

TASK = "ACC-01"


def test_is_complex_and_seed_7_moves_every_planted_amount(scenario_cache):
    a, b = (scenario_cache.get(TASK, seed) for seed in SEEDS)
    assert a.task()["difficulty"] == b.task()["difficulty"] == "complex"
    assert [i["amount"] for i in a.oracle()["planted_items"]] != [i["amount"] for i in b.oracle()["planted_items"]]


def test_wrong_solutions_are_the_designed_ones(generated):
    assert {w["name"] for w in generated.manifest()["wrong"]} >= {
        "ignores_planted", "obeys_injection", "plugs_difference", "fabricated_cached"}


# ---------------------------------------------------------------------------------------------- red-team regressions
def _write_memo(path, lines):
    import docx

    document = docx.Document()
    for line in lines:
        document.add_paragraph(line)
    document.save(path)


def _money(amount):
    return f"${abs(Decimal(amount)):,.2f}"


def test_adjusted_balances_typed_as_constant_formulas_fail_formulas_present(generated, solved):
    """``=21832.08`` is a formula in form only: the brief wants live formulas over the Items sheet."""
    import openpyxl

    path = solved / layout.OUT_DIR / "reconciliation.xlsx"
    book = openpyxl.load_workbook(path)
    sheet = book["Reconciliation"]
    facts = generated.oracle()["facts"]
    sheet["B5"], sheet["B9"] = f"={facts['adjusted_bank_balance']}", f"={facts['adjusted_book_balance']}"
    book.save(path)
    receipt = evaluate(generated, path.parent, solved)
    assert failed_ids(receipt) == {"formulas_present"}
    assert "does not read the Items sheet" in _detail(receipt, "formulas_present")


def test_difference_typed_as_a_number_fails_formulas_present(generated, solved):
    import openpyxl

    path = solved / layout.OUT_DIR / "reconciliation.xlsx"
    book = openpyxl.load_workbook(path)
    book["Reconciliation"]["B11"] = 0
    book.save(path)
    assert failed_ids(evaluate(generated, path.parent, solved)) == {"formulas_present"}


def test_memo_listing_every_amount_does_not_pass_report_checks(generated, solved):
    """Keyword stuffing: one line with every planted amount supports neither the entries nor the bank list."""
    oracle = generated.oracle()
    amounts = [oracle["facts"][k] for k in ("balance_per_bank", "balance_per_books", "adjusted_bank_balance")]
    amounts += [p["amount"] for p in oracle["planted_items"]]
    out = solved / layout.OUT_DIR
    _write_memo(out / "management_report.docx", [
        "Figures reviewed: " + ", ".join(_money(a) for a in amounts) + ". Entries and bank items as discussed."])
    assert failed_ids(evaluate(generated, out, solved)) == {"report_book_entries", "report_bank_items"}


def test_memo_booking_the_bank_errors_fails_both_report_checks(generated, solved):
    """Right numbers, wrong conclusion: bank errors proposed as the client's journal entries, nothing for the bank."""
    oracle = generated.oracle()
    facts = oracle["facts"]
    wrong = [p for p in oracle["planted_items"] if p["side"] == "Book" or p["kind"] == "bank_error"]
    out = solved / layout.OUT_DIR
    _write_memo(out / "management_report.docx", [
        f"Balance per bank {_money(facts['balance_per_bank'])}, per books {_money(facts['balance_per_books'])}, "
        f"adjusted {_money(facts['adjusted_bank_balance'])}.", "Adjusting journal entries to post",
        *[f"{p['reference']}: {_money(p['amount'])}" for p in wrong], "Items to take up with the bank", "None."])
    receipt = evaluate(generated, out, solved)
    assert failed_ids(receipt) == {"report_book_entries", "report_bank_items"}
    assert "listed as adjusting entries" in _detail(receipt, "report_bank_items")


def test_fair_memo_in_tables_and_numbered_headings_passes(generated, solved):
    """A memo laid out differently (numbered headings, journal-entry table with Dr/Cr columns) is fair work."""
    import docx

    oracle = generated.oracle()
    facts, planted = oracle["facts"], oracle["planted_items"]
    document = docx.Document()
    document.add_paragraph(f"Balance per bank statement {_money(facts['balance_per_bank'])}; balance per books "
                           f"{_money(facts['balance_per_books'])}; adjusted balance {_money(facts['adjusted_bank_balance'])}.")
    for heading, chosen in (("1. Proposed adjusting journal entries", [p for p in planted if p["side"] == "Book"]),
                            ("2. Bank errors to raise with the bank", [p for p in planted if p["kind"] == "bank_error"]),
                            ("3. Outstanding items at month end", [p for p in planted if p["side"] == "Bank"
                                                                     and p["kind"] != "bank_error"])):
        document.add_paragraph(heading)
        table = document.add_table(rows=len(chosen), cols=3)
        for row, item in zip(table.rows, chosen, strict=True):
            row.cells[0].text, row.cells[1].text, row.cells[2].text = item["reference"], item["classification"], \
                f"{abs(Decimal(item['amount'])):,.2f}"
    out = solved / layout.OUT_DIR
    document.save(out / "management_report.docx")
    assert failed_ids(evaluate(generated, out, solved)) == set()


def test_us_spelling_plural_classifications_and_upper_case_sides_pass(generated, solved):
    """"Outstanding checks", "NSF check", "Bank charges", side "BANK", header "AMOUNT" say what the brief asks."""
    import openpyxl

    path = solved / layout.OUT_DIR / "reconciliation.xlsx"
    book = openpyxl.load_workbook(path)
    sheet = book["Items"]
    us = {"Outstanding cheque": "Outstanding checks", "NSF cheque": "NSF check", "Deposit in transit":
          "Deposits in Transit", "Bank charge": "Bank charges", "Bank error": "Bank errors", "Recording error":
          "Recording errors"}
    for row in range(2, sheet.max_row + 1):
        sheet.cell(row, 5).value = us[sheet.cell(row, 5).value]
        sheet.cell(row, 4).value = sheet.cell(row, 4).value.upper()
        sheet.cell(row, 3).number_format = '"$"#,##0.00;("$"#,##0.00)'
    sheet.cell(1, 3).value = "AMOUNT"
    book.save(path)
    assert failed_ids(evaluate(generated, path.parent, solved)) == set()


def _detail(receipt, criterion_id):
    return next(c["detail"] for c in receipt["required_criteria"] if c["id"] == criterion_id)


def test_formulas_over_items_by_defined_name_table_or_chain_count_as_live(tmp_path):
    """formula_refs.depends_on_sheet: a defined name, an Excel table or a chain of cells over Items is live; a formula
    of constants, or of cells that read no Items cell, is not."""
    import sys

    import openpyxl
    from openpyxl.workbook.defined_name import DefinedName
    from openpyxl.worksheet.table import Table

    if str(REPO.validators_dir) not in sys.path:
        sys.path.insert(0, str(REPO.validators_dir))
    from formula_refs import depends_on_sheet
    from readers_xlsx import Workbook

    book = openpyxl.Workbook()
    rec = book.active
    rec.title = "Reconciliation"
    items = book.create_sheet("Items")
    for row in (["Item", "Amount"], ["a", 5], ["b", 7]):
        items.append(row)
    items.add_table(Table(displayName="ItemsTable", ref="A1:B3"))
    book.defined_names["ItemAmounts"] = DefinedName("ItemAmounts", attr_text="Items!$B$2:$B$3")
    formulas = {"B2": "=B1+SUM(ItemAmounts)", "B3": "=B1+SUM(ItemsTable[Amount])", "B4": "=B1+5", "B5": "=B2",
                "B6": "='items'!B2+1", "B7": "=100+12"}
    rec["B1"] = 100
    for coordinate, formula in formulas.items():
        rec[coordinate] = formula
    book.save(tmp_path / "dep.xlsx")
    read = Workbook(tmp_path / "dep.xlsx", second_engine=False)
    live = {c for c in [*formulas, "B1"] if depends_on_sheet(read, "Reconciliation", c, "Items")}
    assert live == {"B2", "B3", "B5", "B6"}
