"""Formula truth (issue 11): computed values agree with Excel, and a correct workbook is never convicted of
fabrication. Each small case is a workbook whose cached values are the ones Excel itself gives (documented in the
case), built in tmp_path with xlsxwriter; the payroll case is the one that convicted an independent, correct HR-01
solution. The fabricated total is the regression guard the other way: a cached 999 on ``=SUM`` of 10 stays convicted.
"""

from __future__ import annotations

import datetime as real_datetime
import json
import os
import shutil
import sys
import types
from decimal import Decimal
from pathlib import Path

import pytest
import xlsxwriter

from wp42.layout import Repo

sys.path.insert(0, str(Repo.find().validators_dir))
import common  # noqa: E402

needs_soffice = pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice (soffice) is not installed")


def _book(path: Path, cells: dict[str, object], names: dict[str, str] | None = None) -> Path:
    """A workbook from ``{"Sheet!A1": constant | ("=formula", excel_cached_value)}`` and defined names."""
    wb = xlsxwriter.Workbook(str(path))
    sheets: dict[str, object] = {}
    for ref, content in cells.items():
        sheet, address = ref.split("!")
        ws = sheets.get(sheet) or sheets.setdefault(sheet, wb.add_worksheet(sheet))
        if isinstance(content, tuple):
            ws.write_formula(address, content[0], None, content[1])
        else:
            ws.write(address, content)
    for name, target in (names or {}).items():
        wb.define_name(name, target)
    wb.close()
    return path


def _fabrication_check(tmp_path: Path, workbook: Path) -> dict:
    out = tmp_path / "out"
    out.mkdir(exist_ok=True)
    shutil.copy(workbook, out / "book.xlsx")
    ev = common.Evaluation(out, {"task_id": "T"}, tmp_path)
    ev.check_fabricated_totals("book.xlsx")
    return ev.receipt()


# Each case: cells with Excel's own cached values, the cell to read, and Excel's value for it.
EXCEL_CASES = {
    # The HR-01 payroll line: 7 h x 14.51 x 1.5 is 152.355 in decimal, 152.35499999... in binary floating point;
    # Excel rounds the decimal value (15 significant digits) and shows 152.36.
    "payroll_round_half": ({"Pay!C7": 1.5, "Pay!G7": 14.51, "Pay!H7": 7, "Pay!I7": ("=ROUND(H7*G7*C7,2)", 152.36)},
                           "Pay!I7", 152.36),
    "round_literal_1_005": ({"S!A1": ("=ROUND(1.005,2)", 1.01)}, "S!A1", 1.01),
    # SUM and COUNT over a range skip the text "2" and the boolean TRUE (Excel: only numbers in references count).
    "sum_skips_text_and_booleans": ({"S!A1": 1, "S!A2": "2", "S!A3": True, "S!A4": 4,
                                     "S!B1": ("=SUM(A1:A4)", 5)}, "S!B1", 5),
    "count_skips_text_and_booleans": ({"S!A1": 1, "S!A2": "2", "S!A3": True, "S!A4": 4,
                                       "S!B1": ("=COUNT(A1:A4)", 2)}, "S!B1", 2),
    # COUNTIF's ">=100" compares numbers with numbers: the text "200" is not counted.
    "countif_ignores_numeric_text": ({"S!A1": 50, "S!A2": 150, "S!A3": "200", "S!A4": 100,
                                      "S!B1": ('=COUNTIF(A1:A4,">=100")', 2)}, "S!B1", 2),
    "value_with_thousands_separator": ({"S!A1": ('=VALUE("1,234.5")', 1234.5)}, "S!A1", 1234.5),
    # 0.1+0.2 and 0.3 are equal to 15 significant digits, so Excel's = says TRUE.
    "equality_at_15_digits": ({"S!A1": 0.3, "S!B1": ("=0.1+0.2", 0.3), "S!C1": ("=A1=B1", True)}, "S!C1", True),
    # A number joined into text keeps 15 significant digits.
    "number_to_text_15_digits": ({"S!A1": ("=1/3", 0.333333333333333),
                                  "S!B1": ('="Share "&A1', "Share 0.333333333333333")}, "S!B1",
                                 "Share 0.333333333333333"),
    "joined_sum_15_digits": ({"S!A1": ('="Total: "&(0.1+0.2)', "Total: 0.3")}, "S!A1", "Total: 0.3"),
    # TEXT number formats, values as Excel cached them in IronCalc's TEXT.xlsx (../shared/formula-truth).
    "text_negative_section": ({"S!A1": -12, "S!B1": ('=TEXT(A1,"#,##0_);(#,##0)")', "(12)")}, "S!B1", "(12)"),
    "text_digits_between_literals": ({"S!A1": 123456789012, "S!B1": ('=TEXT(A1,"00-00-00-00")', "123456-78-90-12")},
                                     "S!B1", "123456-78-90-12"),
    "text_general_11_characters": ({"S!A1": ("=1/3", 0.333333333333333),
                                    "S!B1": ('=TEXT(A1,"General")', "0.333333333")}, "S!B1", "0.333333333"),
    "text_scaled_millions": ({"S!A1": 123456789012, "S!B1": ('=TEXT(A1,"#,##,, ""Millions""")', "123,457 Millions")},
                             "S!B1", "123,457 Millions"),
}


@pytest.mark.parametrize("case", sorted(EXCEL_CASES))
def test_excel_value_is_computed_and_not_convicted(tmp_path, case):
    cells, ref, expected = EXCEL_CASES[case]
    path = _book(tmp_path / f"{case}.xlsx", cells)
    cell = common.Workbook(path).cell(*ref.split("!"))
    assert cell.value == expected and cell.known and not cell.disputed, (case, cell.value, cell.note)
    receipt = _fabrication_check(tmp_path, path)
    assert receipt["critical_violations"] == [], receipt["critical_violations"]


def test_sheet_scoped_name_overrides_the_workbook_name(tmp_path):
    path = _book(tmp_path / "names.xlsx",
                 {"Book!A1": 0.1, "Local!A1": 0.2, "Local!B1": ("=Rate*100", 20), "Book!B1": ("=Rate*100", 10)},
                 names={"Rate": "=Book!$A$1", "Local!Rate": "=Local!$A$1"})
    book = common.Workbook(path)
    assert book.cell("Local", "B1").value == 20 and book.cell("Book", "B1").value == 10
    assert _fabrication_check(tmp_path, path)["critical_violations"] == []


def _clock(monkeypatch, day: real_datetime.date) -> None:
    """Set the clock the formulas package reads for TODAY()/NOW()."""
    import formulas.functions.date as formulas_date

    class Fixed(real_datetime.datetime):
        @classmethod
        def now(cls, tz=None):
            return cls(day.year, day.month, day.day, 9, 30)

    fake = types.SimpleNamespace(**{k: getattr(real_datetime, k) for k in dir(real_datetime) if not k.startswith("__")})
    fake.datetime = Fixed
    monkeypatch.setattr(formulas_date, "datetime", fake)


def test_today_with_an_old_cache_is_disputed_and_the_receipt_does_not_depend_on_the_day(tmp_path, monkeypatch):
    # Saved by Excel on 2023-03-15 (serial 45000): TODAY() cached 45000, and a formula over it.
    path = _book(tmp_path / "today.xlsx", {"S!A1": ("=TODAY()", 45000), "S!B1": ("=A1+30", 45030)})
    receipts = []
    for day in (real_datetime.date(2026, 11, 30), real_datetime.date(2027, 1, 4)):
        _clock(monkeypatch, day)
        book = common.Workbook(path)
        assert book.cell("S", "A1").value == 45000 and book.cell("S", "B1").value == 45030
        receipts.append(_fabrication_check(tmp_path, path))
    assert receipts[0]["critical_violations"] == [] and receipts[0] == receipts[1]
    assert any("S!A1" in note and "disputed" in note for note in receipts[0]["notes"]), receipts[0]["notes"]


def test_a_function_no_engine_knows_reads_the_cached_value_as_disputed(tmp_path, monkeypatch):
    monkeypatch.setenv("WP42_SOFFICE", "none")  # the formulas package alone: it does not know this function
    path = _book(tmp_path / "unknown.xlsx", {"S!A1": 3, "S!A2": 12, "S!B1": ("=_xlfn.NEVERHEARDOF(A1,A2)", 0.25)})
    cell = common.Workbook(path).cell("S", "B1")
    assert cell.value == 0.25 and cell.disputed and cell.value is not None
    receipt = _fabrication_check(tmp_path, path)
    assert receipt["critical_violations"] == []
    assert any("S!B1" in note and "disputed" in note for note in receipt["notes"]), receipt["notes"]


@pytest.mark.parametrize("engines", ["formulas alone", pytest.param("both engines", marks=[
    needs_soffice, pytest.mark.slow, pytest.mark.libreoffice])])
def test_a_fabricated_cached_total_is_still_convicted(tmp_path, monkeypatch, engines):
    if engines == "formulas alone":
        monkeypatch.setenv("WP42_SOFFICE", "none")
    path = _book(tmp_path / "fabricated.xlsx", {"S!A1": "Amount", "S!B2": 1, "S!B3": 2, "S!B4": 3, "S!B5": 4,
                                                "S!B6": ("=SUM(B2:B5)", 999)})
    cell = common.Workbook(path).cell("S", "B6")
    assert cell.number == Decimal(10) and not cell.disputed
    receipt = _fabrication_check(tmp_path, path)
    assert [v["id"] for v in receipt["critical_violations"]] == ["fabricated_totals"]
    assert "999" in receipt["critical_violations"][0]["detail"]


# -- the independent HR-01 solution that was convicted (../shared/independent-solutions) -------------------------
def _independent_case(task_id: str) -> Path:
    root = Path(os.environ.get("WP42_INDEPENDENT_SOLUTIONS")
                or Repo.find().root.parent / "shared" / "independent-solutions") / "seed-2026" / task_id
    if not (root / "out").is_dir():
        pytest.skip(f"no independent solution for {task_id} at {root} (a clone without ../shared/; "
                    "set WP42_INDEPENDENT_SOLUTIONS)")
    return root


@pytest.mark.slow
def test_independent_hr01_payroll_is_not_convicted(tmp_path):
    from wp42.evaluation import evaluate_out

    case = _independent_case("HR-01")
    repo = Repo.find()
    oracle_dir = tmp_path / "oracles" / "HR-01"
    shutil.copytree(repo.root / "oracles-template" / "HR-01", oracle_dir, ignore=shutil.ignore_patterns("solutions"))
    shutil.copy(case / "oracle.json", oracle_dir / "oracle.json")
    receipt = evaluate_out("HR-01", case / "out", workspace=case, oracle_root=tmp_path / "oracles", repo=repo)
    assert "fabricated_totals" not in [v["id"] for v in receipt["critical_violations"]], receipt
    assert json.dumps(receipt).count("152.35") == 0


# -- live formulas by behaviour (issue 11, item 3) ------------------------------------------------------------------
def _live_book(tmp_path: Path) -> common.Workbook:
    path = _book(tmp_path / "live.xlsx", {
        "Calc!A1": "Cash flow", "Calc!B1": 1250.0, "Calc!B2": 1000.0, "Calc!B3": ("=B1/B2", 1.25),
        "Items!C2": 100.0, "Items!C3": 250.5,
        "Cov!B1": ("=1.05+0*Calc!B1", 1.05), "Cov!B2": ("=21832.08", 21832.08),
        "Cov!B3": ("=Calc!B1/Calc!B2", 1.25), "Cov!B4": ("=Calc!B3", 1.25), "Cov!B5": ("=SUM(Items!C2:C3)", 350.5),
        "Cov!B6": ("=IF(Calc!B1>0,7,7)", 7), "Cov!B7": ("=Calc!B1-Calc!B1+5", 5),
        "Inputs!A1": 40.0, "Calc!B4": ("=Inputs!A1*2", 80), "Cov!B8": ("=Calc!B4", 80),
        # clean findings: a sum of the disputed lines selects none, and so keeps its value when only numbers move
        "Items!D2": "OK", "Items!D3": "OK", "Cov!B9": ('=SUMIF(Items!D2:D3,"<>OK",Items!C2:C3)', 0),
        "Cov!B10": ('=7+0*MATCH("OK",Items!D2:D3,0)', 7), "Cov!B11": ('=0*SUMIF(Items!D2:D3,"<>OK",Items!C2:C3)', 0),
        "Cov!B12": ('=COUNTIF(Items!D2:D3,"<>OK")', 0),
    })
    return common.Workbook(path)


@pytest.mark.parametrize(("cell", "inputs", "live"), [
    ("B1", "Calc", False), ("B2", "Calc", False), ("B6", "Calc", False), ("B7", "Calc", False),
    ("B3", "Calc", True), ("B4", "Calc", True), ("B5", "Items", True), ("B5", "Calc", False),
    ("B8", "Calc", True),  # through a Calc formula built on another sheet (BANK-01's =Calculations!B9)
    # a conditional sum or count that selects no row moves with the findings (LOG-01 coverage, seed 9424); an
    # error once they move is no movement, and a disguised constant over them stays still
    ("B9", "Items", True), ("B12", "Items", True), ("B10", "Items", False), ("B11", "Items", False),
])
def test_a_formula_is_live_only_when_it_moves_with_its_inputs(tmp_path, cell, inputs, live):
    from formula_refs import depends_on_sheet, is_live

    book = _live_book(tmp_path)
    assert is_live(book, "Cov", cell, inputs) is live
    if cell in ("B1", "B6", "B7"):  # the disguised constants the syntactic check let through
        assert depends_on_sheet(book, "Cov", cell, inputs)
    assert book.cell("Cov", cell).value == book.cell("Cov", cell).cached  # the workbook itself is unchanged


# -- readers that do not drop whole workbooks (issue 11, item 4) ----------------------------------------------------
def test_an_elapsed_hours_cell_is_read_not_crashed(tmp_path):
    import datetime

    import openpyxl

    from wp42.read import read_file

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Hours"
    ws["A1"] = datetime.timedelta(hours=37, minutes=30)  # openpyxl writes and reads an [h]:mm cell as a timedelta
    ws["A1"].number_format = "[h]:mm"
    ws["A2"] = "=A1*24"
    wb.save(tmp_path / "hours.xlsx")
    result = read_file(tmp_path / "hours.xlsx")
    assert result["status"] == "ok", result
    cells = result["sheets"]["Hours"]
    assert cells["A1"]["value"] == 1.5625 and cells["A1"]["shown"] == "37:30" and cells["A2"]["value"] == 37.5


_TO_STRICT = [(b"http://schemas.openxmlformats.org/spreadsheetml/2006/main",
               b"http://purl.oclc.org/ooxml/spreadsheetml/main"),
              (b"http://schemas.openxmlformats.org/wordprocessingml/2006/main",
               b"http://purl.oclc.org/ooxml/wordprocessingml/main"),
              (b"http://schemas.openxmlformats.org/officeDocument/2006/relationships",
               b"http://purl.oclc.org/ooxml/officeDocument/relationships"),
              (b"http://schemas.openxmlformats.org/drawingml/2006/main", b"http://purl.oclc.org/ooxml/drawingml/main")]


def _as_strict(source: Path, target: Path) -> Path:
    """``source`` saved the way Excel/Word's "Strict Open XML" option saves it: Strict namespaces throughout."""
    import zipfile

    with zipfile.ZipFile(source) as src, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info)
            if info.filename.endswith((".xml", ".rels")):
                for transitional, strict in _TO_STRICT:
                    data = data.replace(transitional, strict)
            dst.writestr(info, data)
    return target


def test_a_strict_open_xml_workbook_is_read_not_empty(tmp_path):
    from wp42.read import read_file

    source = _book(tmp_path / "t.xlsx", {"Data!A1": "Amount", "Data!A2": 10, "Data!A3": 20,
                                         "Data!A4": ("=SUM(A2:A3)", 30)})
    strict = _as_strict(source, tmp_path / "strict.xlsx")
    book = common.Workbook(strict)
    assert book.sheetnames == ["Data"] and book.cell("Data", "A4").value == 30
    assert common.cached_contradictions(book) == []
    result = read_file(strict)
    assert result["status"] == "ok" and result["sheets"]["Data"]["A1"]["value"] == "Amount"
    assert any("Strict" in note for note in result["notes"])


def test_a_strict_open_xml_document_is_read_not_empty(tmp_path):
    import docx

    document = docx.Document()
    document.add_paragraph("The adjusted bank balance is 21,832.08.")
    document.save(tmp_path / "t.docx")
    strict = _as_strict(tmp_path / "t.docx", tmp_path / "strict.docx")
    assert "21,832.08" in common.read_docx(strict).all_text()


# -- measured against Excel (issue 11, item 5) ----------------------------------------------------------------------
@pytest.fixture(scope="module")
def excel_agreement():
    """WP42's reader measured on ../shared/formula-truth (or $WP42_FORMULA_TRUTH) by the benchmark's own code."""
    import importlib.util

    path = Repo.find().root / "benchmarks" / "bench_formula_truth.py"
    spec = importlib.util.spec_from_file_location("bench_formula_truth", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    folder = bench.truth_folder()
    if not (folder / "MANIFEST.json").is_file():
        pytest.skip(f"no Excel ground truth at {folder} (a clone without ../shared/formula-truth; "
                    "set WP42_FORMULA_TRUTH to a folder with MANIFEST.json and files/)")
    return bench.measure(folder, ("wp42",))


@pytest.mark.slow
def test_computed_values_agree_with_excel(excel_agreement):
    overall = excel_agreement["overall"]["wp42"]
    agree, cells = overall["all"]
    core_agree, core_cells = overall["core"]
    # Issue 11's targets: >= 90% of all cells, >= 99% of core-function cells (98.8% and 99.2% on 2026-11-30).
    assert agree / cells >= 0.90, overall
    assert core_agree / core_cells >= 0.99, overall


@pytest.mark.slow
def test_every_proven_function_is_measured_at_99_5_percent(excel_agreement):
    from excel_semantics import PROVEN_FUNCTIONS

    measured = excel_agreement["functions"]
    for name in sorted(PROVEN_FUNCTIONS):
        assert name in measured, f"{name} is on the proven list but not measured"
        agree, cells = measured[name]["wp42"]
        assert agree / cells >= 0.995 and cells >= 5, (name, agree, cells)
