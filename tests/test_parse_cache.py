"""One receipt parses each deliverable once (issue 14, item 3): benchmark/validators/parse_cache.py behind
common.Evaluation's readers, keyed by reader, content sha256 and path."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import docx
import pytest

from wp42.layout import Repo

sys.path.insert(0, str(Repo.find().validators_dir))
import common  # noqa: E402
from parse_cache import ParseCache  # noqa: E402

ORACLE = {"task_id": "T", "required_deliverables": [{"path": "memo.docx", "kind": "docx"},
                                                    {"path": "COMPLETION.json", "kind": "json"}]}


@pytest.fixture
def counted(monkeypatch) -> dict[str, list[str]]:
    """Every call of the docx and JSON readers common.Evaluation uses, by reader: the file names read."""
    calls: dict[str, list[str]] = {"read_docx": [], "read_json": []}
    for name in calls:
        reader = getattr(common, name)

        def counting(path, *args, _reader=reader, _name=name, **kwargs):
            calls[_name].append(Path(path).name)
            return _reader(path, *args, **kwargs)

        monkeypatch.setattr(common, name, counting)
    return calls


def _out(tmp_path: Path, text: str = "Adjusted book balance is 1,234.50.") -> Path:
    out = tmp_path / "out"
    out.mkdir(exist_ok=True)
    document = docx.Document()
    document.add_paragraph(text)
    document.save(str(out / "memo.docx"))
    (out / "COMPLETION.json").write_text(json.dumps({
        "status": "completed", "summary": "done", "deliverables": ["memo.docx"], "assumptions": [], "questions": [],
        "issues_found": []}))
    return out


def test_the_shared_checks_and_the_criteria_parse_each_deliverable_once(tmp_path, counted):
    ev = common.Evaluation(_out(tmp_path), ORACLE, tmp_path)
    ev.check_completion_file()
    ev.check_deliverables_present()
    assert "1,234.50" in ev.docx_text("memo.docx") and "1,234.50" in ev.docx_text("memo.docx")
    assert ev.json("COMPLETION.json")["status"] == "completed"
    assert counted == {"read_docx": ["memo.docx"], "read_json": ["COMPLETION.json"]}
    assert [c.passed for c in ev.criteria] == [True, True]


def test_changed_bytes_are_parsed_again(tmp_path, counted):
    out = _out(tmp_path)
    ev = common.Evaluation(out, ORACLE, tmp_path)
    assert "1,234.50" in ev.docx_text("memo.docx")
    _out(tmp_path, "Adjusted book balance is 9,999.00.")
    assert "9,999.00" in ev.docx_text("memo.docx")
    assert counted["read_docx"] == ["memo.docx", "memo.docx"]


def test_a_refusal_is_remembered_and_named_for_its_file(tmp_path, counted):
    out = _out(tmp_path)
    (out / "memo.docx").write_bytes(b"PK\x03\x04 not a zip at all")
    (out / "copy.docx").write_bytes(b"PK\x03\x04 not a zip at all")
    ev = common.Evaluation(out, ORACLE, tmp_path)
    assert not ev.check_deliverables_present()
    assert ev.docx_text("memo.docx") is None and ev.docx_text("copy.docx") is None
    assert counted["read_docx"] == ["memo.docx", "copy.docx"]  # same bytes, two names: each read names its file
    assert "memo.docx" in ev.problem("memo.docx") and "copy.docx" in ev.problem("copy.docx")


def test_parse_cache_counts_only_the_reads_that_ran(tmp_path):
    path = tmp_path / "a.txt"
    path.write_text("x")
    cache = ParseCache()
    assert cache.read(Path.read_text, path) == cache.read(Path.read_text, path) == "x"
    assert cache.read(Path.read_bytes, path) == b"x"
    assert cache.parses == 2
