"""``/api/<entity>``: a record set as a JSON list, exactly as portal.json holds it (SPEC section 7)."""

from __future__ import annotations

from flask import Blueprint, abort, jsonify

from wp42.portal.context import portal_context

blueprint = Blueprint("api", __name__, url_prefix="/api")


@blueprint.route("/")
def entities():  # type: ignore[no-untyped-def]
    """The entity names and their record counts."""
    records = portal_context().spec["records"]
    return jsonify({name: len(rows) for name, rows in sorted(records.items())})


@blueprint.route("/<entity>")
def records(entity: str):  # type: ignore[no-untyped-def]
    rows = portal_context().spec["records"].get(entity)
    if rows is None:
        abort(404)
    return jsonify(rows)
