"""The portal's Flask app factory (SPEC section 7; STYLE.md: an app factory, small blueprints, no globals).

Everything a request needs (the portal spec, the inputs folder, the submission store, the access log) lives on the
app as one :class:`~wp42.portal.context.PortalContext`; the app and its blueprints reach it through
:func:`~wp42.portal.context.portal_context` (:mod:`wp42.portal.context`, which imports neither).
"""

from __future__ import annotations

import secrets
import time
from pathlib import Path
from typing import Any

from flask import Flask, g, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from wp42 import schemas
from wp42.evidence import Signer
from wp42.layout import Bundle
from wp42.portal import api, auth, forms, pages
from wp42.portal.accesslog import AccessLog
from wp42.portal.context import EXTENSION_KEY, PortalContext, portal_context
from wp42.portal.submissions import SubmissionStore


def load_portal_spec(bundle_root: Path) -> dict[str, Any]:
    """Read and schema-check ``<bundle_root>/portal/portal.json``.

    Raises:
        FileNotFoundError: the bundle has no portal.json.
        ValueError: portal.json is not valid JSON or breaks ``benchmark/schemas/portal.schema.json``.
    """
    path = Bundle(Path(bundle_root)).portal_json
    if not path.is_file():
        raise FileNotFoundError(f"{path}: this scenario has no portal (portal arms need portal/portal.json)")
    spec = schemas.load_json(path)
    problems = schemas.errors("portal", spec)
    if problems:
        raise ValueError(f"{path} breaks the portal schema: " + "; ".join(problems))
    return spec


def check_document_paths(spec: dict[str, Any], inputs_dir: Path) -> None:
    """Refuse a portal.json whose documents are not files inside ``inputs_dir`` (SPEC section 7).

    Raises:
        ValueError: naming the first document whose path escapes inputs/ or does not exist.
    """
    root = inputs_dir.resolve()
    for document in spec["documents"]:
        target = (root / document["path"]).resolve()
        if not target.is_relative_to(root):
            raise ValueError(f"portal document {document['id']!r}: path {document['path']!r} leaves inputs/")
        if not target.is_file():
            raise ValueError(f"portal document {document['id']!r}: {target} is not a file")


def create_app(
    portal_spec: dict[str, Any],
    inputs_dir: Path,
    out_dir: Path,
    access_log: Path | None = None,
    signer: Signer | None = None,
) -> Flask:
    """Build the portal for one scenario.

    Args:
        portal_spec: the parsed portal.json (SPEC section 7; already schema-valid, see ``load_portal_spec``).
        inputs_dir: the bundle's (or workspace's) ``inputs/``; the only folder documents are served from.
        out_dir: the worker's ``out/``; accepted form submissions are appended to ``out/portal_submissions.json``.
        access_log: where one JSON line per request (method, path, status, time) is appended; None logs nothing.
        signer: signs each accepted submission for one attempt (:mod:`wp42.evidence`); None leaves them unsigned
            (``wp42 portal``, tests).

    The session secret is drawn fresh for every app, so a restart logs every client out.

    Raises:
        ValueError: a document path leaves ``inputs_dir`` or is missing.
    """
    inputs_dir = Path(inputs_dir).resolve()
    check_document_paths(portal_spec, inputs_dir)
    app = Flask(__name__)
    app.config.update(
        SECRET_KEY=secrets.token_hex(32),
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Strict",
        SESSION_COOKIE_NAME="wp42_portal_session",
        MAX_CONTENT_LENGTH=1024 * 1024,
        TEMPLATES_AUTO_RELOAD=False,
    )
    app.extensions[EXTENSION_KEY] = PortalContext(
        spec=portal_spec,
        inputs_dir=inputs_dir,
        store=SubmissionStore(Path(out_dir), signer=signer),
        access_log=AccessLog(Path(access_log)) if access_log is not None else None,
    )

    app.register_blueprint(auth.blueprint)
    app.register_blueprint(pages.blueprint)
    app.register_blueprint(api.blueprint)
    app.register_blueprint(forms.blueprint)
    app.before_request(_start_clock)
    app.before_request(auth.require_session)
    app.after_request(_finish_response)
    app.register_error_handler(HTTPException, _http_error)
    app.context_processor(_template_globals)
    app.jinja_env.tests["quantity"] = _is_quantity
    app.jinja_env.filters["cell"] = _cell_text
    return app


def _is_quantity(value: Any) -> bool:
    """Numbers are right-aligned in tables; booleans are not numbers to a reader."""
    return isinstance(value, int | float) and not isinstance(value, bool)


def _cell_text(value: Any, fmt: str | None = None) -> str:
    """A record's value as the firm's system shows it: ``money`` with thousands separators and two decimals
    (2840.5 -> "2,840.50"), ``percent`` with two decimals and a sign ("20.00%"), ``number`` without a float's
    trailing ".0"; booleans as Yes/No; anything else as text. Source: issue 13, item 6 ("money shows as floats")."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "Yes" if value else "No"
    if _is_quantity(value):
        if fmt == "money":
            return f"{value:,.2f}"
        if fmt == "percent":
            return f"{value:.2f}%"
        if isinstance(value, float) and value.is_integer() and fmt in (None, "number"):
            return str(int(value))
    return str(value)


def _scenario_day(spec: dict[str, Any]) -> str:
    """portal.json's ``today`` as a reader expects a date in a page header ("Monday 3 March 2025"); "" when the
    spec gives none. The machine's clock is never read: a page dated 2026 in a 2025 assignment is a giveaway."""
    from datetime import date

    today = spec.get("today")
    if not today:
        return ""
    day = date.fromisoformat(today)
    return f"{day:%A} {day.day} {day:%B %Y}"


def _start_clock() -> None:
    g.wp42_started = time.perf_counter()


def _finish_response(response):  # type: ignore[no-untyped-def]
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("X-Frame-Options", "DENY")
    response.headers.setdefault("Referrer-Policy", "no-referrer")
    response.headers.setdefault("Cache-Control", "no-store")
    response.headers.setdefault(
        "Content-Security-Policy", "default-src 'self'; style-src 'self'; form-action 'self'; frame-ancestors 'none'"
    )
    context = portal_context()
    if context.access_log is not None:
        started = g.get("wp42_started")
        context.access_log.record(
            method=request.method,
            path=request.path,
            query=request.query_string.decode("latin-1"),
            status=response.status_code,
            duration_ms=None if started is None else round((time.perf_counter() - started) * 1000, 3),
            submission_id=g.get("wp42_submission_id"),
        )
    return response


def _http_error(error: HTTPException):  # type: ignore[no-untyped-def]
    if request.path.startswith("/api/"):
        return jsonify({"error": error.name, "status": error.code}), error.code
    return render_template("error.html", error=error), error.code


def _template_globals() -> dict[str, Any]:
    from flask import session

    spec = portal_context().spec
    return {"org": spec["org"], "username": session.get("username"), "today": _scenario_day(spec)}
