"""Child process that runs one evaluate.py: ``python -m wp42.evaluation_child EVALUATE_PY OUT WORKSPACE ORACLE_JSON
RUN_ID RESULT_JSON``. Loaded by path (the framework imports no scenario as a module of its own); the receipt is
written to RESULT_JSON. Exit 0 with a receipt, or non-zero with the error on stderr for the parent to record.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import traceback
from pathlib import Path

from wp42.evaluation import MEMORY_ERROR_MARK


def main(argv: list[str]) -> int:
    evaluate_py, out_dir, workspace, oracle_json, run_id, result = argv
    try:
        spec = importlib.util.spec_from_file_location("wp42_scenario_evaluator", evaluate_py)
        if spec is None or spec.loader is None:
            raise ImportError(f"cannot load {evaluate_py}")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        oracle = json.loads(Path(oracle_json).read_text(encoding="utf-8"))
        receipt = module.evaluate(out_dir, oracle, workspace, run_id)
        text = json.dumps(receipt, sort_keys=True, allow_nan=False)
    except MemoryError:
        print(MEMORY_ERROR_MARK, file=sys.stderr)
        return 3
    except Exception as exc:  # every evaluator failure becomes an evaluator_error receipt in the parent
        traceback.print_exc(limit=4)
        print(f"{type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    Path(result).write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
