"""Validating a scenario: generate it, run the probe workers, judge the proof gates per seed (SPEC section 5).

The gates are ``ready``, ``solvable``, ``not_vacuous``, ``robust`` and ``fair`` (issues 3 and 12).

One validation of ``(task_id, seed)`` generates the scenario twice (once with the oracle into the oracle root, once
with no oracle), runs the built-in workers (``reference``, ``nop``, ``copy-inputs``, every ``wrong:<name>`` and every
``alt:<name>``) through the ordinary runner in a local pool, evaluates generated hostile out/ folders, and judges the
gates from those artefacts, so each expensive step happens once. Bundles and runs live in a scratch folder, never in
``benchmark/scenarios``: validating seed 7 leaves the committed seed-42 bundle alone.

Results are plain dicts (shape in :func:`validate`); ``<oracle-root>/<ID>/validation/`` receives ``report.md``,
``result.json``, the receipts and the reference solution's out/.

The checks live beside this module in the package: :mod:`wp42.gates.ready` (the static ``ready`` checks),
:mod:`wp42.gates.attempts` (``solvable``, ``not_vacuous``, ``robust``, ``fair``), :mod:`wp42.gates.inputs` (input
readers) and :mod:`wp42.gates.verdict` (:class:`Gate`); :mod:`wp42.gates` re-exports their public names. This
module runs them; :mod:`wp42.gates.report` writes report.md.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from wp42 import layout, schemas
from wp42.errors import UserError
from wp42.evaluation import Limits
from wp42.evaluation.throughput import Throughput
from wp42.gates import hostile
from wp42.gates.attempts import (
    judge_fair,
    judge_not_vacuous,
    judge_robust,
    judge_solvable,
    run_hostile,
)
from wp42.gates.ready import (
    judge_ready,
)
from wp42.gates.renders import render_inputs
from wp42.gates.report import write_report
from wp42.gates.verdict import GATES, Gate, GateError
from wp42.generation import generate, load_task
from wp42.layout import BundlesView, Oracle, Repo
from wp42.run import workers
from wp42.run.executor import AttemptOutcome, LocalPool, plan_attempts, run_batch, worker_slug
from wp42.variants import Variant, check_declared, wrong_solutions_for

DEFAULT_HOSTILE_LIMITS = Limits(seconds=60.0)
PROBE_WORKERS = ("reference", "nop", "copy-inputs")

Progress = Callable[[str], None]


# ----------------------------------------------------------------------------------------------- orchestration
def planned_evaluations(task_ids: list[str], seeds: list[int], gates: tuple[str, ...] = GATES,
                        repo: Repo | None = None, sets: tuple[str, ...] = (layout.DEFAULT_SET,),
                        levels: tuple[str, ...] = (layout.DEFAULT_LEVEL,)) -> int:
    """How many receipts :func:`validate` will compute: per scenario and variant (seed x set x level), the
    reference; with ``not_vacuous`` nop, copy-inputs and each wrong solution declared for that set and level; with
    ``fair`` each alternative correct solution (both from the committed oracles-template manifest); with ``robust``
    each hostile kind. The total behind ``wp42 validate``'s receipts/s and ETA."""
    repo = repo or Repo.find()
    total = 0
    for task_id in task_ids:
        template = Oracle.at(repo.oracles_template, task_id)
        for set_name in dict.fromkeys(sets):
            for level in dict.fromkeys(levels):
                per_variant = 1
                try:
                    if "not_vacuous" in gates:
                        per_variant += len(PROBE_WORKERS) - 1 + len(wrong_solutions_for(template, set_name, level))
                    if "fair" in gates:
                        per_variant += len(workers.alternative_solution_names(template))
                except UserError:
                    pass  # a manifest being written: the count is a plan, validation reports the problem
                if "robust" in gates:
                    per_variant += len(hostile.KINDS)
                total += per_variant * len(dict.fromkeys(seeds))
    return total


def _other_seed(seed: int, seeds: list[int]) -> int:
    others = [s for s in seeds if s != seed]
    return others[0] if others else seed + 1


def _oracle_at(task_id: str, variant: Variant, cache_: dict[Variant, dict[str, Any]], scratch: Path, repo: Repo
               ) -> dict[str, Any]:
    if variant not in cache_:
        label = layout.validation_seed_dir(variant.seed, variant.set_name, variant.level)
        root = scratch / f"other-oracle-{label}"
        generate(task_id, variant.seed, root, repo=repo, bundle_dir=scratch / f"other-bundle-{label}" / task_id,
                 set_name=variant.set_name, level=variant.level)
        cache_[variant] = schemas.load_json(Oracle.at(root, task_id).oracle_json)
    return cache_[variant]


def validate_seed(
    task_id: str, variant: Variant | int, seeds: list[int], oracle_root: Path, scratch: Path, repo: Repo, *,
    oracles: dict[Variant, dict[str, Any]], gates: tuple[str, ...] = GATES, jobs: int = 2,
    hostile_limits: Limits = DEFAULT_HOSTILE_LIMITS, progress: Progress | None = None,
    throughput: Throughput | None = None, render: bool = True,
) -> dict[str, Any]:
    """Run the chosen gates for one scenario at one variant (a seed, or a :class:`Variant` naming seed, set and
    level); see :func:`validate` for the returned shape. Each receipt computed advances ``throughput``.

    The default kind (challenge set, standard level) is generated into ``oracle_root`` as before issue 16; any other
    variant into its own oracle root inside ``scratch``, so ``oracle_root/<ID>/oracle.json`` stays the one the
    committed bundle is graded with. Either way the records land in ``oracle_root/<ID>/validation/<seed folder>/``
    (:func:`wp42.layout.validation_seed_dir`). With ``render`` every input is also rendered to PNG under
    ``renders/`` there (:func:`wp42.gates.renders.render_inputs`), for a person to look at (issue 13, item 8)."""
    variant = variant if isinstance(variant, Variant) else Variant(int(variant))
    seed, set_name, level = variant.seed, variant.set_name, variant.level
    say = progress or (lambda _m: None)
    tick = throughput.advance if throughput is not None else (lambda: None)
    started = time.monotonic()
    label = f"{task_id} {variant.describe()}"
    work = scratch / layout.validation_seed_dir(seed, set_name, level)
    bundles = work / "bundles"
    variant_root = oracle_root if variant.is_default_kind else work / "oracles"
    say(f"{label}: generating (with and without the oracle)")
    # Each generation is a process of its own: the rebuild without the oracle (the ready gate's independence check)
    # and the other seed's oracle (its seed check) run beside the bundle the attempts need, not after it.
    background = ThreadPoolExecutor(max_workers=2, thread_name_prefix="wp42-generate")
    try:
        rebuilt = background.submit(generate, task_id, seed, None, repo=repo, bundle_dir=work / "rebuilt" / task_id,
                                    set_name=set_name, level=level)
        other = Variant(_other_seed(seed, seeds), set_name, level)
        other_oracle = background.submit(_oracle_at, task_id, other, oracles, scratch, repo) \
            if "ready" in gates else None
        generate(task_id, seed, variant_root, repo=repo, bundle_dir=bundles / task_id, set_name=set_name,
                 level=level)
        rebuilt.result()
    except BaseException:
        background.shutdown(wait=True, cancel_futures=True)
        raise
    generation_s = time.monotonic() - started
    oracle_dir = Oracle.at(variant_root, task_id)
    oracle = schemas.load_json(oracle_dir.oracle_json)
    oracles[variant] = oracle
    view = BundlesView(repo.root, bundles)
    bundle = view.bundle(task_id)
    try:
        wrong = {f"wrong:{n}": workers.resolve(f"wrong:{n}", oracle_dir).targets
                 for n in wrong_solutions_for(oracle_dir, set_name, level)} if "not_vacuous" in gates else {}
        workers.resolve("reference", oracle_dir)
        alternatives = {f"alt:{n}": workers.resolve(f"alt:{n}", oracle_dir).description
                        for n in workers.alternative_solution_names(oracle_dir)} if "fair" in gates else {}
    except UserError as exc:
        background.shutdown(wait=False, cancel_futures=True)
        raise GateError("solvable", str(exc)) from None
    # rendering waits on LibreOffice and poppler, not on this process: it runs beside the attempts (bounded by the
    # slower of the two) instead of after them
    renderer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="wp42-render") if render else None
    rendering = renderer.submit(render_inputs, bundle.inputs, work / layout.VALIDATION_RENDERS_DIR) \
        if renderer is not None else None
    names = ["reference"] + (["nop", "copy-inputs", *wrong] if "not_vacuous" in gates else []) + list(alternatives)
    say(f"{label}: running {len(names)} built-in workers")
    attempt_started = time.monotonic()
    specs = [s for name in names for s in plan_attempts([task_id], [name], "A1", 1, f"validate-{worker_slug(name)}",
                                                       work / "runs", variant_root, None)]

    def scored(outcome: AttemptOutcome) -> None:
        tick()
        say(f"{label}: {outcome.spec.worker} scored")

    batch = run_batch(specs, LocalPool(jobs, view), scored)
    if batch.interrupted:
        if renderer is not None:
            renderer.shutdown(wait=False, cancel_futures=True)
        background.shutdown(wait=False, cancel_futures=True)
        raise KeyboardInterrupt
    outcomes = {o.spec.worker: o for o in batch.outcomes}
    attempts_s = time.monotonic() - attempt_started
    reference = outcomes.get("reference")
    reference_receipt = reference.receipt if reference else None
    results: dict[str, Gate] = {}
    if other_oracle is not None:
        t0 = time.monotonic()
        try:
            other_found = other_oracle.result()
        except UserError as exc:
            other_found = None
            results["ready"] = Gate("ready", reasons=[f"generation at seed {other.seed} failed: {exc}"])
        gate = judge_ready(task_id, seed, bundle, work / "rebuilt" / task_id, oracle, other_found, other.seed,
                           oracle_dir, reference_receipt, repo, set_name=set_name, level=level)
        if "ready" in results:
            gate.reasons = results["ready"].reasons + gate.reasons
        gate.seconds = time.monotonic() - t0 + generation_s
        results["ready"] = gate
    background.shutdown(wait=True)
    if "solvable" in gates:
        results["solvable"] = judge_solvable(reference)
        results["solvable"].seconds = attempts_s
    if "not_vacuous" in gates:
        results["not_vacuous"] = judge_not_vacuous(outcomes, wrong)
    if "fair" in gates:
        results["fair"] = judge_fair(outcomes, alternatives)
    hostile_results: dict[str, tuple[dict[str, Any], float]] = {}
    if "robust" in gates:
        say(f"{label}: evaluating {len(hostile.KINDS)} hostile out/ folders")
        t0 = time.monotonic()
        outside = reference.spec.folder.out if reference else work
        hostile_results = run_hostile(task_id, load_task(bundle.root)["required_deliverables"], bundle.root,
                                      variant_root, work / "hostile", outside, view, hostile_limits, jobs,
                                      done=lambda _kind: tick())
        results["robust"] = judge_robust(hostile_results, hostile_limits, repo)
        results["robust"].seconds = time.monotonic() - t0
    renders = None
    if rendering is not None and renderer is not None:
        say(f"{label}: rendering the inputs to PNG")
        renders = rendering.result()
        renderer.shutdown()
    record = {
        "task_id": task_id, **variant.as_dict(), "passed": all(g.passed for g in results.values()),
        "gates": {name: results[name].as_dict() for name in GATES if name in results},
        "seconds": round(time.monotonic() - started, 2),
    }
    folder = _store_variant(Oracle.at(oracle_root, task_id), variant, record, outcomes, hostile_results)
    if renders is not None:
        shutil.move(str(renders.folder), folder / layout.VALIDATION_RENDERS_DIR)
        renders.folder = folder / layout.VALIDATION_RENDERS_DIR
        record["renders"] = renders.as_dict()
        schemas.write_json_atomic(folder / layout.VALIDATION_RESULT, record)
    return record


def _store_variant(oracle_dir: Oracle, variant: Variant, record: dict[str, Any], outcomes: dict[str, AttemptOutcome],
                   hostile_results: dict[str, tuple[dict[str, Any], float]]) -> Path:
    """Write ``validation/seed-<n>[-<set>][-<level>]/``: result.json, receipts/<worker>.json, hostile/<kind>.json,
    reference_out/. Each variant has its own folder, so validating one never overwrites another's records.
    Returns the folder."""
    folder = oracle_dir.validation / layout.validation_seed_dir(variant.seed, variant.set_name, variant.level)
    if folder.exists():
        shutil.rmtree(folder)
    for worker, outcome in outcomes.items():
        if outcome.receipt is not None:
            schemas.write_json_atomic(folder / layout.VALIDATION_RECEIPTS_DIR / f"{worker_slug(worker)}.json",
                                      outcome.receipt)
    for kind, (receipt, _seconds) in hostile_results.items():
        schemas.write_json_atomic(folder / layout.VALIDATION_HOSTILE_DIR / f"{kind}.json", receipt)
    reference = outcomes.get("reference")
    if reference is not None and reference.spec.folder.out.is_dir():
        shutil.copytree(reference.spec.folder.out, folder / layout.VALIDATION_REFERENCE_OUT, symlinks=True)
    schemas.write_json_atomic(folder / layout.VALIDATION_RESULT, record)
    return folder


def plan_variants(seeds: list[int], sets: tuple[str, ...] = (layout.DEFAULT_SET,),
                  levels: tuple[str, ...] = (layout.DEFAULT_LEVEL,)) -> list[Variant]:
    """Every (seed, set, level) asked for, in report order: by level, then set, then seed, each as given."""
    return [Variant(seed, set_name, level) for level in dict.fromkeys(levels) for set_name in dict.fromkeys(sets)
            for seed in dict.fromkeys(seeds)]


def validate(
    task_ids: list[str], seeds: list[int], oracle_root: Path, *, repo: Repo | None = None,
    gates: tuple[str, ...] = GATES, jobs: int = 2, hostile_limits: Limits = DEFAULT_HOSTILE_LIMITS,
    progress: Progress | None = None, throughput: Throughput | None = None,
    sets: tuple[str, ...] = (layout.DEFAULT_SET,), levels: tuple[str, ...] = (layout.DEFAULT_LEVEL,),
    render: bool = True,
) -> dict[str, Any]:
    """Prove ``task_ids`` at every variant of ``seeds`` x ``sets`` x ``levels`` (SPEC section 5, issues 16 and 25),
    ``jobs`` attempts (and hostile evaluations) at a time; each receipt computed advances ``throughput`` (total:
    :func:`planned_evaluations`). Each (seed, set, level) is proved like a seed: the reference and alternatives pass,
    do-nothing fails, every wrong solution declared for the set fails its targets, the ready gate holds. With
    ``render`` (``wp42 validate --no-render`` turns it off) each variant's inputs are rendered to PNG pages.

    Returns::

        {"passed": bool, "seeds": [42, 7], "sets": ["challenge"], "levels": ["standard"],
         "scenarios": [{"task_id", "seconds", "passed", "reports": [path of each report.md written]}],
         "results": [{"task_id", "seed", "set", "level", "passed", "seconds",
                      "gates": {"ready" | "solvable" | "not_vacuous" | "robust":
                                | "fair":
                                {"name", "passed", "reasons": [str], "warnings": [str], "facts": {...}, "seconds"}}}]}

    ``fair``'s facts hold ``alternatives``: ``[{"worker": "alt:<name>", "description", "det_completion",
    "det_score", "failed": [ids]}]``; ``not_vacuous``'s hold ``wrong_solutions`` and ``no_op_labels``.

    A generator that fails becomes a failed ``ready`` gate (the other gates are then not run) rather than an
    exception. The oracle root ends holding the first seed's challenge/standard oracle (when it was asked for), with
    ``validation/`` beside it: one ``report[-<set>][-<level>].md`` and one folder per variant.

    Raises:
        UserError: no seed, an unknown gate name, a set or level a scenario does not declare (before any work), or
            the oracle root inside the repository.
    """
    repo = repo or Repo.find()
    if not seeds:
        raise UserError("give at least one seed (--seeds 42,7)")
    unknown = [g for g in gates if g not in GATES]
    if unknown:
        raise UserError(f"unknown gate(s) {', '.join(unknown)}: choose from {', '.join(GATES)}")
    if tuple(sets) != (layout.DEFAULT_SET,) or tuple(levels) != (layout.DEFAULT_LEVEL,):
        check_declared(task_ids, sets, levels, repo)
    oracle_root = Path(oracle_root).expanduser().resolve()
    planned = plan_variants(seeds, tuple(sets), tuple(levels))
    results, summaries = [], []
    for task_id in task_ids:
        started = time.monotonic()
        oracles: dict[Variant, dict[str, Any]] = {}
        records: dict[Variant, dict[str, Any]] = {}
        scratch = Path(tempfile.mkdtemp(prefix=f"wp42-validate-{task_id}-"))
        try:
            # the first variant last, so the oracle root ends at the seed users usually run (and the committed bundle)
            for variant in reversed(planned):
                try:
                    records[variant] = validate_seed(task_id, variant, seeds, oracle_root, scratch, repo,
                                                     oracles=oracles, gates=gates, jobs=jobs,
                                                     hostile_limits=hostile_limits, progress=progress,
                                                     throughput=throughput, render=render)
                except UserError as exc:
                    if "inside the repository" in str(exc):
                        raise
                    gate = exc.gate if isinstance(exc, GateError) else "ready"
                    records[variant] = {"task_id": task_id, **variant.as_dict(), "passed": False, "seconds": 0.0,
                                        "gates": {gate: Gate(gate, reasons=[str(exc)]).as_dict()}}
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        ordered = [records[v] for v in planned]
        seconds = round(time.monotonic() - started, 2)
        reports = []
        for kind in dict.fromkeys((v.set_name, v.level) for v in planned):
            group = [r for r in ordered if (r["set"], r["level"]) == kind]
            reports.append(str(write_report(Oracle.at(oracle_root, task_id), group,
                                            round(sum(r["seconds"] for r in group), 2), *kind)))
        summaries.append({"task_id": task_id, "passed": all(r["passed"] for r in ordered), "seconds": seconds,
                          "reports": reports})
        results += ordered
    return {"passed": all(s["passed"] for s in summaries) and bool(summaries), "seeds": list(seeds),
            "sets": list(dict.fromkeys(sets)), "levels": list(dict.fromkeys(levels)),
            "scenarios": summaries, "results": results}
