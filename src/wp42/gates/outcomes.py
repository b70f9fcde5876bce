"""Every outcome exercised: the ``ready`` gate's category check (SPEC section 5.6; issue 13, items 7 and 8).

A brief that defines outcome categories (accept / negotiate / reject; approve / refer / decline; a classification
list; Yes / No) tests only the categories its instance holds: LEGAL-01 once had no amendment in the "negotiate"
band, so a worker that never negotiated lost nothing. The generator therefore writes into oracle.json what outcome
each item has, under the brief's own field names::

    "outcomes": {
        "Assessment": {"categories": ["accept", "negotiate", "reject"],
                       "items": {"4.3": "negotiate", "6.3": "reject", "12.4": "accept"}},
        "Classification": {"categories": [...], "items": {...},
                           "waived": {"NSF cheque": "one of the three Book-side kinds is drawn per seed"}}
    }

and :func:`outcome_problems` fails the gate for each declared category with no item at that seed, for an item
whose outcome is not a declared category, and for a field with no categories or no items. ``waived`` names a
category the generator knowingly leaves out with the reason; it is reported as a warning (visible in report.md),
never silently. ``"outcomes": {}`` states that the brief defines no categories. An oracle with no ``outcomes`` key
at all gets a warning: nothing was declared, so nothing could be checked.

Only the challenge set is held to it: a coverage bundle has clean records by definition (SPEC section 9), so the
categories that name an error (bank error, reject, breach) are absent there on purpose.

Kept apart from :mod:`wp42.gates.real` so the other realism checks (counterparty names, working days) can grow
there without touching this one.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from wp42 import layout

#: oracle.json's key holding the outcome declarations (written by the generators through ``genkit.outcomes``).
OUTCOMES_KEY = "outcomes"


def _fix(task_id: str) -> str:
    return (f"fix: make benchmark/scenarios/{task_id}/generate.py draw at least one item of every category at every "
            "seed, or name it under \"waived\" with the reason")


def outcome_problems(task_id: str, seed: int, oracle: dict[str, Any], set_name: str = layout.DEFAULT_SET
                     ) -> tuple[list[str], list[str]]:
    """The category check for one generated oracle: ``(reasons, warnings)``, each a list of sentences naming the
    scenario, the seed, the field and the category, and saying what to change.

    Args:
        task_id: the scenario, e.g. ``"LEGAL-01"`` (only for the messages).
        seed: the generator seed the oracle was built from (only for the messages).
        oracle: oracle.json as a dict; its ``outcomes`` block has the shape in this module's docstring.
        set_name: ``challenge`` or ``coverage``; a coverage oracle is not held to the check (module docstring).

    Reasons (the gate fails): an ``outcomes`` value that is not an object; a field without categories or items; a
    declared, unwaived category with no item; an item whose outcome is not among the field's categories; a waived
    category that is not declared. Warnings: no ``outcomes`` key; a waived category that is absent (the waiver is
    used) or present (the waiver is stale and should go).
    """
    where = f"{task_id} seed {seed}"
    if set_name != layout.DEFAULT_SET:
        return [], []
    if OUTCOMES_KEY not in oracle:
        return [], [f"{where}: oracle.json declares no outcome categories (\"{OUTCOMES_KEY}\"); when the brief "
                    "defines categories the generator should write each item's outcome, or {} when it defines none"]
    declared = oracle[OUTCOMES_KEY]
    if not isinstance(declared, dict):
        return [f"{where}: oracle.json \"{OUTCOMES_KEY}\" is {type(declared).__name__}, expected an object "
                "{field: {categories, items}}"], []
    reasons: list[str] = []
    warnings: list[str] = []
    for field, block in sorted(declared.items()):
        if not isinstance(block, dict) or not block.get("categories") or not block.get("items"):
            reasons.append(f"{where}: outcome field {field!r} needs a non-empty \"categories\" list and \"items\" "
                           f"object {{item: category}}")
            continue
        categories = [str(c) for c in block["categories"]]
        counts = Counter(str(v) for v in block["items"].values())
        waived = {str(k): str(v) for k, v in (block.get("waived") or {}).items()}
        for category in categories:
            if counts[category]:
                if category in waived:
                    warnings.append(f"{where}: {field} {category!r} is waived but present "
                                    f"({counts[category]} item(s)): drop the waiver")
                continue
            if category in waived:
                warnings.append(f"{where}: {field} {category!r} has no instance (waived: {waived[category]})")
            else:
                reasons.append(f"{where}: the brief's {field} category {category!r} has no instance among "
                               f"{sum(counts.values())} item(s), so a worker that never answers {category!r} "
                               f"loses nothing; {_fix(task_id)}")
        for item, outcome in sorted(block["items"].items()):
            if str(outcome) not in categories:
                reasons.append(f"{where}: {field} of {item!r} is {outcome!r}, not one of the declared categories "
                               f"{categories}")
        for category in sorted(set(waived) - set(categories)):
            reasons.append(f"{where}: {field} waives {category!r}, which is not a declared category")
    return reasons, warnings
