"""Child process that runs one evaluate.py: ``python -m wp42.evaluation.child EVALUATE_PY OUT WORKSPACE ORACLE_JSON
RUN_ID RESULT_JSON``. Loaded by path (the framework imports no scenario as a module of its own); the receipt is
written to RESULT_JSON. Exit 0 with a receipt, or non-zero with the error on stderr for the parent to record.

The warm evaluation service (:mod:`wp42.evaluation.warm`) runs the same :func:`run` in a child forked from a
pre-imported parent, handing it the evaluator already compiled, so both paths load, call and report alike.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import traceback
from pathlib import Path
from types import CodeType

from wp42.evaluation.scoring import MEMORY_ERROR_MARK

#: The name the evaluator module gets (never a name the framework imports).
MODULE_NAME = "wp42_scenario_evaluator"
#: Exit statuses: 0 a receipt was written, 1 the evaluator failed (error on stderr), 3 it ran out of memory.
EXIT_OK, EXIT_ERROR, EXIT_MEMORY = 0, 1, 3


def compile_evaluator(evaluate_py: str, source: bytes) -> CodeType:
    """``source`` (the bytes of ``evaluate_py``) compiled exactly as the import system compiles a module.

    Raises:
        SyntaxError: the evaluator does not parse.
    """
    spec = importlib.util.spec_from_file_location(MODULE_NAME, evaluate_py)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {evaluate_py}")
    return spec.loader.source_to_code(source, evaluate_py)  # type: ignore[attr-defined]


def run(evaluate_py: str, out_dir: str, workspace: str, oracle_json: str, run_id: str, result: str,
        code: CodeType | None = None) -> int:
    """Load ``evaluate_py`` (from ``code`` when the caller compiled it already), call its ``evaluate(out_dir,
    oracle, workspace, run_id)`` and write the receipt to ``result`` as sorted-key JSON.

    Returns :data:`EXIT_OK`, :data:`EXIT_ERROR` (the traceback's last frames and the error on stderr) or
    :data:`EXIT_MEMORY` (:data:`wp42.evaluation.MEMORY_ERROR_MARK` on stderr).
    """
    try:
        spec = importlib.util.spec_from_file_location(MODULE_NAME, evaluate_py)
        if spec is None or spec.loader is None:
            raise ImportError(f"cannot load {evaluate_py}")
        module = importlib.util.module_from_spec(spec)
        if code is None:
            spec.loader.exec_module(module)
        else:
            exec(code, module.__dict__)
        oracle = json.loads(Path(oracle_json).read_text(encoding="utf-8"))
        receipt = module.evaluate(out_dir, oracle, workspace, run_id)
        text = json.dumps(receipt, sort_keys=True, allow_nan=False)
    except MemoryError:
        print(MEMORY_ERROR_MARK, file=sys.stderr)
        return EXIT_MEMORY
    except Exception as exc:  # every evaluator failure becomes an evaluator_error receipt in the parent
        traceback.print_exc(limit=4)
        print(f"{type(exc).__name__}: {exc}", file=sys.stderr)
        return EXIT_ERROR
    Path(result).write_text(text, encoding="utf-8")
    return EXIT_OK


def main(argv: list[str]) -> int:
    """Entry point of ``python -m wp42.evaluation.child`` (arguments in the module docstring)."""
    evaluate_py, out_dir, workspace, oracle_json, run_id, result = argv
    return run(evaluate_py, out_dir, workspace, oracle_json, run_id, result)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
