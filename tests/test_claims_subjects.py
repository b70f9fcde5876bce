"""claims.subject_parts: a sentence naming several subjects read part by part, a list of subjects kept whole with
what is said of it (CS-01 evaluator 1.5 cut "NHI-1, NHI-2 and NHI-3 met their targets" at its commas and gave NHI-1
the sentence's other verb)."""

from __future__ import annotations

import re
import sys

import pytest

from wp42.layout import Repo

sys.path.insert(0, str(Repo.find().validators_dir))
import claims  # noqa: E402

ID = re.compile(r"\bT-\d{4}\b")


def _parts_of(text: str) -> dict[str, list[str]]:
    """{mention: [the stripped parts naming it]}."""
    found: dict[str, list[str]] = {}
    for part, mentions in claims.subject_parts(text, ID):
        for mention in mentions:
            found.setdefault(mention, []).append(part.strip())
    return found


@pytest.mark.parametrize("text", [
    "T-1041, T-1042 and T-1043 met their targets, while T-1044 breached.",
    "T-1041 T-1042 T-1043 met their targets; T-1044 breached.",
    "T-1041/T-1042 & T-1043 met their targets but T-1044 breached.",
    "T-1041, T-1042, and T-1043 met their targets, T-1044 breached.",
])
def test_a_list_of_subjects_keeps_what_is_said_of_it(text):
    parts = _parts_of(text)
    assert {m: [p for p in ps if "met" in p] != [] for m, ps in parts.items()} == \
        {"T-1041": True, "T-1042": True, "T-1043": True, "T-1044": False}
    assert all("breached" in p for p in parts["T-1044"]) and all("breached" not in p for p in parts["T-1041"])


def test_subjects_joined_by_words_are_parts_of_their_own():
    """"T-1041 met its target, T-1042 breached": the comma turns to another subject."""
    parts = _parts_of("T-1041 met its target, T-1042 breached.")
    assert parts == {"T-1041": ["T-1041 met its target"], "T-1042": ["T-1042 breached."]}


def test_a_part_naming_no_subject_goes_on_with_the_one_before():
    """"Meta: CAC $56.20, ROAS 2.40; Google: ...": the ROAS after the comma is still Meta's."""
    parts = _parts_of("On our orders, T-1041: CAC $56.20, ROAS 2.40; T-1042: CAC $65.25, ROAS 3.06.")
    assert parts == {"T-1041": ["On our orders, T-1041: CAC $56.20, ROAS 2.40"],
                     "T-1042": ["T-1042: CAC $65.25, ROAS 3.06."]}
    assert _parts_of("At $56.20 and 2.40x, T-1041 leads; T-1042 follows at $65.25 and 3.06x.") == \
        {"T-1041": ["At $56.20 and 2.40x, T-1041 leads"], "T-1042": ["T-1042 follows at $65.25 and 3.06x."]}


def test_a_sentence_without_mentions_is_one_part():
    assert claims.subject_parts("Nothing breached, nothing late.", ID) == [("Nothing breached, nothing late.", [])]


#: Mutually exclusive calls on a claim, for claims.stances.
CALLS = {"decline": "decline", "pay": "pay"}


def _calls_on(text: str, subject: str) -> list[str]:
    from reading import Statement

    statement = Statement(text=text, section="", cells=None, kind="sentence", where="note paragraph 1")
    return sorted(claims.stances([statement], re.compile(rf"\b{subject}\b"), CALLS))


@pytest.mark.parametrize("text", [
    # LEGAL-01 1.14 read "The email's own list of substantive changes (4.3, 8.1, 9.3 and 15.1) leaves out three of
    # the five points we must reject (1.1, 9.2 and 14.2)" as rejecting 4.3 (seed-9543 solver)
    "The insurer's list (T-1041, T-1042) leaves out the two claims we must decline (T-1043 and T-1044).",
    "The two claims we decline outright (T-1043 and T-1044) are missing from the insurer's list (T-1041, T-1042).",
    "The insurer's list (T-1041 and T-1042) omits the claims to be declined (T-1043, T-1044).",
])
def test_an_option_is_said_of_the_list_in_its_own_brackets(text):
    assert _calls_on(text, "T-1041") == [] and _calls_on(text, "T-1043") == ["decline"], text


@pytest.mark.parametrize("text", [
    # the subject named outside brackets, or in the option's own list, keeps the option
    "The claims we decline (T-1043 and T-1044) include T-1041.",
    "The insurer's list (T-1041, T-1042) gives the claims we decline (T-1041 and T-1043).",
    "Of the insurer's list (T-1041, T-1042) we decline both.",
    "We decline T-1041 (see T-1043).",
    "The insurer's list (T-1041, T-1042) holds claims we decline.",
])
def test_a_subject_outside_the_options_own_brackets_still_takes_it(text):
    assert _calls_on(text, "T-1041") == ["decline"], text
