"""Throughput lines for ``wp42 score`` and ``wp42 validate`` (issue 14, item 5): rate and ETA from a clock."""

from __future__ import annotations

from wp42.evaluation.throughput import PeriodicLines, Throughput


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_rate_and_eta_follow_the_items_done():
    clock = Clock()
    throughput = Throughput(40, clock=clock)
    assert throughput.rate() is None and throughput.eta_seconds() is None
    assert throughput.line() == "0/40 attempts, - attempts/s, ETA -"
    clock.now += 4.0
    throughput.advance(10)
    assert throughput.rate() == 2.5 and throughput.eta_seconds() == 12.0
    assert throughput.line() == "10/40 attempts, 2.50 attempts/s, ETA 12 s"
    clock.now += 0.5
    throughput.advance(30)
    assert throughput.line() == "40 attempts in 4.5 s, 8.89 attempts/s"


def test_long_etas_read_in_minutes_and_hours():
    clock = Clock()
    throughput = Throughput(10_000, unit="receipts", clock=clock)
    clock.now += 10.0
    throughput.advance(50)
    assert throughput.line() == "50/10000 receipts, 5.00 receipts/s, ETA 33 min 10 s"
    throughput.total = 100_000
    assert throughput.line().endswith("ETA 5 h 33 min")


def test_periodic_lines_wait_their_interval_and_can_be_off():
    clock = Clock()
    throughput = Throughput(3, clock=clock)
    said: list[str] = []
    lines = PeriodicLines(throughput, said.append, every_s=10.0, clock=clock)
    throughput.advance()
    assert lines.maybe_emit() is False
    clock.now += 10.0
    assert lines.maybe_emit() is True and said == ["1/3 attempts, 0.10 attempts/s, ETA 20 s"]
    clock.now += 5.0
    assert lines.maybe_emit() is False
    off = PeriodicLines(throughput, said.append, every_s=0.0, enabled=False, clock=clock)
    assert off.maybe_emit() is False and len(said) == 1
