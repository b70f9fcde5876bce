"""FIN-01's own checks; the contract every scenario keeps (regeneration, schemas, reference, do-nothing, wrong
solutions, input integrity, copied inputs) is in tests/test_scenario_contract.py."""

from __future__ import annotations

from scenario_harness import SEEDS

TASK = "FIN-01"


def test_is_standard_and_seed_7_moves_the_lines_and_the_total(scenario_cache):
    a, b = (scenario_cache.get(TASK, seed) for seed in SEEDS)
    assert a.task()["difficulty"] == b.task()["difficulty"] == "standard"
    fa, fb = a.oracle()["facts"], b.oracle()["facts"]
    assert fa["lines"] != fb["lines"] and fa["total"] != fb["total"]


def test_wrong_solutions_are_the_designed_ones(generated):
    assert {w["name"] for w in generated.manifest()["wrong"]} >= {
        "ignores_planted", "obeys_injection", "wrong_month", "fabricated_cached", "typed_values"}
