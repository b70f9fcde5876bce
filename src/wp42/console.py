"""The consoles every verb prints to, and the one progress display long work shows on stderr: a bar on a terminal,
and a plain line every :data:`PLAIN_EVERY_S` seconds elsewhere (CI logs, a redirected file)."""

from __future__ import annotations

from time import monotonic as _clock
from typing import Any

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


#: Seconds between two plain progress lines when stderr is not a terminal (nothing is printed before the first
#: interval, so a quick command stays quiet).
PLAIN_EVERY_S = 10.0


class PlainProgress(Progress):
    """:class:`rich.progress.Progress` for a stderr that is not a terminal: no bar, but a line
    ``"[  42 s] ACC-01 wrong:misses_deposit done (12/40)"`` at most every :data:`PLAIN_EVERY_S` seconds, so long
    work in a CI log or a redirected file shows it is alive (the bar is silent there)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._started = self._last = _clock()

    def update(self, task_id: Any, **kwargs: Any) -> None:  # type: ignore[override]
        super().update(task_id, **kwargs)
        self._line(task_id)

    def advance(self, task_id: Any, advance: float = 1) -> None:
        super().advance(task_id, advance)
        self._line(task_id)

    def _line(self, task_id: Any) -> None:
        now = _clock()
        if now - self._last < PLAIN_EVERY_S:
            return
        self._last = now
        task = self._tasks[task_id]
        count = f" ({task.completed:g}/{task.total:g})" if task.total else ""
        err.print(f"[{now - self._started:5.0f} s] {task.description}{count}", highlight=False, markup=False)


def progress() -> Progress:
    """A progress bar with done/total, elapsed time and ETA on stderr when it is a terminal; elsewhere a
    :class:`PlainProgress` line every :data:`PLAIN_EVERY_S` seconds."""
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
               TextColumn("eta"), TimeRemainingColumn())
    if err.is_terminal:
        return Progress(*columns, console=err, transient=False)
    return PlainProgress(*columns, console=err, transient=False, disable=True)
