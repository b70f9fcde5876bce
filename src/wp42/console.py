"""The consoles every verb prints to, and the one progress bar long work shows (on stderr, only on a terminal)."""

from __future__ import annotations

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

err = Console(stderr=True)
# Piped output (CI logs, files) gets a wide table instead of rich's 80-column default, which truncates ids.
out = Console() if Console().is_terminal else Console(width=160)


def progress() -> Progress:
    """A progress bar with done/total, elapsed time and ETA on stderr; silent when stderr is not a terminal."""
    return Progress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        TextColumn("eta"), TimeRemainingColumn(), console=err, transient=False, disable=not err.is_terminal,
    )
