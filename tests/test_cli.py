"""What a new user of the CLI expects: `wp42 list`, `--json` on the verbs that report a result, and `wp42 evaluate`
refusing an out/ of another bundle than the oracle's (`~` and `$VAR` in path options: tests/test_framework.py)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from wp42 import schemas
from wp42.cli import main
from wp42.generation import generate
from wp42.layout import Attempt, Oracle, Repo

TOY = "ACC-99"


@pytest.fixture
def generated(toy_repo: Path, oracle_root: Path) -> Path:
    generate(TOY, 42, oracle_root)
    return oracle_root


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


# --- --json on new and evaluate (portal: tests/test_portal.py, worker llm: tests/test_llm_worker.py) --------------

def test_new_json_names_the_files_the_organisation_and_the_next_commands(shared_repo, capsys):
    assert main(["new", "ACC-02", "--organisation", "ORG-ACC-2", "--json"]) == 0
    captured = capsys.readouterr()
    document = json.loads(captured.out)
    assert document["organisation"] == {"id": "ORG-ACC-2", "name": "Tidewater Hardware Supply Co."}
    assert "benchmark/scenarios/ACC-02/generate.py" in document["files"]
    assert all((shared_repo / f).is_file() for f in document["files"])
    assert document["next"] == ["wp42 generate ACC-02 --seed 42", "wp42 validate ACC-02"]
    assert captured.err == ""


def test_evaluate_json_prints_the_receipt_alone_on_stdout(generated, tmp_path, capsys):
    out = tmp_path / "out"
    out.mkdir()
    assert main(["evaluate", TOY, str(out), "--oracle-root", str(generated), "--json"]) == 0
    captured = capsys.readouterr()
    receipt = json.loads(captured.out)
    assert receipt["status"] == "empty_submission" and receipt["seed"] == 42
    assert captured.err.startswith(f"{TOY}: empty_submission, det_score ")


# --- wp42 evaluate: out/ of another bundle than the oracle's -------------------------------------------------------

def _run(runs: Path, oracle_root: Path, worker: str = "reference", run_id: str = "r") -> Attempt:
    assert main(["run", TOY, "--worker", worker, "--run-id", run_id, "--runs-dir", str(runs), "--oracle-root",
                 str(oracle_root)]) == 0
    return Attempt.at(runs, run_id, TOY, "A1", 1)


def test_evaluate_an_attempt_out_grades_it_as_score_does_and_writes_nothing(generated, tmp_path, capsys):
    attempt = _run(tmp_path / "runs", generated)
    attempt.receipt.unlink()
    capsys.readouterr()
    # no --oracle-root and no --workspace: the attempt's run.json names both
    assert main(["evaluate", TOY, str(attempt.out)]) == 0
    receipt = _json_out(capsys)
    assert receipt["det_completion"] is True and receipt["run_id"] == "r"
    assert not attempt.receipt.exists()


def test_evaluate_refuses_an_attempt_out_made_at_another_seed_than_the_oracle(generated, tmp_path, capsys):
    attempt = _run(tmp_path / "runs", generated)
    generate(TOY, 7, generated)  # bundle and oracle move to seed 7; the attempt ran at 42
    capsys.readouterr()
    code = main(["evaluate", TOY, str(attempt.out), "--oracle-root", str(generated)])
    captured = capsys.readouterr()
    [line] = captured.err.splitlines()
    assert code == 2 and captured.out == ""
    assert "is for seed 7" in line and "is seed 42" in line and f"wp42 generate {TOY} --seed 42" in line


def test_an_attempt_graded_with_an_oracle_regenerated_from_other_inputs_is_refused(generated, tmp_path, capsys):
    """The oracle's seed, set and level match run.json, but the worker was given other inputs than the oracle was
    computed from: grading would report input_integrity against a worker that changed nothing."""
    runs = tmp_path / "runs"
    attempt = _run(runs, generated)
    oracle_json = Oracle.at(generated, TOY).oracle_json
    oracle = json.loads(oracle_json.read_text())
    oracle["input_sha256"]["inputs/amounts.csv"] = "0" * 64
    oracle_json.write_text(json.dumps(oracle))
    capsys.readouterr()
    assert main(["evaluate", TOY, str(attempt.out), "--oracle-root", str(generated)]) == 2
    err = capsys.readouterr().err
    assert "ran on inputs the oracle at" in err and "inputs/amounts.csv" in err and "Traceback" not in err
    assert main(["score", str(runs), "--no-regenerate", "--json"]) == 1
    [row] = _json_out(capsys)
    assert "was computed" in row["error"] and "inputs/amounts.csv" in row["error"]
    assert main(["score", str(runs), "--json"]) == 0  # score rebuilds the oracle the attempt ran on instead
    [row] = _json_out(capsys)
    assert row["error"] is None and row["oracle"] == "regenerated at seed 42" and row["det_score"] == 1.0


def test_evaluate_refuses_a_scenario_folder_whose_inputs_differ_from_the_oracle(generated, toy_repo, tmp_path,
                                                                               capsys):
    out = tmp_path / "out"
    out.mkdir()
    amounts = toy_repo / "benchmark" / "scenarios" / TOY / "inputs" / "amounts.csv"
    amounts.write_text(amounts.read_text() + "R-999,5,posted\n")
    assert main(["evaluate", TOY, str(out), "--oracle-root", str(generated)]) == 2
    err = capsys.readouterr().err
    assert "does not match its oracle" in err and "inputs/amounts.csv" in err and "--seed 42" in err


def test_evaluate_without_workspace_or_run_json_says_it_cannot_know_the_bundle(generated, tmp_path, capsys):
    attempt = _run(tmp_path / "runs", generated)
    loose = tmp_path / "loose" / "out"
    shutil.copytree(attempt.out, loose)
    capsys.readouterr()
    assert main(["evaluate", TOY, str(loose), "--oracle-root", str(generated)]) == 0
    receipt = _json_out(capsys)
    assert receipt["det_completion"] is True and schemas.errors("receipt", receipt) == []
    assert any("nothing records which bundle out/ was produced from" in note and "seed 42" in note
               for note in receipt["notes"]), receipt["notes"]


def test_evaluate_with_a_workspace_of_other_inputs_notes_both_explanations(generated, toy_repo, tmp_path, capsys):
    attempt = _run(tmp_path / "runs", generated)
    other = tmp_path / "coverage" / TOY
    generate(TOY, 42, tmp_path / "coverage-oracles", set_name="coverage", bundle_dir=other)
    workspace = tmp_path / "ws"
    shutil.copytree(attempt.workspace, workspace)
    shutil.rmtree(workspace / "inputs")
    shutil.copytree(other / "inputs", workspace / "inputs")  # a worker's task.json does not name the set
    capsys.readouterr()
    assert main(["evaluate", TOY, str(attempt.out), "--workspace", str(workspace), "--oracle-root",
                 str(generated)]) == 0
    receipt = _json_out(capsys)
    assert "input_integrity" in {v["id"] for v in receipt["critical_violations"]} and schemas.errors("receipt",
                                                                                                     receipt) == []
    assert any("either the worker changed them or the workspace was made from another bundle" in note
               for note in receipt["notes"]), receipt["notes"]
