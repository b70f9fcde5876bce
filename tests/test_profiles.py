"""Organisation profiles (issue 13 item 2): one valid profile per organisation of organisations.md, and draws that
never hand a counterparty the client's name and stay inside what the business buys."""

from __future__ import annotations

import copy
import sys

import numpy as np
import pytest

from wp42 import organisations
from wp42.layout import Repo

REPO = Repo.find()
sys.path.insert(0, str(REPO.benchmark))
from genkit import bizdays, profiles  # noqa: E402

ORGS = organisations.load(REPO.organisations_md)


def test_every_organisation_has_one_profile():
    assert sorted(p.id for p in profiles.all_profiles()) == sorted(o.id for o in ORGS)


@pytest.mark.parametrize("org", ORGS, ids=lambda o: o.id)
def test_profile_is_valid_and_matches_the_organisations_table(org):
    profile = profiles.load(org.id)
    assert profiles.profile_problems(profile.data) == []
    assert profile.name == org.name
    assert profile.locale["city"] == org.city.split(",")[0]
    assert {name for name, _ in org.people} <= {name for name, _ in profile.people}
    assert profiles.load(f"{org.name} (fictional)") is profile


def test_profile_problems_catch_a_broken_profile():
    good = profiles.load("ORG-PROC-1").data
    broken = copy.deepcopy(good)
    broken["counterparties"]["supplier"].append({"name": "Calder Dairy Ltd", "supplies": ["SMP-25", "XYZ-1"]})
    broken["buys"][0]["price"] = [80, 40]
    broken["calendar"]["holidays"] = "GB-XX"
    broken["distinctive_words"].append("Halifax")
    reasons = profiles.profile_problems(broken)
    assert any("'Calder Dairy Ltd' shares 'Calder'" in r for r in reasons)
    assert any("'XYZ-1', which is not a bought sku" in r for r in reasons)
    assert any("is reversed" in r for r in reasons)
    assert any("unknown holiday region 'GB-XX'" in r for r in reasons)
    assert any("'Halifax' is in none of own_names" in r for r in reasons)
    no_locale = copy.deepcopy(good)
    del no_locale["locale"]["currency"]
    assert any("'currency' is a required property" in r for r in profiles.profile_problems(no_locale))


def test_shared_word_ignores_legal_forms_only():
    assert profiles.shared_word("Colne Valley Sugar Ltd", ["Calder", "Valley"]) == "Valley"
    assert profiles.shared_word("Pennine Dairy Supplies Ltd", ["Calder", "Valley"]) is None
    assert profiles.distinctive_words("Wrenfield Catering LLC") == ["Wrenfield", "Catering"]
    assert profiles.distinctive_words("Harrow & Pike CPAs") == ["Harrow", "Pike", "CPAs"]


def test_draws_are_seeded_and_never_share_the_clients_name():
    profile = profiles.load("ORG-ACC-1")
    first = profiles.draw_counterparties(np.random.default_rng(3), profile, "client", 4)
    assert first == profiles.draw_counterparties(np.random.default_rng(3), profile, "client", 4)
    avoid = ("Wrenfield Catering LLC",)
    for seed in range(30):
        drawn = profiles.draw_counterparties(np.random.default_rng(seed), profile, "client", 5, avoid=avoid)
        assert all(profiles.shared_word(c["name"], ["Wrenfield", "Catering", "Harrow", "Pike"]) is None for c in drawn)
    with pytest.raises(ValueError, match="free of"):
        profiles.draw_counterparties(np.random.default_rng(0), profile, "client", 6, avoid=avoid)
    names = profiles.compose_names(np.random.default_rng(1), ("Wrenfield", "Keystone", "Buckeye"),
                                   ("Produce", "Dairy"), 4, "Co.", avoid=("Wrenfield",))
    assert len(set(names)) == 4 and not any("Wrenfield" in n for n in names)


def test_supplier_lines_are_what_the_supplier_sells():
    profile = profiles.load("Calder Valley Foods plc (fictional)")
    assert [line["sku"] for line in profile.supplied_by("Pennine Dairy Supplies Ltd")] == ["SMP-25", "CRM-10"]
    line = profile.line("EGG-360")
    prices = {profiles.draw_price(np.random.default_rng(s), line) for s in range(50)}
    assert min(prices) >= line["price"][0] and max(prices) <= line["price"][1] and len(prices) > 10
    assert not bizdays.is_working_day(bizdays.date(2025, 8, 25), profile.holiday_region)  # summer bank holiday


def test_an_invoice_from_a_supplier_bills_only_what_it_sells():
    profile = profiles.load("ORG-PROC-1")
    for seed in range(10):
        lines = profiles.draw_lines(np.random.default_rng(seed), profile, 2, supplier="Luddenden Farm Eggs Ltd")
        assert sorted(line["sku"] for line in lines) == ["EGG-360", "LEG-10"]
    assert len({line["sku"] for line in profiles.draw_lines(np.random.default_rng(1), profile, 16)}) == 16
    with pytest.raises(ValueError, match="2 lines from Ryburn Oils Ltd; 3 asked"):
        profiles.draw_lines(np.random.default_rng(0), profile, 3, supplier="Ryburn Oils Ltd")
