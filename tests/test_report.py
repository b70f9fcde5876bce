"""The report over a tiny hand-written runs folder: figures, roll-ups, baselines, rendering and the CLI."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from wp42 import report as reporting
from wp42.cli.report import report_command
from wp42.errors import UserError
from wp42.layout import Attempt, Repo
from wp42.report import render as report_render
from wp42.report import stats
from wp42.schemas import dump_json

RESAMPLES = 200


def write_attempt(
    runs: Path,
    task_id: str,
    arm: str,
    attempt: int,
    *,
    worker: str,
    score: float | None,
    complete: bool = False,
    status: str | None = None,
    violations: tuple[str, ...] = (),
    failed_shared: tuple[str, ...] = (),
    justified: bool | None = None,
    elapsed: float = 10.0,
    run_id: str = "r1",
    sandbox: str | None = None,
    set_name: str | None = None,
    level: str | None = None,
    invented: bool | None = None,
) -> Attempt:
    """One attempt folder with run.json and, when ``score`` or ``status`` is given, receipt.json. ``sandbox``
    ("bwrap" or "none") writes run.json's isolation record; ``set_name`` and ``level`` its set and level;
    ``invented`` adds a ``no_invented_issues`` criterion that failed (True) or passed (False)."""
    folder = Attempt.at(runs, run_id, task_id, arm, attempt)
    folder.root.mkdir(parents=True)
    run = {
        "run_id": run_id, "task_id": task_id, "arm": arm, "attempt": attempt, "worker": worker, "seed": 7,
        "elapsed_s": elapsed, "timed_out": False, "network_attempts": [], "exit_code": 0,
    }
    if sandbox is not None:
        run["isolation"] = {"sandbox": sandbox}
    if set_name is not None:
        run["set"] = set_name
    if level is not None:
        run["level"] = level
    folder.run_json.write_text(dump_json(run))
    if score is None and status is None:
        return folder
    criteria = [
        {"id": "completion_file", "description": "", "passed": "completion_file" not in failed_shared,
         "weight": 1.0, "detail": "", "shared_check": True},
        {"id": "adjusted_book_balance", "description": "", "passed": complete, "weight": 1.0, "detail": ""},
    ]
    if invented is not None:
        criteria.append({"id": "no_invented_issues", "description": "", "passed": not invented, "weight": 2.0,
                         "detail": ""})
    receipt = {
        "schema_version": 1, "task_id": task_id, "run_id": run_id, "evaluator_version": "t",
        "status": status or ("passed" if complete else "failed"), "seed": 7,
        "required_criteria": criteria if score is not None else [],
        "critical_violations": [{"id": v, "description": "", "detail": ""} for v in violations],
        "critical_checks": ["input_integrity", "injection_obeyed"] if score is not None else [],
        "det_completion": complete, "det_score": score or 0.0,
        "abstention": {"status": None, "justified": justified}, "notes": [],
    }
    folder.receipt.write_text(dump_json(receipt))
    return folder


def write_task(repo_root: Path, task_id: str, *, minutes: int, depth: int, injection: bool = False) -> None:
    path = Repo(repo_root).bundle(task_id).task_json
    path.parent.mkdir(parents=True, exist_ok=True)
    features = {"planted_errors": 2, "prompt_injection": injection, "missing_information": False,
                "requires_clarification": False, "interface_perturbation": False}
    path.write_text(json.dumps({"task_id": task_id, "difficulty": "standard", "designed_dependency_depth": depth,
                                "professional_minutes_estimate": minutes, "designed_features": features}))


@pytest.fixture
def runs(tmp_path: Path) -> Path:
    """ACC-01 (coverage, 60 min) and FIN-01 (challenge: injection, 180 min) for worker w and nop on arm A1.

    w on ACC-01: 4 attempts, det_score 1, 1, 0.5, 0.5, complete in 2 (pass^1 = 0.5, pass^2 = 1/6), one justified
    abstention and one unjustified. w on FIN-01: 2 scored (0.25 with injection_obeyed, 0.75) plus one evaluator
    error and one attempt without a receipt. nop: 0.0 everywhere, completion_file failing.
    """
    root = tmp_path / "runs"
    write_attempt(root, "ACC-01", "A1", 1, worker="w", score=1.0, complete=True, justified=True, elapsed=10)
    write_attempt(root, "ACC-01", "A1", 2, worker="w", score=1.0, complete=True, elapsed=20)
    write_attempt(root, "ACC-01", "A1", 3, worker="w", score=0.5, justified=False, elapsed=30)
    write_attempt(root, "ACC-01", "A1", 4, worker="w", score=0.5, elapsed=40)
    write_attempt(root, "FIN-01", "A1", 1, worker="w", score=0.25, violations=("injection_obeyed",))
    write_attempt(root, "FIN-01", "A1", 2, worker="w", score=0.75)
    write_attempt(root, "FIN-01", "A1", 3, worker="w", score=None, status="evaluator_error")
    write_attempt(root, "FIN-01", "A1", 4, worker="w", score=None)
    for task_id in ("ACC-01", "FIN-01"):
        write_attempt(root, task_id, "A1", 1, worker="nop", score=0.0, failed_shared=("completion_file",),
                      run_id="r0", elapsed=1)
    return root


@pytest.fixture
def repo(tmp_path: Path) -> Repo:
    write_task(tmp_path / "repo", "ACC-01", minutes=60, depth=12)
    write_task(tmp_path / "repo", "FIN-01", minutes=180, depth=30, injection=True)
    return Repo(tmp_path / "repo")


def group(report: dict[str, Any], worker: str, arm: str = "A1") -> dict[str, Any]:
    return next(g for g in report["groups"] if (g["worker"], g["arm"]) == (worker, arm))


def test_scenario_figures_by_hand(runs: Path, repo: Repo) -> None:
    report = reporting.build_report(runs, repo=repo, resamples=RESAMPLES, seed=3)
    acc = group(report, "w")["scenarios"]["ACC-01"]
    assert acc["scored"] == 4
    assert acc["det_score"]["mean"] == pytest.approx(0.75)
    assert acc["det_score"]["ci_low"] <= 0.75 <= acc["det_score"]["ci_high"]
    assert acc["det_score"]["resamples"] == RESAMPLES and acc["det_score"]["seed"] == 3
    assert acc["det_completion_rate"] == 0.5
    assert [row["value"] for row in acc["pass_hat_k"]] == [0.5, pytest.approx(1 / 6, abs=1e-6), 0.0, 0.0]
    assert acc["abstention"] == {"judged": 2, "justified": 1, "accuracy": 0.5}
    assert acc["median_elapsed_s"] == 25.0


def test_unscored_attempts_are_counted_apart_not_as_zero(runs: Path, repo: Repo) -> None:
    fin = group(reporting.build_report(runs, repo=repo, resamples=RESAMPLES), "w")["scenarios"]["FIN-01"]
    assert fin["attempts"] == 4
    assert fin["scored"] == 2
    assert fin["unscored"] == {"evaluator_error": 1, reporting.NO_RECEIPT: 1}
    # (0.25 + 0.75) / 2, not (0.25 + 0.75 + 0 + 0) / 4
    assert fin["det_score"]["mean"] == pytest.approx(0.5)
    assert fin["critical_violation_rate"] == {"injection_obeyed": 0.5, "any": 0.5}


def test_overall_sets_and_weighting(runs: Path, repo: Repo) -> None:
    report = reporting.build_report(runs, repo=repo, resamples=RESAMPLES)
    assert report["scenarios"]["FIN-01"]["set"] == "challenge"
    assert report["scenarios"]["FIN-01"]["challenge_reasons"] == ["prompt_injection"]
    assert report["scenarios"]["ACC-01"]["set"] == "coverage"
    w = group(report, "w")
    # six scored attempts: 1, 1, .5, .5, .25, .75
    assert w["overall"]["det_score"]["mean"] == pytest.approx(4.0 / 6, abs=1e-6)
    assert w["sets"]["coverage"]["det_score"]["mean"] == pytest.approx(0.75)
    assert w["sets"]["challenge"]["det_score"]["mean"] == pytest.approx(0.5)
    # pass^1 overall averages scenarios: (2/4 + 0/2) / 2; pass^3 only ACC-01 has 3 scored attempts.
    assert w["overall"]["pass_hat_k"][0] == {"k": 1, "value": 0.25, "scenarios": 2}
    assert w["overall"]["pass_hat_k"][2]["scenarios"] == 1
    # minutes-weighted: (0.75 * 60 + 0.5 * 180) / 240 = 0.5625
    weighted = w["weighted_by_minutes"]
    assert weighted["det_score"]["mean"] == pytest.approx(0.5625)
    assert weighted["det_completion_rate"] == pytest.approx((0.5 * 60 + 0 * 180) / 240)
    assert weighted["left_out"] == []


def test_overall_interval_resamples_scenarios_by_hand(runs: Path, repo: Repo) -> None:
    # w's scored attempts: ACC-01 = [1, 1, .5, .5] (sum 3 of 4), FIN-01 = [.25, .75] (sum 1 of 2). Drawing two
    # scenarios with replacement and pooling their attempts: ACC+ACC -> 6/8 = .75 (p 1/4), ACC+FIN -> 4/6 (p 1/2),
    # FIN+FIN -> 2/4 = .5 (p 1/4). So the 95% interval is [.5, .75]; resampling the six attempts one by one would
    # give about [.46, .88] instead.
    report = reporting.build_report(runs, repo=repo, resamples=RESAMPLES, seed=3)
    overall = group(report, "w")["overall"]["det_score"]
    assert (overall["ci_low"], overall["mean"], overall["ci_high"]) == (0.5, pytest.approx(4 / 6, abs=1e-6), 0.75)
    assert overall["method"] == "scenario-clustered percentile bootstrap"
    assert (overall["clusters"], overall["n"]) == (2, 6)
    assert "scenario-clustered" in report["bootstrap"]["method"]
    # A set of one scenario (coverage = ACC-01 only) and each scenario row resample that scenario's attempts.
    coverage = group(report, "w")["sets"]["coverage"]["det_score"]
    alone = stats.bootstrap_mean_ci([1.0, 1.0, 0.5, 0.5], resamples=RESAMPLES, seed=3).as_dict()
    assert coverage == alone == group(report, "w")["scenarios"]["ACC-01"]["det_score"]
    assert "clusters" not in coverage


def test_nop_baseline_sits_beside_each_group(runs: Path, repo: Repo) -> None:
    report = reporting.build_report(runs, repo=repo, resamples=RESAMPLES)
    baseline = group(report, "w")["baseline"]
    assert baseline["overall"] == {"det_score_mean": 0.0, "det_completion_rate": 0.0, "scored": 2}
    assert baseline["scenarios"]["ACC-01"]["det_score_mean"] == 0.0
    assert group(report, "nop")["baseline"] is None
    assert not any("no 'nop' attempts" in n for n in report["notes"])


def test_shared_check_rollup_counts_scenarios(runs: Path, repo: Repo) -> None:
    report = reporting.build_report(runs, repo=repo, resamples=RESAMPLES)
    nop_checks = {row["id"]: row for row in group(report, "nop")["shared_checks"]}
    assert nop_checks["completion_file"]["scenarios_failed"] == 2
    assert nop_checks["completion_file"]["scenarios_checked"] == 2
    w_checks = {row["id"]: row for row in group(report, "w")["shared_checks"]}
    assert w_checks["injection_obeyed"]["scenarios_failed"] == 1
    assert w_checks["injection_obeyed"]["failed_scenarios"] == ["FIN-01"]
    assert w_checks["injection_obeyed"]["attempts_failed"] == 1
    assert w_checks["input_integrity"]["scenarios_failed"] == 0
    assert w_checks["input_integrity"]["scenarios_checked"] == 2
    text = reporting.render_text(report)
    assert "check completion_file failed in 2 of 2 scenarios" in text
    assert "check injection_obeyed failed in 1 of 2 scenarios (FIN-01)" in text


def test_unknown_metadata_degrades_to_unweighted_coverage(runs: Path, tmp_path: Path) -> None:
    report = reporting.build_report(runs, repo=Repo(tmp_path / "empty-repo"), resamples=RESAMPLES)
    assert report["scenarios"]["FIN-01"] == {
        "task_id": "FIN-01", "known": False, "set": "coverage", "level": "standard", "challenge_reasons": [],
        "professional_minutes_estimate": None, "designed_dependency_depth": None, "difficulty": None,
    }
    w = group(report, "w")
    assert w["sets"]["challenge"]["attempts"] == 0
    assert w["weighted_by_minutes"]["det_score"] is None
    assert w["weighted_by_minutes"]["left_out"] == ["ACC-01", "FIN-01"]
    assert any("task.json not found for ACC-01, FIN-01" in n for n in report["notes"])
    reporting.render_html(report)  # plots cope with no known depth


def test_missing_baseline_is_noted(tmp_path: Path, repo: Repo) -> None:
    write_attempt(tmp_path / "runs", "ACC-01", "A1", 1, worker="w", score=1.0, complete=True)
    report = reporting.build_report(tmp_path / "runs", repo=repo, resamples=RESAMPLES)
    assert group(report, "w")["baseline"] is None
    assert any("no 'nop' attempts" in n for n in report["notes"])


def test_one_run_folder_is_accepted(runs: Path, repo: Repo) -> None:
    report = reporting.build_report(runs / "r1", repo=repo, resamples=RESAMPLES)
    assert report["counts"]["attempts"] == 8
    assert {g["worker"] for g in report["groups"]} == {"w"}


def test_bad_runs_dir_raises_user_error(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="does not exist"):
        reporting.build_report(tmp_path / "missing")
    (tmp_path / "empty").mkdir()
    with pytest.raises(UserError, match="no attempts"):
        reporting.build_report(tmp_path / "empty")


def test_unreadable_receipt_is_unscored_with_a_note(tmp_path: Path, repo: Repo) -> None:
    folder = write_attempt(tmp_path / "runs", "ACC-01", "A1", 1, worker="w", score=1.0, complete=True)
    folder.receipt.write_text("{not json")
    report = reporting.build_report(tmp_path / "runs", repo=repo, resamples=RESAMPLES)
    assert report["counts"]["unscored"] == {reporting.UNREADABLE_RECEIPT: 1}
    assert group(report, "w")["overall"]["det_score"] is None
    assert any("receipt unreadable" in n for n in report["notes"])


def test_compare_workers_pairs_scenarios(runs: Path, repo: Repo) -> None:
    data = reporting.load_runs(runs, repo=repo)
    result = reporting.compare(data, "w", "nop", resamples=RESAMPLES)
    assert result["unit"] == "scenario/arm"
    # ACC-01: 0.75 - 0; FIN-01: 0.5 - 0
    assert result["det_score"]["pairs"] == 2
    assert result["det_score"]["difference"]["mean"] == pytest.approx(0.625)
    assert result["det_score"]["wins"] == 2
    assert result["det_completion"]["difference"]["mean"] == pytest.approx(0.25)
    flipped = reporting.compare(data, "nop", "w", resamples=RESAMPLES)
    assert flipped["det_score"]["difference"]["mean"] == pytest.approx(-0.625)


def test_compare_refuses_unknown_or_identical_sides(runs: Path, repo: Repo) -> None:
    data = reporting.load_runs(runs, repo=repo)
    with pytest.raises(UserError, match="names no worker or arm"):
        reporting.compare(data, "w", "ghost")
    with pytest.raises(UserError, match="two different sides"):
        reporting.compare(data, "w", "w")


def test_html_is_self_contained_with_plots(runs: Path, repo: Repo, tmp_path: Path) -> None:
    report = reporting.build_report(runs, repo=repo, resamples=RESAMPLES)
    page = report_render.render_html(report)
    assert reporting.render_html is report_render.render_html  # still reachable where it used to live
    assert page.count("<img ") == 4
    assert page.count("src='data:image/png;base64,") == 4
    assert "http://" not in page and "https://" not in page
    assert "ACC-01" in page and "injection_obeyed" in page


def test_cli_json_has_ci_and_pass_hat_k(runs: Path, repo: Repo, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WP42_HOME", str(repo.root))
    (repo.root / "benchmark" / "scenarios").mkdir(parents=True, exist_ok=True)
    result = CliRunner().invoke(report_command, [str(runs), "--json", "--resamples", "150", "--seed", "5",
                                                  "--compare", "w", "nop"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    assert list(document) == sorted(document)
    assert document["bootstrap"]["resamples"] == 150 and document["bootstrap"]["seed"] == 5
    acc = group(document, "w")["scenarios"]["ACC-01"]
    assert {"ci_low", "ci_high", "mean"} <= set(acc["det_score"])
    assert acc["pass_hat_k"][1]["value"] == pytest.approx(1 / 6, abs=1e-6)
    assert document["comparison"]["det_score"]["difference"]["mean"] == pytest.approx(0.625)


def test_cli_html_and_text(runs: Path, repo: Repo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WP42_HOME", str(repo.root))
    page = tmp_path / "report.html"
    result = CliRunner().invoke(report_command, [str(runs), "--html", str(page), "--resamples", "100"])
    assert result.exit_code == 0, result.output
    assert "worker w · arm A1" in result.output
    assert "0.750 [" in result.output
    assert "0.000 [n=1]" in result.output  # nop's single attempt per scenario gets no interval
    assert page.read_text().count("data:image/png;base64,") == 4


def test_cli_bad_runs_dir_is_a_user_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(report_command, [str(tmp_path / "nowhere")])
    assert isinstance(result.exception, UserError)
    assert "does not exist" in str(result.exception)
    assert "\n" not in str(result.exception)


def test_unsandboxed_attempts_are_marked_and_warned_on_the_console(tmp_path: Path, repo: Repo,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 15 item 4: rows holding an attempt run without the sandbox are marked, and the console says so."""
    runs = tmp_path / "runs"
    write_attempt(runs, "ACC-01", "A1", 1, worker="w", score=1.0, complete=True, sandbox="bwrap")
    write_attempt(runs, "ACC-01", "A1", 2, worker="w", score=1.0, complete=True, sandbox="none")
    write_attempt(runs, "FIN-01", "A1", 1, worker="w", score=0.5, sandbox="bwrap")
    report = reporting.build_report(runs, repo=repo, resamples=RESAMPLES)
    assert report["counts"]["unsandboxed"] == 1
    cells = group(report, "w")
    assert (cells["overall"]["unsandboxed"], cells["scenarios"]["ACC-01"]["unsandboxed"],
            cells["scenarios"]["FIN-01"]["unsandboxed"]) == (1, 1, 0)
    text = reporting.render_text(report)
    assert "overall [UNSANDBOXED: 1 of 3]" in text and "ACC-01 (coverage) [UNSANDBOXED: 1 of 2]" in text
    assert "FIN-01 (challenge) [UNSANDBOXED" not in text
    assert "[UNSANDBOXED: 1 of 2]" in reporting.render_html(report)
    monkeypatch.setenv("WP42_HOME", str(repo.root))
    result = CliRunner().invoke(report_command, [str(runs), "--json", "--resamples", "50"])
    assert result.exit_code == 0
    assert "WARNING: 1 of 3 attempt(s) ran WITHOUT the sandbox" in result.stderr
    assert json.loads(result.stdout)["counts"]["unsandboxed"] == 1


def test_sandboxed_runs_print_no_warning(runs: Path, repo: Repo, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WP42_HOME", str(repo.root))
    result = CliRunner().invoke(report_command, [str(runs), "--resamples", "50"])
    assert result.exit_code == 0 and "WITHOUT the sandbox" not in result.output and "UNSANDBOXED" not in result.output


def test_sets_and_levels_come_from_run_json_and_over_flagging_is_counted(tmp_path: Path) -> None:
    """Issue 16 and 25 item 5: attempts of a coverage bundle are reported under coverage (even for a scenario whose
    task.json plants an injection), each (template, set, level) is its own scenario, hard attempts get level rows,
    and the over-flagging rate is the share of coverage attempts that failed no_invented_issues."""
    runs, repo = tmp_path / "runs", tmp_path / "repo"
    write_task(repo, "ACC-01", minutes=120, depth=30, injection=True)
    write_attempt(runs, "ACC-01", "A1", 1, worker="w", score=1.0, complete=True, set_name="challenge")
    write_attempt(runs, "ACC-01", "A1", 2, worker="w", score=1.0, complete=True, set_name="coverage", invented=False)
    write_attempt(runs, "ACC-01", "A1", 3, worker="w", score=0.6, set_name="coverage", invented=True)
    write_attempt(runs, "ACC-01", "A1", 4, worker="w", score=0.5, set_name="challenge", level="hard")
    write_attempt(runs, "ACC-01", "A1", 5, worker="w", score=1.0, complete=True, set_name="challenge")
    report = reporting.build_report(runs, repo=Repo(repo), resamples=RESAMPLES)
    assert sorted(report["scenarios"]) == ["ACC-01", "ACC-01/coverage", "ACC-01/hard"]
    assert report["scenarios"]["ACC-01/coverage"]["set"] == "coverage"
    assert report["scenarios"]["ACC-01/hard"]["level"] == "hard"
    w = group(report, "w")
    assert w["sets"]["coverage"]["attempts"] == 2 and w["sets"]["challenge"]["attempts"] == 3
    assert w["levels"]["hard"]["attempts"] == 1 and w["levels"]["standard"]["attempts"] == 4
    assert w["overall"]["over_flagging"] == {"judged": 2, "flagged": 1, "rate": 0.5}
    assert w["sets"]["challenge"]["over_flagging"] == {"judged": 0, "flagged": 0, "rate": None}
    # pass^1 is averaged over the three variants (1.0, 0.5, 0.0), not pooled into one ACC-01 (3 of 5 = 0.6)
    assert w["overall"]["pass_hat_k"][0]["value"] == pytest.approx(0.5)
    assert w["scenarios"]["ACC-01/coverage"]["det_completion_rate"] == 0.5
    text = reporting.render_text(report)
    assert "over-flagging: 1 of 2 coverage attempts reported a problem that is not there (rate 0.50)" in text
    assert "level hard" in text and "ACC-01/coverage (coverage)" in text
    assert "over-flagging: 1 of 2" in reporting.render_html(report)


def test_compare_pairs_a_scenario_only_at_the_same_seed(tmp_path: Path, repo: Repo) -> None:
    """A new user's agent ran ACC-01 at seed 42 and the reference at seed 7: the report paired them as one unit.
    Another seed is another instance; such attempts are left unpaired, and the comparison says so."""
    runs = tmp_path / "runs"
    agent = write_attempt(runs, "ACC-01", "A1", 1, worker="agent", score=0.5, run_id="ra")
    reference = write_attempt(runs, "ACC-01", "A1", 1, worker="reference", score=1.0, run_id="rb")
    for folder, seed in ((agent, 42), (reference, 7)):
        for path in (folder.run_json, folder.receipt):
            record = json.loads(path.read_text())
            record["seed"] = seed
            path.write_text(json.dumps(record))
    result = reporting.compare(reporting.load_runs(runs, repo=repo), "agent", "reference", resamples=RESAMPLES)
    assert result["det_score"]["pairs"] == 0 and result["unit"] == "scenario seed/arm"
    assert result["notes"] and "one side only" in result["notes"][0]
    assert "note: 2 of 2 units" in reporting.render_comparison_text(result)
