"""``wp42 demo``: the main job end to end on every scenario, in throwaway folders.

Generate every scenario at seed 42 into a temporary oracle root, run the built-in workers (``reference``, every
``alt:<name>``, ``nop``, ``copy-inputs`` and every ``wrong:<name>``), score them and check the expected outcome: every
reference and every alternative correct solution passes, every other worker fails (SPEC section 5.5, issue 12). The temporary folders are removed afterwards unless ``keep`` is given.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wp42 import sandbox, schemas, workers
from wp42.executor import AttemptOutcome, LocalPool, plan_attempts, run_batch, worker_slug
from wp42.generation import generate
from wp42.layout import Oracle, Repo

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


def demo_workers(oracle: Oracle) -> list[str]:
    """The built-in workers the demo runs on one scenario: reference and the alternative correct solutions first
    (expected to pass, see :func:`expected_outcome`), then every probe expected to fail."""
    return ["reference", *(f"alt:{n}" for n in workers.alternative_solution_names(oracle)), "nop", "copy-inputs",
            *(f"wrong:{n}" for n in workers.wrong_solution_names(oracle))]


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
) -> list[DemoRow]:
    """Run the demo and return one row per scenario x worker.

    Args:
        task_ids: scenarios to include (default: all).
        keep: keep the oracle root and runs here instead of a temporary folder.
    """
    repo = Repo.find()
    task_ids = task_ids or repo.task_ids()
    scratch = Path(tempfile.mkdtemp(prefix="wp42-demo-")) if keep is None else Path(keep)
    try:
        oracle_root, runs_dir = scratch / "oracles", scratch / "runs"
        specs = []
        for task_id in task_ids:
            if progress:
                progress(f"generating {task_id} at seed {DEMO_SEED}")
            generate(task_id, DEMO_SEED, oracle_root, repo=repo)
            names = demo_workers(Oracle.at(oracle_root, task_id))
            for name in names:
                run_id = f"{DEMO_RUN_ID}-{worker_slug(name)}"
                specs += plan_attempts([task_id], [name], "A1", 1, run_id, runs_dir, oracle_root, None)
        result = run_batch(specs, LocalPool(jobs, repo), on_attempt)
        return [
            DemoRow(o.spec.task_id, o.spec.worker, expected_outcome(o.spec.worker), o.receipt, o.error,
                    _unsandboxed(o))
            for o in result.outcomes
        ]
    finally:
        if keep is None:
            shutil.rmtree(scratch, ignore_errors=True)
