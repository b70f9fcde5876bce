"""Numbers, dates, Word, PDF, CSV and JSON as people and programs write them (issue 5, items 2-7). Each test builds
the small input it describes and shows a wrong reading is rejected."""

from __future__ import annotations

import sys
import zipfile
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path

import pytest

from wp42.layout import Repo

sys.path.insert(0, str(Repo.find().validators_dir))
import common  # noqa: E402


# ---------------------------------------------------------------------------------------------------- numbers
@pytest.mark.parametrize("text,locale,expected", [
    ("(1,234.50)", None, "-1234.50"), ("$1,234", None, "1234"), ("12.5%", None, "0.125"),
    ("1 234,50 $", "fr-FR", "1234.50"), ("1\u202f234,50\u00a0€", "fr-FR", "1234.50"), ("1.234,56", "de-DE", "1234.56"),
    ("-1.234,56 €", "de-DE", "-1234.56"), ("1.234,56-", "de-DE", "-1234.56"), ("12,5 %", "fr-FR", "0.125"),
    ("1.234,56", None, None), ("1 234,50 $", None, None), ("1,234.50", "de-DE", None),
    ("-", None, None), ("\u2014", None, None), ("", None, None), ("  ", "fr-FR", None), ("n/a", None, None),
])
def test_numbers_as_people_type_them(text, locale, expected):
    assert common.parse_number(text, locale) == (None if expected is None else Decimal(expected))


def test_missing_marks_are_not_zero():
    assert common.is_missing("\u2014") and common.is_missing("-") and common.is_missing(None)
    assert not common.is_missing("0") and common.parse_number("0") == 0


def test_amounts_in_text_follow_the_locale():
    assert common.text_has_amount("Solde : 1 234,50 €", "1234.50", locale="fr-FR")
    assert common.text_has_amount("Saldo 1.234,56 EUR", "1234.56", locale="de-DE")
    assert not common.text_has_amount("Saldo 1.234,56 EUR", "1234.56")


# ---------------------------------------------------------------------------------------------------- dates
@pytest.mark.parametrize("value,locale,date1904,expected", [
    (41333.5, None, False, datetime(2013, 2, 28, 12)), (45736, None, False, date(2025, 3, 20)),
    (43100, None, True, date(2022, 1, 1)), (59, None, False, date(1900, 2, 28)), (61, None, False, date(1900, 3, 1)),
    ("2025-03-20", None, False, date(2025, 3, 20)), ("03/04/2025", "en-US", False, date(2025, 3, 4)),
    ("03/04/2025", "de-DE", False, date(2025, 4, 3)), ("03.04.25", "de-DE", False, date(2025, 4, 3)),
    ("28 Feb 2013", None, False, date(2013, 2, 28)), ("Feb 28 2013 12:00 PM", None, False, datetime(2013, 2, 28, 12)),
    ("31/02/2025", "fr-FR", False, None), ("soon", None, False, None),
])
def test_dates(value, locale, date1904, expected):
    assert common.parse_date(value, locale, date1904=date1904) == expected


def test_dates_in_prose_in_their_common_spellings():
    text = ("From March 1, 2026 (1st of March, 2026; 2026-03-01; 3/1/2026; Sept. 1st 2026) until 1 June 2027, not "
            "March 2026 nor June 5")
    assert common.dates_in_text(text) == {date(2026, 3, 1), date(2026, 9, 1), date(2027, 6, 1)}
    assert common.dates_in_text("3/1/2026", "en-GB") == {date(2026, 1, 3)}
    assert common.dates_in_text("the rent from now on") == set()


def test_shown_text_follows_the_number_format():
    assert common.format_value(13.44, "#,##0_-[$€]") == "13 €"
    assert common.format_value(-1234.5, "#,##0.00;(#,##0.00)") == "(1,234.50)"
    assert common.format_value(0.125, "0.0%") == "12.5%"
    assert common.format_value(41333.5, "mmm d yyyy hh:mm AM/PM") == "Feb 28 2013 12:00 PM"
    assert common.format_value(41333.5, "dd/mm/yy") != common.format_value(41333.5, "mm/dd/yy")


# ---------------------------------------------------------------------------------------------------- word
W_NS = ('xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" '
        'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" '
        'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" '
        'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" '
        'xmlns:v="urn:schemas-microsoft-com:vml"')


def _p(text: str) -> str:
    return f"<w:p><w:r><w:t xml:space=\"preserve\">{text}</w:t></w:r></w:p>"


def _every_part_docx(path):
    body = "".join([
        _p("Body paragraph"),
        "<w:p><w:r><w:t>Accepted </w:t></w:r><w:ins w:id=\"1\" w:author=\"A\"><w:r><w:t>inserted</w:t></w:r></w:ins>"
        "<w:del w:id=\"2\" w:author=\"A\"><w:r><w:delText>deleted</w:delText></w:r></w:del>"
        "<w:moveFrom w:id=\"3\" w:author=\"A\"><w:r><w:t>movedaway</w:t></w:r></w:moveFrom></w:p>",
        "<w:tbl><w:tr><w:tc>" + _p("outer cell") + "<w:tbl><w:tr><w:tc>" + _p("nested cell")
        + "</w:tc></w:tr></w:tbl>" + _p("after nested") + "</w:tc><w:tc>" + _p("40.18") + "</w:tc></w:tr></w:tbl>",
        "<w:sdt><w:sdtPr><w:alias w:val=\"Amount\"/></w:sdtPr><w:sdtContent>" + _p("control 2,525.80")
        + "</w:sdtContent></w:sdt>",
        "<w:p><w:hyperlink r:id=\"rIdLink\"><w:r><w:t>the portal</w:t></w:r></w:hyperlink></w:p>",
        "<w:p><w:r><mc:AlternateContent><mc:Choice Requires=\"wps\"><w:drawing><wps:txbx><w:txbxContent>"
        + _p("textbox note") + "</w:txbxContent></wps:txbx></w:drawing></mc:Choice><mc:Fallback><w:pict><v:textbox>"
        "<w:txbxContent>" + _p("textbox note") + "</w:txbxContent></v:textbox></w:pict></mc:Fallback>"
        "</mc:AlternateContent></w:r></w:p>",
        "<w:sectPr/>",
    ])
    files = {
        "[Content_Types].xml": '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
                               'content-types"/>',
        "word/document.xml": f'<?xml version="1.0"?><w:document {W_NS}><w:body>{body}</w:body></w:document>',
        "word/_rels/document.xml.rels": '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/'
                                        'package/2006/relationships"><Relationship Id="rIdLink" Type="h" '
                                        'Target="http://portal.example/" TargetMode="External"/></Relationships>',
        "word/header1.xml": f'<?xml version="1.0"?><w:hdr {W_NS}>{_p("Header text")}</w:hdr>',
        "word/footer1.xml": f'<?xml version="1.0"?><w:ftr {W_NS}>{_p("Footer text")}</w:ftr>',
        "word/footnotes.xml": f'<?xml version="1.0"?><w:footnotes {W_NS}><w:footnote w:type="separator" w:id="-1">'
                              f'{_p("---")}</w:footnote><w:footnote w:id="1">{_p("Footnote text")}</w:footnote>'
                              "</w:footnotes>",
        "word/endnotes.xml": f'<?xml version="1.0"?><w:endnotes {W_NS}><w:endnote w:id="1">{_p("Endnote text")}'
                             "</w:endnote></w:endnotes>",
    }
    with zipfile.ZipFile(path, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return path


def test_word_text_from_every_part_with_deletions_left_out(tmp_path):
    doc = common.read_docx(_every_part_docx(tmp_path / "every.docx"))
    parts = doc.as_parts()
    assert "Accepted inserted" in parts["body"] and "deleted" not in parts["body"] and "movedaway" not in parts["body"]
    assert "outer cell nested cell after nested | 40.18" in parts["body"]
    assert "control 2,525.80" in parts["body"] and "the portal" in parts["body"]
    assert parts["textboxes"] == "textbox note"  # once: the VML fallback copy is not read again
    assert parts["headers"] == "Header text" and parts["footers"] == "Footer text"
    assert parts["notes"] == "Footnote text\nEndnote text"
    assert doc.hyperlinks == [{"text": "the portal", "url": "http://portal.example/"}]
    assert doc.tables[0]["rows"][0][0]["tables"][0]["rows"][0][0]["paragraphs"] == ["nested cell"]
    text = common.docx_text(tmp_path / "every.docx")
    assert common.text_has_amount(text, "2525.80") and "Footnote text" in text and "deleted" not in text


def test_word_entity_expansion_is_refused(tmp_path):
    bomb = ('<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>'
            f'<w:document {W_NS}><w:body><w:p><w:r><w:t>&b;</w:t></w:r></w:p></w:body></w:document>')
    with zipfile.ZipFile(tmp_path / "bomb.docx", "w") as archive:
        archive.writestr("word/document.xml", bomb)
    with pytest.raises(common.RefusedFile, match="DOCTYPE|entity"):
        common.docx_text(tmp_path / "bomb.docx")


# ---------------------------------------------------------------------------------------------------- pdf
def test_pdf_text_is_nfkc_with_whitespace_collapsed_and_aes_empty_password_opens(tmp_path):
    from pypdf import PdfReader, PdfWriter
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen import canvas

    font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"  # has the U+FB01/U+FB02 ligature glyphs
    if not Path(font).is_file():
        pytest.skip("fonts-dejavu-core is not installed (scripts/install-test-deps.sh installs it)")
    pdfmetrics.registerFont(TTFont("DejaVuSans", font))
    plain = tmp_path / "plain.pdf"
    page = canvas.Canvas(str(plain))
    page.setFont("DejaVuSans", 12)
    page.drawString(72, 720, "The \ufb01nal    con\ufb02ict total 1,234.50")
    page.save()
    assert "The final conflict total 1,234.50" in common.pdf_text(plain)
    writer = PdfWriter(clone_from=PdfReader(str(plain)))
    writer.encrypt(user_password="", owner_password="owner-secret", algorithm="AES-256")
    writer.write(tmp_path / "aes.pdf")
    pdf = common.read_pdf(tmp_path / "aes.pdf")
    assert pdf.encryption["V"] == 5 and "final conflict" in pdf.pages[0]
    locked = PdfWriter(clone_from=PdfReader(str(plain)))
    locked.encrypt(user_password="user-secret", owner_password="o", algorithm="AES-256")
    locked.write(tmp_path / "locked.pdf")
    with pytest.raises(common.RefusedFile, match="password"):
        common.read_pdf(tmp_path / "locked.pdf")


# ---------------------------------------------------------------------------------------------------- csv & json
def test_csv_bom_semicolons_decimal_commas_and_quoted_newlines(tmp_path):
    (tmp_path / "bom.csv").write_bytes("\ufeffvendor,amount\nAcme,10.50\n".encode())
    (tmp_path / "eu.csv").write_text('Lieferant;Betrag;Notiz\nMüller GmbH;1.234,56;"zwei\nZeilen; mit Semikolon"\n'
                                     "Schmidt;99,00;\n", encoding="cp1252")
    bom = common.read_csv_table(tmp_path / "bom.csv")
    assert bom.encoding == "utf-8-sig" and bom.records[0] == ["vendor", "amount"]
    assert common.read_csv(tmp_path / "bom.csv") == [{"vendor": "Acme", "amount": "10.50"}]
    eu = common.read_csv_table(tmp_path / "eu.csv")
    assert eu.delimiter == ";" and eu.records[1][0] == "Müller GmbH"
    assert eu.records[1][2] == "zwei\nZeilen; mit Semikolon" and len(eu.records) == 3
    assert common.parse_number(eu.records[1][1], "de-DE") == Decimal("1234.56")


def test_json_nan_and_infinity_are_refused_with_a_clear_detail(tmp_path):
    for token in ("NaN", "Infinity", "-Infinity"):
        (tmp_path / "a.json").write_text(f'{{"total": {token}}}')
        with pytest.raises(common.RefusedFile, match=f"{token.lstrip('-')}.*non-finite|non-finite"):
            common.read_json(tmp_path / "a.json")
    (tmp_path / "ok.json").write_text('{"total": 1.5}')
    assert common.read_json(tmp_path / "ok.json") == {"total": 1.5}
