"""What the ``wp42`` verbs share: the --oracle-root help, paths as a user types them, JSON printing, the
unsandboxed-attempts warning."""

from __future__ import annotations

import json
import os
import re
from typing import Any

import click

from wp42 import layout
from wp42.console import err
from wp42.run.sandbox import unsandboxed_console_line

ORACLE_ROOT_HELP = f"oracle root (default ${layout.ORACLE_ROOT_ENV} or {layout.DEFAULT_ORACLE_ROOT})"


#: ``$NAME`` or ``${NAME}`` in a path, as a POSIX shell writes a variable.
_VARIABLE = re.compile(r"\$(?:\{(?P<braced>\w+)\}|(?P<plain>\w+))")


class UserPath(click.Path):
    """:class:`click.Path` that first expands ``~`` and ``$VAR`` as the shell would have: a path typed in quotes
    (``--expose "~/agents"``, ``--oracle-root '$SCRATCH/oracles'``) or read from a file reaches wp42 unexpanded,
    and click's own Path takes it literally (``Path '~/agents' does not exist``). The checks of
    :class:`click.Path` (``exists``, ``file_okay`` ...) then apply to the expanded path.

    Raises (as click's usage error, exit 2): a variable the path names is not set, and no file of that literal
    name exists.
    """

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and value != "-":
            expanded = os.path.expandvars(os.path.expanduser(value))
            unset = [m["braced"] or m["plain"] for m in _VARIABLE.finditer(expanded)
                     if (m["braced"] or m["plain"]) not in os.environ]
            if unset and not os.path.exists(expanded):
                self.fail(f"{value!r} names ${unset[0]}, which is not set: export it or write the path out", param,
                          ctx)
            value = expanded
        return super().convert(value, param, ctx)


def print_json(document: Any) -> None:
    """Print ``document`` on stdout as indented JSON with sorted keys (the verbs' ``--json`` output)."""
    click.echo(json.dumps(document, indent=2, sort_keys=True))


def warn_unsandboxed(unsandboxed: int, attempts: int) -> None:
    """Say on the console (stderr, so --json output stays clean) when attempts ran without the sandbox."""
    if unsandboxed:
        err.print(unsandboxed_console_line(unsandboxed, attempts), style="bold red", highlight=False, markup=False)
