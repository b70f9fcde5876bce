"""Seconds `wp42 demo` takes, and milliseconds one evaluation takes (median), on this machine.

Usage: python benchmarks/bench_demo.py [--evaluations N] [TASK_ID ...]

Prints one line per figure. The demo runs in a temporary folder (kept only while measuring); one evaluation is
`wp42.evaluation.evaluate_out` on the reference solution's out/ — child process, limits, schema check included.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from wp42.demo import DEMO_RUN_ID, run_demo
from wp42.evaluation import evaluate_out
from wp42.layout import Attempt, Repo


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("task_ids", nargs="*")
    parser.add_argument("--evaluations", type=int, default=5)
    parser.add_argument("-j", "--jobs", type=int, default=2)
    args = parser.parse_args()
    task_ids = args.task_ids or Repo.find().task_ids()
    with tempfile.TemporaryDirectory(prefix="wp42-bench-") as scratch:
        keep = Path(scratch)
        started = time.perf_counter()
        rows = run_demo(task_ids, jobs=args.jobs, keep=keep)
        demo_s = time.perf_counter() - started
        ok = sum(r.ok for r in rows)
        print(f"wp42 demo: {demo_s:.1f} s for {len(rows)} attempts over {len(task_ids)} scenarios "
              f"(-j {args.jobs}; {ok}/{len(rows)} as expected)")
        for task_id in task_ids:
            attempt = Attempt.at(keep / "runs", f"{DEMO_RUN_ID}-reference", task_id, "A1", 1)
            times = []
            for _ in range(args.evaluations):
                t0 = time.perf_counter()
                evaluate_out(task_id, attempt.out, workspace=attempt.workspace, oracle_root=keep / "oracles")
                times.append((time.perf_counter() - t0) * 1000)
            print(f"{task_id}: one evaluation of the reference out/: median {statistics.median(times):.0f} ms "
                  f"(min {min(times):.0f}, max {max(times):.0f}, n={len(times)})")


if __name__ == "__main__":
    main()
