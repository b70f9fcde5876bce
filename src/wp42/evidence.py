"""Portal submissions the worker cannot forge: a per-attempt key, signed entries, and their verification (issue 15).

In a portal arm the runner draws a fresh key for the attempt (:func:`new_key`) and keeps it in the attempt folder,
outside the worker's sandbox. The portal, which runs outside the sandbox too, signs every accepted submission
(:class:`Signer`): the entry's ``signature`` is HMAC-SHA256 over the canonical JSON of the entry without its
signature and of the attempt id, so an entry is valid for one attempt only. The portal also keeps, in the runner's
memory and then in run.json, the ids of every submission it accepted, in order.

Grading hands the evaluator the key, the attempt id and that list through a file named by :data:`EVIDENCE_ENV`
(:func:`write_evidence`); ``common.Evaluation`` reads it (:func:`load_evidence`) and keeps only the entries
:func:`verify_submissions` accepts: a hand-written, altered, reordered or duplicated entry, or one the portal
accepted that the file no longer holds, is the critical violation ``forged_portal_submission``.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: Environment variable naming the evidence file the evaluator child reads (set only when grading an attempt).
EVIDENCE_ENV = "WP42_ATTEMPT_EVIDENCE"
SIGNATURE = "signature"


def new_key() -> str:
    """A fresh 256-bit key, as 64 hex digits."""
    return secrets.token_hex(32)


def attempt_id(run_id: str, task_id: str, arm: str, attempt: int) -> str:
    """The id a signature binds an entry to: ``<run_id>/<TASK_ID>/<arm>/<attempt>``."""
    return f"{run_id}/{task_id}/{arm}/{attempt}"


def signature(key: str, attempt: str, entry: dict[str, Any]) -> str:
    """HMAC-SHA256 (hex) of ``{"attempt_id", "entry"}`` as canonical JSON (sorted keys, no spaces, UTF-8), the
    entry taken without its own ``signature``."""
    unsigned = {k: v for k, v in entry.items() if k != SIGNATURE}
    text = json.dumps({"attempt_id": attempt, "entry": unsigned}, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False, allow_nan=False)
    return hmac.new(bytes.fromhex(key), text.encode("utf-8"), hashlib.sha256).hexdigest()


@dataclass
class Signer:
    """Signs the portal's accepted submissions for one attempt and remembers their ids, in order."""

    key: str
    attempt: str
    accepted: list[str] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def sign(self, entry: dict[str, Any]) -> dict[str, Any]:
        """``entry`` with its ``signature`` added; the entry's ``submission_id`` is recorded as accepted."""
        with self._lock:
            self.accepted.append(str(entry["submission_id"]))
        return {**entry, SIGNATURE: signature(self.key, self.attempt, entry)}


@dataclass(frozen=True)
class Verdict:
    """What :func:`verify_submissions` found: the entries to grade, and one line per problem."""

    accepted: list[dict[str, Any]]
    rejected: list[str]


def verify_submissions(entries: list[Any], key: str, attempt: str, issued: list[str]) -> Verdict:
    """Check a portal_submissions.json list against the attempt's key and the ids the portal ``issued``, in order.

    Entry ``i`` must be a JSON object whose signature matches and whose ``submission_id`` is ``issued[i]``;
    anything else is rejected with its reason ("S0003: signature does not match (altered or written by hand)",
    "S0001: unsigned", "position 2 holds S0004 where the portal wrote S0002"), and ids the portal issued that the
    file does not hold are named as missing. Rejected entries are not in ``accepted``.
    """
    accepted, rejected = [], []
    for position, entry in enumerate(entries):
        if not isinstance(entry, dict):
            rejected.append(f"entry {position + 1}: not a JSON object")
            continue
        name = str(entry.get("submission_id", f"entry {position + 1}"))
        given = entry.get(SIGNATURE)
        if not isinstance(given, str):
            rejected.append(f"{name}: unsigned (the portal signs every submission it accepts)")
        elif not hmac.compare_digest(given, _safe_signature(key, attempt, entry)):
            rejected.append(f"{name}: signature does not match (altered, or written by hand)")
        elif position >= len(issued) or issued[position] != name:
            wrote = issued[position] if position < len(issued) else "nothing"
            rejected.append(f"position {position + 1} holds {name} where the portal wrote {wrote} (reordered or "
                            "duplicated)")
        else:
            accepted.append(entry)
    held = {str(e.get("submission_id")) for e in entries if isinstance(e, dict)}
    missing = [i for i in issued if i not in held]
    if missing:
        rejected.append(f"missing: {', '.join(missing)} (accepted by the portal, no longer in the file)")
    return Verdict(accepted, rejected)


def _safe_signature(key: str, attempt: str, entry: dict[str, Any]) -> str:
    try:
        return signature(key, attempt, entry)
    except (TypeError, ValueError):  # NaN, or a value JSON cannot hold: not something the portal wrote
        return ""


def write_evidence(path: Path, key: str, attempt: str, issued: list[str]) -> None:
    """Write the evidence file the evaluator child reads (mode 0600): ``{"portal": {"key", "attempt_id",
    "issued"}}``."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        json.dump({"portal": {"key": key, "attempt_id": attempt, "issued": issued}}, handle)


def load_evidence() -> dict[str, Any] | None:
    """The portal evidence the grading framework handed this evaluator (``{"key", "attempt_id", "issued"}``), or
    None when it handed none: not a portal arm, or out/ scored on its own (``wp42 score OUT_DIR``)."""
    path = os.environ.get(EVIDENCE_ENV)
    if not path:
        return None
    return json.loads(Path(path).read_text(encoding="utf-8"))["portal"]
