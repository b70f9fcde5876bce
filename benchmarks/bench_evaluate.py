"""Receipts per second on the reference outputs through the warm evaluation service and through the per-process
path, side by side in one run, and the ratio of a receipt to merely opening the same deliverables once (issue 14,
"Done when").

Usage: python benchmarks/bench_evaluate.py [--rounds N] [--jobs J] [--worker W] [--no-batch] [--validate TASK_ID]
[TASK_ID ...]

Each scenario is generated at seed 42 into a temporary oracle root and its reference solution (or ``--worker``) run
once. The service
is then stopped and its start-up timed: the first evaluation of the first scenario starts a warm parent (imports)
and, for a workbook scenario, warms the formula engine. Then, per scenario: one untimed evaluation through the
service (the first compiles its evaluate.py), then ``rounds`` times, interleaved so both paths meet the same
machine load: one full evaluation per path (``wp42.evaluation.evaluate_out`` with ``mode``
``process`` — a new interpreter per receipt — and ``service`` — a child forked from a warm parent; both bounded,
formulas computed, schema checked) and one plain open of every xlsx (``openpyxl.load_workbook``) and docx
(``docx.Document``) in the same out/, in process. Every service receipt is compared with the per-process one.
Finally the whole set (scenarios x rounds) is evaluated once more per path as one batch, ``jobs`` at a time.

Prints per scenario and overall: receipts per second on each path, the speed-up, and how many times a receipt
costs a plain open of its deliverables; the machine's load average before and after (a shared machine's figures
mean little without it). With ``--validate TASK_ID`` it also times ``wp42 validate TASK_ID --seeds 42`` on each path
(``--evaluation process`` and ``service``), alternately, ``--validate-rounds`` times each.

The service path includes the pool's long-lived LibreOffice (benchmark/validators/libreoffice_bridge.py) and the
compiled-formula cache its warm parents learn: the rounds after a scenario's first receipt reuse the formulas the
first one compiled (the ``1st`` column is a receipt that compiled its own).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from wp42 import layout
from wp42.evaluation import evaluate_out
from wp42.evaluation import service as evaluation_service
from wp42.generation import generate
from wp42.layout import Repo
from wp42.run.runner import AttemptSpec, run_attempt

MODES = ("process", "service")


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


def _timed(task_id: str, out: Path, oracle_root: Path, repo: Repo, mode: str) -> tuple[float, dict[str, Any]]:
    started = time.perf_counter()
    receipt = evaluate_out(task_id, out, oracle_root=oracle_root, repo=repo, mode=mode)
    return time.perf_counter() - started, receipt


def _cpu_seconds() -> float:
    """CPU seconds so far of this process, its reaped children (the per-process path's interpreters and their
    soffice) and the warm service's evaluation children (reported by their parents). Not counted: the warm parents'
    own work (forking, learning formulas) and the pool's long-lived soffice."""
    import resource

    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    service = sum(s.child_cpu_seconds for s in evaluation_service.current_services())
    return time.process_time() + children.ru_utime + children.ru_stime + service


def _ratio(evaluation_s: float, open_s: float, files: int) -> str:
    return f"{evaluation_s / open_s:.1f}x" if files and open_s > 0 else "n/a"


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} / {five:.2f} / {fifteen:.2f} (1/5/15 min) on {os.cpu_count()} cores"


def _validate_times(task_id: str, rounds: int, oracle_root: Path) -> dict[str, list[float]]:
    """Seconds of ``wp42 validate TASK_ID --seeds 42`` per path, the paths alternating ``rounds`` times."""
    times: dict[str, list[float]] = {mode: [] for mode in MODES}
    for _ in range(rounds):
        for mode in MODES:
            started = time.perf_counter()
            subprocess.run([sys.executable, "-m", "wp42", "--evaluation", mode, "validate", task_id, "--seeds", "42",
                            "--oracle-root", str(oracle_root)], check=False, capture_output=True)
            times[mode].append(time.perf_counter() - started)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("task_ids", nargs="*")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--jobs", type=int, default=2, help="evaluations at a time in the final batch")
    parser.add_argument("--validate", action="append", default=[], metavar="TASK_ID",
                        help="also time `wp42 validate TASK_ID --seeds 42` on each path")
    parser.add_argument("--validate-rounds", type=int, default=1)
    parser.add_argument("--no-batch", action="store_true", help="skip the final batch")
    parser.add_argument("--worker", default="reference",
                        help="whose out/ is scored (default reference; e.g. wrong:fabricated_cached, whose "
                             "fabricated totals LibreOffice is asked about)")
    args = parser.parse_args()
    print(f"start: {_load()}")
    repo = Repo.find()
    task_ids = args.task_ids or [t for t in repo.task_ids() if (repo.bundle(t).root / layout.TASK_JSON).is_file()]
    _open_once(Path(tempfile.gettempdir()) / "nonexistent")  # import openpyxl/docx before timing
    totals = {mode: 0.0 for mode in MODES} | {"open": 0.0, "receipts": 0, "open_with_files": 0.0}
    with_files = {mode: 0.0 for mode in MODES}
    outs: list[tuple[str, Path]] = []
    mismatches: list[str] = []
    with tempfile.TemporaryDirectory(prefix="wp42-bench-eval-") as scratch:
        base = Path(scratch)
        oracle_root = base / "oracles"
        for task_id in task_ids:
            generate(task_id, 42, oracle_root, repo=repo, bundle_dir=base / "bundles" / task_id)
            spec = AttemptSpec(task_id, args.worker, "A1", 1, "bench", base / "runs", oracle_root)
            run_attempt(spec, repo)
            outs.append((task_id, spec.folder.out))
        evaluation_service.close_services()
        cold_s, _ = _timed(*outs[0], oracle_root, repo, "service")
        print(f"service start-up: the first receipt ({outs[0][0]}) took {cold_s:.2f} s, starting a warm parent")
        print(f"{'scenario':<9} {'1st':>6} | {'process/s':>9} {'service/s':>9} {'speed-up':>8} | "
              f"{'open ms':>8} {'process/open':>12} {'service/open':>12} | {'CPU ms: process':>15} {'service':>7} "
              f"{'open':>5} | status")
        cpu_totals = {mode: 0.0 for mode in (*MODES, "open")}
        for task_id, out in outs:
            first_s, _ = _timed(task_id, out, oracle_root, repo, "service")
            times: dict[str, list[float]] = {mode: [] for mode in MODES}
            opens: list[float] = []
            receipts: dict[str, str] = {}
            cpu = {mode: 0.0 for mode in (*MODES, "open")}
            for _ in range(args.rounds):
                for mode in MODES:
                    cpu_before = _cpu_seconds()
                    seconds, receipt = _timed(task_id, out, oracle_root, repo, mode)
                    cpu[mode] += _cpu_seconds() - cpu_before
                    times[mode].append(seconds)
                    receipts[mode] = json.dumps(receipt, sort_keys=True)
                started, cpu_before = time.perf_counter(), time.process_time()
                files = _open_once(out)
                opens.append(time.perf_counter() - started)
                cpu["open"] += time.process_time() - cpu_before
            for name, value in cpu.items():
                cpu_totals[name] += value
            if receipts["process"] != receipts["service"]:
                mismatches.append(task_id)
            medians = {mode: statistics.median(times[mode]) for mode in MODES}
            open_s = statistics.median(opens)
            for mode in MODES:
                totals[mode] += sum(times[mode])
                if files:
                    with_files[mode] += sum(times[mode])
            totals["open"] += sum(opens)
            totals["open_with_files"] += sum(opens) if files else 0.0
            totals["receipts"] += args.rounds
            status = json.loads(receipts["service"])["status"]
            print(f"{task_id:<9} {first_s:>5.2f}s | {1 / medians['process']:>9.2f} {1 / medians['service']:>9.2f} "
                  f"{medians['process'] / medians['service']:>7.1f}x | {open_s * 1000:>8.1f} "
                  f"{_ratio(medians['process'], open_s, files):>12} {_ratio(medians['service'], open_s, files):>12} | "
                  f"{cpu['process'] * 1000 / args.rounds:>15.0f} {cpu['service'] * 1000 / args.rounds:>7.0f} "
                  f"{cpu['open'] * 1000 / args.rounds:>5.0f} | {status}, {files} xlsx/docx")
        n = totals["receipts"]
        print(f"overall (sequential, {n} receipts per path over {len(task_ids)} scenarios): "
              f"process {n / totals['process']:.2f} receipts/s, service {n / totals['service']:.2f} receipts/s, "
              f"speed-up {totals['process'] / totals['service']:.1f}x")
        if totals["open_with_files"] > 0:
            print(f"receipt cost vs a plain open of the same xlsx/docx (scenarios that deliver them): process "
                  f"{with_files['process'] / totals['open_with_files']:.1f}x, service "
                  f"{with_files['service'] / totals['open_with_files']:.1f}x")
        print(f"CPU seconds per receipt (less sensitive to the machine's load than wall time): process "
              f"{cpu_totals['process'] / n:.3f}, service {cpu_totals['service'] / n:.3f}; a plain open "
              f"{cpu_totals['open'] / n:.3f}; on {os.cpu_count()} idle cores that is at most "
              f"{(os.cpu_count() or 1) * n / cpu_totals['service']:.1f} service receipts/s")
        batch = [item for item in outs for _ in range(args.rounds)] if not args.no_batch else []
        for mode in MODES if batch else ():
            started = time.perf_counter()
            with ThreadPoolExecutor(max_workers=args.jobs) as pool:
                list(pool.map(lambda item, m=mode: _timed(item[0], item[1], oracle_root, repo, m), batch))
            elapsed = time.perf_counter() - started
            print(f"batch of {len(batch)} receipts with {args.jobs} at a time: {mode} {len(batch) / elapsed:.2f} "
                  f"receipts/s ({elapsed:.1f} s)")
        for task_id in args.validate:
            times = _validate_times(task_id, args.validate_rounds, base / "validate-oracles")
            medians = {mode: statistics.median(times[mode]) for mode in MODES}
            print(f"validate {task_id} --seeds 42: process {medians['process']:.1f} s, service "
                  f"{medians['service']:.1f} s, speed-up {medians['process'] / medians['service']:.2f}x "
                  f"({args.validate_rounds} round(s), medians)")
    print("service receipts identical to the per-process ones: "
          + ("yes, every scenario" if not mismatches else f"NO for {', '.join(mismatches)}"))
    print(f"end: {_load()}")


if __name__ == "__main__":
    main()
