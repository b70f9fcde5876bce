"""Throwaway WP42 checkouts for tests and benchmarks: the shared benchmark files, plus the toy scenario ACC-99.

tests/conftest.py imports this module (tests/ is on sys.path under pytest); benchmarks/bench_runner.py loads it by
path. It is test support, not product code, so it stays under tests/.
"""

from __future__ import annotations

import shutil
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
TOY = Path(__file__).resolve().parent
TOY_ID = "ACC-99"
#: what every checkout carries from the repository: folders under benchmark/, files under benchmark/, files at the top
SHARED_DIRS = ("schemas", "validators", "genkit", "taxonomy")
SHARED_FILES = ("COMPLETION_SCHEMA.json", "arms.json")


def build_shared_checkout(root: Path) -> Path:
    """A checkout ``root/repo`` holding the repository's shared files (schemas, validators, genkit, taxonomy, the completion
    schema, arms.json, BRIEF_FOOTER.md) and no scenario. Returns the checkout folder.

    Raises:
        FileExistsError: ``root/repo/benchmark`` already holds one of the shared folders.
    """
    checkout = root / "repo"
    (checkout / "benchmark" / "scenarios").mkdir(parents=True, exist_ok=True)
    for name in SHARED_DIRS:
        shutil.copytree(REPO / "benchmark" / name, checkout / "benchmark" / name,
                        ignore=shutil.ignore_patterns("__pycache__"))
    for name in SHARED_FILES:
        shutil.copy(REPO / "benchmark" / name, checkout / "benchmark" / name)
    shutil.copy(REPO / "BRIEF_FOOTER.md", checkout / "BRIEF_FOOTER.md")
    return checkout


def build_toy_checkout(root: Path) -> Path:
    """:func:`build_shared_checkout` plus the toy scenario ``ACC-99`` (its generate.py and oracles-template folder).
    Returns the checkout folder ``root/repo``."""
    checkout = build_shared_checkout(root)
    bundle = checkout / "benchmark" / "scenarios" / TOY_ID
    bundle.mkdir()
    shutil.copy(TOY / "generate" / "generate.py", bundle / "generate.py")
    shutil.copytree(TOY / "template", checkout / "oracles-template" / TOY_ID)
    return checkout
