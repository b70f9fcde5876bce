"""The runner's own cost: seconds per attempt with the do-nothing worker, and attempts per minute at -j 2.

    python benchmarks/bench_runner.py [--scenario ACC-99] [--attempts 12] [--batch 16] [--jobs 2] [--ray]

Builds a throwaway checkout in a temporary directory with tests/toy_scenario/checkout.py, as tests/conftest.py does
(the shared files plus the toy scenario ACC-99, or a real scenario's generator and oracles-template folder when
``--scenario`` names one of benchmark/scenarios), generates the scenario at seed 42 into a temporary oracle root, then:

1. **overhead per attempt**: ``--attempts`` nop attempts one after another (``runner.run_attempt``), each timed
   wall-clock end to end: fresh workspace, input hashes, sandbox (bubblewrap when it works here), the sandbox's
   init and recording proxy, the nop worker (``python -c pass``), collecting out/, run.json and grading. Prints the
   median and the spread, and splits the median into the sandboxed part (run.json ``elapsed_s``) and the rest
   (set-up, hashing and grading). With nop doing nothing, all of it is the runner's overhead.
2. **throughput**: ``--batch`` nop attempts through the local pool at ``-j --jobs`` (``executor.run_batch``),
   timed from submission to the last receipt; prints attempts per minute. ``--ray`` adds the same batch through
   the Ray backend (its start-up included) when Ray is installed.

Nothing is written outside the temporary directory; the shared repository is only read. Runs in well under two
minutes on the toy scenario on a 2-core machine.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import resource
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _checkout_builders():
    """tests/toy_scenario/checkout.py, loaded by path (test support shared with tests/conftest.py)."""
    path = REPO / "tests" / "toy_scenario" / "checkout.py"
    spec = importlib.util.spec_from_file_location("wp42_toy_checkout", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CHECKOUT = _checkout_builders()
TOY_ID = CHECKOUT.TOY_ID


def make_checkout(root: Path, scenario: str) -> Path:
    """A minimal WP42 checkout ``root/repo`` holding ``scenario``'s generator and hidden sources.

    Raises:
        SystemExit: ``scenario`` is neither the toy nor a scenario of this repository.
    """
    if scenario == TOY_ID:
        return CHECKOUT.build_toy_checkout(root)
    source = REPO / "benchmark" / "scenarios" / scenario
    template = REPO / "oracles-template" / scenario
    if not (source / "generate.py").is_file() or not template.is_dir():
        raise SystemExit(f"no scenario {scenario} here (need benchmark/scenarios/{scenario}/generate.py and "
                         f"oracles-template/{scenario}/): use --scenario {TOY_ID} or one of "
                         f"{', '.join(sorted(p.name for p in (REPO / 'benchmark' / 'scenarios').iterdir()))}")
    checkout = CHECKOUT.build_shared_checkout(root)
    bundle = checkout / "benchmark" / "scenarios" / scenario
    bundle.mkdir()
    shutil.copy(source / "generate.py", bundle / "generate.py")
    shutil.copytree(template, checkout / "oracles-template" / scenario, ignore=shutil.ignore_patterns("__pycache__"))
    return checkout


def spread(values: list[float]) -> str:
    return (f"median {statistics.median(values):.3f} s, min {min(values):.3f}, max {max(values):.3f}, "
            f"n={len(values)}")


def cpu_seconds() -> float:
    """User plus system CPU seconds of this process and of its waited-for children (the sandbox, the worker, the
    evaluator): less sensitive than wall-clock time to other users' load on a shared machine."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenario", default=TOY_ID, help=f"scenario id (default: the toy {TOY_ID})")
    parser.add_argument("--attempts", type=int, default=12, help="sequential nop attempts for the overhead median")
    parser.add_argument("--batch", type=int, default=16, help="nop attempts in the throughput batch")
    parser.add_argument("--jobs", type=int, default=2, help="-j of the throughput batch")
    parser.add_argument("--ray", action="store_true", help="also time the batch through the Ray backend")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="wp42-bench-runner-") as tmp:
        root = Path(tmp)
        checkout = make_checkout(root, args.scenario)
        os.environ["WP42_HOME"] = str(checkout)
        os.environ.pop("WP42_ORACLE_ROOT", None)
        # Imported after WP42_HOME is set, so every Repo.find() lands in the throwaway checkout.
        from wp42.generation import generate
        from wp42.layout import Attempt, Repo
        from wp42.run.executor import LocalPool, plan_attempts, run_batch
        from wp42.run.runner import run_attempt
        from wp42.run.sandbox import bwrap_available

        oracles, runs = root / "oracles", root / "runs"
        started = time.perf_counter()
        generate(args.scenario, 42, oracles)
        generated_s = time.perf_counter() - started
        repo = Repo.find()
        ok, reason = bwrap_available()
        print(f"scenario {args.scenario} (generated at seed 42 in {generated_s:.2f} s); sandbox: "
              f"{'bwrap' if ok else 'NONE'} ({reason}); python {sys.version.split()[0]}; {os.cpu_count()} CPUs")

        totals, sandboxed, cpu = [], [], []
        for spec in plan_attempts([args.scenario], ["nop"], "A1", args.attempts, "overhead", runs, oracles, None):
            started, cpu_started = time.perf_counter(), cpu_seconds()
            run_attempt(spec, repo)
            totals.append(time.perf_counter() - started)
            cpu.append(cpu_seconds() - cpu_started)
            record = json.loads(Attempt.at(runs, "overhead", args.scenario, "A1", spec.attempt).run_json.read_text())
            sandboxed.append(float(record["elapsed_s"]))
        rest = [t - s for t, s in zip(totals, sandboxed, strict=True)]
        print(f"overhead per attempt (nop worker, -j 1): {spread(totals)}")
        print(f"  of which sandbox + init + nop worker (run.json elapsed_s): {spread(sandboxed)}")
        print(f"  of which set-up, hashing, out/ and grading: {spread(rest)}")
        print(f"  CPU time (user + system, this process and its children): {spread(cpu)}")

        backends = [("local", LocalPool(args.jobs, repo))]
        if args.ray:
            try:
                from wp42.run.executor_ray import RayExecutor

                backends.append(("ray", RayExecutor(args.jobs, repo)))
            except Exception as exc:  # UserError when Ray is missing: say so and go on
                print(f"ray backend skipped: {exc}")
        for name, executor in backends:
            specs = plan_attempts([args.scenario], ["nop"], "A1", args.batch, f"batch-{name}", runs, oracles, None)
            started = time.perf_counter()
            result = run_batch(specs, executor)
            seconds = time.perf_counter() - started
            failed = [o for o in result.outcomes if o.error]
            print(f"throughput ({name} backend, -j {args.jobs}): {args.batch} attempts in {seconds:.2f} s = "
                  f"{args.batch / seconds * 60:.1f} attempts per minute"
                  + (f" ({len(failed)} failed: {failed[0].error})" if failed else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
