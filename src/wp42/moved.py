"""Module paths that moved into packages (issue 21), importable for one release as aliases of their new home.

Each old module file holds only a deprecation note and ``alias(__name__)``. The alias is the new module
itself, not a copy of its names: private names, ``monkeypatch.setattr(wp42.sandbox, ...)`` and ``python -m``
of the new path all behave as before the move. Importing an old path warns once (:class:`DeprecationWarning`).
"""

from __future__ import annotations

import importlib
import runpy
import sys
import warnings
from types import ModuleType

#: old dotted path -> where the module lives now. The next release deletes the old files and this table.
MOVED: dict[str, str] = {
    "wp42.attempt_services": "wp42.run.attempt_services",
    "wp42.builtin_workers": "wp42.run.builtin_workers",
    "wp42.cli_new": "wp42.cli.new",
    "wp42.cli_portal": "wp42.cli.portal",
    "wp42.cli_read": "wp42.cli.read",
    "wp42.cli_report": "wp42.cli.report",
    "wp42.cli_validate": "wp42.cli.validate",
    "wp42.evaluation_child": "wp42.evaluation.child",
    "wp42.evaluation_service": "wp42.evaluation.service",
    "wp42.evaluation_warm": "wp42.evaluation.warm",
    "wp42.executor": "wp42.run.executor",
    "wp42.executor_ray": "wp42.run.executor_ray",
    "wp42.gates_attempts": "wp42.gates.attempts",
    "wp42.gates_inputs": "wp42.gates.inputs",
    "wp42.gates_ready": "wp42.gates.ready",
    "wp42.gates_real": "wp42.gates.real",
    "wp42.gates_report": "wp42.gates.report",
    "wp42.gates_verdict": "wp42.gates.verdict",
    "wp42.hostile": "wp42.gates.hostile",
    "wp42.receipts": "wp42.evaluation.receipts",
    "wp42.recording_proxy": "wp42.run.recording_proxy",
    "wp42.report_compare": "wp42.report.comparison",
    "wp42.report_data": "wp42.report.data",
    "wp42.report_plots": "wp42.report.charts",
    "wp42.report_render": "wp42.report.render",
    "wp42.report_site": "wp42.report.site",
    "wp42.runner": "wp42.run.runner",
    "wp42.sandbox": "wp42.run.sandbox",
    "wp42.sandbox_init": "wp42.run.sandbox_init",
    "wp42.stats": "wp42.report.stats",
    "wp42.throughput": "wp42.evaluation.throughput",
    "wp42.workers": "wp42.run.workers",
}


def alias(old: str) -> ModuleType:
    """Make ``sys.modules[old]`` the module ``MOVED[old]`` names, warn that ``old`` is deprecated, return it.

    Called as ``alias(__name__)`` at the end of an old module file: Python's import system hands out whatever
    ``sys.modules`` holds under the name once the file has run, so ``import old`` and ``from wp42 import old``
    both give the new module. Run as a program (``python -m wp42.builtin_workers copy-inputs``: ``old`` is
    ``"__main__"``), it runs the new module as the program instead, with the same arguments.

    Raises:
        KeyError: ``old`` is not in :data:`MOVED`.
    """
    if old == "__main__":
        spec = sys.modules["__main__"].__spec__
        old = spec.name if spec is not None else old
        warnings.warn(f"{old} moved to {MOVED[old]} (issue 21); the old path goes in the next release",
                      DeprecationWarning, stacklevel=2)
        runpy.run_module(MOVED[old], run_name="__main__", alter_sys=True)
        return sys.modules["__main__"]
    new = MOVED[old]
    module = importlib.import_module(new)
    warnings.warn(f"{old} moved to {new} (issue 21); the old path goes in the next release",
                  DeprecationWarning, stacklevel=3)
    sys.modules[old] = module
    return module
