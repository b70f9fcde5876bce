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


def read_file(path: Path, *, limits: Limits | None = None, repo: Repo | None = None,
              validators_dir: Path | None = None) -> dict[str, Any]:
    """What the evaluators see in ``path``: ``{"kind", "status": "ok"|"refused"|"error", "reason", ...}`` (shape
    in describe.py). Never raises for a bad file; a reading that runs past ``limits`` comes back ``refused`` with
    the bound named in ``reason``. The readers come from ``validators_dir`` when given (a sandboxed worker, which
    has no checkout to find), else from ``repo`` (default: :meth:`Repo.find`).
    """
    validators_dir = validators_dir or (repo or Repo.find()).validators_dir
    limits = limits or Limits()
    path = Path(path)
    base = {"kind": _kind_guess(path), "file": path.name}
    if not path.exists() and not path.is_symlink():
        return {**base, "status": "error", "reason": f"{path}: no such file"}
    with tempfile.TemporaryDirectory(prefix="wp42-read-") as scratch:
        result = Path(scratch) / "read.json"
        env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "TMPDIR": scratch,
               "PYTHONPATH": os.pathsep.join([str(validators_dir), os.environ.get("PYTHONPATH", "")]
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


def read_files(paths: list[Path], *, limits: Limits | None = None, repo: Repo | None = None
               ) -> list[dict[str, Any]]:
    """What the evaluators see in each of ``paths`` (shapes as :func:`read_file`), read in ONE bounded child.

    One child for many files is what the report's attempt pages need (a child per file would cost its start-up
    each time). The bounds (``limits``, default :class:`wp42.evaluation.Limits`) hold for the whole batch; when the
    batch runs past them or crashes, every file comes back ``refused`` or ``error`` with the reason. Never raises
    for a bad file.
    """
    if not paths:
        return []
    repo = repo or Repo.find()
    limits = limits or Limits()
    bases = [{"kind": _kind_guess(Path(p)), "file": Path(p).name} for p in paths]
    with tempfile.TemporaryDirectory(prefix="wp42-read-") as scratch:
        result = Path(scratch) / "read.json"
        env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "TMPDIR": scratch,
               "PYTHONPATH": os.pathsep.join([str(repo.validators_dir), os.environ.get("PYTHONPATH", "")]
                                             ).rstrip(os.pathsep)}
        argv = [sys.executable, "-m", "wp42.read", "--many", str(result), *(str(Path(p).absolute()) for p in paths)]
        try:
            proc = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=limits.seconds,
                                  preexec_fn=preexec_limits(limits), start_new_session=True)
        except subprocess.TimeoutExpired:
            return [{**b, "status": "refused", "reason": f"reading ran past its {limits.seconds:g} s bound"}
                    for b in bases]
        if MEMORY_ERROR_MARK in proc.stderr:
            return [{**b, "status": "refused",
                     "reason": f"reading ran out of its {limits.memory_bytes >> 20} MiB memory bound"} for b in bases]
        if proc.returncode != 0 or not result.is_file():
            tail = " | ".join(proc.stderr.strip().splitlines()[-3:]) or f"exit code {proc.returncode}"
            return [{**b, "status": "error", "reason": f"the reader crashed: {tail}"} for b in bases]
        return json.loads(result.read_text(encoding="utf-8"))


def reading_text(doc: dict[str, Any], max_records: int = 50) -> str:
    """A reading (:func:`read_file`'s dict) as plain lines: what ``wp42 read`` prints and what ``wp42 worker llm``'s
    read tool returns. Sheets are listed cell by cell with their formulas, Word parts and PDF pages as text, slides
    and tables as ``|``-separated rows, at most ``max_records`` CSV records."""
    lines = [f"{doc.get('file', '')}: {doc.get('kind')} {doc.get('status')}"
             + (f" ({doc['reason']})" if doc.get("reason") else "")]
    kind = doc.get("kind")
    if doc.get("status") != "ok":
        return "\n".join(lines)
    lines += [f"convention applied: {convention}" for convention in doc.get("conventions", [])]
    if kind == "xlsx":
        lines.append(f"date system: {'1904' if doc.get('date1904') else '1900'}")
        for sheet, cells in doc.get("sheets", {}).items():
            lines.append(f"[{sheet}] {len(cells)} populated cells")
            for ref, cell in cells.items():
                formula = f"  {cell['formula']}" if cell.get("formula") else ""
                unknown = f"  UNKNOWN: {cell.get('note')}" if cell.get("known") is False else ""
                lines.append(f"  {ref}: {cell.get('shown')!r}{formula}  [{cell.get('number_format')}]{unknown}")
            for ref, seen in doc.get("annotations", {}).get(sheet, {}).items():
                if seen.get("struck"):
                    lines.append(f"  {ref}: struck through")
                if seen.get("note"):
                    author = f" by {seen['author']}" if seen.get("author") else ""
                    lines.append(f"  {ref}: note{author}: {seen['note']!r}")
    elif kind == "docx":
        for part, text in doc.get("parts", {}).items():
            if text:
                lines += [f"[{part}]", text]
    elif kind == "pptx":
        for slide in doc.get("slides", []):
            lines.append(f"[slide {slide['number']}] {slide.get('title') or ''}".rstrip())
            for block in slide.get("blocks", []):
                rows = block["table"] if isinstance(block, dict) else [[text] for text in block]
                lines += [" | ".join(str(cell) for cell in row) for row in rows]
            notes = slide.get("notes") or []
            if notes:
                lines += ["  notes:", *(notes if isinstance(notes, list) else [notes])]
        lines += [f"left out: {item}" for item in doc.get("ignored", [])]
    elif kind == "md":
        lines.append(doc.get("text", ""))
        if doc.get("hidden_comments"):
            lines.append(f"left out: {doc['hidden_comments']} HTML comment(s)")
    elif kind == "pdf":
        for number, text in enumerate(doc.get("pages", []), start=1):
            lines += [f"[page {number}]", text]
    elif kind == "csv":
        lines.append(f"encoding {doc['encoding']}, delimiter {doc['delimiter']!r}, {len(doc['records'])} records")
        lines += [" | ".join(record) for record in doc["records"][:max_records]]
    else:
        lines.append(json.dumps({k: v for k, v in doc.items()
                                 if k not in ("kind", "status", "reason", "file", "conventions")},
                                indent=2, ensure_ascii=False))
    return "\n".join(lines)


def _kind_guess(path: Path) -> str:
    return {".xlsx": "xlsx", ".docx": "docx", ".pdf": "pdf", ".csv": "csv", ".eml": "eml", ".ics": "ics",
            ".json": "json"}.get(path.suffix.lower(), "unknown")


def main(argv: list[str]) -> int:  # pragma: no cover - runs in the bounded child
    """Child entry: describe FILE into RESULT_JSON (``FILE RESULT_JSON``), or a list of descriptions of every FILE
    (``--many RESULT_JSON FILE...``). Exit 0 with a result, 3 on MemoryError."""
    many = argv[0] == "--many"
    targets, result = (argv[2:], argv[1]) if many else (argv[:1], argv[1])
    try:
        import describe

        documents = [describe.describe(Path(target)) for target in targets]
        text = json.dumps(documents if many else documents[0], sort_keys=True, ensure_ascii=False,
                          allow_nan=False, default=str)
    except MemoryError:
        print(MEMORY_ERROR_MARK, file=sys.stderr)
        return 3
    Path(result).write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
