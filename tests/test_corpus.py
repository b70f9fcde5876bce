"""Real office files read right (issue 8): every fact of ../shared/corpus/MANIFEST.json, one case per fact, checked
through ``wp42 read``'s reading (wp42.read.read_file -> benchmark/validators/describe.py), and every hostile file
answered with a status within 10 s and 1 GB. Skipped, with the reason, where the corpus folder is absent (a fresh
clone): it holds third-party files that are not part of the repository.
"""

from __future__ import annotations

import json
import math
import sys
from typing import Any

import pytest

from wp42.evaluation import Limits
from wp42.layout import Repo
from wp42.read import read_file

REPO = Repo.find()
CORPUS = REPO.root.parent / "shared" / "corpus"
MANIFEST = CORPUS / "MANIFEST.json"
ABSENT = f"corpus folder {CORPUS} is absent (it lives beside the repository, not in it)"
HOSTILE_BOUND = Limits(seconds=10.0, memory_bytes=2 << 30)

sys.path.insert(0, str(REPO.validators_dir))
import common  # noqa: E402
import fresh_process  # noqa: E402

pytestmark = pytest.mark.slow


def _cases() -> tuple[list[Any], list[Any]]:
    if not MANIFEST.is_file():
        return ([pytest.param(None, None, marks=pytest.mark.skip(reason=ABSENT), id="corpus-absent")],
                [pytest.param(None, marks=pytest.mark.skip(reason=ABSENT), id="corpus-absent")])
    files = json.loads(MANIFEST.read_text(encoding="utf-8"))["files"]
    facts = [pytest.param(entry["file"], fact, id=f"{entry['file']}#{index}")
             for entry in files for index, fact in enumerate(entry["facts"])]
    hostile = [pytest.param(entry["file"], id=entry["file"]) for entry in files
               if "HOSTILE" in entry.get("exercises", "")]
    return facts, hostile


FACT_CASES, HOSTILE_CASES = _cases()
_READINGS: dict[str, dict[str, Any]] = {}


def _reading(name: str) -> dict[str, Any]:
    if name not in _READINGS:
        _READINGS[name] = read_file(CORPUS / name, repo=REPO)
    return _READINGS[name]


def _same(got: Any, expected: Any) -> bool:
    if isinstance(expected, (int, float)) and not isinstance(expected, bool):
        return isinstance(got, (int, float)) and not isinstance(got, bool) and math.isclose(got, expected,
                                                                                              abs_tol=1e-9)
    return got == expected


def _cell(doc: dict[str, Any], fact: dict[str, Any]) -> dict[str, Any]:
    sheet = doc["sheets"].get(fact["sheet"])
    assert sheet is not None, f"no sheet {fact['sheet']!r}; sheets {sorted(doc['sheets'])}"
    assert fact["cell"] in sheet, f"{fact['sheet']}!{fact['cell']} not among the populated cells"
    return sheet[fact["cell"]]


def _nested_texts(cell: dict[str, Any]) -> list[str]:
    texts = []
    for table in cell["tables"]:
        for row in table["rows"]:
            for inner in row:
                texts += inner["paragraphs"] + _nested_texts(inner)
    return texts


def check_fact(doc: dict[str, Any], fact: dict[str, Any]) -> list[str]:
    """Every key of ``fact`` compared with the reading; returns the keys checked (an unknown key fails)."""
    keys = set(fact) - {"verified_by", "other_readers_disagree"}
    checked: list[str] = []

    def expect(key: str, got: Any, expected: Any) -> None:
        assert _same(got, expected), f"{key}: expected {expected!r}, got {got!r}"
        checked.append(key)

    if "cell" in keys:
        entry = _cell(doc, fact)
        for key in ("value", "formula", "date", "shown"):
            if key in keys:
                expect(key, entry.get(key), fact[key])
        keys -= {"sheet", "cell", "value", "formula", "date", "shown"}
    if "sheet" in keys:
        name = fact["sheet"]
        if "merged_ranges_include" in keys:
            missing = set(fact["merged_ranges_include"]) - set(doc["merged"][name])
            assert not missing, f"merged ranges missing: {missing}"
            checked.append("merged_ranges_include")
        if "merged_range_count" in keys:
            expect("merged_range_count", len(doc["merged"][name]), fact["merged_range_count"])
        if "declared_dimension" in keys:
            expect("declared_dimension", doc["declared_dimensions"][name], fact["declared_dimension"])
        if "populated_cell_count" in keys:
            expect("populated_cell_count", len(doc["sheets"][name]), fact["populated_cell_count"])
        keys -= {"sheet", "merged_ranges_include", "merged_range_count", "declared_dimension",
                 "populated_cell_count"}
    if "table" in keys:
        cell = doc["tables"][fact["table"]]["rows"][fact["row"]][fact["col"]]
        if "nested_table_count" in keys:
            expect("nested_table_count", len(cell["tables"]), fact["nested_table_count"])
        if "nested_table_texts" in keys:
            expect("nested_table_texts", _nested_texts(cell), fact["nested_table_texts"])
        if "cell_paragraphs" in keys:
            expect("cell_paragraphs", cell["paragraphs"], fact["cell_paragraphs"])
        keys -= {"table", "row", "col", "nested_table_count", "nested_table_texts", "cell_paragraphs"}
    if "record" in keys:
        record = doc["records"][fact["record"]]
        if "values" in keys:
            expect("values", record, fact["values"])
        if "field_count" in keys:
            expect("field_count", len(record), fact["field_count"])
        if "field" in keys:
            expect("value", record[fact["field"]], fact["value"])
            if "decimal_comma_number" in keys:
                expect("decimal_comma_number", float(common.parse_number(record[fact["field"]], "de-DE")),
                       fact["decimal_comma_number"])
        keys -= {"record", "values", "field_count", "field", "value", "decimal_comma_number"}
    if "event" in keys:
        event = doc["events"][fact["event"]]
        for key in ("summary", "dtstart_utc", "alarm_count"):
            if key in keys:
                expect(key, event[key], fact[key])
        keys -= {"event", "summary", "dtstart_utc", "alarm_count"}
    if "header" in keys:
        expect("header", doc["headers"].get(fact["header"]), fact["value"])
        keys -= {"header", "value"}
    if "encrypted" in keys:
        encryption = doc["encryption"] or {}
        expect("encrypted", bool(encryption), fact["encrypted"])
        expect("V", encryption.get("V"), fact["V"])
        expect("R", encryption.get("R"), fact["R"])
        expect("cfm", encryption.get("cfm"), fact["cfm"])
        assert doc["status"] == "ok" and fact["user_password"] == "", "opened with the empty user password"
        checked.append("user_password")
        keys -= {"encrypted", "V", "R", "cfm", "user_password"}
    if "encoding" in keys:
        expect("encoding", doc["encoding"], fact["encoding"])
        expect("bom", doc["bom"], fact["bom"])
        keys -= {"encoding", "bom"}
    body = common.collapse_text(doc.get("parts", {}).get("body", ""))
    simple = {
        "date1904": lambda: doc["date1904"],
        "is_zip": lambda: doc["container"]["is_zip"],
        "ole2_magic": lambda: doc["container"]["ole2"],
        "top_level_table_count": lambda: len(doc["tables"]),
        "section_count": lambda: doc["section_count"],
        "hyperlink_count": lambda: len(doc["hyperlinks"]),
        "page_count": lambda: doc["page_count"],
        "producer": lambda: doc["metadata"].get("producer"),
        "creator": lambda: doc["metadata"].get("creator"),
        "record_count": lambda: len(doc["records"]),
        "content_type": lambda: doc["content_type"],
        "prodid": lambda: doc["prodid"],
        "event_count": lambda: len(doc["events"]),
    }
    for key in sorted(keys & set(simple)):
        expect(key, simple[key](), fact[key])
    keys -= set(simple)
    for key in sorted(keys):
        value = fact[key]
        if key == "ole_stream_names_include":
            assert set(value) <= set(doc["container"].get("ole_streams", [])), doc["container"]
        elif key == "contains_text":
            assert common.collapse_text(value) in body, f"{value!r} not in the body"
        elif key == "not_contains_text":
            assert common.collapse_text(value) not in body, f"{value!r} is in the body"
        elif key in ("header_contains", "footer_contains"):
            part = doc["parts"]["headers" if key.startswith("header") else "footers"]
            assert value in part, f"{value!r} not in {part!r}"
        elif key == "hyperlink":
            assert value in doc["hyperlinks"], f"{value} not among {doc['hyperlinks']}"
        elif key == "contains_text_nfkc":
            text = common.collapse_text(" ".join(doc["pages"]))
            assert common.collapse_text(value) in text, f"{value!r} not in the page text"
        elif key == "dialect":
            for name, expected in value.items():
                expect(f"dialect.{name}", doc[name], expected)
        elif key == "attachment":
            found = [a for a in doc["attachments"] if a["filename"] == value["filename"]]
            assert found and found[0]["content_type"] == value["content_type"] \
                and found[0]["size"] == value["decoded_length"], doc["attachments"]
        elif key == "body_plain_startswith":
            assert doc["body_text"].startswith(value), doc["body_text"][:100]
        else:
            raise AssertionError(f"no checker for fact key {key!r}: teach test_corpus.py to read it")
        checked.append(key)
    return checked


@pytest.mark.parametrize("name,fact", FACT_CASES)
def test_fact_read_right(name: str, fact: dict[str, Any]) -> None:
    doc = _reading(name)
    structural = {"is_zip", "ole2_magic", "ole_stream_names_include"}
    if not set(fact) & structural:
        assert doc["status"] == "ok", f"{name}: {doc['status']} ({doc['reason']})"
    assert check_fact(doc, fact)


@pytest.mark.parametrize("name", HOSTILE_CASES)
def test_hostile_file_answers_within_bounds(name: str) -> None:
    # measured in a new interpreter: this worker's own child high-water mark carries earlier tests' children
    measured = fresh_process.measure("read", str(CORPUS / name), str(HOSTILE_BOUND.seconds),
                                     str(HOSTILE_BOUND.memory_bytes))
    doc, elapsed, peak = measured["result"], measured["elapsed_s"], measured["peak_child_rss_bytes"]
    assert doc["status"] in ("ok", "refused", "error") and (doc["status"] == "ok" or doc["reason"])
    assert elapsed < 10.0, f"{name} took {elapsed:.1f} s"
    assert 0 < peak < 1 << 30, f"a child used {peak >> 20} MiB"


def test_fact_checker_rejects_a_wrong_reading() -> None:
    doc = {"sheets": {"S": {"A1": {"value": 23, "formula": "=C1+E5"}}}, "status": "ok"}
    assert check_fact(doc, {"sheet": "S", "cell": "A1", "value": 23}) == ["value"]
    with pytest.raises(AssertionError):
        check_fact(doc, {"sheet": "S", "cell": "A1", "value": 0})
    with pytest.raises(AssertionError):
        check_fact(doc, {"sheet": "S", "cell": "A1", "formula": "=C1"})
    with pytest.raises(AssertionError, match="no checker"):
        check_fact({"parts": {}}, {"new_kind_of_fact": 1})
    pdf = {"pages": ["con\ufb02ict, di erence"], "parts": {}}
    assert check_fact(pdf, {"contains_text_nfkc": "conflict"})
    with pytest.raises(AssertionError):
        check_fact(pdf, {"contains_text_nfkc": "difference"})
