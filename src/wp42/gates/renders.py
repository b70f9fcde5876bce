"""Render every input document to PNG so a person can look at it (issue 13, item 8: "a statement should look like a
statement").

:func:`render_inputs` writes ``<dest>/<input path with / as __>-<page>.png`` for each input under ``inputs/``:

* PDF: its first :data:`MAX_PAGES` pages through poppler's ``pdftoppm`` at :data:`DPI`;
* Word, Excel and PowerPoint files: converted to PDF by LibreOffice headless in one ``soffice --convert-to pdf``
  call per kind for the whole bundle (a private throw-away profile; a start-up per kind instead of one per file;
  each workbook sheet whole on one page), then as a PDF;
* text kinds (csv, eml, ics, json, md, txt): one page of the text as a reader sees it, drawn with Pillow in a
  monospaced font (an email as its headers and plain-text body, not its MIME source);
* images (png, jpg): copied as they are;
* anything else (a sqlite database): skipped, with the reason.

A missing ``soffice`` or ``pdftoppm`` skips the files that need it, with the reason; nothing here raises for one
bad file. ``wp42 validate`` calls it once per variant (``--no-render`` turns it off) and the report says where the
pages are. Nothing rendered is ever committed: the pages live under the oracle root's ``validation/``.
"""

from __future__ import annotations

import email
import glob
import os
import shutil
import subprocess
import tempfile
import textwrap
import time
from dataclasses import dataclass, field
from email import policy
from pathlib import Path

#: Resolution of rendered pages (dots per inch): enough to read a statement, small enough to keep pages ~100 KB.
DPI = 70
#: Pages rendered per document (a cover page and what follows show what the document is).
MAX_PAGES = 3
#: Seconds the one LibreOffice conversion of a bundle may take, and one pdftoppm call.
SOFFICE_SECONDS = 180.0
PDFTOPPM_SECONDS = 60.0
OFFICE_SUFFIXES = (".docx", ".xlsx", ".pptx")
TEXT_SUFFIXES = (".csv", ".eml", ".ics", ".json", ".md", ".txt")
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg")
#: Lines and characters per line drawn on a text page (an A4-ish page of 9-point monospace).
TEXT_LINES, TEXT_COLUMNS = 90, 120
_FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")


@dataclass
class Renders:
    """What :func:`render_inputs` did: ``pages`` (relative input path -> PNG file names, in page order),
    ``skipped`` (relative input path -> reason) and ``seconds`` (wall time)."""

    folder: Path
    pages: dict[str, list[str]] = field(default_factory=dict)
    skipped: dict[str, str] = field(default_factory=dict)
    seconds: float = 0.0

    def as_dict(self) -> dict[str, object]:
        return {"folder": str(self.folder), "pages": self.pages, "skipped": self.skipped,
                "page_count": sum(len(p) for p in self.pages.values()), "seconds": round(self.seconds, 2)}


def _soffice() -> str | None:
    """soffice's path (``$WP42_SOFFICE`` wins, ``none`` disables it, as for the evaluators' second engine)."""
    configured = os.environ.get("WP42_SOFFICE")
    if configured is not None:
        return None if configured.lower() in ("", "none", "0") else configured
    return shutil.which("soffice") or shutil.which("libreoffice")


def _flat(rel: str) -> str:
    return rel.replace("/", "__")


def _pdf_pages(pdf: Path, dest: Path, stem: str) -> list[str]:
    """Render ``pdf``'s first pages to ``dest/<stem>-<n>.png``; returns the file names (raises RuntimeError)."""
    program = shutil.which("pdftoppm")
    if program is None:
        raise RuntimeError("pdftoppm (poppler-utils) is not installed")
    proc = subprocess.run([program, "-r", str(DPI), "-l", str(MAX_PAGES), "-png", str(pdf), str(dest / stem)],
                          capture_output=True, text=True, timeout=PDFTOPPM_SECONDS)
    # pdftoppm numbers pages with as many digits as the document's page count needs (-1, -01, ...)
    produced = sorted(dest.glob(f"{glob.escape(stem)}-*.png"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    if not produced:
        raise RuntimeError(f"pdftoppm rendered no page: {(proc.stderr or '').strip()[:200] or proc.returncode}")
    return [p.name for p in produced]


def _readable_text(path: Path) -> str:
    """The text a reader sees: an email's headers and plain body, any other text file as decoded."""
    data = path.read_bytes()
    if path.suffix.lower() == ".eml":
        message = email.message_from_bytes(data, policy=policy.default)
        head = [f"{name}: {message[name]}" for name in ("From", "To", "Cc", "Date", "Subject") if message[name]]
        body = message.get_body(preferencelist=("plain", "html"))
        attachments = [part.get_filename() for part in message.iter_attachments() if part.get_filename()]
        text = body.get_content() if body is not None else ""
        tail = [f"[attachment: {name}]" for name in attachments]
        return "\n".join(head + ["", text.rstrip(), *tail])
    return data.decode("utf-8", errors="replace")


def _text_page(path: Path, target: Path) -> None:
    """Draw the first :data:`TEXT_LINES` lines of ``path`` (wrapped at :data:`TEXT_COLUMNS`) on a white page."""
    from PIL import Image, ImageDraw, ImageFont

    lines: list[str] = []
    for raw in _readable_text(path).expandtabs(4).splitlines():
        lines += textwrap.wrap(raw, TEXT_COLUMNS, break_on_hyphens=False) or [""]
        if len(lines) >= TEXT_LINES:
            break
    lines = lines[:TEXT_LINES]
    font = ImageFont.truetype(str(_FONT), 11) if _FONT.is_file() else ImageFont.load_default()
    step = 14
    image = Image.new("L", (TEXT_COLUMNS * 7 + 40, len(lines) * step + 40), 255)
    draw = ImageDraw.Draw(image)
    for row, line in enumerate(lines):
        draw.text((20, 20 + row * step), line, fill=0, font=font)
    image.save(target, optimize=False)


#: soffice's export filter per kind: a workbook prints each sheet whole on one page (LibreOffice 7.4's
#: SinglePageSheets), not cut into the printer's column strips, so a ledger shows its amounts beside its dates.
_PDF_FILTERS = {
    ".xlsx": 'pdf:calc_pdf_Export:{"SinglePageSheets":{"type":"boolean","value":"true"}}',
    ".docx": "pdf:writer_pdf_Export",
    ".pptx": "pdf:impress_pdf_Export",
}


def _office_to_pdf(files: dict[str, Path], staging: Path) -> tuple[dict[str, Path], str | None]:
    """Convert the office files with one soffice call per kind (workbooks, documents, presentations: each kind
    needs its own export filter); returns ({rel: pdf}, the reason why files were not converted, or None)."""
    program = _soffice()
    if program is None:
        return {}, "LibreOffice (soffice) is not installed"
    profile, outdir = staging / "profile", staging / "pdf"
    (profile / "user").mkdir(parents=True)
    converted: dict[str, Path] = {}
    why = None
    for suffix, export in _PDF_FILTERS.items():
        batch = {rel: path for rel, path in files.items() if path.suffix.lower() == suffix}
        if not batch:
            continue
        sources = staging / "sources" / suffix.lstrip(".")
        sources.mkdir(parents=True)
        for rel, path in batch.items():
            shutil.copyfile(path, sources / _flat(rel))  # one folder, unique names: the batch cannot clash
        command = [program, f"-env:UserInstallation={profile.as_uri()}", "--headless", "--norestore", "--nologo",
                   "--nodefault", "--nolockcheck", "--convert-to", export, "--outdir", str(outdir),
                   *[str(sources / _flat(rel)) for rel in sorted(batch)]]
        try:
            subprocess.run(command, capture_output=True, text=True, timeout=SOFFICE_SECONDS,
                           env={**os.environ, "HOME": str(staging)}, start_new_session=True)
        except subprocess.TimeoutExpired:
            why = f"LibreOffice did not finish within {SOFFICE_SECONDS:g} s"
            continue
        except OSError as exc:
            return converted, f"LibreOffice could not start ({exc})"
        converted.update({rel: outdir / (Path(_flat(rel)).stem + ".pdf") for rel in batch})
    return {rel: pdf for rel, pdf in converted.items() if pdf.is_file()}, why


def render_inputs(inputs_dir: Path, dest: Path) -> Renders:
    """Render every file under ``inputs_dir`` into ``dest`` (created; emptied first) as described in the module
    docstring. Returns a :class:`Renders`; a file that cannot be rendered is in ``skipped`` with the reason."""
    started = time.monotonic()
    inputs_dir, dest = Path(inputs_dir), Path(dest)
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    result = Renders(dest)
    files = {p.relative_to(inputs_dir).as_posix(): p for p in sorted(inputs_dir.rglob("*"))
             if p.is_file() and not p.is_symlink()}
    office = {rel: p for rel, p in files.items() if p.suffix.lower() in OFFICE_SUFFIXES}
    with tempfile.TemporaryDirectory(prefix="wp42-render-") as scratch:
        pdfs, why = _office_to_pdf(office, Path(scratch)) if office else ({}, None)
        for rel, path in files.items():
            suffix, stem = path.suffix.lower(), _flat(rel)
            try:
                if suffix == ".pdf":
                    result.pages[rel] = _pdf_pages(path, dest, stem)
                elif suffix in OFFICE_SUFFIXES:
                    if rel not in pdfs:
                        result.skipped[rel] = why or "LibreOffice wrote no PDF for it"
                        continue
                    result.pages[rel] = _pdf_pages(pdfs[rel], dest, stem)
                elif suffix in TEXT_SUFFIXES:
                    _text_page(path, dest / f"{stem}-1.png")
                    result.pages[rel] = [f"{stem}-1.png"]
                elif suffix in IMAGE_SUFFIXES:
                    shutil.copyfile(path, dest / f"{stem}-1{suffix}")
                    result.pages[rel] = [f"{stem}-1{suffix}"]
                else:
                    result.skipped[rel] = f"a {suffix or 'suffix-less'} file has no page to render"
            except (OSError, RuntimeError, ValueError, subprocess.TimeoutExpired) as exc:
                result.skipped[rel] = f"could not be rendered: {exc}"
    result.seconds = time.monotonic() - started
    return result
