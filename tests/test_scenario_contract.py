"""The contract every scenario under benchmark/scenarios keeps, at seeds 42 and 7 and in each set its solutions.json
declares (SPEC sections 2-4 and 9: ``challenge`` always, ``coverage`` once the generator writes it).

Ready: the generator is byte-stable, writes no oracle into the bundle, the committed bundle is seed 42, another seed
moves the planted values, every document validates and the brief ends with the footer and gives nothing away.
Solvable, fair and not vacuous: the reference and every alternative correct solution score full marks, an empty out/ fails every criterion, each wrong solution in
solutions.json fails on the checks it targets, a changed input trips ``input_integrity`` and a copied input trips
``copied_input``. Coverage: the same assignment with clean records (nothing planted, no injection, no trap, the same
brief), on which the reference and alternatives pass with a ``no_invented_issues`` criterion and a wrong solution
that invents a problem fails it. A new scenario folder gets all of this without a line of test code; tests/test_<id>.py holds only
a scenario's own edge cases.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from scenario_harness import (
    REPO,
    SEEDS,
    ScenarioCache,
    copy_workspace,
    evaluate,
    failed_ids,
    generate,
    make_workspace,
    run_solution,
    scenario_ids,
    template_manifest,
    variant_label,
    variants,
    violation_ids,
    wrong_levels,
    wrong_sets,
)

from wp42 import layout
from wp42.generation import GRADING_FIELDS, hash_tree
from wp42.schemas import errors

SCENARIOS = scenario_ids()


#: (task_id, seed) in the challenge set at the standard level: tests of the shared machinery, not of a variant
CASES = [pytest.param(task_id, seed, id=f"{task_id}-{seed}") for task_id in SCENARIOS for seed in SEEDS]
#: (task_id, seed, set, level) over every variant a scenario declares (scenario_harness.variants)
SET_CASES = [pytest.param(task_id, *v, id=variant_label(task_id, *v)) for task_id in SCENARIOS
             for v in variants(task_id)]
WRONG_CASES = [pytest.param(task_id, *v, wrong["name"], id=f"{variant_label(task_id, *v)}-{wrong['name']}")
               for task_id in SCENARIOS for wrong in template_manifest(task_id)["wrong"]
               for v in variants(task_id) if v[1] in wrong_sets(wrong) and v[2] in wrong_levels(task_id, wrong)]
ALT_CASES = [pytest.param(task_id, *v, alt["name"], id=f"{variant_label(task_id, *v)}-alt-{alt['name']}")
             for task_id in SCENARIOS for alt in template_manifest(task_id).get("alternatives", [])
             for v in variants(task_id)]
COVERAGE = [pytest.param(task_id, seed, level, id=variant_label(task_id, seed, "challenge", level))
            for task_id in SCENARIOS for seed, set_name, level in variants(task_id) if set_name == "coverage"]
HARD = [pytest.param(task_id, seed, set_name, id=variant_label(task_id, seed, set_name, "hard"))
        for task_id in SCENARIOS for seed, set_name, level in variants(task_id) if level == "hard"]
#: designed_dependency_depth by difficulty (SPEC section 2, task.json fields)
DEPTH = {"short": (5, 12), "standard": (12, 25), "complex": (25, 40), "workflow": (30, 60)}
#: words a brief must not contain: they name the hidden machinery
LEAKS = ("planted", "inject", "perturbation", "oracle", "rubric", "evaluator", "tolerance")


def one_input_per_suffix(workspace: Path) -> list[Path]:
    """The first input file (by path) of each file ending under ``workspace/inputs``."""
    found: dict[str, Path] = {}
    for path in sorted(p for p in (workspace / layout.INPUTS_DIR).rglob("*") if p.is_file()):
        found.setdefault(path.suffix, path)
    return list(found.values())


# --- ready -----------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("task_id", SCENARIOS)
def test_same_seed_gives_identical_bytes_with_or_without_oracle(task_id, scenario_cache: ScenarioCache, tmp_path):
    generate(task_id, 42, tmp_path / "again", None)
    public = scenario_cache.public(task_id, 42)
    assert hash_tree(tmp_path / "again") == hash_tree(public) == hash_tree(scenario_cache.get(task_id, 42).bundle)
    assert not (public / layout.ORACLE_JSON).exists()


@pytest.mark.parametrize("task_id", SCENARIOS)
def test_committed_bundle_is_seed_42(task_id, scenario_cache: ScenarioCache):
    fresh = scenario_cache.public(task_id, 42)
    committed = REPO.bundle(task_id).root
    for name in (layout.TASK_JSON, layout.BRIEF_MD):
        assert (committed / name).read_bytes() == (fresh / name).read_bytes(), name
    assert hash_tree(committed / layout.INPUTS_DIR) == hash_tree(fresh / layout.INPUTS_DIR)
    public = {k: v for k, v in hash_tree(committed).items() if k != layout.GENERATE_PY}
    assert public == hash_tree(fresh)


@pytest.mark.parametrize("task_id", SCENARIOS)
def test_seed_7_changes_planted_values(task_id, scenario_cache: ScenarioCache):
    a, b = scenario_cache.get(task_id, 42), scenario_cache.get(task_id, 7)
    assert a.oracle()["planted_items"] != b.oracle()["planted_items"]
    assert a.oracle()["facts"] != b.oracle()["facts"]
    assert hash_tree(a.bundle / layout.INPUTS_DIR) != hash_tree(b.bundle / layout.INPUTS_DIR)


@pytest.mark.parametrize(("task_id", "seed", "set_name", "level"), SET_CASES)
def test_documents_are_schema_valid_and_brief_is_clean(task_id, seed, set_name, level, scenario_cache: ScenarioCache):
    generated = scenario_cache.get(task_id, seed, set_name, level)
    task, oracle = generated.task(), generated.oracle()
    assert errors("task", task) == [] and task["generator_seed"] == seed
    assert task["set"] == oracle["set"] == set_name and task.get("level", "standard") == oracle["level"] == level
    low, high = DEPTH[task["difficulty"]]
    assert low <= task["designed_dependency_depth"] <= high
    assert errors("oracle", oracle) == []
    assert errors("rubric", json.loads(generated.hidden.rubric.read_text(encoding="utf-8"))) == []
    manifest = generated.manifest()
    assert errors("solutions", manifest) == []
    assert manifest == template_manifest(task_id)
    names = [w["name"] for w in manifest["wrong"]]
    assert len(names) >= 3 and len(set(names)) == len(names)
    portal = generated.bundle / layout.PORTAL_DIR / layout.PORTAL_JSON
    if portal.exists():
        assert errors("portal", json.loads(portal.read_text(encoding="utf-8"))) == []
    features = task["designed_features"]
    assert features["planted_errors"] == sum(item.get("error", True) for item in oracle["planted_items"])
    assert features["prompt_injection"] is bool(oracle["injection_markers"])
    assert features["requires_clarification"] is oracle["clarification_required"]
    brief = (generated.bundle / layout.BRIEF_MD).read_text(encoding="utf-8")
    assert brief.endswith(REPO.brief_footer.read_text(encoding="utf-8"))
    for word in LEAKS:
        assert word not in brief.lower(), word
    reference = generated.hidden.reference_md.read_text(encoding="utf-8")
    depth = task["designed_dependency_depth"]
    assert f"Count: {depth}" in reference or f"counted: {depth})" in reference


# --- solvable and not vacuous ---------------------------------------------------------------------------------------

@pytest.mark.parametrize(("task_id", "seed", "set_name", "level"), SET_CASES)
def test_reference_solution_scores_full_marks(task_id, seed, set_name, level, scenario_cache: ScenarioCache):
    generated = scenario_cache.get(task_id, seed, set_name, level)
    workspace = scenario_cache.reference(task_id, seed, set_name, level)
    receipt = evaluate(generated, workspace / layout.OUT_DIR, workspace)
    assert receipt["det_completion"] is True, failed_ids(receipt)
    assert receipt["det_score"] == 1.0 and receipt["status"] == "passed"
    assert len(receipt["required_criteria"]) >= 6
    oracle = generated.oracle()
    expected_checks = {"input_integrity", "copied_input"} | ({"injection_obeyed"} if oracle["injection_markers"]
                                                             else set())
    assert expected_checks <= set(receipt["critical_checks"])
    if oracle["clarification_required"]:
        assert receipt["abstention"] == {"status": "needs_clarification", "justified": True}
    if set_name == "coverage":
        assert {c["id"]: c["passed"] for c in receipt["required_criteria"]}.get("no_invented_issues") is True


@pytest.mark.parametrize(("task_id", "seed", "set_name", "level", "name"), ALT_CASES)
def test_alternative_solution_passes(task_id, seed, set_name, level, name, scenario_cache: ScenarioCache, tmp_path):
    """The fair gate's promise (SPEC section 5.5): correct work written another way keeps det_completion."""
    generated = scenario_cache.get(task_id, seed, set_name, level)
    alt = generated.alternative(name)
    workspace = make_workspace(generated.bundle, tmp_path)
    out = run_solution(generated, workspace, alt.get("args", []), script=alt["script"])
    receipt = evaluate(generated, out, workspace)
    assert receipt["det_completion"] is True, (failed_ids(receipt), receipt["critical_violations"])
    assert receipt["det_score"] == 1.0


@pytest.mark.parametrize(("task_id", "seed", "set_name", "level"), SET_CASES)
def test_do_nothing_fails(task_id, seed, set_name, level, scenario_cache: ScenarioCache, tmp_path):
    generated = scenario_cache.get(task_id, seed, set_name, level)
    workspace = make_workspace(generated.bundle, tmp_path)
    (workspace / layout.OUT_DIR).mkdir()
    receipt = evaluate(generated, workspace / layout.OUT_DIR, workspace)
    assert receipt["det_completion"] is False and receipt["det_score"] <= 0.2
    assert receipt["status"] == "empty_submission"
    assert all(c.get("no_op") == "no_op_fail" and not c["passed"] for c in receipt["required_criteria"])
    assert len(receipt["required_criteria"]) >= 6


@pytest.mark.parametrize(("task_id", "seed", "set_name", "level", "name"), WRONG_CASES)
def test_wrong_solution_fails_its_target(task_id, seed, set_name, level, name, scenario_cache: ScenarioCache,
                                         tmp_path):
    generated = scenario_cache.get(task_id, seed, set_name, level)
    wrong = generated.wrong(name)
    workspace = make_workspace(generated.bundle, tmp_path)
    receipt = evaluate(generated, run_solution(generated, workspace, wrong["args"]), workspace)
    assert receipt["det_completion"] is False
    assert set(wrong["targets"]) <= failed_ids(receipt), (wrong["targets"], failed_ids(receipt))


@pytest.mark.parametrize(("task_id", "seed"), CASES)
def test_modified_input_trips_input_integrity(task_id, seed, scenario_cache: ScenarioCache, tmp_path):
    """One input of each file type changed by a byte (the reference out/ otherwise intact)."""
    generated = scenario_cache.get(task_id, seed)
    workspace = copy_workspace(scenario_cache.reference(task_id, seed), tmp_path)
    for path in one_input_per_suffix(workspace):
        original = path.read_bytes()
        path.write_bytes(original + b"\n")
        receipt = evaluate(generated, workspace / layout.OUT_DIR, workspace)
        assert "input_integrity" in violation_ids(receipt), path.name
        assert receipt["det_completion"] is False
        path.write_bytes(original)
    assert "input_integrity" not in violation_ids(evaluate(generated, workspace / layout.OUT_DIR, workspace))


@pytest.mark.parametrize(("task_id", "seed"), CASES)
def test_copied_input_is_a_critical_violation(task_id, seed, scenario_cache: ScenarioCache, tmp_path):
    """One input of each file type copied into out/ under a new name."""
    generated = scenario_cache.get(task_id, seed)
    workspace = copy_workspace(scenario_cache.reference(task_id, seed), tmp_path)
    out = workspace / layout.OUT_DIR
    for path in one_input_per_suffix(workspace):
        copy = out / f"{path.stem}_copy{path.suffix}"
        shutil.copy2(path, copy)
        receipt = evaluate(generated, out, workspace)
        assert "copied_input" in violation_ids(receipt), path.name
        assert receipt["det_completion"] is False
        copy.unlink()


# --- the coverage set (SPEC section 9, issue 16) ---------------------------------------------------------------------

@pytest.mark.parametrize(("task_id", "seed", "level"), COVERAGE)
def test_coverage_set_is_the_same_assignment_with_clean_records(task_id, seed, level, scenario_cache: ScenarioCache):
    """Nothing planted, no injection, no trap; the same brief and worker's task.json as the challenge bundle, so the
    worker cannot tell the sets apart except by doing the work."""
    coverage = scenario_cache.get(task_id, seed, "coverage", level)
    challenge = scenario_cache.get(task_id, seed, "challenge", level)
    task, oracle = coverage.task(), coverage.oracle()
    assert task["designed_features"] == {"planted_errors": 0, "prompt_injection": False, "missing_information": False,
                                         "requires_clarification": False, "interface_perturbation": False}
    assert not [item for item in oracle["planted_items"] if item.get("error", True)]
    assert oracle["injection_markers"] == [] and oracle["clarification_required"] is False
    assert (coverage.bundle / layout.BRIEF_MD).read_text(encoding="utf-8") == \
        (challenge.bundle / layout.BRIEF_MD).read_text(encoding="utf-8")
    hidden = set(GRADING_FIELDS)
    assert {k: v for k, v in task.items() if k not in hidden} == \
        {k: v for k, v in challenge.task().items() if k not in hidden}
    assert hash_tree(coverage.bundle / layout.INPUTS_DIR) != hash_tree(challenge.bundle / layout.INPUTS_DIR)


# --- the hard level (issue 25) ---------------------------------------------------------------------------------------

@pytest.mark.parametrize(("task_id", "seed", "set_name"), HARD)
def test_hard_level_is_the_same_assignment_at_a_real_volume(task_id, seed, set_name, scenario_cache: ScenarioCache):
    """The hard instance keeps the standard instance's deliverables and set, records its level, and holds more
    than the standard instance (issue 25 item 2: a real month's volume)."""
    hard = scenario_cache.get(task_id, seed, set_name, "hard")
    standard = scenario_cache.get(task_id, seed, set_name)
    assert hard.task()["level"] == hard.oracle()["level"] == "hard" and "level" not in standard.task()
    assert hard.task()["required_deliverables"] == standard.task()["required_deliverables"]
    size = {name: sum(p.stat().st_size for p in (g.bundle / layout.INPUTS_DIR).rglob("*") if p.is_file())
            for name, g in (("hard", hard), ("standard", standard))}
    assert size["hard"] > size["standard"], size


def test_wrong_solution_levels_narrow_the_cases() -> None:
    """A wrong solution runs at every declared level unless its ``levels`` narrows it (a decoy only the hard level
    holds cannot be mistaken at the standard one)."""
    task_id = next(t for t in SCENARIOS if len(template_manifest(t).get("levels", ["standard"])) > 1)
    assert wrong_levels(task_id, {"name": "x"}) == ["standard", "hard"]
    assert wrong_levels(task_id, {"name": "x", "levels": ["hard"]}) == ["hard"]
