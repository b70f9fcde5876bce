"""Readers the static gate checks share: every input file as text, and whether a value (a number or a phrase) is
written in a text. benchmark/validators/common.py supplies the readers and is loaded by path."""

from __future__ import annotations

import bisect
import csv
import email
import email.policy
import importlib.util
import re
import sys
from decimal import Decimal
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from wp42.errors import UserError
from wp42.layout import Repo


@cache
def _common(validators_dir: str) -> ModuleType:
    """benchmark/validators/common.py, loaded by path (the framework imports no benchmark file as its own module)."""
    return load_by_path(Path(validators_dir) / "common.py", "wp42_validators_common")


def load_by_path(path: Path, prefix: str) -> ModuleType:
    """The Python file at ``path`` as a module named ``<prefix>_<hash of the path>`` (one per checkout).

    Raises:
        UserError: the file cannot be loaded.
    """
    name = f"{prefix}_{abs(hash(str(path)))}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise UserError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while the file executes
    spec.loader.exec_module(module)
    return module


def input_texts(inputs_dir: Path, repo: Repo) -> dict[str, str]:
    """``{relative path: text}`` of every input, read with benchmark/validators/common.py where it has a reader
    (xlsx cell values, docx, pdf); CSV cells are joined by tabs; e-mail bodies are decoded; other files are read
    as UTF-8 (errors replaced).
    A file no reader can open maps to ``""``."""
    common = _common(str(repo.validators_dir))
    texts: dict[str, str] = {}
    for path in sorted(p for p in Path(inputs_dir).rglob("*") if p.is_file() and not p.is_symlink()):
        rel = path.relative_to(inputs_dir).as_posix()
        suffix = path.suffix.lower()
        try:
            if suffix == ".xlsx":
                book = common.Workbook(path)
                texts[rel] = "\n".join("\t".join("" if c.value is None else str(c.value) for c in row)
                                       for sheet in book.sheetnames for row in book.rows(sheet))
            elif suffix == ".docx":
                texts[rel] = common.docx_text(path)
            elif suffix == ".pdf":
                texts[rel] = common.pdf_text(path)
            elif suffix in (".csv", ".tsv"):
                # cells apart: a CSV comma read as text would join "85,2025-02-23" into the number 85,202
                dialect = "excel-tab" if suffix == ".tsv" else "excel"
                with open(path, newline="", encoding="utf-8", errors="replace") as handle:
                    texts[rel] = "\n".join("\t".join(row) for row in csv.reader(handle, dialect))
            elif suffix == ".eml":
                message = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
                parts = [str(message.get(h, "")) for h in ("From", "To", "Subject", "Date")]
                for part in message.walk():
                    if part.get_content_maintype() == "text":
                        parts.append(part.get_content())
                texts[rel] = "\n".join(parts)
            else:
                texts[rel] = path.read_text(encoding="utf-8", errors="replace")
        except Exception:  # a reader's refusal means "nothing readable here", not a validator crash
            texts[rel] = ""
    return texts


_NUMBER_TEXT = re.compile(r"\s*[-\u2212(]?\s*[$\u20ac\u00a3]?\s*-?\d[\d,]*(\.\d+)?\s*\)?\s*%?\s*")


def _as_number(value: Any, common: ModuleType) -> Decimal | None:
    """``value`` as a number when it is one (an int, a float, or a string that is only an amount), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float | Decimal) or (isinstance(value, str) and _NUMBER_TEXT.fullmatch(value)):
        return common.parse_number(value)
    return None


class TextIndex:
    """A text prepared once for many "is this value written here?" questions (the ready gate asks one per brief
    value and per portal record value): normalised once, its numbers sorted by magnitude. Normalising the whole of
    inputs/ once per question made PROC-01's hard ready gate take 950 s of 967 (2,035 normalisations of ~1 MB).

    ``text``: the text; ``numbers``: the numbers already found in it (``common.numbers_in_text``); ``common``: the
    validators' common module (``normalize_text``, ``parse_number``)."""

    #: Numbers within half a cent are the same written number.
    TOLERANCE = Decimal("0.005")

    def __init__(self, text: str, numbers: list[Decimal], common: ModuleType) -> None:
        self.common = common
        self.normalized = common.normalize_text(text)
        self.magnitudes = sorted(abs(n) for n in numbers)

    def contains(self, value: Any) -> bool:
        """Is ``value`` written in the text? Numbers are compared as numbers (absolute value, to the half cent),
        anything else as normalised text."""
        number = _as_number(value, self.common)
        if number is not None:
            target = abs(number)
            at = bisect.bisect_left(self.magnitudes, target - self.TOLERANCE)
            return at < len(self.magnitudes) and self.magnitudes[at] <= target + self.TOLERANCE
        needle = self.common.normalize_text(value)
        return bool(needle) and needle in self.normalized


def _scalars(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [s for v in value.values() for s in _scalars(v)]
    if isinstance(value, list):
        return [s for v in value for s in _scalars(v)]
    return [value]
