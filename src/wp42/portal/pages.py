"""The HTML pages: home, the document library with downloads, and record tables (SPEC section 7)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, render_template, send_file

from wp42.portal.context import portal_context

blueprint = Blueprint("pages", __name__)


@blueprint.route("/")
def index():  # type: ignore[no-untyped-def]
    spec = portal_context().spec
    return render_template(
        "index.html",
        documents=spec["documents"],
        records={name: len(rows) for name, rows in spec["records"].items()},
        forms=spec["forms"],
    )


@blueprint.route("/documents")
def documents():  # type: ignore[no-untyped-def]
    spec = portal_context().spec
    by_category: dict[str, list[dict[str, Any]]] = {}
    for document in spec["documents"]:
        by_category.setdefault(document["category"], []).append(document)
    return render_template("documents.html", by_category=by_category)


@blueprint.route("/documents/<document_id>")
def download(document_id: str):  # type: ignore[no-untyped-def]
    """Send one listed document.

    Only ids portal.json lists are served, and the file must still resolve inside inputs/ at request time (a
    symlink planted after start-up is refused), so ``..`` in any encoding downloads nothing.
    """
    context = portal_context()
    document = context.document(document_id)
    if document is None:
        abort(404)
    target = (context.inputs_dir / document["path"]).resolve()
    if not target.is_relative_to(context.inputs_dir) or not target.is_file():
        abort(404)
    return send_file(target, as_attachment=True, download_name=target.name, max_age=0)


def columns_of(rows: list[dict[str, Any]]) -> list[str]:
    """Column names in order of first appearance across ``rows``."""
    seen: dict[str, None] = {}
    for row in rows:
        for key in row:
            seen.setdefault(key, None)
    return list(seen)


def table_columns(spec: dict[str, Any], entity: str, rows: list[dict[str, Any]]) -> list[dict[str, str]]:
    """The columns of record set ``entity``: ``[{"name", "label", "format"}]`` as portal.json's ``columns`` gives
    them (the source's order and labels), then any field the rows have beyond those; without an entry, every field
    in order of first appearance, labelled from its name ("po_number" -> "Po number")."""
    declared = [dict(c, format=c.get("format", "text")) for c in (spec.get("columns") or {}).get(entity, [])]
    named = {c["name"] for c in declared}
    extra = [{"name": n, "label": n.replace("_", " ").capitalize(), "format": "text"}
             for n in columns_of(rows) if n not in named]
    return declared + extra


@blueprint.route("/records/<entity>")
def records(entity: str):  # type: ignore[no-untyped-def]
    spec = portal_context().spec
    rows = spec["records"].get(entity)
    if rows is None:
        abort(404)
    return render_template("records.html", entity=entity, columns=table_columns(spec, entity, rows), rows=rows)
