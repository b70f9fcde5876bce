"""Built-in probe workers that are not scenario solutions.

``python -m wp42.run.builtin_workers copy-inputs``: copies every input file into $WP42_OUT and writes a COMPLETION.json
claiming completion — the vacuity probe of SPEC section 5 (copying inputs into out/ must fail).
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

from wp42 import layout


def copy_inputs(workspace: Path, out: Path) -> None:
    """Copy ``workspace/inputs/**`` into ``out/`` (flattened names kept relative) and claim completion."""
    inputs = workspace / layout.INPUTS_DIR
    copied = []
    for path in sorted(inputs.rglob("*")):
        if path.is_file() and not path.is_symlink():
            target = out / path.relative_to(inputs)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
            copied.append(target.relative_to(out).as_posix())
    completion = {
        "status": "completed",
        "summary": "All work completed.",
        "deliverables": copied,
        "assumptions": [],
        "questions": [],
        "issues_found": [],
    }
    (out / layout.COMPLETION_JSON).write_text(json.dumps(completion, indent=2), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv != ["copy-inputs"]:
        print("usage: python -m wp42.run.builtin_workers copy-inputs", file=sys.stderr)
        return 2
    copy_inputs(Path(os.environ["WP42_WORKSPACE"]), Path(os.environ["WP42_OUT"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
