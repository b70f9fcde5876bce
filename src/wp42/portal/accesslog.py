"""The portal's access log: one JSON object per request, appended to a ``.jsonl`` file (SPEC section 6/7).

Evaluators that need to know how the worker used the portal read it from the attempt folder
(``layout.PORTAL_ACCESS_LOG``). Waitress serves requests from several threads; a lock keeps lines whole.
"""

from __future__ import annotations

import json
import threading
from datetime import UTC, datetime
from pathlib import Path


class AccessLog:
    """Appends ``{"time", "method", "path", "query", "status", "duration_ms"[, "submission_id"]}`` lines."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()

    def record(
        self,
        *,
        method: str,
        path: str,
        query: str,
        status: int,
        duration_ms: float | None,
        submission_id: str | None = None,
    ) -> None:
        """Append one request; ``time`` is UTC ISO 8601 with milliseconds."""
        entry: dict[str, object] = {
            "time": datetime.now(UTC).isoformat(timespec="milliseconds"),
            "method": method,
            "path": path,
            "query": query,
            "status": status,
            "duration_ms": duration_ms,
        }
        if submission_id is not None:
            entry["submission_id"] = submission_id
        line = json.dumps(entry, sort_keys=True) + "\n"
        with self._lock, self.path.open("a", encoding="utf-8") as handle:
            handle.write(line)


def read_access_log(path: Path) -> list[dict[str, object]]:
    """Every entry of an access log, in order; [] when the file does not exist."""
    path = Path(path)
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
