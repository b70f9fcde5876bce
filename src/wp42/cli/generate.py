"""``wp42 generate``: regenerate scenario bundles (and their oracles) from a seed.

Usage: ``wp42 generate TASK_ID... | --all --seed N [--set S] [--level L] [--json]``.

Argument parsing and printing only; the work is :func:`wp42.generation.generate`.
"""

from __future__ import annotations

import click

from wp42 import layout
from wp42.cli.common import ORACLE_ROOT_HELP, UserPath, print_json
from wp42.console import err
from wp42.generation import LEVELS, SETS
from wp42.layout import Repo


@click.command("generate")
@click.argument("task_ids", nargs=-1)
@click.option("--all", "all_tasks", is_flag=True, help="every scenario")
@click.option("--seed", type=click.IntRange(min=0), required=True, help="generator seed")
@click.option("--oracle-root", type=UserPath(file_okay=False), help=ORACLE_ROOT_HELP)
@click.option("--set", "set_name", type=click.Choice(SETS), default=SETS[0], show_default=True,
              help="challenge (planted errors, injection, traps) or coverage (the same assignment, clean records)")
@click.option("--level", type=click.Choice(LEVELS), default=LEVELS[0], show_default=True,
              help="standard or hard (real volumes, items that show only across documents, decoys)")
@click.option("--json", "as_json", is_flag=True, help="print what was generated as JSON")
def generate_command(task_ids: tuple[str, ...], all_tasks: bool, seed: int, oracle_root: str | None, set_name: str,
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
        print_json(done)
