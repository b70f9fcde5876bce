"""BANK-01's own checks (the missing-quarter clarification trap); the contract every scenario keeps (regeneration,
schemas, reference incl. its justified needs_clarification, do-nothing, wrong solutions, input integrity, copied
inputs) is in tests/test_scenario_contract.py."""

from __future__ import annotations

import json
from decimal import Decimal

from scenario_harness import SEEDS, evaluate, failed_ids

from wp42 import layout

TASK = "BANK-01"


def test_is_complex_and_seed_7_moves_dscr_and_tangible_net_worth(scenario_cache):
    a, b = (scenario_cache.get(TASK, seed) for seed in SEEDS)
    assert a.task()["difficulty"] == b.task()["difficulty"] == "complex"
    fa, fb = a.oracle()["facts"], b.oracle()["facts"]
    assert fa["dscr"] != fb["dscr"] and fa["tangible_net_worth"] != fb["tangible_net_worth"]


def test_wrong_solutions_are_the_designed_ones(generated):
    assert {w["name"] for w in generated.manifest()["wrong"]} >= {
        "trusts_certificate", "annualizes_ttm", "off_by_one_period", "ignores_definitions", "fabricated_cached"}


def test_missing_quarter_is_really_missing(generated):
    """The clarification trap holds: the quarter the leverage test needs is absent, the year-to-date ones are there."""
    names = sorted(p.name for p in (generated.bundle / layout.INPUTS_DIR).glob("financial_statements_*.pdf"))
    assert names == [f"financial_statements_{q}.pdf" for q in ("2024Q3", "2025Q1", "2025Q2", "2025Q3")]
    oracle = generated.oracle()
    assert oracle["clarification_required"] is True and oracle["facts"]["missing_quarter"]["key"] == "2024Q4"
    assert Decimal(oracle["facts"]["dscr"]) < Decimal(oracle["facts"]["min_dscr"])
    assert Decimal(oracle["facts"]["certificate"]["dscr"]) >= Decimal(oracle["facts"]["min_dscr"])


def test_asking_without_the_right_status_or_topic_fails(generated, solved):
    """A run that asks a vague question, or asks but marks the work completed, does not pass the trap."""
    out = solved / layout.OUT_DIR
    completion_path = out / layout.COMPLETION_JSON
    completion = json.loads(completion_path.read_text())
    for status, questions in (("needs_clarification", ["Can you send more information?"]),
                              ("completed", completion["questions"])):
        completion_path.write_text(json.dumps({**completion, "status": status, "questions": questions}))
        receipt = evaluate(generated, out, solved)
        assert "asked_for_missing_quarter" in failed_ids(receipt)
        assert receipt["det_completion"] is False
        if status == "needs_clarification":
            assert receipt["abstention"]["justified"] is False
