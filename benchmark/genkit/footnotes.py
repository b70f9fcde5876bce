"""Word footnotes for generated documents: printed at the foot of the page, where a reader sees them, and stored in
their own part (``word/footnotes.xml``), which python-docx's paragraphs do not include.

python-docx has no footnote API, so the part is built with its OPC layer (``Part``, ``relate_to``) and the reference
runs with its oxml layer, as Word stores them (ECMA-376 Part 1, 17.11 "Footnotes and Endnotes").
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from xml.sax.saxutils import escape

from docx.opc.constants import CONTENT_TYPE, RELATIONSHIP_TYPE
from docx.opc.packuri import PackURI
from docx.opc.part import Part
from docx.oxml import parse_xml
from docx.oxml.ns import nsmap, qn
from docx.text.run import Run

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
    sentence is rewritten as plain runs (its run formatting is not kept), unless it holds tracked changes: then its
    runs and revisions stay, and the mark goes after the sentence in its unchanged text (:func:`_mark_among_revisions`).

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
        if paragraph._p.find(qn("w:ins")) is not None or paragraph._p.find(qn("w:del")) is not None:
            _mark_among_revisions(paragraph, note.sentence, number)
            continue
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


def _mark_among_revisions(paragraph, sentence: str, number: int) -> None:
    """Put footnote ``number``'s reference run right after ``sentence`` in a paragraph that holds tracked changes
    (``w:ins`` / ``w:del`` runs, kept where they are). ``sentence`` is matched in the paragraph's unchanged text
    (python-docx's ``paragraph.text``: its plain runs, revisions left out) and must end inside one plain run, which
    is split there if the sentence ends before the run does (the tail keeps the run's properties)."""
    end = paragraph.text.index(sentence) + len(sentence)
    reached = 0
    for run in paragraph.runs:
        if reached + len(run.text) >= end and run.text:
            cut = end - reached
            head, tail = run.text[:cut], run.text[cut:]
            mark = parse_xml(f'<w:r xmlns:w="{W_NS}"><w:rPr><w:vertAlign w:val="superscript"/></w:rPr>'
                             f'<w:footnoteReference w:id="{number}"/></w:r>')
            if tail:
                rest = copy.deepcopy(run._r)
                run._r.addnext(rest)
                run.text, Run(rest, paragraph).text = head, tail
            run._r.addnext(mark)
            return
        reached += len(run.text)
    raise ValueError(f"{sentence!r} does not end in an unchanged run of its paragraph")
