"""Parsed deliverables kept for one receipt (issue 14, item 3): the criteria of one evaluation read a file once.

An evaluator's criteria each ask for the same deliverable — the shared checks open COMPLETION.json and every
required file to see that it is there, then the scenario's criteria read them again — and each read used to parse
the file anew. :class:`ParseCache` keeps what a reader returned (or the refusal it raised) keyed by the reader, the
file's sha256 and its path, so a second read of unchanged bytes costs a hash, and a file whose bytes changed is
parsed again. The path stays in the key because readers name the file in what they return and in their refusals:
two deliverables with the same bytes under two names are two reads.

A cached result is shared by every criterion that asks: treat it as read-only, as the workbook
``Evaluation.open_xlsx`` returns always was.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from safety import RefusedFile

from wp42.generation import sha256_file


class ParseCache:
    """What readers made of each file during one evaluation: ``{(reader, sha256, path, arguments): result or
    refusal}``. ``parses`` counts the reader calls that actually ran (for tests and measurements)."""

    def __init__(self) -> None:
        self._entries: dict[tuple[Any, ...], tuple[bool, Any]] = {}
        self.parses = 0

    def read(self, reader: Callable[..., Any], path: Path, *args: Any, **kwargs: Any) -> Any:
        """``reader(path, *args, **kwargs)``, computed once per content of ``path`` (whose size the caller checked
        against the cap before: the whole file is hashed).

        Raises:
            RefusedFile: what the reader raised (hostile or unreadable file), raised again on every later read.
        """
        key = (reader, sha256_file(path), str(path), args, tuple(sorted(kwargs.items())))
        if key not in self._entries:
            self.parses += 1
            try:
                self._entries[key] = (True, reader(path, *args, **kwargs))
            except RefusedFile as exc:
                self._entries[key] = (False, exc)
        ok, value = self._entries[key]
        if not ok:
            raise value
        return value
