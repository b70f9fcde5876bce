"""The field tables of docs/authoring.md, generated from the JSON Schemas so the guide cannot drift (issue 22).

Each table sits between two markers in the guide::

    <!-- fields:task (generated from benchmark/schemas/task.schema.json by python -m wp42.docs_tables) -->
    | field | type | required | rule |
    ...
    <!-- end fields:task -->

The README's scenario catalogue (issue 17: occupation, organisation, difficulty, formats and features of each
scenario) is generated the same way, between ``<!-- scenarios ... -->`` and ``<!-- end scenarios -->``, from each
committed seed-42 bundle (task.json, inputs/, portal/) and its template's solutions.json (sets and levels).

``python -m wp42.docs_tables`` rewrites every table; ``python -m wp42.docs_tables --check`` changes nothing and exits
1 naming each table that differs (tests/test_authoring.py runs the check).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

from wp42 import catalogue, schemas
from wp42.errors import UserError
from wp42.layout import Repo

#: The schemas whose fields the guide tabulates, in the guide's order.
TABLES = ("task", "portal", "oracle", "solutions")
GUIDE_NAME = "authoring.md"
_REGION = re.compile(r"(<!-- fields:(?P<name>[a-z]+) [^>]*-->\n)(?P<body>.*?)(<!-- end fields:(?P=name) -->)", re.DOTALL)
README_NAME = "README.md"
_SCENARIOS = re.compile(r"(<!-- scenarios [^>]*-->\n)(?P<body>.*?)(<!-- end scenarios -->)", re.DOTALL)


def _resolve(node: dict[str, Any], root: dict[str, Any]) -> dict[str, Any]:
    """``node`` with local ``$ref`` s followed and ``allOf`` parts merged (properties and required lists)."""
    if "$ref" in node:
        target: Any = root
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        node = {**_resolve(target, root), **{k: v for k, v in node.items() if k != "$ref"}}
    if "allOf" in node:
        merged: dict[str, Any] = {k: v for k, v in node.items() if k != "allOf"}
        for part in node["allOf"]:
            part = _resolve(part, root)
            merged["properties"] = {**merged.get("properties", {}), **part.get("properties", {})}
            merged["required"] = [*merged.get("required", []), *part.get("required", [])]
            merged.update({k: v for k, v in part.items() if k not in ("properties", "required")})
        node = merged
    return node


def _type(node: dict[str, Any]) -> str:
    if "const" in node:
        return f"always `{node['const']}`"
    if "enum" in node:
        return "one of " + ", ".join(f"`{v}`" for v in node["enum"])
    kind = node.get("type", "any")
    text = " or ".join(kind) if isinstance(kind, list) else kind
    if text == "array" and isinstance(node.get("items"), dict):
        inner = node["items"]
        text = "array of objects" if "properties" in inner or "allOf" in inner or "$ref" in inner \
            else f"array of {_type(inner)}"
    if text == "object" and isinstance(node.get("additionalProperties"), dict) and "properties" not in node:
        text = f"map of name to {_type(node['additionalProperties'])}"
    return text


def _rule(node: dict[str, Any]) -> str:
    parts = []
    for key, label in (("minimum", ">="), ("exclusiveMinimum", ">"), ("minLength", "length >="),
                       ("minItems", "items >="), ("minProperties", "entries >=")):
        if key in node:
            parts.append(f"{label} {node[key]}")
    if "pattern" in node:
        parts.append(f"matches `{node['pattern']}`")
    for inner in (node.get("additionalProperties"), node.get("items")):
        if isinstance(inner, dict) and "pattern" in inner:
            parts.append(f"each matches `{inner['pattern']}`")
    if isinstance(node.get("contains"), dict):
        wanted = [f"`{k}` = `{v['const']}`" for k, v in node["contains"].get("properties", {}).items() if "const" in v]
        parts.append(f"must include an item with {', '.join(wanted)}")
    if node.get("additionalProperties") is False and "properties" in node:
        parts.append("no other fields")
    if node.get("description"):
        parts.append(node["description"])
    return "; ".join(parts)


def field_rows(node: dict[str, Any], root: dict[str, Any], prefix: str = "") -> list[tuple[str, str, str, str]]:
    """``(field, type, required, rule)`` for every property of ``node``, nested objects and arrays of objects
    flattened as ``parent.child`` and ``parent[].child``, in the schema's order."""
    node = _resolve(node, root)
    rows = []
    required = set(node.get("required", []))
    for name, child in node.get("properties", {}).items():
        child = _resolve(child, root)
        path = f"{prefix}{name}"
        rows.append((f"`{path}`", _type(child), "yes" if name in required else "", _rule(child)))
        if "properties" in child:
            rows += field_rows(child, root, f"{path}.")
        items = child.get("items")
        if isinstance(items, dict) and "properties" in _resolve(items, root):
            rows += field_rows(items, root, f"{path}[].")
    return rows


def render_table(name: str, repo: Repo) -> str:
    """The Markdown table of ``benchmark/schemas/<name>.schema.json`` (ends with a newline)."""
    schema = schemas.load_json(repo.schema(name))
    lines = ["| field | type | required | rule |", "|---|---|---|---|"]
    for row in field_rows(schema, schema):
        # a pipe inside a cell (a pattern's alternatives) is escaped, as GFM tables require
        lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |")
    return "\n".join(lines) + "\n"


def update(text: str, repo: Repo) -> str:
    """``text`` (the guide) with every generated region rewritten from its schema.

    Raises:
        ValueError: a region names a schema outside :data:`TABLES`, or a table of :data:`TABLES` has no region.
    """
    seen = []

    def replace(match: re.Match[str]) -> str:
        name = match["name"]
        if name not in TABLES:
            raise ValueError(f"the guide has a generated region for {name!r}; known schemas: {', '.join(TABLES)}")
        seen.append(name)
        return match.group(1) + render_table(name, repo) + match.group(4)

    updated = _REGION.sub(replace, text)
    missing = [name for name in TABLES if name not in seen]
    if missing:
        raise ValueError(f"the guide has no generated region for {', '.join(missing)} "
                         f"(<!-- fields:NAME ... --> ... <!-- end fields:NAME -->)")
    return updated


def stale_tables(guide: Path, repo: Repo) -> list[str]:
    """The names of the tables in ``guide`` that differ from their schemas (empty when all match)."""
    text = guide.read_text(encoding="utf-8")
    fresh = {m["name"]: m["body"] for m in _REGION.finditer(update(text, repo))}
    return [m["name"] for m in _REGION.finditer(text) if fresh.get(m["name"]) != m["body"]]


def _features(task: dict[str, Any], has_portal: bool) -> str:
    features = task.get("designed_features", {})
    count = features.get("planted_errors", 0)
    named = [f"{count} planted error{'' if count == 1 else 's'}"]
    named += [label for key, label in (("prompt_injection", "injection"), ("requires_clarification", "clarification"),
                                       ("missing_information", "missing information")) if features.get(key)]
    if has_portal:
        named.append("portal" + (" with interface perturbation" if features.get("interface_perturbation") else ""))
    return ", ".join(named)


def scenario_rows(repo: Repo) -> list[tuple[str, ...]]:
    """One row per scenario of the checkout, in id order: id, occupation, organisation (without "(fictional)"),
    assignment (task.json's title), difficulty, input formats (file suffixes under inputs/, sorted), deliverable kinds (task.json's
    required_deliverables, in order), features (planted errors, injection, clarification, portal), sets, levels.

    Raises:
        UserError: a scenario's task.json or its template's solutions.json is missing or invalid
            (:attr:`wp42.catalogue.Scenario.problem`).
    """
    rows = []
    for entry in catalogue.scenarios(repo):
        if entry.problem:
            raise UserError(f"{entry.task_id}: {entry.problem}")
        task = entry.task
        inputs_dir = repo.bundle(entry.task_id).inputs
        inputs = sorted({p.suffix.lower().lstrip(".") for p in inputs_dir.rglob("*") if p.is_file() and p.suffix})
        kinds = list(dict.fromkeys(d["kind"] for d in task.get("required_deliverables", [])))
        rows.append((entry.task_id, task.get("occupation", ""), entry.organisation, task.get("title", ""),
                     task.get("difficulty", ""), ", ".join(inputs), ", ".join(kinds), _features(task, entry.portal),
                     ", ".join(entry.sets), ", ".join(entry.levels)))
    return rows


def render_scenarios(repo: Repo) -> str:
    """The README's scenario catalogue as a Markdown table (ends with a newline)."""
    lines = ["| scenario | occupation | organisation | assignment | difficulty | inputs | deliverables | features | sets "
             "| levels |", "|---|---|---|---|---|---|---|---|---|---|"]
    lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in scenario_rows(repo)]
    return "\n".join(lines) + "\n"


def update_readme(text: str, repo: Repo) -> str:
    """``text`` (the README) with its scenario catalogue rewritten.

    Raises:
        ValueError: the README has no ``<!-- scenarios ... -->`` ... ``<!-- end scenarios -->`` region.
    """
    if not _SCENARIOS.search(text):
        raise ValueError("the README has no generated region for the scenarios "
                         "(<!-- scenarios ... --> ... <!-- end scenarios -->)")
    return _SCENARIOS.sub(lambda m: m.group(1) + render_scenarios(repo) + m.group(3), text)


def main(argv: list[str] | None = None) -> int:
    """``python -m wp42.docs_tables [--check] [--guide PATH]``; returns the exit status (1: tables differ)."""
    parser = argparse.ArgumentParser(description="Regenerate (or --check) the schema field tables of the guide.")
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 when a table differs")
    parser.add_argument("--guide", type=Path, help="default: docs/authoring.md of the checkout")
    parser.add_argument("--readme", type=Path, help="default: README.md of the checkout (skipped when absent)")
    args = parser.parse_args(argv)
    repo = Repo.find()
    guide = args.guide or repo.docs / GUIDE_NAME
    readme = args.readme or repo.root / README_NAME
    if args.check:
        stale = stale_tables(guide, repo)
        for name in stale:
            print(f"{guide}: the {name} table differs from benchmark/schemas/{name}.schema.json: "
                  "run python -m wp42.docs_tables", file=sys.stderr)
        if readme.is_file():
            text = readme.read_text(encoding="utf-8")
            if update_readme(text, repo) != text:
                stale.append("scenarios")
                print(f"{readme}: the scenario catalogue differs from the scenarios of benchmark/scenarios: "
                      "run python -m wp42.docs_tables", file=sys.stderr)
        return 1 if stale else 0
    guide.write_text(update(guide.read_text(encoding="utf-8"), repo), encoding="utf-8")
    if readme.is_file():
        readme.write_text(update_readme(readme.read_text(encoding="utf-8"), repo), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
