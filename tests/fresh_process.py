"""Measure one read or one grade in a new interpreter: its wall time and the peak resident memory of the processes it
started.

``getrusage(RUSAGE_CHILDREN).ru_maxrss`` is a high-water mark over a process's whole life. In a pytest worker it
carries the largest child of every earlier test on that worker (the evaluation-service tests deliberately grow a child
to its 1 GiB bound), so a bound checked there fails or passes by test order, not by the file under test. A fresh
interpreter carries only the children of the operation it runs.

Used as ``python tests/fresh_process.py read PATH SECONDS MEMORY_BYTES`` or ``... score TASK OUT ORACLE_ROOT MODE``;
prints one JSON object: ``{"result": ..., "elapsed_s": float, "peak_child_rss_bytes": int}``.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any


def measure(*args: str, timeout: float = 300.0) -> dict[str, Any]:
    """Run this file with ``args`` in a new interpreter and return its JSON answer (shape: see the module docstring).

    Raises AssertionError naming the command and its stderr when the interpreter fails or prints no JSON."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    command = [sys.executable, str(Path(__file__).resolve()), *args]
    done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, env=env, check=False)
    assert done.returncode == 0 and done.stdout.strip(), f"{command} exited {done.returncode}: {done.stderr[-2000:]}"
    return json.loads(done.stdout.strip().splitlines()[-1])


def _read(path: str, seconds: str, memory_bytes: str) -> dict[str, Any]:
    from wp42.evaluation import Limits
    from wp42.layout import Repo
    from wp42.read import read_file

    doc = read_file(Path(path), limits=Limits(seconds=float(seconds), memory_bytes=int(memory_bytes)),
                    repo=Repo.find())
    return {"status": doc["status"], "reason": doc.get("reason")}


def _score(task_id: str, out: str, oracle_root: str, mode: str) -> dict[str, Any]:
    from wp42.evaluation import evaluate_out
    from wp42.layout import Repo

    return evaluate_out(task_id, Path(out), oracle_root=Path(oracle_root), repo=Repo.find(), mode=mode)


def _service_peak() -> int:
    # the service's evaluation children are its warm parents' children, not ours: it reports their peak
    from wp42.evaluation import service

    return service.peak_child_rss_bytes()


def main(argv: list[str]) -> None:
    kind, *args = argv
    started = time.monotonic()
    result = {"read": _read, "score": _score}[kind](*args)
    elapsed = time.monotonic() - started
    peak = max(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024, _service_peak())
    print(json.dumps({"result": result, "elapsed_s": elapsed, "peak_child_rss_bytes": peak}))


if __name__ == "__main__":
    main(sys.argv[1:])
