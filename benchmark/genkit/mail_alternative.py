"""Deterministic e-mail with a plain-text and an HTML body and attached files, as an office mail client sends it.

:func:`genkit.docs.write_eml` writes one plain-text body; a supplier's accounts system or a desktop client sends
``multipart/mixed`` holding a ``multipart/alternative`` (text/plain, then text/html) and the attachments, each
base64-encoded. Reading such a message with ``msg.get_body()`` gives the body alone; the attachment is read only by
a reader that opens it (``msg.iter_attachments()``). The bytes are fixed by the content: the Message-ID and every
MIME boundary are derived from a digest of the headers, the bodies and the attached bytes.
"""

from __future__ import annotations

import hashlib
import html as html_lib
from collections.abc import Sequence
from datetime import datetime
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path


def html_paragraphs(paragraphs: Sequence[str], signature: Sequence[str] = ()) -> str:
    """A small HTML document of ``paragraphs`` (each a <p>, text escaped, newlines as <br>) and a ``signature``
    block in grey, the way a mail client renders a composed message."""
    def para(text: str) -> str:
        return "<p>" + "<br>\n".join(html_lib.escape(line) for line in text.split("\n")) + "</p>"

    body = "\n".join(para(p) for p in paragraphs)
    sign = ""
    if signature:
        sign = ('\n<p style="color:#555555;font-size:9pt">'
                + "<br>\n".join(html_lib.escape(line) for line in signature) + "</p>")
    return ("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"></head>\n"
            "<body style=\"font-family:Calibri,Arial,sans-serif;font-size:11pt\">\n" + body + sign + "\n</body></html>\n")


def write_email_with_alternative(
    path: Path,
    *,
    sender: str,
    to: str,
    subject: str,
    sent: datetime,
    text: str,
    html: str,
    attachments: Sequence[tuple[str, bytes, str]] = (),
    cc: str = "",
) -> str:
    """Write ``multipart/mixed`` [``multipart/alternative`` [text/plain ``text``, text/html ``html``], the
    ``attachments`` ((filename, bytes, "maintype/subtype"), base64)] to ``path``; return the Message-ID.

    ``sent`` must be timezone-aware (the Date header carries the sender's offset).

    Raises:
        ValueError: ``sent`` has no timezone.
    """
    if sent.tzinfo is None:
        raise ValueError("write_email_with_alternative needs a timezone-aware datetime for the Date header")
    digest = hashlib.sha256()
    for piece in (sender, to, cc, subject, sent.isoformat(), text, html):
        digest.update(piece.encode("utf-8") + b"\0")
    for filename, data, mime in attachments:
        digest.update(filename.encode("utf-8") + b"\0" + mime.encode("ascii") + b"\0" + data)
    key = digest.hexdigest()
    domain = sender.rsplit("@", 1)[-1].strip(">") or "example.invalid"
    message = EmailMessage()
    headers = (("From", sender), ("To", to), ("Cc", cc), ("Date", format_datetime(sent)), ("Subject", subject),
               ("Message-ID", f"<{key[:24]}@{domain}>"))
    for name, value in headers:
        if value:  # no empty Cc
            message[name] = value
    message.set_content(text)
    message.add_alternative(html, subtype="html")
    for filename, data, mime in attachments:
        maintype, subtype = mime.split("/", 1)
        message.add_attachment(data, maintype=maintype, subtype=subtype, filename=filename)
    for part in message.iter_parts():  # the header belongs to the message, not to each part (RFC 2045 section 4)
        for inner in part.walk():
            del inner["MIME-Version"]
    for index, part in enumerate(p for p in message.walk() if p.is_multipart()):
        part.set_boundary(f"----=_Part_{index}_{key[24 + 8 * index:32 + 8 * index] or key[:8]}")
    Path(path).write_bytes(bytes(message))
    return message["Message-ID"]
