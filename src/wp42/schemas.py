"""Loading WP42's JSON Schemas (kept under ``benchmark/``) and validating documents against them.

Schema names: ``task``, ``oracle``, ``portal``, ``rubric``, ``run``, ``solutions``, ``trajectory`` (one line of a
worker's trajectory) (``benchmark/schemas/``),
``receipt`` (``benchmark/validators/receipt_schema.json``) and ``completion`` (``benchmark/COMPLETION_SCHEMA.json``).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema

from wp42.errors import UserError
from wp42.layout import RUN_JSON, Attempt, Repo


@cache
def _validator(path: str) -> jsonschema.protocols.Validator:
    schema = json.loads(Path(path).read_text(encoding="utf-8"))
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def schema_path(name: str, repo: Repo | None = None) -> Path:
    """Path of the schema called ``name``; raises KeyError for an unknown name."""
    repo = repo or Repo.find()
    special = {"receipt": repo.receipt_schema, "completion": repo.completion_schema}
    if name in special:
        return special[name]
    path = repo.schema(name)
    if not path.is_file():
        raise KeyError(f"no schema named {name!r} at {path}")
    return path


def errors(name: str, document: Any, repo: Repo | None = None) -> list[str]:
    """Every way ``document`` breaks schema ``name``, as ``"<json path>: <message>"`` strings, sorted; [] if valid."""
    validator = _validator(str(schema_path(name, repo)))
    found = []
    for error in validator.iter_errors(document):
        where = "/".join(str(p) for p in error.absolute_path) or "(top level)"
        found.append(f"{where}: {error.message}")
    return sorted(found)


def load_json(path: Path) -> Any:
    """Read a JSON file that must be strict JSON (no NaN or Infinity).

    Raises:
        ValueError: the file is not valid JSON, naming the file, line and column.
    """

    def _refuse(token: str) -> Any:
        raise ValueError(f"{token} is not allowed in JSON")

    try:
        return json.loads(Path(path).read_text(encoding="utf-8"), parse_constant=_refuse)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except ValueError as exc:
        raise ValueError(f"{path}: {exc}") from None


def dump_json(document: Any) -> str:
    """The canonical text WP42 writes: sorted keys, 2-space indent, trailing newline, no NaN."""
    return json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False, allow_nan=False) + "\n"


def write_json_atomic(path: Path, document: Any) -> None:
    """Write ``document`` to ``path`` through a temporary file and ``os.replace``, so readers never see half a file."""
    import os
    import tempfile

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(dump_json(document))
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def run_record(attempt: Attempt) -> dict:
    """An attempt's run.json as a dict (its record, SPEC section 6).

    Raises:
        UserError: run.json is missing, is not valid JSON or is not an object; the message names the file and the
            fix (the runner writes it: run the attempt again, or restore the file).
    """
    if not attempt.run_json.is_file():
        raise UserError(f"{attempt.root} has no {RUN_JSON}: it is not an attempt folder")
    try:
        record = load_json(attempt.run_json)
    except (OSError, ValueError) as exc:
        raise UserError(f"{exc}: the attempt's record is damaged; `wp42 run` writes it, so run the attempt again "
                        "(or restore the file from a copy) before grading it") from None
    if not isinstance(record, dict):
        raise UserError(f"{attempt.run_json}: not a JSON object; `wp42 run` writes it, so run the attempt again "
                        "(or restore the file from a copy) before grading it")
    return record
