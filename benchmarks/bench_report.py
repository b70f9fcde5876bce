"""Time `wp42 report` over N synthetic attempts: reading, building (bootstrap), text, JSON and HTML rendering.

    python benchmarks/bench_report.py [--attempts 2000] [--scenarios 20] [--resamples 10000]

Writes a synthetic runs folder (workers ``agent`` and ``nop``, arms A1 and A2, repeats to reach N attempts) in a
temporary directory with hand-built run.json / receipt.json files, then prints wall-clock seconds per stage. The
scenarios get task.json files in a temporary repository so challenge sets and minutes weighting are exercised.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

import numpy as np

from wp42 import report as reporting
from wp42.layout import Attempt, Repo
from wp42.report import charts as report_plots
from wp42.schemas import dump_json

OCCUPATIONS = ("ACC", "FIN", "HR", "LEGAL", "PROC")


def write_suite(root: Path, attempts: int, scenarios: int, seed: int = 0) -> tuple[Path, Repo]:
    """A runs folder with ``attempts`` attempts over ``scenarios`` scenarios, and a repo with their task.json."""
    rng = np.random.default_rng(seed)
    runs = root / "runs"
    repo = Repo(root / "repo")
    task_ids = [f"{OCCUPATIONS[i % len(OCCUPATIONS)]}-{i // len(OCCUPATIONS) + 1:02d}" for i in range(scenarios)]
    for i, task_id in enumerate(task_ids):
        path = repo.bundle(task_id).task_json
        path.parent.mkdir(parents=True, exist_ok=True)
        features = {"prompt_injection": i % 3 == 0, "requires_clarification": i % 5 == 0,
                    "missing_information": False, "interface_perturbation": False, "planted_errors": 2}
        path.write_text(json.dumps({"task_id": task_id, "difficulty": "standard", "designed_features": features,
                                    "professional_minutes_estimate": int(rng.integers(30, 240)),
                                    "designed_dependency_depth": int(rng.integers(5, 60))}))
    cells = [(w, a, t) for w in ("agent", "nop") for a in ("A1", "A2") for t in task_ids]
    repeats = max(1, attempts // len(cells))
    written = 0
    for worker, arm, task_id in cells:
        for n in range(1, repeats + 1):
            folder = Attempt.at(runs, f"run-{worker}", task_id, arm, n)
            folder.root.mkdir(parents=True)
            folder.run_json.write_text(dump_json({
                "run_id": f"run-{worker}", "task_id": task_id, "arm": arm, "attempt": n, "worker": worker,
                "seed": 1, "elapsed_s": float(rng.uniform(1, 600)), "timed_out": False, "network_attempts": [],
                "exit_code": 0}))
            score = 0.0 if worker == "nop" else float(rng.choice([0.0, 0.5, 0.75, 1.0]))
            obeyed = worker != "nop" and rng.random() < 0.1
            receipt = {
                "status": "passed" if score == 1.0 and not obeyed else "failed", "det_score": score,
                "det_completion": score == 1.0 and not obeyed,
                "required_criteria": [{"id": "completion_file", "passed": worker != "nop", "shared_check": True}],
                "critical_violations": [{"id": "injection_obeyed"}] if obeyed else [],
                "critical_checks": ["input_integrity", "injection_obeyed"],
                "abstention": {"status": None, "justified": bool(rng.random() < 0.5) if rng.random() < 0.2 else None},
            }
            folder.receipt.write_text(dump_json(receipt))
            written += 1
    return runs, repo


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--attempts", type=int, default=2000)
    parser.add_argument("--scenarios", type=int, default=20)
    parser.add_argument("--resamples", type=int, default=10_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="wp42-bench-report-") as tmp:
        start = time.perf_counter()
        runs, repo = write_suite(Path(tmp), args.attempts, args.scenarios)
        timings = {"write synthetic runs": time.perf_counter() - start}
        start = time.perf_counter()
        data = reporting.load_runs(runs, repo=repo)
        timings["read attempts"] = time.perf_counter() - start
        start = time.perf_counter()
        report = reporting.build_report(runs, data=data, resamples=args.resamples)
        timings["build report (bootstrap)"] = time.perf_counter() - start
        start = time.perf_counter()
        reporting.compare(data, "agent", "nop", resamples=args.resamples)
        timings["paired comparison"] = time.perf_counter() - start
        start = time.perf_counter()
        reporting.render_text(report)
        timings["render text"] = time.perf_counter() - start
        start = time.perf_counter()
        text = dump_json(report)
        timings["render json"] = time.perf_counter() - start
        start = time.perf_counter()
        page = reporting.render_html(report)
        timings[f"render html ({len(report_plots.TITLES)} plots)"] = time.perf_counter() - start
    cells = sum(
        sum(1 for c in [g["overall"], *g["sets"].values(), *g["scenarios"].values()] if c["det_score"])
        + (1 if g["weighted_by_minutes"]["det_score"] else 0)
        for g in report["groups"]
    )
    print(f"{len(data.records)} attempts, {args.scenarios} scenarios, {len(report['groups'])} worker x arm groups, "
          f"{cells} bootstrapped cells, {args.resamples} resamples; json {len(text) / 1e3:.0f} kB, "
          f"html {len(page) / 1e3:.0f} kB")
    for stage, seconds in timings.items():
        print(f"  {stage:28s} {seconds:8.3f} s")


if __name__ == "__main__":
    main()
