"""The ready gate's profile-based realism checks (issue 13 item 8, wp42.gates.locale): each catches its fault in a
deliberately broken copy of a real seed-42 bundle, and the unbroken copy passes."""

from __future__ import annotations

import json
import re
import shutil
import zipfile
from datetime import date, timedelta
from pathlib import Path

import pytest

from wp42.gates.inputs import input_texts
from wp42.gates.locale import load_profile, locale_problems
from wp42.gates.real import input_properties
from wp42.layout import Repo

REPO = Repo.find()


def _bundle(tmp_path: Path, task_id: str) -> Path:
    target = tmp_path / task_id
    shutil.copytree(REPO.scenarios_dir / task_id / "inputs", target / "inputs")
    shutil.copy(REPO.scenarios_dir / task_id / "task.json", target / "task.json")
    return target


def _problems(bundle: Path, oracle: dict | None = None) -> list[str]:
    organisation = json.loads((bundle / "task.json").read_text())["organisation"]
    inputs = bundle / "inputs"
    return locale_problems(REPO, organisation, inputs, input_texts(inputs, REPO), input_properties(inputs),
                           oracle or {})


def _rewrite(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    if old not in text:
        raise AssertionError(f"{old!r} is not in {path}")
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_supplier_sharing_the_clients_name_is_caught(tmp_path):
    bundle = _bundle(tmp_path, "PROC-01")
    assert _problems(bundle) == []
    vendors = bundle / "inputs" / "approved_vendors.csv"
    first_vendor = vendors.read_text().splitlines()[1].split(",")[1]
    _rewrite(vendors, first_vendor, "Colne Valley Sugar Ltd")
    reasons = _problems(bundle)
    assert len(reasons) == 1 and "'Valley' from the organisation's own name" in reasons[0]
    assert "approved_vendors.csv" in reasons[0] and "Colne Valley Sugar" in reasons[0]


def test_the_organisations_own_names_and_people_are_not_counterparties():
    from wp42.gates.locale import name_reuse

    own = ["Ashdown Fairley LLP", "Ashdown Fairley", "Eleanor Ashdown"]
    texts = {"memo.txt": "Ashdown Fairley LLP advises. Eleanor Ashdown, partner, signs for ASHDOWN FAIRLEY."}
    assert name_reuse(texts, own, ["Ashdown"]) == []
    texts["other.txt"] = "Counterparty: Ashdown Freight GmbH (mail ap@ashdown.example)"
    assert [r.split(":")[0] for r in name_reuse(texts, own, ["Ashdown"])] == ["other.txt"]


def test_a_client_declared_in_the_oracle_is_checked_too(tmp_path):
    bundle = _bundle(tmp_path, "ACC-01")
    client_word = re.search(r"(\w+) \w+(?: & \w+)? LLC", (bundle / "inputs" / "email_client_owner.eml").read_text())
    assert client_word, "the owner's e-mail names the client"
    oracle = {"own_names": [client_word.group(0)], "distinctive_words": [client_word.group(1)]}
    assert _problems(bundle, oracle) == []
    ledger_csv = bundle / "inputs" / "outstanding_items_2025-01.csv"
    lines = ledger_csv.read_text().splitlines()
    lines.append(lines[-1].rsplit(",", 1)[0] + f",{client_word.group(1)} Produce Co.")
    ledger_csv.write_text("\n".join(lines) + "\n")
    assert any(f"{client_word.group(1)!r} from the organisation's own name" in r for r in _problems(bundle, oracle))


def test_an_email_sent_on_a_saturday_is_caught_unless_deliberate(tmp_path):
    bundle = _bundle(tmp_path, "ACC-01")
    _rewrite(bundle / "inputs" / "email_client_owner.eml", "Date: Wed, 05 Mar 2025", "Date: Sat, 08 Mar 2025")
    reasons = _problems(bundle)
    assert reasons == [reasons[0]] and "email_client_owner.eml: Date header is 2025-03-08 (Saturday)" in reasons[0]
    assert _problems(bundle, {"deliberate_dates": [{"date": "2025-03-08", "reason": "the owner writes at weekends"}]}) == []
    assert "gives no reason" in _problems(bundle, {"deliberate_dates": [{"date": "2025-03-08"}]})[0]


def test_a_timed_calendar_event_on_a_holiday_is_caught(tmp_path):
    bundle = _bundle(tmp_path, "CS-01")
    assert _problems(bundle) == []
    calendar = bundle / "inputs" / "network_operations_calendar.ics"
    first = re.search(r"DTSTART;TZID=America/New_York:(\d{8})T", calendar.read_text()).group(1)
    _rewrite(calendar, f"DTSTART;TZID=America/New_York:{first}T", "DTSTART;TZID=America/New_York:20250704T")
    reasons = _problems(bundle)
    assert len(reasons) == 1 and "is 2025-07-04 (Friday), a bank holiday in US" in reasons[0]


def test_all_day_events_are_marked_days_not_meetings(tmp_path):
    bundle = _bundle(tmp_path, "HR-01")  # the company's holiday calendar: every event is on a holiday
    assert _problems(bundle) == []


def test_a_document_saved_on_a_sunday_is_caught(tmp_path):
    bundle = _bundle(tmp_path, "PROC-01")
    book = next((REPO.scenarios_dir / "FIN-01" / "inputs").glob("*.xlsx"))
    copy = bundle / "inputs" / "extra.xlsx"
    with zipfile.ZipFile(book) as source, zipfile.ZipFile(copy, "w") as target:
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename == "docProps/core.xml":
                data = re.sub(rb"(<dcterms:modified[^>]*>)[^<]+", rb"\g<1>2025-06-01T10:00:00Z", data)
            target.writestr(item, data)
    reasons = _problems(bundle)
    assert len(reasons) == 1 and "extra.xlsx: property modified is 2025-06-01 (Sunday)" in reasons[0]


@pytest.mark.parametrize(("when", "caught"), [("2025-04-18", True), ("2025-04-17", False), ("2025-04-19", True)])
def test_a_declared_event_date_must_be_a_working_day_of_the_locale(tmp_path, when, caught):
    bundle = _bundle(tmp_path, "PROC-01")  # England: Good Friday and a Saturday are not payment days
    reasons = _problems(bundle, {"event_dates": [{"date": when, "what": "payment run"}]})
    assert bool(reasons) is caught
    if caught:
        assert reasons[0].startswith(f"oracle.json event_dates: payment run is {when}")


def test_an_organisation_without_a_profile_fails(tmp_path):
    bundle = _bundle(tmp_path, "PROC-01")
    task = json.loads((bundle / "task.json").read_text())
    (bundle / "task.json").write_text(json.dumps({**task, "organisation": "Nowhere Ltd (fictional)"}))
    assert "no organisation profile for 'Nowhere Ltd (fictional)'" in _problems(bundle)[0]


def test_a_candidates_own_cv_may_be_saved_at_a_weekend_when_the_oracle_says_whose_it_is(tmp_path):
    """REC-01's CVs are the candidates': saved on a Saturday, a CV fails the check unless oracle.json lists cvs/ in
    personal_documents with a reason (an entry without one is itself a reason)."""
    bundle = _bundle(tmp_path, "REC-01")
    cv = next((bundle / "inputs" / "cvs").glob("*.docx"))
    with zipfile.ZipFile(cv) as source:
        items = [(item, source.read(item.filename)) for item in source.infolist()]
    with zipfile.ZipFile(cv, "w") as target:
        for item, data in items:
            if item.filename == "docProps/core.xml":
                data = re.sub(rb"(<dcterms:created[^>]*>)[^<]+", rb"\g<1>2025-03-01T10:00:00Z", data)
            target.writestr(item, data)
    personal = {"personal_documents": [{"path": "cvs/", "reason": "candidates save their own CVs at weekends"}]}
    assert any("property created is 2025-03-01 (Saturday)" in r for r in _problems(bundle))
    assert _problems(bundle, personal) == []
    assert "needs a path and a reason" in _problems(bundle, {"personal_documents": [{"path": "cvs/"}]})[0]


#: The generators that declare their business events in oracle.json ``event_dates`` (issue 13 item 4).
DECLARING = ("ACC-01", "BANK-01", "ECON-01", "FIN-01", "HR-01", "INS-01", "JOUR-01", "LEGAL-01", "PROC-01")


def _saturday_after(day: date) -> date:
    return day + timedelta(days=(5 - day.weekday()) % 7 or 7)


@pytest.mark.parametrize(("task_id", "seed", "set_name", "level"), [
    *((task_id, 42, "challenge", "standard") for task_id in DECLARING),
    ("FIN-01", 3, "challenge", "hard"),  # last month's pack was compiled on a Sunday (the day before a Monday send)
    ("ECON-01", 2, "challenge", "standard"),  # the release notice was written on Columbus Day (the day before)
    ("HR-01", 42, "coverage", "standard"),  # a leaver's last day on Good Friday, a working day under the CAO
])
def test_generators_declare_their_business_events_on_working_days(scenario_cache, task_id, seed, set_name, level):
    """Each generator lists the business events it dates, and every one (and every input's dates) is a working day
    of its organisation's locale; failed before the generators declared any (nothing for the check to judge) and,
    for FIN-01's hard level at seed 3 and ECON-01 at seed 2, before a document written "the day before" something
    rolled back to the working day before it."""
    generated = scenario_cache.get(task_id, seed, set_name, level)
    oracle = generated.oracle()
    assert _problems(generated.bundle, oracle) == []
    assert len(oracle.get("event_dates") or []) >= 2, f"{task_id} declares no business events"


@pytest.mark.parametrize("task_id", DECLARING)
def test_an_event_moved_to_a_saturday_fails_ready(scenario_cache, task_id):
    """A deliberately broken copy of the oracle, one declared event moved to the Saturday after it, fails the ready
    gate with that event named; the generated oracle raises no such reason."""
    from wp42.gates.ready import judge_ready
    from wp42.layout import Bundle

    generated = scenario_cache.get(task_id, 42)
    bundle = Bundle(generated.bundle)

    def ready_reasons(oracle: dict) -> list[str]:
        return judge_ready(task_id, 42, bundle, bundle.root, oracle, None, 7, generated.hidden, None, REPO).reasons

    oracle = generated.oracle()
    before = ready_reasons(oracle)
    assert not [r for r in before if "event_dates" in r], before
    event = oracle["event_dates"][len(oracle["event_dates"]) // 2]
    saturday = _saturday_after(date.fromisoformat(event["date"]))
    event["date"] = saturday.isoformat()
    after = ready_reasons(oracle)
    region = load_profile(REPO, generated.task()["organisation"]).holiday_region
    assert [r for r in after if r not in before] == [
        f"realism: oracle.json event_dates: {event['what']} is {saturday.isoformat()} (Saturday), a weekend in "
        f"{region}; move it to a working day or list it in oracle.json deliberate_dates with a reason"]


def test_good_friday_is_a_working_day_of_the_cao_only_by_a_reasoned_deliberate_date(scenario_cache):
    """HR-01's CAO does not close on Good Friday, the national calendar the gate reads does: at seed 42's coverage
    set a leaver's last day is Good Friday 2025, which the oracle lists as deliberate with the CAO's reason; without
    that entry the gate catches it."""
    generated = scenario_cache.get("HR-01", 42, "coverage")
    oracle = generated.oracle()
    assert [d["date"] for d in oracle["deliberate_dates"]] == ["2025-04-18"]
    assert "CAO" in oracle["deliberate_dates"][0]["reason"]
    oracle["deliberate_dates"] = []
    reasons = _problems(generated.bundle, oracle)
    assert len(reasons) == 1 and "leaves (last working day) is 2025-04-18 (Friday), a bank holiday in NL" in reasons[0]
