"""Accepted form submissions, appended to ``out/portal_submissions.json`` without loss (SPEC section 7).

The file is a JSON list of ``{"submission_id", "time", "form_id", "values"}`` in arrival order. Every append takes
an exclusive file lock, reads the list, adds one entry and replaces the file atomically (temporary file, fsync,
``os.replace``), so concurrent posts from waitress's threads or from several processes are serialised and a reader
never sees half a file. The lock file lives in the system temporary folder, not in ``out/``, so the worker's
deliverables folder holds nothing but deliverables.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from filelock import FileLock

from wp42.layout import PORTAL_SUBMISSIONS


class SubmissionStoreError(RuntimeError):
    """``out/portal_submissions.json`` exists but is not a JSON list; the portal will not overwrite it."""


class SubmissionStore:
    """Appends submissions to ``<out_dir>/portal_submissions.json``."""

    def __init__(self, out_dir: Path, lock_timeout_s: float = 30.0) -> None:
        self.out_dir = Path(out_dir)
        self.path = self.out_dir / PORTAL_SUBMISSIONS
        key = hashlib.sha256(str(self.path.resolve()).encode("utf-8")).hexdigest()[:16]
        self.lock = FileLock(Path(tempfile.gettempdir()) / f"wp42-portal-{key}.lock", timeout=lock_timeout_s)

    def read(self) -> list[dict[str, Any]]:
        """The submissions so far ([] before the first one).

        Raises:
            SubmissionStoreError: the file exists but is not a JSON list (e.g. the worker overwrote it).
        """
        if not self.path.is_file():
            return []
        try:
            entries = json.loads(self.path.read_text(encoding="utf-8"))
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise SubmissionStoreError(f"{self.path} is not valid JSON ({exc}); refusing to overwrite it") from None
        if not isinstance(entries, list):
            raise SubmissionStoreError(f"{self.path} is not a JSON list; refusing to overwrite it")
        return entries

    def append(self, form_id: str, values: dict[str, Any]) -> dict[str, Any]:
        """Append one accepted submission and return the stored entry.

        ``submission_id`` is ``S`` plus the 1-based position in the file (``S0001``); ``time`` is UTC ISO 8601.

        Raises:
            SubmissionStoreError: the existing file is unreadable (nothing is written).
            filelock.Timeout: the lock was not obtained within ``lock_timeout_s``.
        """
        self.out_dir.mkdir(parents=True, exist_ok=True)
        with self.lock:
            entries = self.read()
            entry = {
                "submission_id": f"S{len(entries) + 1:04d}",
                "time": datetime.now(UTC).isoformat(timespec="milliseconds"),
                "form_id": form_id,
                "values": values,
            }
            entries.append(entry)
            _replace_atomically(self.path, json.dumps(entries, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
        return entry


def _replace_atomically(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
