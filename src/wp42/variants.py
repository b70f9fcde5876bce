"""Variants of a scenario template: a seed, a set (``challenge`` | ``coverage``, SPEC section 9, issue 16) and a
level (``standard`` | ``hard``, issue 25).

A template declares the sets and levels it is proved on in ``oracles-template/<ID>/solutions/solutions.json``
(``sets``, default ``["challenge"]``; ``levels``, default ``["standard"]``), and each wrong solution the sets on
which it must fail its targets (``sets``, default ``["challenge"]``). ``wp42 generate``, ``validate``, ``run`` and
``demo`` check a request against those declarations before any work, so an undeclared variant is one line naming
the scenario and what it declares rather than a generator's traceback.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wp42 import layout
from wp42.errors import UserError
from wp42.generation import generate, load_task
from wp42.layout import BundlesView, Oracle, Repo
from wp42.run import workers

#: What ``--set`` and ``--level`` accept where several variants can be asked for at once.
BOTH = "both"


@dataclass(frozen=True)
class Variant:
    """One instance of a template: ``seed``, ``set_name`` and ``level``."""

    seed: int
    set_name: str = layout.DEFAULT_SET
    level: str = layout.DEFAULT_LEVEL

    @property
    def is_default_kind(self) -> bool:
        """True for the challenge set at the standard level (what every scenario folder held before issue 16)."""
        return self.set_name == layout.DEFAULT_SET and self.level == layout.DEFAULT_LEVEL

    def describe(self) -> str:
        """``seed 42`` for the default kind, else e.g. ``seed 42, coverage set, hard level``."""
        return ", ".join([f"seed {self.seed}"] + ([] if self.is_default_kind else
                                                  [f"{self.set_name} set", f"{self.level} level"]))

    def as_dict(self) -> dict[str, Any]:
        """``{"seed", "set", "level"}``: how run.json, the validation records and ``--json`` output name it."""
        return {"seed": self.seed, "set": self.set_name, "level": self.level}


def expand(choice: str, choices: tuple[str, ...]) -> list[str]:
    """``"both"`` -> every choice (the default first); a single choice -> ``[choice]``.

    Raises:
        UserError: a value that is neither ``both`` nor one of ``choices``.
    """
    if choice == BOTH:
        return list(choices)
    if choice not in choices:
        raise UserError(f"unknown value {choice!r}: choose one of {', '.join(choices)} or {BOTH}")
    return [choice]


@dataclass(frozen=True)
class Declared:
    """What a template's solutions.json declares: the sets and levels it is proved on."""

    task_id: str
    sets: tuple[str, ...]
    levels: tuple[str, ...]
    manifest: str = ""  # the solutions.json path relative to the repository, as the user would open it

    def line(self) -> str:
        """``ACC-01 declares sets challenge and levels standard (oracles-template/ACC-01/solutions/solutions.json,
        fields sets and levels)``"""
        return (f"{self.task_id} declares sets {', '.join(self.sets)} and levels {', '.join(self.levels)} "
                f"({self.manifest}, fields sets and levels)")


def declared(task_id: str, repo: Repo | None = None) -> Declared:
    """Read the sets and levels ``task_id``'s template declares.

    Raises:
        UserError: the template's solutions.json is missing or breaks solutions.schema.json.
    """
    repo = repo or Repo.find()
    template = Oracle.at(repo.oracles_template, task_id)
    manifest = workers.load_solutions(template)
    return Declared(task_id, tuple(manifest.get("sets", [layout.DEFAULT_SET])),
                    tuple(manifest.get("levels", [layout.DEFAULT_LEVEL])),
                    str(template.solutions_manifest.relative_to(repo.root)))


def check_declared(task_ids: Iterable[str], sets: Iterable[str], levels: Iterable[str],
                   repo: Repo | None = None) -> dict[str, Declared]:
    """Refuse, before any work, a set or level one of ``task_ids`` does not declare.

    Returns every scenario's declarations. Raises:
        UserError: one line naming the first scenario, what was asked and what it declares, and the fix (ask for a
            declared variant, or declare the new one in solutions.json once its generator writes it).
    """
    repo = repo or Repo.find()
    found = {}
    for task_id in task_ids:
        found[task_id] = have = declared(task_id, repo)
        for kind, asked, known in (("set", sets, have.sets), ("level", levels, have.levels)):
            missing = [value for value in asked if value not in known]
            if missing:
                raise UserError(f"{task_id} does not declare the {missing[0]} {kind}: {have.line()}; ask for "
                                f"--{kind} {known[0]}, or add {missing[0]!r} to {kind}s there once its generator "
                                "writes it")
    return found


def wrong_solution_sets(entry: dict[str, Any]) -> list[str]:
    """The sets on which a solutions.json wrong solution must fail its targets (default ``["challenge"]``)."""
    return list(entry.get("sets", [layout.DEFAULT_SET]))


def wrong_solutions_for(oracle: Oracle, set_name: str, level: str = layout.DEFAULT_LEVEL) -> list[str]:
    """Names of the wrong solutions that must fail on ``set_name`` at ``level``, in manifest order: an entry's
    ``sets`` (default challenge) must hold the set and its ``levels`` (default: every level) the level."""
    return [entry["name"] for entry in workers.load_solutions(oracle)["wrong"]
            if set_name in wrong_solution_sets(entry) and level in entry.get("levels", [level])]


def committed_variant(task_id: str, repo: Repo) -> Variant:
    """The variant ``benchmark/scenarios/<ID>/`` holds, read from its task.json (``set`` and ``level`` absent mean
    the defaults)."""
    task = load_task(repo.bundle(task_id).root)
    return Variant(int(task.get("generator_seed", 0)), task.get("set", layout.DEFAULT_SET),
                   task.get("level", layout.DEFAULT_LEVEL))


def prepare_variant_run(task_ids: list[str], seed: int | None, set_name: str, level: str, oracle_root: Path,
                        repo: Repo | None = None) -> tuple[Repo, Path]:
    """Where ``wp42 run`` finds the bundles and oracles of the asked-for variant.

    When every scenario folder already holds the variant (its task.json says this seed, set and level; ``seed``
    None means the folder's own seed), the run is today's: the repository and ``oracle_root`` are returned as they
    are. Otherwise the variant is generated, bundle and oracle, into its own folder under the oracle root,
    ``<oracle-root>/variants/seed-<N>[-<set>][-<level>]/`` (:func:`wp42.layout.variant_root`): the committed bundles
    and the oracle root's own oracles are never touched, the worker never sees the folder (the sandbox hides the
    oracle root), and run.json records that folder as the oracle root, so ``wp42 score`` re-grades the run later.

    Returns ``(repo view whose scenarios are the variant's bundles, the variant's oracle root)``.

    Raises:
        UserError: an undeclared set or level (:func:`check_declared`), a failing generator, or scenarios whose
            folders hold different seeds while a variant is asked for without ``--seed``.
    """
    repo = repo or Repo.find()
    check_declared(task_ids, [set_name], [level], repo)
    committed = {task_id: committed_variant(task_id, repo) for task_id in task_ids}
    wanted = {task_id: Variant(c.seed if seed is None else seed, set_name, level) for task_id, c in committed.items()}
    if all(wanted[t] == committed[t] for t in task_ids):
        return repo, oracle_root
    seeds = sorted({v.seed for v in wanted.values()})
    if len(seeds) > 1:
        raise UserError(f"the scenario folders hold seeds {', '.join(map(str, seeds))}: give --seed N for a "
                        f"{set_name}/{level} run")
    root = layout.variant_root(oracle_root, seeds[0], set_name, level)
    bundles = root / layout.VARIANT_BUNDLES_DIR
    for task_id in task_ids:
        generate(task_id, seeds[0], root, repo=repo, bundle_dir=bundles / task_id, set_name=set_name, level=level)
    return BundlesView(repo.root, bundles), root
