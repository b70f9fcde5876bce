"""What every executor shares: the :class:`Executor` interface and the :class:`AttemptOutcome` it reports.

The local pool (:mod:`wp42.run.executor`) and the Ray backend (:mod:`wp42.run.executor_ray`) both import it,
so neither imports the other for these names (issue 21).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from wp42.layout import Repo
from wp42.run.runner import AttemptSpec


@dataclass
class AttemptOutcome:
    """What one attempt ended with: its receipt, or the error that kept it from finishing."""

    spec: AttemptSpec
    receipt: dict[str, Any] | None = None
    error: str | None = None
    skipped: bool = False


class Executor(Protocol):
    """Runs attempts and calls ``done`` as each finishes (in any order), on the checkout ``repo``."""

    repo: Repo

    def run(self, specs: list[AttemptSpec], done: Callable[[AttemptOutcome], None]) -> bool:
        """Run every spec; return True when interrupted (Ctrl-C) before all finished."""
        ...
