"""Login, logout and the session guard (SPEC section 7: every page but the login requires the session).

Unauthenticated page requests are redirected to ``/login?next=<path>``; ``/api/...`` answers 401 JSON so scripts
see a clear status instead of an HTML login page.
"""

from __future__ import annotations

import hmac

from flask import Blueprint, jsonify, redirect, render_template, request, session, url_for

from wp42.portal.context import portal_context

blueprint = Blueprint("auth", __name__)

#: endpoints reachable without a session
PUBLIC_ENDPOINTS = frozenset({"auth.login", "static"})


def require_session():  # type: ignore[no-untyped-def]
    """``before_request`` hook: let the login page and the stylesheet through, stop everything else."""
    if request.endpoint in PUBLIC_ENDPOINTS or session.get("username"):
        return None
    if request.path.startswith("/api/") or request.path == "/api":
        return jsonify({"error": "authentication required", "login": url_for("auth.login")}), 401
    return redirect(url_for("auth.login", next=request.full_path.rstrip("?")))


def _safe_next(target: str | None) -> str:
    """Only same-site absolute paths are followed after login (no open redirect to ``//host`` or ``http:``)."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return url_for("pages.index")
    return target


@blueprint.route("/login", methods=["GET", "POST"])
def login():  # type: ignore[no-untyped-def]
    user = portal_context().spec["user"]
    error = None
    if request.method == "POST":
        username = request.form.get("username", "")
        password = request.form.get("password", "")
        # compare both fields in constant time, and always both, so timing says nothing about which was wrong
        user_ok = hmac.compare_digest(username.encode("utf-8"), user["username"].encode("utf-8"))
        password_ok = hmac.compare_digest(password.encode("utf-8"), user["password"].encode("utf-8"))
        if user_ok and password_ok:
            session.clear()
            session["username"] = username
            return redirect(_safe_next(request.args.get("next")))
        error = "Unknown user name or wrong password."
    status = 401 if error else 200
    return render_template("login.html", error=error, next=request.args.get("next", "")), status


@blueprint.route("/logout", methods=["GET", "POST"])
def logout():  # type: ignore[no-untyped-def]
    session.clear()
    return redirect(url_for("auth.login"))
