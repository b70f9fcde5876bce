"""CSV as spreadsheet programs and people export it: any common encoding, BOM, comma / semicolon / tab / pipe
delimiters, quoted fields holding delimiters and newlines, backslash-escaped quotes (RFC 4180 plus what Excel and
European exports do).

The encoding is the BOM's when there is one, else UTF-8 when the bytes decode as UTF-8, else charset-normalizer's
best guess. The dialect starts from ``csv.Sniffer``; every candidate delimiter (and backslash escaping, when the text
has ``\\"``) is then parsed in full and the one giving the most consistent field count wins, because the sniffer
alone guesses wrong on short files whose quoted fields hold spaces and newlines.

Excel's ``sep=<c>`` first line (what Excel writes, and reads, to name a CSV's delimiter: a semicolon-locale export
starts ``sep=;``) is honoured and dropped: ``<c>`` is the delimiter and the header is the next line (issue 24).
Each convention applied is named in :attr:`CsvTable.conventions` for ``wp42 read``.
"""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from amounts import normalize_text
from safety import HostileFile, UnreadableFile, check_size

_BOMS = ((b"\xef\xbb\xbf", "utf-8-sig"), (b"\xff\xfe", "utf-16"), (b"\xfe\xff", "utf-16"))
_DELIMITERS = (",", ";", "\t", "|")
#: Excel's delimiter line: ``sep=;`` alone on the first line (optionally quoted, any line ending).
_EXCEL_SEP = re.compile(r'\A"?sep=(.)"?[ \t]*(?:\r\n|\n|\r|\Z)', re.IGNORECASE)
#: :attr:`CsvTable.conventions` entry when the Excel ``sep=`` line was honoured.
EXCEL_SEP_CONVENTION = "csv: excel sep= line"


@dataclass
class CsvTable:
    """A parsed CSV: ``records`` includes the header row as record 0."""

    encoding: str
    bom: bool
    delimiter: str
    quotechar: str = '"'
    escapechar: str | None = None
    records: list[list[str]] = field(default_factory=list)
    #: conventions applied while reading, e.g. ``"csv: excel sep= line"``, ``"csv: utf-8 bom"``
    conventions: list[str] = field(default_factory=list)


def decode(raw: bytes, name: str = "csv") -> tuple[str, str, bool]:
    """``(text, encoding, had_bom)`` for the bytes of a text file.

    Raises:
        UnreadableFile: the bytes are not text in any encoding charset-normalizer recognises.
    """
    for bom, encoding in _BOMS:
        if raw.startswith(bom):
            return raw.decode(encoding), encoding, True
    try:
        return raw.decode("utf-8"), "utf-8", False
    except UnicodeDecodeError:
        pass
    from charset_normalizer import from_bytes

    best = from_bytes(raw).best()
    if best is None:
        raise UnreadableFile(f"{name} is not text in any recognised encoding")
    return str(best), best.encoding, False


def _parse(text: str, delimiter: str, escapechar: str | None) -> list[list[str]]:
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, quotechar='"', escapechar=escapechar,
                        doublequote=True, strict=False)
    return [row for row in reader if row]


def _consistency(records: list[list[str]]) -> tuple[float, int]:
    if not records:
        return 0.0, 0
    counts = Counter(len(r) for r in records)
    width, share = counts.most_common(1)[0]
    return (share / len(records) if width > 1 else 0.0), width


def read_csv_table(path: Path, max_records: int = 1_000_000) -> CsvTable:
    """The records of a CSV file with its detected encoding and dialect (module docstring).

    Raises:
        UnreadableFile: not text, or not parseable as CSV.
        HostileFile: over the size cap, or more than ``max_records`` records.
    """
    path = Path(path)
    check_size(path)
    text, encoding, bom = decode(path.read_bytes(), path.name)
    conventions = [f"csv: {encoding.removesuffix('-sig')} bom"] if bom else []
    excel_sep = _EXCEL_SEP.match(text)
    if excel_sep:
        text = text[excel_sep.end():]
        candidates = [excel_sep.group(1)]
        conventions.append(EXCEL_SEP_CONVENTION)
    else:
        candidates = list(_DELIMITERS)
        try:
            sniffed = csv.Sniffer().sniff(text[:65536], delimiters="".join(_DELIMITERS)).delimiter
            candidates.remove(sniffed)
            candidates.insert(0, sniffed)
        except csv.Error:
            pass
    escapes = [None, "\\"] if '\\"' in text else [None]
    best: tuple[tuple[float, int, int], str, str | None, list[list[str]]] | None = None
    for rank, delimiter in enumerate(candidates):
        for escape in escapes:
            try:
                records = _parse(text, delimiter, escape)
            except csv.Error:
                continue
            share, width = _consistency(records)
            score = (share, width if share else 0, -rank)
            if best is None or score > best[0]:
                best = (score, delimiter, escape, records)
    if best is None:
        raise UnreadableFile(f"{path.name} is not parseable as CSV")
    _, delimiter, escape, records = best
    if len(records) > max_records:
        raise HostileFile(f"{path.name}: more than {max_records} records")
    return CsvTable(encoding=encoding, bom=bom, delimiter=delimiter, escapechar=escape, records=records,
                    conventions=conventions)


def read_csv(path: Path, max_rows: int = 100_000) -> list[dict[str, str]]:
    """Rows of a CSV deliverable as ``{normalised header: stripped text}`` (headers via normalize_text, spaces
    turned into ``_``); encoding and dialect detected as in :func:`read_csv_table`; blank rows skipped.

    Raises:
        UnreadableFile: not text, or no header row.
        HostileFile: over the size cap, or more than ``max_rows`` rows.
    """
    table = read_csv_table(path, max_records=max_rows + 1_000)
    if not table.records:
        raise UnreadableFile(f"{Path(path).name}: empty CSV (no header row)")
    header = [normalize_text(h).replace(" ", "_") for h in table.records[0]]
    rows = []
    for raw in table.records[1:]:
        if not any(cell.strip() for cell in raw):
            continue
        if len(rows) >= max_rows:
            raise HostileFile(f"{Path(path).name}: more than {max_rows} rows")
        rows.append({h: (raw[i].strip() if i < len(raw) else "") for i, h in enumerate(header) if h})
    return rows
