"""The PNG reader (benchmark/validators/readers_image.py): a real chart passes, and each way a delivered 'chart' can
be no chart (blank, tiny, not a PNG, truncated, a decompression bomb) is named."""

from __future__ import annotations

import struct
import sys
import zlib
from pathlib import Path

import matplotlib
import pytest
from PIL import Image

from wp42.layout import Repo

matplotlib.use("Agg")
sys.path.insert(0, str(Repo.find().validators_dir))
import readers_image  # noqa: E402
from safety import HostileFile, UnreadableFile  # noqa: E402


def _chart(path: Path) -> Path:
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(6.4, 4.8), dpi=100)
    axes.plot(["Jan", "Feb", "Mar", "Apr"], [101.2, 102.9, 103.4, 104.1], marker="o")
    axes.set_title("CPI, 2024 = 100")
    figure.savefig(path, format="png")
    plt.close(figure)
    return path


def test_a_matplotlib_chart_is_a_chart(tmp_path):
    path = _chart(tmp_path / "chart.png")
    facts = readers_image.read_png(path)
    assert (facts.width, facts.height) == (640, 480)
    assert facts.ink_fraction > readers_image.MIN_INK_FRACTION and facts.colours > 2
    assert readers_image.chart_problems(path) == []


def test_a_blank_canvas_is_not_a_chart(tmp_path):
    path = tmp_path / "chart.png"
    image = Image.new("RGB", (640, 480), "white")
    for x in range(640):  # a one-pixel frame is not a chart
        image.putpixel((x, 0), (0, 0, 0))
    image.save(path)
    problems = readers_image.chart_problems(path)
    assert len(problems) == 1 and "blank" in problems[0] and "chart.png" in problems[0]


def test_a_thumbnail_is_too_small_to_read(tmp_path):
    path = tmp_path / "chart.png"
    Image.open(_chart(tmp_path / "big.png")).resize((120, 90)).save(path)
    problems = readers_image.chart_problems(path)
    assert problems and "smaller than a readable chart" in problems[0]


@pytest.mark.parametrize("make, expected", [
    (lambda p: Image.open(_chart(p.with_suffix(".tmp.png"))).convert("RGB").save(p, format="JPEG"), "not a PNG"),
    (lambda p: p.write_text("a chart of CPI by month\n"), "not a readable PNG"),
    (lambda p: p.write_bytes(_chart(p.with_suffix(".tmp.png")).read_bytes()[:900]), "not a readable PNG"),
])
def test_files_that_are_no_png_are_the_workers_mistake(tmp_path, make, expected):
    path = tmp_path / "chart.png"
    make(path)
    with pytest.raises(UnreadableFile, match=expected):
        readers_image.read_png(path)
    assert expected in readers_image.chart_problems(path)[0]


def test_a_decompression_bomb_is_refused_before_decoding(tmp_path):
    """A 90-byte file declaring 100,000 x 100,000 pixels: refused from its header as hostile."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", 100_000, 100_000, 8, 0, 0, 0, 0)
    path = tmp_path / "chart.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * 64))
                     + chunk(b"IEND", b""))
    with pytest.raises(HostileFile, match="pixels|decompression|bomb"):
        readers_image.read_png(path)
