"""What every portal request reaches: one scenario's spec, inputs folder, submission store and access log.

The app factory (:mod:`wp42.portal.app`) puts one :class:`PortalContext` on the app; the blueprints (auth,
pages, api, forms) and the app's own hooks read it through :func:`portal_context`. It lives here, apart from
the factory, so that the blueprints import the name they use without importing the factory that registers them
(issue 21).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask import current_app

from wp42.portal.accesslog import AccessLog
from wp42.portal.submissions import SubmissionStore

EXTENSION_KEY = "wp42_portal"


@dataclass(frozen=True)
class PortalContext:
    """What the blueprints serve: the parsed portal.json, where its documents live and where submissions go."""

    spec: dict[str, Any]
    inputs_dir: Path
    store: SubmissionStore
    access_log: AccessLog | None

    def document(self, document_id: str) -> dict[str, Any] | None:
        return next((d for d in self.spec["documents"] if d["id"] == document_id), None)

    def form(self, form_id: str) -> dict[str, Any] | None:
        return next((f for f in self.spec["forms"] if f["id"] == form_id), None)


def portal_context() -> PortalContext:
    """The PortalContext of the app handling the current request."""
    return current_app.extensions[EXTENSION_KEY]
