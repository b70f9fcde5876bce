"""Time to grade one real month's formula-rich workbook: an independent solver's correct LOG-01 hard work at seed
9201 (tests/fixtures/log01-hard-seed9201), before and after a change to the shared readers.

Usage: python benchmarks/bench_log01_case.py [--case FIXTURE] [--before REV] [--rounds N]

The instance is generated (LOG-01, challenge set, hard level, seed 9201) into a temporary folder and the fixture's
out/ graded in process, each round in a new interpreter so nothing is warm: first with the evaluator and
validators of this checkout ("after"), then, with ``--before``, with those of git revision ``REV`` (default
``HEAD~5``; e.g. 5b7c2fa, main before the readers were fixed), extracted by ``git archive``. Prints the seconds
per round, the median per side and det_completion. Measured on 2 shared cores under a load of about 7:
before (5b7c2fa, LOG-01 1.1) 494 s, det_completion False; after the range memo, the shared what-if baseline and
the single reachability walk, 103 s, det_completion True (35 s of CPU).

``--case re01-hard-seed9539`` grades an independent solver's RE-01 hard work at seed 9539 instead (a 3,200-formula
workbook: 2,754 formulas in "Rent detail" over a 937-row "Ledger"), which ran past the evaluator's 120 s bound
because formulas_live asks formula_refs.is_live once per sheet for each of 66 cells. Figures in the report of
branch fix-re01 (the machine's load was 7 to 13 on 2 cores).
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from wp42 import layout
from wp42.layout import Repo

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "fixtures"
#: fixture folder -> (scenario, seed); each is a hard-level instance of the challenge set.
CASES = {"log01-hard-seed9201": ("LOG-01", 9201), "re01-hard-seed9539": ("RE-01", 9539)}
LEVEL = "hard"


def _child(validators: str, evaluate_py: str, oracle_json: str, out: str, workspace: str) -> None:
    """Grade ``out`` with ``evaluate_py`` (``validators`` first on sys.path); print seconds and det_completion."""
    import importlib.util

    sys.path.insert(0, validators)
    spec = importlib.util.spec_from_file_location("evaluate_case", evaluate_py)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    oracle = json.loads(Path(oracle_json).read_text(encoding="utf-8"))
    started, cpu = time.perf_counter(), time.process_time()
    receipt = module.evaluate(out, oracle, workspace, "bench")
    print(json.dumps({"seconds": time.perf_counter() - started, "cpu": time.process_time() - cpu,
                      "det_completion": receipt.get("det_completion"),
                      "failed": sorted(c["id"] for c in receipt.get("required_criteria", []) if not c["passed"])}))


def _rounds(label: str, root: Path, task: str, oracle_json: Path, workspace: Path, rounds: int) -> None:
    times, det = [], None
    for _ in range(rounds):
        done = subprocess.run([sys.executable, __file__, "--child", str(root / "benchmark" / "validators"),
                               str(root / "oracles-template" / task / "evaluate.py"), str(oracle_json),
                               str(workspace / layout.OUT_DIR), str(workspace)],
                              capture_output=True, text=True, check=True)
        result = json.loads(done.stdout.strip().splitlines()[-1])
        times.append(result["seconds"])
        det = result["det_completion"]
        print(f"{label}: {result['seconds']:.1f} s ({result['cpu']:.1f} s CPU), failed {result['failed']}", flush=True)
    print(f"{label}: median {statistics.median(times):.1f} s over {rounds} round(s), det_completion {det}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", nargs="?", const="HEAD~5", default=None, help="also time git revision REV")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--case", choices=sorted(CASES), default="log01-hard-seed9201")
    parser.add_argument("--child", nargs=5, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _child(*args.child)
        return
    from wp42.generation import copy_public_bundle, generate
    from wp42.layout import Oracle

    repo = Repo.find()
    task, seed = CASES[args.case]
    with tempfile.TemporaryDirectory(prefix="bench-log01-") as tmp:
        tmp_path = Path(tmp)
        generate(task, seed, tmp_path / "oracles", repo=repo, bundle_dir=tmp_path / "bundle", set_name="challenge",
                 level=LEVEL)
        workspace = tmp_path / layout.WORKSPACE_DIR
        copy_public_bundle(tmp_path / "bundle", workspace)
        shutil.copytree(FIXTURES / args.case / "out", workspace / layout.OUT_DIR)
        oracle_json = Oracle.at(tmp_path / "oracles", task).oracle_json
        _rounds("after (this checkout)", repo.root, task, oracle_json, workspace, args.rounds)
        if args.before:
            before = tmp_path / "before"
            before.mkdir()
            archive = subprocess.run(["git", "-C", str(repo.root), "archive", args.before, "benchmark/validators",
                                      f"oracles-template/{task}"], capture_output=True, check=True).stdout
            subprocess.run(["tar", "-x", "-C", str(before)], input=archive, check=True)
            _rounds(f"before ({args.before})", before, task, oracle_json, workspace, args.rounds)


if __name__ == "__main__":
    main()
