"""What a new user of the CLI expects: `wp42 list`, `--json` on the verbs that report a result (`~` and `$VAR` in
path options: tests/test_framework.py)."""

from __future__ import annotations

import json

import pytest

from wp42.cli import main
from wp42.generation import generate
from wp42.layout import Repo

TOY = "ACC-99"


def _json_out(capsys: pytest.CaptureFixture[str]) -> object:
    return json.loads(capsys.readouterr().out)


# --- wp42 list ------------------------------------------------------------------------------------------------------

LIST_KEYS = {"task_id", "occupation", "organisation", "title", "difficulty", "sets", "levels", "portal", "bundle",
             "problem"}


def test_list_json_names_every_scenario_with_its_sets_levels_and_portal(capsys):
    assert main(["list", "--json"]) == 0
    rows = _json_out(capsys)
    assert [r["task_id"] for r in rows] == Repo.find().task_ids()
    assert all(set(r) == LIST_KEYS and r["problem"] is None for r in rows)
    by_id = {r["task_id"]: r for r in rows}
    assert by_id["PROC-01"]["portal"] is True and by_id["ACC-01"]["portal"] is False
    assert by_id["ACC-01"] == {
        "task_id": "ACC-01", "occupation": "ACC", "organisation": "Harrow & Pike CPAs", "difficulty": "complex",
        "title": "Month-end bank reconciliation and discrepancy report", "sets": ["challenge", "coverage"],
        "levels": ["standard", "hard"], "portal": False, "bundle": {"seed": 42, "set": "challenge", "level": "standard"},
        "problem": None,
    }


def test_list_names_a_scenario_not_generated_yet_and_the_fix(toy_repo, capsys):
    assert main(["list", "--json"]) == 0
    [row] = _json_out(capsys)
    assert set(row) == LIST_KEYS and row["title"] is None and row["bundle"] is None
    assert row["problem"] == f"not generated yet: run `wp42 generate {TOY} --seed 42`"
    assert row["sets"] == ["challenge", "coverage"]  # solutions.json is read all the same
    generate(TOY, 7, None)
    assert main(["list", "--json"]) == 0
    [row] = _json_out(capsys)
    assert (row["title"], row["bundle"], row["problem"]) == ("Toy total of amounts",
                                                             {"seed": 7, "set": "challenge", "level": "standard"}, None)


def test_list_table_shows_title_sets_levels_portal_and_the_folders_seed(toy_repo, capsys):
    generate(TOY, 7, None)
    assert main(["list"]) == 0
    table = capsys.readouterr().out
    row = next(line for line in table.splitlines() if TOY in line)
    for cell in ("accounting", "Toy total of amounts", "challenge, coverage", "standard, hard", "no", "seed 7"):
        assert cell in row, row


# --- --json on new (portal: tests/test_portal.py, worker llm: tests/test_llm_worker.py) ---------------------------

def test_new_json_names_the_files_the_organisation_and_the_next_commands(shared_repo, capsys):
    assert main(["new", "ACC-02", "--organisation", "ORG-ACC-2", "--json"]) == 0
    captured = capsys.readouterr()
    document = json.loads(captured.out)
    assert document["organisation"] == {"id": "ORG-ACC-2", "name": "Tidewater Hardware Supply Co."}
    assert "benchmark/scenarios/ACC-02/generate.py" in document["files"]
    assert all((shared_repo / f).is_file() for f in document["files"])
    assert document["next"] == ["wp42 generate ACC-02 --seed 42", "wp42 validate ACC-02"]
    assert captured.err == ""
