"""A bordered floating text box in a Word document, written as Word writes one.

python-docx has no API for text boxes. Word stores one as a run holding ``mc:AlternateContent``: the
``mc:Choice Requires="wps"`` branch is a DrawingML anchor (``w:drawing/wp:anchor`` with a ``wps:wsp`` shape whose
``wps:txbx`` holds ``w:txbxContent``), and the ``mc:Fallback`` branch the same box in VML (``w:pict/v:shape`` with
``v:textbox``) for readers that do not know DrawingML shapes. Word and LibreOffice show the box on the page;
python-docx's ``Document.paragraphs`` and ``Paragraph.text`` do not show what is inside it (the run's text is only
its ``w:t`` children), which is what a scenario planting evidence in a stamp or a boxed note relies on.

The namespaces used (w, wp, wps, a, mc, v, o, w10) are all declared on the root of python-docx's default template.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape

EMU_PER_INCH = 914400
EMU_PER_POINT = 12700


@dataclass(frozen=True)
class BoxLine:
    """One paragraph of the box: its text, bold or not, size in points, alignment (``left``/``center``)."""
    text: str
    bold: bool = False
    size_pt: float = 9
    align: str = "left"


def _paragraphs(lines: Sequence[BoxLine], colour: str) -> str:
    out = []
    for line in lines:
        half_points = int(round(line.size_pt * 2))
        bold = "<w:b/><w:bCs/>" if line.bold else ""
        out.append(f'<w:p><w:pPr><w:spacing w:before="0" w:after="40" w:line="240" w:lineRule="auto"/>'
                   f'<w:jc w:val="{line.align}"/></w:pPr><w:r><w:rPr>{bold}<w:color w:val="{colour}"/>'
                   f'<w:sz w:val="{half_points}"/><w:szCs w:val="{half_points}"/></w:rPr>'
                   f'<w:t xml:space="preserve">{escape(line.text)}</w:t></w:r></w:p>')
    return f"<w:txbxContent>{''.join(out)}</w:txbxContent>"


def text_box_run_xml(lines: Sequence[BoxLine], *, shape_id: int, name: str, width_in: float, height_in: float,
                     border: str = "1F3864", text_colour: str = "1F3864", border_pt: float = 1.5,
                     align: str = "right", offset_v_in: float = 0.0) -> str:
    """The ``w:r`` of a floating, bordered text box holding ``lines``: positioned ``align`` (``left``/``right``)
    within the margins, ``offset_v_in`` inches below the top of the paragraph it is anchored in, text wrapping
    square around it. ``shape_id`` must be unique among the document's drawings (``wp:docPr/@id``). Colours are
    RGB hex without '#'."""
    cx, cy = int(width_in * EMU_PER_INCH), int(height_in * EMU_PER_INCH)
    line_w = int(border_pt * EMU_PER_POINT)
    content = _paragraphs(lines, text_colour)
    dy = int(offset_v_in * EMU_PER_INCH)
    choice = (
        '<mc:Choice Requires="wps"><w:drawing>'
        f'<wp:anchor distT="45720" distB="45720" distL="114300" distR="114300" simplePos="0" '
        f'relativeHeight="{251659264 + shape_id}" behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1">'
        '<wp:simplePos x="0" y="0"/>'
        f'<wp:positionH relativeFrom="margin"><wp:align>{align}</wp:align></wp:positionH>'
        f'<wp:positionV relativeFrom="paragraph"><wp:posOffset>{dy}</wp:posOffset></wp:positionV>'
        f'<wp:extent cx="{cx}" cy="{cy}"/><wp:effectExtent l="0" t="0" r="0" b="0"/>'
        '<wp:wrapSquare wrapText="bothSides"/>'
        f'<wp:docPr id="{shape_id}" name="{escape(name)}"/><wp:cNvGraphicFramePr/>'
        '<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main">'
        '<a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp>'
        '<wps:cNvSpPr txBox="1"/><wps:spPr>'
        f'<a:xfrm><a:off x="0" y="0"/><a:ext cx="{cx}" cy="{cy}"/></a:xfrm>'
        '<a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:solidFill><a:srgbClr val="FFFFFF"/></a:solidFill>'
        f'<a:ln w="{line_w}"><a:solidFill><a:srgbClr val="{border}"/></a:solidFill></a:ln></wps:spPr>'
        f'<wps:txbx>{content}</wps:txbx>'
        '<wps:bodyPr rot="0" vert="horz" wrap="square" lIns="91440" tIns="45720" rIns="91440" bIns="45720" '
        'anchor="t" anchorCtr="0"><a:noAutofit/></wps:bodyPr>'
        '</wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></mc:Choice>')
    style = (f"position:absolute;margin-left:0;margin-top:{dy / EMU_PER_POINT:g}pt;width:{width_in * 72:g}pt;"
             f"height:{height_in * 72:g}pt;z-index:{251659264 + shape_id};visibility:visible;"
             f"mso-wrap-style:square;mso-position-horizontal:{align};mso-position-horizontal-relative:margin;"
             "mso-position-vertical:absolute;mso-position-vertical-relative:paragraph")
    fallback = (
        '<mc:Fallback><w:pict>'
        '<v:shapetype id="_x0000_t202" coordsize="21600,21600" o:spt="202" path="m,l,21600r21600,l21600,xe">'
        '<v:stroke joinstyle="miter"/><v:path gradientshapeok="t" o:connecttype="rect"/></v:shapetype>'
        f'<v:shape id="{escape(name)}" o:spid="_x0000_s{1025 + shape_id}" type="#_x0000_t202" style="{style}" '
        f'fillcolor="white" strokecolor="#{border.lower()}" strokeweight="{border_pt:g}pt">'
        f'<v:textbox>{content}</v:textbox><w10:wrap type="square"/></v:shape>'
        '</w:pict></mc:Fallback>')
    return f"<w:r><mc:AlternateContent>{choice}{fallback}</mc:AlternateContent></w:r>"


def add_text_box(paragraph: Any, lines: Sequence[BoxLine], **options: Any) -> None:
    """Anchor a floating bordered text box (:func:`text_box_run_xml`, same ``options``) in python-docx
    ``paragraph``; the document's root must declare the namespaces of python-docx's default template."""
    from docx.oxml import parse_xml

    root = paragraph._p.getroottree().getroot()
    declared = " ".join(f'xmlns:{prefix}="{uri}"' for prefix, uri in root.nsmap.items() if prefix)
    run = parse_xml(text_box_run_xml(lines, **options).replace("<w:r>", f"<w:r {declared}>", 1))
    paragraph._p.append(run)
