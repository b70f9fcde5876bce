"""Scanned paper documents: a supplier's delivery note as the warehouse signed it, saved as a greyish PNG scan.

Issue 25 item 3 asks for "some figures only in an image or a scanned PDF page (png inputs)". A signed delivery
note is the paper a goods-in clerk keys a goods received note from; when goods arrive damaged or short the clerk
strikes through the printed quantity and writes the quantity received beside it, initialled. Such a correction
exists only on the paper (and so only in the scan), which is what makes a keying error findable only there.

:func:`write_delivery_note_scan` draws the page with Pillow on an A4 canvas at :data:`DRAW_DPI`: the supplier's printed
note in black (DejaVu Sans), a red goods-in stamp, a black signature, and, when there is a correction, a blue ballpoint
strike through the printed quantity with the received quantity and a remark written beside it in a "hand" face
(:data:`HAND_FONT`, DejaVu Serif Italic, a system font). The page is then rotated by a small angle, scanned down to :data:`DPI`,
given grey paper noise and a slight blur, and saved as an 8-bit RGB PNG with no text chunks (no software name, no time):
the same ``rng`` state gives the same bytes.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

#: Where the machine's DejaVu faces live (Debian/Ubuntu fonts-dejavu-core).
FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
PRINT_FONT = FONT_DIR / "DejaVuSans.ttf"
PRINT_BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"
#: The face the warehouse's hand corrections are drawn in (a reader can render its glyphs from the same file).
HAND_FONT = FONT_DIR / "DejaVuSerif-Italic.ttf"
STAMP_FONT = FONT_DIR / "DejaVuSansCondensed-Bold.ttf"
DRAW_DPI = 150  # the page is drawn at 150 dpi ...
DPI = 100  # ... and scanned at 100 dpi
PAGE = (1240, 1754)  # A4 portrait at DRAW_DPI, pixels
INK_BLACK = (28, 28, 34)
INK_BLUE = (32, 58, 168)  # blue ballpoint
INK_RED = (196, 40, 44)  # stamp pad
PAPER = (244, 242, 236)


@dataclass(frozen=True)
class Correction:
    """A hand correction to a delivery note's printed quantity: the quantity the warehouse ``received`` (written
    beside the struck figure), a short ``remark`` (e.g. "4 damaged - refused") and the clerk's ``initials``."""

    received: int
    remark: str
    initials: str


@dataclass(frozen=True)
class DeliveryNote:
    """One supplier delivery note of a single line. ``quantity`` is the printed quantity delivered (units of
    ``unit``); ``stamp_lines`` are the goods-in stamp's lines (e.g. "GOODS RECEIVED", the date, the GRN number)."""

    supplier: str
    supplier_address: tuple[str, ...]
    note_number: str
    delivery_date: date
    customer: tuple[str, ...]
    po_number: str
    sku: str
    description: str
    unit: str
    quantity: int
    carrier: str
    signed_by: str
    stamp_lines: tuple[str, ...]
    correction: Correction | None = None


def _font(path: Path, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(path), size)


def _signature(draw: ImageDraw.ImageDraw, origin: tuple[int, int], rng: np.random.Generator, width: int = 240) -> None:
    """A ballpoint scrawl: a looping stroke with a rising tail, drawn as a polyline of ``width`` pixels."""
    x0, y0 = origin
    loops = int(rng.integers(3, 6))
    t = np.linspace(0, 1, 160)
    phase = float(rng.uniform(0, np.pi))
    xs = x0 + width * t + 14 * np.sin(2 * np.pi * loops * t + phase)
    ys = y0 - 22 * np.sin(2 * np.pi * loops * t * 0.5 + phase) * np.exp(-1.5 * t) - 30 * t ** 3
    points = [(float(x), float(y)) for x, y in zip(xs, ys, strict=True)]
    draw.line(points, fill=INK_BLACK, width=3, joint="curve")
    draw.line([(x0 + width * 0.15, y0 + 16), (x0 + width * 0.9, y0 + 8)], fill=INK_BLACK, width=2)


def _stamp(note: DeliveryNote, rng: np.random.Generator) -> Image.Image:
    """The goods-in rubber stamp: a red double box with its lines, on a transparent layer, tilted a little."""
    font = _font(STAMP_FONT, 26)
    widest = max(font.getlength(line) for line in note.stamp_lines)
    size = (int(widest) + 70, 54 + 36 * len(note.stamp_lines))
    layer = Image.new("RGBA", size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    colour = (*INK_RED, 210)
    draw.rectangle([4, 4, size[0] - 5, size[1] - 5], outline=colour, width=4)
    draw.rectangle([14, 14, size[0] - 15, size[1] - 15], outline=colour, width=2)
    for k, line in enumerate(note.stamp_lines):
        width = draw.textlength(line, font=font)
        draw.text(((size[0] - width) / 2, 26 + 36 * k), line, font=font, fill=colour)
    return layer.rotate(float(rng.uniform(-9, 9)), resample=Image.Resampling.BICUBIC, expand=True)


def render_delivery_note(note: DeliveryNote, rng: np.random.Generator) -> Image.Image:
    """The delivery note as a scanned RGB page (A4 at :data:`DPI`), drawn from ``note`` with the
    randomness (tilt, stamp position, noise) taken from ``rng``."""
    page = Image.new("RGB", PAGE, (255, 255, 255))
    draw = ImageDraw.Draw(page)
    regular, small, bold = _font(PRINT_FONT, 24), _font(PRINT_FONT, 20), _font(PRINT_BOLD, 26)
    title, hand = _font(PRINT_BOLD, 46), _font(HAND_FONT, 44)
    left, right = 90, PAGE[0] - 90

    draw.text((left, 90), note.supplier, font=_font(PRINT_BOLD, 34), fill=INK_BLACK)
    for k, line in enumerate(note.supplier_address):
        draw.text((left, 140 + 30 * k), line, font=small, fill=INK_BLACK)
    draw.text((right - draw.textlength("DELIVERY NOTE", font=title), 90), "DELIVERY NOTE", font=title, fill=INK_BLACK)
    facts = (("Delivery note no.", note.note_number), ("Date", f"{note.delivery_date:%d/%m/%Y}"),
             ("Your order no.", note.po_number), ("Carrier", note.carrier))
    for k, (label, value) in enumerate(facts):
        y = 170 + 36 * k
        draw.text((right - 470, y), label, font=small, fill=INK_BLACK)
        draw.text((right - 250, y), value, font=regular, fill=INK_BLACK)
    draw.line([(left, 330), (right, 330)], fill=INK_BLACK, width=2)
    draw.text((left, 350), "Deliver to:", font=bold, fill=INK_BLACK)
    for k, line in enumerate(note.customer):
        draw.text((left, 390 + 32 * k), line, font=regular, fill=INK_BLACK)

    # the line table: code, description, unit, quantity delivered, remarks
    top = 600
    columns = (left, left + 160, left + 490, left + 600, left + 810, right)
    heads = ("Item code", "Description", "Unit", "Qty", "Remarks")
    draw.rectangle([left, top, right, top + 50], outline=INK_BLACK, width=2, fill=(232, 232, 232))
    for k, head in enumerate(heads):
        draw.text((columns[k] + 12, top + 12), head, font=bold, fill=INK_BLACK)
    row_top, row_bottom = top + 50, top + 50 + 90
    draw.rectangle([left, row_top, right, row_bottom], outline=INK_BLACK, width=2)
    for x in columns[1:-1]:
        draw.line([(x, top), (x, row_bottom + 180)], fill=INK_BLACK, width=2)
    draw.rectangle([left, row_bottom, right, row_bottom + 180], outline=INK_BLACK, width=2)
    text_y = row_top + 30
    draw.text((columns[0] + 12, text_y), note.sku, font=regular, fill=INK_BLACK)
    description = note.description
    while draw.textlength(description, font=regular) > columns[2] - columns[1] - 24:
        description = description[:-2] + "\u2026"
    draw.text((columns[1] + 12, text_y), description, font=regular, fill=INK_BLACK)
    draw.text((columns[2] + 12, text_y), note.unit, font=regular, fill=INK_BLACK)
    printed = str(note.quantity)
    printed_x = columns[3] + 14
    draw.text((printed_x, text_y), printed, font=regular, fill=INK_BLACK)
    draw.text((left, row_bottom + 200), "Goods remain the property of the supplier until paid for in full. "
              "Shortages or damage must be noted", font=small, fill=INK_BLACK)
    draw.text((left, row_bottom + 228), "on this note at the time of delivery.", font=small, fill=INK_BLACK)

    # signatures block
    sig_top = 1180
    draw.text((left, sig_top), "Received by (signature)", font=small, fill=INK_BLACK)
    draw.line([(left, sig_top + 110), (left + 470, sig_top + 110)], fill=INK_BLACK, width=1)
    draw.text((left, sig_top + 130), "Print name", font=small, fill=INK_BLACK)
    draw.line([(left + 130, sig_top + 155), (left + 470, sig_top + 155)], fill=INK_BLACK, width=1)
    draw.text((left + 600, sig_top), "Driver", font=small, fill=INK_BLACK)
    draw.line([(left + 600, sig_top + 110), (right, sig_top + 110)], fill=INK_BLACK, width=1)
    _signature(draw, (left + 30, sig_top + 90), rng)
    _signature(draw, (left + 640, sig_top + 90), rng, width=200)
    draw.text((left + 150, sig_top + 118), note.signed_by, font=_font(HAND_FONT, 30), fill=INK_BLACK)

    if note.correction is not None:  # blue ballpoint: strike the printed figure, write the received one beside it
        box = draw.textbbox((printed_x, text_y), printed, font=regular)
        lift = float(rng.uniform(-3, 3))
        draw.line([(box[0] - 8, (box[1] + box[3]) / 2 + lift), (box[2] + 8, (box[1] + box[3]) / 2 - lift)],
                  fill=INK_BLUE, width=4)
        draw.text((box[2] + 26, row_top + 12), str(note.correction.received), font=hand, fill=INK_BLUE)
        remark = _font(HAND_FONT, 30)
        for k, line in enumerate(note.correction.remark.split("\n")):
            draw.text((columns[4] + 14, row_top + 8 + 36 * k), line, font=remark, fill=INK_BLUE)
        draw.text((right - 110, row_bottom + 40), note.correction.initials, font=hand, fill=INK_BLUE)

    stamp = _stamp(note, rng)
    spot = (int(rng.integers(640, 760)), int(rng.integers(1330, 1420)))
    page.paste(stamp, spot, stamp)
    return scanned(page, rng)


def scanned(page: Image.Image, rng: np.random.Generator) -> Image.Image:
    """``page`` (drawn at :data:`DRAW_DPI`) as an office scanner returns it at :data:`DPI`: paper tone, a tilt of
    0.4-1.6 degrees either way, grey mottle and grain (the same value on all three channels, so ink keeps its hue),
    a few specks, a slight blur and the scanner's coarse levels (steps of 4)."""
    angle = float(rng.uniform(0.4, 1.6)) * (1 if rng.integers(0, 2) else -1)
    tilted = page.rotate(angle, resample=Image.Resampling.BICUBIC, expand=False, fillcolor=(255, 255, 255))
    size = (round(PAGE[0] * DPI / DRAW_DPI), round(PAGE[1] * DPI / DRAW_DPI))
    pixels = np.asarray(tilted.resize(size, Image.Resampling.LANCZOS), dtype=np.float32)
    pixels *= np.asarray(PAPER, dtype=np.float32) / 255.0
    height, width = pixels.shape[:2]
    mottle = rng.normal(0.0, 5.0, size=(height // 12 + 1, width // 12 + 1)).astype(np.float32)
    mottle = np.asarray(Image.fromarray(mottle, "F").resize((width, height), Image.Resampling.BILINEAR))
    grain = rng.normal(0.0, 1.5, size=(height, width)).astype(np.float32)
    pixels += (mottle + grain)[:, :, None]
    flat = pixels.reshape(-1, 3)
    flat[rng.integers(0, height * width, size=300)] -= np.float32(rng.uniform(60, 140))
    image = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8), "RGB").filter(ImageFilter.GaussianBlur(0.5))
    return Image.fromarray(np.asarray(image) // 4 * 4)


def write_delivery_note_scan(path: Path, note: DeliveryNote, rng: np.random.Generator) -> Path:
    """Render ``note`` (:func:`render_delivery_note`) and save it at ``path`` as a PNG with its resolution and
    nothing else in its metadata. Returns ``path``. Raises OSError when the fonts under :data:`FONT_DIR` are
    missing."""
    path.parent.mkdir(parents=True, exist_ok=True)
    render_delivery_note(note, rng).save(path, format="PNG", dpi=(DPI, DPI), compress_level=6)
    return path
