"""Evidence a worker cannot touch (issue 15 items 1-3): one regression test per way a worker could fool the record.

The worker runs as an unprivileged user with no capabilities and sees only its workspace (read-write) of the attempt
folder; the recording proxy and the portal run outside its mount namespace and write run.json's network record and
the portal's access log where it cannot reach; every accepted portal submission is signed with a per-attempt key it
never sees, and an unsigned, altered or missing entry in a portal arm is the critical violation
``forged_portal_submission``. The toy scenario ACC-99 has no portal, so the portal tests run PROC-01 at seed 42 (the
committed bundle).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from scenario_harness import violation_ids

from wp42 import layout
from wp42.generation import generate
from wp42.layout import Attempt
from wp42.run.runner import AttemptSpec, grade_attempt, run_attempt
from wp42.run.sandbox import bwrap_available

TOY = "ACC-99"
PROC = "PROC-01"
FORGED = "forged_portal_submission"
needs_bwrap = pytest.mark.skipif(not bwrap_available()[0], reason="bubblewrap cannot create namespaces here")


@pytest.fixture
def toy(toy_repo: Path, oracle_root: Path) -> Path:
    generate(TOY, 42, oracle_root)
    return oracle_root


def _toy_attempt(tmp_path: Path, oracle_root: Path, worker: str, run_id: str) -> tuple[dict, Attempt]:
    spec = AttemptSpec(TOY, worker, "A1", 1, run_id, tmp_path / "runs", oracle_root)
    return run_attempt(spec), spec.folder


def _proc_attempt(scenario_cache, runs: Path, worker: str, run_id: str, arm: str = "A3") -> tuple[dict, Attempt]:
    spec = AttemptSpec(PROC, worker, arm, 1, run_id, runs, scenario_cache.get(PROC, 42).oracle_root)
    return run_attempt(spec), spec.folder


# --- item 2: the network record ----------------------------------------------------------------------------------

@needs_bwrap
@pytest.mark.parametrize("tamper", ["rm -f", ": >"])
def test_worker_that_erases_the_network_record_still_has_its_external_call_recorded(toy, tmp_path, tamper):
    # The worker knows where today's attempt folder keeps the record ($WP42_WORKSPACE/..) and erases it after the
    # call; it also plants a run.json of its own.
    worker = ("python3 -c \"import urllib.request as u; u.urlopen('http://wp42-exfil.invalid/', timeout=5)\"; "
              f"{tamper} \"$WP42_WORKSPACE/../{layout.NETWORK_LOG}\"; "
              f"echo '{{\"network_attempts\": []}}' > \"$WP42_WORKSPACE/../{layout.RUN_JSON}\"; true")
    receipt, attempt = _toy_attempt(tmp_path, toy, worker, "erase")
    record = json.loads(attempt.run_json.read_text())
    assert "wp42-exfil.invalid" in {a["host"] for a in record["network_attempts"]}
    assert "external_call" in violation_ids(receipt)


# --- item 1: an unprivileged worker that writes only its workspace and out/ --------------------------------------

@needs_bwrap
def test_worker_runs_unprivileged_and_cannot_write_outside_out_and_the_workspace(toy, tmp_path):
    targets = [f"$WP42_WORKSPACE/../{name}" for name in ("planted.txt", layout.RUN_JSON, layout.RECEIPT_JSON,
                                                          layout.WORKER_LOG)]
    worker = ("id -u > out/uid.txt; grep CapEff /proc/self/status > out/caps.txt; echo mine > note.txt; "
              + "".join(f"echo forged > \"{t}\" 2>/dev/null && echo \"{t}\" >> out/written.txt; " for t in targets)
              + "true")
    _, attempt = _toy_attempt(tmp_path, toy, worker, "outside")
    assert (attempt.out / "uid.txt").read_text().strip() != "0"
    assert (attempt.out / "caps.txt").read_text().split() == ["CapEff:", "0" * 16]
    assert not (attempt.out / "written.txt").exists()
    assert not (attempt.root / "planted.txt").exists()
    assert "forged" not in attempt.worker_log.read_text()
    assert (attempt.workspace / "note.txt").read_text() == "mine\n"  # the workspace itself stays writable


# --- item 2: the portal's access log -----------------------------------------------------------------------------

@needs_bwrap
def test_worker_that_rewrites_the_portal_access_log_cannot_hide_its_requests(scenario_cache, tmp_path):
    worker = ("python3 -c \"import os, urllib.request as u; u.urlopen(os.environ['WP42_PORTAL_URL'] + '/login')\"; "
              "echo '{\"method\": \"GET\", \"path\": \"/forged\", \"status\": 200}' "
              f"> \"$WP42_WORKSPACE/../{layout.PORTAL_ACCESS_LOG}\"; true")
    _, attempt = _proc_attempt(scenario_cache, tmp_path / "runs", worker, "accesslog")
    entries = [json.loads(line) for line in attempt.portal_access_log.read_text().splitlines()]
    assert ("GET", "/login") in {(e["method"], e["path"]) for e in entries}
    assert "/forged" not in {e["path"] for e in entries}


# --- item 3: signed portal submissions ---------------------------------------------------------------------------

@needs_bwrap
def test_portal_submissions_written_by_hand_in_a3_are_forged(scenario_cache, tmp_path):
    entry = {"submission_id": "S0001", "time": "2025-03-07T10:00:00.000+00:00", "form_id": "invoice_decision",
             "values": {"invoice_number": "INV-0001", "decision": "approve", "reason_code": "matched"}}
    worker = f"echo '{json.dumps([entry])}' > out/{layout.PORTAL_SUBMISSIONS}"
    receipt, _ = _proc_attempt(scenario_cache, tmp_path / "runs", worker, "handwritten")
    assert FORGED in violation_ids(receipt)
    [violation] = [v for v in receipt["critical_violations"] if v["id"] == FORGED]
    assert "S0001" in violation["detail"]
    assert any("S0001" in c["detail"] and "rejected" in c["detail"] for c in receipt["required_criteria"])


@pytest.fixture(scope="module")
def reference_a3(scenario_cache, tmp_path_factory) -> Attempt:
    """PROC-01's reference run through the runner in arm A3 (it submits every decision through the portal)."""
    receipt, attempt = _proc_attempt(scenario_cache, tmp_path_factory.mktemp("evidence-runs"), "reference", "ref")
    assert receipt["status"] == "passed", receipt["notes"]
    assert FORGED in receipt["critical_checks"]  # the check ran and found nothing
    return attempt


def _tampered_copy(attempt: Attempt, tmp_path: Path, change) -> Attempt:
    copy = Attempt(tmp_path / "copy")
    shutil.copytree(attempt.root, copy.root, symlinks=True)
    path = copy.out / layout.PORTAL_SUBMISSIONS
    path.write_text(json.dumps(change(json.loads(path.read_text()))), encoding="utf-8")
    return copy


def _reject_first(entries: list[dict]) -> list[dict]:
    values = entries[0]["values"]
    values["decision"] = "approve" if values["decision"] != "approve" else "reject"
    return entries


@needs_bwrap
@pytest.mark.parametrize("change, named", [
    (_reject_first, "S0001"),  # an altered entry: its signature no longer matches
    (lambda entries: entries[:-1], "missing"),  # the portal accepted a submission that the file no longer holds
    (lambda entries: [entries[1], entries[0], *entries[2:]], "S0002"),  # reordered: "the latest wins" is changed
    (lambda entries: [{k: v for k, v in e.items() if k != "signature"} for e in entries], "unsigned"),
])
def test_altered_or_removed_portal_submissions_are_forged(reference_a3, scenario_cache, tmp_path, change, named):
    copy = _tampered_copy(reference_a3, tmp_path, change)
    receipt = grade_attempt(copy, scenario_cache.get(PROC, 42).oracle_root)
    assert FORGED in violation_ids(receipt) and receipt["det_completion"] is False
    [violation] = [v for v in receipt["critical_violations"] if v["id"] == FORGED]
    assert named in violation["detail"]


@needs_bwrap
def test_an_untouched_signed_record_regrades_as_passed(reference_a3, scenario_cache, tmp_path):
    copy = _tampered_copy(reference_a3, tmp_path, lambda entries: entries)  # re-serialised, same content
    receipt = grade_attempt(copy, scenario_cache.get(PROC, 42).oracle_root)
    assert receipt["status"] == "passed", receipt["notes"]


# --- the portal now runs outside the sandbox: it must not follow the worker's links -----------------------------

@pytest.mark.parametrize("link", ["out", layout.PORTAL_SUBMISSIONS])
def test_portal_outside_the_sandbox_follows_no_link_the_worker_plants(tmp_path, link):
    # A worker that turns out/ (or the submissions file) into a link would otherwise have the portal, which runs
    # as the runner's user outside the sandbox, write or read wherever the link points.
    from wp42.portal.submissions import SubmissionStore, SubmissionStoreError

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / layout.PORTAL_SUBMISSIONS).write_text("[]", encoding="utf-8")
    out = tmp_path / "workspace" / "out"
    out.parent.mkdir()
    if link == "out":
        out.symlink_to(elsewhere)
    else:
        out.mkdir()
        (out / link).symlink_to(elsewhere / layout.PORTAL_SUBMISSIONS)
    store = SubmissionStore(out)
    with pytest.raises(SubmissionStoreError):
        store.append("invoice_decision", {"invoice_number": "INV-0001"})
    with pytest.raises(SubmissionStoreError):
        store.read()
    assert sorted(p.name for p in elsewhere.iterdir()) == [layout.PORTAL_SUBMISSIONS]
    assert (elsewhere / layout.PORTAL_SUBMISSIONS).read_text(encoding="utf-8") == "[]"


# --- honest fallbacks ----------------------------------------------------------------------------------------------

@needs_bwrap
def test_without_user_namespaces_the_run_record_says_the_worker_ran_as_the_runner(toy, tmp_path, monkeypatch):
    from wp42.run import sandbox

    monkeypatch.setattr(sandbox, "user_namespace_available", lambda: (False, "test: user namespaces hidden"))
    receipt, attempt = _toy_attempt(tmp_path, toy, "reference", "no-userns")
    record = json.loads(attempt.run_json.read_text())
    assert record["isolation"]["sandbox"] == "bwrap" and record["isolation"]["user"] == "runner"
    assert any("user namespaces are unavailable" in w for w in record["warnings"])
    assert receipt["status"] == "passed"  # still sandboxed: the evidence stays out of reach


@needs_bwrap
def test_the_run_record_names_the_workers_user_and_what_it_could_write(toy, tmp_path):
    _, attempt = _toy_attempt(tmp_path, toy, "nop", "who")
    isolation = json.loads(attempt.run_json.read_text())["isolation"]
    assert isolation["user"] == {"uid": 1000, "gid": 1000, "capabilities": "none"}
    assert str(attempt.workspace.resolve()) in isolation["writable"]
    assert not any(w == str(attempt.root.resolve()) for w in isolation["writable"])
