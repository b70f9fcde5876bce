"""The services a worker reaches from its sandbox, run outside it: the recording proxy, the portal (issue 15) and the
model egress (issue 19).

Both run in the runner's process and listen on unix sockets in a private folder of the system's temporary folder
(short paths: a unix socket path holds at most 107 bytes), which the sandbox shows read-only; the sandbox's init
forwards a loopback port to each (:mod:`wp42.run.sandbox_init`). What they record (the network record, the portal's
access log, the submissions they signed, the model requests) is written into the attempt folder, which the worker does not see.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wp42 import evidence
from wp42.layout import PORTAL_CREDENTIALS, Attempt, Bundle
from wp42.run.model_egress import ModelEgress, ModelEndpoint
from wp42.run.recording_proxy import RecordingProxy

PROXY_SOCKET = "proxy.sock"
PORTAL_SOCKET = "portal.sock"
MODEL_SOCKET = "model.sock"


@dataclass
class AttemptServices:
    """The proxy, the portal for a portal arm and the model egress when an endpoint is given, serving one attempt
    until :meth:`stop`.

    Use :func:`start_services`; ``init_config`` is what the sandbox's init needs (socket paths, the portal's
    credentials and where to write them); ``portal_record`` is run.json's ``portal`` entry once stopped.
    """

    sockets_dir: Path
    proxy: RecordingProxy
    portal: Any = None  # wp42.portal.PortalHandle (imported only for portal arms: Flask is not needed otherwise)
    signer: evidence.Signer | None = None
    model: ModelEgress | None = None
    init_config: dict[str, Any] = field(default_factory=dict)

    def stop(self) -> None:
        """Stop both services and remove the sockets folder. Idempotent."""
        if self.portal is not None:
            self.portal.stop()
        if self.model is not None:
            with contextlib.suppress(OSError):
                self.model.stop()
        with contextlib.suppress(OSError):
            self.proxy.stop()
        shutil.rmtree(self.sockets_dir, ignore_errors=True)

    def portal_record(self) -> dict[str, Any] | None:
        """``{"attempt_id", "submissions_signed": true, "accepted_submissions": [ids in order]}``, or None when the
        arm has no portal."""
        if self.signer is None:
            return None
        return {"attempt_id": self.signer.attempt, "submissions_signed": True,
                "accepted_submissions": list(self.signer.accepted)}


def start_services(folder: Attempt, bundle: Bundle | None, attempt_id: str,
                   model_endpoint: ModelEndpoint | None = None) -> AttemptServices:
    """Start the recording proxy, the portal when ``bundle`` is given (a portal arm) and the model egress when
    ``model_endpoint`` is (:mod:`wp42.run.model_egress`), for attempt ``folder``.

    The portal serves the repository's ``bundle`` (which the worker cannot change; the workspace holds a copy),
    writes submissions into the workspace's out/, signed with a fresh key kept in ``folder.portal_key`` (mode 0600).

    Raises:
        FileNotFoundError, ValueError: the bundle's portal.json is missing or invalid (nothing is left running).
        OSError: a socket cannot be created.
    """
    sockets_dir = Path(tempfile.mkdtemp(prefix="wp42-", dir="/tmp" if Path("/tmp").is_dir() else None))
    proxy, services = None, None
    try:
        proxy = RecordingProxy(sockets_dir / PROXY_SOCKET, folder.network_log)
        services = AttemptServices(sockets_dir, proxy, init_config={"proxy_socket": str(sockets_dir / PROXY_SOCKET),
                                                                    "portal": None, "model": None})
        if model_endpoint is not None:
            services.model = ModelEgress(sockets_dir / MODEL_SOCKET, model_endpoint, folder.model_requests_log)
            services.init_config["model"] = {"socket": str(sockets_dir / MODEL_SOCKET),
                                             "path_prefix": model_endpoint.path_prefix}
        if bundle is not None:
            from wp42.portal import start_portal

            key = evidence.new_key()
            fd = os.open(folder.portal_key, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(key)
            services.signer = evidence.Signer(key, attempt_id)
            services.portal = start_portal(bundle.root, folder.workspace_out, folder.portal_access_log,
                                           unix_socket=sockets_dir / PORTAL_SOCKET, signer=services.signer)
            services.init_config["portal"] = {
                "socket": str(sockets_dir / PORTAL_SOCKET), "credentials": services.portal.credentials,
                "credentials_file": str(folder.workspace / PORTAL_CREDENTIALS),
            }
        return services
    except BaseException:
        if services is not None:
            services.stop()
        elif proxy is not None:
            with contextlib.suppress(OSError):
                proxy.stop()
        shutil.rmtree(sockets_dir, ignore_errors=True)
        raise
