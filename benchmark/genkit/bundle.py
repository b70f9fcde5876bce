"""Writing a scenario's public bundle and its oracle: the part every generate.py shares.

A generate.py reads like this::

    import sys; from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))      # benchmark/
    from genkit.bundle import BundleWriter, parse_args

    args = parse_args("ACC-01")
    out = BundleWriter("ACC-01", args)
    rng = out.rng                                 # numpy.random.default_rng(seed)
    ... write files to out.input_path("bank_statement.pdf") ...
    if out.coverage: ...                          # --set coverage: the same records, nothing planted
    if out.hard: ...                              # --level hard: real volumes, subtler items, decoys
    out.write_task({...})                         # generator_seed and set are filled in
    out.write_brief(text)                         # BRIEF_FOOTER.md is appended byte for byte
    out.finish(oracle={...})                      # hashes inputs, writes oracle.json, installs the hidden sources

The same seed gives the same bytes (SPEC section 2): writers in ``genkit`` fix timestamps and zip dates.
"""

from __future__ import annotations

import argparse
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from wp42 import layout
from wp42.errors import UserError
from wp42.generation import LEVELS, SETS, check_oracle_root, input_hashes, install_hidden_sources
from wp42.layout import Bundle, Repo


def parse_args(task_id: str, argv: list[str] | None = None) -> argparse.Namespace:
    """Parse ``--seed N [--set challenge|coverage] [--level standard|hard] [--oracle-root DIR | --no-oracle]
    [--bundle-dir DIR]`` for ``task_id``'s generator (``--set`` defaults to ``challenge``, ``--level`` to
    ``standard``)."""
    parser = argparse.ArgumentParser(description=f"Regenerate {task_id} from a seed (public bundle + hidden oracle).")
    parser.add_argument("--seed", type=int, required=True, help="generator seed (numpy default_rng)")
    parser.add_argument("--set", dest="set_name", choices=SETS, default="challenge",
                        help="challenge (planted items; the default) or coverage (clean records) - SPEC section 9")
    parser.add_argument("--level", choices=LEVELS, default="standard",
                        help="standard (the default) or hard: real volumes, items that show only across documents, "
                             "decoys (issue 25)")
    parser.add_argument("--oracle-root", help=f"where the oracle goes (default ${layout.ORACLE_ROOT_ENV} or ~/wp42-oracles)")
    parser.add_argument("--no-oracle", action="store_true", help="rebuild the public bundle only")
    parser.add_argument("--bundle-dir", help="write the public bundle here instead of the scenario folder")
    args = parser.parse_args(argv)
    if args.seed < 0:
        parser.error("--seed must be 0 or more")
    return args


class BundleWriter:
    """Writes one generation of a scenario: public files into the bundle folder, the oracle into the oracle root."""

    def __init__(self, task_id: str, args: argparse.Namespace, generator_version: str = "1") -> None:
        self.task_id = task_id
        self.seed = int(args.seed)
        #: ``"challenge"`` or ``"coverage"`` (SPEC section 9); recorded in task.json and oracle.json
        self.set_name: str = getattr(args, "set_name", "challenge")
        #: ``"standard"`` or ``"hard"`` (issue 25); recorded in task.json and oracle.json
        self.level: str = getattr(args, "level", "standard")
        self.generator_version = generator_version
        self.repo = Repo.find()
        self.bundle = Bundle(Path(args.bundle_dir).resolve() if args.bundle_dir else self.repo.bundle(task_id).root)
        self.oracle_root = None if args.no_oracle else layout.oracle_root(args.oracle_root)
        if self.oracle_root is not None:
            try:  # before anything is written: a bad oracle root must not leave a half-regenerated bundle
                check_oracle_root(self.oracle_root, self.repo)
            except UserError as exc:
                raise SystemExit(f"{task_id} generate.py: error: {exc}") from None
        self.rng = np.random.default_rng(self.seed)
        self._task: dict[str, Any] | None = None
        self.bundle.root.mkdir(parents=True, exist_ok=True)
        for stale in (self.bundle.inputs, self.bundle.portal_dir):
            if stale.exists():
                shutil.rmtree(stale)
        self.bundle.inputs.mkdir(parents=True)

    @property
    def coverage(self) -> bool:
        """True for the coverage set: write the same assignment with clean records (no planted error, no injection,
        no clarification trap); the oracle's right answer then says there is nothing to report."""
        return self.set_name == "coverage"

    @property
    def hard(self) -> bool:
        """True for the hard level: the same assignment at a real month's volume, with items that show only across
        two or more documents, offsetting errors, decoys that look wrong but are right (issue 25)."""
        return self.level == "hard"

    def input_path(self, name: str) -> Path:
        """Path of ``inputs/<name>``; sub-folders are created."""
        path = self.bundle.inputs / name
        path.parent.mkdir(parents=True, exist_ok=True)
        return path

    def write_task(self, task: dict[str, Any]) -> dict[str, Any]:
        """Write task.json with ``task_id``, ``generator_seed``, ``set`` and ``level`` filled in (``level`` only when
        it is not ``standard``, so standard bundles keep their bytes); returns what was written."""
        task = {**task, "task_id": self.task_id, "generator_seed": self.seed, "set": self.set_name}
        if self.level != "standard":
            task["level"] = self.level
        self._task = task
        self.bundle.task_json.write_text(json.dumps(task, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        return task

    def write_brief(self, text: str) -> None:
        """Write BRIEF.md: ``text`` then a blank line and BRIEF_FOOTER.md byte for byte."""
        footer = self.repo.brief_footer.read_text(encoding="utf-8")
        self.bundle.brief.write_text(text.rstrip("\n") + "\n\n" + footer, encoding="utf-8")

    def write_portal(self, portal: dict[str, Any]) -> None:
        """Write portal/portal.json (SPEC section 7)."""
        self.bundle.portal_dir.mkdir(parents=True, exist_ok=True)
        self.bundle.portal_json.write_text(json.dumps(portal, indent=2, sort_keys=True) + "\n", encoding="utf-8")

    def finish(self, oracle: dict[str, Any]) -> Path | None:
        """Complete ``oracle`` with task_id, seed, set, level, generator_version, input_sha256 and required_deliverables, then
        write it and install the hidden sources (skipped with ``--no-oracle``). Returns the oracle folder or None.

        Raises:
            RuntimeError: write_task was not called first.
        """
        if self._task is None:
            raise RuntimeError("call write_task before finish")
        if self.oracle_root is None:
            return None
        full = {
            "task_id": self.task_id,
            "seed": self.seed,
            "set": self.set_name,
            "level": self.level,
            "generator_version": self.generator_version,
            "input_sha256": input_hashes(self.bundle.root),
            "required_deliverables": self._task["required_deliverables"],
            **oracle,
        }
        return install_hidden_sources(self.task_id, self.oracle_root, full, self.repo)


def run_generator(task_id: str, build: Callable[[BundleWriter], Any], generator_version: str = "1",
                  argv: list[str] | None = None, sets: tuple[str, ...] = ("challenge",),
                  levels: tuple[str, ...] = ("standard",)) -> None:
    """A generate.py's entry point: parse ``--seed/--set/--oracle-root/--no-oracle/--bundle-dir``, then
    ``build(writer)``.

    ``build`` writes the inputs, task.json and brief through the writer and ends with ``writer.finish(oracle)``.
    ``sets`` and ``levels`` name the sets (SPEC section 9) and levels (issue 25) the generator can write; asking for
    another exits with status 1 and a one-line message before anything is written.
    """
    args = parse_args(task_id, argv)
    if args.set_name not in sets:
        raise SystemExit(f"{task_id} generate.py: error: the {args.set_name} set is not written by this generator yet "
                         f"(it writes: {', '.join(sets)})")
    if args.level not in levels:
        raise SystemExit(f"{task_id} generate.py: error: the {args.level} level is not written by this generator yet "
                         f"(it writes: {', '.join(levels)})")
    build(BundleWriter(task_id, args, generator_version=generator_version))
