"""What common tools write by default reads right (issue 24 items 1, 2 and 4): Excel's ``sep=`` line in a CSV, and
JSON with a byte-order mark (PowerShell 5.1's UTF-8 BOM, ``Out-File``'s UTF-16, UTF-32). Every file is made here;
what was refused for safety or strictness (NaN, a duplicate name, the size cap) stays refused.
"""

from __future__ import annotations

import codecs
import csv
import io
import json
import shutil
import sys
from pathlib import Path

import pytest
from scenario_harness import ScenarioCache, evaluate, failed_ids

from wp42 import layout
from wp42.cli import main
from wp42.layout import Repo

sys.path.insert(0, str(Repo.find().validators_dir))
import common  # noqa: E402
import readers_misc  # noqa: E402
import safety  # noqa: E402


# ----------------------------------------------------------------------------------------------------------- CSV
@pytest.mark.parametrize("first_line,delimiter", [("sep=;", ";"), ('"sep=|"', "|"), ("SEP=\t", "\t"), ("sep=,", ",")])
def test_excel_sep_line_is_honoured_and_dropped(tmp_path, first_line, delimiter):
    path = tmp_path / "decisions.csv"
    rows = [["Invoice number", "Amount"], ["INV-1", "1.234,50"], ["INV-2", "99,00"]]
    buffer = io.StringIO(newline="")
    csv.writer(buffer, delimiter=delimiter, lineterminator="\r\n").writerows(rows)
    path.write_bytes((first_line + "\r\n" + buffer.getvalue()).encode())
    table = common.read_csv_table(path)
    assert table.delimiter == delimiter and table.records == rows
    assert table.conventions == ["csv: excel sep= line"]
    assert common.read_csv(path) == [{"invoice_number": "INV-1", "amount": "1.234,50"},
                                     {"invoice_number": "INV-2", "amount": "99,00"}]


def test_sep_line_after_a_utf8_bom_and_plain_csv_without_one(tmp_path):
    with_bom = tmp_path / "bom.csv"
    with_bom.write_bytes(codecs.BOM_UTF8 + b"sep=;\nref;total\nR-1;10\n")
    table = common.read_csv_table(with_bom)
    assert table.records == [["ref", "total"], ["R-1", "10"]]
    assert table.conventions == ["csv: utf-8 bom", "csv: excel sep= line"]
    plain = tmp_path / "plain.csv"
    plain.write_text("ref,total\nR-1,10\n")
    assert common.read_csv_table(plain).conventions == []
    separated = tmp_path / "separated.csv"  # a first column named "sep=x" with more columns is not the sep= line
    separated.write_text("sep=x,total\nR-1,10\n")
    assert common.read_csv_table(separated).records[0] == ["sep=x", "total"]


# ---------------------------------------------------------------------------------------------------------- JSON
COMPLETION = {"status": "completed", "summary": "Réconciliation faite", "deliverables": ["r.json"],
              "assumptions": [], "questions": [], "issues_found": []}


@pytest.mark.parametrize("codec,bom,convention", [
    ("utf-8", codecs.BOM_UTF8, "json: utf-8 bom"),
    ("utf-16-le", codecs.BOM_UTF16_LE, "json: utf-16-le bom"),
    ("utf-16-be", codecs.BOM_UTF16_BE, "json: utf-16-be bom"),
    ("utf-32-le", codecs.BOM_UTF32_LE, "json: utf-32-le bom"),
    ("utf-32-be", codecs.BOM_UTF32_BE, "json: utf-32-be bom"),
])
def test_json_with_a_byte_order_mark_is_decoded_then_parsed(tmp_path, codec, bom, convention):
    path = tmp_path / "COMPLETION.json"
    path.write_bytes(bom + json.dumps(COMPLETION, ensure_ascii=False, indent=2).encode(codec))
    assert common.read_json(path) == COMPLETION
    assert readers_misc.read_json_with_conventions(path) == (COMPLETION, [convention])


def test_plain_utf8_json_applies_no_convention(tmp_path):
    path = tmp_path / "a.json"
    path.write_text(json.dumps(COMPLETION), encoding="utf-8")
    assert readers_misc.read_json_with_conventions(path) == (COMPLETION, [])


@pytest.mark.parametrize("body,needle", [
    ('{"total": NaN}', "NaN is not valid JSON"),
    ('{"status": "completed", "status": "abstained"}', "duplicate key 'status'"),
    ('{"a": 1', "is not valid JSON"),
])
@pytest.mark.parametrize("bom,codec", [(b"", "utf-8"), (codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le")])
def test_a_bom_does_not_relax_strict_json(tmp_path, body, needle, bom, codec):
    path = tmp_path / "bad.json"
    path.write_bytes(bom + body.encode(codec))
    with pytest.raises(common.UnreadableFile, match=needle):
        common.read_json(path)


def test_utf16_without_a_bom_and_the_size_cap_stay_refused(tmp_path, monkeypatch):
    path = tmp_path / "a.json"
    path.write_bytes(json.dumps(COMPLETION).encode("utf-16-le"))
    with pytest.raises(common.UnreadableFile, match="is not valid JSON"):
        common.read_json(path)
    path.write_bytes(codecs.BOM_UTF8 + json.dumps({**COMPLETION, "summary": "x" * 5000}).encode())
    monkeypatch.setattr(safety, "MAX_FILE_BYTES", 2000)
    with pytest.raises(common.HostileFile, match="size cap"):
        common.read_json(path)


# ---------------------------------------------------------------------------------------------------- wp42 read
def test_wp42_read_names_the_convention_it_applied(tmp_path, capsys):
    csv_file = tmp_path / "report.csv"
    csv_file.write_text("sep=;\nref;amount\nR-1;10\n")
    json_file = tmp_path / "COMPLETION.json"
    json_file.write_bytes(codecs.BOM_UTF8 + json.dumps(COMPLETION).encode())
    assert main(["read", str(csv_file)]) == 0
    text = capsys.readouterr().out
    assert "convention applied: csv: excel sep= line" in text and "ref | amount" in text
    assert main(["read", str(json_file)]) == 0
    assert "convention applied: json: utf-8 bom" in capsys.readouterr().out
    assert main(["read", str(json_file), "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["conventions"] == ["json: utf-8 bom"] and document["value"] == COMPLETION
    assert main(["read", str(csv_file), "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["conventions"] == ["csv: excel sep= line"] and document["records"][0] == ["ref", "amount"]


# ----------------------------------------------------------------------------------------- through an evaluator
def _excel_semicolon_csv(path: Path) -> None:
    """Rewrite a comma CSV as Excel does for a semicolon locale: a ``sep=;`` line, then ``;``-separated rows."""
    rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"), newline="")))
    buffer = io.StringIO(newline="")
    csv.writer(buffer, delimiter=";", lineterminator="\r\n").writerows(rows)
    path.write_text("sep=;\r\n" + buffer.getvalue(), encoding="utf-8", newline="")


@pytest.mark.parametrize("bom,codec", [(codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le")])
def test_reference_with_excel_sep_csv_and_bom_completion_keeps_det_completion(
        scenario_cache: ScenarioCache, tmp_path, bom, codec):
    """PROC-01's reference out/ as a Windows user's tools would save it still passes (issue 24, done when)."""
    generated = scenario_cache.get("PROC-01", 42)
    workspace = tmp_path / "workspace"
    shutil.copytree(scenario_cache.reference("PROC-01", 42), workspace, symlinks=True)
    out = workspace / layout.OUT_DIR
    rewritten = sorted(p.name for p in out.glob("*.csv"))
    assert "exceptions_report.csv" in rewritten
    for name in rewritten:
        _excel_semicolon_csv(out / name)
    completion = out / layout.COMPLETION_JSON
    completion.write_bytes(bom + completion.read_text(encoding="utf-8").encode(codec))
    receipt = evaluate(generated, out, workspace)
    assert receipt["det_completion"] is True, failed_ids(receipt)
    assert receipt["det_score"] == 1.0
