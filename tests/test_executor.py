"""Many attempts: the local pool and the Ray backend, resume, Ctrl-C, and one failing attempt among others."""

from __future__ import annotations

import importlib.util
import json
import sys
import time
from pathlib import Path

import pytest

from wp42.cli import main
from wp42.generation import generate
from wp42.layout import Attempt
from wp42.run.executor import LocalPool, make_executor, plan_attempts, run_batch

TOY = "ACC-99"
RAY_MISSING = importlib.util.find_spec("ray") is None
needs_ray = pytest.mark.skipif(
    RAY_MISSING, reason="Ray is not installed (optional extra: pip install -e '.[ray]'); the ray backend is untested"
)
#: A worker that finishes at once in attempt 1 and sleeps 60 s in every other attempt.
FAST_THEN_SLOW = 'case "$WP42_WORKSPACE" in */1/workspace) exit 0;; *) sleep 60;; esac'


@pytest.fixture
def generated(toy_repo: Path, oracle_root: Path) -> Path:
    generate(TOY, 42, oracle_root)
    return oracle_root


def receipts(runs: Path, run_id: str) -> dict[tuple[str, int], int]:
    """``{(task_id, attempt): receipt mtime}`` of every receipt under one run."""
    return {
        (p.parents[2].name, int(p.parent.name)): p.stat().st_mtime_ns
        for p in (runs / run_id).glob("*/*/*/receipt.json")
    }


def run_cli(runs: Path, oracles: Path, *extra: str) -> list[str]:
    return ["run", "--all", "--worker", "nop", "--runs-dir", str(runs), "--oracle-root", str(oracles), *extra]


@pytest.mark.parametrize("backend", ["local", pytest.param("ray", marks=[needs_ray, pytest.mark.slow])])
def test_run_all_twice_writes_two_receipts_per_scenario_then_none(generated, tmp_path, capsys, backend):
    runs = tmp_path / "runs"
    argv = run_cli(runs, generated, "--attempts", "2", "-j", "2", "--run-id", "r1", "--backend", backend, "--json")
    assert main(argv) == 0
    rows = json.loads(capsys.readouterr().out)
    first = receipts(runs, "r1")
    assert sorted(first) == [(TOY, 1), (TOY, 2)]
    assert [(r["attempt"], r["skipped"], r["status"]) for r in rows] == [
        (1, False, "empty_submission"), (2, False, "empty_submission"),
    ]
    assert main(argv) == 0
    rows = json.loads(capsys.readouterr().out)
    assert receipts(runs, "r1") == first  # same files, untouched
    assert [r["skipped"] for r in rows] == [True, True]


def test_ray_backend_without_ray_is_one_line_naming_the_extra(generated, tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # makes `import ray` raise ImportError
    assert main(run_cli(tmp_path / "runs", generated, "--backend", "ray")) == 2
    err = capsys.readouterr().err
    assert "pip install -e '.[ray]'" in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert not (tmp_path / "runs").exists()


def test_unknown_backend_is_refused(toy_repo):
    from wp42.errors import UserError

    with pytest.raises(UserError, match="unknown backend 'spark'"):
        make_executor("spark", 1)


@pytest.mark.slow
def test_interrupted_batch_keeps_finished_receipts_and_resume_redoes_the_rest(generated, tmp_path):
    runs = tmp_path / "runs"
    specs = plan_attempts([TOY], [FAST_THEN_SLOW], "A1", 3, "int", runs, generated, None)

    def ctrl_c(outcome):
        raise KeyboardInterrupt  # as if Ctrl-C came right after the first attempt finished

    started = time.monotonic()
    result = run_batch(specs, LocalPool(2), progress=ctrl_c)
    assert time.monotonic() - started < 40  # the 60 s worker of the running attempt was stopped
    assert result.interrupted is True
    assert sorted(receipts(runs, "int")) == [(TOY, 1)]
    # The attempt that was running had a folder (and run.json) but must not keep a receipt of a killed worker.
    assert Attempt.at(runs, "int", TOY, "A1", 2).root.exists()
    assert not Attempt.at(runs, "int", TOY, "A1", 3).receipt.exists()

    fast = plan_attempts([TOY], ["nop"], "A1", 3, "int", runs, generated, None)  # same folders, a quick worker
    again = run_batch(fast, LocalPool(2))
    assert again.interrupted is False
    assert [(o.spec.attempt, o.skipped) for o in again.outcomes] == [(1, True), (2, False), (3, False)]
    assert sorted(receipts(runs, "int")) == [(TOY, 1), (TOY, 2), (TOY, 3)]


@pytest.mark.parametrize("backend", ["local", pytest.param("ray", marks=[needs_ray, pytest.mark.slow])])
def test_one_attempt_failing_in_the_infrastructure_does_not_lose_the_others(generated, tmp_path, capsys, backend):
    runs = tmp_path / "runs"
    broken = Attempt.at(runs, "inf", TOY, "A1", 2).root
    broken.parent.mkdir(parents=True)
    broken.write_text("a file where the attempt folder should be")  # clearing it fails with NotADirectoryError
    argv = run_cli(runs, generated, "--attempts", "3", "-j", "2", "--run-id", "inf", "--backend", backend, "--json")
    assert main(argv) == 1  # some attempt failed
    rows = json.loads(capsys.readouterr().out)
    assert [r["attempt"] for r in rows] == [1, 2, 3]
    assert rows[1]["error"] and "NotADirectoryError" in rows[1]["error"]
    assert [rows[0]["status"], rows[2]["status"]] == ["empty_submission", "empty_submission"]
    assert sorted(receipts(runs, "inf")) == [(TOY, 1), (TOY, 3)]


@needs_ray
@pytest.mark.slow
def test_ray_runs_each_attempt_as_a_task_on_a_local_instance(generated, tmp_path):
    from wp42.run.executor_ray import RayExecutor

    specs = plan_attempts([TOY], ["reference"], "A1", 2, "ray", tmp_path / "runs", generated, None)
    executor = RayExecutor(2)
    addresses = []
    result = run_batch(specs, executor, progress=lambda _o: addresses.append(executor.node_address()))
    assert addresses == ["127.0.0.1", "127.0.0.1"]  # a local instance, serving on loopback only
    assert not executor.ray.is_initialized()  # the instance it started is shut down again
    assert [o.receipt["det_score"] for o in result.outcomes] == [1.0, 1.0]
    assert all(o.error is None and not o.skipped for o in result.outcomes)
