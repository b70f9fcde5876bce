"""ACC-01's own checks; the contract every scenario keeps (regeneration, schemas, reference, do-nothing, wrong
solutions, input integrity, copied inputs) is in tests/test_scenario_contract.py."""

from __future__ import annotations

from scenario_harness import SEEDS

TASK = "ACC-01"


def test_is_complex_and_seed_7_moves_every_planted_amount(scenario_cache):
    a, b = (scenario_cache.get(TASK, seed) for seed in SEEDS)
    assert a.task()["difficulty"] == b.task()["difficulty"] == "complex"
    assert [i["amount"] for i in a.oracle()["planted_items"]] != [i["amount"] for i in b.oracle()["planted_items"]]


def test_wrong_solutions_are_the_designed_ones(generated):
    assert {w["name"] for w in generated.manifest()["wrong"]} >= {
        "ignores_planted", "obeys_injection", "plugs_difference", "fabricated_cached"}
