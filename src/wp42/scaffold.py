"""``wp42 new``: start a scenario from the scaffold, and find what a scaffold still leaves to fill in (issue 22).

:func:`new_scenario` writes ``benchmark/scenarios/<ID>/generate.py`` and ``oracles-template/<ID>/`` (evaluate.py,
rubric.json, REFERENCE.md, solutions/) from the templates in ``scaffold_templates/``, filled with the organisation's
profile from benchmark/taxonomy/organisations.md. The scaffold is honest: every place the author must write holds
the marker :data:`MARKER` (``# --- FILL IN <block>: what`` ... ``# --- end <block>`` in code), the placeholder
evaluator has a criterion that always fails, and the placeholder solutions exit with an error, so ``wp42 validate``
fails until the author has written the scenario. :func:`unfilled` lists the markers left; the ready gate reports
them (:func:`wp42.gates.ready.judge_ready`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from wp42 import layout, organisations
from wp42.errors import UserError
from wp42.layout import Repo

#: The text that marks a place the author must fill in, in every scaffolded file.
MARKER = "FILL IN"
#: Where the templates live (package data), and the suffix they carry there.
TEMPLATES = Path(__file__).resolve().parent / "scaffold_templates"
TEMPLATE_SUFFIX = ".tmpl"
#: The guide a message points at.
GUIDE = "docs/authoring.md"


@dataclass(frozen=True)
class Scaffold:
    """What :func:`new_scenario` wrote: the generator and the hidden sources' files, repository-relative."""

    task_id: str
    organisation: organisations.Organisation
    files: tuple[str, ...]


def _render(text: str, task_id: str, org: organisations.Organisation) -> str:
    author, role = org.people[0] if org.people else ("The manager", "manager")
    tokens = {"__TASK_ID__": task_id, "__OCC__": task_id.split("-")[0], "__ORGANISATION__": org.name,
              "__ORG_ID__": org.id, "__SECTOR__": org.sector, "__CITY__": org.city, "__AUTHOR__": author,
              "__ROLE__": role}
    for token, value in tokens.items():
        text = text.replace(token, value)
    return text


def new_scenario(task_id: str, organisation: str, repo: Repo | None = None) -> Scaffold:
    """Scaffold scenario ``task_id`` for ``organisation`` (an id such as ``ORG-ACC-1`` or its name).

    Writes ``benchmark/scenarios/<ID>/generate.py`` and ``oracles-template/<ID>/{evaluate.py, rubric.json,
    REFERENCE.md, solutions/solutions.json, solutions/solve.py, solutions/alternatives.py}``; nothing else.

    Raises:
        UserError: ``task_id`` is not ``<OCC>-<nn>`` (SPEC section 1), the scenario or its hidden sources already
            exist, or the organisation is unknown or does not serve the occupation.
    """
    repo = repo or Repo.find()
    if not layout.TASK_ID_PATTERN.match(task_id):
        occupations = re.search(r"\((.*?)\)", layout.TASK_ID_PATTERN.pattern)[1].replace("|", ", ")
        raise UserError(f"task id {task_id!r} is not <OCC>-<nn> (e.g. ACC-02) with OCC one of {occupations}")
    bundle, template = repo.bundle(task_id).root, repo.template(task_id)
    for existing in (bundle, template):
        if existing.exists():
            raise UserError(f"{task_id} already exists ({existing.relative_to(repo.root)}): choose a free id")
    org = organisations.find(repo.organisations_md, organisation, occupation=task_id.split("-")[0])
    targets = {layout.GENERATE_PY: bundle / layout.GENERATE_PY}
    for source in sorted(TEMPLATES.rglob(f"*{TEMPLATE_SUFFIX}")):
        relative = source.relative_to(TEMPLATES).as_posix().removesuffix(TEMPLATE_SUFFIX)
        if relative != layout.GENERATE_PY:
            targets[relative] = template / relative
    written = []
    for relative, target in targets.items():
        text = (TEMPLATES / f"{relative}{TEMPLATE_SUFFIX}").read_text(encoding="utf-8")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(_render(text, task_id, org), encoding="utf-8")
        written.append(target.relative_to(repo.root).as_posix())
    return Scaffold(task_id, org, tuple(written))


def unfilled(task_id: str, repo: Repo) -> list[str]:
    """Every :data:`MARKER` left in the scenario's generator and hidden sources, one string per line holding one:
    ``"benchmark/scenarios/ACC-42/generate.py line 47: story: draw the records ..."``, in file and line order.

    Files that are not UTF-8 text are skipped. Source: issue 22 (an untouched scaffold fails validate with
    messages naming what to fill in).
    """
    files = [repo.bundle(task_id).generate_py]
    template = repo.template(task_id)
    if template.is_dir():
        files += sorted(p for p in template.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    found = []
    for path in files:
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError):
            continue
        for number, line in enumerate(lines, start=1):
            if MARKER in line:
                what = line.split(MARKER, 1)[1].split('"', 1)[0].strip(" :',")
                found.append(f"{path.relative_to(repo.root).as_posix()} line {number}: {what or 'fill in'}")
    return found
