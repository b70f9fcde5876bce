"""PDF text normalised for matching (SPEC section 4: text after Unicode and whitespace normalisation).

Extraction uses poppler's ``pdftotext`` when it is installed (a child process with a time limit): on real files it
keeps ligature glyphs and detached ``ff``/``ffi`` glyphs inside their words where pypdf and pdfminer split them
(the corpus's LibreOffice ligature test). Without poppler, pypdf extracts, and the result says so. Every page's text
is then NFKC-normalised (``ﬁ`` reads as ``fi``) with runs of whitespace collapsed. Encrypted PDFs whose user
password is empty (permissions-only, including AES-256) are opened with the empty password (pypdf needs the
``cryptography`` package for AES).
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from amounts import collapse_text
from safety import HostileFile, RefusedFile, UnreadableFile, check_size

PDFTOTEXT_SECONDS = 30.0


@dataclass
class PdfText:
    """Normalised text per page plus what the document says about itself."""

    pages: list[str] = field(default_factory=list)
    page_count: int = 0
    metadata: dict[str, str] = field(default_factory=dict)
    encryption: dict[str, Any] | None = None
    extractor: str = ""
    notes: list[str] = field(default_factory=list)


def _pdftotext(path: Path, max_pages: int) -> list[str] | None:
    program = shutil.which("pdftotext")
    if program is None:
        return None
    try:
        proc = subprocess.run([program, "-enc", "UTF-8", "-l", str(max_pages), str(path), "-"],
                              capture_output=True, timeout=PDFTOTEXT_SECONDS, start_new_session=True)
    except subprocess.TimeoutExpired:
        raise HostileFile(f"{path.name}: text extraction ran past {PDFTOTEXT_SECONDS:g} s") from None
    if proc.returncode != 0:
        return None
    pages = proc.stdout.decode("utf-8", "replace").split("\f")
    if pages and not pages[-1].strip():
        pages = pages[:-1]
    return pages


def read_pdf(path: Path, max_pages: int = 200) -> PdfText:
    """Text of a PDF's first ``max_pages`` pages, normalised, with page count, metadata and encryption details.

    Raises:
        UnreadableFile: not a PDF, malformed or truncated, or encrypted with a non-empty user password.
        HostileFile: over the size cap, or text extraction ran past :data:`PDFTOTEXT_SECONDS`.
    """
    path = Path(path)
    check_size(path)
    from pypdf import PdfReader

    result = PdfText()
    try:
        reader = PdfReader(str(path))
        if reader.is_encrypted:
            encrypt = reader.trailer["/Encrypt"].get_object()
            filters = encrypt.get("/CF", {}) or {}
            std = filters.get("/StdCF", {}) if hasattr(filters, "get") else {}
            result.encryption = {"V": int(encrypt.get("/V", 0)), "R": int(encrypt.get("/R", 0)),
                                 "cfm": str(std.get("/CFM", "")) if std else ""}
            if not reader.decrypt(""):
                raise UnreadableFile(f"{path.name}: encrypted PDF with a user password; it cannot be opened")
        result.page_count = len(reader.pages)
        info = reader.metadata or {}
        for key in ("/Producer", "/Creator", "/Title", "/Author"):
            if info.get(key):
                result.metadata[key.lstrip("/").lower()] = str(info[key])
        pages = _pdftotext(path, max_pages)
        if pages is not None:
            result.extractor = "pdftotext"
        else:
            result.extractor = "pypdf"
            result.notes.append("pdftotext (poppler-utils) is not installed; pypdf extracted the text, which may "
                                "split words at ligatures")
            pages = [(page.extract_text() or "") for page in reader.pages[:max_pages]]
    except RefusedFile:
        raise
    except Exception as exc:  # pypdf raises many types on malformed input
        raise UnreadableFile(f"{path.name} is not a readable PDF ({type(exc).__name__}: {exc})") from None
    result.pages = [collapse_text(page) for page in pages]
    return result


def pdf_text(path: Path, max_pages: int = 200) -> str:
    """Normalised text of a PDF's first ``max_pages`` pages (see :func:`read_pdf`), one line per page.

    Raises:
        RefusedFile: as :func:`read_pdf`.
    """
    return "\n".join(read_pdf(path, max_pages).pages)
