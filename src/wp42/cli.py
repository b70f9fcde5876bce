"""The ``wp42`` command: argument parsing and printing only; every verb calls one library function.

Bad input is one line on stderr naming the problem and the fix, exit status 2, no traceback (:class:`UserError`).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import click
from click.core import ParameterSource
from rich.table import Table

from wp42 import __version__, layout
from wp42.console import err, out
from wp42.console import progress as _progress
from wp42.errors import UserError
from wp42.generation import LEVELS, SETS
from wp42.layout import Repo
from wp42.sandbox import ran_unsandboxed, unsandboxed_console_line
from wp42.schemas import load_json

ORACLE_ROOT_HELP = f"oracle root (default ${layout.ORACLE_ROOT_ENV} or {layout.DEFAULT_ORACLE_ROOT})"


def _print_json(document: Any) -> None:
    click.echo(json.dumps(document, indent=2, sort_keys=True))


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="wp42")
@click.option("--evaluation", type=click.Choice(["service", "process"]), envvar=layout.EVALUATION_ENV,
              help="how evaluators run: forked from warm, pre-imported parents (service, the default) or in a new "
                   f"process each (process, the slower reference path) [env {layout.EVALUATION_ENV}]")
def cli(evaluation: str | None) -> None:
    """WP42: realistic white-collar assignments for AI agents, proved scenarios and deterministic receipts."""
    if evaluation:
        # The environment reaches every evaluation of this command: run, score, validate, demo, Ray workers.
        os.environ[layout.EVALUATION_ENV] = evaluation


@cli.command()
@click.argument("task_ids", nargs=-1)
@click.option("--all", "all_tasks", is_flag=True, help="every scenario")
@click.option("--seed", type=click.IntRange(min=0), required=True, help="generator seed")
@click.option("--oracle-root", type=click.Path(file_okay=False), help=ORACLE_ROOT_HELP)
@click.option("--set", "set_name", type=click.Choice(SETS), default=SETS[0], show_default=True,
              help="challenge (planted errors, injection, traps) or coverage (the same assignment, clean records)")
@click.option("--level", type=click.Choice(LEVELS), default=LEVELS[0], show_default=True,
              help="standard or hard (real volumes, items that show only across documents, decoys)")
@click.option("--json", "as_json", is_flag=True, help="print what was generated as JSON")
def generate(task_ids: tuple[str, ...], all_tasks: bool, seed: int, oracle_root: str | None, set_name: str,
             level: str, as_json: bool) -> None:
    """Regenerate scenarios from a seed: public bundle in benchmark/scenarios, oracle in the oracle root."""
    from wp42.generation import generate as run_generate
    from wp42.variants import Variant, check_declared

    repo = Repo.find()
    root = layout.oracle_root(oracle_root)
    ids = repo.resolve_task_ids(task_ids, all_tasks)
    variant = Variant(seed, set_name, level)
    if not variant.is_default_kind:
        check_declared(ids, [set_name], [level], repo)
    done = []
    for task_id in ids:
        result = run_generate(task_id, seed, root, repo=repo, set_name=set_name, level=level)
        done.append({"task_id": task_id, **variant.as_dict(), "bundle": str(result.bundle),
                     "oracle": str(result.oracle), "seconds": round(result.seconds, 2)})
        if not as_json:
            err.print(f"{task_id}: {variant.describe()} -> bundle {result.bundle}, oracle {result.oracle} "
                      f"({result.seconds:.1f} s)")
    if as_json:
        _print_json(done)


@cli.command()
@click.argument("task_ids", nargs=-1)
@click.option("--all", "all_tasks", is_flag=True, help="every scenario")
@click.option("--worker", required=True,
              help="reference, nop, copy-inputs, wrong:<name>, alt:<name>, or a shell command; one worker per run id")
@click.option("--arm", default="A1", show_default=True, help="arm from benchmark/arms.json")
@click.option("--attempts", type=click.IntRange(min=1), default=1, show_default=True, help="attempts per scenario")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=1, show_default=True, help="parallel attempts")
@click.option("--runs-dir", type=click.Path(file_okay=False), default="runs", show_default=True)
@click.option("--run-id", help="name of this run; reuse it to resume (default: the UTC time)")
@click.option("--oracle-root", type=click.Path(file_okay=False), help=ORACLE_ROOT_HELP)
@click.option("--time-limit", type=click.FloatRange(min=0.1), help="seconds; overrides task.json's time_limit_s")
@click.option("--json", "as_json", is_flag=True, help="print one summary object per attempt as JSON")
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True,
              help="where attempts run: a local pool, or Ray tasks (pip install -e '.[ray]') on a private local "
                   "instance or on the cluster at --ray-address")
@click.option("--ray-address", envvar="RAY_ADDRESS",
              help="with --backend ray: a running Ray cluster (the address `ray start --head` prints); workers run "
                   "on its nodes, the oracle and grading stay here [env RAY_ADDRESS]")
@click.option("--expose", multiple=True, type=click.Path(exists=True, file_okay=True),
              help="a folder or file the worker may read (its own program, say); the sandbox shows only the system "
                   "folders, the Python running wp42 and the workspace otherwise (repeatable)")
@click.option("--set", "set_name", type=click.Choice(SETS),
              help="run this set (default with --level/--seed: challenge); without --set, --level and --seed the "
                   "run uses the scenario folder's bundle as it is")
@click.option("--level", type=click.Choice(LEVELS), help="run this level (default with --set/--seed: standard)")
@click.option("--seed", type=click.IntRange(min=0),
              help="run this seed (default: the scenario folder's); a variant the folder does not hold is generated "
                   "under <oracle-root>/variants/")
def run(task_ids: tuple[str, ...], all_tasks: bool, worker: str, arm: str, attempts: int,
        jobs: int, runs_dir: str, run_id: str | None, oracle_root: str | None, time_limit: float | None,
        as_json: bool, backend: str, ray_address: str | None, expose: tuple[str, ...], set_name: str | None,
        level: str | None, seed: int | None) -> None:
    """Run workers against scenarios in isolated workspaces and grade each attempt.

    A run names template, set, level and seed: with --set, --level or --seed the asked-for variant is used, from the
    scenario folder when it holds it, else generated (bundle and oracle) under <oracle-root>/variants/; run.json
    records the variant and the oracle root, so `wp42 score` re-grades it later with no flag.
    """
    from wp42.executor import make_executor, plan_attempts, run_batch
    from wp42.runner import check_arm, check_run_id, default_run_id
    from wp42.variants import prepare_variant_run

    repo = Repo.find()
    ids = repo.resolve_task_ids(task_ids, all_tasks)
    check_arm(arm, repo)
    run_id = run_id or default_run_id()
    check_run_id(run_id, worker, Path(runs_dir))
    root = layout.oracle_root(oracle_root)
    if set_name or level or seed is not None:
        view, root = prepare_variant_run(ids, seed, set_name or SETS[0], level or LEVELS[0], root, repo)
        if view is not repo and backend != "local":
            raise UserError(f"--backend {backend} runs the bundles in benchmark/scenarios; this variant was "
                            f"generated under {root}: run it with --backend local")
        repo = view
    specs = plan_attempts(ids, [worker], arm, attempts, run_id, Path(runs_dir).resolve(),
                          root, time_limit, expose=tuple(str(Path(e).resolve()) for e in expose))
    from_flag = click.get_current_context().get_parameter_source("ray_address") == ParameterSource.COMMANDLINE
    executor = make_executor(backend, jobs, repo, ray_address=ray_address if backend == "ray" or from_flag else None)
    with _progress() as bar:
        task = bar.add_task(f"run {run_id}", total=len(specs))
        result = run_batch(specs, executor, lambda _o: bar.advance(task))
    rows = [_attempt_row(o) for o in result.outcomes]
    if as_json:
        _print_json(rows)
    else:
        _attempt_table(rows, f"run {run_id} in {Path(runs_dir).resolve() / run_id}")
    _warn_unsandboxed(sum(1 for r in rows if r["unsandboxed"]), len(rows))
    err.print(f"re-grade it later with: wp42 score {Path(runs_dir).resolve() / run_id}", highlight=False,
              soft_wrap=True)
    if result.interrupted:
        err.print(f"interrupted: finished attempts are kept; run again with --run-id {run_id} to resume")
        sys.exit(130)
    if any(r["error"] for r in rows):
        sys.exit(1)


def _attempt_row(outcome: Any) -> dict[str, Any]:
    r = outcome.receipt or {}
    spec = outcome.spec
    record: dict[str, Any] = {}
    if spec.folder.run_json.is_file():
        try:
            record = load_json(spec.folder.run_json)
        except ValueError:
            record = {}
    return {
        "exit_code": record.get("exit_code"), "timed_out": record.get("timed_out"),
        "warnings": record.get("warnings", []), "unsandboxed": ran_unsandboxed(record),
        "task_id": spec.task_id, "worker": spec.worker, "arm": spec.arm, "attempt": spec.attempt,
        "seed": record.get("seed"), "set": record.get("set"), "level": record.get("level"),
        "folder": str(spec.folder.root), "skipped": outcome.skipped, "error": outcome.error,
        "status": r.get("status"), "det_score": r.get("det_score"), "det_completion": r.get("det_completion"),
        "critical_violations": sorted(v["id"] for v in r.get("critical_violations", [])),
    }


def _variant_of(attempt: layout.Attempt) -> dict[str, Any]:
    """``{"seed", "set", "level"}`` from an attempt's run.json (None for what it does not record)."""
    try:
        record = load_json(attempt.run_json)
    except (OSError, ValueError):
        record = {}
    return {"seed": record.get("seed"), "set": record.get("set"), "level": record.get("level")}


def _warn_unsandboxed(unsandboxed: int, attempts: int) -> None:
    """Say on the console (stderr, so --json output stays clean) when attempts ran without the sandbox."""
    if unsandboxed:
        err.print(unsandboxed_console_line(unsandboxed, attempts), style="bold red", highlight=False, markup=False)


def _attempt_table(rows: list[dict[str, Any]], title: str) -> None:
    table = Table(title=title)
    for name in ("scenario", "seed", "set", "level", "worker", "arm", "#", "exit", "status", "det_score", "complete",
                 "critical violations"):
        table.add_column(name)
    for row in rows:
        score = "-" if row["det_score"] is None else f"{row['det_score']:.3f}"
        exit_text = "timed out" if row["timed_out"] else ("-" if row["exit_code"] is None else str(row["exit_code"]))
        table.add_row(row["task_id"], str(row["seed"] if row["seed"] is not None else "-"), row["set"] or "-",
                      row["level"] or "-", row["worker"], row["arm"], str(row["attempt"]), exit_text,
                      row["status"] or f"error: {row['error']}", score, str(row["det_completion"]),
                      ", ".join(row["critical_violations"]) + (" (resumed)" if row["skipped"] else ""))
    out.print(table)
    warned = [r for r in rows if r["warnings"]]
    for row in warned[:10]:
        err.print(f"{row['task_id']} attempt {row['attempt']}: {row['warnings'][0]}", highlight=False, markup=False)
    if len(warned) > 10:
        err.print(f"... and {len(warned) - 10} more attempts with warnings (see their run.json)")


@cli.command()
@click.argument("task_id")
@click.argument("out_dir", type=click.Path())
@click.option("--workspace", type=click.Path(), help="the workspace the worker used (default: the public bundle)")
@click.option("--oracle-root", type=click.Path(file_okay=False), help=ORACLE_ROOT_HELP)
@click.option("--run-id", default="", help="recorded in the receipt")
def evaluate(task_id: str, out_dir: str, workspace: str | None, oracle_root: str | None, run_id: str) -> None:
    """Score OUT_DIR for TASK_ID and print the receipt JSON."""
    from wp42.evaluation import evaluate_out

    receipt = evaluate_out(task_id, Path(out_dir), workspace=Path(workspace) if workspace else None,
                           oracle_root=oracle_root, run_id=run_id)
    _print_json(receipt)


@cli.command()
@click.argument("runs_dir", type=click.Path())
@click.option("--oracle-root", type=click.Path(file_okay=False),
              help="oracle root (default: the one each attempt's run.json records, else "
                   f"${layout.ORACLE_ROOT_ENV} or {layout.DEFAULT_ORACLE_ROOT})")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="attempts graded at once (each in its own bounded evaluation child)")
@click.option("--json", "as_json", is_flag=True)
def score(runs_dir: str, oracle_root: str | None, jobs: int, as_json: bool) -> None:
    """Re-grade every stored attempt under RUNS_DIR without running any worker again."""
    from wp42.executor import regrade
    from wp42.throughput import PeriodicLines, Throughput

    root = Path(runs_dir)
    if not root.is_dir():
        raise UserError(f"RUNS_DIR {root} does not exist: give the folder passed to `wp42 run --runs-dir`")
    attempts = layout.iter_attempts(root)
    if not attempts:
        raise UserError(f"{root} holds no attempt folder (with {layout.RUN_JSON}): give a runs folder or a run folder")
    throughput = Throughput(len(attempts))
    lines = PeriodicLines(throughput, lambda line: err.print(f"re-grading: {line}", highlight=False, soft_wrap=True),
                          enabled=not err.is_terminal)
    with _progress() as bar:
        task = bar.add_task("re-grading", total=len(attempts))

        def finished(_result: Any) -> None:
            throughput.advance()
            bar.update(task, advance=1, description=f"re-grading ({throughput.line()})")
            lines.maybe_emit()

        # without --oracle-root each attempt is graded with the oracle root its run.json records
        results = regrade(attempts, layout.oracle_root(oracle_root) if oracle_root else None, jobs, done=finished)
    err.print(f"re-graded {throughput.line()} with -j {jobs}", highlight=False, soft_wrap=True)
    rows = []
    for result in results:
        if result.error or result.receipt is None:
            rows.append({"folder": str(result.attempt.root), "error": result.error, **_variant_of(result.attempt)})
        else:
            receipt = result.receipt
            rows.append({"folder": str(result.attempt.root), "status": receipt["status"], "error": None,
                         **_variant_of(result.attempt),
                         "det_score": receipt["det_score"], "det_completion": receipt["det_completion"],
                         "evaluator_version": receipt["evaluator_version"]})
    if as_json:
        _print_json(rows)
    else:
        for row in rows:
            if row["error"]:
                out.print(f"{row['folder']}: NOT re-graded: {row['error']}", highlight=False, markup=False)
            else:
                out.print(f"{row['folder']}: {row['status']} det_score {row['det_score']:.3f} "
                          f"(evaluator {row['evaluator_version']}; seed {row['seed']}, {row['set']} set, "
                          f"{row['level']} level)", highlight=False)
    if any(row["error"] for row in rows):
        err.print(f"{sum(1 for r in rows if r['error'])} of {len(rows)} attempts were not re-graded")
        sys.exit(1)


@cli.command()
@click.argument("task_ids", nargs=-1)
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=2, show_default=True)
@click.option("--keep", type=click.Path(file_okay=False), help="keep the oracle root and runs in this folder")
@click.option("--set", "set_choice", type=click.Choice([*SETS, "both"]), default="both", show_default=True,
              help="challenge, coverage, or both (each scenario on the sets its solutions.json declares)")
@click.option("--json", "as_json", is_flag=True)
def demo(task_ids: tuple[str, ...], jobs: int, keep: str | None, set_choice: str, as_json: bool) -> None:
    """Generate every scenario at seed 42, run the built-in workers, score them and print the table.

    Exits 0 only when every reference and every alternative correct solution (alt:<name>) passes and every other
    worker fails, on each set run (the coverage set's wrong solutions include each invents_issues one).
    """
    from wp42.demo import run_demo
    from wp42.variants import expand

    repo = Repo.find()
    ids = repo.resolve_task_ids(task_ids, all_tasks=not task_ids) if task_ids else repo.task_ids()
    with _progress() as bar:
        task = bar.add_task("demo", total=None)
        rows = run_demo(ids, jobs=jobs, keep=Path(keep) if keep else None,
                        progress=lambda msg: bar.update(task, description=msg),
                        on_attempt=lambda o: bar.update(task, description=f"{o.spec.task_id} {o.spec.worker} done"),
                        sets=tuple(expand(set_choice, SETS)), lenient=set_choice == "both")
    if as_json:
        _print_json([row.as_dict() for row in rows])
    else:
        table = Table(title="WP42 demo: seed 42, arm A1 (expected: reference and alt:* pass, every other worker fails)")
        for name in ("scenario", "set", "worker", "expected", "det_score", "det_completion", "critical violations",
                     "status", "as expected"):
            table.add_column(name)
        for row in rows:
            d = row.as_dict()
            score = "-" if d["det_score"] is None else f"{d['det_score']:.3f}"
            table.add_row(d["task_id"], d["set"], d["worker"], d["expected"], score, str(d["det_completion"]),
                          ", ".join(d["critical_violations"]) or "-", d["status"] or f"error: {d['error']}",
                          "yes" if d["as_expected"] else "[bold red]NO[/]")
        out.print(table)
    _warn_unsandboxed(sum(1 for r in rows if r.unsandboxed), len(rows))
    bad = [r for r in rows if not r.ok]
    if bad:
        err.print(f"{len(bad)} of {len(rows)} attempts did not end as expected")
        sys.exit(1)
    err.print(f"all {len(rows)} attempts ended as expected")


def _register_verbs() -> None:
    """Verbs whose click commands live beside their library modules."""
    from wp42.cli_new import new_command
    from wp42.cli_portal import portal_command
    from wp42.cli_read import read_command
    from wp42.cli_report import report_command
    from wp42.cli_validate import validate_command

    cli.add_command(report_command)
    cli.add_command(portal_command)
    cli.add_command(read_command)
    cli.add_command(validate_command)
    cli.add_command(new_command)


_register_verbs()


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``wp42`` console script; returns the exit status."""
    try:
        cli.main(args=argv, prog_name="wp42", standalone_mode=False)
    except UserError as exc:
        click.echo(f"wp42: error: {exc}", err=True)
        return exc.exit_code
    except click.exceptions.Abort:
        err.print("wp42: interrupted")
        return 130
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    except SystemExit as exc:
        return int(exc.code or 0) if not isinstance(exc.code, str) else 1
    except (PermissionError, IsADirectoryError, NotADirectoryError, FileNotFoundError, OSError) as exc:
        # A folder the user named cannot be written or read (/sys/..., a read-only mount): one line, not a
        # traceback. Only errors that carry the path they failed on land here; any other OSError is a bug and
        # keeps its traceback.
        if getattr(exc, "filename", None) is None:
            raise
        click.echo(f"wp42: error: cannot use {exc.filename}: {exc.strerror or exc}; choose a folder you can write",
                   err=True)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
