"""Each deliverable parsed once per receipt (issue 14 item 3): a workbook's sheets are parsed by openpyxl once (the
formula cells' cached values read from the same parse, exactly as a ``data_only`` load reads them), and a Word
document's parts are parsed once whichever readers of a receipt ask for it, kept by content, never by path."""

from __future__ import annotations

import sys
import zipfile
from datetime import datetime

import openpyxl
import pytest
import xlsxwriter
from docx import Document
from openpyxl.worksheet._reader import WorkSheetParser

from wp42.layout import Repo

sys.path.insert(0, str(Repo.find().validators_dir))
import readers_docx  # noqa: E402
import reading  # noqa: E402
from readers_xlsx import Workbook  # noqa: E402
from safety import HostileFile  # noqa: E402


def _typed_cached_values(path):
    """Formula cells whose cached values take every path of openpyxl's cell reader: number, text (t="str"),
    boolean, error, a date by number format, an array formula, no cached value; plus shared strings, a merged
    range and a second sheet."""
    book = xlsxwriter.Workbook(str(path))
    dates = book.add_format({"num_format": "yyyy-mm-dd"})
    ws = book.add_worksheet("Data")
    ws.write_string("A1", "label")
    ws.write_number("A2", 10)
    ws.write_formula("B1", "=A2*2", None, 20)
    ws.write_formula("B2", '="x"&A1', None, "xlabel")
    ws.write_formula("B3", "=A2>5", None, True)
    ws.write_formula("B4", "=1/0", None, "#DIV/0!")
    ws.write_formula("B5", "=DATE(2026,3,31)", dates, 46112)
    ws.write_array_formula("C1:C2", "{=A2*{1;2}}", None, 10)
    ws.write_formula("B6", "=A2+1", None, "")
    ws.merge_range("D1:E2", "merged", None)
    other = book.add_worksheet("Other sheet")
    other.write_formula("A1", "='Data'!A2+0.5", None, 10.5)
    other.write_string("A2", "label")
    book.close()
    return path


def test_a_workbook_is_parsed_once_and_its_cached_values_are_a_data_only_loads(tmp_path, monkeypatch):
    path = _typed_cached_values(tmp_path / "typed.xlsx")
    expected = openpyxl.load_workbook(path, data_only=True)
    parsed: list[str] = []
    original = WorkSheetParser.parse

    def counting(self):
        parsed.append(self.source.name)
        return original(self)

    monkeypatch.setattr(WorkSheetParser, "parse", counting)
    book = Workbook(path, second_engine=False)
    assert sorted(parsed) == ["xl/worksheets/sheet1.xml", "xl/worksheets/sheet2.xml"]  # the old _load: each twice
    compared = 0
    for ws in expected.worksheets:
        for (row, col), cell in ws._cells.items():
            assert book._cached_value(ws.title, row, col) == cell.value, (ws.title, cell.coordinate)
            assert type(book._cached_value(ws.title, row, col)) is type(cell.value), (ws.title, cell.coordinate)
            compared += 1
    assert compared >= 14
    assert book._cached_value("Data", 5, 2) == datetime(2026, 3, 31)
    assert book._cached_value("Data", 4, 2) == "#DIV/0!" and book._cached_value("Data", 3, 2) is True
    assert book.cell("Data", "B1").cached == 20 and book.cell("Other sheet", "A1").cached == 10.5


def _letter(path, text):
    document = Document()
    document.add_paragraph(text)
    document.save(path)
    return path


def test_the_readers_of_one_receipt_parse_a_word_document_once(tmp_path, monkeypatch):
    path = _letter(tmp_path / "memo.docx", "The reconciliation balances at 1,250.00.")
    monkeypatch.setattr(readers_docx, "_DELIVERABLE_PARTS", {}, raising=False)
    parsed: list[str] = []
    original = readers_docx.parse_xml

    def counting(data, name="xml"):
        parsed.append(name)
        return original(data, name)

    monkeypatch.setattr(readers_docx, "parse_xml", counting)
    monkeypatch.setattr(reading, "parse_xml", counting)
    text = readers_docx.read_docx(path)
    statements, _ = reading.docx_statements(path)
    assert "1,250.00" in text.all_text() and any("1,250.00" in s.text for s in statements)
    assert parsed.count("memo.docx:word/document.xml") == 1  # the old readers: once each


def test_a_document_rewritten_in_place_is_read_anew_not_from_the_cache(tmp_path):
    """The cache is keyed by the part's content: a path-keyed one would return the first text here."""
    path = _letter(tmp_path / "memo.docx", "Approved by the board.")
    assert "Approved" in readers_docx.read_docx(path).all_text()
    assert any("Approved" in s.text for s in reading.docx_statements(path)[0])
    _letter(path, "Rejected by the board.")
    assert "Rejected" in readers_docx.read_docx(path).all_text()
    assert [s.text for s in reading.docx_statements(path)[0]] == ["Rejected by the board."]


def test_a_refused_part_is_never_kept(tmp_path):
    """A refusal raises on every read (nothing cached for it), as safety.parse_xml does."""
    path = _letter(tmp_path / "memo.docx", "Fine.")
    hostile = tmp_path / "hostile.docx"
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(hostile, "w") as target:
        for info in source.infolist():
            data = source.read(info)
            if info.filename == "word/document.xml":
                data = b'<?xml version="1.0"?><!DOCTYPE d [<!ENTITY e "x">]><d>&e;</d>'
            target.writestr(info, data)
    for _ in range(2):
        with pytest.raises(HostileFile):
            readers_docx.read_docx(hostile)
        with pytest.raises(HostileFile):
            reading.docx_statements(hostile)
