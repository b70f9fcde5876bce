"""The main job on a toy scenario: generate, run, evaluate, CLI errors, limits, resume, re-grading."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest

from wp42 import schemas
from wp42.cli import main
from wp42.evaluation import Limits, evaluate_out
from wp42.generation import bundle_sha256, generate, hash_tree, input_hashes
from wp42.layout import Attempt, Oracle, Repo
from wp42.run.executor import LocalPool, plan_attempts, run_batch
from wp42.run.runner import AttemptSpec, run_attempt
from wp42.run.sandbox import bwrap_available

TOY = "ACC-99"


@pytest.fixture
def generated(toy_repo: Path, oracle_root: Path) -> Path:
    generate(TOY, 42, oracle_root)
    return oracle_root


def _spec(tmp_path: Path, oracle_root: Path, worker: str, run_id: str = "r1", **kw) -> AttemptSpec:
    return AttemptSpec(TOY, worker, kw.pop("arm", "A1"), kw.pop("attempt", 1), run_id, tmp_path / "runs",
                       oracle_root, **kw)


def test_same_seed_same_bytes_and_another_seed_other_values(toy_repo, tmp_path):
    first, second, other = tmp_path / "a" / TOY, tmp_path / "b" / TOY, tmp_path / "c" / TOY
    generate(TOY, 42, tmp_path / "o1", bundle_dir=first)
    generate(TOY, 42, None, bundle_dir=second)
    generate(TOY, 7, tmp_path / "o3", bundle_dir=other)
    assert hash_tree(first) == hash_tree(second)
    assert bundle_sha256(first) != bundle_sha256(other)
    assert not (tmp_path / "o2").exists()
    seed42 = json.loads(Oracle.at(tmp_path / "o1", TOY).oracle_json.read_text())
    seed7 = json.loads(Oracle.at(tmp_path / "o3", TOY).oracle_json.read_text())
    assert seed42["facts"]["total"] != seed7["facts"]["total"]
    assert schemas.errors("oracle", seed42) == []


def test_oracle_root_inside_repository_is_refused(toy_repo, capsys):
    code = main(["generate", TOY, "--seed", "1", "--oracle-root", str(toy_repo / "oracles")])
    assert code == 2
    assert "inside the repository" in capsys.readouterr().err


def test_reference_passes_nop_fails_and_receipts_match_schema(generated, tmp_path):
    reference = run_attempt(_spec(tmp_path, generated, "reference", "ref"))
    nop = run_attempt(_spec(tmp_path, generated, "nop", "nop"))
    assert reference["det_completion"] is True and reference["det_score"] == 1.0
    assert nop["det_completion"] is False and nop["det_score"] <= 0.2 and nop["status"] == "empty_submission"
    for receipt in (reference, nop):
        assert schemas.errors("receipt", receipt) == []
    attempt = Attempt.at(tmp_path / "runs", "ref", TOY, "A1", 1)
    record = json.loads(attempt.run_json.read_text())
    assert schemas.errors("run", record) == []
    assert record["input_sha256_before"] == record["input_sha256_after"]
    assert (attempt.out / "answer.json").is_file() and not attempt.workspace_out.exists()
    assert not (attempt.workspace / "generate.py").exists()


@pytest.mark.parametrize("name,target", [("off_by_one", "total"), ("no_completion", "completion_file"),
                                         ("tamper", "input_integrity")])
def test_each_wrong_solution_fails_on_its_target(generated, tmp_path, name, target):
    receipt = run_attempt(_spec(tmp_path, generated, f"wrong:{name}", name))
    failed = {c["id"] for c in receipt["required_criteria"] if not c["passed"]}
    failed |= {v["id"] for v in receipt["critical_violations"]}
    assert receipt["det_completion"] is False
    assert target in failed


@pytest.mark.skipif(not bwrap_available()[0], reason="bubblewrap cannot create namespaces on this machine")
def test_worker_cannot_read_the_oracle_and_network_attempts_are_recorded(generated, tmp_path):
    oracle_file = Oracle.at(generated, TOY).oracle_json
    probe = (f"cat {oracle_file} > out/stolen.txt 2>&1; "
             "python3 -c \"import urllib.request as u; u.urlopen('http://wp42-probe.invalid/', timeout=5)\"")
    receipt = run_attempt(_spec(tmp_path, generated, probe, "probe"))
    attempt = Attempt.at(tmp_path / "runs", "probe", TOY, "A1", 1)
    assert "facts" not in (attempt.out / "stolen.txt").read_text()
    record = json.loads(attempt.run_json.read_text())
    assert {"host": "wp42-probe.invalid", "port": 80} in [
        {"host": a["host"], "port": a["port"]} for a in record["network_attempts"]
    ]
    assert "external_call" in {v["id"] for v in receipt["critical_violations"]}
    assert record["isolation"]["sandbox"] == "bwrap"


def test_time_limit_stops_the_worker_and_its_children(generated, tmp_path):
    # A duration no other process on a shared machine uses, so pgrep finds only this worker's children.
    nap = f"sleep {300 + os.getpid() % 1000}.{os.getpid() % 97}"
    started = time.monotonic()
    run_attempt(_spec(tmp_path, generated, f"sh -c '{nap} & {nap}'", "slow", time_limit_s=2))
    assert time.monotonic() - started < 60
    record = json.loads(Attempt.at(tmp_path / "runs", "slow", TOY, "A1", 1).run_json.read_text())
    assert record["timed_out"] is True
    import subprocess

    leftover = subprocess.run(["pgrep", "-f", nap], capture_output=True, text=True).stdout.strip()
    assert leftover == ""


def test_usage_over_budget_is_flagged(generated, tmp_path):
    worker = "echo '{\"cost_usd\": 5.0, \"tokens\": 1200}' > \"$WP42_USAGE_FILE\""
    run_attempt(_spec(tmp_path, generated, worker, "usage"))
    record = json.loads(Attempt.at(tmp_path / "runs", "usage", TOY, "A1", 1).run_json.read_text())
    assert record["usage"] == {"cost_usd": 5.0, "tokens": 1200}
    assert record["over_budget"] is True


def test_resume_skips_attempts_with_a_receipt_and_redoes_incomplete_ones(generated, tmp_path):
    specs = plan_attempts([TOY], ["nop"], "A1", 2, "resume", tmp_path / "runs", generated, None)
    first = run_batch(specs, LocalPool(2))
    assert [o.skipped for o in first.outcomes] == [False, False]
    Attempt.at(tmp_path / "runs", "resume", TOY, "A1", 2).receipt.unlink()  # as if interrupted
    again = run_batch(specs, LocalPool(2))
    assert [o.skipped for o in again.outcomes] == [True, False]
    assert len(list((tmp_path / "runs" / "resume").glob("*/*/*/receipt.json"))) == 2


def test_crashing_evaluator_gives_an_evaluator_error_receipt(generated, tmp_path):
    Oracle.at(generated, TOY).evaluate_py.write_text("def evaluate(*a, **k):\n    raise RuntimeError('boom')\n")
    receipt = evaluate_out(TOY, tmp_path, oracle_root=generated)
    assert receipt["status"] == "evaluator_error" and receipt["det_completion"] is False
    assert any("boom" in note for note in receipt["notes"])
    assert schemas.errors("receipt", receipt) == []


def test_hanging_evaluator_is_stopped_at_its_bound(generated, tmp_path):
    Oracle.at(generated, TOY).evaluate_py.write_text("import time\ndef evaluate(*a, **k):\n    time.sleep(60)\n")
    started = time.monotonic()
    receipt = evaluate_out(TOY, tmp_path, oracle_root=generated, limits=Limits(seconds=3))
    assert time.monotonic() - started < 30
    assert receipt["status"] == "evaluator_limit_exceeded"


def test_memory_hungry_evaluator_is_stopped_at_its_bound(generated, tmp_path):
    Oracle.at(generated, TOY).evaluate_py.write_text("def evaluate(*a, **k):\n    x = bytearray(3 << 30)\n")
    receipt = evaluate_out(TOY, tmp_path, oracle_root=generated, limits=Limits(memory_bytes=1 << 30))
    assert receipt["status"] == "evaluator_limit_exceeded"


def test_receipt_that_breaks_the_schema_is_not_trusted(generated, tmp_path):
    Oracle.at(generated, TOY).evaluate_py.write_text("def evaluate(*a, **k):\n    return {'det_score': 1.0}\n")
    receipt = evaluate_out(TOY, tmp_path, oracle_root=generated)
    assert receipt["status"] == "evaluator_error" and receipt["det_score"] == 0.0


def test_score_regrades_stored_out_dirs_without_running_the_worker(generated, tmp_path, capsys):
    run_attempt(_spec(tmp_path, generated, "reference", "ref"))
    attempt = Attempt.at(tmp_path / "runs", "ref", TOY, "A1", 1)
    (attempt.out / "answer.json").write_text('{"total": -1}')  # the stored out/ changes; the worker is not re-run
    assert main(["score", str(tmp_path / "runs"), "--oracle-root", str(generated), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows[0]["det_completion"] is False
    assert json.loads(attempt.receipt.read_text())["det_completion"] is False


def test_score_regrades_in_parallel_in_order_and_prints_its_rate(generated, tmp_path, capsys):
    specs = plan_attempts([TOY], ["reference"], "A1", 3, "ref", tmp_path / "runs", generated, None)
    run_batch(specs, LocalPool(2))
    run_batch(plan_attempts([TOY], ["nop"], "A1", 2, "nop", tmp_path / "runs", generated, None), LocalPool(2))
    assert main(["score", str(tmp_path / "runs"), "--oracle-root", str(generated), "-j", "3", "--json"]) == 0
    captured = capsys.readouterr()
    rows = json.loads(captured.out)
    assert [Path(r["folder"]).parts[-4] for r in rows] == ["nop"] * 2 + ["ref"] * 3  # iter_attempts' order
    assert [r["det_completion"] for r in rows] == [False] * 2 + [True] * 3
    assert "re-graded 5 attempts in " in captured.err and " attempts/s with -j 3" in captured.err



def _judgement(receipt: dict) -> dict:
    """What a receipt decides, without its notes: status, scores, and each criterion's and violation's verdict."""
    return {"status": receipt["status"], "det_score": receipt["det_score"],
            "det_completion": receipt["det_completion"], "evaluator_version": receipt["evaluator_version"],
            "criteria": {c["id"]: c["passed"] for c in receipt["required_criteria"]},
            "violations": sorted(v["id"] for v in receipt["critical_violations"])}


def _count_generations(monkeypatch) -> list[tuple]:
    """Record every wp42.generation.generate call (still running it) as (task id, seed, oracle root)."""
    import wp42.generation

    calls, real = [], wp42.generation.generate

    def counting(task_id, seed, oracle_root, **kw):
        calls.append((task_id, seed, oracle_root))
        return real(task_id, seed, oracle_root, **kw)

    monkeypatch.setattr(wp42.generation, "generate", counting)
    return calls


@pytest.mark.parametrize("oracle_root_now", ["regenerated at seed 7", "deleted"])
def test_score_rebuilds_a_missing_or_moved_oracle_and_grades_as_the_run_did(generated, toy_repo, tmp_path, capsys,
                                                                          monkeypatch, oracle_root_now):
    for worker, attempts in (("reference", 2), ("wrong:off_by_one", 1)):
        run_batch(plan_attempts([TOY], [worker], "A1", attempts, worker.replace(":", "-"), tmp_path / "runs",
                                generated, None), LocalPool(1))
    receipts = sorted((tmp_path / "runs").glob("*/*/*/*/receipt.json"))
    before = {path: _judgement(json.loads(path.read_text())) for path in receipts}
    if oracle_root_now == "deleted":
        shutil.rmtree(generated)
    else:
        generate(TOY, 7, generated)  # the user moved bundle and oracle root to seed 7 (as `wp42 demo` does to 42)
    committed = hash_tree(toy_repo / "benchmark" / "scenarios" / TOY)
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    monkeypatch.setattr("tempfile.tempdir", str(scratch))
    calls = _count_generations(monkeypatch)
    assert main(["score", str(tmp_path / "runs"), "-j", "3", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["oracle"] for r in rows] == ["regenerated at seed 42"] * 3
    assert {path: _judgement(json.loads(path.read_text())) for path in receipts} == before
    assert [d["det_completion"] for d in before.values()] == [True, True, False]
    for path in receipts:
        notes = json.loads(path.read_text())["notes"]
        assert any("oracle was regenerated at seed 42 (challenge set, standard level)" in n for n in notes), notes
    assert len(calls) == 1  # once per variant, however many attempts and threads need it
    # the rebuilt oracle went to a private folder, now deleted; the user's oracle root and bundle are as they were
    assert list(scratch.iterdir()) == []
    assert not str(calls[0][2]).startswith(str(toy_repo)) and not str(calls[0][2]).startswith(str(generated))
    assert hash_tree(toy_repo / "benchmark" / "scenarios" / TOY) == committed
    if oracle_root_now == "deleted":
        assert not generated.exists()
    else:
        assert json.loads(Oracle.at(generated, TOY).oracle_json.read_text())["seed"] == 7


def _change_the_toy_generator(toy_repo: Path) -> None:
    """Edit the toy scenario's generator so its note.txt input differs at every seed (as a release might)."""
    script = toy_repo / "benchmark" / "scenarios" / TOY / "generate.py"
    script.write_text(script.read_text().replace("report the total as 0.", "report the total as nil."))


@pytest.mark.parametrize("oracle_root_now", ["deleted", "regenerated at seed 42 by the changed generator"])
def test_score_refuses_an_attempt_whose_generator_changed_since_the_run(generated, toy_repo, tmp_path, capsys,
                                                                       oracle_root_now):
    run_attempt(_spec(tmp_path, generated, "reference", "ref"))
    attempt = Attempt.at(tmp_path / "runs", "ref", TOY, "A1", 1)
    original = attempt.receipt.read_text()
    _change_the_toy_generator(toy_repo)
    if oracle_root_now == "deleted":
        shutil.rmtree(generated)
    else:  # the oracle is for the right seed, set and level, but computed from other inputs than the run's
        generate(TOY, 42, generated)
    assert main(["score", str(tmp_path / "runs")]) == 1
    captured = capsys.readouterr()
    [line] = captured.out.strip().splitlines()
    assert line.startswith(f"{attempt.root}: NOT re-graded: ACC-99 at seed 42 (challenge set, standard level):")
    assert "its generator changed since the run" in line and "inputs/note.txt" in line
    assert "1 of 1 attempts were not re-graded" in captured.err
    assert attempt.receipt.read_text() == original  # the run's own receipt stands


@pytest.mark.parametrize("why", ["--no-regenerate", "a run.json without input hashes to check a rebuild against"])
def test_score_keeps_the_strict_error_when_told_or_when_a_rebuild_cannot_be_checked(generated, tmp_path, capsys,
                                                                                    monkeypatch, why):
    run_attempt(_spec(tmp_path, generated, "reference", "ref"))
    if why != "--no-regenerate":
        record = Attempt.at(tmp_path / "runs", "ref", TOY, "A1", 1).run_json
        data = json.loads(record.read_text())
        del data["input_sha256_before"]
        record.write_text(json.dumps(data))
    shutil.rmtree(generated)
    calls = _count_generations(monkeypatch)
    flags = ["--no-regenerate"] if why == "--no-regenerate" else []
    assert main(["score", str(tmp_path / "runs"), *flags, "--json"]) == 1
    [row] = json.loads(capsys.readouterr().out)
    assert row["error"].startswith(f"no oracle for ACC-99 at {Oracle.at(generated, TOY).oracle_json}: run `wp42 "
                                   f"generate ACC-99 --seed 42 --oracle-root {generated}`")
    assert calls == []


@pytest.mark.parametrize(
    "argv,needle",
    [
        (["run", "XYZ-01", "--worker", "nop"], "unknown task id"),
        (["run", "ACC-98", "--worker", "nop"], "unknown task id"),
        (["run", TOY, "--worker", "wrong:nonsense", "--oracle-root", "{oracle}"], "no wrong solution"),
        (["run", TOY, "--worker", "nop", "--arm", "A9", "--oracle-root", "{oracle}"], "unknown arm"),
        (["run", TOY, "--worker", "nop", "--arm", "A3", "--oracle-root", "{oracle}"], "has no portal"),
        (["evaluate", TOY, "{tmp}/missing", "--oracle-root", "{oracle}"], "does not exist"),
        (["evaluate", TOY, "{tmp}", "--oracle-root", "{tmp}/no-oracle"], "no oracle for"),
        (["score", "{tmp}/nothing-here"], "does not exist"),
        (["run", TOY, "--worker", "nop", "--run-id", "a/b", "--oracle-root", "{oracle}"], "plain folder name"),
    ],
)
def test_bad_input_is_one_clear_line_and_exit_2(generated, tmp_path, capsys, argv, needle):
    argv = [a.replace("{oracle}", str(generated)).replace("{tmp}", str(tmp_path)) for a in argv]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert needle in err and "Traceback" not in err


def test_oracle_for_another_seed_is_refused(generated, tmp_path, capsys):
    Repo.find()
    generate(TOY, 7, tmp_path / "seed7")
    generate(TOY, 42, None)  # the bundle says 42, the oracle at seed7 says 7
    assert main(["evaluate", TOY, str(tmp_path), "--oracle-root", str(tmp_path / "seed7")]) == 2
    assert "seed 7" in capsys.readouterr().err


def test_run_id_belongs_to_one_worker(generated, tmp_path, capsys):
    runs = str(tmp_path / "runs")
    assert main(["run", TOY, "--worker", "nop", "--run-id", "x", "--runs-dir", runs, "--oracle-root", str(generated)]) == 0
    code = main(["run", TOY, "--worker", "reference", "--run-id", "x", "--runs-dir", runs, "--oracle-root", str(generated)])
    assert code == 2 and "already holds attempts" in capsys.readouterr().err


def test_demo_passes_on_the_toy_scenario_on_both_sets(toy_repo, capsys):
    assert main(["demo", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {(r["set"], r["worker"]): r["expected"] for r in rows} == {
        ("challenge", "reference"): "pass", ("challenge", "alt:float_figures"): "pass",
        ("challenge", "alt:with_breakdown"): "pass", ("challenge", "alt:tally"): "pass",
        ("challenge", "nop"): "fail", ("challenge", "copy-inputs"): "fail", ("challenge", "wrong:off_by_one"): "fail",
        ("challenge", "wrong:no_completion"): "fail", ("challenge", "wrong:tamper"): "fail",
        ("coverage", "reference"): "pass", ("coverage", "nop"): "fail", ("coverage", "wrong:off_by_one"): "fail",
        ("coverage", "wrong:no_completion"): "fail", ("coverage", "wrong:invents_issues"): "fail"}
    assert all(r["as_expected"] for r in rows)
    invents = next(r for r in rows if r["worker"] == "wrong:invents_issues")
    assert invents["det_completion"] is False


def test_demo_fails_when_the_coverage_reference_invents_an_issue(toy_repo, capsys):
    manifest = toy_repo / "oracles-template" / TOY / "solutions" / "solutions.json"
    data = json.loads(manifest.read_text())
    data["reference"] = {"script": "solve.py", "args": ["--variant", "invents_issues"]}  # fails coverage only
    data["alternatives"] = []
    manifest.write_text(json.dumps(data))
    assert main(["demo", "--set", "coverage", "--json"]) == 1
    rows = json.loads(capsys.readouterr().out)
    assert {r["set"] for r in rows} == {"coverage"}
    assert [r["worker"] for r in rows if not r["as_expected"]] == ["reference"]


def _hide_bubblewrap(monkeypatch: pytest.MonkeyPatch) -> None:
    from wp42.run import sandbox

    monkeypatch.setattr(sandbox, "bwrap_available", lambda: (False, "test: bubblewrap hidden"))


UNSANDBOXED = "ran WITHOUT the sandbox (bubblewrap unavailable)"


def test_run_and_demo_say_on_the_console_when_attempts_ran_unsandboxed(generated, tmp_path, monkeypatch, capsys):
    """Issue 15 item 4: run.json alone is not enough; the console says it, --json output stays parseable."""
    _hide_bubblewrap(monkeypatch)
    runs = str(tmp_path / "runs")
    assert main(["run", TOY, "--worker", "reference", "--run-id", "u", "--runs-dir", runs, "--oracle-root",
                 str(generated), "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)[0]["unsandboxed"] is True
    assert f"WARNING: 1 of 1 attempt(s) {UNSANDBOXED}" in captured.err
    assert main(["demo", "--json"]) == 0
    captured = capsys.readouterr()
    rows = json.loads(captured.out)
    assert rows and all(r["unsandboxed"] for r in rows)
    assert f"WARNING: {len(rows)} of {len(rows)} attempt(s) {UNSANDBOXED}" in captured.err


@pytest.mark.skipif(not bwrap_available()[0], reason="bubblewrap cannot create namespaces on this machine")
def test_sandboxed_run_prints_no_unsandboxed_warning(generated, tmp_path, capsys):
    assert main(["run", TOY, "--worker", "reference", "--run-id", "s", "--runs-dir", str(tmp_path / "runs"),
                 "--oracle-root", str(generated)]) == 0
    assert UNSANDBOXED not in capsys.readouterr().err


def test_demo_fails_when_an_alternative_correct_solution_fails(toy_repo, capsys):
    manifest = toy_repo / "oracles-template" / TOY / "solutions" / "solutions.json"
    data = json.loads(manifest.read_text())
    data["alternatives"][1]["args"] = ["--variant", "off_by_one"]
    manifest.write_text(json.dumps(data))
    assert main(["demo", "--json"]) == 1
    rows = json.loads(capsys.readouterr().out)
    assert [(r["worker"], r["det_completion"]) for r in rows if not r["as_expected"]] == [("alt:with_breakdown", False)]


def test_demo_fails_when_a_wrong_solution_passes(toy_repo, capsys):
    manifest = toy_repo / "oracles-template" / TOY / "solutions" / "solutions.json"
    data = json.loads(manifest.read_text())
    data["wrong"][0]["args"] = []  # the "wrong" solution is now the reference: the demo must notice
    manifest.write_text(json.dumps(data))
    assert main(["demo", "--json"]) == 1
    rows = json.loads(capsys.readouterr().out)
    assert [(r["set"], r["worker"]) for r in rows if not r["as_expected"]] == [
        ("challenge", "wrong:off_by_one"), ("coverage", "wrong:off_by_one")]  # declared for both sets


def test_workspace_task_json_has_no_grading_metadata(generated, toy_repo, tmp_path):
    """Issue 13 item 1: the worker's task.json says nothing about the design (planted errors, an injection), the
    repository keeps the full file, and run.json and the receipt carry the full bundle's hash."""
    receipt = run_attempt(_spec(tmp_path, generated, "reference", "ref"))
    attempt = Attempt.at(tmp_path / "runs", "ref", TOY, "A1", 1)
    seen = json.loads((attempt.workspace / "task.json").read_text())
    full_bundle = Repo.find().bundle(TOY)
    full = json.loads(full_bundle.task_json.read_text())
    assert "designed_features" in full and "designed_dependency_depth" in full and full["set"] == "challenge"
    assert not {"designed_features", "designed_dependency_depth", "difficulty",
                "professional_minutes_estimate", "set"} & set(seen)
    assert seen == {k: v for k, v in full.items() if k in seen} and seen["required_deliverables"]
    record = json.loads(attempt.run_json.read_text())
    assert record["bundle_sha256"] == receipt["bundle_sha256"] == bundle_sha256(full_bundle.root)
    assert (record["set"], record["level"]) == ("challenge", "standard")  # what the report groups by (issue 16)
    assert receipt["det_completion"] is True


def test_workspace_holds_no_hidden_source(generated, tmp_path):
    run_attempt(_spec(tmp_path, generated, "reference", "ref"))
    workspace = Attempt.at(tmp_path / "runs", "ref", TOY, "A1", 1).workspace
    names = {p.name for p in workspace.rglob("*")}
    assert not names & {"generate.py", "oracle.json", "evaluate.py", "rubric.json", "REFERENCE.md", "solve.py"}
    shutil.rmtree(tmp_path / "runs")


def test_out_replaced_by_a_link_is_graded_as_empty_and_not_followed(generated, tmp_path):
    # The link points at a folder holding the right answer: following it would grade work the worker did not do.
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    run_attempt(_spec(tmp_path, generated, "reference", "ref"))
    shutil.copytree(Attempt.at(tmp_path / "runs", "ref", TOY, "A1", 1).out, elsewhere, dirs_exist_ok=True)
    receipt = run_attempt(_spec(tmp_path, generated, f"rm -r out && ln -s {elsewhere} out", "linker"))
    attempt = Attempt.at(tmp_path / "runs", "linker", TOY, "A1", 1)
    assert receipt["det_completion"] is False and receipt["status"] == "empty_submission"
    assert attempt.out.is_dir() and not attempt.out.is_symlink() and not any(attempt.out.iterdir())
    assert any("replaced or removed out/" in w for w in json.loads(attempt.run_json.read_text())["warnings"])


def test_scored_and_error_receipts_share_one_skeleton():
    """Both builders give the schema's fields in the same order from the context; an error receipt is unscored and
    a fully passed one is det_completion true; a field the schema does not know is refused."""
    from wp42.evaluation.receipts import (
        Criterion,
        ReceiptContext,
        Violation,
        _receipt,
        build_receipt,
        error_receipt,
    )

    context = ReceiptContext("ACC-99", run_id="r1", evaluator_version="t/1", seed=42, bundle_sha256="ab", notes=["c"])
    passed = build_receipt(context, [Criterion("a", "d", True)], [], critical_checks=["z", "y", "z"], notes=["n"])
    failed = build_receipt(context, [Criterion("a", "d", True)], [Violation("input_integrity", "d")])
    error = error_receipt(context, "evaluator_error", "crashed")
    for receipt in (passed, failed, error):
        assert schemas.errors("receipt", receipt) == []
        assert list(receipt) == list(error)
        assert (receipt["task_id"], receipt["run_id"], receipt["seed"]) == ("ACC-99", "r1", 42)
    assert passed["status"] == "passed" and passed["det_completion"] is True and passed["det_score"] == 1.0
    assert passed["critical_checks"] == ["y", "z"] and passed["notes"] == ["c", "n"]
    assert failed["status"] == "failed" and failed["det_completion"] is False
    assert error["required_criteria"] == [] and error["det_score"] == 0.0 and error["notes"] == ["c", "crashed"]
    with pytest.raises(TypeError, match="det_scor"):
        _receipt(context, "failed", [], det_scor=1.0)


@pytest.mark.skipif(not bwrap_available()[0], reason="bubblewrap cannot create namespaces on this machine")
def test_sandbox_shows_no_generator_git_history_or_default_oracle_root(generated, tmp_path, toy_repo):
    (toy_repo / ".git").mkdir()
    (toy_repo / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    probe = (f"cat {toy_repo}/benchmark/scenarios/{TOY}/generate.py > out/generator.txt 2>&1; "
             f"cat {toy_repo}/.git/HEAD > out/git.txt 2>&1; "
             f"ls {toy_repo}/oracles-template > out/templates.txt 2>&1; ls -A ~ /root > out/home.txt 2>&1")
    run_attempt(_spec(tmp_path, generated, probe, "peek"))
    out = Attempt.at(tmp_path / "runs", "peek", TOY, "A1", 1).out
    assert "BundleWriter" not in (out / "generator.txt").read_text()
    assert "refs/heads" not in (out / "git.txt").read_text()
    assert "solutions" not in (out / "templates.txt").read_text()
    assert "wp42-oracles" not in (out / "home.txt").read_text()


def test_trajectory_is_kept_counted_and_checked(generated, tmp_path):
    lines = ['{"step": 0, "role": "assistant", "tool": "bash", "input": {"command": "ls"}}',
             '{"step": 1, "role": "tool", "tool": "bash", "result": "BRIEF.md inputs out task.json"}',
             '{"role": "assistant"}', "not json"]
    worker = "printf '%s\\n' " + " ".join(f"'{line}'" for line in lines) + ' > "$WP42_TRAJECTORY_FILE"'
    run_attempt(_spec(tmp_path, generated, worker, "traj"))
    attempt = Attempt.at(tmp_path / "runs", "traj", TOY, "A1", 1)
    record = json.loads(attempt.run_json.read_text())
    assert record["trajectory"] == {"steps": 2, "bytes": attempt.trajectory.stat().st_size, "invalid_lines": 2}
    assert any("2 line(s) that break trajectory.schema.json (first: line 3" in w for w in record["warnings"])
    assert attempt.trajectory.read_text().splitlines() == lines


def test_trajectory_that_is_a_link_is_removed_unread(generated, tmp_path):
    secret = Oracle.at(generated, TOY).oracle_json
    run_attempt(_spec(tmp_path, generated, f"ln -s {secret} \"$WP42_TRAJECTORY_FILE\"", "traj-link"))
    attempt = Attempt.at(tmp_path / "runs", "traj-link", TOY, "A1", 1)
    record = json.loads(attempt.run_json.read_text())
    assert record["trajectory"] is None and not attempt.trajectory.exists()
    assert any("trajectory" in w and "link" in w for w in record["warnings"])


def test_usage_file_that_is_a_link_is_not_followed(generated, tmp_path):
    secret = Oracle.at(generated, TOY).oracle_json
    run_attempt(_spec(tmp_path, generated, f"ln -s {secret} \"$WP42_USAGE_FILE\"", "usage-link"))
    record = json.loads(Attempt.at(tmp_path / "runs", "usage-link", TOY, "A1", 1).run_json.read_text())
    assert record["usage"] is None
    assert any("link" in w for w in record["warnings"])


def test_worker_deleting_its_workspace_is_graded_and_the_batch_goes_on(generated, tmp_path):
    specs = plan_attempts([TOY], ["rm -rf \"$WP42_WORKSPACE\""], "A1", 2, "rmws", tmp_path / "runs", generated, None)
    result = run_batch(specs, LocalPool(1))
    assert [o.error for o in result.outcomes] == [None, None]
    for outcome in result.outcomes:
        assert outcome.receipt["det_completion"] is False
        assert "input_integrity" in {v["id"] for v in outcome.receipt["critical_violations"]}


def test_sandbox_that_cannot_start_the_worker_is_an_infrastructure_error(generated, tmp_path, toy_repo):
    portal = toy_repo / "benchmark" / "scenarios" / TOY / "portal"
    portal.mkdir()
    (portal / "portal.json").write_text("{}")  # the portal cannot start, so the worker never runs
    oracle_json = Oracle.at(generated, TOY).oracle_json
    oracle = json.loads(oracle_json.read_text())  # as if the scenario shipped this broken portal all along
    oracle_json.write_text(json.dumps({**oracle, "input_sha256": input_hashes(portal.parent)}))
    receipt = run_attempt(_spec(tmp_path, generated, "reference", "noportal", arm="A3"))
    assert receipt["status"] == "infrastructure_error" and receipt["det_completion"] is False
    assert any("did not start the worker" in n for n in receipt["notes"])


def test_a_run_id_in_use_by_another_process_is_refused(generated, tmp_path, capsys):
    from filelock import FileLock

    from wp42.layout import RUN_LOCK

    folder = tmp_path / "runs" / "busy"
    folder.mkdir(parents=True)
    with FileLock(str(folder / RUN_LOCK)):
        code = main(["run", TOY, "--worker", "nop", "--run-id", "busy", "--runs-dir", str(tmp_path / "runs"),
                     "--oracle-root", str(generated)])
    assert code == 2 and "another wp42 process" in capsys.readouterr().err


def test_resuming_a_run_at_another_seed_is_refused(generated, tmp_path, capsys):
    runs = str(tmp_path / "runs")
    assert main(["run", TOY, "--worker", "nop", "--run-id", "s", "--runs-dir", runs, "--oracle-root", str(generated)]) == 0
    generate(TOY, 7, generated)
    code = main(["run", TOY, "--worker", "nop", "--run-id", "s", "--runs-dir", runs, "--oracle-root", str(generated)])
    assert code == 2 and "seed 42" in capsys.readouterr().err


def test_score_goes_on_past_an_attempt_it_cannot_grade(generated, tmp_path, capsys):
    for run_id in ("a", "b"):
        run_attempt(_spec(tmp_path, generated, "nop", run_id))
    record = Attempt.at(tmp_path / "runs", "a", TOY, "A1", 1).run_json
    data = json.loads(record.read_text())
    record.write_text(json.dumps({**data, "seed": 7}))  # its oracle is gone: seed 42 is installed
    assert main(["score", str(tmp_path / "runs"), "--oracle-root", str(generated), "--json"]) == 1
    rows = json.loads(capsys.readouterr().out)
    assert [bool(r["error"]) for r in rows] == [True, False]


def test_bad_oracle_root_leaves_the_bundle_untouched(toy_repo, tmp_path, capsys):
    generate(TOY, 42, tmp_path / "o")
    before = hash_tree(toy_repo / "benchmark" / "scenarios" / TOY)
    assert main(["generate", TOY, "--seed", "3", "--oracle-root", "/proc/no-such-place"]) == 2
    assert "cannot create the oracle root" in capsys.readouterr().err
    assert hash_tree(toy_repo / "benchmark" / "scenarios" / TOY) == before


def test_a_bundle_changed_since_its_oracle_is_refused(generated, tmp_path, toy_repo, capsys):
    # Grading against an oracle computed from other inputs would score every worker wrongly.
    generate(TOY, 7, None)  # the public bundle moves to seed 7, the oracle stays at seed 42
    task = toy_repo / "benchmark" / "scenarios" / TOY / "task.json"
    task.write_text(task.read_text().replace('"generator_seed": 7', '"generator_seed": 42'))
    code = main(["run", TOY, "--worker", "nop", "--runs-dir", str(tmp_path / "runs"), "--oracle-root", str(generated)])
    assert code == 2 and "does not match its oracle" in capsys.readouterr().err


def _agent_at_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A worker script ``~/agents/agent.sh`` that writes out/answer.json, with HOME and the working folder at
    ``tmp_path/home``; returns the script."""
    home = tmp_path / "home"
    agents = home / "agents"
    agents.mkdir(parents=True)
    script = agents / "agent.sh"
    script.write_text('#!/bin/sh\necho done > "$WP42_OUT/answer.json"\n')
    script.chmod(0o755)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(home)
    return script


@pytest.mark.parametrize("written", ["./agents/agent.sh", "~/agents/agent.sh"])
def test_worker_given_by_a_relative_or_home_path_runs(generated, tmp_path, monkeypatch, written):
    """A new user's finding: the README's `--worker "~/agents/my_agent.py" --expose ~/agents` exited 127, and so
    did `./agents/agent.sh --expose agents`: inside the sandbox ~ is a private HOME and the worker starts in its
    workspace. The program is now made absolute on the host, and --expose folders too."""
    _agent_at_home(tmp_path, monkeypatch)
    run_id = "relative" if written.startswith(".") else "home"
    expose = ("agents",) if written.startswith(".") else ("~/agents",)
    run_attempt(_spec(tmp_path, generated, written, run_id, expose=expose))
    attempt = Attempt.at(tmp_path / "runs", run_id, TOY, "A1", 1)
    record = json.loads(attempt.run_json.read_text())
    assert record["exit_code"] == 0, attempt.worker_log.read_text()
    assert (attempt.out / "answer.json").read_text() == "done\n"


@pytest.mark.parametrize("written", ["~/agents", "$WP42_TEST_AGENTS", "${WP42_TEST_AGENTS}"])
def test_expose_given_in_quotes_is_expanded(generated, tmp_path, monkeypatch, capsys, written):
    """A new user's `wp42 run ... --expose "~/agents"` (quoted, so the shell left ~ alone) was refused as
    "Path '~/agents' does not exist"; ~ and $VAR are now expanded in every path option, --runs-dir included."""
    script = _agent_at_home(tmp_path, monkeypatch)
    monkeypatch.setenv("WP42_TEST_AGENTS", str(script.parent))
    code = main(["run", TOY, "--worker", str(script), "--expose", written, "--run-id", "x", "--runs-dir",
                 "$WP42_TEST_AGENTS/../runs", "--oracle-root", str(generated)])
    assert code == 0, capsys.readouterr().err
    record = json.loads(Attempt.at(tmp_path / "home" / "runs", "x", TOY, "A1", 1).run_json.read_text())
    assert record["exit_code"] == 0


def test_a_path_naming_an_unset_variable_is_one_line_naming_it(generated, monkeypatch, capsys):
    monkeypatch.delenv("WP42_TEST_UNSET", raising=False)
    code = main(["run", TOY, "--worker", "nop", "--expose", "$WP42_TEST_UNSET/agents", "--oracle-root",
                 str(generated)])
    err = capsys.readouterr().err
    assert code == 2 and "$WP42_TEST_UNSET, which is not set" in err and "Traceback" not in err


def test_oracle_root_and_out_dir_expand_home(generated, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / "out").mkdir()
    assert main(["evaluate", TOY, "~/out", "--oracle-root", f"~/{generated.name}"]) == 0
    assert json.loads(capsys.readouterr().out)["status"] == "empty_submission"


def test_a_worker_program_that_is_missing_or_not_executable_is_refused_before_any_attempt(generated, tmp_path,
                                                                                          capsys):
    """A new user's trial: a worker path that does not exist ended every attempt with exit 127 and a hint about
    --expose (given already); a script without its execute bit exited 126 with no hint. Both are now one line
    naming the file and the fix, and no attempt folder is made."""
    runs = tmp_path / "runs"
    missing = tmp_path / "agents" / "nope.sh"
    code = main(["run", TOY, "--worker", str(missing), "--runs-dir", str(runs), "--oracle-root", str(generated)])
    err = capsys.readouterr().err
    assert code == 2 and f"the worker program {missing} does not exist" in err and "Traceback" not in err
    script = tmp_path / "agents" / "agent.sh"
    script.parent.mkdir()
    script.write_text("#!/bin/sh\nexit 0\n")
    code = main(["run", TOY, "--worker", f"{script} --fast", "--runs-dir", str(runs), "--oracle-root",
                 str(generated)])
    err = capsys.readouterr().err
    assert code == 2 and "is not executable" in err and f"chmod +x {script}" in err
    assert not runs.exists() or not any(runs.rglob("run.json"))


def test_run_all_without_oracles_names_every_scenario_and_the_one_command(tmp_path, capsys):
    """A new user's `wp42 run --all --oracle-root NEW` stopped at the first scenario with "--seed N"; it now names
    every scenario without an oracle and the generate command with the bundles' seed."""
    empty = tmp_path / "oracles"
    code = main(["run", "--all", "--worker", "nop", "--oracle-root", str(empty), "--runs-dir", str(tmp_path / "r")])
    err = capsys.readouterr().err
    ids = Repo.find().task_ids()
    assert code == 2 and f"no oracle for {len(ids)} scenarios" in err and all(i in err for i in ids)
    assert f"wp42 generate --all --seed 42 --oracle-root {empty}" in err and "--seed N" not in err


# --- sets and levels (issues 16 and 25) ------------------------------------------------------------------------------

def _declare_only_the_defaults(repo: Path) -> None:
    manifest = repo / "oracles-template" / TOY / "solutions" / "solutions.json"
    data = json.loads(manifest.read_text())
    data.pop("sets"), data.pop("levels")
    data["wrong"] = [w for w in data["wrong"] if w["name"] != "invents_issues"]
    manifest.write_text(json.dumps(data))


def test_generate_writes_the_asked_for_set_and_level(toy_repo, oracle_root, capsys):
    assert main(["generate", TOY, "--seed", "42", "--set", "coverage", "--level", "hard", "--oracle-root",
                 str(oracle_root), "--json"]) == 0
    [row] = json.loads(capsys.readouterr().out)
    assert (row["seed"], row["set"], row["level"]) == (42, "coverage", "hard")
    task = json.loads((toy_repo / "benchmark" / "scenarios" / TOY / "task.json").read_text())
    oracle = json.loads(Oracle.at(oracle_root, TOY).oracle_json.read_text())
    assert (task["set"], task["level"], oracle["set"], oracle["level"]) == ("coverage", "hard", "coverage", "hard")
    assert oracle["planted_items"] == [] and len(oracle["input_sha256"]) == 2


@pytest.mark.parametrize("argv,asked", [
    (["generate", TOY, "--seed", "42", "--set", "coverage"], "coverage set"),
    (["generate", TOY, "--seed", "42", "--level", "hard"], "hard level"),
    (["run", TOY, "--worker", "nop", "--set", "coverage"], "coverage set"),
    (["run", TOY, "--worker", "nop", "--level", "hard"], "hard level"),
    (["validate", TOY, "--seeds", "42", "--set", "both"], "coverage set"),
    (["validate", TOY, "--seeds", "42", "--level", "both"], "hard level"),
    (["demo", TOY, "--set", "coverage"], "coverage set"),
])
def test_an_undeclared_variant_is_one_line_naming_the_scenario_before_any_work(toy_repo, tmp_path, capsys, argv,
                                                                                asked):
    _declare_only_the_defaults(toy_repo)
    before = hash_tree(toy_repo / "benchmark" / "scenarios" / TOY)
    assert main([*argv, "--oracle-root", str(tmp_path / "o")] if argv[0] != "demo" else argv) == 2
    err = capsys.readouterr().err
    assert f"ACC-99 does not declare the {asked}: ACC-99 declares sets challenge and levels standard" in err
    assert "solutions.json" in err and err.count("\n") == 1 and "Traceback" not in err
    assert hash_tree(toy_repo / "benchmark" / "scenarios" / TOY) == before and not (tmp_path / "o").exists()


def test_a_variant_run_uses_its_own_bundle_and_oracle_and_score_regrades_it(generated, toy_repo, tmp_path, capsys):
    committed = hash_tree(toy_repo / "benchmark" / "scenarios" / TOY)
    runs = str(tmp_path / "runs")
    assert main(["run", TOY, "--worker", "reference", "--set", "coverage", "--seed", "7", "--run-id", "cov",
                 "--runs-dir", runs, "--oracle-root", str(generated), "--json"]) == 0
    [row] = json.loads(capsys.readouterr().out)
    assert (row["seed"], row["set"], row["level"], row["det_completion"]) == (7, "coverage", "standard", True)
    record = json.loads(Attempt.at(tmp_path / "runs", "cov", TOY, "A1", 1).run_json.read_text())
    variant_root = generated / "variants" / "seed-7-coverage"
    assert (record["seed"], record["set"], record["oracle_root"]) == (7, "coverage", str(variant_root))
    assert json.loads(Oracle.at(variant_root, TOY).oracle_json.read_text())["set"] == "coverage"
    # neither the committed bundle nor the oracle root's own oracle moved
    assert hash_tree(toy_repo / "benchmark" / "scenarios" / TOY) == committed
    assert json.loads(Oracle.at(generated, TOY).oracle_json.read_text())["set"] == "challenge"
    assert main(["run", TOY, "--worker", "wrong:invents_issues", "--set", "coverage", "--seed", "7", "--run-id",
                 "inv", "--runs-dir", runs, "--oracle-root", str(generated), "--json"]) == 0
    receipt = json.loads(Attempt.at(tmp_path / "runs", "inv", TOY, "A1", 1).receipt.read_text())
    assert {c["id"]: c["passed"] for c in receipt["required_criteria"]}["no_invented_issues"] is False
    capsys.readouterr()
    # no --oracle-root: each attempt is re-graded with the oracle root its run.json records
    assert main(["score", runs, "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [(r["set"], r["seed"], r["det_completion"]) for r in rows] == [("coverage", 7, True), ("coverage", 7, False)]


def test_score_without_oracle_root_uses_the_one_the_run_recorded(generated, tmp_path, capsys):
    runs = str(tmp_path / "runs")
    assert main(["run", TOY, "--worker", "reference", "--run-id", "r", "--runs-dir", runs, "--oracle-root",
                 str(generated)]) == 0
    assert f"wp42 score {tmp_path / 'runs' / 'r'}" in capsys.readouterr().err
    assert main(["score", runs, "--json"]) == 0
    assert [r["det_completion"] for r in json.loads(capsys.readouterr().out)] == [True]


def test_an_oracle_of_another_set_is_refused(generated, tmp_path, capsys):
    generate(TOY, 42, tmp_path / "coverage", set_name="coverage", bundle_dir=tmp_path / "b" / TOY)
    out = tmp_path / "out"
    out.mkdir()
    # the committed bundle is the challenge set at seed 42; the coverage oracle has the same seed
    assert main(["evaluate", TOY, str(out), "--oracle-root", str(tmp_path / "coverage")]) == 2
    err = capsys.readouterr().err
    assert "is for seed 42 (coverage set, standard level)" in err and "(challenge set, standard level)" in err


def test_resuming_a_run_at_another_set_is_refused(generated, tmp_path, capsys):
    runs = str(tmp_path / "runs")
    assert main(["run", TOY, "--worker", "nop", "--run-id", "s", "--runs-dir", runs, "--oracle-root", str(generated)]) == 0
    code = main(["run", TOY, "--worker", "nop", "--run-id", "s", "--runs-dir", runs, "--oracle-root", str(generated),
                 "--set", "coverage"])
    assert code == 2 and "one run, one variant" in capsys.readouterr().err


@pytest.mark.skipif(not bwrap_available()[0], reason="bubblewrap cannot create namespaces on this machine")
def test_a_variant_run_hides_the_enclosing_oracle_root_and_the_scenario_folders(generated, toy_repo, tmp_path,
                                                                                capsys):
    probe = (f"cat {Oracle.at(generated, TOY).oracle_json} > out/other_oracle.txt 2>&1; "
             f"cat {toy_repo}/benchmark/scenarios/{TOY}/generate.py > out/generator.txt 2>&1")
    # the user exposes a folder that holds the oracle root: the sandbox must still cover every oracle in it
    assert main(["run", TOY, "--worker", probe, "--set", "coverage", "--run-id", "p", "--runs-dir",
                 str(tmp_path / "runs"), "--oracle-root", str(generated), "--expose", str(tmp_path)]) == 0
    out = Attempt.at(tmp_path / "runs", "p", TOY, "A1", 1).out
    assert "facts" not in (out / "other_oracle.txt").read_text()
    assert "BundleWriter" not in (out / "generator.txt").read_text()


@pytest.mark.parametrize("damage", ["truncated", "a list"])
def test_score_reports_a_damaged_run_json_and_grades_the_other_attempts(generated, tmp_path, capsys, damage):
    """A run.json cut short (a full disk, a killed copy) or not an object stops only its own attempt, with one line
    naming the file and the fix; it used to end ``wp42 score`` with a ValueError traceback."""
    run_attempt(_spec(tmp_path, generated, "reference", "ref"))
    run_attempt(_spec(tmp_path, generated, "reference", "ref", attempt=2))
    damaged = Attempt.at(tmp_path / "runs", "ref", TOY, "A1", 1)
    text = damaged.run_json.read_text()
    damaged.run_json.write_text(text[: len(text) // 2] if damage == "truncated" else "[]\n")
    assert main(["score", str(tmp_path / "runs")]) == 1
    captured = capsys.readouterr()
    lines = captured.out.strip().splitlines()
    [bad] = [line for line in lines if line.startswith(f"{damaged.root}: NOT re-graded:")]
    assert str(damaged.run_json) in bad and "run the attempt again" in bad
    assert any(line.startswith(f"{Attempt.at(tmp_path / 'runs', 'ref', TOY, 'A1', 2).root}: ") and "NOT" not in line
               for line in lines), lines
    assert "Traceback" not in captured.err and "1 of 2 attempts were not re-graded" in captured.err
