"""Claims, not keywords (issue 12 item 3): what a document asserts about a subject, negation- and hedge-aware.

A criterion asks "does the document state <option> about <subject>?" over :class:`reading.Statement` s. Terms match
as whole words in any form and spelling (:mod:`vocabulary`: approve/approved/approval, cheque/check, "&"/"and").

Negation (:func:`negated`) is read inside one sentence only, clause by clause, after the NegEx idea (Chapman et
al., 2001, "A simple algorithm for identifying negated findings"): a cue ("not", "no", "never", "neither", "nor",
"without", "n't", "rather than", "instead of", "other than", "avoid", "refrain from") negates what follows it up to
the end of its clause (a comma, semicolon, colon, bracket, sentence end, or "but"/"however"/"although"/"whereas"/
"while"/"because"); "X is not required/needed/appropriate" negates X before the cue. Phrases that only look
negative are not cues: "not only", "no later than", "no more/less than", "whether or not", "No. 4".

A figure is stated (:func:`figure_stated`) where it stands with words of its own, and listed
(:func:`figure_listed`) where it is offered among alternatives: a series of three or more figures with nothing but
commas, slashes, "and"/"or" or an ellipsis between them that is joined by "or" or an ellipsis, follows "any of",
"one of" or "either", runs to :data:`LONG_LIST` figures, or is a bare run with only spaces between ("1.13x 1.25x
1.37x $260,000"); two joined by "or" ("1.13x or 1.37x"); or a range ("0.50x ... 3.00x", "between 1.10x and 1.20x")
that takes it in. A short series in prose ("1.45x, 1.78x and 1.13x at March, June and September") states each.

A stance (:func:`stances`) is what a statement asserts about a subject: an option whose term appears un-negated in
the part of the sentence about the subject (semicolon-separated parts naming it, and the parts right after that
start with a pronoun: "...; they are bank errors"), in any cell of a table row about it, or in the heading the
statement sits under ("For your decision (refer)") unless the statement itself negates that option. A supposition (a sentence or part
opening with "If", "Unless", "Should ..." — :func:`hypothetical`) gives no stance of its own. More than one option
with evidence is a hedge.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from decimal import Decimal

from amounts import number_spans
from reading import Statement
from vocabulary import Token, find_phrase, stem, stems, tokens

_CUES = {"not", "no", "never", "neither", "nor", "none", "nothing", "without", "cannot", "nobody", "nowhere",
         "avoid", "avoids", "avoided", "avoiding", "refrain", "refrains", "exclude", "excluding"}
_PAIR_CUES = {("rather", "than"), ("instead", "of"), ("other", "than")}
#: (cue, next word) pairs that are not negations.
_NOT_CUES = {("not", "only"), ("not", "just"), ("no", "later"), ("no", "earlier"), ("no", "more"),
             ("no", "less"), ("no", "fewer"), ("not", "later"), ("not", "less"), ("not", "more"),
             ("not", "fewer"), ("no", "sooner"), ("no", "doubt"), ("nothing", "but"), ("not", "until")}
_TERMINATORS = {"but", "however", "although", "though", "whereas", "while", "yet", "because", "instead",
                "nevertheless", "nonetheless", "except", "unless"}
#: "X is not <word>" negates X itself.
_POST = {stem(w) for w in ("required", "needed", "necessary", "appropriate", "warranted", "correct", "applicable",
                           "justified", "recommended", "permitted", "allowed", "right", "acceptable", "valid",
                           "proper", "advisable")}
_PRONOUNS = {"it", "they", "this", "these", "that", "those", "both", "each", "which", "the", "its", "their",
             "he", "she"}


# ------------------------------------------------------------------------------------------------ matching
def _terms(term) -> list[str | re.Pattern[str]]:
    if isinstance(term, (str, re.Pattern)):
        return [term]
    return [t for item in term for t in _terms(item)]


def _spans(text: str, words: list[Token], term) -> list[tuple[int, int]]:
    """Token index ranges ``[start, end)`` where ``term`` occurs in ``text``."""
    found = []
    for item in _terms(term):
        if isinstance(item, re.Pattern):
            for match in item.finditer(text):
                inside = [i for i, w in enumerate(words) if w.start < match.end() and w.end > match.start()]
                if inside:
                    found.append((inside[0], inside[-1] + 1))
        else:
            phrase = stems(item)
            found.extend((i, i + len(phrase)) for i in find_phrase(words, phrase))
    return sorted(set(found))


def mentions(text: str, term) -> bool:
    """True when ``text`` names ``term`` (str as whole words in any form; a compiled pattern as written)."""
    return bool(_spans(text, tokens(text), term))


def about(statements: Iterable[Statement], subject) -> list[Statement]:
    """The statements that name ``subject`` (str, compiled pattern, or an iterable of them): whole words,
    case-, accent- and form-insensitive; an id such as "D-9205" matches "D-9205" and "D 9205", never "D-92051"."""
    return [s for s in statements if mentions(s.text, subject)]


# ------------------------------------------------------------------------------------------------ negation
def _clauses(text: str, words: list[Token]) -> list[int]:
    """Clause number of each token: a new clause after , ; : ( ) [ ] or a sentence stop, and at a terminator."""
    clause, result = 0, []
    for index, word in enumerate(words):
        if index:
            between = text[words[index - 1].end:word.start]
            if re.search(r"[,;:()\[\]\u2014\u2013]|[.!?](?:\s|$)|\s-\s", between) or word.word in _TERMINATORS:
                clause += 1
        result.append(clause)
    return result


def negation_scope(text: str) -> tuple[list[Token], list[bool]]:
    """The words of ``text`` and, for each, whether a negation governs it (module docstring)."""
    words = tokens(text)
    clauses = _clauses(text, words)
    negated = [False] * len(words)
    for index, word in enumerate(words):
        following = words[index + 1].word if index + 1 < len(words) else ""
        cue = (word.word in _CUES or word.stem == "not" or word.word.endswith("n't")) and \
            (word.word, following) not in _NOT_CUES
        if word.word == "no" and re.match(r"\s*[.:]?\s*\d", text[word.end:word.end + 4]):
            cue = False  # "No. 4"
        if word.word == "no" and re.match(r"\s*,", text[word.end:]):
            cue = False  # "No, ..."
        if word.word == "not" and index >= 2 and words[index - 1].word == "or" and words[index - 2].word == "whether":
            cue = False
        skip = 0
        if (word.word, following) in _PAIR_CUES:
            cue, skip = True, 1
        if not cue:
            continue
        for later in range(index + 1 + skip, len(words)):
            if clauses[later] != clauses[index]:
                break
            negated[later] = True
        ahead = [words[i].stem for i in range(index + 1, min(index + 4, len(words))) if clauses[i] == clauses[index]]
        if any(s in _POST for s in ahead):
            for earlier in range(index - 1, -1, -1):
                if clauses[earlier] != clauses[index]:
                    break
                negated[earlier] = True
    return words, negated


def negated(statement: Statement | str, term) -> bool:
    """True when ``term`` occurs in the statement and every occurrence sits in a clause governed by a negation in
    that same sentence ("do not record X", "X is not a duplicate", "no breach", "neither X nor Y"). False when the
    term is absent or asserted at least once."""
    text = statement.text if isinstance(statement, Statement) else str(statement)
    words, flags = negation_scope(text)
    spans = _spans(text, words, term)
    return bool(spans) and all(flags[start] for start, _ in spans)


def asserted(text: str, term) -> bool:
    """True when ``text`` names ``term`` at least once outside a negation's scope."""
    words, flags = negation_scope(text)
    return any(not flags[start] for start, _ in _spans(text, words, term))


# ------------------------------------------------------------------------------------------------ stances
#: Openings that make a sentence a supposition rather than a statement ("If the cheque was written for $359.05,
#: the $180.00 becomes a bank error"): ConText's hypothetical triggers (Harkema et al., 2009, "ConText: an
#: algorithm for determining negation, experiencer, and temporal status from clinical reports").
_HYPOTHETICAL = re.compile(r"^\W*(?:if|unless|should|were|had|suppose|supposing|assuming|provided|in case|"
                           r"in the event)\b", re.IGNORECASE)


def hypothetical(text: str) -> bool:
    """True when ``text`` (a sentence or one of its semicolon-separated parts) opens with a condition ("If ...",
    "Unless ...", "Should the bank ...", "In the event ..."): what it says about a subject is supposed, not
    stated, so it gives no stance (a heading's stance still carries to it)."""
    return bool(_HYPOTHETICAL.match(text))


def _subject_parts(text: str, subject) -> list[str]:
    """The semicolon-separated parts of ``text`` about ``subject``, with the parts right after them that start with
    a pronoun; the whole text when no single part names the subject."""
    parts = [p for p in re.split(r";\s*", text) if p.strip()]
    if len(parts) < 2:
        return [text]
    chosen, following = [], False
    for part in parts:
        if mentions(part, subject):
            chosen.append(part)
            following = True
        elif following and (tokens(part)[:1] or [None])[0] is not None and tokens(part)[0].word in _PRONOUNS:
            chosen.append(part)
        else:
            following = False
    return chosen or [text]


def _heading_option(heading: str, options: dict[str, object]) -> str | None:
    found = [name for name, terms in options.items() if heading and asserted(heading, terms)]
    return found[0] if len(found) == 1 else None


def stances(statements: Iterable[Statement], subject, options: dict[str, object]) -> dict[str, list[Statement]]:
    """Which of the mutually exclusive ``options`` (``{name: term or terms}``) the statements assert about
    ``subject``, as ``{option: [statements giving evidence]}`` holding only options with evidence (module
    docstring). More than one key is a hedge; none means the document does not say."""
    found: dict[str, list[Statement]] = {}
    for statement in about(statements, subject):
        if statement.kind == "heading":
            continue
        if statement.cells is not None:
            texts = [v for v in statement.cells.values() if v]
        else:
            texts = _subject_parts(statement.text, subject)
        said = [t for t in texts if not hypothetical(t)]
        own = {name for name, terms in options.items() if any(asserted(t, terms) for t in said)}
        carried = _heading_option(statement.section, options)
        if carried and carried not in own and not any(negated(t, options[carried]) for t in texts):
            own.add(carried)
        for name in options:
            if name in own:
                found.setdefault(name, []).append(statement)
    return found


def states(statements: Iterable[Statement], subject, option_terms, *, against: dict[str, object] | None = None
           ) -> bool:
    """True when the statements assert ``option_terms`` about ``subject`` and no contrary option (``against``:
    ``{name: terms}`` of the options that exclude it) — see :func:`stances`."""
    options = {"__stated__": option_terms, **(against or {})}
    result = stances(list(statements), subject, options)
    return list(result) == ["__stated__"]


def hedged(statements: Iterable[Statement], subject, options: dict[str, object]) -> bool:
    """True when more than one of ``options`` has evidence about ``subject`` (a hedge)."""
    return len(stances(statements, subject, options)) > 1


# ------------------------------------------------------------------------------------------------ figures
#: What may follow a figure and still belong to it: a ratio's "x" or ":1", a percent sign, "times".
_UNIT = re.compile(r"^(?:\s*(?:x\b|:1\b|%|times\b))?", re.I)
_LIST_GAP = re.compile(r"^[\s,;/|]*(?:(?:and|or|nor|and/or)\b)?[\s,;/|]*(?:\.{3}|\u2026)?[\s,;/|]*$", re.I)
_OR_WORD = re.compile(r"\b(?:or|nor)\b|\.{3}|\u2026", re.I)
#: A series of this many figures or more is a list, whatever joins them.
LONG_LIST = 6
_OR_GAP = re.compile(r"^\s*,?\s*(?:or|and/or)\s*$", re.I)
_RANGE_GAP = re.compile(r"^\s*(?:\.{3}|\u2026)\s*$")


def _figure_runs(text: str) -> tuple[list[tuple[Decimal, bool]], list[tuple[Decimal, Decimal]]]:
    """The figures of ``text`` as ``(value, listed)`` and the ranges it writes as ``(low, high)`` (module
    docstring)."""
    normal, spans = number_spans(text)
    gaps = []
    for (first, end, _), (start, last, _) in zip(spans, spans[1:], strict=False):
        # a bracket that opens or closes an aside, not a negative "(1,234)", separates like words do
        left = ")" if normal[end - 1] == ")" and normal[first] != "(" else ""
        right = "(" if normal[start] == "(" and normal[last - 1] != ")" else ""
        between = normal[end:start]
        gaps.append(left + between[_UNIT.match(between).end():] + right)
    listed = [False] * len(spans)
    ranges = []
    index = 0
    while index < len(spans):
        last = index
        while last < len(gaps) and _LIST_GAP.match(gaps[last]):
            last += 1
        run = gaps[index:last]
        offered = re.search(r"\b(?:any|one|either|each)\s+of\s*$|\beither\s*$", normal[:spans[index][0]], re.I)
        if len(run) >= 2 and (offered or len(run) + 1 >= LONG_LIST or any(_OR_WORD.search(g) for g in run)
                              or all(not g.strip() for g in run)):
            listed[index:last + 1] = [True] * (last + 1 - index)
        index = last + 1 if last > index else index + 1
    for index, gap in enumerate(gaps):
        low, high = spans[index][2], spans[index + 1][2]
        before = normal[:spans[index][0]]
        is_range = _RANGE_GAP.match(gap) or (re.match(r"^\s*and\s*$", gap, re.I)
                                             and re.search(r"\bbetween\s*$", before, re.I))
        if is_range or _OR_GAP.match(gap):
            listed[index] = listed[index + 1] = True
        if is_range:
            ranges.append((min(low, high), max(low, high)))
    return [(value, flag) for (_, _, value), flag in zip(spans, listed, strict=True)], ranges


def figure_stated(text: str, amount, tolerance) -> bool:
    """True when ``text`` gives ``amount`` (absolute values, within ``tolerance``) at least once as a figure of its
    own, not as one of a list of alternatives (module docstring)."""
    target = abs(Decimal(str(amount)))
    return any(not listed and abs(abs(value) - target) <= tolerance for value, listed in _figure_runs(text)[0])


def figure_listed(text: str, amount, tolerance) -> bool:
    """True when ``text`` offers ``amount`` among alternatives: it is one of a listed run of figures, or it falls in
    a range the text writes (module docstring). A hedge when the subject is one figure."""
    target = abs(Decimal(str(amount)))
    figures, ranges = _figure_runs(text)
    return any(listed and abs(abs(value) - target) <= tolerance for value, listed in figures) or \
        any(low - tolerance <= target <= high + tolerance for low, high in ranges)


_FIGURE = re.compile(r"[-+\u2212(]?\s*(?:[$\u20ac\u00a3]|eur\b|usd\b|gbp\b)?\s*[-+\u2212]?\d(?:[\d,.]*\d)?\)?", re.I)
_GAP_WORD = re.compile(r"[^\W\d_]+")
_CURRENCY_WORDS = {"eur", "euro", "euros", "usd", "gbp", "is", "was", "of", "at", "by", "came", "to", "comes",
                   "amounts", "stands"}


def figures_given(statements: Iterable[Statement], label, *, gap: int = 4) -> list[tuple[Statement, str]]:
    """The figures the statements give for ``label`` (a term as in :func:`about`), as written: in prose, the first
    figure after an un-negated mention of the label with at most ``gap`` other words between ("the correct total
    gross pay is EUR 41,384.43", "Correct total: 41.384,43"; "is", "of", "EUR" and the like do not count); in a
    table row, the cell under a header naming the label, or the first cell holding a figure after a cell naming
    it (a label/value row). Callers compare the strings with their own amount reader (locale, sign). A document
    giving one subject two different figures is a hedge (issue 12 item 3)."""
    found: list[tuple[Statement, str]] = []
    for statement in statements:
        if statement.kind == "heading":
            continue
        if statement.cells is not None:
            keys = list(statement.cells)
            for index, key in enumerate(keys):
                value = statement.cells[key]
                if mentions(key, label) and _FIGURE.search(value or ""):
                    found.append((statement, value))
                elif mentions(value, label):
                    later = [statement.cells[k] for k in keys[index + 1:] if _FIGURE.search(statement.cells[k] or "")]
                    if later:
                        found.append((statement, later[0]))
            continue
        text = statement.text
        words, flags = negation_scope(text)
        for start, end in _spans(text, words, label):
            if flags[start]:
                continue
            rest = text[words[end - 1].end:]
            figure = _FIGURE.search(rest)
            if figure is None:
                continue
            between = [w for w in _GAP_WORD.findall(rest[:figure.start()]) if w.lower() not in _CURRENCY_WORDS]
            if len(between) <= gap:
                found.append((statement, figure.group().strip()))
    return found
