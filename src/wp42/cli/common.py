"""What the ``wp42`` verbs share: the --oracle-root help, JSON printing, the unsandboxed-attempts warning."""

from __future__ import annotations

import json
from typing import Any

import click

from wp42 import layout
from wp42.console import err
from wp42.run.sandbox import unsandboxed_console_line

ORACLE_ROOT_HELP = f"oracle root (default ${layout.ORACLE_ROOT_ENV} or {layout.DEFAULT_ORACLE_ROOT})"


def print_json(document: Any) -> None:
    """Print ``document`` on stdout as indented JSON with sorted keys (the verbs' ``--json`` output)."""
    click.echo(json.dumps(document, indent=2, sort_keys=True))


def warn_unsandboxed(unsandboxed: int, attempts: int) -> None:
    """Say on the console (stderr, so --json output stays clean) when attempts ran without the sandbox."""
    if unsandboxed:
        err.print(unsandboxed_console_line(unsandboxed, attempts), style="bold red", highlight=False, markup=False)
