"""Resolving a worker spec into a command line (SPEC section 6).

Specs: ``reference`` (the scenario's reference solution), ``nop`` (does nothing), ``wrong:<name>`` (a plausible wrong
solution declared in ``solutions/solutions.json``), ``alt:<name>`` (an alternative correct solution declared there,
written the way a different professional would: the fair gate, SPEC section 5.5), ``copy-inputs`` (copies every input into out/ and claims
completion: a gate's vacuity probe), or any other string, run as a shell command. A command whose program is ``wp42``
(``wp42 worker llm --model gpt-4o``) runs the runner's own wp42 (``python -m wp42``), whichever ``wp42`` the PATH
holds: the sandbox shows the interpreter running wp42, not necessarily the console script.

Built-in solutions live in the oracle root, which the sandbox hides: the runner stages a private copy of the
solutions folder outside the workspace (``<attempt>/.worker/``) and runs it from there.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wp42 import schemas
from wp42.errors import UserError
from wp42.layout import Oracle

BUILTIN = ("reference", "nop", "copy-inputs")


@dataclass(frozen=True)
class WorkerPlan:
    """How to start a worker.

    ``argv`` is the command; ``{tools}`` in it is replaced by the staged solutions folder. ``targets`` are the
    criterion or critical-check ids a wrong solution declares it must trip (empty otherwise). ``readers``: the
    worker reads files through WP42's readers (``wp42 worker llm``), so the sandbox shows benchmark/validators.
    """

    spec: str
    kind: str  # "reference" | "alt" | "wrong" | "nop" | "copy-inputs" | "command"
    argv: tuple[str, ...]
    needs_solutions: bool = False
    targets: tuple[str, ...] = field(default_factory=tuple)
    description: str = ""
    readers: bool = False

    def command(self, tools_dir: Path) -> list[str]:
        return [part.replace("{tools}", str(tools_dir)) for part in self.argv]


def load_solutions(oracle: Oracle) -> dict[str, Any]:
    """Read and validate ``solutions/solutions.json`` of an installed oracle.

    Raises:
        UserError: it is missing or does not match benchmark/schemas/solutions.schema.json.
    """
    path = oracle.solutions_manifest
    if not path.is_file():
        raise UserError(f"{path} is missing: regenerate {oracle.root.name} so its hidden sources are installed")
    try:
        manifest = schemas.load_json(path)
    except ValueError as exc:
        raise UserError(str(exc)) from None
    problems = schemas.errors("solutions", manifest)
    if problems:
        raise UserError(f"{path} does not match solutions.schema.json: {problems[0]}")
    return manifest


def wrong_solution_names(oracle: Oracle) -> list[str]:
    """Names of the scenario's wrong solutions, in manifest order."""
    return [entry["name"] for entry in load_solutions(oracle)["wrong"]]


def alternative_solution_names(oracle: Oracle) -> list[str]:
    """Names of the scenario's alternative correct solutions (``alt:<name>``), in manifest order; may be empty."""
    return [entry["name"] for entry in load_solutions(oracle).get("alternatives", [])]


def resolve(spec: str, oracle: Oracle) -> WorkerPlan:
    """Turn a worker spec into a :class:`WorkerPlan`.

    Raises:
        UserError: an empty spec, or ``wrong:<name>`` / ``alt:<name>`` naming no such solution of this scenario.
    """
    spec = spec.strip()
    if not spec:
        raise UserError("--worker is empty: give reference, nop, wrong:<name>, alt:<name>, copy-inputs or a shell command")
    if spec == "nop":
        return WorkerPlan(spec, "nop", (sys.executable, "-c", "pass"))
    if spec == "copy-inputs":
        return WorkerPlan(spec, "copy-inputs", (sys.executable, "-m", "wp42.run.builtin_workers", "copy-inputs"))
    if spec == "reference" or spec.startswith(("wrong:", "alt:")):
        manifest = load_solutions(oracle)
        if spec == "reference":
            entry, kind = manifest["reference"], "reference"
        else:
            kind, name = spec.split(":", 1)
            listed = manifest["wrong"] if kind == "wrong" else manifest.get("alternatives", [])
            by_name = {w["name"]: w for w in listed}
            if name not in by_name:
                label = "wrong solution" if kind == "wrong" else "alternative solution"
                choices = ", ".join(f"{kind}:{n}" for n in by_name) or "none is declared"
                raise UserError(f"{oracle.root.name} has no {label} {name!r}: choose one of {choices}")
            entry = by_name[name]
        argv = (sys.executable, f"{{tools}}/{entry['script']}", *entry.get("args", []))
        return WorkerPlan(
            spec,
            kind,
            argv,
            needs_solutions=True,
            targets=tuple(entry.get("targets", [])),
            description=entry.get("description", ""),
        )
    words = spec.split(None, 1)
    if words[0] == "wp42":
        rest = words[1] if len(words) > 1 else ""
        return WorkerPlan(spec, "command", ("/bin/sh", "-c", f"{shlex.quote(sys.executable)} -m wp42 {rest}"),
                          readers=rest.split()[:2] == ["worker", "llm"])
    return WorkerPlan(spec, "command", ("/bin/sh", "-c", host_program(spec)))


def host_program(command: str, cwd: Path | None = None) -> str:
    """``command`` with its program made absolute when it is written ``~/...`` or as a relative path that exists
    here: the worker starts in its workspace with a private HOME, where neither would resolve (a new user's
    ``--worker "~/agents/my_agent.py" --expose ~/agents`` exited 127). Only the leading word is rewritten, so pipes,
    variables and quoting in the rest of the command are untouched; a command whose program is quoted, absolute, or
    a bare name found on PATH is returned as it is."""
    stripped = command.lstrip()
    program = stripped.split(None, 1)[0] if stripped else ""
    if not program or program[0] in "'\"/" or not (program.startswith("~") or "/" in program):
        return command
    path = Path(program).expanduser()
    if not path.is_absolute():
        path = (cwd or Path.cwd()) / path
    if not path.exists():
        return command
    # absolute, links kept: the folder the user exposed is the one the sandbox shows
    return os.path.abspath(path) + stripped[len(program):]


def missing_program(command: str, cwd: Path | None = None) -> str | None:
    """Why a worker command's program cannot start, checked on the host before any attempt runs; None when it can
    (or when the command is a built-in worker, or its program is quoted or a bare name the sandbox's PATH resolves).

    A new user's trial: ``--worker /tmp/agent/nope.sh`` ended every attempt with exit 127 and a hint about
    ``--expose``, which they had given; a script without its execute bit ended with exit 126 and no hint at all.
    """
    stripped = command.strip()
    program = stripped.split(None, 1)[0] if stripped else ""
    if stripped in BUILTIN or stripped.startswith(("wrong:", "alt:")) or not program or program[0] in "'\"" \
            or not (program.startswith("~") or "/" in program):
        return None
    path = Path(program).expanduser()
    if not path.is_absolute():
        path = (cwd or Path.cwd()) / path
    if not path.exists():
        return f"the worker program {program} does not exist (looked for {path}): give the path of an existing file"
    if path.is_file() and not os.access(path, os.X_OK):
        return (f"the worker program {path} is not executable: make it so (chmod +x {path}) or name its interpreter "
                f"(--worker \"python3 {path}\")")
    return None


def stage_solutions(oracle: Oracle, tools_dir: Path) -> None:
    """Copy the oracle's ``solutions/`` to ``tools_dir`` (outside the workspace) for a built-in solution worker."""
    if tools_dir.exists():
        shutil.rmtree(tools_dir)
    shutil.copytree(oracle.solutions, tools_dir, ignore=shutil.ignore_patterns("__pycache__", "solutions.json"))
