"""Signed paper forms as an office scanner files them: an image-only greyscale page appended to a PDF.

Issue 25 item 3 asks for "some figures only in an image or a scanned PDF page". A signed agreement is often kept as
the scan of the signed paper, attached to a typed record: the text of the record says the signed copy is attached,
and what the paper says is on the scan only (no text layer). These are the pieces a scenario draws such a page with
(Pillow, greyscale, DejaVu faces at :data:`DRAW_DPI`): :func:`wrap` breaks text into lines, :func:`scrawl` signs above
a signature line, :func:`stamp` inks a boxed rubber stamp; :func:`scanned_greyscale` scans the drawn page (tilt,
toned paper, grain, blur) and :func:`attach_scan` appends it to a PDF as a JPEG filling a US Letter page. Every draw
comes from the ``rng`` passed in, so the same stream gives the same bytes. RE-01 (a signed lease amendment) and
EDU-01 (a signed incomplete agreement) use them.
"""

from __future__ import annotations

import io
from datetime import date, datetime
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

#: Where the machine's DejaVu faces live (Debian/Ubuntu fonts-dejavu-core).
FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
#: A page is drawn at DRAW_DPI and scanned at SCAN_DPI (greyscale).
DRAW_DPI, SCAN_DPI = 200, 150


def long_date(day: date) -> str:
    """A date as a signed form writes it: "November 7, 2024"."""
    return f"{day:%B} {day.day}, {day.year}"


def face(name: str, size: int) -> ImageFont.FreeTypeFont:
    """The DejaVu face ``name`` (a file in :data:`FONT_DIR`) at ``size`` pixels."""
    return ImageFont.truetype(str(FONT_DIR / name), size)


def letter_page(dpi: int = DRAW_DPI) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A blank white US Letter page in greyscale at ``dpi``, and a pen on it."""
    page = Image.new("L", (int(8.5 * dpi), int(11 * dpi)), 255)
    return page, ImageDraw.Draw(page)


def wrap(draw: ImageDraw.ImageDraw, text: str, font: ImageFont.FreeTypeFont, width: float) -> list[str]:
    """``text`` broken into lines no wider than ``width`` pixels, at spaces."""
    lines, line = [], ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and draw.textlength(trial, font=font) > width:
            lines.append(line)
            trial = word
        line = trial
    return lines + [line] if line else lines


def scrawl(draw: ImageDraw.ImageDraw, x: float, y: float, width: float, rng: np.random.Generator) -> None:
    """A signature in ballpoint above a signature line at (x, y): loops of uneven height and spacing that climb and
    trail off, then a stroke under them."""
    t = np.linspace(0.0, 1.0, 400)
    loops = float(rng.uniform(5, 8))
    warp = t + 0.04 * np.sin(2 * np.pi * float(rng.uniform(1, 3)) * t + float(rng.uniform(0, 6)))
    height = 18 + 14 * np.sin(np.pi * t * float(rng.uniform(1, 2.5)) + float(rng.uniform(0, 3))) ** 2
    xs = x + width * warp + 11 * np.cos(2 * np.pi * loops * warp)
    ys = y - 22 - height * np.sin(2 * np.pi * loops * warp) ** 2 * (1 - 0.5 * t) - 20 * t ** 2
    draw.line([(float(a), float(b)) for a, b in zip(xs, ys, strict=True)], fill=30, width=3, joint="curve")
    tail = float(rng.uniform(0.2, 0.5))
    draw.line([(x + width * tail, y - 6), (x + width * 1.02, y - 14 - float(rng.uniform(0, 10)))], fill=30, width=2)


def stamp(page: Image.Image, centre: tuple[float, float], lines: list[str], rng: np.random.Generator,
          size: int = 30) -> None:
    """A rubber stamp on ``page`` around ``centre``: ``lines`` in condensed capitals inside a double rule, inked
    unevenly (a grey that varies over the impression) and set a few degrees off the page's axis."""
    font = face("DejaVuSansCondensed-Bold.ttf", size)
    probe = ImageDraw.Draw(page)
    width = max(probe.textlength(line, font=font) for line in lines) + 2 * size
    height = len(lines) * round(size * 1.35) + size
    mark = Image.new("L", (int(width) + 8, int(height) + 8), 0)
    pen = ImageDraw.Draw(mark)
    pen.rectangle([2, 2, mark.width - 3, mark.height - 3], outline=255, width=4)
    pen.rectangle([10, 10, mark.width - 11, mark.height - 11], outline=255, width=2)
    for k, line in enumerate(lines):
        x = (mark.width - pen.textlength(line, font=font)) / 2
        pen.text((x, size * 0.55 + k * round(size * 1.35)), line, font=font, fill=255)
    mark = mark.rotate(float(rng.uniform(-6, 6)), resample=Image.Resampling.BICUBIC, expand=True)
    ink = np.asarray(mark, dtype=np.float32) / 255 * rng.uniform(0.55, 0.85, size=(mark.height, mark.width))
    left, top = int(centre[0] - mark.width / 2), int(centre[1] - mark.height / 2)
    region = np.asarray(page.crop((left, top, left + mark.width, top + mark.height)), dtype=np.float32)
    inked = region * (1 - ink) + 70 * ink  # the pad's ink scans as a mid grey over the paper and the print
    page.paste(Image.fromarray(np.clip(inked, 0, 255).astype(np.uint8), "L"), (left, top))


def scanned_greyscale(page: Image.Image, rng: np.random.Generator, draw_dpi: int = DRAW_DPI,
                      scan_dpi: int = SCAN_DPI) -> Image.Image:
    """``page`` (greyscale, drawn at ``draw_dpi``) as an office scanner's greyscale PDF holds it at ``scan_dpi``:
    tilted 0.4-1.4 degrees either way, toned and mottled paper, grain and a slight blur."""
    angle = float(rng.uniform(0.4, 1.4)) * (1 if rng.integers(0, 2) else -1)
    tilted = page.rotate(angle, resample=Image.Resampling.BICUBIC, fillcolor=255)
    size = (round(page.width * scan_dpi / draw_dpi), round(page.height * scan_dpi / draw_dpi))
    pixels = np.asarray(tilted.resize(size, Image.Resampling.LANCZOS), dtype=np.float32) * 0.93
    mottle = rng.normal(0.0, 4.0, size=(size[1] // 16 + 1, size[0] // 16 + 1)).astype(np.float32)
    pixels += np.asarray(Image.fromarray(mottle, "F").resize(size, Image.Resampling.BILINEAR))
    pixels += rng.normal(0.0, 2.0, size=pixels.shape).astype(np.float32)
    return Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8), "L").filter(ImageFilter.GaussianBlur(0.6))


def attach_scan(path: Path, scan: Image.Image, modified: datetime) -> None:
    """Append ``scan`` to the PDF at ``path`` as its last page, the way a scanner's output is combined with a
    document: a JPEG filling a US Letter page and no text layer. The document's Info (author, producer) is kept as
    :func:`genkit.docs.write_pdf` wrote it, its modification date set to ``modified`` (when the scan was attached).
    genkit's writers have no image page, so the page is made with reportlab (invariant mode) and joined with
    pypdf."""
    from pypdf import PdfReader, PdfWriter
    from reportlab.lib.pagesizes import LETTER
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    jpeg, single = io.BytesIO(), io.BytesIO()
    scan.save(jpeg, format="JPEG", quality=80)
    sheet = canvas.Canvas(single, pagesize=LETTER, invariant=1)
    sheet.drawImage(ImageReader(io.BytesIO(jpeg.getvalue())), 0, 0, width=LETTER[0], height=LETTER[1])
    sheet.showPage()
    sheet.save()
    document = PdfReader(str(path))
    info = {key: value for key, value in (document.metadata or {}).items()}
    info["/ModDate"] = modified.strftime("D:%Y%m%d%H%M%S+00'00'")
    writer = PdfWriter(clone_from=document)
    writer.add_page(PdfReader(io.BytesIO(single.getvalue())).pages[0])
    writer.add_metadata(info)
    with open(path, "wb") as handle:
        writer.write(handle)
