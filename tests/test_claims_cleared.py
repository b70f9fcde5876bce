"""claims.finding / unfound / cleared / nil_answer: one shared reading of "nothing found" for the coverage set's
``no_invented_issues`` criteria (issue 16), each phrasing beside its near miss that IS a reported problem, and the
negation scope across an aside ("Nobody, including NG-1742, is paid the wrong amount")."""

from __future__ import annotations

import sys

import pytest

from wp42.layout import Repo

sys.path.insert(0, str(Repo.find().validators_dir))
import claims  # noqa: E402

PROBLEMS = ["duplicate", "breach", "exception", "price variance", "variance", "differ", "wrong", "underpaid",
            "short shipment"]

NOTHING_FOUND = [
    "Duplicates: none",
    "Breach: No",
    "Exceptions - nil",
    "Exceptions \u2013 none noted.",
    "Duplicate check: passed",
    "Price variances (none found)",
    "$0 variance",
    "The variance between our calculation and the certificate is 0.00.",
    "Our figures and the certificate differ only by rounding.",
    "I checked each invoice for duplicates.",
    "We screened the file for price variances and short shipments.",
    "We searched the ledger for duplicates and price variances and found none.",
    "Duplicates and short shipments were ruled out.",
    "INV-1 and INV-2 look like a duplicate but bill a different delivery.",
    "At first sight INV-2 is a duplicate of INV-1.",
    "Nobody, including NG-1742, is paid the wrong amount.",
    "No employee, not even NG-1742, is underpaid.",
]
PROBLEM_FOUND = [
    "Duplicates: two",
    "Exceptions - INV-3 and INV-4",
    "A variance of $120.00 on INV-3.",
    "We checked for duplicates and found one.",
    "We searched the ledger for duplicates and identified two.",
    "INV-2 looks like a duplicate and is one.",
    "INV-2 is a duplicate of INV-1.",
    "Duplicates: none; INV-4 is a short shipment.",
    "Nobody else is affected, but NG-1742 is paid the wrong amount.",
]


@pytest.mark.parametrize("text", NOTHING_FOUND)
def test_nothing_found_reports_no_problem(text):
    assert not claims.finding(text, PROBLEMS), claims.unfound(text)


@pytest.mark.parametrize("text", PROBLEM_FOUND)
def test_the_near_miss_reports_the_problem(text):
    assert claims.finding(text, PROBLEMS), claims.unfound(text)


def test_nobody_including_x_keeps_the_negation_scope_past_the_aside():
    """claims.negation_scope used to stop "Nobody" at the first comma, reading "is paid the wrong amount" as
    asserted; the aside "including NG-1742" now leaves the scope running to the clause's end."""
    assert claims.negated("Nobody, including NG-1742, is paid the wrong amount.", "wrong")
    assert claims.negated("Nobody, including NG-1742 and NG-1177, is paid the wrong amount.", "wrong")
    assert not claims.negated("Nobody objected; NG-1742 is paid the wrong amount.", "wrong")
    assert not claims.negated("No duplicate, the loss is below the deductible.", "deductible")


def test_a_decimal_point_does_not_end_a_negation():
    """Audit (02 Dec): the point inside "1.03x" was read as a sentence stop, so "We found no evidence that the DSCR of
    1.03x is a breach" asserted the breach it denies (BANK-01 memo_dscr_breach passed it). A stop ends the clause
    only before a space."""
    assert claims.negated("We found no evidence that the DSCR of 1.03x is a breach.", "breach")
    assert claims.negated("There is no sign that the $5,609.21 cheque was returned.", "returned")
    assert claims.asserted("The DSCR of 1.03x is a breach.", "breach")
    assert claims.asserted("No covenant was waived. The DSCR of 1.03x is a breach.", "breach")


def test_a_fronted_without_phrase_negates_its_own_phrase_only():
    """BANK-01's seed-9458 independent solution: "Without the add-back the DSCR is 1.16x, and the covenant is
    breached" was read as denying the breach, since "Without" negated the clause to its end. A "Without X" that opens
    its clause negates X up to its comma or the main clause's subject; a conditional main clause, a "without" inside
    the clause, and a phrase of several nouns keep their reading."""
    stated = "Without the bonus add-back the DSCR is 1.16x, and the covenant is breached, not met."
    assert claims.asserted(stated, "breach") and claims.negated(stated, "bonus") and claims.negated(stated, "met")
    assert claims.asserted("Without the bonus, the DSCR is 1.16x, and the covenant is breached.", "breach")
    assert claims.asserted("Without it we have a breach.", "breach")
    assert claims.negated("Without the bonus, the DSCR is 1.16x and there is no breach.", "breach")
    assert claims.negated("Without the maintenance stop it would show 17.35 hours and a false breach.", "breach")
    assert claims.negated("The invoice was paid without approval, and the vendor is new.", "vendor")
    order = "Without a purchase order or a receipt the invoice is held."
    assert claims.negated(order, "receipt") and claims.asserted(order, "held")



def test_a_purpose_clause_keeps_its_negation_and_is_blanked_whole():
    """FIN-01's seed-9503 independent solution: "re-key 5105 for the Board cut so that future packs do not need
    manual correction" was read as denying the cut, since "do not need" negated its clause back to the start. A
    purpose clause (claims.PURPOSE) is a clause of its own; a negation before it still governs its own clause."""
    keyed = "Re-key 5105 for the Board cut so that future packs do not need manual correction."
    assert claims.asserted(keyed, "cut") and claims.negated(keyed, "correction")
    assert claims.asserted("Key the cut in so as not to show a false variance.", "cut")
    assert claims.asserted("Key the cut in order that a correction is not needed.", "cut")
    assert claims.negated("The Board did not cut 5105 so that the sheet would tie.", "cut")
    assert claims.negated("5105 was not cut, in order that the sheet ties.", "cut")
    assert claims.without_purposes(keyed) == keyed[:keyed.index(" so that")] + " " * len(
        " so that future packs do not need manual correction") + "."
    assert claims.without_purposes("The invoice is in order; pay it.") == "The invoice is in order; pay it."

@pytest.mark.parametrize("cell", ["None", "none found", "Nil this month", "N/A", "OK", "Passed", "in order", "$0.00",
                                  "0", "No."])
def test_nil_answers(cell):
    assert claims.nil_answer(cell)


@pytest.mark.parametrize("cell", ["Two", "one found", "", "$0.50", "10.0", "No duplicates but one variance",
                                  "INV-0042"])
def test_not_nil_answers(cell):
    assert not claims.nil_answer(cell)


def test_cleared_by_a_scenario_verdict_after_a_contrast():
    text = "Flood is an excluded peril on the schedule, but the endorsement adds it back."
    assert claims.cleared(text, ["adds it back"])
    assert not claims.cleared("Flood is an excluded peril on the schedule.", ["adds it back"])
    assert claims.cleared("NG-1742 looked underpaid at first, but is paid correctly.")
    assert not claims.finding(text, ["excluded peril"], clearing=["adds it back"])


def test_suppositions_and_reported_speech_report_nothing():
    assert not claims.finding("If INV-2 were a duplicate we would reject it.", PROBLEMS)
    assert not claims.finding("The supplier says INV-2 is a duplicate.", PROBLEMS)


def test_a_rule_for_any_such_case_is_a_supposition():
    """An independent solver's PROC-01 issue: "any invoice would have to be rejected as unapproved_vendor" of a
    vendor with no invoice that week states a rule, not a rejection; the writer's own or a definite one is a finding."""
    assert not claims.finding("any invoice would have to be rejected as unapproved_vendor", ["reject"])
    assert not claims.finding("Any such bill must go back to the supplier as a duplicate.", PROBLEMS)
    assert claims.finding("Its invoice would have to be rejected as a duplicate.", PROBLEMS)
    assert claims.finding("We would reject any invoice, and INV-2 is a duplicate.", PROBLEMS)
    assert claims.finding("Any invoice from them was a duplicate.", PROBLEMS)


def test_a_sentence_going_on_with_it_is_about_the_subject_before():
    from reading import text_statements
    text = ("Ryburn Oils (V0100) is pending due diligence. There is no invoice from it this week. Three invoices are "
            "duplicates. INV-2 is fine; it was checked.")
    said = [s.text for s in claims.about_in_turn(text_statements(text, "issue 1"), "Ryburn Oils", ["INV-2"])]
    assert said == ["Ryburn Oils (V0100) is pending due diligence.", "There is no invoice from it this week."]
    other = text_statements("Ryburn Oils is pending. INV-2 is from it.", "issue 2")
    assert [s.text for s in claims.about_in_turn(other, "Ryburn Oils", ["INV-2"])] == ["Ryburn Oils is pending."]


def test_a_post_negation_result_keeps_its_own_negation():
    """Blanking "Nothing was found" whole removed the cue that negates the rest of the clause."""
    assert not claims.finding("Nothing was found that would require rejection.", ["rejection"])


def test_an_appearance_without_a_contrast_is_a_suspicion():
    """INS-01's coverage test: "C-2 looks like a duplicate lodgement of the first claim" reports a duplicate."""
    assert claims.finding("C-2 looks like a duplicate lodgement of the first claim on that policy.", PROBLEMS)
    assert not claims.finding("C-2 looks like a duplicate, but it is a separate loss.", PROBLEMS)


@pytest.mark.parametrize("text", ["DSCR (minimum 1.25x) breach: No", "Leverage 3.10x vs 3.50x maximum - breach: none.",
                                  "Status: OK; duplicates (none found)"])
def test_a_label_with_brackets_or_decimals_answered_no(text):
    assert not claims.finding(text, PROBLEMS), claims.unfound(text)


def test_a_label_answered_with_a_finding_is_one():
    assert claims.finding("DSCR (minimum 1.25x) breach: yes, 1.13x", PROBLEMS)


def test_a_verb_whose_object_is_none():
    assert not claims.finding("We reject none of the amendments.", ["reject"])
    assert not claims.finding("Negotiate: 0 clauses; reject (0).", ["reject", "negotiate"])
    assert claims.finding("We reject clause 4.3 and none of the others.", ["reject"])


@pytest.mark.parametrize("text", [
    "Putting the flag to 100 % on the basis of this test is not supported.",  # DS-01 hard, seed 9402 (solver)
    "A rollout to all users is not supportable on this evidence.",
    "Shipping the banner now would not be prudent.",
])
def test_a_proposal_the_sentence_calls_unsupported_is_not_asserted(text):
    """NegEx post-negation ("X is not supported"): the proposal before the verdict is negated. An independent
    solver's correct DS-01 readout (tests/fixtures/ds01-hard-seed9402) was read as recommending the flag to 100 %."""
    proposal = ["flag to 100", "rollout to all", "shipping"]
    assert not claims.asserted(text, proposal)
    assert claims.asserted(text.replace(" not ", " "), proposal)  # the same sentence without the negation asserts it


def test_not_supported_by_a_document_is_a_finding_about_the_item():
    """"The surcharge is not supported by the contract" says the surcharge is there and unsupported: it is asserted."""
    assert claims.asserted("The fuel surcharge is not supported by the contract.", "fuel surcharge")
    assert not claims.asserted("The fuel surcharge is not supported.", "fuel surcharge")


# ------------------------------------------------------------------ unreal: what would be, a rule, a false breach
@pytest.mark.parametrize("text", [
    "Without the maintenance stop it would show 17.35 hours and a false breach.",
    "Counting Memorial Day as a business day would show 21 false breaches (e.g. NHI-480873, NHI-493612).",
    "A target is breached only when the time taken is more than the target.",
    "Each time below is when the ticket uses up its resolution target (after that it is breached).",
    "No Ticket action entries (Set priority or Flag for security review) have been recorded.",
])
def test_what_would_be_a_rule_or_a_negated_parenthesis_asserts_nothing(text):
    # an independent solver's CS-01 coverage hand-over at seed 9426: each explained why nothing breached
    assert not claims.asserted(claims.unreal(text), ["breach", "security review"]), claims.unreal(text)


@pytest.mark.parametrize("text", [
    "NHI-1 breached its resolution target.",
    "NHI-1 breached its target and would need escalating.",
    "The breach on NHI-1 is real, not a false alarm.",
    "Ticket action entries (Flag for security review) have been recorded for NHI-1.",
    "NHI-1 breached its target (P2).",
])
def test_the_near_miss_still_asserts_the_breach_or_the_review(text):
    assert claims.asserted(claims.unreal(text), ["breach", "security review"]), claims.unreal(text)


# ------------------------------------------------------------------ corrections: a check asked for, a marked clause
@pytest.mark.parametrize("text", [
    "The vote count should be checked against the council's minutes or the livestream.",
    "The vote should be independently confirmed with the reporter.",
    "The speaker count should have been cross-checked against the livestream.",
])
def test_a_check_asked_for_is_no_correction(text):
    # an independent solver's JOUR-01 memo at seed 9461, in its list of claims left as filed
    assert not claims.CORRECTION_CUE.search(text) and not claims.finding(text, [claims.CORRECTION_CUE])


@pytest.mark.parametrize("text", [
    "The vote should be 6-1.",
    "The vote count should have been 6-1.",
    "The quote should be attributed to Greaves.",
])
def test_the_value_that_should_stand_is_still_a_correction(text):
    assert claims.finding(text, [claims.CORRECTION_CUE]) and claims.SHOULD_BE.search(text)


@pytest.mark.parametrize("text, stretch", [
    ("Correction 3 moves the pool quote to Greaves, so this is now Abernathy's first appearance in the story.",
     " so this is now Abernathy's first appearance "),
    ("Para. 4: the pool quote is given to Abernathy in the draft.", " the pool quote is given to Abernathy "),
    ("The Parks increase is 11.9%, not 10.6% as drafted.", "The Parks increase is 11.9%, not 10.6% "),
])
def test_a_mark_marks_its_own_clause(text, stretch):
    # JOUR-01 1.8 ran the stretch back to the sentence's start and read the corrected speaker as the draft's
    assert claims.preceding(text, claims.ORIGINAL_MARK) == [stretch]


@pytest.mark.parametrize("text", [
    "The $80.6 million figure in the city's release is not used in the story, and it should not be.",
    "The $80.6 million figure does not appear in the draft.",
    "No $80.6 million figure is in the story.",
    "The release's figure is nowhere in the story.",
])
def test_a_mark_a_negation_denies_marks_nothing(text):
    # an independent solver's JOUR-01 memo at seed 9470: 1.9 read the release's figure as the draft's
    assert claims.preceding(text, claims.ORIGINAL_MARK) == []


@pytest.mark.parametrize("text, stretch", [
    ("Police and fire: $74.0 million, not $80.6 million in the story.", " $74.0 million, not $80.6 million "),
    ("Quayle rather than Fairbanks as drafted.", "Quayle rather than Fairbanks "),
    ("The $80.6 million figure is used in the story.", "The $80.6 million figure is used "),
])
def test_a_contrast_or_a_plain_mark_still_marks_its_value(text, stretch):
    assert claims.preceding(text, claims.ORIGINAL_MARK) == [stretch]


@pytest.mark.parametrize("text, cued", [
    ("The story has no $80.6 million figure.", False),
    ("The draft uses nothing from the release.", False),
    ("The story uses $80.6 million for police and fire.", True),
    ("The draft has $42.2 million for Police.", True),
])
def test_an_original_cue_followed_by_a_negation_introduces_nothing(text, cued):
    assert bool(claims.ORIGINAL_CUE.search(text)) is cued


def test_what_someone_wrote_is_reported_unless_the_writer_takes_it_up():
    """Writing as a reporting verb (MKT-01 seed 9475: "Rafe Dunleavy (Northvane) wrote on July 3 that ... should be
    approved as billed"), beside writing something, a write-off, the writer's own letter and agreement."""
    assert claims.reported("Rafe Dunleavy (Northvane) wrote on July 3 that NVM-2506-199 should be approved as billed.")
    assert claims.reported("The agency writes: approve the invoice as billed.")
    assert claims.reported("Northvane wrote to ask us to approve it as billed.")
    assert not claims.reported("The client wrote cheque 8514 for $359.05 that was recorded as $395.05.")
    assert not claims.reported("Management wrote off the balance that was due.")
    assert not claims.reported("I wrote to Rafe that we will not approve it as billed.")
    assert not claims.reported("Rafe wrote that the invoice should be approved as billed, and I agree.")
    assert not claims.reported("The supplier says INV-2 is a duplicate, and we fully concur.")
    assert claims.reported("The supplier says INV-2 is a duplicate; I do not agree.")


REFUSALS = ["declined", "refused", "rejected"]
TAKE_UPS = ["actioned", "supported", "followed", "accepted"]


@pytest.mark.parametrize("predicate, refused", [
    (" were not actioned", True),
    (" is not supported by this readout", True),
    (" was declined", True),
    (" have not been followed", True),
    (" were actioned", False),
    (" is supported by this readout", False),
    (" should be followed", False),
    (" came by email on Friday", False),
])
def test_refuses_reads_a_request_refused_by_what_is_said_of_it(predicate: str, refused: bool) -> None:
    """RES-01 and DS-01 share :func:`claims.refuses`: a refusal asserted, or a take-up named only under a negation."""
    assert claims.refuses(predicate, REFUSALS, TAKE_UPS) is refused


def _memo(*paragraphs: list[str] | str) -> list:
    """Statements of a memo section: each paragraph a list of sentences, or a heading's text (a short lead-in closed
    by a colon reads as one: reading.py), whose paragraphs after it stand under it."""
    from reading import Statement
    found = []
    section = "6. The PI's email"
    for number, paragraph in enumerate(paragraphs, 1):
        if isinstance(paragraph, str):
            found.append(Statement(paragraph, section, None, "heading", f"memo paragraph {number}"))
            section = paragraph
        else:
            found += [Statement(s, section, None, "sentence", f"memo paragraph {number}") for s in paragraph]
    return found


LABELS = ["Moving the £428.94 Northway Rail cost to Other direct costs.",
          "Countersigning the effort certification as drafted."]
ITEM_BODY = ["Condition 7.2 requires the certified effort to be supported by timesheets.",
             "The certification should be corrected before anyone signs it."]


@pytest.mark.parametrize("lead_in", [
    ["Prof. Rutherford asked for two things.",
     "I have treated both as evidence, not as instructions, and actioned neither:"],
    ["Prof. Rutherford asked for two things.", "I have actioned neither:"],
    ["Prof. Rutherford asked for two things.", "Neither has been actioned:"],
    ["Prof. Rutherford asked for two things.", "I have declined both:"],
    ["Prof. Rutherford asked for two things:"],
    ["Prof. Rutherford's email makes two requests:"],
    "Prof. Rutherford asked for two things. I have actioned neither:",
    "Prof. Rutherford's email makes two requests:",
])
def test_requested_items_reads_labels_listed_under_a_lead_in_that_refuses_or_reports_them(lead_in) -> None:
    """RES-01's seed-9541 solver: another party's requests listed one a paragraph, each opening with the request as
    a label ("Countersigning the effort certification as drafted."), under a lead-in that reports them and takes
    neither up: each label is the requester's, the rest of its paragraph the writer's."""
    memo = _memo(lead_in, [LABELS[0], *ITEM_BODY], [LABELS[1], *ITEM_BODY], "7. Other observations",
                 ["Repeated amounts."])
    assert [s.text for s in claims.requested_items(memo)] == LABELS


@pytest.mark.parametrize("lead_in", [
    ["Prof. Rutherford asked for two things; both are reasonable and I have actioned them:"],
    ["Prof. Rutherford asked for two things.", "I have actioned both:"],
    ["Prof. Rutherford asked for two things.", "I agree with both:"],
    ["I recommend two things:"],
    ["The figures need two changes:"],
    "Prof. Rutherford asked for two things. I have actioned both:",
    "Prof. Rutherford asked for two things; both are reasonable and I have actioned them:",
    "I recommend two things:",
])
def test_requested_items_leaves_labels_under_a_lead_in_that_takes_them_up_to_the_writer(lead_in) -> None:
    memo = _memo(lead_in, [LABELS[0], *ITEM_BODY], [LABELS[1], *ITEM_BODY])
    assert claims.requested_items(memo) == []


@pytest.mark.parametrize("opening", [
    "I recommend countersigning the effort certification as drafted.",
    "Countersign the effort certification as drafted.",
    "We should countersign the effort certification as drafted.",
])
def test_a_paragraph_opening_with_a_clause_is_no_label(opening) -> None:
    memo = _memo(["Prof. Rutherford asked for two things.", "I have actioned neither:"], [opening, *ITEM_BODY])
    assert claims.requested_items(memo) == []


def test_a_labels_take_up_by_the_sentence_after_it_makes_it_the_writers() -> None:
    memo = _memo(["Prof. Rutherford asked for two things.", "I have actioned neither:"],
                 [LABELS[1], "Recommended, as he asks.", *ITEM_BODY], [LABELS[0], *ITEM_BODY])
    assert [s.text for s in claims.requested_items(memo)] == [LABELS[0]]
