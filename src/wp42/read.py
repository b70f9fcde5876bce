"""``wp42 read``: what WP42's evaluators see in one file, read in a bounded child process (issue 8).

The reading itself is ``benchmark/validators/describe.py``, built on the same helpers every evaluate.py uses. It
runs in a child (``python -m wp42.read FILE RESULT_JSON``) under the evaluators' wall-clock and address-space bounds
(:class:`wp42.evaluation.Limits`), so a hostile file gives a status and a reason instead of a hang or an exhausted
machine.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from wp42.evaluation import MEMORY_ERROR_MARK, Limits, preexec_limits
from wp42.layout import Repo

#: Statuses of a reading; anything but "ok" makes ``wp42 read`` exit with :data:`EXIT_NOT_READ`.
STATUSES = ("ok", "refused", "error")
EXIT_NOT_READ = 3


def read_file(path: Path, *, limits: Limits | None = None, repo: Repo | None = None) -> dict[str, Any]:
    """What the evaluators see in ``path``: ``{"kind", "status": "ok"|"refused"|"error", "reason", ...}`` (shape
    in describe.py). Never raises for a bad file; a reading that runs past ``limits`` comes back ``refused`` with
    the bound named in ``reason``.
    """
    repo = repo or Repo.find()
    limits = limits or Limits()
    path = Path(path)
    base = {"kind": _kind_guess(path), "file": path.name}
    if not path.exists() and not path.is_symlink():
        return {**base, "status": "error", "reason": f"{path}: no such file"}
    with tempfile.TemporaryDirectory(prefix="wp42-read-") as scratch:
        result = Path(scratch) / "read.json"
        env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "TMPDIR": scratch,
               "PYTHONPATH": os.pathsep.join([str(repo.validators_dir), os.environ.get("PYTHONPATH", "")]
                                             ).rstrip(os.pathsep)}
        try:
            proc = subprocess.run(
                [sys.executable, "-m", "wp42.read", str(path.absolute()), str(result)], capture_output=True,
                text=True, env=env, timeout=limits.seconds, preexec_fn=preexec_limits(limits),
                start_new_session=True,
            )
        except subprocess.TimeoutExpired:
            return {**base, "status": "refused", "reason": f"reading ran past its {limits.seconds:g} s bound"}
        if MEMORY_ERROR_MARK in proc.stderr:
            return {**base, "status": "refused",
                    "reason": f"reading ran out of its {limits.memory_bytes >> 20} MiB memory bound"}
        if proc.returncode != 0 or not result.is_file():
            tail = " | ".join(proc.stderr.strip().splitlines()[-3:]) or f"exit code {proc.returncode}"
            return {**base, "status": "error", "reason": f"the reader crashed: {tail}"}
        return json.loads(result.read_text(encoding="utf-8"))


def _kind_guess(path: Path) -> str:
    return {".xlsx": "xlsx", ".docx": "docx", ".pdf": "pdf", ".csv": "csv", ".eml": "eml", ".ics": "ics",
            ".json": "json"}.get(path.suffix.lower(), "unknown")


def main(argv: list[str]) -> int:  # pragma: no cover - runs in the bounded child
    """Child entry: describe FILE into RESULT_JSON. Exit 0 with a result, 3 on MemoryError."""
    target, result = argv
    try:
        import describe

        document = describe.describe(Path(target))
        text = json.dumps(document, sort_keys=True, ensure_ascii=False, allow_nan=False, default=str)
    except MemoryError:
        print(MEMORY_ERROR_MARK, file=sys.stderr)
        return 3
    Path(result).write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
