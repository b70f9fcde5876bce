"""oracle.json's ``outcomes`` block: what outcome each item has under the brief's categories (issue 13, item 7).

The ready gate (``wp42.gates.outcomes``) fails a seed whose items leave a brief category without an instance, so a
worker that never answers "negotiate" or "refer" is still tested on it. A generator builds each field with
:func:`outcome_field` and passes ``{"outcomes": {field: ...}}`` in its oracle.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def outcome_field(categories: Iterable[str], items: Mapping[Any, Any],
                  waived: Mapping[str, str] | None = None) -> dict[str, Any]:
    """One field of the ``outcomes`` block: ``{"categories": [...], "items": {item id: category}}`` (plus
    ``"waived": {category: reason}`` when given), keys as strings and items sorted for byte-stable oracles.

    Args:
        categories: the brief's categories for the field, in the brief's order (``["accept", "negotiate",
            "reject"]``; booleans are written as ``"Yes"``/``"No"`` by the caller).
        items: each item's id (invoice number, clause, ticket ...) and its correct outcome.
        waived: categories the generator knowingly does not draw at every seed, each with the reason; the gate
            reports them as warnings instead of failing.

    Raises:
        ValueError: an item's outcome is not one of ``categories`` (a typo the gate would otherwise report later).
    """
    categories = [str(c) for c in categories]
    table = {str(k): str(v) for k, v in sorted(items.items(), key=lambda kv: str(kv[0]))}
    unknown = sorted({v for v in table.values() if v not in categories})
    if unknown:
        raise ValueError(f"outcome(s) {unknown} are not among the categories {categories}")
    field: dict[str, Any] = {"categories": categories, "items": table}
    if waived:
        field["waived"] = dict(sorted(waived.items()))
    return field


def yes_no(flag: bool) -> str:
    """``True`` -> ``"Yes"``, ``False`` -> ``"No"``: the briefs' spelling of a boolean column."""
    return "Yes" if flag else "No"
