"""Receipts per second on the reference outputs, and the ratio to merely opening the same deliverables once with
openpyxl and python-docx (issue 5, "Done when").

Usage: python benchmarks/bench_evaluate.py [--rounds N] [TASK_ID ...]

Each scenario is generated at seed 42 into a temporary oracle root and its reference solution run once. Then, per
scenario, ``rounds`` times: one full evaluation (``wp42.evaluation.evaluate_out``: child process, limits, formulas
computed, schema check) and, separately, one plain open of every xlsx (``openpyxl.load_workbook``) and docx
(``docx.Document``) in the same out/, in process. Prints per scenario and overall: receipts per second, opens per
second, and how many times slower a receipt is than a plain open.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from wp42 import layout
from wp42.evaluation import evaluate_out
from wp42.generation import generate
from wp42.layout import Repo
from wp42.runner import AttemptSpec, run_attempt


def _open_once(out: Path) -> int:
    import docx
    import openpyxl

    opened = 0
    for path in sorted(out.rglob("*.xlsx")):
        openpyxl.load_workbook(path)
        opened += 1
    for path in sorted(out.rglob("*.docx")):
        docx.Document(str(path))
        opened += 1
    return opened


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("task_ids", nargs="*")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    repo = Repo.find()
    task_ids = args.task_ids or [t for t in repo.task_ids() if (repo.bundle(t).root / layout.TASK_JSON).is_file()]
    _open_once(Path(tempfile.gettempdir()) / "nonexistent")  # import openpyxl/docx before timing
    totals = {"eval": 0.0, "open": 0.0, "receipts": 0}
    with tempfile.TemporaryDirectory(prefix="wp42-bench-eval-") as scratch:
        base = Path(scratch)
        for task_id in task_ids:
            generate(task_id, 42, base / "oracles", repo=repo, bundle_dir=base / "bundles" / task_id)
            spec = AttemptSpec(task_id, "reference", "A1", 1, "bench", base / "runs", base / "oracles")
            run_attempt(spec, repo)
            out = spec.folder.out
            evals, opens = [], []
            for _ in range(args.rounds):
                started = time.perf_counter()
                receipt = evaluate_out(task_id, out, oracle_root=base / "oracles", repo=repo)
                evals.append(time.perf_counter() - started)
                started = time.perf_counter()
                files = _open_once(out)
                opens.append(time.perf_counter() - started)
            e, o = statistics.median(evals), statistics.median(opens)
            totals["eval"] += sum(evals)
            totals["open"] += sum(opens)
            totals["receipts"] += len(evals)
            ratio = f"{e / o:.0f}x a plain open of its {files} xlsx/docx" if files and o > 0 else "no xlsx/docx"
            print(f"{task_id}: {1 / e:.2f} receipts/s (median {e * 1000:.0f} ms, status {receipt['status']}); "
                  f"plain open {o * 1000:.1f} ms; a receipt costs {ratio}")
    per_s = totals["receipts"] / totals["eval"]
    print(f"overall: {per_s:.2f} receipts/s over {totals['receipts']} evaluations of {len(task_ids)} scenarios; "
          f"evaluation takes {totals['eval'] / totals['open']:.0f}x the time of opening the same deliverables once")


if __name__ == "__main__":
    main()
