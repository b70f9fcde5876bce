"""Word documents with real tracked changes (``w:ins`` / ``w:del``) and comments, written deterministically.

python-docx has no API for revisions, so the revision runs are built through its oxml layer (``OxmlElement``,
``qn``) following ECMA-376 Part 1, section 17.13.5 (revisions): inserted text is a ``w:r`` with ``w:t`` inside
``w:ins``; deleted text is a ``w:r`` with ``w:delText`` inside ``w:del``; a paragraph whose mark is inserted or
deleted carries ``w:ins`` / ``w:del`` in ``w:pPr/w:rPr``. Comments use python-docx's own ``add_comment`` with a fixed
``w:date``. Revisions are dated as a person makes them, one after another: the first at ``revision_date`` and each
next one ``revision_step`` later (deterministic, no clock); a comment carries the date of the revision just before
it. The document's properties come from ``life`` (:class:`genkit.docs.DocumentLife`); zip entries and core properties are normalised by
:func:`genkit.docs.normalize_zip`, so the same arguments give the same bytes.

Usage::

    write_redline_docx(path, [
        {"style": "Heading 2", "segments": [("", "4. Price and payment")]},
        {"segments": [("", "4.3 The Buyer shall pay within "), ("del", "30"), ("ins", "90"), ("", " days.")]},
        {"segments": [("del", "6.3 Old text.")], "mark": "del"},
        {"segments": [("ins", "6.3 New text.")], "mark": "ins",
         "comment": {"text": "Formatting only.", "author": "J. Penrose", "initials": "JP"}},
    ], title="...", author="...", revision_author="J. Penrose", revision_date=datetime(2025, 3, 10, 14, 0))
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from genkit.docs import DocumentLife, save_docx
from genkit.footnotes import Footnote, add_footnotes

KINDS = ("", "ins", "del")


def _stamp(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def write_redline_docx(
    path: Path,
    paragraphs: Sequence[dict[str, Any]],
    *,
    title: str = "",
    author: str = "",
    revision_author: str,
    revision_date: datetime,
    revision_step: timedelta = timedelta(minutes=3),
    life: DocumentLife | None = None,
    footnotes: Sequence[tuple[str, Sequence[tuple[str, str]]]] = (),
) -> None:
    """Write a .docx whose paragraphs carry tracked insertions and deletions and optional comments.

    Args:
        paragraphs: in document order, each ``{"segments": [(kind, text), ...], "style"?: str, "mark"?: "ins" |
            "del", "comment"?: {"text", "author", "initials"?, "on"?: int}}``. ``kind`` is ``""`` (unchanged text),
            ``"ins"`` (tracked insertion) or ``"del"`` (tracked deletion). ``mark`` tracks the paragraph mark itself
            (a wholly inserted or deleted paragraph). A comment is anchored on the unchanged segment with index
            ``on`` (default: the first unchanged segment of the paragraph).
        revision_author, revision_date: ``w:author`` of every revision, and ``w:date`` of the first (naive
            datetimes are written as UTC); each later revision is ``revision_step`` after the one before.
        life: the document's properties; default: created at ``revision_date``, last modified by
            ``revision_author`` at the last revision.
        footnotes: ``(sentence, segments)`` per footnote, numbered in order (:func:`genkit.footnotes.add_footnotes`):
            the reference mark follows ``sentence`` (in a paragraph with revisions, its unchanged text) and the note
            reads ``segments`` (kinds as in a paragraph), its tracked changes dated after the body's.

    Raises:
        ValueError: an unknown segment kind or mark, or a comment on a paragraph with no unchanged segment.
    """
    import docx
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn

    document = docx.Document()
    next_id = [1]
    last_date = [revision_date]

    def tracked(kind: str) -> Any:
        moment = revision_date + revision_step * (next_id[0] - 1)
        last_date[0] = moment
        element = OxmlElement(f"w:{kind}")
        element.set(qn("w:id"), str(next_id[0]))
        element.set(qn("w:author"), revision_author)
        element.set(qn("w:date"), _stamp(moment))
        next_id[0] += 1
        return element

    for spec in paragraphs:
        paragraph = document.add_paragraph(style=spec.get("style"))
        plain_runs = []
        for kind, text in spec["segments"]:
            if kind not in KINDS:
                raise ValueError(f"unknown segment kind {kind!r} (expected one of {KINDS})")
            if kind == "":
                plain_runs.append(paragraph.add_run(text))
                continue
            run = OxmlElement("w:r")
            body = OxmlElement("w:t" if kind == "ins" else "w:delText")
            body.set(qn("xml:space"), "preserve")
            body.text = text
            run.append(body)
            wrapper = tracked(kind)
            wrapper.append(run)
            paragraph._p.append(wrapper)
        mark = spec.get("mark")
        if mark is not None:
            if mark not in ("ins", "del"):
                raise ValueError(f"unknown paragraph mark {mark!r} (expected 'ins' or 'del')")
            properties = paragraph._p.get_or_add_pPr()
            run_properties = OxmlElement("w:rPr")
            run_properties.append(tracked(mark))
            properties.append(run_properties)
        comment = spec.get("comment")
        if comment:
            if not plain_runs:
                raise ValueError("a comment needs an unchanged segment in its paragraph to anchor on")
            anchor = plain_runs[int(comment.get("on", 0))]
            added = document.add_comment(anchor, text=comment["text"], author=comment["author"],
                                         initials=comment.get("initials", ""))
            added._comment_elm.set(qn("w:date"), _stamp(last_date[0] + revision_step / 3))
    if footnotes:
        def note_run(kind: str, text: str) -> str:
            body = "w:delText" if kind == "del" else "w:t"
            run = f'<w:r><w:rPr><w:sz w:val="18"/></w:rPr><{body} xml:space="preserve">{escape(text)}</{body}></w:r>'
            if not kind:
                return run
            wrapper = tracked(kind)
            return (f'<w:{kind} w:id="{wrapper.get(qn("w:id"))}" w:author="{escape(revision_author, {chr(34): "&quot;"})}" '
                    f'w:date="{wrapper.get(qn("w:date"))}">{run}</w:{kind}>')

        for _sentence, segments in footnotes:
            if any(kind not in KINDS for kind, _text in segments):
                raise ValueError(f"unknown segment kind in a footnote (expected one of {KINDS})")
        add_footnotes(document, [Footnote(sentence, runs_xml="".join(note_run(k, t) for k, t in segments))
                                 for sentence, segments in footnotes])
    life = life or DocumentLife(author=author, created=revision_date, modified=last_date[0] + revision_step,
                                last_modified_by=revision_author)
    save_docx(document, path, title=title, author=author, revision=2, life=life)


def as_sent(paragraphs: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The document before the other side marked it up: ``paragraphs`` (in :func:`write_redline_docx`'s shape) with
    every revision rejected. Deleted text is restored as unchanged text, inserted text and wholly inserted
    paragraphs are dropped, and comments are left out (they came with the mark-up). The result, written by
    :func:`write_redline_docx`, is a document with no tracked changes: our draft as we sent it.

    Raises:
        ValueError: an unknown segment kind or paragraph mark.
    """
    original = []
    for spec in paragraphs:
        mark = spec.get("mark")
        if mark not in (None, "ins", "del"):
            raise ValueError(f"unknown paragraph mark {mark!r} (expected 'ins' or 'del')")
        if mark == "ins":
            continue
        segments = []
        for kind, text in spec["segments"]:
            if kind not in KINDS:
                raise ValueError(f"unknown segment kind {kind!r} (expected one of {KINDS})")
            if kind != "ins":
                segments.append(("", text))
        original.append({**({"style": spec["style"]} if "style" in spec else {}), "segments": segments})
    return original


def note_as_sent(segments: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """A footnote's ``segments`` before the other side marked it up (:func:`as_sent` for a note): deleted text
    restored, inserted text dropped.

    Raises:
        ValueError: an unknown segment kind.
    """
    return as_sent([{"segments": segments}])[0]["segments"]
