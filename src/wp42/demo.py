"""``wp42 demo``: the main job end to end on every scenario, in throwaway folders.

Generate every scenario at seed 42 into a temporary oracle root, run the built-in workers, score them and check the
expected outcome: every reference and every alternative correct solution passes, every other worker fails (SPEC
section 5.5, issue 12). On the challenge set the workers are ``reference``, every ``alt:<name>``, ``nop``,
``copy-inputs`` and every wrong solution declared for the challenge set; on the coverage set (issue 16), the
``reference``, ``nop`` and every wrong solution declared for coverage (each ``invents_issues`` among them): the
alternatives and the copy-inputs probe are proved there by ``wp42 validate --set coverage``, and leaving them out
keeps the demo's wall time near what it was with one set. The challenge bundles are written to the scenario folders
at seed 42 (their committed bytes), the coverage bundles to a scratch folder. The temporary folders are removed
afterwards unless ``keep`` is given.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wp42 import layout, schemas
from wp42.generation import SETS, generate
from wp42.layout import BundlesView, Oracle, Repo
from wp42.run import sandbox, workers
from wp42.run.executor import AttemptOutcome, LocalPool, plan_attempts, run_batch, worker_slug
from wp42.variants import check_declared, declared, wrong_solutions_for

DEMO_SEED = 42
DEMO_RUN_ID = "demo"


@dataclass
class DemoRow:
    task_id: str
    worker: str
    expected: str  # "pass" | "fail"
    receipt: dict[str, Any] | None
    error: str | None
    unsandboxed: bool = False  # run.json records that the worker ran without the sandbox
    set_name: str = layout.DEFAULT_SET

    @property
    def ok(self) -> bool:
        if self.receipt is None:
            return False
        passed = bool(self.receipt["det_completion"])
        return passed if self.expected == "pass" else not passed

    def as_dict(self) -> dict[str, Any]:
        r = self.receipt or {}
        return {
            "task_id": self.task_id,
            "set": self.set_name,
            "level": layout.DEFAULT_LEVEL,
            "seed": DEMO_SEED,
            "worker": self.worker,
            "expected": self.expected,
            "as_expected": self.ok,
            "status": r.get("status"),
            "det_score": r.get("det_score"),
            "det_completion": r.get("det_completion"),
            "critical_violations": sorted(v["id"] for v in r.get("critical_violations", [])),
            "error": self.error,
            "unsandboxed": self.unsandboxed,
        }


def demo_workers(oracle: Oracle, set_name: str = layout.DEFAULT_SET) -> list[str]:
    """The built-in workers the demo runs on one scenario and set: reference and (on the challenge set) the
    alternative correct solutions first (expected to pass, see :func:`expected_outcome`), then every probe expected
    to fail: nop, (on the challenge set) copy-inputs, and every wrong solution declared for ``set_name``."""
    challenge = set_name == layout.DEFAULT_SET
    passing = ["reference", *(f"alt:{n}" for n in workers.alternative_solution_names(oracle) if challenge)]
    return [*passing, "nop", *(["copy-inputs"] if challenge else []),
            *(f"wrong:{n}" for n in wrong_solutions_for(oracle, set_name))]


def expected_outcome(worker: str) -> str:
    """``"pass"`` for correct work (the reference and every ``alt:<name>``), ``"fail"`` for every other worker."""
    return "pass" if worker == "reference" or worker.startswith("alt:") else "fail"


def _unsandboxed(outcome: AttemptOutcome) -> bool:
    """Whether the attempt's run.json says it ran without the sandbox (False when there is no readable run.json)."""
    try:
        return sandbox.ran_unsandboxed(schemas.load_json(outcome.spec.folder.run_json))
    except (OSError, ValueError):
        return False


def run_demo(
    task_ids: list[str] | None = None,
    jobs: int = 2,
    keep: Path | None = None,
    progress: Callable[[str], None] | None = None,
    on_attempt: Callable[[AttemptOutcome], None] | None = None,
    sets: tuple[str, ...] = SETS,
    lenient: bool = True,
) -> list[DemoRow]:
    """Run the demo and return one row per scenario x set x worker (challenge rows first).

    Args:
        task_ids: scenarios to include (default: all).
        keep: keep the oracle root and runs here instead of a temporary folder.
        sets: the sets to run. With ``lenient`` (``--set both``, the default) each scenario runs on the sets of
            ``sets`` it declares; otherwise a scenario that does not declare one of them is refused before any work.

    Raises:
        UserError: with ``lenient`` False, a set a scenario does not declare.
    """
    repo = Repo.find()
    task_ids = task_ids or repo.task_ids()
    if not lenient:
        check_declared(task_ids, sets, [layout.DEFAULT_LEVEL], repo)
    scratch = Path(tempfile.mkdtemp(prefix="wp42-demo-")) if keep is None else Path(keep)
    rows: list[DemoRow] = []
    try:
        for set_name in sets:
            challenge = set_name == layout.DEFAULT_SET
            oracle_root = scratch / ("oracles" if challenge else f"oracles-{set_name}")
            runs_dir = scratch / ("runs" if challenge else f"runs-{set_name}")
            bundles = scratch / f"bundles-{set_name}"
            view = repo if challenge else BundlesView(repo.root, bundles)
            specs = []
            for task_id in task_ids:
                if set_name not in declared(task_id, repo).sets:
                    continue
                if progress:
                    progress(f"generating {task_id} at seed {DEMO_SEED} ({set_name} set)")
                generate(task_id, DEMO_SEED, oracle_root, repo=repo, set_name=set_name,
                         bundle_dir=None if challenge else bundles / task_id)
                for name in demo_workers(Oracle.at(oracle_root, task_id), set_name):
                    run_id = f"{DEMO_RUN_ID}-{worker_slug(name)}"
                    specs += plan_attempts([task_id], [name], "A1", 1, run_id, runs_dir, oracle_root, None)
            if not specs:
                continue
            result = run_batch(specs, LocalPool(jobs, view), on_attempt)
            rows += [DemoRow(o.spec.task_id, o.spec.worker, expected_outcome(o.spec.worker), o.receipt, o.error,
                             _unsandboxed(o), set_name) for o in result.outcomes]
        return rows
    finally:
        if keep is None:
            shutil.rmtree(scratch, ignore_errors=True)
