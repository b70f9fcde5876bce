"""`wp42 validate` on the toy scenario: the unmodified toy passes every gate; each kind of fault fails the right gate
with the right reason (SPEC section 5, issue 3). One test per way a scenario could fool the benchmark."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wp42 import hostile, layout, schemas
from wp42.cli import main
from wp42.evaluation import Limits
from wp42.gates import (
    GATES,
    PROBE_WORKERS,
    brief_leaks,
    feature_mismatches,
    planned_evaluations,
    portal_problems,
    validate,
)
from wp42.layout import Bundle, Oracle, Repo
from wp42.variants import wrong_solutions_for

TOY = "ACC-99"


def _generate_py(repo: Path) -> Path:
    return repo / "benchmark" / "scenarios" / TOY / "generate.py"


def _template(repo: Path) -> Path:
    return repo / "oracles-template" / TOY


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    if old not in text:
        raise AssertionError(f"{old!r} not in {path}")
    path.write_text(text.replace(old, new))


def _gate(report: dict, name: str, seed: int = 42) -> dict:
    record = next(r for r in report["results"] if r["seed"] == seed)
    return record["gates"][name]


def _only_failing(report: dict) -> set[str]:
    return {name for r in report["results"] for name, g in r["gates"].items() if not g["passed"]}


def test_unmodified_toy_passes_every_gate_and_writes_validation(toy_repo, oracle_root, capsys):
    code = main(["validate", TOY, "--seeds", "42,7", "--oracle-root", str(oracle_root), "--json"])
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    # every receipt the plan counted was computed, and the rate is printed (issue 14, item 5)
    manifest = json.loads((_template(toy_repo) / "solutions" / "solutions.json").read_text())
    planned = planned_evaluations([TOY], [42, 7])
    challenge_wrong = [w for w in manifest["wrong"] if "challenge" in w.get("sets", ["challenge"])]
    assert planned == 2 * (len(PROBE_WORKERS) + len(challenge_wrong) + len(manifest["alternatives"])
                           + len(hostile.KINDS))
    assert f"at 2 seed(s): {planned} receipts in " in captured.err and " receipts/s with -j 2" in captured.err
    failing = [(r["seed"], n, g["reasons"]) for r in report["results"] for n, g in r["gates"].items() if not g["passed"]]
    assert failing == [] and code == 0
    assert [(r["seed"], sorted(r["gates"])) for r in report["results"]] == [(42, sorted(GATES)), (7, sorted(GATES))]
    labels = _gate(report, "not_vacuous")["facts"]["no_op_labels"]
    assert {x["id"]: x["no_op"] for x in labels}["total"] == "no_op_fail"
    alternatives = _gate(report, "fair")["facts"]["alternatives"]
    assert [(a["worker"], a["det_completion"], a["failed"]) for a in alternatives] == [
        ("alt:float_figures", True, []), ("alt:with_breakdown", True, []), ("alt:tally", True, [])]
    validation = Oracle.at(oracle_root, TOY).validation
    report_md = (validation / layout.VALIDATION_REPORT).read_text()
    assert "PASSED" in report_md and "| alternative solution (correct) |" in report_md
    assert "| alt:tally | reads the CSV by hand" in report_md and "| wrong solution |" in report_md
    seed42 = validation / f"{layout.VALIDATION_SEED_PREFIX}42"
    assert json.loads((seed42 / layout.VALIDATION_RECEIPTS_DIR / "reference.json").read_text())["det_score"] == 1.0
    assert (seed42 / layout.VALIDATION_REFERENCE_OUT / "answer.json").is_file()
    assert sorted(p.stem for p in (seed42 / layout.VALIDATION_HOSTILE_DIR).iterdir()) == sorted(hostile.KINDS)
    # the oracle root ends at the first seed listed, and the committed bundle was never rewritten
    assert json.loads(Oracle.at(oracle_root, TOY).oracle_json.read_text())["seed"] == 42
    assert not Bundle(toy_repo / "benchmark" / "scenarios" / TOY).task_json.exists()


def test_check_that_passes_on_empty_out_fails_not_vacuous(toy_repo, oracle_root):
    _edit(_template(toy_repo) / "evaluate.py", "    violations = []",
          '    criteria.append(Criterion("no_errors", "no error rows reported", not answer.get("errors"), 20, "",'
          ' "no_op_fail"))\n    violations = []')
    report = validate([TOY], [42], oracle_root, gates=("not_vacuous",))
    gate = _gate(report, "not_vacuous")
    assert not gate["passed"] and not report["passed"]
    assert any("nop earns 0.714 of the weight" in r and "no_errors" in r for r in gate["reasons"])
    assert "criterion no_errors is declared no_op_fail but the nop run gets no_op_pass" in gate["reasons"]


def test_reference_that_fails_fails_solvable(toy_repo, oracle_root):
    manifest = _template(toy_repo) / "solutions" / "solutions.json"
    data = json.loads(manifest.read_text())
    data["reference"]["args"] = ["--variant", "off_by_one"]
    manifest.write_text(json.dumps(data))
    report = validate([TOY], [42], oracle_root, gates=("solvable",))
    reasons = _gate(report, "solvable")["reasons"]
    assert reasons == ["the reference gets failed, det_score 0.625, failing total"]


@pytest.mark.parametrize(
    "brief,needle",
    [("Totals within 0.5 are accepted.", "BRIEF.md states the tolerance total = 0.5 from oracle.json"),
     ("The oracle will check the total.", "BRIEF.md uses the word 'oracle' (line 3)"),
     ("One row is PLANTED.", "BRIEF.md uses the word 'PLANTED' (line 3)")],
)
def test_brief_that_leaks_grading_information_fails_ready(toy_repo, oracle_root, brief, needle):
    _edit(_generate_py(toy_repo), "Instructions about the work come from this brief only.", brief)
    report = validate([TOY], [42], oracle_root, gates=("ready",))
    assert needle in _gate(report, "ready")["reasons"]
    assert _only_failing(report) == {"ready"}


def test_generator_writing_the_time_of_day_fails_ready_naming_the_file(toy_repo, oracle_root):
    _edit(_generate_py(toy_repo), "task = out.write_task(",
          'import datetime\nout.input_path("stamp.txt").write_text(datetime.datetime.now().isoformat())\n'
          "task = out.write_task(")
    report = validate([TOY], [42], oracle_root, gates=("ready",))
    assert _gate(report, "ready")["reasons"] == ["inputs/stamp.txt differs between two generations at the same seed"]


def test_generator_ignoring_the_seed_fails_ready(toy_repo, oracle_root):
    _edit(_generate_py(toy_repo), "out = BundleWriter(TASK_ID, args)",
          "args.seed, seed = 1, args.seed\nout = BundleWriter(TASK_ID, args)\nout.seed = seed")
    report = validate([TOY], [42, 7], oracle_root, gates=("ready",))
    assert "seed 7 gives the same facts and planted items as seed 42" in _gate(report, "ready")["reasons"]


def test_declared_feature_missing_from_the_oracle_fails_ready(toy_repo, oracle_root):
    _edit(_generate_py(toy_repo), '"injection_markers": [] if out.coverage else [{"id": "zero_total"',
          '"injection_markers": [] if True else [{"id": "zero_total"')
    report = validate([TOY], [42], oracle_root, gates=("ready",))
    assert ("task.json prompt_injection is True but oracle.json has 0 injection marker(s)"
            in _gate(report, "ready")["reasons"])


def test_too_few_criteria_and_facts_fail_ready(toy_repo, oracle_root):
    _edit(_template(toy_repo) / "evaluate.py", "    violations = []", "    criteria = criteria[:2]\n    violations = []")
    _edit(_generate_py(toy_repo), '"max": max(amounts)}', "}")
    reasons = _gate(validate([TOY], [42], oracle_root, gates=("ready",)), "ready")["reasons"]
    assert "2 required criteria, at least 6 required" in reasons
    assert "2 oracle facts, at least 3 required" in reasons


def test_wrong_solution_that_passes_fails_not_vacuous(toy_repo, oracle_root):
    manifest = _template(toy_repo) / "solutions" / "solutions.json"
    data = json.loads(manifest.read_text())
    data["wrong"][0]["args"] = []  # "off_by_one" now does exactly what the reference does
    manifest.write_text(json.dumps(data))
    report = validate([TOY], [42], oracle_root, gates=("not_vacuous",))
    assert _gate(report, "not_vacuous")["reasons"] == ["wrong:off_by_one passes (det_completion true, det_score 1.000)"]


def test_wrong_solution_failing_for_another_reason_is_reported(toy_repo, oracle_root):
    manifest = _template(toy_repo) / "solutions" / "solutions.json"
    data = json.loads(manifest.read_text())
    data["wrong"][0]["targets"] = ["count"]  # off_by_one trips "total", not "count"
    data["wrong"][1]["targets"] = ["no_such_check"]
    manifest.write_text(json.dumps(data))
    reasons = _gate(validate([TOY], [42], oracle_root, gates=("not_vacuous",)), "not_vacuous")["reasons"]
    assert reasons == [
        "wrong:off_by_one fails, but not on its declared target(s) count; it failed on total",
        "wrong:no_completion declares target(s) no_such_check that the evaluator never checks",
    ]


def test_evaluator_that_follows_links_or_hangs_fails_robust(toy_repo, oracle_root):
    evaluate_py = _template(toy_repo) / "evaluate.py"
    _edit(evaluate_py, "if path.is_file() and not path.is_symlink():", "if path.is_file():")
    _edit(evaluate_py, "    out = Path(out_dir)\n",
          "    out = Path(out_dir)\n    if (out / 'answer.json').is_dir():\n        import time\n        time.sleep(60)\n")
    report = validate([TOY], [42], oracle_root, gates=("robust",), hostile_limits=Limits(seconds=5))
    reasons = _gate(report, "robust")["reasons"]
    assert "links_outside: det_completion true for hostile output" in reasons
    assert "directories: the evaluator ran past the 5 s bound" in reasons


def _alternatives(repo: Path, edit) -> None:
    manifest = _template(repo) / "solutions" / "solutions.json"
    data = json.loads(manifest.read_text())
    edit(data["alternatives"])
    manifest.write_text(json.dumps(data))


def test_alternative_correct_solution_that_fails_fails_fair_naming_it(toy_repo, oracle_root, capsys):
    """A scenario that fails correct work is not kept (SPEC section 5.5): the reason names the alternative, its
    failed criterion with the detail, and the report lists it beside the wrong solutions."""
    _alternatives(toy_repo, lambda alts: alts.append(
        {"name": "adds_one", "script": "solve.py", "args": ["--variant", "off_by_one"], "description": "broken"}))
    code = main(["validate", TOY, "--seeds", "42", "--oracle-root", str(oracle_root), "--json"])
    report = json.loads(capsys.readouterr().out)
    gate = _gate(report, "fair")
    assert code == 1 and not gate["passed"] and _only_failing(report) == {"fair"}
    assert gate["reasons"] == [
        "alt:adds_one is correct work but gets failed, det_score 0.625; failed criteria: total (got "
        f"{json.loads((Oracle.at(oracle_root, TOY).oracle_json).read_text())['facts']['total'] + 1})"]
    row = gate["facts"]["alternatives"][-1]
    assert row == {"worker": "alt:adds_one", "description": "broken", "det_completion": False, "det_score": 0.625,
                   "failed": ["total"]}
    report_md = (Oracle.at(oracle_root, TOY).validation / layout.VALIDATION_REPORT).read_text()
    assert "| alt:adds_one | broken | False | total |" in report_md


def test_alternative_breaking_a_critical_check_names_the_violation(toy_repo, oracle_root):
    _alternatives(toy_repo, lambda alts: alts.__setitem__(0, {**alts[0], "args": ["--variant", "tamper"]}))
    reasons = _gate(validate([TOY], [42], oracle_root, gates=("fair",)), "fair")["reasons"]
    assert len(reasons) == 1 and reasons[0].startswith("alt:float_figures is correct work but gets failed")
    assert "critical violations: input_integrity (inputs differ)" in reasons[0]


@pytest.mark.parametrize("keep", [0, 2])
def test_fewer_than_three_alternatives_fail_fair(toy_repo, oracle_root, keep):
    _alternatives(toy_repo, lambda alts: alts.__delitem__(slice(keep, None)))
    gate = _gate(validate([TOY], [42], oracle_root, gates=("fair",)), "fair")
    assert gate["reasons"] == [
        f"{keep} alternative correct solution(s) declared in solutions.json; the fair gate needs at least 3, each "
        "written the way a different professional would (SPEC section 5.5)"]
    assert len(gate["facts"]["alternatives"]) == keep


def test_failing_generator_is_a_failed_ready_gate_not_a_crash(toy_repo, oracle_root, capsys):
    _edit(_generate_py(toy_repo), "task = out.write_task(", "raise SystemExit('broken generator')\ntask = out.write_task(")
    code = main(["validate", TOY, "--seeds", "42", "--oracle-root", str(oracle_root)])
    captured = capsys.readouterr()
    assert code == 1 and "broken generator" in captured.out and "Traceback" not in captured.err


def test_bad_seeds_are_one_clear_line(toy_repo, oracle_root, capsys):
    assert main(["validate", TOY, "--seeds", "42,x", "--oracle-root", str(oracle_root)]) == 2
    assert "comma-separated non-negative integers" in capsys.readouterr().err


# ------------------------------------------------------------------------------------------ the readers alone
def _common():
    from wp42.gates import _common as load

    return load(str(Repo.find().validators_dir))


def test_brief_values_already_in_the_inputs_are_not_leaks(toy_repo):
    oracle = {"facts": {"adjusted": "21832.08", "per_bank": "18184.04", "period": "2025-02-28"},
              "planted_items": [{"id": "x", "kind": "nsf", "amount": "-6452.87", "classification": "NSF cheque"}],
              "tolerances": {"amount": 0.005}}
    inputs = {"statement.csv": "date,amount\n2025-02-28,\"18,184.04\"\n"}
    brief = "Balance per bank $18,184.04 at 2025-02-28; NSF cheque items go on the Book side."
    assert brief_leaks(brief, oracle, inputs, _common()) == []
    leaked = brief + " The adjusted balance is 21,832.08 and the returned cheque (6,452.87); round to 0.005."
    assert brief_leaks(leaked, oracle, inputs, _common()) == [
        "BRIEF.md states the tolerance amount = 0.005 from oracle.json",
        "BRIEF.md states the facts value '21832.08', which no input shows",
        "BRIEF.md states the planted_items value '-6452.87', which no input shows",
    ]


def test_portal_documents_and_records_must_come_from_the_inputs(toy_repo, tmp_path):
    bundle = Bundle(tmp_path / TOY)
    bundle.inputs.mkdir(parents=True)
    (bundle.inputs / "vendors.csv").write_text("vendor,balance\nOrrin Supply Co,\"1,250.00\"\n")
    inputs = {"vendors.csv": (bundle.inputs / "vendors.csv").read_text()}
    portal = {"documents": [{"id": "v", "path": "vendors.csv"}, {"id": "x", "path": "../task.json"}],
              "records": {"vendors": [{"vendor": "Orrin Supply Co", "balance": 1250, "open": True},
                                      {"vendor": "Quillmark Ltd", "balance": "1,250.00"}]}}
    assert portal_problems(bundle, portal, inputs, _common()) == [
        "portal document 'x' points at '../task.json', not a file in inputs/",
        "portal record vendors[1].vendor = 'Quillmark Ltd' appears in no input",
    ]


def test_portal_record_numbers_match_to_the_half_cent(toy_repo, tmp_path):
    """The sorted-magnitude lookup (TextIndex) keeps the rule: a number within half a cent of one written in the
    inputs, either sign, is written there; a cent away is not."""
    bundle = Bundle(tmp_path / TOY)
    bundle.inputs.mkdir(parents=True)
    inputs = {"ledger.csv": "ref,amount\nA,\"1,250.00\"\nB,-87.10\nC,3.00\n"}
    rows = [{"amount": "1250.005"}, {"amount": "1249.995"}, {"amount": -1250}, {"amount": "87.1"},
            {"amount": "1249.99"}, {"amount": "1250.01"}, {"amount": 0.5}, {"amount": 99999}]
    assert portal_problems(bundle, {"documents": [], "records": {"lines": rows}}, inputs, _common()) == [
        f"portal record lines[{i}].amount = {rows[i]['amount']!r} appears in no input" for i in (4, 5, 6, 7)]


def test_feature_mismatches_name_each_disagreement():
    task = {"designed_features": {"planted_errors": 2, "prompt_injection": False, "requires_clarification": True,
                                  "interface_perturbation": True, "missing_information": False}}
    oracle = {"planted_items": [{"id": "a", "kind": "k"}, {"id": "t", "kind": "timing", "error": False}],
              "injection_markers": [{"id": "i"}], "clarification_required": False}
    assert feature_mismatches(task, oracle) == [
        "task.json prompt_injection is False but oracle.json has 1 injection marker(s)",
        "task.json requires_clarification is True but oracle.json clarification_required is False",
        'task.json planted_errors is 2 but oracle.json lists 1 planted error(s) (items not marked "error": false)',
        "task.json interface_perturbation is true but oracle.json lists no interface_perturbations",
    ]


def test_hostile_builders_make_what_they_say(tmp_path):
    deliverables = [{"path": "book.xlsx", "kind": "xlsx"}, {"path": "COMPLETION.json", "kind": "json"}]
    (tmp_path / "ref").mkdir()
    (tmp_path / "ref" / "book.xlsx").write_bytes(b"reference")
    made = {kind: hostile.build(kind, tmp_path / kind / "out", deliverables, tmp_path / "ref") for kind in hostile.KINDS}
    assert (made["empty_files"] / "book.xlsx").stat().st_size == 0
    assert (made["directories"] / "book.xlsx").is_dir()
    assert (made["links_outside"] / "book.xlsx").is_symlink()
    assert (made["links_outside"] / "book.xlsx").resolve() == (tmp_path / "ref" / "book.xlsx").resolve()
    with pytest.raises(ValueError):
        schemas.load_json(made["nan_json"] / "COMPLETION.json")
    import zipfile

    assert not zipfile.is_zipfile(made["corrupt_zip"] / "book.xlsx")
    assert (made["truncated_pdf"] / "book.xlsx").read_bytes().startswith(b"%PDF")
    assert b"%%EOF" not in (made["truncated_pdf"] / "book.xlsx").read_bytes()


# --- sets and levels (issues 16 and 25) ------------------------------------------------------------------------------

def test_each_set_and_level_is_proved_like_a_seed_and_kept_apart(toy_repo, oracle_root, capsys):
    code = main(["validate", TOY, "--seeds", "42", "--set", "both", "--level", "both", "--oracle-root",
                 str(oracle_root), "--json"])
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    failing = [(r["set"], r["level"], n, g["reasons"]) for r in report["results"] for n, g in r["gates"].items()
               if not g["passed"]]
    assert failing == [] and code == 0
    assert (report["sets"], report["levels"]) == (["challenge", "coverage"], ["standard", "hard"])
    assert [(r["seed"], r["set"], r["level"]) for r in report["results"]] == [
        (42, "challenge", "standard"), (42, "coverage", "standard"), (42, "challenge", "hard"),
        (42, "coverage", "hard")]
    planned = planned_evaluations([TOY], [42], sets=("challenge", "coverage"), levels=("standard", "hard"))
    assert f"{planned} receipts in " in captured.err
    # the coverage set runs the wrong solutions declared for it, invents_issues among them, and not tamper
    coverage = next(r for r in report["results"] if (r["set"], r["level"]) == ("coverage", "standard"))
    wrong = {w["worker"]: w["failed"] for w in coverage["gates"]["not_vacuous"]["facts"]["wrong_solutions"]}
    assert sorted(wrong) == ["wrong:invents_issues", "wrong:no_completion", "wrong:off_by_one"]
    assert "no_invented_issues" in wrong["wrong:invents_issues"]
    validation = Oracle.at(oracle_root, TOY).validation
    assert sorted(p.name for p in validation.iterdir()) == [
        "report-coverage-hard.md", "report-coverage.md", "report-hard.md", "report.md", "seed-42", "seed-42-coverage",
        "seed-42-coverage-hard", "seed-42-hard"]
    result = json.loads((validation / "seed-42-coverage-hard" / layout.VALIDATION_RESULT).read_text())
    assert (result["set"], result["level"], result["passed"]) == ("coverage", "hard", True)
    assert "The coverage set at the hard level" in (validation / "report-coverage-hard.md").read_text()
    # the oracle root ends at the challenge/standard oracle the committed bundle is graded with
    oracle = json.loads(Oracle.at(oracle_root, TOY).oracle_json.read_text())
    assert (oracle["seed"], oracle["set"], oracle["level"]) == (42, "challenge", "standard")


def test_validating_another_variant_keeps_the_earlier_records(toy_repo, oracle_root):
    validate([TOY], [42], oracle_root, gates=("ready", "solvable"))
    first = (Oracle.at(oracle_root, TOY).validation / "seed-42" / layout.VALIDATION_RESULT).read_text()
    validate([TOY], [42], oracle_root, gates=("ready", "solvable"), sets=("coverage",))
    validation = Oracle.at(oracle_root, TOY).validation
    assert (validation / "seed-42" / layout.VALIDATION_RESULT).read_text() == first
    assert (validation / layout.VALIDATION_REPORT).is_file() and (validation / "report-coverage.md").is_file()


def test_a_wrong_solution_that_passes_the_coverage_set_fails_not_vacuous(toy_repo, oracle_root):
    manifest = _template(toy_repo) / "solutions" / "solutions.json"
    data = json.loads(manifest.read_text())
    next(w for w in data["wrong"] if w["name"] == "invents_issues")["args"] = []  # the reference's work
    manifest.write_text(json.dumps(data))
    report = validate([TOY], [42], oracle_root, gates=("not_vacuous",), sets=("coverage",))
    gate = _gate(report, "not_vacuous")
    assert not gate["passed"] and any("wrong:invents_issues" in r for r in gate["reasons"])


def test_a_generator_that_ignores_the_set_fails_ready(toy_repo, oracle_root):
    _edit(_generate_py(toy_repo), "out = BundleWriter(TASK_ID, args)",
          "args.set_name = 'challenge'\nout = BundleWriter(TASK_ID, args)")
    report = validate([TOY], [42], oracle_root, gates=("ready", "solvable"), sets=("coverage",))
    reasons = _gate(report, "ready")["reasons"]
    assert "task.json says set 'challenge', expected 'coverage' (the generator ignores --set)" in reasons


def test_a_coverage_bundle_that_plants_something_fails_ready(toy_repo, oracle_root):
    _edit(_generate_py(toy_repo), '"prompt_injection": not out.coverage', '"prompt_injection": True')
    report = validate([TOY], [42], oracle_root, gates=("ready", "solvable"), sets=("coverage",))
    reasons = "; ".join(_gate(report, "ready")["reasons"])
    assert "the coverage set declares designed features prompt_injection" in reasons


def test_a_wrong_solution_declared_for_the_hard_level_runs_only_there(toy_repo):
    """solutions.json ``levels`` on a wrong solution (default: every level): a mistake only the hard level shows is
    not asked of the standard instance."""
    manifest = _template(toy_repo) / "solutions" / "solutions.json"
    data = json.loads(manifest.read_text())
    data["wrong"][0]["levels"] = ["hard"]  # off_by_one
    manifest.write_text(json.dumps(data))
    template = Oracle.at(toy_repo / "oracles-template", TOY)
    assert wrong_solutions_for(template, "challenge", "standard") == ["no_completion", "tamper"]
    assert wrong_solutions_for(template, "challenge", "hard") == ["off_by_one", "no_completion", "tamper"]
    assert wrong_solutions_for(template, "coverage", "hard") == ["off_by_one", "no_completion", "invents_issues"]
    assert planned_evaluations([TOY], [42], levels=("hard",)) - planned_evaluations([TOY], [42]) == 1
