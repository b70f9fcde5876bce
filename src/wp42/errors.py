"""Errors a user can fix. The CLI prints them as one line and exits 2; nothing else is caught there."""

from __future__ import annotations


class UserError(Exception):
    """Bad input from the user: an unknown task id, a missing oracle, a path that does not exist.

    The message names the problem and the fix in one line.
    """

    exit_code = 2
