"""``/forms/<form_id>``: GET shows the form, POST validates it and appends an accepted submission (SPEC section 7).

An accepted post answers ``303 See Other`` to ``/forms/<form_id>?submitted=<submission_id>`` (post/redirect/get, so a
browser refresh does not submit twice); a rejected one re-renders the form with messages and status 422.
"""

from __future__ import annotations

from flask import Blueprint, abort, g, redirect, render_template, request, url_for

from wp42.portal.context import portal_context
from wp42.portal.fields import is_required, validate_form
from wp42.portal.submissions import SubmissionStoreError

blueprint = Blueprint("forms", __name__, url_prefix="/forms")


@blueprint.route("/")
def index():  # type: ignore[no-untyped-def]
    return render_template("forms.html", forms=portal_context().spec["forms"])


@blueprint.route("/submissions")
def submissions():  # type: ignore[no-untyped-def]
    """What is on file: every accepted submission, newest first, with each form's field labels (issue 13, item 6:
    a clerk can see what they already sent, since a later submission for the same item replaces an earlier one)."""
    context = portal_context()
    try:
        entries = context.store.read()
    except SubmissionStoreError as exc:
        return render_template("submissions.html", entries=[], forms={}, store_error=str(exc)), 503
    forms = {f["id"]: {"title": f["title"], "labels": {x["name"]: x["label"] for x in f["fields"]}}
             for f in context.spec["forms"]}
    return render_template("submissions.html", entries=list(reversed(entries)), forms=forms, store_error=None)


@blueprint.route("/<form_id>", methods=["GET", "POST"])
def form(form_id: str):  # type: ignore[no-untyped-def]
    context = portal_context()
    spec = context.form(form_id)
    if spec is None:
        abort(404)
    if request.method == "GET":
        return render_template(
            "form.html", form=spec, values={}, errors={}, is_required=is_required,
            submitted=request.args.get("submitted"),
        )
    posted = {key: request.form.get(key) for key in request.form}
    values, errors = validate_form(spec, posted)
    if errors:
        return render_template(
            "form.html", form=spec, values=posted, errors=errors, is_required=is_required, submitted=None,
        ), 422
    try:
        entry = context.store.append(form_id, values)
    except SubmissionStoreError as exc:
        return render_template(
            "form.html", form=spec, values=posted, errors={}, is_required=is_required, submitted=None,
            store_error=str(exc),
        ), 503
    g.wp42_submission_id = entry["submission_id"]
    return redirect(url_for("forms.form", form_id=form_id, submitted=entry["submission_id"]), code=303)
