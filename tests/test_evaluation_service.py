"""The warm evaluation service (issue 14, item 1) on the toy scenario: every evaluation still runs in a bounded
child of its own, a crash or an exhausted bound ends only that child, and the pool keeps serving; the
per-process path stays available (``WP42_EVALUATION=process``) and is the fallback."""

from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path

import pytest

from wp42 import layout, schemas
from wp42.errors import UserError
from wp42.evaluation import Limits, evaluate_out
from wp42.evaluation import service as evaluation_service
from wp42.generation import generate
from wp42.layout import Oracle

TOY = "ACC-99"
HANG = "import time\ndef evaluate(*a, **k):\n    time.sleep(60)\n"
#: An evaluator that starts a grandchild ``sleep SECONDS`` and hangs; each test gives its own SECONDS, so a pgrep for
#: it sees only its own (pytest-xdist runs the two modes at once on two workers).
HANG_WITH_CHILD = ("import subprocess, time\ndef evaluate(*a, **k):\n"
                   "    subprocess.Popen(['sleep', '{seconds}'])\n    time.sleep(60)\n")
GREEDY = "def evaluate(*a, **k):\n    x = bytearray(3 << 30)\n"
CRASH = "def evaluate(*a, **k):\n    print('working on it')\n    raise RuntimeError('boom')\n"
HEAVY = "def evaluate(*a, **k):\n    x = b'x' * (300 << 20)\n    raise RuntimeError(len(x))\n"
MANY_FILES = ("import tempfile\ndef evaluate(*a, **k):\n"
              "    held = [tempfile.TemporaryFile() for _ in range(200)]\n    return {}\n")


@pytest.fixture
def toy(toy_repo: Path, oracle_root: Path) -> Path:
    """The toy scenario generated at seed 42; the services of earlier tests closed."""
    evaluation_service.close_services()
    generate(TOY, 42, oracle_root)
    yield oracle_root
    evaluation_service.close_services()


def _evaluator(oracle_root: Path) -> Path:
    return Oracle.at(oracle_root, TOY).evaluate_py


def _parents() -> list[int]:
    return [pid for service in evaluation_service.current_services() for pid in service.idle_pids()]


def _score(oracle_root: Path, scratch: Path, mode: str = "service", **limits) -> dict:
    """The receipt for an empty out/ under ``scratch``, evaluated on path ``mode`` under ``limits``."""
    out = scratch / "out"
    out.mkdir(exist_ok=True)
    receipt = evaluate_out(TOY, out, oracle_root=oracle_root, mode=mode, limits=Limits(**limits))
    assert schemas.errors("receipt", receipt) == []
    return receipt


def test_a_hanging_evaluator_is_killed_at_its_bound_and_the_same_pool_scores_the_next(toy, tmp_path):
    good = _evaluator(toy).read_text()
    first = _score(toy, tmp_path)
    assert first["status"] == "empty_submission"
    [parent] = _parents()
    _evaluator(toy).write_text(HANG)
    started = time.monotonic()
    hung = _score(toy, tmp_path, seconds=2)
    assert time.monotonic() - started < 10
    assert hung["status"] == "evaluator_limit_exceeded" and "2 s bound" in hung["notes"][-1]
    _evaluator(toy).write_text(good)
    assert _score(toy, tmp_path) == first
    assert _parents() == [parent]


@pytest.mark.parametrize("mode", ["service", "process"])
def test_a_hanging_evaluator_leaves_no_process_behind(toy, tmp_path, mode):
    seconds = {"service": 317, "process": 318}[mode]
    _evaluator(toy).write_text(HANG_WITH_CHILD.format(seconds=seconds))
    assert _score(toy, tmp_path, mode, seconds=2)["status"] == "evaluator_limit_exceeded"
    time.sleep(0.2)
    assert subprocess.run(["pgrep", "-f", f"sleep {seconds}"], capture_output=True, text=True).stdout.strip() == ""


@pytest.mark.parametrize("mode", ["service", "process"])
def test_an_evaluator_that_exhausts_memory_gets_limit_exceeded_and_the_pool_survives(toy, tmp_path, mode):
    good = _evaluator(toy).read_text()
    _evaluator(toy).write_text(GREEDY)
    receipt = _score(toy, tmp_path, mode, memory_bytes=1 << 30)
    assert receipt["status"] == "evaluator_limit_exceeded" and "1024 MiB memory bound" in receipt["notes"][-1]
    parents = _parents()
    assert len(parents) == (1 if mode == "service" else 0)
    _evaluator(toy).write_text(good)
    assert _score(toy, tmp_path, mode)["status"] == "empty_submission"
    assert _parents() == parents


@pytest.mark.parametrize("mode", ["service", "process"])
def test_a_crashing_evaluator_gives_the_same_evaluator_error_on_both_paths(toy, tmp_path, mode, monkeypatch):
    """The error's tail comes from stderr alone: what the evaluator printed to stdout (flushed at exit when stdout
    is buffered, after the traceback) is not in it."""
    monkeypatch.delenv("PYTHONUNBUFFERED", raising=False)
    _evaluator(toy).write_text(CRASH)
    receipt = _score(toy, tmp_path, mode)
    assert receipt["status"] == "evaluator_error"
    assert receipt["notes"][-1].startswith("the evaluator crashed: ")
    assert receipt["notes"][-1].endswith("raise RuntimeError('boom') | RuntimeError: boom | RuntimeError: boom")


@pytest.mark.parametrize("mode", ["service", "process"])
def test_the_open_files_bound_holds_on_both_paths(toy, tmp_path, mode):
    _evaluator(toy).write_text(MANY_FILES)
    receipt = _score(toy, tmp_path, mode, open_files=64)
    assert receipt["status"] == "evaluator_error" and "Too many open files" in receipt["notes"][-1]
    # the same evaluator within a generous bound gets past the opening (and fails the schema with its empty dict)
    assert "Too many open files" not in " ".join(_score(toy, tmp_path, mode, open_files=1024)["notes"])


def test_the_service_reports_its_childrens_peak_memory(toy, tmp_path):
    """The robustness tests measure an evaluation's memory; the service's children are not the caller's."""
    _score(toy, tmp_path)
    light = evaluation_service.peak_child_rss_bytes()
    assert 0 < light < 300 << 20
    _evaluator(toy).write_text(HEAVY)
    assert _score(toy, tmp_path)["status"] == "evaluator_error"
    assert evaluation_service.peak_child_rss_bytes() >= 300 << 20


def test_a_dead_warm_parent_is_replaced(toy, tmp_path):
    first = _score(toy, tmp_path)
    [parent] = _parents()
    subprocess.run(["kill", "-9", str(parent)], check=True)
    time.sleep(0.2)
    assert _score(toy, tmp_path) == first
    [replacement] = _parents()
    assert replacement != parent


def test_no_warm_parent_falls_back_to_the_per_process_path(toy, tmp_path, monkeypatch):
    expected = _score(toy, tmp_path, "process")

    def refuse(self, env):
        raise evaluation_service.WarmParentFailed("no fork today")

    monkeypatch.setattr(evaluation_service.WarmParent, "__init__", refuse)
    assert _score(toy, tmp_path, "service") == expected
    assert _parents() == []


def test_the_mode_comes_from_the_environment(toy, tmp_path, monkeypatch):
    (tmp_path / "out").mkdir()
    monkeypatch.setenv(layout.EVALUATION_ENV, "process")
    evaluate_out(TOY, tmp_path / "out", oracle_root=toy)
    assert evaluation_service.current_services() == []
    monkeypatch.setenv(layout.EVALUATION_ENV, "service")
    evaluate_out(TOY, tmp_path / "out", oracle_root=toy)
    assert len(_parents()) == 1
    monkeypatch.setenv(layout.EVALUATION_ENV, "threads")
    with pytest.raises(UserError, match="service or process"):
        evaluate_out(TOY, tmp_path / "out", oracle_root=toy)


def test_the_warm_parent_preloads_every_evaluator_helper_so_no_child_imports_one(toy, tmp_path):
    """A helper first imported in the forked child costs every receipt its loading (INS-01: about half of a
    receipt's CPU before the helpers were all preloaded; benchmarks/bench_evaluate.py)."""
    _score(toy, tmp_path)
    parents = [parent for service in evaluation_service.current_services() for parent in service._idle]
    assert parents
    helpers = {path.stem for path in layout.Repo.find().validators_dir.glob("*.py")} - {"libreoffice_bridge"}
    for parent in parents:
        assert parent.missing == []
        assert {"claims", "vocabulary", "reading", "readers_csv", "readers_pdf", "amounts"} <= set(parent.preloaded)
        assert helpers <= set(parent.preloaded), sorted(helpers - set(parent.preloaded))


#: Appended to the toy evaluator: before grading, record whether this child found a pattern and a word its
#: predecessor compiled and stemmed already in the caches it inherited, then compile and stem them itself.
PROBE = '''
import json as _probe_json
import re as _re

import vocabulary as _vocabulary

_graded = evaluate


def evaluate(out_dir, oracle, workspace, run_id=""):
    pattern, word = r"wp42 probe (\\d+) zq", "quixoticallyprobed"
    inherited = any(key[1] == pattern for key in list(_re._cache))
    hits = _vocabulary.stem.cache_info().hits
    _vocabulary.stem(word)
    _re.compile(pattern)
    with open({log!r}, "a") as log:
        log.write(_probe_json.dumps([inherited, _vocabulary.stem.cache_info().hits > hits]) + "\\n")
    return _graded(out_dir, oracle, workspace, run_id)
'''


def test_a_warm_parent_learns_the_patterns_and_stems_a_child_computed_and_receipts_stay_the_same(toy, tmp_path):
    """Each child used to compile the evaluators' regular expressions and stem the deliverables' words anew (about
    20 patterns and 100 words a receipt): the parent now learns them after each child, as it learns formulas."""
    log = tmp_path / "probe.jsonl"
    evaluator = _evaluator(toy)
    evaluator.write_text(evaluator.read_text() + PROBE.format(log=str(log)))
    first, second = _score(toy, tmp_path), _score(toy, tmp_path)
    assert first["status"] != "evaluator_error", first["notes"]
    assert [json.loads(line) for line in log.read_text().splitlines()] == [[False, False], [True, True]]
    assert first == second == _score(toy, tmp_path, mode="process")


#: Appended to the toy evaluator: read a chart through the image reader and record the modules that took.
IMAGE_PROBE = '''
import json as _probe_json
import sys as _sys

import readers_image as _readers_image

_graded_first = evaluate


def evaluate(out_dir, oracle, workspace, run_id=""):
    before = set(_sys.modules)
    _readers_image.read_png({png!r})
    with open({log!r}, "w") as log:
        log.write(_probe_json.dumps(sorted(set(_sys.modules) - before)))
    return _graded_first(out_dir, oracle, workspace, run_id)
'''


def test_a_child_that_reads_a_png_imports_nothing_the_warm_parent_could_have(toy, tmp_path):
    """Pillow imports its format plugins at the first Image.open: each child of BI-01, DS-01 and ECON-01 did (nine
    modules a receipt) until the parent read a PNG once before forking."""
    from PIL import Image

    png, log = tmp_path / "chart.png", tmp_path / "imported.json"
    Image.new("RGB", (20, 10), (200, 30, 30)).save(png)
    evaluator = _evaluator(toy)
    evaluator.write_text(evaluator.read_text() + IMAGE_PROBE.format(png=str(png), log=str(log)))
    receipt = _score(toy, tmp_path)
    assert receipt["status"] != "evaluator_error", receipt["notes"]
    assert json.loads(log.read_text()) == []
