"""Deterministic document writers shared by every scenario generator (SPEC section 2, determinism).

Each writer takes plain Python data and a target path and writes the same bytes for the same inputs: document
properties carry :data:`FIXED_TIMESTAMP`, zip containers (xlsx, docx) are rewritten by :func:`normalize_zip` with
fixed entry dates and a stable entry order, PDFs are written with reportlab's ``invariant=1`` and MIME boundaries
are derived from the message content. No writer draws random numbers; pass values drawn from the generator's rng.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
import sqlite3
import zipfile
from collections.abc import Iterable, Sequence
from datetime import UTC, date, datetime
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path
from typing import Any

#: The one timestamp written into document properties (created, modified, printed).
FIXED_TIMESTAMP = datetime(2025, 1, 1, 9, 0, 0)
#: Zip entry date (the earliest a zip header can carry).
ZIP_DATE = (1980, 1, 1, 0, 0, 0)

_CORE_DATE_TAGS = ("dcterms:created", "dcterms:modified", "cp:lastPrinted")


def normalize_zip(path: Path, timestamp: datetime = FIXED_TIMESTAMP) -> None:
    """Rewrite a zip-based Office file in place so it is byte-stable.

    Every entry gets date :data:`ZIP_DATE`, fixed permissions and deflate compression; ``[Content_Types].xml``
    stays first (Office requires it near the front) and the other entries follow in sorted order; the dates in
    ``docProps/core.xml`` are replaced by ``timestamp``.

    Raises:
        zipfile.BadZipFile: ``path`` is not a zip file.
    """
    path = Path(path)
    with zipfile.ZipFile(path) as source:
        entries = {info.filename: source.read(info.filename) for info in source.infolist()}
    stamp = timestamp.strftime("%Y-%m-%dT%H:%M:%SZ")
    if "docProps/core.xml" in entries:
        text = entries["docProps/core.xml"].decode("utf-8")
        for tag in _CORE_DATE_TAGS:
            text = re.sub(rf"(<{tag}\b[^>]*>)[^<]*(</{tag}>)", rf"\g<1>{stamp}\g<2>", text)
        entries["docProps/core.xml"] = text.encode("utf-8")
    first = [name for name in ("[Content_Types].xml",) if name in entries]
    order = first + sorted(name for name in entries if name not in first)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as target:
        for name in order:
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            info.create_system = 0
            target.writestr(info, entries[name], compresslevel=6)
    path.write_bytes(buffer.getvalue())


# ---------------------------------------------------------------------------------------------------- xlsx
def write_xlsx(
    path: Path,
    sheets: Sequence[dict[str, Any]],
    *,
    title: str = "",
    creator: str = "",
) -> None:
    """Write a workbook with openpyxl.

    Args:
        sheets: ``[{"name": str, "rows": [[value, ...], ...], "widths": {"A": 12}, "number_formats":
            {"E": "#,##0.00"}, "bold_rows": [1], "freeze": "A2"}]``; values may be str, int, float, Decimal (written
            as float), date/datetime or a formula string starting with ``=``.
        title, creator: document properties.
    """
    from decimal import Decimal

    from openpyxl import Workbook
    from openpyxl.styles import Font

    wb = Workbook()
    wb.remove(wb.active)
    for spec in sheets:
        ws = wb.create_sheet(spec["name"])
        for row in spec["rows"]:
            ws.append([float(v) if isinstance(v, Decimal) else v for v in row])
        for column, width in spec.get("widths", {}).items():
            ws.column_dimensions[column].width = width
        for column, fmt in spec.get("number_formats", {}).items():
            for cell in ws[column]:
                if isinstance(cell.value, (int, float)) or (isinstance(cell.value, str) and cell.value.startswith("=")):
                    cell.number_format = fmt
                elif isinstance(cell.value, (date, datetime)):
                    cell.number_format = "yyyy-mm-dd"
        for column in spec.get("date_columns", []):
            for cell in ws[column]:
                if isinstance(cell.value, (date, datetime)):
                    cell.number_format = spec.get("date_format", "yyyy-mm-dd")
        for row_number in spec.get("bold_rows", []):
            for cell in ws[row_number]:
                cell.font = Font(bold=True)
        if spec.get("freeze"):
            ws.freeze_panes = spec["freeze"]
    wb.properties.creator = creator
    wb.properties.lastModifiedBy = creator
    wb.properties.title = title
    wb.properties.created = FIXED_TIMESTAMP
    wb.properties.modified = FIXED_TIMESTAMP
    wb.save(path)
    normalize_zip(path)


# ---------------------------------------------------------------------------------------------------- docx
def write_docx(path: Path, blocks: Sequence[tuple[str, Any]], *, title: str = "", author: str = "") -> None:
    """Write a Word document with python-docx.

    Args:
        blocks: ``[("heading", "text"), ("heading2", "text"), ("para", "text"), ("bullets", ["a", "b"]),
            ("table", [[header...], [row...], ...])]`` in document order.
    """
    import docx

    document = docx.Document()
    for kind, content in blocks:
        if kind == "heading":
            document.add_heading(str(content), level=1)
        elif kind == "heading2":
            document.add_heading(str(content), level=2)
        elif kind == "para":
            document.add_paragraph(str(content))
        elif kind == "bullets":
            for item in content:
                document.add_paragraph(str(item), style="List Bullet")
        elif kind == "table":
            rows = [list(map(str, r)) for r in content]
            table = document.add_table(rows=len(rows), cols=len(rows[0]))
            table.style = "Table Grid"
            for r, row in enumerate(rows):
                for c, value in enumerate(row):
                    table.cell(r, c).text = value
        else:
            raise ValueError(f"unknown docx block kind {kind!r}")
    save_docx(document, path, title=title, author=author)


def save_docx(document: Any, path: Path, *, title: str, author: str, last_modified_by: str | None = None,
              revision: int = 1) -> None:
    """Save a python-docx ``document`` byte-stably: fixed document-property dates, then fixed zip entry dates."""
    props = document.core_properties
    props.title = title
    props.author = author
    props.last_modified_by = last_modified_by or author
    props.created = FIXED_TIMESTAMP
    props.modified = FIXED_TIMESTAMP
    props.last_printed = FIXED_TIMESTAMP
    props.revision = revision
    document.save(str(path))
    normalize_zip(Path(path))


# ---------------------------------------------------------------------------------------------------- pdf
def write_pdf(
    path: Path,
    blocks: Sequence[tuple[str, Any]],
    *,
    title: str = "",
    author: str = "",
    landscape_page: bool = False,
) -> None:
    """Write a PDF with reportlab platypus (``invariant=1``: fixed creation date and document id).

    Args:
        blocks: ``[("title", "text"), ("para", "text"), ("small", "text"), ("spacer", points),
            ("table", {"rows": [[header...], ...], "col_widths": [points...], "align_right_from": 2})]``.
            Table cells are strings; the first row is the header and repeats on each page.
    """
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import LETTER, landscape
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    styles = getSampleStyleSheet()
    pagesize = landscape(LETTER) if landscape_page else LETTER
    doc = SimpleDocTemplate(
        str(path), pagesize=pagesize, invariant=1, title=title, author=author, creator=author, subject=title,
        leftMargin=40, rightMargin=40, topMargin=40, bottomMargin=40,
    )
    story: list[Any] = []
    for kind, content in blocks:
        if kind == "title":
            story.append(Paragraph(_escape(content), styles["Title"]))
        elif kind == "para":
            story.append(Paragraph(_escape(content), styles["BodyText"]))
        elif kind == "small":
            story.append(Paragraph(_escape(content), styles["Italic"]))
        elif kind == "spacer":
            story.append(Spacer(1, float(content)))
        elif kind == "table":
            rows = [[str(v) for v in row] for row in content["rows"]]
            table = Table(rows, colWidths=content.get("col_widths"), repeatRows=1)
            style = [
                ("FONTNAME", (0, 0), (-1, 0), "Helvetica-Bold"),
                ("FONTSIZE", (0, 0), (-1, -1), 8),
                ("GRID", (0, 0), (-1, -1), 0.25, colors.grey),
                ("BACKGROUND", (0, 0), (-1, 0), colors.lightgrey),
            ]
            if content.get("align_right_from") is not None:
                style.append(("ALIGN", (content["align_right_from"], 0), (-1, -1), "RIGHT"))
            table.setStyle(TableStyle(style))
            story.append(table)
        else:
            raise ValueError(f"unknown pdf block kind {kind!r}")
    doc.build(story)


def _escape(text: Any) -> str:
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# ---------------------------------------------------------------------------------------------------- text formats
def write_csv(path: Path, header: Sequence[str], rows: Iterable[Sequence[Any]]) -> None:
    """Write UTF-8 CSV (no BOM, ``\\n`` line ends, minimal quoting); values are written with ``str``."""
    with open(path, "w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(header)
        for row in rows:
            writer.writerow(["" if v is None else str(v) for v in row])


def write_json(path: Path, document: Any) -> None:
    """Write strict JSON (sorted keys, 2-space indent, trailing newline; NaN refused with ValueError)."""
    Path(path).write_text(
        json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False, allow_nan=False, default=str) + "\n",
        encoding="utf-8",
    )


def write_eml(
    path: Path,
    *,
    sender: str,
    to: str,
    subject: str,
    sent: datetime,
    body: str,
    signature: str,
    cc: str = "",
    attachments: Sequence[tuple[str, bytes, str]] = (),
    in_reply_to: str = "",
) -> str:
    """Write an RFC 5322 message (email.message.EmailMessage) and return its Message-ID.

    ``sent`` must be timezone-aware. ``attachments`` are ``(filename, bytes, "maintype/subtype")``. The
    Message-ID and the MIME boundary are derived from the content, so the same message gives the same bytes.

    Raises:
        ValueError: ``sent`` has no timezone.
    """
    if sent.tzinfo is None:
        raise ValueError("write_eml needs a timezone-aware datetime for the Date header")
    digest = hashlib.sha256(f"{sender}|{to}|{subject}|{sent.isoformat()}|{body}".encode()).hexdigest()
    domain = sender.rsplit("@", 1)[-1].strip(">") or "example.invalid"
    message_id = f"<{digest[:20]}@{domain}>"
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = to
    if cc:
        msg["Cc"] = cc
    msg["Date"] = format_datetime(sent)
    msg["Subject"] = subject
    msg["Message-ID"] = message_id
    if in_reply_to:
        msg["In-Reply-To"] = in_reply_to
        msg["References"] = in_reply_to
    msg.set_content(body.rstrip("\n") + "\n\n-- \n" + signature.rstrip("\n") + "\n")
    for filename, data, mime in attachments:
        maintype, subtype = mime.split("/", 1)
        msg.add_attachment(data, maintype=maintype, subtype=subtype, filename=filename)
    if msg.is_multipart():
        msg.set_boundary(f"=_wp42_{digest[20:44]}")
    Path(path).write_bytes(bytes(msg))
    return message_id


def write_ics(path: Path, events: Sequence[dict[str, Any]], *, prodid: str = "-//WP42//genkit//EN") -> None:
    """Write an iCalendar file (icalendar). ``events``: ``[{"uid", "summary", "start", "end", "description"?,
    "location"?}]`` with date or aware datetime values; DTSTAMP is :data:`FIXED_TIMESTAMP` (UTC)."""
    import icalendar

    cal = icalendar.Calendar()
    cal.add("prodid", prodid)
    cal.add("version", "2.0")
    for spec in events:
        event = icalendar.Event()
        event.add("uid", spec["uid"])
        event.add("dtstamp", FIXED_TIMESTAMP.replace(tzinfo=UTC))
        event.add("summary", spec["summary"])
        event.add("dtstart", spec["start"])
        event.add("dtend", spec["end"])
        for key in ("description", "location"):
            if spec.get(key):
                event.add(key, spec[key])
        cal.add_component(event)
    Path(path).write_bytes(cal.to_ical())


def write_sqlite(path: Path, tables: dict[str, tuple[Sequence[str], Iterable[Sequence[Any]]]]) -> None:
    """Write a SQLite database: ``{table: (["col TYPE", ...], rows)}``; tables in sorted order, then VACUUM.

    An existing file at ``path`` is replaced.
    """
    path = Path(path)
    path.unlink(missing_ok=True)
    connection = sqlite3.connect(path)
    try:
        for name in sorted(tables):
            columns, rows = tables[name]
            connection.execute(f'CREATE TABLE "{name}" ({", ".join(columns)})')
            marks = ", ".join("?" for _ in columns)
            connection.executemany(f'INSERT INTO "{name}" VALUES ({marks})', [tuple(r) for r in rows])
        connection.commit()
        connection.execute("VACUUM")
    finally:
        connection.close()
