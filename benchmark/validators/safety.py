"""Keeping hostile deliverables from hurting the evaluator (SPEC section 4: never follow a link out of out/; zip
bombs, entity expansion and huge files cannot hang or exhaust the evaluator).

Every reader in benchmark/validators calls :func:`check_size` and, for zip-based Office files, :func:`check_zip`
before handing the file to a library. The child process that runs an evaluator adds a time and memory bound on top
(src/wp42/evaluation.py), so whatever slips through here still cannot hang the caller.
"""

from __future__ import annotations

import os
import zipfile
from pathlib import Path

#: Files larger than this are refused unread (hostile-output bound, SPEC section 4).
MAX_FILE_BYTES = 25 * 1024 * 1024
#: A zip (xlsx/docx/pptx) whose entries would inflate beyond this, declared or actual, is refused (zip bomb bound).
MAX_UNZIPPED_BYTES = 200 * 1024 * 1024
#: A zip with more entries than this is refused (Office files hold a few dozen).
MAX_ZIP_ENTRIES = 10_000
#: Magic bytes of an OLE2 compound file: legacy .xls/.doc, and password-protected (encrypted) OOXML files.
OLE2_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
ZIP_MAGIC = b"PK\x03\x04"
_XML_SUFFIXES = (".xml", ".rels", ".vml")
_CHUNK = 1 << 20


class RefusedFile(Exception):
    """A deliverable that is refused as hostile, unreadable or outside out/; the message says why."""


def check_size(path: Path, limit: int | None = None) -> int:
    """The size of ``path`` in bytes after checking it is a regular file no larger than ``limit``.

    Raises:
        RefusedFile: missing, not a regular file, or larger than ``limit`` (default :data:`MAX_FILE_BYTES`).
    """
    limit = MAX_FILE_BYTES if limit is None else limit
    path = Path(path)
    if not path.is_file():
        raise RefusedFile(f"{path.name}: not a regular file")
    size = path.stat().st_size
    if size > limit:
        raise RefusedFile(f"{path.name}: {size} bytes is over the {limit} byte limit")
    return size


def safe_path(out_dir: Path, relative: str) -> Path:
    """``out_dir/relative`` after checking it stays inside ``out_dir`` with no link on the way.

    Raises:
        RefusedFile: the path escapes out_dir, passes through or is a symbolic link, or is larger than
            :data:`MAX_FILE_BYTES`.
    """
    root = Path(out_dir).resolve()
    candidate = Path(out_dir) / relative
    current = Path(out_dir)
    for part in Path(relative).parts:
        current = current / part
        if current.is_symlink():
            raise RefusedFile(f"{relative}: is or passes through a symbolic link; links are not followed")
    resolved = candidate.resolve()
    if resolved != root and root not in resolved.parents:
        raise RefusedFile(f"{relative}: lies outside out/")
    if resolved.is_file() and resolved.stat().st_size > MAX_FILE_BYTES:
        raise RefusedFile(f"{relative}: {resolved.stat().st_size} bytes is over the {MAX_FILE_BYTES} byte limit")
    return resolved


def out_files(out_dir: Path) -> list[str]:
    """Relative posix paths of every regular file or link under ``out_dir`` (links listed, not followed), sorted."""
    found = []
    root = Path(out_dir)
    if not root.is_dir():
        return []
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        for name in filenames + [d for d in dirnames if Path(dirpath, d).is_symlink()]:
            found.append((Path(dirpath) / name).relative_to(root).as_posix())
    return sorted(found)


def container(path: Path) -> str:
    """What the first bytes say a file is: ``zip``, ``ole2``, ``pdf`` or ``other``."""
    with open(path, "rb") as handle:
        head = handle.read(8)
    if head.startswith(ZIP_MAGIC) or head.startswith(b"PK\x05\x06"):
        return "zip"
    if head == OLE2_MAGIC:
        return "ole2"
    if head.startswith(b"%PDF"):
        return "pdf"
    return "other"


def ole_stream_names(path: Path, limit_bytes: int = 4 * _CHUNK) -> list[str]:
    """Names of the directory entries of an OLE2 compound file, sorted (e.g. ``EncryptionInfo``,
    ``EncryptedPackage`` in a password-protected OOXML file).

    Reads 128-byte directory entries (MS-CFB section 2.6: UTF-16LE name, name length at byte 64, object type at
    byte 66) at every entry boundary of the first ``limit_bytes``; an entry whose fields are not plausible is
    skipped, so the answer is the set of names that are certainly there.
    """
    data = Path(path).read_bytes()[:limit_bytes]
    if not data.startswith(OLE2_MAGIC):
        return []
    sector = 1 << int.from_bytes(data[30:32], "little")
    names = set()
    for offset in range(sector, len(data) - 127, 128):
        entry = data[offset : offset + 128]
        length = int.from_bytes(entry[64:66], "little")
        if entry[66] not in (1, 2, 5) or not (2 <= length <= 64) or length % 2:
            continue
        try:
            name = entry[: length - 2].decode("utf-16-le")
        except UnicodeDecodeError:
            continue
        if name and all(ch.isprintable() for ch in name) and entry[length - 2 : length] == b"\0\0":
            names.add(name.lstrip("\x01\x05\x06"))
    return sorted(n for n in names if n)


def check_zip(path: Path, max_unzipped: int | None = None) -> None:
    """Refuse a zip-based Office file that is not a zip, is encrypted, or would hurt the reader.

    Checks, in order: magic bytes (an OLE2 container is a password-protected or legacy file), the entry count,
    the declared uncompressed total, then the actual bytes each entry inflates to (streamed with a cap, so a
    central directory that lies about sizes cannot get past), and that no XML part declares a DOCTYPE (OOXML never
    does; a DOCTYPE is how entity-expansion attacks start).

    Raises:
        RefusedFile: with the reason.
    """
    path = Path(path)
    cap = MAX_UNZIPPED_BYTES if max_unzipped is None else max_unzipped
    check_size(path)
    kind = container(path)
    if kind == "ole2":
        streams = ole_stream_names(path)
        if "EncryptedPackage" in streams:
            raise RefusedFile(f"{path.name}: password-protected (encrypted) Office file; it cannot be read without "
                              "the password")
        raise RefusedFile(f"{path.name}: a legacy binary Office file (OLE2), not the zip-based format required")
    try:
        with zipfile.ZipFile(path) as archive:
            infos = archive.infolist()
            if len(infos) > MAX_ZIP_ENTRIES:
                raise RefusedFile(f"{path.name}: {len(infos)} zip entries (limit {MAX_ZIP_ENTRIES})")
            declared = sum(info.file_size for info in infos)
            if declared > cap:
                raise RefusedFile(f"{path.name}: would inflate to {declared} bytes (limit {cap})")
            actual = 0
            for info in infos:
                with archive.open(info) as entry:
                    first = True
                    while chunk := entry.read(_CHUNK):
                        actual += len(chunk)
                        if actual > cap:
                            raise RefusedFile(f"{path.name}: inflates past {cap} bytes")
                        if first and info.filename.endswith(_XML_SUFFIXES) and b"<!DOCTYPE" in chunk[:4096]:
                            raise RefusedFile(f"{path.name}: {info.filename} declares a DOCTYPE (XML entity "
                                              "expansion is refused)")
                        first = False
    except zipfile.BadZipFile as exc:
        raise RefusedFile(f"{path.name}: not a valid zip-based Office file ({exc})") from None
    except (OSError, EOFError, NotImplementedError, RuntimeError, ValueError) as exc:
        raise RefusedFile(f"{path.name}: unreadable zip ({type(exc).__name__}: {exc})") from None


def parse_xml(data: bytes, name: str = "xml"):
    """An ElementTree root parsed with defusedxml (entities and DTDs refused).

    Raises:
        RefusedFile: malformed XML, or a DTD / entity declaration.
    """
    from xml.etree.ElementTree import ParseError

    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import fromstring

    try:
        return fromstring(data, forbid_dtd=True)
    except DefusedXmlException as exc:
        raise RefusedFile(f"{name}: XML entity or DTD declaration refused ({type(exc).__name__})") from None
    except ParseError as exc:
        raise RefusedFile(f"{name}: malformed XML ({exc})") from None
