"""Reading PNG images: a chart a worker delivers (ECON-01, BI-01) or a scan a scenario gives (PROC-01 hard).

A chart's numbers are graded from the table it plots (each scenario asks for that table in its workbook); this module
answers the other half of the question a careful reader asks of the picture: is it a real PNG image, large enough
to read, with something drawn on it? It uses Pillow (a dependency of matplotlib, declared in pyproject.toml), never
a parser of its own, and keeps a hostile file from exhausting the evaluator:

- the file size is bounded by :func:`safety.check_size`;
- the pixel count is read from the header and bounded by :data:`MAX_PIXELS` before any pixel is decoded (a small
  file declaring 100,000 x 100,000 pixels is a decompression bomb: :class:`safety.HostileFile`);
- a file that is not a PNG (a JPEG or text renamed .png), or a truncated or corrupt one, is
  :class:`safety.UnreadableFile`: the worker's mistake, not a violation.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, UnidentifiedImageError
from safety import HostileFile, UnreadableFile, check_size

#: Images holding more pixels than this are refused before decoding (a 4K chart is 8.3 million).
MAX_PIXELS = 40_000_000
#: A chart narrower or lower than this (pixels) cannot be read on a page: matplotlib's default figure is 640 x 480.
MIN_CHART_WIDTH = 400
MIN_CHART_HEIGHT = 300
#: Share of pixels that must differ from the background for an image to count as drawn on (a chart's axes, labels
#: and marks cover several per cent of its area; an empty canvas with a one-pixel border covers under 0.5 %).
MIN_INK_FRACTION = 0.01
#: The pixels are sampled on a grid at most this wide and high when measuring ink (enough for 1 % at chart sizes).
_SAMPLE_SIDE = 400


@dataclass(frozen=True)
class ImageFacts:
    """What :func:`read_png` measured: ``width`` and ``height`` in pixels, Pillow's ``mode`` (e.g. "RGBA"),
    ``colours``: distinct colours in the sampled grid (capped at 256), and ``ink_fraction``: the share (0-1) of
    sampled pixels that differ from the most common (background) colour."""

    width: int
    height: int
    mode: str
    colours: int
    ink_fraction: float


def read_png(path: Path) -> ImageFacts:
    """Measure the PNG at ``path``.

    Raises :class:`safety.HostileFile` for a file over the size cap or an image over :data:`MAX_PIXELS`, and
    :class:`safety.UnreadableFile` for a file that is not a PNG, or is truncated or corrupt; each message names the
    file.
    """
    path = Path(path)
    check_size(path)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as image:
                if image.format != "PNG":
                    raise UnreadableFile(f"{path.name}: not a PNG image (it is {image.format or 'unknown'})")
                width, height = image.size
                if width * height > MAX_PIXELS:
                    raise HostileFile(f"{path.name}: {width} x {height} pixels is over the {MAX_PIXELS:,} bound")
                image.load()
                sample = image.convert("RGB")
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as exc:
        raise UnreadableFile(f"{path.name}: not a readable PNG image ({exc})") from exc
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        raise HostileFile(f"{path.name}: {exc}") from exc
    sample.thumbnail((_SAMPLE_SIDE, _SAMPLE_SIDE), Image.Resampling.NEAREST)
    counts = sample.getcolors(maxcolors=_SAMPLE_SIDE * _SAMPLE_SIDE) or []
    total = sum(count for count, _ in counts) or 1
    background = max((count for count, _ in counts), default=0)
    return ImageFacts(width=width, height=height, mode=image.mode, colours=min(len(counts), 256),
                      ink_fraction=(total - background) / total)


def chart_problems(path: Path, min_width: int = MIN_CHART_WIDTH, min_height: int = MIN_CHART_HEIGHT,
                   min_ink: float = MIN_INK_FRACTION) -> list[str]:
    """Why the PNG at ``path`` is not a readable chart, as one line each (empty when it is one): not a PNG,
    smaller than ``min_width`` x ``min_height`` pixels, or blank (under ``min_ink`` of it drawn on, or one colour).

    Hostile files raise :class:`safety.HostileFile` as in :func:`read_png`; an unreadable one is reported here, not
    raised, so a criterion can fail with the reason in its detail.
    """
    try:
        facts = read_png(path)
    except UnreadableFile as exc:
        return [str(exc)]
    problems = []
    if facts.width < min_width or facts.height < min_height:
        problems.append(f"{Path(path).name}: {facts.width} x {facts.height} pixels is smaller than a readable chart "
                        f"({min_width} x {min_height})")
    if facts.colours < 2 or facts.ink_fraction < min_ink:
        problems.append(f"{Path(path).name}: blank: {facts.ink_fraction:.1%} of it is drawn on "
                        f"(a chart draws on at least {min_ink:.0%})")
    return problems
