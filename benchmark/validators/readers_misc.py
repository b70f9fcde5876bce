"""JSON, e-mail (.eml) and calendar (.ics) deliverables, read strictly and within the size bound."""

from __future__ import annotations

import codecs
import json
from datetime import UTC
from email import policy
from email.parser import BytesParser
from pathlib import Path
from typing import Any

from safety import HostileFile, UnreadableFile, check_size

#: Byte-order marks a JSON file may start with, longest first (UTF-32 LE's begins with UTF-16 LE's), and the
#: convention each names. Windows PowerShell 5.1 writes UTF-8 with a BOM, and ``Out-File`` UTF-16 LE with one
#: (issue 24); RFC 8259 section 8.1 lets a parser ignore a BOM.
_JSON_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be"), (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"),
)


def _refuse_constant(token: str) -> Any:
    raise ValueError(f"{token} is not valid JSON (non-finite numbers are refused)")


def _refuse_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object hook refusing a name given twice in one object (RFC 8259 section 4: its meaning is unpredictable;
    Python would silently keep the last)."""
    document: dict[str, Any] = {}
    for key, value in pairs:
        if key in document:
            raise ValueError(f"duplicate key {key!r} in one object")
        document[key] = value
    return document


def read_json_with_conventions(path: Path) -> tuple[Any, list[str]]:
    """``(document, conventions)``: :func:`read_json`'s document and the conventions applied to read it, e.g.
    ``["json: utf-8 bom"]`` (empty for plain UTF-8), for ``wp42 read``.

    Raises:
        as :func:`read_json`.
    """
    name = Path(path).name
    check_size(Path(path))
    raw = Path(path).read_bytes()
    conventions: list[str] = []
    encoding = "utf-8"
    for bom, bom_encoding in _JSON_BOMS:
        if raw.startswith(bom):
            raw, encoding = raw[len(bom):], bom_encoding
            conventions.append(f"json: {bom_encoding} bom")
            break
    try:
        text = raw.decode(encoding)
        document = json.loads(text, parse_constant=_refuse_constant, object_pairs_hook=_refuse_duplicates)
    except (ValueError, UnicodeDecodeError) as exc:
        raise UnreadableFile(f"{name} is not valid JSON: {exc}") from None
    except RecursionError:
        raise HostileFile(f"{name}: JSON nested too deeply to parse") from None
    return document, conventions


def read_json(path: Path) -> Any:
    """Strict JSON: NaN, Infinity and -Infinity are refused (RFC 8259 has no such numbers), and so is a name given
    twice in one object. UTF-8, or UTF-8/16/32 after a byte-order mark (the mark is dropped, issue 24).

    Raises:
        UnreadableFile: not valid JSON in its encoding, a non-finite number or a duplicate name; the message
            reads ``"<name> is not valid JSON: <what and where>"``.
        HostileFile: over the size cap, or nested too deeply for the parser (a nesting bomb).
    """
    return read_json_with_conventions(path)[0]


def read_eml(path: Path) -> dict[str, Any]:
    """An e-mail message: ``{headers: {name: value}, content_type, body_text, attachments: [{filename,
    content_type, size}]}`` (RFC 5322 / MIME via the standard library's ``email`` with ``policy.default``; an mbox
    ``From `` first line is tolerated).

    Raises:
        UnreadableFile: not parseable.
        HostileFile: over the size cap.
    """
    check_size(Path(path))
    try:
        message = BytesParser(policy=policy.default).parsebytes(Path(path).read_bytes())
        headers = {}
        for name in ("From", "To", "Cc", "Date", "Subject", "Message-ID"):
            if message[name] is not None:
                headers[name] = str(message[name])
        body = message.get_body(preferencelist=("plain", "html"))
        attachments = []
        for part in message.iter_attachments():
            payload = part.get_payload(decode=True) or b""
            attachments.append({"filename": part.get_filename() or "", "content_type": part.get_content_type(),
                                "size": len(payload)})
        return {"headers": headers, "content_type": message.get_content_type(),
                "body_text": body.get_content() if body is not None else "", "attachments": attachments}
    except Exception as exc:  # the email package raises several types on broken input
        raise UnreadableFile(f"{Path(path).name}: not a readable e-mail ({type(exc).__name__}: {exc})") from None


def read_ics(path: Path) -> dict[str, Any]:
    """A calendar: ``{prodid, events: [{summary, dtstart, dtend, dtstart_utc, alarm_count, location}]}``
    (RFC 5545 via icalendar). ``dtstart_utc`` is ISO 8601 with ``Z`` when the start has a time zone.

    Raises:
        UnreadableFile: not parseable.
        HostileFile: over the size cap.
    """
    from datetime import datetime

    import icalendar

    check_size(Path(path))
    try:
        calendar = icalendar.Calendar.from_ical(Path(path).read_bytes())
        events = []
        for event in calendar.walk("VEVENT"):
            start = event.decoded("DTSTART") if event.get("DTSTART") else None
            end = event.decoded("DTEND") if event.get("DTEND") else None
            utc = None
            if isinstance(start, datetime) and start.tzinfo is not None:
                utc = start.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
            events.append({
                "summary": str(event.get("SUMMARY", "")), "location": str(event.get("LOCATION", "")),
                "dtstart": start.isoformat() if start is not None else None,
                "dtend": end.isoformat() if end is not None else None, "dtstart_utc": utc,
                "alarm_count": len(event.walk("VALARM")),
            })
        return {"prodid": str(calendar.get("PRODID", "")), "events": events}
    except Exception as exc:  # icalendar raises ValueError and others
        raise UnreadableFile(f"{Path(path).name}: not a readable calendar ({type(exc).__name__}: {exc})") from None
