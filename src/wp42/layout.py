"""Every file and folder name of WP42's layout, spelled once.

Three trees are described here (SPEC sections 1-3 and 6):

* the repository: ``benchmark/`` (public bundles, schemas, shared helpers) and ``oracles-template/`` (hidden sources);
* the oracle root: ``<oracle-root>/<TASK_ID>/`` with ``oracle.json``, ``evaluate.py``, ``rubric.json``,
  ``REFERENCE.md``, ``solutions/`` and ``validation/``;
* the run tree: ``<runs-dir>/<run_id>/<TASK_ID>/<arm>/<attempt>/`` with ``run.json``, ``worker.log``, ``out/``,
  ``receipt.json`` and the worker's ``workspace/``.

No other module types these names: it asks the classes below.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from wp42.errors import UserError

TASK_ID_PATTERN = re.compile(
    r"^(ACC|FIN|BANK|ECON|RE|LEGAL|HR|PROC|CONS|PM|MKT|BI|DS|RES|EDU|INS|LOG|CS|JOUR|REC)-\d{2}$"
)
ORACLE_ROOT_ENV = "WP42_ORACLE_ROOT"
DEFAULT_ORACLE_ROOT = "~/wp42-oracles"
HOME_ENV = "WP42_HOME"
#: How evaluations run: "service" (forked from a warm parent, the default) or "process" (a new interpreter each).
EVALUATION_ENV = "WP42_EVALUATION"
#: The unix socket of the evaluation pool's long-lived LibreOffice (benchmark/validators/libreoffice_bridge.py).
OFFICE_BRIDGE_ENV = "WP42_OFFICE_BRIDGE"
#: The interpreter that runs that bridge: one with LibreOffice's ``uno`` module (default: the first of this one and
#: /usr/bin/python3 that has it); ``none`` disables the bridge.
UNO_PYTHON_ENV = "WP42_UNO_PYTHON"

# Names inside a public bundle (SPEC section 2).
TASK_JSON = "task.json"
BRIEF_MD = "BRIEF.md"
INPUTS_DIR = "inputs"
PORTAL_DIR = "portal"
PORTAL_JSON = "portal.json"
GENERATE_PY = "generate.py"
# The fictional organisations' profiles (SPEC section 1).
ORGANISATIONS_MD = "taxonomy/organisations.md"

# Names inside an oracle (SPEC section 3).
ORACLE_JSON = "oracle.json"
EVALUATE_PY = "evaluate.py"
RUBRIC_JSON = "rubric.json"
REFERENCE_MD = "REFERENCE.md"
SOLUTIONS_DIR = "solutions"
SOLUTIONS_MANIFEST = "solutions.json"
VALIDATION_DIR = "validation"
VALIDATION_REPORT = "report.md"
# Inside validation/ (written by `wp42 validate`, issue 3): one folder per seed validated.
VALIDATION_SEED_PREFIX = "seed-"
VALIDATION_RESULT = "result.json"
VALIDATION_RECEIPTS_DIR = "receipts"
VALIDATION_HOSTILE_DIR = "hostile"
VALIDATION_REFERENCE_OUT = "reference_out"
#: PNG pages of every input, for a person to look at (issue 13 item 8); never committed.
VALIDATION_RENDERS_DIR = "renders"
# A variant other than the default (challenge set, standard level) adds its names to these folder and file names:
# validation/seed-42-coverage-hard/, validation/report-coverage-hard.md (issues 16 and 25).
DEFAULT_SET = "challenge"
DEFAULT_LEVEL = "standard"
# Where `wp42 run --set/--level/--seed` generates a variant the scenario folder does not hold:
# <oracle-root>/variants/seed-<N>[-<set>][-<level>]/ holds the variant's oracles (<ID>/) and bundles/<ID>/.
VARIANTS_DIR = "variants"
VARIANT_BUNDLES_DIR = "bundles"

# Names inside an attempt folder (SPEC section 6).
RUN_JSON = "run.json"
WORKER_LOG = "worker.log"
OUT_DIR = "out"
RECEIPT_JSON = "receipt.json"
WORKSPACE_DIR = "workspace"
WORKER_TOOLS_DIR = ".worker"
COMPLETION_JSON = "COMPLETION.json"
PORTAL_SUBMISSIONS = "portal_submissions.json"
PORTAL_ACCESS_LOG = "portal_access.jsonl"
PORTAL_CREDENTIALS = "portal_credentials.json"
USAGE_JSON = ".wp42_usage.json"
#: Where the worker writes its trajectory (in the workspace) and where the runner keeps it (the attempt folder).
WORKER_TRAJECTORY = ".wp42_trajectory.jsonl"
TRAJECTORY_JSONL = "trajectory.jsonl"
NETWORK_LOG = "network.jsonl"
MODEL_REQUESTS_LOG = "model_requests.jsonl"
PORTAL_KEY = "portal_key"
PRIVATE_HOME = ".home"
RUN_LOCK = ".wp42-run.lock"


def repo_root() -> Path:
    """The WP42 checkout that holds ``benchmark/`` and ``oracles-template/``.

    Looks at ``$WP42_HOME`` first, then the checkout this package was installed from (``pip install -e .``),
    then the current directory and its parents.

    Raises:
        UserError: when no folder with ``benchmark/scenarios`` is found.
    """
    candidates: list[Path] = []
    if os.environ.get(HOME_ENV):
        candidates.append(Path(os.environ[HOME_ENV]).expanduser())
    candidates.append(Path(__file__).resolve().parents[2])
    cwd = Path.cwd().resolve()
    candidates.extend([cwd, *cwd.parents])
    for candidate in candidates:
        if (candidate / "benchmark" / "scenarios").is_dir():
            return candidate
    raise UserError(
        "cannot find the WP42 checkout (a folder holding benchmark/scenarios): "
        f"run wp42 inside the repository or set {HOME_ENV} to it"
    )


def variant_suffix(set_name: str = DEFAULT_SET, level: str = DEFAULT_LEVEL) -> str:
    """``""`` for the default variant, else ``-coverage``, ``-hard`` or ``-coverage-hard``: what a validation folder,
    a validation report or a variant folder adds to its name (so one variant never overwrites another)."""
    return "".join(f"-{part}" for part, default in ((set_name, DEFAULT_SET), (level, DEFAULT_LEVEL))
                   if part != default)


def validation_report_name(set_name: str = DEFAULT_SET, level: str = DEFAULT_LEVEL) -> str:
    """``report.md`` for the default variant, ``report-coverage.md`` (and so on) for the others."""
    stem, dot, suffix = VALIDATION_REPORT.rpartition(".")
    return f"{stem}{variant_suffix(set_name, level)}{dot}{suffix}"


def validation_seed_dir(seed: int, set_name: str = DEFAULT_SET, level: str = DEFAULT_LEVEL) -> str:
    """``seed-42`` for the default variant, ``seed-42-coverage-hard`` (and so on) for the others."""
    return f"{VALIDATION_SEED_PREFIX}{int(seed)}{variant_suffix(set_name, level)}"


def variant_root(oracle_root_dir: Path, seed: int, set_name: str, level: str) -> Path:
    """``<oracle-root>/variants/seed-<N>[-<set>][-<level>]``: the oracle root of a variant ``wp42 run`` generated
    (its oracles at ``<ID>/``, its public bundles at ``bundles/<ID>/``)."""
    return Path(oracle_root_dir) / VARIANTS_DIR / validation_seed_dir(seed, set_name, level)


def enclosing_oracle_root(root: Path) -> Path:
    """The oracle root a variant root (:func:`variant_root`) lies in, or ``root`` itself when it is not one: what
    the sandbox hides besides the attempt's own oracle root (the user's other oracles must stay out of reach)."""
    root = Path(root)
    return root.parent.parent if root.parent.name == VARIANTS_DIR else root


@dataclass(frozen=True)
class Repo:
    """Paths inside the repository (SPEC section 1)."""

    root: Path

    @classmethod
    def find(cls) -> Repo:
        return cls(repo_root())

    @property
    def benchmark(self) -> Path:
        return self.root / "benchmark"

    @property
    def scenarios_dir(self) -> Path:
        return self.benchmark / "scenarios"

    @property
    def schemas_dir(self) -> Path:
        return self.benchmark / "schemas"

    @property
    def validators_dir(self) -> Path:
        return self.benchmark / "validators"

    @property
    def receipt_schema(self) -> Path:
        return self.validators_dir / "receipt_schema.json"

    @property
    def completion_schema(self) -> Path:
        return self.benchmark / "COMPLETION_SCHEMA.json"

    @property
    def arms_json(self) -> Path:
        return self.benchmark / "arms.json"

    @property
    def brief_footer(self) -> Path:
        return self.root / "BRIEF_FOOTER.md"

    @property
    def organisations_md(self) -> Path:
        """The fictional organisations' table (``benchmark/taxonomy/organisations.md``)."""
        return self.benchmark / ORGANISATIONS_MD

    @property
    def docs(self) -> Path:
        """The authoring guide and its index (``docs/``)."""
        return self.root / "docs"

    @property
    def oracles_template(self) -> Path:
        return self.root / "oracles-template"

    def schema(self, name: str) -> Path:
        """The JSON Schema for ``name`` (task, oracle, portal, rubric, run, solutions)."""
        return self.schemas_dir / f"{name}.schema.json"

    def bundle(self, task_id: str) -> Bundle:
        return Bundle(self.scenarios_dir / task_id)

    def template(self, task_id: str) -> Path:
        return self.oracles_template / task_id

    def task_ids(self) -> list[str]:
        """Every scenario id with a generate.py, sorted."""
        return sorted(
            p.name
            for p in self.scenarios_dir.iterdir()
            if p.is_dir() and TASK_ID_PATTERN.match(p.name) and (p / GENERATE_PY).is_file()
        )

    def resolve_task_ids(self, task_ids: list[str] | tuple[str, ...], all_tasks: bool) -> list[str]:
        """Check the ids a user typed (or take every scenario with ``--all``).

        Raises:
            UserError: no id and no ``--all``, or an id with no scenario folder.
        """
        known = self.task_ids()
        if all_tasks:
            if task_ids:
                raise UserError("give task ids or --all, not both")
            return known
        if not task_ids:
            raise UserError("name at least one task id (e.g. ACC-01) or pass --all")
        for task_id in task_ids:
            if task_id not in known:
                raise UserError(
                    f"unknown task id {task_id!r}: known scenarios are {', '.join(known) or 'none'} "
                    f"(folders under {self.scenarios_dir})"
                )
        return list(dict.fromkeys(task_ids))


@dataclass(frozen=True)
class BundlesView(Repo):
    """The repository seen with its ``benchmark/scenarios`` replaced by a folder of generated bundles.

    The runner and the evaluator find bundles through :meth:`Repo.bundle` and :meth:`Repo.task_ids`; pointing them
    at another folder lets the gates and a variant run use any (seed, set, level) without rewriting the committed
    bundle.
    """

    bundles: Path = Path()

    @property
    def scenarios_dir(self) -> Path:
        return self.bundles

    def task_ids(self) -> list[str]:
        return sorted(p.name for p in self.bundles.iterdir() if (p / TASK_JSON).is_file())


@dataclass(frozen=True)
class Bundle:
    """A public bundle ``benchmark/scenarios/<TASK_ID>/`` (SPEC section 2), or a worker's copy of one."""

    root: Path

    @property
    def task_id(self) -> str:
        return self.root.name

    @property
    def task_json(self) -> Path:
        return self.root / TASK_JSON

    @property
    def brief(self) -> Path:
        return self.root / BRIEF_MD

    @property
    def inputs(self) -> Path:
        return self.root / INPUTS_DIR

    @property
    def portal_dir(self) -> Path:
        return self.root / PORTAL_DIR

    @property
    def portal_json(self) -> Path:
        return self.portal_dir / PORTAL_JSON

    @property
    def generate_py(self) -> Path:
        return self.root / GENERATE_PY

    #: what a worker's workspace receives (SPEC section 2: everything but generate.py)
    PUBLIC_NAMES = (TASK_JSON, BRIEF_MD, INPUTS_DIR, PORTAL_DIR)


def oracle_root(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The oracle root: ``explicit``, else ``$WP42_ORACLE_ROOT``, else ``~/wp42-oracles`` (SPEC section 2)."""
    value = explicit or os.environ.get(ORACLE_ROOT_ENV) or DEFAULT_ORACLE_ROOT
    return Path(value).expanduser().resolve()


@dataclass(frozen=True)
class Oracle:
    """The hidden oracle of one scenario, ``<oracle-root>/<TASK_ID>/`` (SPEC section 3)."""

    root: Path

    @classmethod
    def at(cls, oracle_root_dir: Path, task_id: str) -> Oracle:
        return cls(Path(oracle_root_dir) / task_id)

    @property
    def oracle_json(self) -> Path:
        return self.root / ORACLE_JSON

    @property
    def evaluate_py(self) -> Path:
        return self.root / EVALUATE_PY

    @property
    def rubric(self) -> Path:
        return self.root / RUBRIC_JSON

    @property
    def reference_md(self) -> Path:
        return self.root / REFERENCE_MD

    @property
    def solutions(self) -> Path:
        return self.root / SOLUTIONS_DIR

    @property
    def solutions_manifest(self) -> Path:
        return self.solutions / SOLUTIONS_MANIFEST

    @property
    def validation(self) -> Path:
        return self.root / VALIDATION_DIR


@dataclass(frozen=True)
class Attempt:
    """One attempt's folder, ``<runs-dir>/<run_id>/<TASK_ID>/<arm>/<attempt>/`` (SPEC section 6).

    The worker runs in ``workspace/`` and writes ``workspace/out/``; when it ends the runner moves that folder to
    ``out/`` beside ``run.json`` so grading reads stored artefacts only.
    """

    root: Path

    @classmethod
    def at(cls, runs_dir: Path, run_id: str, task_id: str, arm: str, attempt: int) -> Attempt:
        return cls(Path(runs_dir) / run_id / task_id / arm / str(attempt))

    @property
    def run_json(self) -> Path:
        return self.root / RUN_JSON

    @property
    def worker_log(self) -> Path:
        return self.root / WORKER_LOG

    @property
    def out(self) -> Path:
        return self.root / OUT_DIR

    @property
    def receipt(self) -> Path:
        return self.root / RECEIPT_JSON

    @property
    def workspace(self) -> Path:
        return self.root / WORKSPACE_DIR

    @property
    def workspace_out(self) -> Path:
        return self.workspace / OUT_DIR

    @property
    def worker_tools(self) -> Path:
        """Private copy of a built-in solution, outside the workspace."""
        return self.root / WORKER_TOOLS_DIR

    @property
    def usage(self) -> Path:
        """Where the worker may report its own usage ($WP42_USAGE_FILE): in the workspace, the one place of the
        attempt folder the worker can write (issue 15)."""
        return self.workspace / USAGE_JSON

    @property
    def worker_trajectory(self) -> Path:
        """Where the worker may write its trajectory ($WP42_TRAJECTORY_FILE): in the workspace, the one place it
        can write; the runner moves it to :attr:`trajectory` when the worker ends."""
        return self.workspace / WORKER_TRAJECTORY

    @property
    def trajectory(self) -> Path:
        """The worker's record of its steps, kept with the attempt (JSON lines; issue 19)."""
        return self.root / TRAJECTORY_JSONL

    @property
    def portal_access_log(self) -> Path:
        return self.root / PORTAL_ACCESS_LOG

    @property
    def network_log(self) -> Path:
        """Requests the recording proxy saw (JSON lines; written outside the worker's sandbox)."""
        return self.root / NETWORK_LOG

    @property
    def model_requests_log(self) -> Path:
        """Requests the model egress forwarded or refused (JSON lines; written outside the worker's sandbox)."""
        return self.root / MODEL_REQUESTS_LOG

    @property
    def portal_key(self) -> Path:
        """The per-attempt key the portal signs submissions with (portal arms; never in the worker's sandbox)."""
        return self.root / PORTAL_KEY

    @property
    def home(self) -> Path:
        """The worker's private HOME."""
        return self.root / PRIVATE_HOME


def iter_attempts(folder: Path) -> list[Attempt]:
    """Every attempt folder (one holding run.json) under a runs folder, a run folder or an attempt folder, sorted."""
    folder = Path(folder)
    for pattern in (f"*/*/*/*/{RUN_JSON}", f"*/*/*/{RUN_JSON}", RUN_JSON):
        found = sorted(folder.glob(pattern))
        if found:
            return [Attempt(p.parent) for p in found]
    return []
