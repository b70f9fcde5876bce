"""Every outcome exercised (issue 13, items 7 and 8): the ready gate's category check.

The check passes LEGAL-01's generated oracle (accept, negotiate and reject all present at seed 42) and fails a copy
with the "negotiate" amendments removed, naming the scenario, the category and the fix, the fault issue 13 reported
("LEGAL-01 has no amendment in the negotiate band"). The check did not exist before: on the old code the broken copy
passed the ready gate unremarked.
"""

from __future__ import annotations

import copy
import sys
from typing import Any

import pytest

from wp42 import schemas
from wp42.gates.outcomes import outcome_problems
from wp42.generation import generate
from wp42.layout import Oracle, Repo

sys.path.insert(0, str(Repo.find().benchmark))
from genkit.outcomes import outcome_field  # noqa: E402


@pytest.fixture(scope="module")
def legal_oracle(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    root = tmp_path_factory.mktemp("oracles")
    generate("LEGAL-01", 42, root, bundle_dir=tmp_path_factory.mktemp("bundle") / "LEGAL-01")
    return schemas.load_json(Oracle.at(root, "LEGAL-01").oracle_json)


def test_generated_oracle_declares_every_assessment_and_passes(legal_oracle: dict[str, Any]) -> None:
    block = legal_oracle["outcomes"]["Assessment"]
    assert block["categories"] == ["accept", "negotiate", "reject"]
    assert set(block["items"].values()) == {"accept", "negotiate", "reject"}
    assert outcome_problems("LEGAL-01", 42, legal_oracle) == ([], [])


def test_an_oracle_with_no_negotiate_amendment_fails_naming_the_fix(legal_oracle: dict[str, Any]) -> None:
    broken = copy.deepcopy(legal_oracle)
    items = broken["outcomes"]["Assessment"]["items"]
    broken["outcomes"]["Assessment"]["items"] = {k: v for k, v in items.items() if v != "negotiate"}
    reasons, _warnings = outcome_problems("LEGAL-01", 42, broken)
    assert len(reasons) == 1, reasons
    assert "LEGAL-01 seed 42" in reasons[0] and "'negotiate'" in reasons[0] and "Assessment" in reasons[0]
    assert "benchmark/scenarios/LEGAL-01/generate.py" in reasons[0]


def test_an_outcome_outside_the_categories_and_a_bad_block_fail(legal_oracle: dict[str, Any]) -> None:
    broken = copy.deepcopy(legal_oracle)
    broken["outcomes"]["Assessment"]["items"]["9.9"] = "maybe"
    broken["outcomes"]["Result"] = {"categories": ["Pass"], "items": {}}
    reasons, _warnings = outcome_problems("LEGAL-01", 42, broken)
    assert any("'9.9'" in r and "'maybe'" in r for r in reasons), reasons
    assert any("'Result'" in r and "non-empty" in r for r in reasons), reasons
    assert outcome_problems("LEGAL-01", 42, {**legal_oracle, "outcomes": ["accept"]})[0]


def test_a_waived_category_is_a_warning_and_an_undeclared_oracle_is_warned() -> None:
    oracle = {"outcomes": {"Issue": outcome_field(("Wrong hourly rate", "Duplicate payment"),
                                                  {"NG-1": "Wrong hourly rate"},
                                                  waived={"Duplicate payment": "never planted"})}}
    reasons, warnings = outcome_problems("HR-01", 7, oracle)
    assert reasons == [] and len(warnings) == 1 and "never planted" in warnings[0]
    unwaived = copy.deepcopy(oracle)
    del unwaived["outcomes"]["Issue"]["waived"]
    assert "'Duplicate payment' has no instance" in outcome_problems("HR-01", 7, unwaived)[0][0]
    reasons, warnings = outcome_problems("DS-01", 42, {"facts": {}})
    assert reasons == [] and "declares no outcome categories" in warnings[0]
    assert outcome_problems("DS-01", 42, {"outcomes": {}}) == ([], [])


def test_a_coverage_oracle_is_not_held_to_the_error_categories(legal_oracle: dict[str, Any]) -> None:
    clean = copy.deepcopy(legal_oracle)
    clean["outcomes"]["Assessment"]["items"] = {"4.3": "accept"}
    assert outcome_problems("LEGAL-01", 42, clean, "coverage") == ([], [])
    assert outcome_problems("LEGAL-01", 42, clean, "challenge")[0]


def test_outcome_field_refuses_an_outcome_it_does_not_declare() -> None:
    with pytest.raises(ValueError, match="maybe"):
        outcome_field(("approve", "reject"), {"INV-1": "maybe"})
    assert outcome_field(("Yes", "No"), {"b": "No", "a": "Yes"})["items"] == {"a": "Yes", "b": "No"}
