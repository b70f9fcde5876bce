"""The reference LLM worker's tools: what a model may do in its workspace (issue 19 item 2).

Each tool is a function of the workspace and the model's JSON arguments returning text for the model; a refusal or a
failure is text too (``error: ...``), never an exception, so one bad call does not end the attempt. The arm decides
which tools are offered (benchmark/arms.json): ``write_spreadsheet`` and ``write_document`` (:mod:`.office`) always,
as an office suite would be, ``run_python`` only with code execution, ``portal_request`` only in
portal arms. Paths are relative to the workspace and never leave it: ``..``, absolute paths and links pointing out
are refused.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wp42.llm_worker import office
from wp42.read import read_file, reading_text

#: The largest text a tool hands back to the model (characters); longer results say where they were cut.
MAX_RESULT_CHARS = 40_000
#: The largest file the write tool writes (characters).
MAX_WRITE_CHARS = 5_000_000
#: Seconds a run_python call may take, at most and by default.
PYTHON_LIMIT_S, PYTHON_DEFAULT_S = 300, 60
#: Kinds whose bytes are not text: read through WP42's readers (benchmark/validators/describe.py), as the
#: evaluators read them. Everything else is given as its text.
READER_KINDS = frozenset({".xlsx", ".xlsm", ".docx", ".docm", ".pptx", ".pdf", ".eml"})


def _spec(name: str, description: str, properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": description, "parameters": {
        "type": "object", "properties": properties, "required": required, "additionalProperties": False}}}


SPECS: dict[str, dict[str, Any]] = {
    "list_files": _spec("list_files", "List the files under a folder of the workspace (recursively), with sizes.",
                        {"path": {"type": "string", "description": "folder relative to the workspace; '.' for all"}},
                        []),
    "read_file": _spec("read_file", "Read a workspace file as text. Spreadsheets, Word, PowerPoint, PDF and email "
                       "files come back as text and tables (sheets cell by cell with formulas).",
                       {"path": {"type": "string"}, "offset": {"type": "integer", "description": "first character"}},
                       ["path"]),
    "write_file": _spec("write_file", "Write a text file in the workspace (deliverables go under out/); creates "
                        "folders; replaces an existing file.",
                        {"path": {"type": "string"}, "content": {"type": "string"}}, ["path", "content"]),
    "write_spreadsheet": _spec(
        "write_spreadsheet", "Write an Excel workbook (.xlsx) in the workspace: each sheet's rows in order; a text "
        "cell starting with = is a formula (e.g. =SUM(B2:B9)), numbers stay numbers.",
        {"path": {"type": "string"}, "sheets": {
            "type": "object", "description": "sheet name -> rows, each row a list of cells",
            "additionalProperties": {"type": "array", "items": {"type": "array", "items": {
                "type": ["string", "number", "boolean", "null"]}}}}}, ["path", "sheets"]),
    "write_document": _spec(
        "write_document", "Write a Word document (.docx) in the workspace from blocks, in order: {heading, level}, "
        "{paragraph}, {bullet} or {table: rows of cell text, the first row the header}.",
        {"path": {"type": "string"}, "blocks": {"type": "array", "items": {"type": "object"}}}, ["path", "blocks"]),
    "run_python": _spec("run_python", "Run Python code with the workspace as the current folder; returns its exit "
                        "code, stdout and stderr. Use it to compute, or to write xlsx/docx files.",
                        {"code": {"type": "string"},
                         "timeout_s": {"type": "integer", "description": f"at most {PYTHON_LIMIT_S}"}}, ["code"]),
    "portal_request": _spec("portal_request", "Send an HTTP request to the organisation's web portal (the only "
                            "site reachable). Log in first: POST /login with form fields username and password "
                            "(see portal_credentials.json); the session is kept.",
                            {"method": {"type": "string", "enum": ["GET", "POST"]},
                             "path": {"type": "string", "description": "e.g. /api/vendors"},
                             "json": {"type": "object", "description": "a JSON body (POST)"},
                             "form": {"type": "object", "description": "form fields (POST)"}}, ["method", "path"]),
}


class ToolError(Exception):
    """A call the tool refuses; its message is handed to the model."""


def clip(text: str, limit: int = MAX_RESULT_CHARS, offset: int = 0) -> str:
    """``text[offset:offset+limit]``, saying where it was cut and how to read on."""
    part = text[offset:offset + limit]
    if offset + limit < len(text):
        part += f"\n[cut at character {offset + limit} of {len(text)}: call again with offset={offset + limit}]"
    return part


@dataclass
class Workspace:
    """The tools of one attempt. ``portal_url`` is ``$WP42_PORTAL_URL`` (portal arms), ``code_execution`` whether
    the arm allows run_python, ``readers_dir`` where WP42's readers are (``$WP42_READERS_DIR``), ``hidden_env``
    variables the model's own code never sees (the API key's)."""

    root: Path
    readers_dir: Path | None = None
    code_execution: bool = False
    portal_url: str | None = None
    hidden_env: tuple[str, ...] = ()  # variables run_python's code does not get (the model API key's)
    _portal: Any = field(default=None, repr=False)

    def offered(self) -> list[str]:
        """The names of the tools this arm offers, in a stable order."""
        return ["list_files", "read_file", "write_file", "write_spreadsheet", "write_document",
                *(["run_python"] if self.code_execution else []),
                *(["portal_request"] if self.portal_url else [])]

    def call(self, name: str, arguments: dict[str, Any]) -> str:
        """Run tool ``name`` with ``arguments``; a refusal comes back as ``error: ...`` text."""
        handlers: dict[str, Callable[..., str]] = {"list_files": self.list_files, "read_file": self.read_file,
                                                   "write_file": self.write_file, "run_python": self.run_python,
                                                   "write_spreadsheet": self.write_spreadsheet,
                                                   "write_document": self.write_document,
                                                   "portal_request": self.portal_request}
        if name not in self.offered():
            return f"error: no tool {name!r} in this arm; the tools are {', '.join(self.offered())}"
        try:
            return handlers[name](**arguments)
        except TypeError as exc:
            return f"error: bad arguments for {name}: {exc}"
        except ToolError as exc:
            return f"error: {exc}"

    def resolve(self, relative: str) -> Path:
        """The workspace path ``relative`` names, links resolved.

        Raises:
            ToolError: it is absolute or resolves outside the workspace.
        """
        if not isinstance(relative, str) or Path(relative).is_absolute():
            raise ToolError(f"{relative!r}: give a path relative to the workspace")
        root = self.root.resolve()
        path = (root / relative).resolve()
        if path != root and root not in path.parents:
            raise ToolError(f"{relative!r} is outside the workspace")
        return path

    def list_files(self, path: str = ".") -> str:
        folder = self.resolve(path)
        if not folder.is_dir():
            raise ToolError(f"{path!r} is not a folder")
        root = self.root.resolve()
        lines = [f"{p.relative_to(root)}  ({p.stat().st_size} bytes)" for p in sorted(folder.rglob("*"))
                 if p.is_file() and not p.name.startswith(".wp42_")]
        return clip("\n".join(lines) or "(no files)")

    def read_file(self, path: str, offset: int = 0) -> str:
        target = self.resolve(path)
        if not target.is_file():
            raise ToolError(f"{path!r} is not a file")
        if target.suffix.lower() in READER_KINDS:
            text = reading_text(read_file(target, validators_dir=self.readers_dir), max_records=10_000)
        else:
            data = target.read_bytes()
            if b"\0" in data[:4096]:
                return f"{path} is a binary file of {len(data)} bytes"
            text = data.decode("utf-8", errors="replace")
        return clip(text, offset=max(0, int(offset)))

    def write_file(self, path: str, content: str) -> str:
        if not isinstance(content, str) or len(content) > MAX_WRITE_CHARS:
            raise ToolError(f"content must be text of at most {MAX_WRITE_CHARS} characters")
        target = self.resolve(path)
        if target.is_dir():
            raise ToolError(f"{path!r} is a folder")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(content, encoding="utf-8")
        return f"wrote {path} ({len(content.encode('utf-8'))} bytes)"

    def _office_target(self, path: str, suffix: str) -> Path:
        target = self.resolve(path)
        if target.suffix.lower() != suffix or target.is_dir():
            raise ToolError(f"{path!r}: give a file path ending {suffix}")
        target.parent.mkdir(parents=True, exist_ok=True)
        return target

    def write_spreadsheet(self, path: str, sheets: dict[str, Any]) -> str:
        try:
            return office.write_xlsx(self._office_target(path, ".xlsx"), sheets)
        except ValueError as exc:
            raise ToolError(str(exc)) from None

    def write_document(self, path: str, blocks: list[dict[str, Any]]) -> str:
        try:
            return office.write_docx(self._office_target(path, ".docx"), blocks)
        except ValueError as exc:
            raise ToolError(str(exc)) from None

    def run_python(self, code: str, timeout_s: int = PYTHON_DEFAULT_S) -> str:
        limit = max(1, min(int(timeout_s), PYTHON_LIMIT_S))
        try:
            proc = subprocess.run([sys.executable, "-c", code], cwd=self.root, capture_output=True, text=True,
                                  timeout=limit, stdin=subprocess.DEVNULL, env=self._code_env())
        except subprocess.TimeoutExpired:
            raise ToolError(f"the code ran past its {limit} s limit and was stopped") from None
        return clip(f"exit code {proc.returncode}\n--- stdout\n{proc.stdout}\n--- stderr\n{proc.stderr}")

    def _code_env(self) -> dict[str, str]:
        return {k: v for k, v in os.environ.items() if k not in self.hidden_env and k != "PYTHONPATH"}

    def portal_request(self, method: str, path: str, json: Any = None, form: Any = None) -> str:  # noqa: A002
        import httpx

        if method not in ("GET", "POST") or not isinstance(path, str) or not path.startswith("/"):
            raise ToolError("method must be GET or POST and path must start with /")
        if self._portal is None:
            self._portal = httpx.Client(base_url=self.portal_url or "", timeout=60, trust_env=False)
        try:
            reply = self._portal.request(method, path, json=json, data=form)
        except httpx.HTTPError as exc:
            raise ToolError(f"the portal could not be reached: {exc}") from None
        return clip(f"HTTP {reply.status_code} {reply.headers.get('content-type', '')}\n{reply.text}")
