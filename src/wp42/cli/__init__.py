"""The ``wp42`` command: argument parsing and printing only; every verb calls one library function.

One module per verb (list, generate, run, evaluate, score, demo, report, portal, read, validate, new), the group and
:func:`main` (the ``wp42`` console script) in :mod:`wp42.cli.main`, what the verbs share in
:mod:`wp42.cli.common`.
"""

from __future__ import annotations

from wp42.cli.common import ORACLE_ROOT_HELP
from wp42.cli.main import cli, main

__all__ = ["ORACLE_ROOT_HELP", "cli", "main"]
