"""``wp42 portal TASK_ID [--port P] [--out DIR] [--json]``: serve a scenario's portal standalone (issue 4).

A thin click layer over ``wp42.portal.serve_forever``; :mod:`wp42.cli.main` registers ``portal_command``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from wp42.cli.common import UserPath
from wp42.portal import serve_forever


@click.command("portal")
@click.argument("task_id")
@click.option(
    "--port", type=click.IntRange(0, 65535), default=0, show_default=True,
    help="loopback port; 0 picks a free one (a taken port is an error, exit 2)",
)
@click.option(
    "--out",
    "out_dir",
    type=UserPath(file_okay=False, path_type=Path),
    default=None,
    help=(
        "where portal_submissions.json goes (default: a temporary folder, removed when the portal stops);"
        " the access log goes beside it"
    ),
)
@click.option("--json", "as_json", is_flag=True,
              help="once the portal answers, print one JSON line on stdout: {task_id, url, port, username, password, "
                   "submissions, access_log, temporary}")
def portal_command(task_id: str, port: int, out_dir: Path | None, as_json: bool) -> None:
    """Serve TASK_ID's portal on 127.0.0.1 with waitress and print its URL and credentials; Ctrl-C stops it."""

    def ready(address: dict[str, Any]) -> None:
        click.echo(json.dumps(address, sort_keys=True))  # one line, flushed: a script reads it and connects
        click.echo("Ctrl-C stops it.", err=True)

    serve_forever(task_id, port=port, out_dir=out_dir, echo=click.echo, ready=ready if as_json else None)
