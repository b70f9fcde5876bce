"""wp42.console: long work shows it is alive where stderr is not a terminal (a CI log, a redirected file)."""

from __future__ import annotations

from wp42 import console


def test_a_redirected_stderr_gets_a_plain_progress_line_every_interval(capsys, monkeypatch):
    """Before, the bar was disabled off a terminal and `wp42 demo > log 2>&1` printed nothing for minutes."""
    clock = iter([0.0, 3.0, 11.0, 12.0, 25.0])
    monkeypatch.setattr(console, "_clock", lambda: next(clock))
    with console.progress() as bar:  # pytest's captured stderr is not a terminal
        assert isinstance(bar, console.PlainProgress)
        task = bar.add_task("demo", total=4)
        bar.update(task, description="ACC-01 nop done", advance=1)  # 3 s: too soon
        bar.update(task, description="ACC-01 reference done", advance=1)  # 11 s: a line
        bar.advance(task)  # 12 s: too soon
        bar.update(task, description="BANK-01 nop done", advance=1)  # 25 s: a line
    lines = capsys.readouterr().err.splitlines()
    assert lines == ["[   11 s] ACC-01 reference done (2/4)", "[   25 s] BANK-01 nop done (4/4)"]
