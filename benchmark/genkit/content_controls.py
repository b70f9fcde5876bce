"""Word content controls: the fill-in fields of a firm's Word template (``w:sdt``).

A template's deal-specific values (a party, a date, an amount) are typed into inline plain-text content controls:
``w:sdt`` with ``w:sdtPr`` (``w:alias``, the title Word shows on the control; ``w:tag``; ``w:id``; ``w:text``) and
``w:sdtContent`` holding the run. Word, LibreOffice and a reader of every ``w:t`` in the paragraph show the value;
python-docx's ``Paragraph.text`` reads only the paragraph's direct ``w:r`` and ``w:hyperlink`` children
(python-docx 1.2, ``CT_P.text``), so it shows the sentence with a gap where the control sits. python-docx has no
content-control API, so the element is built with its oxml layer.
"""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape, quoteattr

from docx.oxml import parse_xml
from docx.oxml.ns import nsmap


def fill_in_control(paragraph: Any, placeholder: str, value: str, *, alias: str, tag: str, sdt_id: int) -> None:
    """Replace ``placeholder`` in python-docx ``paragraph`` by an inline plain-text content control holding ``value``.

    The paragraph's runs are rewritten as three pieces: a run with the text before the placeholder, the control
    (``alias``, ``tag``, ``sdt_id`` as Word stores them; ``sdt_id`` a signed 32-bit integer) and a run with the
    text after it. Meant for paragraphs written as one plain run (genkit.docs.write_docx); run formatting is not kept.

    Raises:
        ValueError: the paragraph's text does not hold ``placeholder``.
    """
    text = paragraph.text
    if placeholder not in text:
        raise ValueError(f"no {placeholder!r} in paragraph {text[:60]!r}")
    before, after = text.split(placeholder, 1)
    for run in list(paragraph.runs):
        run._r.getparent().remove(run._r)
    if before:
        paragraph.add_run(before)
    paragraph._p.append(parse_xml(
        f'<w:sdt xmlns:w="{nsmap["w"]}"><w:sdtPr><w:alias w:val={quoteattr(alias)}/><w:tag w:val={quoteattr(tag)}/>'
        f'<w:id w:val="{int(sdt_id)}"/><w:text/></w:sdtPr><w:sdtEndPr/><w:sdtContent><w:r>'
        f'<w:t xml:space="preserve">{escape(value)}</w:t></w:r></w:sdtContent></w:sdt>'))
    if after:
        paragraph.add_run(after)
