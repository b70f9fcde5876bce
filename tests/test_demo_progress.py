"""``wp42 demo`` off a terminal (a CI log, ``wp42 demo > log 2>&1``): the progress bar is silent there, so the demo
prints a plain throughput line as attempts finish (wp42.evaluation.throughput.PeriodicLines, as ``wp42 score`` does).
Before, a redirected demo printed nothing for its whole run (a new user's report)."""

from __future__ import annotations

from types import SimpleNamespace

from click.testing import CliRunner

import wp42.demo
from wp42.cli import demo as demo_cli


def test_a_redirected_demo_prints_progress_lines_as_attempts_finish(monkeypatch):
    def fake_run_demo(ids, *, on_attempt, **_kwargs):
        for worker in ("reference", "nop", "wrong:misses_deposit"):
            on_attempt(SimpleNamespace(spec=SimpleNamespace(task_id=ids[0], worker=worker)))
        return []

    monkeypatch.setattr(wp42.demo, "run_demo", fake_run_demo)
    monkeypatch.setattr(demo_cli, "LINE_EVERY_S", 0.0)
    result = CliRunner().invoke(demo_cli.demo_command, ["ACC-01"])
    assert result.exit_code == 0, result.output
    lines = [line for line in result.stderr.splitlines() if line.startswith("demo: ")]
    # the generation phase (about half a minute before the first attempt ends) says what it is doing
    assert lines[0] == "demo: generating 1 scenario(s) at seed 42, then running their built-in workers"
    assert [line.split(" attempts")[0] for line in lines[1:]] == ["demo: 1", "demo: 2", "demo: 3"]
