"""Keeping hostile deliverables from hurting the evaluator (SPEC section 4: never follow a link out of out/; zip
bombs, entity expansion and huge files cannot hang or exhaust the evaluator).

Every reader in benchmark/validators calls :func:`check_size` and, for zip-based Office files, :func:`check_zip`
before handing the file to a library. The child process that runs an evaluator adds a time and memory bound on top
(src/wp42/evaluation.py), so whatever slips through here still cannot hang the caller.

A file the evaluator does not read raises one of two kinds of :class:`RefusedFile`, and the difference decides the
receipt (common.Evaluation):

- :class:`HostileFile` — unsafe to read: a link leaving out/ (or any link), a path outside out/, a special file
  (FIFO, device, socket), a file over :data:`MAX_FILE_BYTES`, a zip over :data:`MAX_UNZIPPED_BYTES` or
  :data:`MAX_ZIP_ENTRIES`, an XML DOCTYPE or entity declaration, an out/ holding more than :data:`MAX_OUT_ENTRIES`
  entries or nesting deeper than :data:`MAX_OUT_DEPTH` folders, and reads that run past a resource bound. It
  becomes the critical violation ``unsafe_output`` and the receipt status ``refused_input``.
- :class:`UnreadableFile` — the worker's mistake: not the format its name says, truncated, corrupt, encrypted,
  invalid JSON. It fails the criteria that read the file, with the reason in their detail; it is not a violation.

A bare :class:`RefusedFile` (raised by code written before the split) counts as hostile.
"""

from __future__ import annotations

import os
import stat
import zipfile
import zlib
from pathlib import Path

#: Files larger than this are refused unread (hostile-output bound, SPEC section 4).
MAX_FILE_BYTES = 25 * 1024 * 1024
#: A zip (xlsx/docx/pptx) whose entries would inflate beyond this, declared or actual, is refused (zip bomb bound).
MAX_UNZIPPED_BYTES = 200 * 1024 * 1024
#: A zip with more entries than this is refused (Office files hold a few dozen).
MAX_ZIP_ENTRIES = 10_000
#: An out/ holding more entries than this (files, folders and links together) is refused; the walk stops there.
MAX_OUT_ENTRIES = 5_000
#: An out/ nesting folders deeper than this (``a/b/c.txt`` is at depth 3) is refused.
MAX_OUT_DEPTH = 16
#: Magic bytes of an OLE2 compound file: legacy .xls/.doc, and password-protected (encrypted) OOXML files.
OLE2_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
ZIP_MAGIC = b"PK\x03\x04"
_XML_SUFFIXES = (".xml", ".rels", ".vml")
_CHUNK = 1 << 20


class RefusedFile(Exception):
    """A file the evaluator does not read; the message says why. Catch this to handle both kinds; raise
    :class:`HostileFile` or :class:`UnreadableFile` (module docstring). A bare RefusedFile counts as hostile."""


class HostileFile(RefusedFile):
    """Unsafe to read (a link, a special file, over a size or count cap, XML entity expansion): ``unsafe_output``."""


class UnreadableFile(RefusedFile):
    """Safe but not readable as what it claims to be (corrupt, truncated, encrypted, invalid): a worker's mistake."""


def is_hostile(exc: BaseException) -> bool:
    """True when ``exc`` is a refusal that must become ``unsafe_output`` (anything but :class:`UnreadableFile`)."""
    return isinstance(exc, RefusedFile) and not isinstance(exc, UnreadableFile)


def _over_size(name: str, size: int, limit: int) -> HostileFile:
    return HostileFile(f"{name}: {size} bytes is over the {limit}-byte size cap")


def _special_kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def check_size(path: Path, limit: int | None = None) -> int:
    """The size of ``path`` in bytes after checking it is a regular file no larger than ``limit``.

    Raises:
        UnreadableFile: missing, or a folder.
        HostileFile: a special file (FIFO, device, socket), or larger than ``limit`` (default
            :data:`MAX_FILE_BYTES`).
    """
    limit = MAX_FILE_BYTES if limit is None else limit
    path = Path(path)
    try:
        info = path.stat()
    except OSError as exc:
        raise UnreadableFile(f"{path.name} cannot be read ({exc.strerror or exc})") from None
    if stat.S_ISDIR(info.st_mode):
        raise UnreadableFile(f"{path.name} is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise HostileFile(f"{path.name}: is {_special_kind(info.st_mode)}, not a regular file")
    if info.st_size > limit:
        raise _over_size(path.name, info.st_size, limit)
    return info.st_size


def safe_path(out_dir: Path, relative: str) -> Path:
    """``out_dir/relative`` after checking it stays inside ``out_dir`` with no link on the way.

    The path need not exist (a missing deliverable is the caller's to report).

    Raises:
        HostileFile: the path escapes out_dir, passes through or is a symbolic link, is a special file (FIFO,
            device, socket), or is larger than :data:`MAX_FILE_BYTES`.
    """
    root = Path(out_dir).resolve()
    candidate = Path(out_dir) / relative
    current = Path(out_dir)
    for part in Path(relative).parts:
        current = current / part
        if current.is_symlink():
            raise HostileFile(f"{relative}: is or passes through a symbolic link; links are not followed")
    resolved = candidate.resolve()
    if resolved != root and root not in resolved.parents:
        raise HostileFile(f"{relative}: lies outside out/")
    try:
        info = resolved.lstat()
    except OSError:
        return resolved
    if stat.S_ISREG(info.st_mode):
        if info.st_size > MAX_FILE_BYTES:
            raise _over_size(relative, info.st_size, MAX_FILE_BYTES)
    elif not stat.S_ISDIR(info.st_mode):
        raise HostileFile(f"{relative}: is {_special_kind(info.st_mode)}, not a regular file")
    return resolved


def scan_out(out_dir: Path, max_entries: int | None = None, max_depth: int | None = None) -> tuple[list[str], str]:
    """Every regular file, link and special file under ``out_dir`` (links listed, never followed) as sorted
    relative posix paths, and ``""`` — or, when out/ holds more than ``max_entries`` entries (files, folders and
    links together; default :data:`MAX_OUT_ENTRIES`) or nests deeper than ``max_depth`` (default
    :data:`MAX_OUT_DEPTH`), the paths found before the walk stopped and the reason it was refused.

    The walk stops at the first entry over a bound, so a folder of a million files costs no more than the cap.
    """
    max_entries = MAX_OUT_ENTRIES if max_entries is None else max_entries
    max_depth = MAX_OUT_DEPTH if max_depth is None else max_depth
    root = Path(out_dir)
    if root.is_symlink():
        return [], "out/ is a symbolic link; links are not followed"
    if not root.is_dir():
        return [], ""
    found: list[str] = []
    seen = 0
    stack: list[tuple[str, int]] = [("", 0)]
    while stack:
        prefix, depth = stack.pop()
        try:
            with os.scandir(root / prefix if prefix else root) as entries:
                for entry in entries:
                    seen += 1
                    rel = f"{prefix}{entry.name}"
                    if seen > max_entries:
                        return sorted(found), f"out/ holds more than {max_entries} entries (files and folders); " \
                                              "the evaluator stopped listing there"
                    if depth + 1 > max_depth:
                        return sorted(found), f"out/ nests deeper than {max_depth} levels (at {rel})"
                    if entry.is_dir(follow_symlinks=False):
                        stack.append((rel + "/", depth + 1))
                    else:
                        found.append(rel)
        except OSError as exc:
            return sorted(found), f"out/{prefix} cannot be listed ({exc.strerror or exc})"
    return sorted(found), ""


def out_files(out_dir: Path) -> list[str]:
    """Relative posix paths of every regular file or link under ``out_dir`` (links listed, not followed), sorted.

    Raises:
        HostileFile: out/ holds more than :data:`MAX_OUT_ENTRIES` entries or nests deeper than
            :data:`MAX_OUT_DEPTH` (see :func:`scan_out`, which gives the partial listing instead).
    """
    found, problem = scan_out(out_dir)
    if problem:
        raise HostileFile(problem)
    return found


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
        HostileFile: over a cap (:data:`MAX_FILE_BYTES`, :data:`MAX_ZIP_ENTRIES`, ``max_unzipped`` — default
            :data:`MAX_UNZIPPED_BYTES` — declared or actual), an XML part declaring a DOCTYPE, or a special file.
        UnreadableFile: not a zip (``"<name> is not a readable <suffix> (bad zip: ...)"``), a corrupt or truncated
            one, a password-protected or legacy (OLE2) Office file.
    """
    path = Path(path)
    cap = MAX_UNZIPPED_BYTES if max_unzipped is None else max_unzipped
    check_size(path)
    kind = container(path)
    what = path.suffix.lstrip(".").lower() or "zip-based Office file"
    if kind == "ole2":
        streams = ole_stream_names(path)
        if "EncryptedPackage" in streams:
            raise UnreadableFile(f"{path.name}: password-protected (encrypted) Office file; it cannot be read without "
                                 "the password")
        raise UnreadableFile(f"{path.name}: a legacy binary Office file (OLE2), not the zip-based format required")
    try:
        with zipfile.ZipFile(path) as archive:
            infos = archive.infolist()
            if len(infos) > MAX_ZIP_ENTRIES:
                raise HostileFile(f"{path.name}: {len(infos)} zip entries (limit {MAX_ZIP_ENTRIES})")
            declared = sum(info.file_size for info in infos)
            if declared > cap:
                raise HostileFile(f"{path.name}: would inflate to {declared} bytes (limit {cap})")
            actual = 0
            for info in infos:
                with archive.open(info) as entry:
                    first = True
                    while chunk := entry.read(_CHUNK):
                        actual += len(chunk)
                        if actual > cap:
                            raise HostileFile(f"{path.name}: inflates past {cap} bytes")
                        if first and info.filename.endswith(_XML_SUFFIXES) and b"<!DOCTYPE" in chunk[:4096]:
                            raise HostileFile(f"{path.name}: {info.filename} declares a DOCTYPE (XML entity "
                                              "expansion is refused)")
                        first = False
    except zipfile.BadZipFile as exc:
        raise UnreadableFile(f"{path.name} is not a readable {what} (bad zip: {exc})") from None
    except (OSError, EOFError, NotImplementedError, RuntimeError, ValueError, zlib.error) as exc:
        raise UnreadableFile(f"{path.name} is not a readable {what} (corrupt zip: {type(exc).__name__}: {exc})"
                             ) from None


def parse_xml(data: bytes, name: str = "xml"):
    """An ElementTree root parsed with defusedxml (entities and DTDs refused).

    Raises:
        HostileFile: a DTD or entity declaration (entity expansion).
        UnreadableFile: malformed XML.
    """
    from xml.etree.ElementTree import ParseError

    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import fromstring

    try:
        return fromstring(data, forbid_dtd=True)
    except DefusedXmlException as exc:
        raise HostileFile(f"{name}: XML entity or DTD declaration refused ({type(exc).__name__})") from None
    except ParseError as exc:
        raise UnreadableFile(f"{name} is malformed XML ({exc})") from None
