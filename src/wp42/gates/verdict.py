"""What every proof gate reports: the gate names, one gate's verdict (:class:`Gate`) and the error that stops a
seed's gates early (:class:`GateError`) (SPEC section 5, issue 3)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from wp42.errors import UserError

#: In SPEC section 5 order; ``fair`` (5.5) runs every alternative correct solution like the reference.
GATES = ("ready", "solvable", "not_vacuous", "robust", "fair")


class GateError(UserError):
    """A step failed so early that the named gate (and those after it) could not be judged."""

    def __init__(self, gate: str, message: str) -> None:
        super().__init__(message)
        self.gate = gate


@dataclass
class Gate:
    """One gate's verdict: ``reasons`` make it fail, ``warnings`` are reported only, ``facts`` are what was measured."""

    name: str
    reasons: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    facts: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def passed(self) -> bool:
        return not self.reasons

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "passed": self.passed, "reasons": self.reasons, "warnings": self.warnings,
                "facts": self.facts, "seconds": round(self.seconds, 2)}
