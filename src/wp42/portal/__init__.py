"""The loopback portal for the portal arms A3/A4 (SPEC section 7).

``create_app`` is the Flask app factory (tests drive it with Flask's test client); ``start_portal`` serves a
scenario's ``portal/portal.json`` with waitress on 127.0.0.1 for the runner; ``serve_forever`` is the library side of
``wp42 portal TASK_ID``.
"""

from __future__ import annotations

from wp42.portal.app import create_app, load_portal_spec
from wp42.portal.server import PortalHandle, PortInUseError, serve_forever, start_portal

__all__ = ["PortInUseError", "PortalHandle", "create_app", "load_portal_spec", "serve_forever", "start_portal"]
