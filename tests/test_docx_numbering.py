"""Word automatic list numbers are part of the text the readers return (issue 24 item 3). The document is built by
hand so every numbering rule is the one under test: levels and their formats and punctuation, a numbered paragraph
style, a restart, numbers in tables and notes, bullets and numId 0 left bare, hidden items not counted."""

from __future__ import annotations

import json
import shutil
import sys
import zipfile

import pytest

from wp42.layout import Repo

sys.path.insert(0, str(Repo.find().validators_dir))
import common  # noqa: E402
import describe  # noqa: E402
import docx_numbering  # noqa: E402
import reading  # noqa: E402

W_NS = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'


def _lvl(ilvl: int, fmt: str, text: str, start: int = 1, extra: str = "") -> str:
    return (f'<w:lvl w:ilvl="{ilvl}"><w:start w:val="{start}"/><w:numFmt w:val="{fmt}"/>'
            f'<w:lvlText w:val="{text}"/>{extra}</w:lvl>')


NUMBERING = (
    f'<?xml version="1.0"?><w:numbering {W_NS}>'
    '<w:abstractNum w:abstractNumId="1">' + _lvl(0, "decimal", "%1.") + _lvl(1, "lowerLetter", "(%2)")
    + _lvl(2, "lowerRoman", "%3)") + "</w:abstractNum>"
    '<w:abstractNum w:abstractNumId="2">' + _lvl(0, "upperRoman", "%1.") + _lvl(1, "upperLetter", "%2.")
    + "</w:abstractNum>"
    '<w:abstractNum w:abstractNumId="3">' + _lvl(0, "upperRoman", "Article %1") +
    _lvl(1, "lowerLetter", "%1.%2", extra="<w:isLgl/>") + "</w:abstractNum>"
    '<w:abstractNum w:abstractNumId="4">' + _lvl(0, "bullet", "\u2022") + "</w:abstractNum>"
    '<w:num w:numId="1"><w:abstractNumId w:val="1"/></w:num>'
    '<w:num w:numId="2"><w:abstractNumId w:val="2"/></w:num>'
    '<w:num w:numId="3"><w:abstractNumId w:val="1"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="5"/>'
    "</w:lvlOverride></w:num>"
    '<w:num w:numId="4"><w:abstractNumId w:val="4"/></w:num>'
    '<w:num w:numId="5"><w:abstractNumId w:val="3"/></w:num>'
    "</w:numbering>")
STYLES = (f'<?xml version="1.0"?><w:styles {W_NS}><w:style w:type="paragraph" w:styleId="RomanList">'
          '<w:name w:val="Roman List"/><w:pPr><w:numPr><w:numId w:val="2"/></w:numPr></w:pPr></w:style>'
          '<w:style w:type="paragraph" w:styleId="RomanChild"><w:name w:val="Roman Child"/>'
          '<w:basedOn w:val="RomanList"/></w:style></w:styles>')


def _item(text: str, num: int | None = None, level: int = 0, style: str = "", hidden: bool = False) -> str:
    ppr = f'<w:pStyle w:val="{style}"/>' if style else ""
    if num is not None:
        ppr += f'<w:numPr><w:ilvl w:val="{level}"/><w:numId w:val="{num}"/></w:numPr>'
    rpr = "<w:rPr><w:vanish/></w:rPr>" if hidden else ""
    return f'<w:p><w:pPr>{ppr}</w:pPr><w:r>{rpr}<w:t xml:space="preserve">{text}</w:t></w:r></w:p>'


def _numbered_docx(path):
    body = "".join([
        _item("First finding: the deposit D-9205 is a bank error.", 1),
        _item("Sub a", 1, 1), _item("Sub b", 1, 1), _item("deep", 1, 2),
        _item("Hidden item", 1, 0, hidden=True),
        _item("Second finding", 1),
        _item("Sub again", 1, 1),
        _item("Roman one", style="RomanList"), _item("Roman two", style="RomanChild"),
        "<w:tbl><w:tr><w:tc>" + _item("In table", 1) + "</w:tc><w:tc>" + _item("40.18") + "</w:tc></w:tr></w:tbl>",
        _item("Restarted", 3),
        _item("Not numbered", 0), _item("A bullet", 4),
        _item("Scope", 5), _item("Fees", 5, 1),
    ])
    files = {
        "[Content_Types].xml": '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
                               'content-types"/>',
        "word/document.xml": f'<?xml version="1.0"?><w:document {W_NS}><w:body>{body}</w:body></w:document>',
        "word/numbering.xml": NUMBERING,
        "word/styles.xml": STYLES,
        "word/footnotes.xml": f'<?xml version="1.0"?><w:footnotes {W_NS}><w:footnote w:id="1">'
                              f'{_item("Note item", 2)}</w:footnote></w:footnotes>',
    }
    with zipfile.ZipFile(path, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return path


EXPECTED_BODY = [
    "1. First finding: the deposit D-9205 is a bank error.", "(a) Sub a", "(b) Sub b", "i) deep", "2. Second finding",
    "(a) Sub again", "I. Roman one", "II. Roman two", "3. In table | 40.18", "5. Restarted", "Not numbered",
    "A bullet", "Article I Scope", "1.1 Fees"]


def test_word_list_numbers_are_in_the_text(tmp_path):
    doc = common.read_docx(_numbered_docx(tmp_path / "memo.docx"))
    body = doc.body
    # this reader keeps hidden runs (current callers), so the hidden item is read and counted
    assert body[:4] == EXPECTED_BODY[:4] and body[4] == "2. Hidden item"
    assert body[5:] == ["3. Second finding", *EXPECTED_BODY[5:8], "4. In table | 40.18", *EXPECTED_BODY[9:]]
    assert doc.notes == ["III. Note item"]
    assert doc.list_labels == 14


def test_visible_reading_numbers_visible_items_only(tmp_path):
    statements, ignored = reading.docx_statements(_numbered_docx(tmp_path / "memo.docx"))
    texts = [s.text for s in statements]
    assert texts[0] == "1. First finding: the deposit D-9205 is a bank error."
    assert "2. Second finding" in texts and "Hidden item" not in " ".join(texts)
    assert texts[-1] == "III. Note item" and ignored == ["1 run of hidden text (w:vanish)"]
    row = next(s for s in statements if s.kind == "row")
    assert row.cells == {"column 1": "3. In table", "column 2": "40.18"}


def test_a_list_number_does_not_decide_whether_a_line_is_a_heading(tmp_path):
    path = tmp_path / "memo.docx"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("word/numbering.xml", NUMBERING)
        archive.writestr("word/document.xml", f'<?xml version="1.0"?><w:document {W_NS}><w:body>'
                         + _item("Intro", 1) + _item("SCOPE OF WORK", 1, 1) + _item("Fees are fixed.", 1, 2)
                         + "</w:body></w:document>")
    statements, _ = reading.docx_statements(path)
    assert [(s.kind, s.text, s.section) for s in statements] == [
        ("sentence", "1. Intro", ""), ("heading", "(a) SCOPE OF WORK", ""),
        ("sentence", "i) Fees are fixed.", "(a) SCOPE OF WORK")]


def test_a_list_style_lends_its_levels_through_num_style_link(tmp_path):
    numbering = (f'<?xml version="1.0"?><w:numbering {W_NS}>'
                 '<w:abstractNum w:abstractNumId="7"><w:styleLink w:val="Findings"/>' + _lvl(0, "upperLetter", "%1)")
                 + "</w:abstractNum>"
                 '<w:abstractNum w:abstractNumId="8"><w:numStyleLink w:val="Findings"/></w:abstractNum>'
                 '<w:num w:numId="7"><w:abstractNumId w:val="7"/></w:num>'
                 '<w:num w:numId="8"><w:abstractNumId w:val="8"/></w:num></w:numbering>')
    styles = (f'<?xml version="1.0"?><w:styles {W_NS}><w:style w:type="numbering" w:styleId="Findings">'
              '<w:name w:val="Findings"/><w:pPr><w:numPr><w:numId w:val="7"/></w:numPr></w:pPr></w:style></w:styles>')
    path = tmp_path / "linked.docx"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("word/numbering.xml", numbering)
        archive.writestr("word/styles.xml", styles)
        archive.writestr("word/document.xml", f'<?xml version="1.0"?><w:document {W_NS}><w:body>'
                         + _item("First", 8) + _item("Second", 8) + "</w:body></w:document>")
    assert common.read_docx(path).body == ["A) First", "B) Second"]


def test_wp42_read_says_the_numbering_convention_was_applied(tmp_path):
    found = describe.describe(_numbered_docx(tmp_path / "memo.docx"))
    assert found["conventions"] == ["docx: Word automatic list numbers drawn into the text (14 labels)"]
    assert "1. First finding" in found["parts"]["body"]
    plain = tmp_path / "plain.docx"
    with zipfile.ZipFile(plain, "w") as archive:
        archive.writestr("word/document.xml", f'<?xml version="1.0"?><w:document {W_NS}><w:body>'
                                              f'{_item("Plain")}</w:body></w:document>')
    assert describe.describe(plain)["conventions"] == []


@pytest.mark.parametrize("number,fmt,expected", [
    (4, "lowerRoman", "iv"), (1994, "upperRoman", "MCMXCIV"), (27, "lowerLetter", "aa"), (28, "upperLetter", "BB"),
    (3, "decimalZero", "03"), (12, "ordinal", "12th"), (22, "ordinal", "22nd"), (7, "cardinalText", "7"),
])
def test_number_formats(number, fmt, expected):
    assert docx_numbering.format_number(number, fmt) == expected


# ------------------------------------------------------------------------------------------------ through evaluators
def _number_the_lists(path) -> int:
    """Turn every bulleted paragraph of the Word file at ``path`` into Word's automatic numbering; returns how many."""
    from docx import Document

    doc = Document(path)
    changed = 0
    for paragraph in doc.paragraphs:
        if paragraph.style is not None and paragraph.style.name == "List Bullet":
            paragraph.style = doc.styles["List Number"]
            changed += 1
    doc.save(path)
    return changed


def _memo_scenarios() -> list[str]:
    from scenario_harness import scenario_ids

    return [task for task in scenario_ids()
            if any(d["kind"] == "docx" for d in json.loads((REPO_ROOT / "benchmark" / "scenarios" / task / "task.json")
                                                           .read_text())["required_deliverables"])]


REPO_ROOT = Repo.find().root


@pytest.mark.parametrize("task_id", _memo_scenarios())
def test_a_reference_memo_in_automatic_numbering_keeps_det_completion(task_id, scenario_cache, tmp_path):
    from scenario_harness import copy_workspace, evaluate, failed_ids

    from wp42 import layout

    workspace = copy_workspace(scenario_cache.reference(task_id, 42), tmp_path)
    out = workspace / layout.OUT_DIR
    memos = sorted(out.glob("*.docx"))
    numbered = sum(_number_the_lists(memo) for memo in memos)
    texts = [common.read_docx(memo) for memo in memos]
    if numbered:
        assert sum(t.list_labels for t in texts) == numbered
        assert any(line.startswith("1. ") for t in texts for line in t.body)
    receipt = evaluate(scenario_cache.get(task_id, 42), out, workspace)
    assert receipt["det_completion"] is True, failed_ids(receipt)


@pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice (soffice) is not installed")
def test_numbered_lists_as_libreoffice_writes_them(tmp_path):
    """A real writer's numbering.xml (LibreOffice saving an HTML list as Word): every label as it shows it."""
    import libreoffice

    html = tmp_path / "list.html"
    html.write_text("<html><body><ol><li>The deposit D-9205 is a bank error.</li><li>The fee is duplicated.<ol "
                    'type="a"><li>first sub</li><li>second sub</li></ol></li><li>Third finding</li></ol><ol '
                    'type="I"><li>Roman one</li><li>Roman two</li></ol></body></html>', encoding="utf-8")
    memo = libreoffice.convert(html, tmp_path / "out", recalculate=False, fmt="docx:MS Word 2007 XML")
    assert common.read_docx(memo).body == [
        "1. The deposit D-9205 is a bank error.", "2. The fee is duplicated.", "a. first sub", "b. second sub",
        "3. Third finding", "I. Roman one", "II. Roman two"]


def test_styles_and_numbering_shared_with_the_template_are_parsed_once_and_hostile_ones_refused_each_time(
        tmp_path, monkeypatch):
    """Word files written from one template share word/styles.xml byte for byte (python-docx's is 349 KB, the
    largest part of a short memo): the readers parse it once per process (issue 14), and a warm evaluation parent
    that read one hands the parsed part to every child."""
    import docx
    import readers_docx
    import safety

    monkeypatch.setattr(readers_docx, "_PARSED_PARTS", {})
    parsed: list[str] = []

    def counting(data, name="xml"):
        parsed.append(name)
        return safety.parse_xml(data, name)

    monkeypatch.setattr(readers_docx, "parse_xml", counting)
    for name, words in (("first.docx", "The adjusted balance agrees."), ("second.docx", "No duplicate found.")):
        document = docx.Document()
        document.add_paragraph(words)
        document.save(str(tmp_path / name))
    first, _ = reading.docx_statements(tmp_path / "first.docx")
    second, _ = reading.docx_statements(tmp_path / "second.docx")
    assert [s.text for s in first] == ["The adjusted balance agrees."]
    assert [s.text for s in second] == ["No duplicate found."]
    assert sum(name.endswith("word/styles.xml") for name in parsed) == 1
    hostile = b'<!DOCTYPE w [<!ENTITY a "aaaa">]><w:styles ' + W_NS.encode() + b">&a;</w:styles>"
    for _ in range(2):  # a refusal is never remembered as a parsed part
        with pytest.raises(safety.HostileFile):
            readers_docx.parsed_part(hostile, "bomb.docx:word/styles.xml")
