"""The oracle a stored attempt is re-graded with, rebuilt from its generator when the oracle root no longer holds it.

``wp42 score`` grades with the oracle root each run.json records. That root changes under a user's feet: they
regenerate at another seed, ``wp42 demo`` moves it to seed 42, /tmp is cleared. Generators are deterministic (SPEC
section 2: the same seed gives byte-identical inputs and oracle), so the oracle of (scenario, seed, set, level) can
be built again; it is trusted only when the rebuilt bundle's input hashes equal the ones the attempt ran on (run.json's
``input_sha256_before``, which the runner checked against the oracle before the worker started). A generator changed
since the run builds other inputs, and its oracle would judge work done on inputs it never saw: that attempt is not
re-graded.

Rebuilt oracles go to a private temporary folder (never the repository, never the user's oracle root), one per
variant per :class:`OracleRebuilds`, deleted when it closes. ``wp42 score`` runs no worker, so nothing in it is ever
within a worker's reach.
"""

from __future__ import annotations

import shutil
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any

from wp42 import generation, layout
from wp42.errors import UserError
from wp42.layout import Attempt, Oracle, Repo
from wp42.schemas import run_record


@dataclass(frozen=True)
class OracleChoice:
    """The oracle root to grade one stored attempt with; ``rebuilt_note`` says (for the receipt's notes) that it was
    rebuilt from the generator, and is None when the oracle root given or recorded was used as it is."""

    root: Path | None
    rebuilt_note: str | None = None


@dataclass
class _Build:
    lock: threading.Lock = field(default_factory=threading.Lock)
    done: bool = False
    error: str | None = None


class OracleRebuilds:
    """The oracles one ``wp42 score`` invocation rebuilt: each (scenario, seed, set, level) generated at most once,
    whatever the number of attempts and threads that need it, under a private temporary folder that :meth:`close`
    (or leaving the ``with`` block) deletes."""

    def __init__(self, repo: Repo | None = None) -> None:
        self.repo = repo or Repo.find()
        self._scratch: Path | None = None
        self._lock = threading.Lock()
        self._builds: dict[tuple[str, int, str, str], _Build] = {}

    def __enter__(self) -> OracleRebuilds:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        """Delete every rebuilt oracle and bundle."""
        with self._lock:
            if self._scratch is not None:
                shutil.rmtree(self._scratch, ignore_errors=True)
                self._scratch = None

    def variant_root(self, task_id: str, seed: int, set_name: str, level: str) -> Path:
        """The private oracle root holding ``task_id``'s oracle at this variant (at :func:`wp42.layout.variant_root`
        under the scratch folder, its public bundle under ``bundles/<ID>/`` beside it), generating it on first use.

        Raises:
            UserError: the generator failed (remembered: later attempts of the variant get the same error).
        """
        with self._lock:
            if self._scratch is None:
                self._scratch = Path(tempfile.mkdtemp(prefix="wp42-score-oracles-"))
            root = layout.variant_root(self._scratch, seed, set_name, level)
            build = self._builds.setdefault((task_id, seed, set_name, level), _Build())
        with build.lock:
            if not build.done:
                try:
                    generation.generate(task_id, seed, root, repo=self.repo,
                                        bundle_dir=root / layout.VARIANT_BUNDLES_DIR / task_id,
                                        set_name=set_name, level=level)
                except UserError as exc:
                    build.error = str(exc)
                build.done = True
        if build.error is not None:
            raise UserError(f"{_variant_name(task_id, seed, set_name, level)}: its oracle could not be rebuilt: "
                            f"{build.error}")
        return root


def choose_oracle(folder: Attempt, oracle_root: Path | None, rebuilds: OracleRebuilds | None) -> OracleChoice:
    """The oracle root to re-grade ``folder`` with.

    ``oracle_root`` (None: the one run.json records, as :func:`wp42.run.runner.grade_attempt` reads it) is used when
    it holds the attempt's oracle: same seed, set and level, computed from the inputs the attempt ran on. Otherwise
    ``rebuilds`` regenerates it; None (``wp42 score --no-regenerate``) keeps the strict behaviour, as does a run.json
    without a seed or input hashes (nothing to check a rebuild against). An attempt with no run.json or an
    infrastructure error needs no oracle and gets ``oracle_root`` back unchanged.

    Raises:
        UserError: the oracle root does not hold the attempt's oracle and ``rebuilds`` is None (the message gives
            the ``wp42 generate`` command); or the rebuilt inputs differ from those the attempt ran on (one line
            naming the scenario and the seed: its generator changed since the run); or the generator failed; or
            run.json is damaged (:func:`wp42.schemas.run_record`).
    """
    if not folder.run_json.is_file():
        return OracleChoice(oracle_root)
    record = run_record(folder)
    if record.get("infrastructure_error"):
        return OracleChoice(oracle_root)
    task_id, seed = record["task_id"], record.get("seed")
    set_name, level = record.get("set", layout.DEFAULT_SET), record.get("level", layout.DEFAULT_LEVEL)
    root = oracle_root if oracle_root is not None else layout.oracle_root(record.get("oracle_root"))
    try:
        oracle = generation.load_oracle(root, task_id, expected_seed=seed, expected_set=set_name,
                                        expected_level=level)
        _check_ran_on(record, oracle, f"the oracle at {Oracle.at(root, task_id).oracle_json} was computed from "
                      "other inputs than the attempt ran on", "regenerate it with the generator the run used (without "
                      "--no-regenerate, score tries that itself)")
        return OracleChoice(root)
    except UserError:
        # a record without a seed or input hashes (older than the runner's input check) cannot vouch for a rebuild
        if rebuilds is None or seed is None or record.get("input_sha256_before") is None:
            raise
    rebuilt = rebuilds.variant_root(task_id, seed, set_name, level)
    _check_ran_on(record, generation.load_oracle(rebuilt, task_id, expected_seed=seed),
                  f"{_variant_name(task_id, seed, set_name, level)}: its generator changed since the run, so its "
                  "oracle cannot be rebuilt: the regenerated inputs differ from those the attempt ran on", "")
    return OracleChoice(rebuilt, f"the oracle was regenerated at seed {seed} ({set_name} set, {level} level) from "
                                 f"the scenario's generator, since {root} no longer held it; the regenerated inputs "
                                 "equal those the attempt ran on")


def _check_ran_on(record: dict[str, Any], oracle: dict[str, Any], problem: str, fix: str) -> None:
    """Raise UserError("<problem> (<n> input file(s) differ, e.g. <path>)[: <fix>]") when ``oracle`` was computed
    from other inputs than run.json's ``input_sha256_before`` (the runner checked them equal before the worker
    started; a record without them is not checked, and :func:`choose_oracle` rebuilds no oracle for it)."""
    ran_on = record.get("input_sha256_before")
    if ran_on is None:
        return
    differing = generation.differing_inputs(ran_on, oracle)
    if differing:
        raise UserError(f"{problem} ({len(differing)} input file(s) differ, e.g. {differing[0]})"
                        + (f": {fix}" if fix else ""))


def _variant_name(task_id: str, seed: int, set_name: str, level: str) -> str:
    return f"{task_id} at seed {seed} ({set_name} set, {level} level)"
