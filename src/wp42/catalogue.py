"""The scenarios of a checkout as a user browses them (``wp42 list``) and the README's catalogue shows them.

One :class:`Scenario` per folder of ``benchmark/scenarios/`` with a generate.py, read from its task.json (id,
occupation, organisation, title, difficulty, the variant the folder holds), its template's solutions.json (the sets
and levels it declares, :func:`wp42.variants.declared`) and whether its bundle has a portal. A scenario that cannot be
read (not generated yet, a broken task.json or solutions.json) is listed with the problem and its fix instead of
stopping the listing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from wp42 import layout
from wp42.errors import UserError
from wp42.generation import load_task
from wp42.layout import Repo
from wp42.variants import Variant, declared

#: The suffix task.json's organisation carries (SPEC section 2), left out where the name is shown.
FICTIONAL = " (fictional)"


@dataclass(frozen=True)
class Scenario:
    """One scenario folder: its task.json (``{}`` when it cannot be read), declared sets and levels, portal, and
    ``problem``, one line naming what could not be read and the fix (None when all of it was read)."""

    task_id: str
    task: dict[str, Any] = field(default_factory=dict)
    sets: tuple[str, ...] = ()
    levels: tuple[str, ...] = ()
    portal: bool = False
    problem: str | None = None

    @property
    def organisation(self) -> str:
        """The organisation's name without its "(fictional)" suffix ("" when task.json is unread)."""
        return str(self.task.get("organisation", "")).removesuffix(FICTIONAL)

    @property
    def bundle(self) -> Variant | None:
        """The variant the scenario folder holds (seed, set, level), None when task.json is unread."""
        if "generator_seed" not in self.task:
            return None
        return Variant(int(self.task["generator_seed"]), self.task.get("set", layout.DEFAULT_SET),
                       self.task.get("level", layout.DEFAULT_LEVEL))

    def as_dict(self) -> dict[str, Any]:
        """The ``wp42 list --json`` object; every scenario has every key (None or [] for what is unread):
        ``{task_id, occupation, organisation, title, difficulty, sets, levels, portal, bundle: {seed, set, level},
        problem}``."""
        bundle = self.bundle
        return {
            "task_id": self.task_id,
            # the id's prefix is the occupation (SPEC section 1) even before task.json exists
            "occupation": self.task.get("occupation") or self.task_id.split("-")[0],
            "organisation": self.organisation or None,
            "title": self.task.get("title"),
            "difficulty": self.task.get("difficulty"),
            "sets": list(self.sets),
            "levels": list(self.levels),
            "portal": self.portal,
            "bundle": bundle.as_dict() if bundle else None,
            "problem": self.problem,
        }


def scenario(task_id: str, repo: Repo) -> Scenario:
    """Read one scenario folder; what cannot be read becomes :attr:`Scenario.problem` (never raises UserError)."""
    bundle = repo.bundle(task_id)
    portal = bundle.portal_json.is_file()
    problems = []
    task: dict[str, Any] = {}
    if not bundle.task_json.is_file():
        problems.append(f"not generated yet: run `wp42 generate {task_id} --seed 42`")
    else:
        try:
            task = load_task(bundle.root)
        except UserError as exc:
            problems.append(str(exc))
    sets: tuple[str, ...] = ()
    levels: tuple[str, ...] = ()
    try:
        have = declared(task_id, repo)
        sets, levels = have.sets, have.levels
    except UserError as exc:
        problems.append(str(exc))
    return Scenario(task_id, task, sets, levels, portal, "; ".join(problems) or None)


def scenarios(repo: Repo | None = None) -> list[Scenario]:
    """Every scenario of the checkout (:meth:`Repo.task_ids`: folders with a generate.py), in id order."""
    repo = repo or Repo.find()
    return [scenario(task_id, repo) for task_id in repo.task_ids()]
