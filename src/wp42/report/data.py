"""Reading a runs folder into records for the report (SPEC section 10): attempts, scenario metadata, notes.

:func:`load_runs` reads every attempt under a runs folder (``layout.iter_attempts``) with its run.json and
receipt.json, reduces each to an :class:`AttemptRecord`, and joins each scenario's task.json metadata
(:class:`ScenarioMeta`). The figures built from them live in :mod:`wp42.report`, which re-exports every name here.

Rules the reading follows:

* An attempt that has run.json but no receipt.json gets status :data:`NO_RECEIPT`; one whose receipt.json cannot be
  read gets :data:`UNREADABLE_RECEIPT`; both, like receipts with an unscored status
  (``receipts.UNSCORED_STATUSES``), carry no det_score, so the report counts them apart (STYLE: errors are not zeros).
* An attempt's **set** is the one its run.json records (the generator's ``--set``, SPEC section 9). A run.json older
  than the sets has none: the scenario then counts as **challenge** when its task.json marks a prompt injection, a
  clarification trap (requires_clarification or missing_information) or an interface perturbation, else
  **coverage**. A scenario whose task.json cannot be read is counted as coverage, left out of the minutes-weighted
  figures and named in the notes.
* Each (template, set, level) is a scenario of its own in the report, keyed by :func:`variant_key` (``ACC-01``,
  ``ACC-01/coverage``, ``ACC-01/hard``, ``ACC-01/coverage/hard``): a clean month and a month with planted errors are
  different tasks, so their attempts are never pooled into one pass^k. Seeds of one variant are pooled.
* A coverage attempt **over-flagged** when its receipt's ``no_invented_issues`` criterion failed (the worker reported
  a problem the records do not have, or asked a question the complete records answer).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from wp42 import layout
from wp42.errors import UserError
from wp42.evaluation.receipts import SHARED_CHECKS, UNSCORED_STATUSES
from wp42.generation import LEVELS  # noqa: F401  (re-exported: the levels, in the order the report shows them)
from wp42.layout import Attempt, Repo
from wp42.run.sandbox import ran_unsandboxed
from wp42.schemas import load_json

#: Status given to attempts whose folder has run.json but no receipt.json (interrupted or still running).
NO_RECEIPT = "no_receipt"
#: Status given to attempts whose receipt.json cannot be read as JSON.
UNREADABLE_RECEIPT = "unreadable_receipt"
CHALLENGE_FEATURES = ("prompt_injection", "requires_clarification", "missing_information", "interface_perturbation")
SETS = ("coverage", "challenge")
#: The coverage set's criterion (benchmark/validators/common.py NO_INVENTED_ISSUES): failed means over-flagged.
INVENTED_ISSUES_CRITERION = "no_invented_issues"


def variant_key(task_id: str, set_name: str | None = None, level: str = "standard") -> str:
    """The report's name of one variant of a template: ``ACC-01`` (challenge or a run older than the sets, standard),
    ``ACC-01/coverage``, ``ACC-01/hard``, ``ACC-01/coverage/hard``."""
    return task_id + ("/coverage" if set_name == "coverage" else "") + ("/hard" if level == "hard" else "")


@dataclass(frozen=True)
class ScenarioMeta:
    """What the report needs from a scenario's task.json; ``known`` is false when it could not be read.

    ``recorded_set`` is the set run.json recorded (None for runs older than the sets: the set is then read from the
    designed features); ``level`` is the attempt's level."""

    task_id: str
    known: bool
    challenge_reasons: tuple[str, ...] = ()
    professional_minutes_estimate: int | None = None
    designed_dependency_depth: int | None = None
    difficulty: str | None = None
    recorded_set: str | None = None
    level: str = "standard"

    @property
    def set_name(self) -> str:
        if self.recorded_set in SETS:
            return str(self.recorded_set)
        return "challenge" if self.challenge_reasons else "coverage"

    def as_dict(self) -> dict[str, Any]:
        return {
            "task_id": self.task_id,
            "known": self.known,
            "set": self.set_name,
            "level": self.level,
            "challenge_reasons": list(self.challenge_reasons),
            "professional_minutes_estimate": self.professional_minutes_estimate,
            "designed_dependency_depth": self.designed_dependency_depth,
            "difficulty": self.difficulty,
        }


@dataclass
class AttemptRecord:
    """One attempt as the report sees it: run.json and receipt.json reduced to the fields it uses."""

    path: str
    run_id: str
    task_id: str
    arm: str
    attempt: int
    worker: str
    status: str
    det_score: float | None = None
    det_completion: bool | None = None
    elapsed_s: float | None = None
    timed_out: bool = False
    network_attempts: int = 0
    violations: tuple[str, ...] = ()
    #: ``(check id, passed)`` for every shared check the receipt judged (criteria marked shared, critical checks).
    shared_checks: tuple[tuple[str, bool], ...] = ()
    abstention_justified: bool | None = None
    #: run.json records that the worker ran without the sandbox (issue 15 item 4: such rows are marked)
    unsandboxed: bool = False
    #: the set run.json records (None in runs older than the sets), the level and the seed
    set_name: str | None = None
    level: str = "standard"
    seed: int | None = None
    #: the receipt's ``no_invented_issues`` criterion failed (True), passed (False), or is absent (None)
    invented_issues: bool | None = None

    @property
    def scored(self) -> bool:
        return self.det_score is not None

    @property
    def scenario(self) -> str:
        """The report's key of this attempt's variant (:func:`variant_key`)."""
        return variant_key(self.task_id, self.set_name, self.level)


@dataclass
class RunsData:
    """Everything read from a runs folder: attempt records, scenario metadata, and notes about what was odd."""

    runs_dir: Path
    records: list[AttemptRecord]
    scenarios: dict[str, ScenarioMeta]
    notes: list[str] = field(default_factory=list)


# ---------------------------------------------------------------------------------------------------------------
# Reading


def find_attempts(runs_dir: Path) -> list[Attempt]:
    """Attempt folders under ``runs_dir``: a folder of runs (``<run_id>/<ID>/<arm>/<n>``) or one run's folder.

    Raises:
        UserError: ``runs_dir`` does not exist, is not a folder, or holds no attempt.
    """
    runs_dir = Path(runs_dir)
    if not runs_dir.is_dir():
        raise UserError(f"runs folder {runs_dir} does not exist: give the folder `wp42 run` wrote (e.g. runs/)")
    found = layout.iter_attempts(runs_dir)
    if not found:
        # One run's folder given instead of the folder of runs: its attempts sit one level higher.
        found = [Attempt(p.parent) for p in sorted(runs_dir.glob(f"*/*/*/{layout.RUN_JSON}"))]
    if not found:
        raise UserError(
            f"no attempts under {runs_dir} (no <run_id>/<TASK_ID>/<arm>/<attempt>/{layout.RUN_JSON}): "
            "run `wp42 run` first or point at the folder it wrote"
        )
    return found


def _read_record(attempt: Attempt) -> tuple[AttemptRecord | None, str | None]:
    """An attempt's record, or ``(None, note)`` when its run.json cannot be read."""
    try:
        run = load_json(attempt.run_json)
    except (OSError, ValueError) as exc:
        return None, f"skipped {attempt.root}: {exc}"
    if not isinstance(run, dict):
        return None, f"skipped {attempt.root}: {layout.RUN_JSON} is not an object"
    root = attempt.root
    record = AttemptRecord(
        path=str(root),
        run_id=str(run.get("run_id") or root.parents[2].name),
        task_id=str(run.get("task_id") or root.parents[1].name),
        arm=str(run.get("arm") or root.parent.name),
        attempt=int(run.get("attempt") or (int(root.name) if root.name.isdigit() else 0)),
        worker=str(run.get("worker") or "unknown"),
        status=NO_RECEIPT,
        elapsed_s=float(run["elapsed_s"]) if isinstance(run.get("elapsed_s"), int | float) else None,
        timed_out=bool(run.get("timed_out")),
        network_attempts=len(run.get("network_attempts") or []),
        unsandboxed=ran_unsandboxed(run),
        set_name=run["set"] if run.get("set") in SETS else None,
        level="hard" if run.get("level") == "hard" else "standard",
        seed=run["seed"] if isinstance(run.get("seed"), int) else None,
    )
    if not attempt.receipt.is_file():
        return record, None
    try:
        receipt = load_json(attempt.receipt)
        if not isinstance(receipt, dict):
            raise ValueError(f"{attempt.receipt}: not an object")
    except (OSError, ValueError) as exc:
        record.status = UNREADABLE_RECEIPT
        return record, f"{attempt.root}: receipt unreadable, counted as unscored ({exc})"
    record.status = str(receipt.get("status", "failed"))
    if record.status in UNSCORED_STATUSES:
        return record, None
    record.det_score = float(receipt.get("det_score") or 0.0)
    record.det_completion = bool(receipt.get("det_completion"))
    violations = sorted({str(v.get("id")) for v in receipt.get("critical_violations") or [] if isinstance(v, dict)})
    record.violations = tuple(violations)
    checks: dict[str, bool] = {}
    for criterion in receipt.get("required_criteria") or []:
        if isinstance(criterion, dict) and criterion.get("id") == INVENTED_ISSUES_CRITERION:
            record.invented_issues = not criterion.get("passed")
        if isinstance(criterion, dict) and (criterion.get("shared_check") or criterion.get("id") in SHARED_CHECKS):
            checks[str(criterion["id"])] = bool(criterion.get("passed"))
    for check_id in receipt.get("critical_checks") or []:
        if check_id in SHARED_CHECKS:
            checks.setdefault(str(check_id), True)
    for check_id in violations:
        if check_id in SHARED_CHECKS:
            checks[check_id] = False
    record.shared_checks = tuple(sorted(checks.items()))
    abstention = receipt.get("abstention") or {}
    justified = abstention.get("justified") if isinstance(abstention, dict) else None
    record.abstention_justified = justified if isinstance(justified, bool) else None
    return record, None


def scenario_meta(task_id: str, repo: Repo | None) -> ScenarioMeta:
    """Read the metadata of ``task_id`` from its bundle's task.json; ``known=False`` when that is impossible."""
    from wp42.generation import load_task

    if repo is None:
        return ScenarioMeta(task_id, known=False)
    try:
        task = load_task(repo.bundle(task_id).root)
    except UserError:
        return ScenarioMeta(task_id, known=False)
    features = task.get("designed_features") or {}
    reasons = tuple(name for name in CHALLENGE_FEATURES if features.get(name) is True)
    minutes = task.get("professional_minutes_estimate")
    depth = task.get("designed_dependency_depth")
    return ScenarioMeta(
        task_id,
        known=True,
        challenge_reasons=reasons,
        professional_minutes_estimate=int(minutes) if isinstance(minutes, int | float) and minutes > 0 else None,
        designed_dependency_depth=int(depth) if isinstance(depth, int | float) else None,
        difficulty=task.get("difficulty"),
    )


def load_runs(runs_dir: Path, *, repo: Repo | None | bool = True) -> RunsData:
    """Read every attempt under ``runs_dir`` and the metadata of the scenarios they ran, keyed by
    :func:`variant_key` (``RunsData.scenarios``).

    Args:
        runs_dir: a folder of runs or one run's folder (see :func:`find_attempts`).
        repo: where task.json files are read; ``True`` finds the checkout (``Repo.find()``), ``None`` or ``False``
            reads none (every scenario then counts as unknown coverage).

    Raises:
        UserError: see :func:`find_attempts`.
    """
    attempts = find_attempts(Path(runs_dir))
    notes: list[str] = []
    records: list[AttemptRecord] = []
    for attempt in attempts:
        record, note = _read_record(attempt)
        if note:
            notes.append(note)
        if record is not None:
            records.append(record)
    if repo is True:
        try:
            repo = Repo.find()
        except UserError as exc:
            notes.append(f"no scenario metadata: {exc}")
            repo = None
    templates = {tid: scenario_meta(tid, repo or None) for tid in sorted({r.task_id for r in records})}
    scenarios = {
        r.scenario: replace(templates[r.task_id], recorded_set=r.set_name, level=r.level)
        for r in sorted(records, key=lambda r: r.scenario)
    }
    unknown = [tid for tid, meta in templates.items() if not meta.known]
    if unknown:
        notes.append(
            f"task.json not found for {', '.join(unknown)}: counted as coverage and left out of the "
            "minutes-weighted figures"
        )
    return RunsData(Path(runs_dir), records, scenarios, notes)
