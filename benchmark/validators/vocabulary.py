"""Words in one place (issue 12 item 5): canonical terms with their synonyms, matched the way people write them.

A term matches a text when its words appear in the text as whole, consecutive words after both are brought to one
form (:func:`tokens`):

- Unicode and case folded, accents dropped (NFKC, casefold, combining marks removed);
- ``&`` read as ``and``; hyphens, dashes and slashes separate words ("write-off" = "write off");
- British spellings read as American (cheque/check, favourable/favorable, organisation/organization,
  analyse/analyze, cancelled/canceled, centre/center) — the same rule on both sides, so neither spelling is
  preferred;
- each word reduced to its stem (the Snowball English stemmer, https://snowballstem.org/), so tenses and forms
  match: approve/approved/approval/approving, refer/referred/referral, entry/entries.

Shared lists live here (number words, durations, decision tenses); a scenario's own term lists are
:class:`Vocabulary` instances in its evaluate.py, each citing the brief wording it serves.
"""

from __future__ import annotations

import re
import time
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache

import snowballstemmer

_STEMMER = snowballstemmer.stemmer("english")

#: British -> American spellings read as one word (whole words; forms are handled by the stemmer afterwards).
UK_US: dict[str, str] = {
    "cheque": "check", "cheques": "checks", "centre": "center", "centres": "centers", "metre": "meter",
    "metres": "meters", "litre": "liter", "litres": "liters", "fibre": "fiber", "theatre": "theater",
    "defence": "defense", "licence": "license", "licences": "licenses", "offence": "offense",
    "offences": "offenses", "pretence": "pretense", "programme": "program", "programmes": "programs",
    "catalogue": "catalog", "catalogues": "catalogs", "dialogue": "dialog", "judgement": "judgment",
    "judgements": "judgments", "acknowledgement": "acknowledgment", "ageing": "aging", "grey": "gray",
    "fulfil": "fulfill", "fulfilment": "fulfillment", "enrol": "enroll", "enrolment": "enrollment",
    "instalment": "installment", "instalments": "installments", "tyre": "tire", "tyres": "tires",
    "aluminium": "aluminum", "manoeuvre": "maneuver", "sceptical": "skeptical", "storey": "story",
    "mould": "mold", "plough": "plow", "draught": "draft", "cosy": "cozy", "jewellery": "jewelry",
    "paediatric": "pediatric", "anaemia": "anemia", "oestrogen": "estrogen", "whilst": "while",
    "amongst": "among", "towards": "toward", "afterwards": "afterward",
}
#: Stems whose British form ends in -our (favour, favourable, labour ...): "our" -> "or". A closed list, so
#: "four", "hour" and "your" are untouched.
_OUR_STEMS = ("favo", "colo", "labo", "behavio", "hono", "neighbo", "rumo", "harbo", "endeavo", "flavo", "vigo",
              "armo", "odo", "savo", "humo", "parlo", "clamo", "splendo", "tumo", "vapo", "valo", "rigo")
_OUR = re.compile(rf"^((?:un|dis|mis)?(?:{'|'.join(_OUR_STEMS)}))ur(.*)$")
#: -ise/-isation/-yse and doubled l before -ed/-ing/-er (cancelled, travelling, labelled, modelling, totalled).
_ISE = re.compile(r"^(\w{3,})is(e|ed|es|ing|ation|ations|er|ers)$")
_YSE = re.compile(r"^(\w{2,})ys(e|ed|es|ing|er|ers)$")
_LL = re.compile(r"^(\w{2,}(?:e|a|o|i|u))ll(ed|ing|er|ers)$")
_LL_KEEP = {"called", "calling", "caller", "callers", "filled", "filling", "killed", "killing", "pulled",
            "pulling", "rolled", "rolling", "spelled", "spelling", "stalled", "stalling", "telling", "teller",
            "tellers", "selling", "seller", "sellers", "dwelling", "swelling", "falling", "fallen", "installed",
            "installing", "installer", "polled", "polling", "billed", "billing", "drilled", "drilling", "spilled",
            "shelled", "smelled", "walled", "balled", "recalled", "recalling", "compelled", "compelling",
            "controlled", "controlling", "controller", "controllers", "enrolled", "enrolling", "patrolled",
            "propelled", "propelling", "rebelled", "repelled", "excelled", "excelling", "expelled", "dispelled",
            "distilled", "instilled", "fulfilled", "fulfilling", "cancell", "tolled", "tolling", "mulled",
            "culled", "dulled", "lulled", "gulled", "hulled", "felled", "quelled", "yelled", "welled",
            "installment", "stroller", "roller", "rollers", "taller", "smaller", "dollar", "scrolled",
            "scrolling", "trolled", "befallen", "skilled", "chilled", "milled", "tilled", "willed", "grilled",
            "thrilled", "frilled", "spilling", "chilling", "thrilling", "willing", "milling"}


def fold(text: str) -> str:
    """``text`` NFKC-normalised, casefolded and without accents; curly quotes straightened; ``&`` as `` and ``;
    dashes, hyphens and slashes as spaces."""
    value = unicodedata.normalize("NFKC", str(text or ""))
    value = "".join(c for c in unicodedata.normalize("NFKD", value) if not unicodedata.combining(c))
    value = value.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    value = value.replace("&", " and ")
    value = re.sub(r"[\u2010-\u2015\u2212\u00ad/_-]", " ", value)
    return value.casefold()


def american(word: str) -> str:
    """One folded word in American spelling (the British -> American rules in the module docstring)."""
    if word in UK_US:
        return UK_US[word]
    match = _OUR.match(word)
    if match:
        return f"{match.group(1)}r{match.group(2)}"
    match = _ISE.match(word)
    if match:
        return f"{match.group(1)}iz{match.group(2)}"
    match = _YSE.match(word)
    if match and match.group(1).endswith(("al", "ly", "ar", "ol")):
        return f"{match.group(1)}yz{match.group(2)}"
    if word not in _LL_KEEP:
        match = _LL.match(word)
        if match:
            return f"{match.group(1)}l{match.group(2)}"
    return word


#: Words this process stemmed itself (misses of :func:`stem`'s cache), in order, at most :data:`MAX_STEMMED`: a warm
#: evaluation parent learns them from each child it forks (:func:`learn_stems`), as it learns compiled formulas.
_STEMMED: list[str] = []
MAX_STEMMED = 5000


@lru_cache(maxsize=20_000)
def stem(word: str) -> str:
    """The stem of one folded word: American spelling, then Snowball English, then a doubled final consonant
    undoubled (so "referral" and "refer" share a stem). Numbers and ids are kept as written. Each word is stemmed
    once per process (kept for up to 20,000 words) and listed by :func:`learned_stems`."""
    if len(_STEMMED) < MAX_STEMMED:
        _STEMMED.append(word)
    if any(ch.isdigit() for ch in word):
        return word
    word = american(word)
    if word.endswith("n't"):
        return "not"
    # A possessive is its noun: "Fairbanks's" and "Fairbanks'" are "Fairbanks" (an apostrophe dropped first left
    # "fairbankss", and a name ending in s went unmatched before its possessive).
    word = re.sub(r"(?:'s|(?<=s)')$", "", word).replace("'", "")
    result = _STEMMER.stemWord(word)
    if len(result) > 3 and result[-1] == result[-2] and result[-1] not in "aeiouls":
        result = result[:-1]
    return result


def learned_stems() -> list[str]:
    """Words this process stemmed itself since it last learned (:func:`learn_stems`), in order."""
    return list(_STEMMED)


def learn_stems(words: list[str], budget_s: float = 1.0) -> int:
    """Stem ``words`` into this process's cache (a warm evaluation parent learning what a child stemmed, so the
    children it forks next inherit the stems; issue 14), stopping after ``budget_s`` seconds; anything but a
    string is skipped. Forgets :func:`learned_stems`. Returns how many words were stemmed."""
    deadline, done = time.perf_counter() + budget_s, 0
    for word in words:
        if time.perf_counter() > deadline:
            break
        if isinstance(word, str):
            stem(word)
            done += 1
    _STEMMED.clear()
    return done


@dataclass(frozen=True)
class Token:
    """One word of a text: its stem, its folded form and where it stands (character offsets into the text)."""

    stem: str
    word: str
    start: int
    end: int


_SPLIT = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)?|&")


def tokens(text: str) -> list[Token]:
    """The words of ``text`` as :class:`Token` s; offsets index ``text`` itself (``&`` is the word "and"; a
    character that folds to two words gives two tokens with one span)."""
    return list(_tokens(str(text or "")))


@lru_cache(maxsize=4096)
def _tokens(text: str) -> tuple[Token, ...]:
    return tuple(Token(stem(word), word, match.start(), match.end())
                 for match in _SPLIT.finditer(text) for word in fold(match.group(0)).split())


def stems(text: str) -> tuple[str, ...]:
    """The stems of the words of ``text`` (see :func:`tokens`)."""
    return tuple(t.stem for t in tokens(text))


def find_phrase(words: list[Token], phrase: tuple[str, ...]) -> list[int]:
    """Indexes in ``words`` where the stem sequence ``phrase`` starts (whole words, consecutive)."""
    if not phrase or len(phrase) > len(words):
        return []
    n, first = len(phrase), phrase[0]
    # only where the first stem matches is the rest compared (most words of a text start no phrase)
    return [i for i, w in enumerate(words[:len(words) - n + 1])
            if w.stem == first and tuple(t.stem for t in words[i:i + n]) == phrase]


@dataclass
class Vocabulary:
    """Canonical terms with their synonyms.

    Args:
        terms: ``{canonical: [synonym, ...]}``; the canonical word matches itself too.
        source: the brief wording (or standard) the list serves, cited in details and reviews.

    Matching is whole-word on stems (module docstring): ``Vocabulary({"check": ["returned item"]})`` finds
    "Returned cheque", "checks" and "returned items".
    """

    terms: Mapping[str, Iterable[str]]
    source: str = ""
    _phrases: dict[str, list[tuple[str, ...]]] = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        for canonical, synonyms in self.terms.items():
            phrases = [stems(canonical), *(stems(s) for s in synonyms)]
            unique = list(dict.fromkeys(p for p in phrases if p))
            self._phrases[canonical] = sorted(unique, key=len, reverse=True)

    def phrases(self, canonical: str) -> list[tuple[str, ...]]:
        """The stem sequences that stand for ``canonical`` (longest first).

        Raises:
            KeyError: ``canonical`` is not a term of this vocabulary.
        """
        return self._phrases[canonical]

    def words(self, canonical: str) -> list[str]:
        """``canonical`` and its synonyms as written (for details and for :mod:`claims` terms)."""
        return [canonical, *self.terms[canonical]]

    def options(self) -> dict[str, list[str]]:
        """``{canonical: [canonical, synonym, ...]}``: the vocabulary as mutually exclusive options for
        :func:`claims.stances` (each term's words as written)."""
        return {canonical: self.words(canonical) for canonical in self.terms}

    def matches(self, text: str, canonical: str) -> bool:
        """True when ``text`` contains ``canonical`` or one of its synonyms (whole words, any form)."""
        words = tokens(text)
        return any(find_phrase(words, phrase) for phrase in self.phrases(canonical))

    def find(self, text: str) -> list[str]:
        """Every canonical term that ``text`` mentions, in the vocabulary's order."""
        words = tokens(text)
        return [c for c in self._phrases if any(find_phrase(words, p) for p in self._phrases[c])]

    def canonical(self, text: str) -> str | None:
        """The one canonical term ``text`` names when it names exactly one (a cell such as "Returned cheque"),
        else None."""
        found = self.find(text)
        return found[0] if len(found) == 1 else None


# ------------------------------------------------------------------------------------------------ shared lists
#: The decisions triage, approval and review briefs ask for, in any tense or form ("Approved", "approval",
#: "declined", "referral"). Source: INS-01, PROC-01 and HR-01 briefs ("approve", "decline", "refer" codes).
DECISIONS = Vocabulary({
    "approve": ["accept", "pay", "settle"],
    "decline": ["reject", "deny", "repudiate"],
    "refer": ["escalate", "investigate"],
}, source="decision codes in the INS-01/PROC-01/HR-01 briefs, in any tense")

_UNITS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
          "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
          "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "a": 1, "an": 1, "single": 1,
          "a couple of": 2, "half a": Decimal("0.5"), "a half": Decimal("0.5")}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
         "ninety": 90}
#: Number words: "two" -> 2, "twenty-four" -> 24 ("a"/"an" count 1 only before a unit, see durations).
NUMBER_WORDS: dict[str, Decimal] = {k: Decimal(v) for k, v in _UNITS.items() if k not in ("a", "an")}
NUMBER_WORDS.update({k: Decimal(v) for k, v in _TENS.items()})
NUMBER_WORDS.update({f"{t} {u}": Decimal(_TENS[t] + _UNITS[u]) for t in _TENS for u in
                     ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")})
NUMBER_WORDS.update({"dozen": Decimal(12), "a dozen": Decimal(12), "hundred": Decimal(100),
                     "a hundred": Decimal(100), "one hundred": Decimal(100)})
_NUMBER = r"\d+(?:\.\d+)?|" + "|".join(re.escape(w) for w in sorted({*NUMBER_WORDS, "a", "an"}, key=len,
                                                                              reverse=True))
#: Units of time in months.
_MONTHS_PER = {"year": 12, "yr": 12, "month": 1, "mo": 1, "quarter": 3, "week": Decimal(12) / Decimal(52)}
_DURATION = re.compile(rf"\b({_NUMBER})(?:\s|-)*(?:\(\s*\d+\s*\)\s*)?(years?|yrs?|months?|mos?|quarters?|weeks?)\b")


def number_word(text: str) -> Decimal | None:
    """The number a word or figure stands for: "two" -> 2, "twenty-four" -> 24, "24" -> 24; None otherwise."""
    folded = re.sub(r"\s+", " ", fold(text)).strip()
    if re.fullmatch(r"\d+(?:\.\d+)?", folded):
        return Decimal(folded)
    return NUMBER_WORDS.get(folded)


def durations_in_months(text: str) -> list[Decimal]:
    """Every duration written in ``text``, in months: "two years" -> 24, "24-month" -> 24, "18 months" -> 18,
    "a year" -> 12, "three (3) years" -> 36, "one quarter" -> 3. Source: issue 12 item 5 ("two years" is 24
    months)."""
    found = []
    for match in _DURATION.finditer(fold(text)):
        count = number_word(match.group(1)) if match.group(1) not in ("a", "an") else Decimal(1)
        if count is None:
            continue
        unit = match.group(2).rstrip("s")
        months = count * Decimal(_MONTHS_PER[unit])
        found.append(months.quantize(Decimal("0.01")).normalize() if unit == "week" else months)
    return found


def numbers_with_words(text: str) -> list[Decimal]:
    """Counts written as words or figures ("three exceptions", "3 exceptions"), in order of appearance: every
    number word of :data:`NUMBER_WORDS` and every plain figure."""
    pattern = re.compile(rf"\b({'|'.join(re.escape(w) for w in sorted(NUMBER_WORDS, key=len, reverse=True))}"
                         rf"|\d+(?:\.\d+)?)\b")
    return [number_word(m.group(1)) for m in pattern.finditer(fold(text))]  # type: ignore[misc]

#: What a result cell or a label's value says when a check found nothing ("Duplicates: none", "Breach: No",
#: "Duplicate check: passed", "Status: OK"), for :func:`claims.nil_answer`. Source: issue 16 (the coverage set:
#: "a reconciliation with no errors, a payroll with no exceptions" must be reportable in a reader's own words) and
#: the nil verdicts the six scenarios' coverage readers accepted before they shared one list.
NIL_ANSWERS = Vocabulary({
    "none": ["nil", "nothing", "no", "zero", "not found", "n/a", "na", "not applicable"],
    "passed": ["pass", "clear", "ok", "okay", "fine", "clean", "satisfactory", "agreed", "in order"],
}, source="issue 16: a check that found nothing, answered in a label's value or a result cell")
