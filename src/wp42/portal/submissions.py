"""Accepted form submissions, appended to ``out/portal_submissions.json`` without loss (SPEC section 7).

The file is a JSON list of ``{"submission_id", "time", "form_id", "values"[, "signature"]}`` in arrival order. Every
append takes an exclusive file lock, reads the list, adds one entry and replaces the file atomically (temporary file,
fsync, ``os.replace``), so concurrent posts from waitress's threads or from several processes are serialised and a
reader never sees half a file. The lock file lives in the system temporary folder, not in ``out/``, so the worker's
deliverables folder holds nothing but deliverables.

In the runner the portal runs outside the worker's sandbox while out/ is the worker's to change (issue 15), so every
file operation goes through a descriptor of out/ opened without following links: a worker that turns out/ or the
submissions file into a link, a pipe or a huge file gets a refusal (503), never a write or a read elsewhere. With a
:class:`wp42.evidence.Signer` each entry carries its signature, and ids come from the store's own count as well as
the file's, so a worker that deletes the file cannot make the portal issue an id twice.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import stat
import tempfile
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from filelock import FileLock

from wp42.evidence import Signer
from wp42.layout import PORTAL_SUBMISSIONS

#: Largest submissions file the portal reads back (a form post is at most 1 MiB; the file is a list of them).
MAX_FILE_BYTES = 32 * 1024 * 1024


class SubmissionStoreError(RuntimeError):
    """``out/portal_submissions.json`` exists but is not a JSON list; the portal will not overwrite it."""


class SubmissionStore:
    """Appends submissions to ``<out_dir>/portal_submissions.json``, signed when a ``signer`` is given."""

    def __init__(self, out_dir: Path, lock_timeout_s: float = 30.0, signer: Signer | None = None) -> None:
        self.out_dir = Path(out_dir)
        self.path = self.out_dir / PORTAL_SUBMISSIONS
        self.signer = signer
        self._issued = 0
        key = hashlib.sha256(str(self.path.resolve()).encode("utf-8")).hexdigest()[:16]
        self.lock = FileLock(Path(tempfile.gettempdir()) / f"wp42-portal-{key}.lock", timeout=lock_timeout_s)

    def read(self) -> list[dict[str, Any]]:
        """The submissions so far ([] before the first one).

        Raises:
            SubmissionStoreError: the file or out/ is not what the portal wrote (a link, not a regular file, over
                :data:`MAX_FILE_BYTES`, not a JSON list, e.g. the worker overwrote it).
        """
        try:
            with self._out_fd() as folder:
                return self._read(folder)
        except FileNotFoundError:
            return []

    def append(self, form_id: str, values: dict[str, Any]) -> dict[str, Any]:
        """Append one accepted submission and return the stored entry.

        ``submission_id`` is ``S`` plus a 1-based number (``S0001``): one more than the file's entries or than the
        store has issued, whichever is larger; ``time`` is UTC ISO 8601.

        Raises:
            SubmissionStoreError: the existing file or out/ is refused (nothing is written).
            filelock.Timeout: the lock was not obtained within ``lock_timeout_s``.
        """
        with self.lock, self._out_fd(create=True) as folder:
            entries = self._read(folder)
            self._issued = max(self._issued, len(entries)) + 1
            entry = {
                "submission_id": f"S{self._issued:04d}",
                "time": datetime.now(UTC).isoformat(timespec="milliseconds"),
                "form_id": form_id,
                "values": values,
            }
            if self.signer is not None:
                entry = self.signer.sign(entry)
            entries.append(entry)
            _replace_atomically(folder, json.dumps(entries, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
        return entry

    @contextlib.contextmanager
    def _out_fd(self, create: bool = False) -> Iterator[int]:
        """A descriptor of out/ opened without following a link (created first when ``create``).

        Raises:
            FileNotFoundError: out/ does not exist and ``create`` is false.
            SubmissionStoreError: out/ is a link or not a folder.
        """
        if create and not os.path.lexists(self.out_dir):
            self.out_dir.mkdir(parents=True, exist_ok=True)
        try:
            fd = os.open(self.out_dir, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
        except OSError as exc:
            if exc.errno == errno.ENOENT:
                raise
            raise SubmissionStoreError(f"{self.out_dir} is a link or not a folder; refusing to use it") from None
        try:
            yield fd
        finally:
            os.close(fd)

    def _read(self, folder: int) -> list[dict[str, Any]]:
        try:
            fd = os.open(PORTAL_SUBMISSIONS, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=folder)
        except FileNotFoundError:
            return []
        except OSError:
            raise SubmissionStoreError(f"{self.path} is a link or cannot be opened; refusing to use it") from None
        with os.fdopen(fd, "rb") as handle:
            info = os.fstat(handle.fileno())
            if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_FILE_BYTES:
                raise SubmissionStoreError(f"{self.path} is not a regular file under {MAX_FILE_BYTES} bytes; "
                                           "refusing to use it")
            raw = handle.read(MAX_FILE_BYTES + 1)
        try:
            entries = json.loads(raw.decode("utf-8"))
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise SubmissionStoreError(f"{self.path} is not valid JSON ({exc}); refusing to overwrite it") from None
        if not isinstance(entries, list):
            raise SubmissionStoreError(f"{self.path} is not a JSON list; refusing to overwrite it")
        return entries


def _replace_atomically(folder: int, text: str) -> None:
    """Write ``text`` to a fresh temporary file in the folder ``folder`` and rename it over the submissions file."""
    name = f".{PORTAL_SUBMISSIONS}.{os.urandom(6).hex()}.tmp"
    fd = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644, dir_fd=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(name, PORTAL_SUBMISSIONS, src_dir_fd=folder, dst_dir_fd=folder)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(name, dir_fd=folder)
        raise
