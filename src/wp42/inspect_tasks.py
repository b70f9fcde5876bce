"""Inspect AI adapter (issue 19, item 1): WP42 scenarios as Inspect tasks, scored by WP42's own evaluators.

Install the optional extra (``pip install -e '.[inspect]'``), then::

    inspect eval wp42/wp42 -T task_ids=ACC-01,INS-01 -T seed=7 --model openai/gpt-4o
    inspect eval src/wp42/inspect_tasks.py@wp42 -T task_ids=PROC-01 --model anthropic/claude-sonnet-4-5

(The module is ``inspect_tasks``, not ``inspect``: a file named inspect.py on a path Inspect puts on ``sys.path``
would shadow the standard library's ``inspect``.)

Each sample is one scenario at one seed. Its files are the worker's view of the public bundle (task.json without
grading metadata, BRIEF.md, inputs/, portal/: :func:`wp42.generation.copy_public_bundle`), copied into the sandbox's
working directory with an empty ``out/``; generate.py and the oracle never are. The default solver is Inspect's
``basic_agent`` with ``bash`` and ``python`` tools; any Inspect solver or agent can be passed instead.

The scorer (:func:`wp42_scorer`) copies ``out/`` and the inputs back out of the sandbox and runs WP42's evaluation
(:func:`wp42.evaluation.evaluate_out`) under the usual bounds: the Score's value is the receipt's det_score, its
answer the receipt's status, its metadata det_completion, the critical violations and the whole receipt. A receipt
that could not score (``receipts.UNSCORED_STATUSES``: evaluator error, limit exceeded, refused input …) becomes
``Score.unscored`` — excluded from Inspect's metrics, never averaged in as a 0 (STYLE: errors are not zeros).

Isolation: Inspect's ``local`` sandbox is the default because it needs nothing installed, but it is not a sandbox:
the agent's commands run as you, on this machine, and could read the oracle root. Numbers you publish need
``-T sandbox=docker`` (an image with Python 3.11+, openpyxl, python-docx and pypdf) or WP42's own runner
(``wp42 run``, bubblewrap).
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from inspect_ai import Task, task
from inspect_ai.dataset import Sample
from inspect_ai.scorer import Score, Target, mean, scorer, stderr
from inspect_ai.solver import Solver, TaskState, basic_agent, system_message
from inspect_ai.tool import bash, python
from inspect_ai.util import sandbox as sandbox_env

from wp42 import layout
from wp42.evaluation import evaluate_out
from wp42.evaluation.receipts import UNSCORED_STATUSES
from wp42.generation import copy_public_bundle, generate
from wp42.layout import Repo

#: What every sample asks; the brief itself is in the sandbox (BRIEF.md), as for any WP42 worker.
PROMPT = (
    "You are doing a professional assignment. Your working directory holds BRIEF.md (the assignment), task.json, "
    "inputs/ (every document you were given) and an empty out/. Read BRIEF.md first, do the work it describes, "
    "write every deliverable it names into out/, and always write out/COMPLETION.json as the brief's last "
    "paragraph explains. Do not change anything in inputs/. When out/ is complete, submit a one-line summary."
)
SYSTEM = (
    "You are a careful professional with a shell (bash) and Python (openpyxl, python-docx and pypdf are "
    "installed). Work only in the current directory."
)
#: Files bigger than this are not copied back out of the sandbox for scoring (the evaluators refuse them anyway).
MAX_COPY_BYTES = 64 << 20


def _staged_bundle(task_id: str, seed: int, oracle_root: Path | None, repo: Repo) -> Path:
    """Generate ``task_id`` at ``seed`` (bundle in a private temporary folder, oracle in ``oracle_root``) and
    return a folder holding the worker's view of the bundle."""
    scratch = Path(tempfile.mkdtemp(prefix=f"wp42-inspect-{task_id}-{seed}-"))
    generate(task_id, seed, oracle_root, repo=repo, bundle_dir=scratch / "bundle")
    copy_public_bundle(scratch / "bundle", scratch / "view")
    return scratch / "view"


def scenario_sample(task_id: str, seed: int, oracle_root: Path | None = None, repo: Repo | None = None) -> Sample:
    """One Inspect sample: ``task_id`` at ``seed``, its files the worker's view of the public bundle.

    Raises:
        UserError: an unknown task id, or a generator or oracle-root problem (one line, as the CLI prints).
    """
    repo = repo or Repo.find()
    root = layout.oracle_root(oracle_root)
    view = _staged_bundle(task_id, seed, root, repo)
    files = {path.relative_to(view).as_posix(): str(path) for path in sorted(view.rglob("*")) if path.is_file()}
    return Sample(id=f"{task_id}@{seed}", input=PROMPT, files=files,
                  metadata={"task_id": task_id, "seed": seed, "oracle_root": str(root)})


def default_solver(message_limit: int = 80) -> Solver:
    """Inspect's basic ReAct agent with bash and python tools (3-minute timeout per call)."""
    return basic_agent(init=system_message(SYSTEM), tools=[bash(timeout=180), python(timeout=180)],
                       message_limit=message_limit)


async def _copy_out_of_sandbox(folder: str, target: Path) -> list[str]:
    """Copy the regular files under the sandbox's ``folder`` into ``target``; returns notes on what was skipped."""
    listing = await sandbox_env().exec(["find", folder, "-type", "f", "-size", f"-{MAX_COPY_BYTES // 1024}k"])
    notes = []
    if not listing.success:
        return [f"{folder}/ could not be listed in the sandbox: {listing.stderr.strip()[:200]}"]
    for name in sorted(filter(None, listing.stdout.splitlines())):
        relative = Path(name).relative_to(folder)
        if ".." in relative.parts:
            notes.append(f"skipped {name}: not inside {folder}/")
            continue
        destination = target / relative
        destination.parent.mkdir(parents=True, exist_ok=True)
        destination.write_bytes(await sandbox_env().read_file(name, text=False))
    return notes


@scorer(metrics=[mean(), stderr()])
def wp42_scorer(run_id: str = "inspect") -> Any:
    """Score a sample's out/ with the scenario's WP42 evaluator (module docstring)."""

    async def score(state: TaskState, target: Target) -> Score:
        meta = state.metadata
        with tempfile.TemporaryDirectory(prefix="wp42-inspect-score-") as scratch:
            workspace = Path(scratch) / layout.WORKSPACE_DIR
            notes = []
            for name in (layout.INPUTS_DIR, layout.OUT_DIR):
                (workspace / name).mkdir(parents=True, exist_ok=True)
                notes += await _copy_out_of_sandbox(name, workspace / name)
            for name in (layout.TASK_JSON, layout.BRIEF_MD):
                (workspace / name).write_bytes(await sandbox_env().read_file(name, text=False))
            receipt = evaluate_out(meta["task_id"], workspace / layout.OUT_DIR, workspace=workspace,
                                   oracle_root=Path(meta["oracle_root"]), run_id=run_id,
                                   expected_seed=meta["seed"])
        details = {"det_completion": receipt["det_completion"], "status": receipt["status"],
                   "critical_violations": [v["id"] for v in receipt["critical_violations"]],
                   "copy_notes": notes, "receipt": receipt}
        failed = [c["id"] for c in receipt["required_criteria"] if not c["passed"]]
        explanation = (f"{receipt['status']}: det_completion {receipt['det_completion']}; failed "
                       f"{', '.join(failed) or 'none'}; violations {', '.join(details['critical_violations']) or 'none'}")
        if receipt["status"] in UNSCORED_STATUSES:
            return Score.unscored(reason=receipt["status"], answer=receipt["status"], explanation=explanation,
                                  metadata=details)
        return Score(value=float(receipt["det_score"]), answer=receipt["status"], explanation=explanation,
                     metadata=details)

    return score


@task
def wp42(task_ids: str = "", seed: int = 42, oracle_root: str | None = None, solver: Solver | None = None,
         sandbox: str = "local", message_limit: int = 80) -> Task:
    """WP42 scenarios as one Inspect task, a sample per scenario at ``seed``.

    Args:
        task_ids: comma-separated scenario ids (``ACC-01,INS-01``); empty = every scenario.
        seed: generator seed of every sample.
        oracle_root: where the oracles are written (default ``$WP42_ORACLE_ROOT`` or ``~/wp42-oracles``).
        solver: any Inspect solver or agent; default :func:`default_solver`.
        sandbox: Inspect sandbox type (``local`` runs unisolated: see the module docstring; ``docker`` for numbers
            you publish).
        message_limit: the default agent's message limit.

    Raises:
        UserError: an unknown task id or a generation problem.
    """
    repo = Repo.find()
    ids = repo.resolve_task_ids([t.strip() for t in task_ids.split(",") if t.strip()], all_tasks=not task_ids.strip())
    root = Path(oracle_root) if oracle_root else None
    return Task(dataset=[scenario_sample(tid, seed, root, repo) for tid in ids],
                solver=solver or default_solver(message_limit), scorer=wp42_scorer(), sandbox=sandbox)
