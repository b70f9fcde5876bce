"""Word footnotes for generated documents: printed at the foot of the page, where a reader sees them, and stored in
their own part (``word/footnotes.xml``), which python-docx's paragraphs do not include.

python-docx has no footnote API, so the part is built with its OPC layer (``Part``, ``relate_to``) and the reference
runs with its oxml layer, as Word stores them (ECMA-376 Part 1, 17.11 "Footnotes and Endnotes").
"""

from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape

from docx.opc.constants import CONTENT_TYPE, RELATIONSHIP_TYPE
from docx.opc.packuri import PackURI
from docx.opc.part import Part
from docx.oxml import parse_xml
from docx.oxml.ns import nsmap, qn

W_NS = nsmap["w"]
#: A footnotes part's separator entries as Word writes them (ids -1 and 0; the notes themselves are 1, 2, ...).
_SEPARATORS = ('<w:footnote w:type="separator" w:id="-1"><w:p><w:pPr><w:spacing w:after="0" w:line="240" '
               'w:lineRule="auto"/></w:pPr><w:r><w:separator/></w:r></w:p></w:footnote>'
               '<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:pPr><w:spacing w:after="0" '
               'w:line="240" w:lineRule="auto"/></w:pPr><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>')


@dataclass(frozen=True)
class Footnote:
    """One footnote: its reference mark goes right after ``sentence`` (a body paragraph's text must hold it, and no
    other footnote's sentence may share that paragraph); the note reads ``text`` (9-point), or is ``runs_xml`` as
    given (``w:r``/``w:ins``/``w:del`` elements with the ``w`` prefix, e.g. a tracked change inside the note)."""

    sentence: str
    text: str = ""
    runs_xml: str = ""

    def runs(self) -> str:
        """The note's runs as WordprocessingML (the ``w`` prefix bound by the footnotes part)."""
        if self.runs_xml:
            return self.runs_xml
        return f'<w:r><w:rPr><w:sz w:val="18"/></w:rPr><w:t xml:space="preserve"> {escape(self.text)}</w:t></w:r>'


def add_footnotes(document, notes: list[Footnote]) -> None:
    """Give ``document`` (python-docx, no footnotes yet) footnotes 1..n, one per entry of ``notes`` in order: a
    ``word/footnotes.xml`` part (separators and the notes) related to the main document, ``w:footnotePr`` in the
    settings, and a superscript ``w:footnoteReference`` run after each note's sentence. The paragraph holding a
    sentence is rewritten as plain runs (its run formatting is not kept).

    Raises:
        ValueError: no paragraph holds a note's sentence, or one paragraph holds two notes' sentences.
    """
    marked: set[int] = set()
    for number, note in enumerate(notes, start=1):
        paragraph = next((p for p in document.paragraphs if note.sentence in p.text), None)
        if paragraph is None:
            raise ValueError(f"no paragraph holds {note.sentence!r}")
        if id(paragraph._p) in marked:
            raise ValueError(f"the paragraph holding {note.sentence!r} already has a footnote")
        marked.add(id(paragraph._p))
        before, after = paragraph.text.split(note.sentence, 1)
        for run in list(paragraph.runs):
            run._r.getparent().remove(run._r)
        paragraph.add_run(before + note.sentence)
        mark = paragraph.add_run()
        mark.font.superscript = True
        mark._r.append(parse_xml(f'<w:footnoteReference xmlns:w="{W_NS}" w:id="{number}"/>'))
        if after:
            paragraph.add_run(after)
    entries = "".join(
        f'<w:footnote w:id="{number}"><w:p><w:pPr><w:spacing w:after="0"/></w:pPr><w:r><w:rPr><w:vertAlign '
        f'w:val="superscript"/></w:rPr><w:footnoteRef/></w:r>{note.runs()}</w:p></w:footnote>'
        for number, note in enumerate(notes, start=1))
    body = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:footnotes xmlns:w="{W_NS}">'
            f'{_SEPARATORS}{entries}</w:footnotes>')
    part = Part(PackURI("/word/footnotes.xml"), CONTENT_TYPE.WML_FOOTNOTES, body.encode("utf-8"),
                document.part.package)
    document.part.relate_to(part, RELATIONSHIP_TYPE.FOOTNOTES)
    # the schema puts w:footnotePr just before w:compat in the settings; Word refuses a part out of order
    settings = document.settings.element
    settings.find(qn("w:compat")).addprevious(parse_xml(
        f'<w:footnotePr xmlns:w="{W_NS}"><w:footnote w:id="-1"/><w:footnote w:id="0"/></w:footnotePr>'))
