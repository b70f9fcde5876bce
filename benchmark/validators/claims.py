"""Claims, not keywords (issue 12 item 3): what a document asserts about a subject, negation- and hedge-aware.

A criterion asks "does the document state <option> about <subject>?" over :class:`reading.Statement` s. Terms match
as whole words in any form and spelling (:mod:`vocabulary`: approve/approved/approval, cheque/check, "&"/"and").

Negation (:func:`negated`) is read inside one sentence only, clause by clause, after the NegEx idea (Chapman et
al., 2001, "A simple algorithm for identifying negated findings"): a cue ("not", "no", "never", "neither", "nor",
"without", "n't", "rather than", "instead of", "other than", "avoid", "refrain from") negates what follows it up to
the end of its clause (a comma, semicolon, colon, bracket, sentence end, "but"/"however"/"although"/"whereas"/
"while"/"because", or a purpose clause's "so that"/"so as to"/"in order to": :data:`PURPOSE`); "X is not
required/needed/appropriate" negates X before the cue, back to its clause's start. Phrases that only look
negative are not cues: "not only", "no later than", "no more/less than", "whether or not", "No. 4". The reason a
change was due ends the scope: "not updated for the Board cut" denies the update, not the cut ("for any cut" does
deny it). A "Without X" phrase that opens its clause negates X only, up to its comma or where the main clause opens
("Without the add-back the DSCR is 1.16x" states the ratio), unless the main clause is conditional ("Without the stop
it would show a false breach"). :func:`affirmed` also reads a negation back to the agent its clause opens with ("The Board did not cut"),
over a phrase set off between the agent and its verb ("The Board, at its April meeting, did not cut").

A figure is stated (:func:`figure_stated`) where it stands with words of its own, and listed
(:func:`figure_listed`) where it is offered among alternatives: a series of three or more figures with nothing but
commas, slashes, "and"/"or" or an ellipsis between them that is joined by "or" or an ellipsis, follows "any of",
"one of" or "either", runs to :data:`LONG_LIST` figures, or is a bare run with only spaces between ("1.13x 1.25x
1.37x $260,000"); two joined by "or", with or without a hedging adverb ("1.13x or 1.37x", "1.13x or possibly
1.37x"); or a range ("0.50x ... 3.00x", "between 1.10x and 1.20x")
that takes it in. A short series in prose ("1.45x, 1.78x and 1.13x at March, June and September") states each.

A stance (:func:`stances`) is what a statement asserts about a subject: an option whose term appears un-negated in
the parts of the sentence about the subject (cut where it may turn to another subject, as :func:`subject_parts`
cuts: the parts naming it, the parts naming none after a comma or opening with a pronoun after a semicolon or
"but"/"while"/"whereas", "...; they are bank errors", but not an option said there of other items, "... and
excludes the two levers not yet validated", nor one said of other things the sentence names, "NHI-1 breached,
NHI-3 passed", "with Joliet, Peoria and Rockford excluded", nor one whose phrase gives its own bracketed list when
the subject is named only in another, "the email's list (4.3, 9.3) leaves out the points we reject (1.1, 9.2)";
:func:`_prose_stances`), in any cell of a table row about it (not
where the cell says it of other things it names, "Joliet, Peoria and Rockford excluded"; :func:`_row_stances`), or in
the heading the statement sits under ("For your decision (refer)") unless the statement itself negates that option.
A supposition (a sentence or part opening with "If", "Unless", "Should ..." — :func:`hypothetical` — or a sentence
going on with one, "In that case ...": :func:`supposing`) and reported speech ("the client asked us to record it" —
:func:`reported`) give no stance of their own; a table cell is read sentence by sentence for this, as prose is. More than one option
with evidence is a hedge.
:func:`suppositions` finds the supposing sentences with those that go on with them ("If ... . That is ..."), for a
caller to leave out of what a document states.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from decimal import Decimal

from amounts import date_spans, number_spans
from reading import Statement, split_sentences, text_statements
from vocabulary import NIL_ANSWERS, Token, find_phrase, stem, stems, tokens

_CUES = {"not", "no", "never", "neither", "nor", "none", "nothing", "without", "cannot", "nobody", "nowhere",
         "avoid", "avoids", "avoided", "avoiding", "refrain", "refrains", "exclude", "excluding"}
_PAIR_CUES = {("rather", "than"), ("instead", "of"), ("other", "than")}
#: (cue, next word) pairs that are not negations.
_NOT_CUES = {("not", "only"), ("not", "just"), ("no", "later"), ("no", "earlier"), ("no", "more"),
             ("no", "less"), ("no", "fewer"), ("not", "later"), ("not", "less"), ("not", "more"),
             ("not", "fewer"), ("no", "sooner"), ("no", "doubt"), ("nothing", "but"), ("not", "until")}
_TERMINATORS = {"but", "however", "although", "though", "whereas", "while", "yet", "because", "instead",
                "nevertheless", "nonetheless", "except", "unless"}
#: What opens a purpose clause ("so that future packs do not need manual correction", "so as not to show a false
#: variance", "in order that ...", "in order (not) to ..."): a clause of its own, so a negation inside it stays there
#: (FIN-01's seed-9503 independent solution: "re-key 5105 for the Board cut so that future packs do not need manual
#: correction" asks for the cut to be keyed; "do not need" read back over the whole sentence denied it) and one
#: before it does not run on into the purpose. Callers blank it as a correction's purpose too (RES-01
#: ``_PURPOSE``: "corrected to 178 so that they match" states no agreement).
PURPOSE = re.compile(r"\b(?:so\s+that|so\s+as\s+(?:not\s+)?to|in\s+order\s+(?:not\s+)?(?:to|that))\b", re.IGNORECASE)
#: "X is not <word>" negates X itself (NegEx post-negation; "is not supported", "would not be prudent": an
#: independent solver's DS-01 readout, "Putting the flag to 100 % ... is not supported", read as recommending it),
#: except "not supported by" (:data:`_POST_BY`).
_POST = {stem(w) for w in ("required", "needed", "necessary", "appropriate", "warranted", "correct", "applicable",
                           "justified", "recommended", "permitted", "allowed", "right", "acceptable", "valid",
                           "proper", "advisable", "supported", "supportable", "prudent", "defensible")}
#: "The surcharge is not supported by the contract" reports a finding about the surcharge, it does not deny it.
_POST_BY = {stem("supported"), stem("supportable")}
_PRONOUNS = {"it", "they", "this", "these", "that", "those", "both", "each", "which", "the", "its", "their",
             "he", "she"}
#: Verbs of bringing a figure or a document into line with something ("updated", "adjusted", "re-keyed"): under a
#: negation, what follows them with "for" or "to reflect" is the reason the change was due, which the sentence takes
#: as fact ("The Operations submission was not updated for the Board cut to 5002" reports the cut; an independent
#: solver's FIN-01 memo at seed 9432). The negation ends before it (:func:`_scope`).
_AMENDED = {stem(w) for w in ("updated", "adjusted", "amended", "revised", "corrected", "keyed", "rekeyed",
                              "restated", "phased", "rephased", "changed", "altered", "rebased", "reduced")}
#: Words opening that reason which leave it under the negation: "not adjusted for any Board cut" asserts none.
_OPEN_REASON = {"any", "a", "an", "either", "anything", "such", "every", "no", "none", "whatever"}


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


#: Words that point back to the subject of the sentence before ("Ryburn Oils is pending due diligence. There is no
#: invoice from it this week").
_BACK = {"it", "its", "itself", "they", "them", "their", "theirs", "themselves"}


def about_in_turn(statements: Iterable[Statement], subject, others=()) -> list[Statement]:
    """The statements about ``subject``: those naming it (:func:`about`), and each prose sentence right after one of
    them in the same paragraph or list item (same ``where``) that names neither it nor any of ``others`` (the other
    subjects a sentence could be about) and points back with a pronoun (:data:`_BACK`: "it", "its", "they",
    "them", "their"): "Ryburn Oils Ltd (V0100) is 'Pending due diligence'. There is no invoice from it this week"
    is two sentences about Ryburn Oils (an independent solver's PROC-01 issues list at seed 9422). A sentence that
    names another subject, or no pronoun, ends the run."""
    return _runs(statements, lambda s: mentions(s.text, subject),
                 lambda s: not (others and mentions(s.text, others)) and any(w.word in _BACK for w in tokens(s.text)))


def _runs(statements: Iterable[Statement], starts: Callable[[Statement], bool],
          goes_on: Callable[[Statement], bool]) -> list[Statement]:
    """The statements that ``starts`` picks, each followed by the prose sentences right after it in the same
    paragraph or list item (same ``where``) that ``goes_on`` picks, in document order; the first sentence that does
    not go on ends the run (:func:`about_in_turn`)."""
    found: list[Statement] = []
    previous: Statement | None = None
    for statement in statements:
        if starts(statement) or (previous is not None and statement.kind == "sentence" and statement.cells is None
                                 and previous.where == statement.where and goes_on(statement)):
            found.append(statement)
            previous = statement
        else:
            previous = None
    return found


# ------------------------------------------------------------------------------------------------ negation
#: Words that open a new clause after a comma ("..., which", "..., and it", "..., but").
_CLAUSE_STARTS = {"but", "so", "which", "who", "whom", "whose", "where", "when", "it", "they",
                  "this", "these", "that", "those", "we", "i", "you", "he", "she", "as", "because", "since",
                  "while", "although", "though", "whereas", "instead", "however", "therefore", "thus", "then",
                  "yet", "its", "their", "our", "if", "unless", "except", "there"}


def _list_comma(text: str, after: int, word: Token) -> bool:
    """True when the comma before ``word`` (ending at ``after``) continues a list ("not X, Y or Z") rather than
    starting a new clause: the next segment does not open with a clause word and either joins with or/nor/and or
    is itself followed by a comma."""
    if word.word in ("and", "or", "nor"):  # ", and it is ..." opens a clause; ", or the interest" continues a list
        following = re.match(r"\s*(\w+)", text[word.end:])
        return not (following and following.group(1).lower() in _CLAUSE_STARTS)
    if word.word in _CLAUSE_STARTS:
        return False
    segment = re.match(r"[^,;:.()\[\]!?]*([,;:.()\[\]!?]|$)", text[after:])
    body, end = (segment.group(0), segment.group(1)) if segment else ("", "")
    return bool(re.search(r"\b(or|nor|and)\b", body, re.I)) or end == ","


#: Words that open an aside between commas inside a clause ("Nobody, including NG-1742, is paid the wrong amount",
#: "No employee, not even NG-1742, is underpaid"): the clause, and a negation's scope, go on after the aside.
_ASIDES = {"including", "even", "notably", "particularly", "especially", "such", "like"}


def _clauses(text: str, words: list[Token]) -> list[int]:
    """Clause number of each token: a new clause after ; : ( ) [ ], a dash, a sentence stop (before a space: not the
    point of "1.03x"), a comma that does not group digits ("5,609.21"), continue a list (:func:`_list_comma`: "do
    not record X, Y or Z" keeps Z in the negation's clause, "not a duplicate, the loss is below the deductible" does
    not) or close an aside (:data:`_ASIDES`), and at a terminator word."""
    clause, result, aside = 0, [], False
    purposes = {match.start() for match in PURPOSE.finditer(text)}
    for index, word in enumerate(words):
        if index:
            between = text[words[index - 1].end:word.start]
            # a stop ends a sentence only before a space: the point in "1.03x" or "e.g." leaves the clause open
            hard = re.search(r"[;:()\[\]\u2014\u2013]|[.!?]\s|\s-\s", between)
            opens = "," in between and (word.word in _ASIDES or (word.word == "not" and index + 1 < len(words)
                                                                  and words[index + 1].word in _ASIDES))
            closes = "," in between and aside and not opens
            aside = (aside and not closes and not hard) or (opens and not hard)
            # the comma of "$5,609.21" groups digits; it opens no clause
            grouping = between == "," and words[index - 1].word[-1:].isdigit() and word.word[:1].isdigit()
            comma = "," in between and not (opens or closes or grouping) and \
                not _list_comma(text, words[index - 1].end + between.index(",") + 1, word)
            if hard or comma or word.word in _TERMINATORS or word.start in purposes:
                clause += 1
        result.append(clause)
    return result


def negation_scope(text: str) -> tuple[list[Token], list[bool]]:
    """The words of ``text`` and, for each, whether a negation governs it (module docstring)."""
    found = _SCOPES.get(text)
    if found is None:
        if len(_SCOPES) >= 4096:
            _SCOPES.clear()
        found = _SCOPES[text] = _scope(text)
    return list(found[0]), list(found[1])


#: negation_scope's results by text (evaluators ask about the same sentences many times).
_SCOPES: dict[str, tuple[tuple[Token, ...], tuple[bool, ...]]] = {}


def _scope(text: str) -> tuple[tuple[Token, ...], tuple[bool, ...]]:
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
        stop = _fronted_phrase_end(text, words, clauses, index) if word.word == "without" else None
        for later in range(index + 1 + skip, len(words) if stop is None else stop):
            if clauses[later] != clauses[index] or _reason_for_change(words, later):
                break
            negated[later] = True
        ahead = [i for i in range(index + 1, min(index + 4, len(words))) if clauses[i] == clauses[index]]
        if any(words[i].stem in _POST and not (words[i].stem in _POST_BY and i + 1 < len(words)
                                                and words[i + 1].word == "by") for i in ahead):
            for earlier in range(index - 1, -1, -1):
                if clauses[earlier] != clauses[index]:
                    break
                negated[earlier] = True
    return tuple(words), tuple(negated)


#: Words that open the main clause after a fronted "Without ..." phrase ("Without the add-back the DSCR is 1.16x",
#: "Without it we ..."): a determiner or a subject pronoun, unless a preposition, a conjunction or another
#: determiner comes right before it ("without the consent of the Bank", "without a purchase order or a receipt").
_MAIN_CLAUSE_OPENERS = {"the", "a", "an", "its", "their", "our", "this", "these", "those", "his", "her", "your",
                        "it", "they", "we", "i", "you", "he", "she", "there"}
_PHRASE_GOES_ON = {"by", "for", "to", "from", "with", "of", "per", "under", "against", "via", "on", "at", "in",
                   "into", "onto", "before", "after", "following", "about", "than", "over", "through", "within",
                   "and", "or", "nor", "the", "a", "an", "its", "their", "our", "this", "these", "those", "his",
                   "her", "your", "that"}
#: The conditional mood in the main clause after a fronted "Without ...": what it says would be, not what is
#: ("Without the maintenance stop it would show 17.35 hours and a false breach").
_CONDITIONAL = re.compile(r"\b(?:would|could|might)(?:n't)?\b", re.IGNORECASE)


def _fronted_phrase_end(text: str, words: list[Token], clauses: list[int], index: int) -> int | None:
    """Where the negation of a "without" that opens its clause ends: a fronted "Without X" phrase negates X, not
    the main clause after it ("Without the add-back the DSCR is 1.16x, and the covenant is breached" states the
    breach: BANK-01's seed-9458 independent solution). The phrase ends at its first separating comma or where the
    main clause opens (:data:`_MAIN_CLAUSE_OPENERS`, not after :data:`_PHRASE_GOES_ON`). None, leaving the whole
    clause negated as before, when "without" does not open its clause ("paid without approval"), when no end is
    found ("Without consent EBITDA is ..."), or when the main clause is conditional (:data:`_CONDITIONAL`:
    "Without the stop it would show a false breach" supposes the breach, it does not state it)."""
    if index and clauses[index - 1] == clauses[index]:
        return None
    end = None
    for later in range(index + 2, len(words)):
        if clauses[later] != clauses[index]:
            break
        between = text[words[later - 1].end:words[later].start]
        grouping = between == "," and words[later - 1].word[-1:].isdigit() and words[later].word[:1].isdigit()
        if ("," in between and not grouping) or (words[later].word in _MAIN_CLAUSE_OPENERS
                                                 and words[later - 1].word not in _PHRASE_GOES_ON):
            end = later
            break
    if end is None:
        return None
    main = _HARD_STOP.split(text[words[end].start:], maxsplit=1)[0]
    return None if _CONDITIONAL.search(main) else end


def _reason_for_change(words: list[Token], index: int) -> bool:
    """True when ``words[index]`` opens the reason a change was due, right after a verb of change
    (:data:`_AMENDED`): "for" or "to reflect", not followed by an open word (:data:`_OPEN_REASON`: "for any cut")."""
    if index == 0 or words[index - 1].stem not in _AMENDED:
        return False
    after = index + 1
    if words[index].word == "to" and after < len(words) and words[after].stem == stem("reflect"):
        after += 1
    elif words[index].word != "for":
        return False
    return after < len(words) and words[after].word not in _OPEN_REASON


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


def refuses(predicate: str, refusals, take_ups) -> bool:
    """Whether ``predicate`` (what a clause says of a request it names) refuses that request: a refusal asserted
    ("was declined", "were refused") or a take-up named only under a negation ("were not actioned", "is not supported
    by this readout", "have not been followed"). ``refusals`` and ``take_ups`` are terms as for :func:`asserted`.
    RES-01 ("The PI's email requests (...) were not actioned") and DS-01 ("The request to put the flag to 100 % ... is
    not supported by this readout") read a refused request as the requester's words, not the writer's."""
    return asserted(predicate, refusals) or (mentions(predicate, take_ups) and not asserted(predicate, take_ups))


#: How many words after a term (a run of adjacent terms: "Board minute 25/30") a negation of its own clause may
#: govern and still deny what is said of it (:func:`affirmed`): "The Board did not cut 5002", "Board minute 25/30
#: makes no change to it", but not "the Board-approved budget for 5002 is not the submitted figure", where the
#: negation is said of another noun.
DENIAL_REACH = 5
#: Words before an agent (past "the", "its" ...) that make it the object of a preposition ("cut by the Board", "not
#: updated for the Board cut"), not the subject whose verb may come after a phrase set off from it (:func:`affirmed`).
_PREPOSITIONS = {"by", "for", "to", "from", "with", "of", "per", "under", "against", "via", "on", "at", "in", "into",
                 "onto", "before", "after", "following", "about", "than", "over", "through", "within", "without"}
_DETERMINERS = {"the", "a", "an", "its", "their", "our", "this", "that", "these", "those", "his", "her", "your"}
#: What may open a second phrase set off after a first ("The Board, at its April meeting, which was quorate, did not
#: cut 5002"): a relative pronoun, a preposition, "as", or an aside word (:data:`_ASIDES`).
_INSERT_OPENERS = {"which", "who", "whom", "whose", "where", "when", "as", "however", "therefore", "though",
                   "moreover", "also", "then"} | _PREPOSITIONS | _ASIDES
#: A dash that sets a phrase off ("The Board — at its April meeting — did not cut 5002").
_DASH = re.compile(r"[\u2014\u2013]|\s-{1,2}\s|--")
#: A comma that separates (not one inside a figure: "£3,615,000").
_SEPARATING_COMMA = re.compile(r"(?<!\d),|,(?!\d{3}(?!\d))")
#: Where a sentence, or a clause past any comma, ends: a phrase set off by commas does not run over it.
_HARD_STOP = re.compile(r"[;:]|[.!?](?:\s|$)")


def _subject(words: list[Token], start: int) -> bool:
    """True when the agent at ``words[start]`` is not the object of a preposition (:data:`_PREPOSITIONS`, read back
    past :data:`_DETERMINERS`): "The Board", "Operations told the Board", but not "cut by the Board"."""
    index = start - 1
    while index >= 0 and words[index].word in _DETERMINERS:
        index -= 1
    return index < 0 or words[index].word not in _PREPOSITIONS


def _set_off(text: str, words: list[Token], end: int) -> int:
    """Index of the word where what is said of an agent ending before ``words[end]`` resumes: past the rest of its
    name (an "of" phrase of names, "The Board of Directors"; a number, "minute 25/42") and past the phrases set off
    between it and its verb: in brackets, between dashes, or between commas ("The Board, at its April meeting, did
    not cut": an interposed phrase, an appositive "the company's governing body", a relative clause "which met on 8
    April"), each closed before the sentence goes on. The first phrase after the agent is set off whatever it opens
    with; a second after it only when it opens as one (:data:`_INSERT_OPENERS`: ", which was quorate,"), since the
    verb's own clause may follow a comma too. Commas inside figures ("£3,615,000") set nothing off. ``end`` when
    nothing follows the agent's name."""
    index = end
    while index < len(words):
        if words[index].word == "of" and index + 1 < len(words) and text[words[index + 1].start].isupper():
            index += 2
        elif words[index].word.isdigit() and re.fullmatch(r"\s*[/.]?\s*",
                                                           text[words[index - 1].end:words[index].start]):
            index += 1  # "minute 25/42"
        else:
            break
    first = True
    while 0 < index < len(words):
        gap_end = words[index].start
        gap = text[words[index - 1].end:gap_end]
        if "(" in gap or "[" in gap:
            close = text.find(")" if "(" in gap else "]", gap_end)
        elif _DASH.search(gap):
            found = _DASH.search(text, gap_end)
            close = found.start() if found else -1
        elif "," in gap and (first or words[index].word in _INSERT_OPENERS):
            found = _SEPARATING_COMMA.search(text, gap_end)
            stop = _HARD_STOP.search(text, gap_end)
            close = found.start() if found and not (stop and stop.start() < found.start()) else -1
        else:
            break
        following = next((i for i in range(index, len(words)) if words[i].start > close), None)
        if close < 0 or following is None:
            break
        index, first = following, False
    return index if index < len(words) else end


def affirmed(text: str, term) -> bool:
    """True when ``text`` names ``term`` at least once neither negated (:func:`asserted`) nor as the subject of a
    denial: a negation in the same clause that governs a word at most :data:`DENIAL_REACH` words after the term (or
    the run of adjacent terms it is part of) ends. "The Board did not cut 5002" and "Board minute 25/30 makes no
    change to it" affirm nothing of the Board; "Operations was not updated for the Board cut" does. NegEx reads a
    negation forward only; for an agent (the one whose act a criterion asks for) the predicate denied is what the
    clause says of it. A noun for the act itself ("the Board's cut was not applied") is presupposed, not denied:
    use :func:`asserted` for those.

    For an agent that is a subject (:func:`_subject`), a phrase set off between it and its verb (:func:`_set_off`) is
    read as if absent, so the negation is read where the verb is: "The Board, at its April meeting, did not cut
    5002", "The Board, which met on 8 April, never approved a cut", "The Board (minute 25/42) did not cut it" deny
    the cut; "The Board, which changed no other line, cut 5002 to £3,615,000" does not (the negation is the set-off
    clause's own). Chapman et al. (2001) read a negation within its clause; the clause of a subject is the one its
    verb heads, which a phrase set off by commas, brackets or dashes interrupts without ending."""
    words, flags = negation_scope(text)
    runs: list[list[int]] = []
    for start, end in _spans(text, words, term):
        if runs and start <= runs[-1][1] and not text[words[runs[-1][1] - 1].end:words[start].start].strip():
            runs[-1][1] = max(runs[-1][1], end)
        else:
            runs.append([start, end])
    set_off_until = 0  # a mention inside a phrase set off after an earlier agent ("The Board (minute 25/42) did not")
    for start, end in runs:
        if flags[start] or start < set_off_until:
            continue
        resumes = _set_off(text, words, end) if _subject(words, start) else end
        if resumes > end:  # the agent read straight on to what is said of it
            set_off_until = resumes
            if not _denied(text[:words[end - 1].end] + " " + text[words[resumes].start:], start, end):
                return True
        elif not _denied(text, start, end):
            return True
    return False


def _denied(text: str, start: int, end: int) -> bool:
    """True when a negation in the clause of the agent at words ``[start, end)`` of ``text`` governs one of the
    :data:`DENIAL_REACH` words after it."""
    words, flags = negation_scope(text)
    clauses = _clauses(text, words)
    return any(flags[i] and clauses[i] == clauses[start] for i in range(end, min(end + DENIAL_REACH, len(words))))


def without_purposes(text: str) -> str:
    """``text`` with each purpose clause blanked (same length, spaces): from a :data:`PURPOSE` opener to the end of
    its clause (:func:`_clauses`). What is left is what the sentence says is so, not what it is for: "The Board did
    not cut 5105 so that the sheet would tie" states no counterfactual, its "would" is the purpose's."""
    words = tokens(text)
    clauses = _clauses(text, words)
    result = text
    for match in PURPOSE.finditer(text):
        first = next((i for i, word in enumerate(words) if word.start >= match.start()), None)
        if first is None:
            continue
        end = max(words[i].end for i in range(first, len(words)) if clauses[i] == clauses[first])
        result = result[:match.start()] + " " * (end - match.start()) + result[end:]
    return result


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


#: A free-choice subject under a modal: "any invoice would have to be rejected", "any such bill must go back", "and
#: anything they send will be held" — a rule for a case that may not arise ("any X" = "if there is an X"), not a
#: finding (an independent solver's PROC-01 issues list at seed 9422, of a vendor with no invoice that week).
_FREE_CHOICE = re.compile(r"^\W*(?:(?:and|but|so|then)\s+)?any(?:one|thing)?\b[^;:.!?]*?\b(?:would|will|must|should|"
                          r"shall|could|might|may|has\s+to|have\s+to|needs?\s+to|is\s+to|are\s+to)\b", re.IGNORECASE)


def generic(text: str) -> bool:
    """True when ``text`` (a sentence or one of its semicolon-separated parts) opens with a free-choice subject
    ("any invoice", "any such bill", "anything") whose verb is a modal ("would", "must", "will", "has to"): it
    states what would hold of such a thing, not that one exists (:data:`_FREE_CHOICE`; ConText's hypothetical
    status, Harkema et al., 2009). "Any invoice was paid" (no modal) and "We would reject any invoice" (the
    writer as subject) are not generic."""
    return bool(_FREE_CHOICE.match(text))


#: What opens a sentence that goes on with the supposition before it: a word pointing back to the supposed case
#: ("If one posting is a duplicate, Consumables falls to £29,906.33. That is an overspend of £2,016.33, and total
#: eligible spend becomes £427,459.14": an independent solver's RES-01 memo at seed 9415, read as a second total).
_GOES_ON = re.compile(r"^\W*(?:that|this|then|in\s+(?:that|which|this)\s+(?:case|event))\b", re.IGNORECASE)


#: Where a sentence's last part starts: after its last semicolon, or a colon that is not a time's ("10:30").
_LAST_PART = re.compile(r";|:(?!\d)")


def _ends_supposing(text: str) -> bool:
    """True when the last part of ``text`` (after its last semicolon or colon) opens with a condition: "Before
    posting, check the image: if the cheque was written for $2,364.76, do not post it" ends with a supposition that
    the next sentence can go on with ("In that case ...")."""
    return hypothetical(_LAST_PART.split(text)[-1])


def supposing(sentences: list[str]) -> list[bool]:
    """For consecutive sentences of one paragraph, list item or table cell, which suppose rather than state: each
    :func:`hypothetical` one, and each right after a supposing one, or one that ends supposing
    (:func:`_ends_supposing`), that goes on with it by pointing back (:data:`_GOES_ON`: "That is ...", "Then ...",
    "In that case ..."). A sentence that does not point back states again and ends the run."""
    flags: list[bool] = []
    before = False
    for sentence in sentences:
        supposes = hypothetical(sentence) or (before and bool(_GOES_ON.match(sentence)))
        flags.append(supposes)
        before = supposes or _ends_supposing(sentence)
    return flags


def suppositions(statements: Iterable[Statement]) -> list[Statement]:
    """The prose statements that suppose rather than state, in document order: each :func:`hypothetical` sentence
    ("If one posting is a duplicate, ... falls to £X") and each sentence right after one in the same paragraph
    (same ``where``) that goes on with it by pointing back (:func:`supposing`: "That is ...", "Then ...", "In that
    case ...", also after a sentence whose last part supposes). A figure in one is what would hold, not what the
    document gives; a sentence after a supposition that does not point back ("Total eligible spend is £X") states
    again. Table rows and headings are never suppositions (ConText's hypothetical scope, :data:`_HYPOTHETICAL`,
    carried across a sentence boundary only by an anaphor); :func:`_row_stances` reads a cell's sentences the same
    way."""
    found: list[Statement] = []
    run: list[Statement] = []
    for statement in [*statements, None]:
        prose = statement is not None and statement.kind == "sentence" and statement.cells is None
        if run and not (prose and statement.where == run[-1].where):
            found += [s for s, supposes in zip(run, supposing([s.text for s in run]), strict=True) if supposes]
            run = []
        if prose:
            run.append(statement)
    return found


def _going_on(statements: list[Statement]) -> set[int]:
    """The ids of the prose statements that go on with a supposition without opening with a condition themselves
    (:func:`suppositions`): "In that case it becomes a bank error" after "If the cheque was written for ...". A
    sentence that opens with one is read part by part instead, so that "If the bank refunds it, fine; record the fee
    in the books now" still states its second part."""
    return {id(s) for s in suppositions(statements) if not hypothetical(s.text)}


#: A share written right before a label ("10% of the category award", "12.5 per cent of its budget", "half of the
#: award"): the figure the label then takes is that share of its value, not the value.
_SHARE_BEFORE = re.compile(r"(?:(\d+(?:\.\d+)?)\s*(?:%|per\s*cent|percent)|\b(half|a\s+quarter|a\s+third))\s+of\s+"
                           r"(?:(?:the|its|their|this|that|each|a)\s+)?(?:[^\W\d_]+\s+){0,2}$", re.IGNORECASE)
_SHARE_WORDS = {"half": Decimal("0.5"), "a quarter": Decimal("0.25"), "a third": Decimal(1) / 3}


def share_before(text: str) -> Decimal | None:
    """The share (a fraction: 0.1 for "10% of the category ") that ``text``, the words before a label, ends on,
    or None. "10% of the category award is £2,789.00" gives 10% of the award, not the award (an independent
    solver's RES-01 memo at seed 9415, read as giving the total award as £2,789.00)."""
    match = _SHARE_BEFORE.search(text)
    if match is None:
        return None
    if match.group(1):
        return Decimal(match.group(1)) / 100
    return _SHARE_WORDS[re.sub(r"\s+", " ", match.group(2).lower())]


#: Reporting verbs: a sentence or part in which someone other than the writer says, asks or claims something ("The
#: client asked us to record the cheque in the books", "the comment asks us to accept clause 4.3") gives that
#: person's position, not the writer's; quoting a wrong instruction in order to refuse it is no stance (issue 12:
#: "quoting the counterparty's wrong claim"). After "I", "we" or "you" the verb is the writer's own ("We asked the
#: bank to refund the fee", "I suggest you record it").
_REPORTING = re.compile(r"\b(?:says?|said|asks?|asked|wants?|wanted|instructs?|instructed|tells?|told|suggests?|"
                        r"suggested|insists?|insisted|purports?|purported|alleges?|alleged|demands?|demanded|"
                        r"according to)\b", re.IGNORECASE)
#: Words before a reporting verb that make it the writer's own ("we asked the bank") or an adjective ("the said
#: clause"). "Claimed", "stated" and "requested" are left out of the verbs: "the amount claimed", "the stated
#: value" describe a figure.
_WRITER = {"i", "we", "you", "let", "the", "a", "an", "this", "that"}
#: Writing as a reporting verb: "wrote"/"writes" introducing what was written ("Rafe wrote on July 3 that ...", "the
#: agency writes: ...", "wrote to ask us to ..."), within the clause and before any amount. Writing something
#: ("wrote cheque 8514 for $359.05", "writes the workbook") or a write-off ("wrote off", "wrote down") reports
#: nothing. MKT-01 1.9 read "Rafe Dunleavy (Northvane) wrote on July 3 that ... NVM-2506-199 should be approved as
#: billed" as the memo's own approval (tests/fixtures/mkt01-hard-seed9475).
_WRITTEN = re.compile(r"\b(?:wrote|writes)\b(?!\s+(?:off|down|up|back|out)\b)"
                      r"(?=[^.;!?$\u20ac\u00a3]{0,60}?(?:\bthat\b|\basking\b|\bto\s+(?:ask|say|request|insist|tell)\b|"
                      r"[:\"\u201c]))", re.IGNORECASE)


#: A clause of the writer's own after what someone wrote: a semicolon, or a comma and a joining word before "we" or
#: "I" ("..., so we should pay in full").
_OWN_CLAUSE_AFTER = re.compile(r";|,\s*(?:so|and|but|therefore|hence|thus)\s+(?:we|i)\b", re.IGNORECASE)
#: The writer taking up what is reported ("..., and I agree", "we fully concur", "Northvane rightly says"): the
#: position is then the writer's too. "I do not agree" is not matched.
ENDORSED = re.compile(r"\b(?:i|we)\s+(?:(?:also|fully|entirely|completely)\s+)?(?:agree|concur)\b|\brightly\b",
                       re.IGNORECASE)


def reported(text: str) -> bool:
    """True when ``text`` (a sentence or one of its parts) reports what someone other than the writer says, asks,
    claims or writes (:data:`_REPORTING`, :data:`_WRITTEN`, after a subject that is not "I", "we" or "you") and the
    writer does not take it up (:data:`ENDORSED`: "Rafe wrote that it should be approved as billed, and I agree"):
    it gives no stance of the writer's."""
    if ENDORSED.search(text):
        return False
    # what someone wrote is theirs to the end of the sentence only when no clause of the writer's follows
    # (_OWN_CLAUSE_AFTER): "The customer wrote that the ticket breached; it did breach it" carries the writer's own clause, which the scenarios that
    # read clause by clause (CS-01, PROC-01) must still see, as they did before "wrote" was a reporting verb here
    written = [m for m in _WRITTEN.finditer(text) if not _OWN_CLAUSE_AFTER.search(text, m.end())]
    for match in [*_REPORTING.finditer(text), *written]:
        before = tokens(text[:match.start()])
        if not before or before[-1].word not in _WRITER:
            return True
    return False


#: What joins the subjects of one list, so that they share what the sentence says next: spaces alone ("NHI-480790
#: NHI-480872 breached"), commas, slashes, "&", "+", "and", "or", "nor", "and/or", "as well as", alone or together
#: ("A, B, and C").
_SUBJECT_JOIN = re.compile(r"(?:\s*(?:,|/|&|\+|\band/or\b|\band\b|\bor\b|\bnor\b|\bas\s+well\s+as\b)\s*)+|\s+",
                           re.IGNORECASE)
#: Where a sentence naming several subjects turns from one to the next: a semicolon, a comma (not one inside a
#: figure: "$1,685,392"), "but", "while", "whereas".
_SUBJECT_TURN = re.compile(r";|(?<!\d),|,(?!\d{3}(?!\d))|\b(?:but|while|whereas)\b", re.IGNORECASE)


def subject_lists(text: str, found: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """The mentions ``found`` (character ranges ``(start, end)`` into ``text``, in order) grouped into lists: runs
    of mentions joined by nothing but spaces, commas, slashes, "&", "and", "or" (:data:`_SUBJECT_JOIN`), whose
    subjects share what the sentence says next ("NG-1 NG-2 NG-3 underpaid by EUR 100"). Raises nothing."""
    runs: list[list[tuple[int, int]]] = []
    for span in found:
        if runs and _SUBJECT_JOIN.fullmatch(text[runs[-1][-1][1]:span[0]]):
            runs[-1].append(span)
        else:
            runs.append([span])
    return runs


def _turns(text: str, found: list[tuple[int, int]]) -> list[tuple[int, int, str]]:
    """``text`` cut where it may turn from one subject to another (:data:`_SUBJECT_TURN`), never inside a mention in
    ``found`` or a list of them (:func:`subject_lists`), as ``[(start, end, what cut it)]`` for the parts that are
    not blank: what cut a part is "" for the first, else ";" , "," or "turn" (but/while/whereas), the strongest
    of the cuts since the part before."""
    kept = [(run[0][0], run[-1][1]) for run in subject_lists(text, found)]
    strength = {"": 0, ",": 1, "turn": 2, ";": 3}
    parts: list[tuple[int, int, str]] = []
    start, cut = 0, ""
    for match in _SUBJECT_TURN.finditer(text):
        if any(lo <= match.start() < hi for lo, hi in kept):
            continue
        if text[start:match.start()].strip():
            parts.append((start, match.start(), cut))
            cut = ""
        kind = match.group() if match.group() in ";," else "turn"
        cut = kind if strength[kind] > strength[cut] else cut
        start = match.end()
    if text[start:].strip() or not parts:
        parts.append((start, len(text), cut))
    return parts


def subject_parts(text: str, mention: re.Pattern[str]) -> list[tuple[str, list[str]]]:
    """``text`` (one sentence) cut where it turns from one subject to another, as ``[(part, [mentions of
    ``mention`` in the part, as written])]`` in order, parts naming no subject included.

    A sentence is cut at semicolons, commas and "but"/"while"/"whereas", except inside a list of subjects: mentions
    joined by nothing but spaces, commas, slashes, "&", "and", "or" (:data:`_SUBJECT_JOIN`) stay in one part with
    the words that follow them, since what follows is said of each ("NHI-1, NHI-2 and NHI-3 met their targets, while
    NHI-4 breached" gives NHI-1 to NHI-3 "met their targets" and NHI-4 "breached"). Cutting a list at its commas
    left NHI-1 alone in a part of its own, which then took the sentence's other verb (CS-01 evaluator 1.5). A part
    naming no subject goes on with the part before it ("Meta: CAC $56.20, ROAS 2.40; Google: ..." gives Meta both
    figures), and one that opens the sentence goes with the first part naming one ("At $56.20 and 2.40x, Meta leads;
    Google follows at ..." gives Meta its figures).
    Raises nothing; a sentence without mentions is one part."""
    found = list(mention.finditer(text))
    parts: list[tuple[int, int, list[str]]] = []
    for lo, hi, _ in _turns(text, [(m.start(), m.end()) for m in found]):
        named = [m.group() for m in found if lo <= m.start() < hi]
        if parts and (not named or not parts[-1][2]):  # a part naming no subject joins its neighbour
            parts[-1] = (parts[-1][0], hi, parts[-1][2] + named)
        else:
            parts.append((lo, hi, named))
    return [(text[lo:hi], named) for lo, hi, named in parts]


#: Words that mark a noun phrase as a set of other items ("the two levers", "all other claims", "the remaining
#: items") when another word of the phrase follows them.
_OTHER_ITEMS = {"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "both", "all", "other",
                "others", "remaining", "rest", "several", "many"}
#: Words that end a noun phrase read outward from an option: verbs of being and having, prepositions, articles "a"
#: and "an", conjunctions, pronouns and negation cues.
_PHRASE_ENDS = {"is", "are", "was", "were", "be", "been", "being", "has", "have", "had", "will", "would", "can",
                "could", "should", "may", "might", "must", "as", "a", "an", "to", "of", "in", "for", "by", "with",
                "on", "at", "from", "into", "and", "or", "nor", "so", "yet", "not", "no", "it", "they", "which",
                "that", "who", "we", "i", "you", "its", "their", "our", "still", "also", "now"} | _CUES


def _other_items_beside(text: str, words: list[Token], start: int, end: int, lo: int, hi: int) -> bool:
    """True when the option at words ``[start, end)`` is said of other items named beside it in the part ``[lo,
    hi)`` (character offsets): a noun phrase with a :data:`_OTHER_ITEMS` word that is not its noun, right before
    the option ("the two levers not yet validated") or right after it, as its object ("excludes the two levers").
    A phrase is read outward from the option over at most four words, up to punctuation or a
    :data:`_PHRASE_ENDS` word."""
    def phrase(indexes: Iterable[int], backward: bool) -> list[str]:
        found: list[str] = []
        last = words[start] if backward else words[end - 1]
        for index in indexes:
            word = words[index]
            gap = text[word.end:last.start] if backward else text[last.end:word.start]
            if not lo <= word.start < hi or word.word in _PHRASE_ENDS or gap.strip() or len(found) == 4:
                break
            found.append(word.word)
            last = word
        return found  # nearest first
    before, after = phrase(range(start - 1, -1, -1), True), phrase(range(end, len(words)), False)
    return any(w in _OTHER_ITEMS for w in before[1:]) or any(w in _OTHER_ITEMS for w in after[:-1])


#: Words that may stand between a list of named things and what is said of them ("Joliet and Peoria are excluded").
_LINKS = {"is", "are", "was", "were", "be", "been", "being", "all", "both", "each", "also", "now", "already",
          "then", "therefore"}
#: What ends a sentence or opens one, so that the capital of the word after it names nothing ("Status: Excluded").
_SENTENCE_OPEN = re.compile(r"(?:^|[.!?:(\u2022\u2013\u2014-])\s*$")
#: What only a name has after its first letter: a digit or a capital ("NHI-1", "L3", "DCs"; not "The").
_NAME_SHAPE = re.compile(r"[\dA-Z]")
#: A word with an initial capital, hyphenated parts included ("Joliet", "NHI-480790", "CL-78").
_NAME = re.compile(r"(?<![\w-])[A-Z]\w*(?:-\w+)*")
#: The word that opens an absolute phrase, whose named things take the option after them ("L3 validated at seven
#: DCs, with Joliet, Peoria and Rockford excluded": the three sites are excluded, L3 is not).
_ABSOLUTE = re.compile(r"\bwith\s*$", re.IGNORECASE)


def _named(text: str) -> list[tuple[int, int]]:
    """Character ranges of the words of ``text`` that name something: a word written with an initial capital ("Joliet",
    "DCs", "L5") that does not open a sentence (its capital is then only the sentence's), or one that opens it and is
    written as only a name is, with a digit or a capital after its first letter ("NHI-1 breached", "L3 validated").
    Read from the text, not its tokens, so that "NHI-1" is one name (:data:`_NAME`)."""
    return [(m.start(), m.end()) for m in _NAME.finditer(text)
            if not _SENTENCE_OPEN.search(text[:m.start()]) or _NAME_SHAPE.search(m.group()[1:])]


#: A bracketed aside, its content as group 1.
_BRACKETED = re.compile(r"\(([^()]*)\)")
#: What may stand between an option and the bracketed list of what it is said of: up to four words of its phrase, no
#: punctuation ("the five points we must reject (1.1, 9.2 and 14.2)", "the points to be rejected outright (...)").
_TO_OWN_LIST = re.compile(r"^(?:\s+[^\W\d_]+(?:['\u2019][^\W\d_]+)?){0,4}\s*$")


def _shape(mention: str) -> str:
    """How ``mention`` is written, digits and letters aside: "9.9" for "4.3" and "14.2", "a-9" for "NHI-480790"."""
    return re.sub(r"[^\W\d_]+", "a", re.sub(r"\d+", "9", mention))


def _said_of_bracketed(text: str, start: int, own: list[tuple[int, int]]) -> bool:
    """True when the option at character ``start`` of ``text`` is said of the list in its own brackets and the subject
    (``own``: its mentions' character ranges) is named only in other bracketed lists: "The email's own list of
    substantive changes (4.3, 8.1, 9.3 and 15.1) leaves out three of the five points we must reject (1.1, 9.2 and
    14.2)" rejects 1.1, 9.2 and 14.2, not 4.3, which the sentence gives as a member of the email's list (LEGAL-01
    1.14 read it as rejecting 4.3 and 9.3: an independent solver's note, seed 9543). A bracketed list is one whose
    every item is written as a mention of the subject is ("(1.1, 9.2 and 14.2)", joined as :data:`_SUBJECT_JOIN`
    joins; not "(see 9.2)" or "(60 days)"); the option's own is the first one after it with only words of its phrase
    between (:data:`_TO_OWN_LIST`). A subject named outside brackets ("The points we must reject (1.1, 9.2) include
    4.3") or in the option's own list keeps the option."""
    if not own:
        return False
    shapes = {_shape(text[lo:hi]) for lo, hi in own}
    lists = [(m.start(), m.end()) for m in _BRACKETED.finditer(text)
             if (items := [i for i in _SUBJECT_JOIN.split(m.group(1)) if i])
             and all(_shape(i) in shapes for i in items)]
    if not all(any(lo <= a and b <= hi for lo, hi in lists) for a, b in own):
        return False
    end = re.match(r"\S*", text[start:]).end() + start
    mine = next(((lo, hi) for lo, hi in lists if lo >= end), None)
    return (mine is not None and bool(_TO_OWN_LIST.match(text[end:mine[0]]))
            and not any(mine[0] <= a and b <= mine[1] for a, b in own))


def _said_of_others(text: str, words: list[Token], start: int, subject) -> bool:
    """True when the option at word ``start`` of ``text`` (a table cell or a sentence) is said of other things it
    names: within the part holding it (cut as :func:`_turns` cuts, a list of names kept whole) the nearest list of
    named words (:func:`_named`, :func:`subject_lists`) before it that opens the part or an absolute phrase
    (:data:`_ABSOLUTE`: "with Joliet, Peoria and Rockford excluded") names none of ``subject``, and nothing but
    :data:`_LINKS` words stand between that list and the option ("Seven DCs not yet on the catalog; Joliet, Peoria
    and Rockford excluded" says "excluded" of the three sites, not of the row's lever: CONS-01 hard, an independent
    solver's deck; "NHI-1 breached, NHI-3 passed" says "passed" of NHI-3 only). An option opening its part
    ("excluded from the total") or following the subject ("L5 and L6 excluded") is the subject's."""
    own = [(words[a].start, words[b - 1].end) for a, b in _spans(text, words, subject)]
    if _said_of_bracketed(text, words[start].start, own):
        return True
    names = sorted(set(own) | {n for n in _named(text)
                               if not any(lo < n[1] and n[0] < hi for lo, hi in own)})
    at = words[start].start
    part = next((lo for lo, hi, _ in _turns(text, names) if lo <= at < hi), 0)
    opening = [run for run in subject_lists(text, [n for n in names if n[1] <= at])
               if run[0][0] >= part and (not text[part:run[0][0]].strip() or _ABSOLUTE.search(text[part:run[0][0]]))]
    if not opening:
        return False
    run = opening[-1]
    gap = text[run[-1][1]:at]
    if any(w.word not in _LINKS for w in tokens(gap)) or re.search(r"[^\w\s]", gap):
        return False
    return not any(span in own for span in run)


def _stance_parts(text: str, subject) -> list[list[tuple[int, int, bool]]]:
    """The parts of ``text`` (one sentence) that speak of ``subject``, as runs of adjacent parts within one
    semicolon part, ``[[(start, end, follows)]]`` (character offsets; ``follows``: a part naming no subject after
    one that names it).

    The sentence is cut as :func:`subject_parts` cuts it, with the subject as the only mention. A part naming the
    subject speaks of it; so does a part naming none right after it that goes on without turning ("premise
    contradicted, not validated"; after a semicolon or "but"/"while"/"whereas" only one opening with a pronoun:
    "...; they are bank errors", "A and B breached, while C passed" gives A nothing of C's), and the parts opening
    the sentence before its first mention of the subject, cut from it by commas only ("If the cheque was written
    for $359.05, the $180.00 ..."). The whole sentence is one part naming the subject when none does (a term the
    cuts split)."""
    words = tokens(text)
    found = [(words[a].start, words[b - 1].end) for a, b in _spans(text, words, subject)]
    parts = _turns(text, found)
    named = [any(lo <= m < hi for m, _ in found) for lo, hi, _ in parts]
    if not any(named):
        return [[(0, len(text), False)]]
    chosen = set()
    first = named.index(True)
    for index in range(first, -1, -1):
        chosen.add(index)
        if parts[index][2] != ",":
            break
    following = False
    for index, (lo, hi, cut) in enumerate(parts):
        if named[index]:
            chosen.add(index)
            following = True
        elif following and (cut == "," or _opens_with_pronoun(text[lo:hi])):
            chosen.add(index)
        else:
            following = False
    runs: list[list[tuple[int, int, bool]]] = []
    for index in sorted(chosen):
        part = (parts[index][0], parts[index][1], not named[index] and index > first)
        if runs and index - 1 in chosen and parts[index][2] != ";":
            runs[-1].append(part)
        else:
            runs.append([part])
    return runs


def _opens_with_pronoun(text: str) -> bool:
    words = tokens(text)
    return bool(words) and words[0].word in _PRONOUNS


def _heading_option(heading: str, options: dict[str, object]) -> str | None:
    """The option a section heading gives every statement under it ("Levers not validated", "Declined:"), or None.
    An action title's takeaway after a colon is a claim, not the section's kind: "Summary: validated program number
    of $1.7m" heads a summary (CONS-01 hard, an independent solver's deck read every lever on it as validated)."""
    # a lead-in ending with a colon ("Declined:") is all topic; a title with words after its colon gives its kind first
    lead_in = not heading or heading.rstrip().endswith(":")
    topic = heading if lead_in or ":" not in heading else heading.split(":", 1)[0]
    found = [name for name, terms in options.items() if topic and asserted(topic, terms)]
    return found[0] if len(found) == 1 else None


def _prose_stances(text: str, subject, options: dict[str, object]) -> tuple[set[str], set[str]]:
    """The options one sentence asserts about ``subject`` and those it denies of it, as ``(asserted, denied)``.

    Only the parts speaking of the subject count (:func:`_stance_parts`); a run of them that opens with a
    condition (or sits in a semicolon part that does, :func:`hypothetical`) or reports speech (:func:`reported`:
    "Do not decline CLM-1 as the insured's letter asks; it is referred to you" keeps "referred") asserts nothing. Negation is read over the whole sentence, so a list keeps its cue ("do not record D-1, D-2
    or D-3"). In a part naming no subject that follows one naming it, an option said of other items beside it
    (:func:`_other_items_beside`: "... and excludes the two levers not yet validated") is not the subject's;
    before the subject such a phrase is the set it belongs to ("Four levers validated: carrier consolidation, MRO
    national catalog, ..."). An option said of other things the sentence names (:func:`_said_of_others`: "NHI-1
    breached, NHI-3 passed" gives NHI-1 only "breached"; "with Joliet, Peoria and Rockford excluded") is not the
    subject's either. An option is denied when it occurs in those parts only under a negation."""
    words, flags = negation_scope(text)
    runs = _stance_parts(text, subject)
    parts = [part for run in runs for part in run]
    said = []
    for run in runs:
        lo, hi = run[0][0], run[-1][1]
        semicolon_part = text[text.rfind(";", 0, lo) + 1:]
        if not (hypothetical(text[lo:hi]) or hypothetical(semicolon_part) or reported(text[lo:hi])):
            said += run
    asserted_, denied = set(), set()
    for name, terms in options.items():
        seen = [(start, end, lo, hi, follows) for start, end in _spans(text, words, terms)
                for lo, hi, follows in parts if lo <= words[start].start < hi
                and not _said_of_others(text, words, start, subject)]
        if seen and all(flags[start] for start, *_ in seen):
            denied.add(name)
        if any(not flags[start] and (lo, hi, follows) in said and
               not (follows and _other_items_beside(text, words, start, end, lo, hi))
               for start, end, lo, hi, follows in seen):
            asserted_.add(name)
    return asserted_, denied


def _row_stances(texts: list[str], subject, options: dict[str, object]) -> tuple[set[str], set[str]]:
    """The options a table row's cells (``texts``) assert about ``subject``, the row's subject, and those they deny of
    it, as ``(asserted, denied)``. A cell is read sentence by sentence, as prose is: an option un-negated in a
    sentence that states (not one that supposes or goes on with a supposition, :func:`supposing`, nor a semicolon
    part opening with a condition, :func:`hypothetical`) is asserted; one that occurs in a cell only under a
    negation is denied; what a cell says of other things it names (:func:`_said_of_others`: "Joliet, Peoria and
    Rockford excluded") is neither. A bank-errors table's row "Monthly fee charged twice ($22.00 x 2) ... ask for a
    refund of the duplicate charge. If the bank shows the second charge is a valid, different fee, it becomes a
    book entry instead." (ACC-01 hard, the seed-9535 independent solver) states no book entry: ACC-01 1.12 read the
    cell as one text and its last sentence's "book entry" as the writer's."""
    asserted_, denied = set(), set()
    for text in texts:
        sentences = split_sentences(text)
        # a sentence opening with a condition is read part by part ("If the bank refunds it, fine; record it now")
        read = [(sentence, *negation_scope(sentence), supposes and not hypothetical(sentence))
                for sentence, supposes in zip(sentences, supposing(sentences), strict=True)]
        for name, terms in options.items():
            seen = []  # (negated, stated) of each occurrence said of the row's subject
            for sentence, words, flags, goes_on in read:
                for start, _ in _spans(sentence, words, terms):
                    if _said_of_others(sentence, words, start, subject):
                        continue
                    part = sentence[sentence.rfind(";", 0, words[start].start) + 1:]
                    seen.append((flags[start], not (goes_on or hypothetical(part))))
            if seen and all(negated_ for negated_, _ in seen):
                denied.add(name)
            elif any(not negated_ and stated for negated_, stated in seen):
                asserted_.add(name)
    return asserted_, denied


def stances(statements: Iterable[Statement], subject, options: dict[str, object]) -> dict[str, list[Statement]]:
    """Which of the mutually exclusive ``options`` (``{name: term or terms}``) the statements assert about
    ``subject``, as ``{option: [statements giving evidence]}`` holding only options with evidence (module
    docstring). More than one key is a hedge; none means the document does not say."""
    statements = list(statements)
    going_on = _going_on(statements)
    found: dict[str, list[Statement]] = {}
    for statement in about(statements, subject):
        if statement.kind == "heading":
            continue
        if statement.cells is not None:
            texts = [v for v in statement.cells.values() if v]
            own, denied = _row_stances(texts, subject, options)
        else:
            own, denied = _prose_stances(statement.text, subject, options)
            if id(statement) in going_on:  # "In that case it becomes a bank error": supposed, as its "If" was
                own = set()
        carried = _heading_option(statement.section, options)
        if carried and carried not in own and carried not in denied:
            own.add(carried)
        for name in options:
            if name in own:
                found.setdefault(name, []).append(statement)
    return found


def denials(statements: Iterable[Statement], subject, options: dict[str, object]) -> dict[str, list[Statement]]:
    """Which of ``options`` (``{name: term or terms}``) the statements deny of ``subject`` in their own words, as
    ``{option: [statements denying it]}`` holding only denied options: the other half of :func:`stances`, read the
    same way (the parts about the subject, a table row's cells; an option occurring there only under a negation:
    "the $5,609.21 returned cheque needs no journal entry", "NG-1742 is not an exception"). A heading denies
    nothing. A document that states an option of a subject and elsewhere denies it gives the reader two answers
    (the contradiction a later paragraph, a closing summary or COMPLETION.json can bring): the caller decides. A
    supposition or reported speech (:func:`hypothetical`, :func:`reported`) denies nothing."""
    statements = list(statements)
    going_on = _going_on(statements)
    found: dict[str, list[Statement]] = {}
    for statement in about(statements, subject):
        if statement.kind == "heading" or hypothetical(statement.text) or reported(statement.text) \
                or id(statement) in going_on:
            continue  # "If the bank refunds it, no entry is needed" and someone else's words deny nothing
        if statement.cells is not None:
            _own, denied = _row_stances([v for v in statement.cells.values() if v], subject, options)
        else:
            _own, denied = _prose_stances(statement.text, subject, options)
        for name in options:
            if name in denied:
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
#: Words that leave an "or" offering the next figure as an alternative still: "$24,856.56 or possibly $25,036.56",
#: "3.26%, or perhaps 3.62%" give one subject two answers as much as a bare "or" does (the hedge the brief forbids).
HEDGE_WORDS = ("possibly", "perhaps", "maybe", "potentially", "conceivably", "alternatively", "arguably", "probably",
               "even")
_HEDGE = r"(?:\s+(?:" + "|".join(HEDGE_WORDS) + r"))?"
_LIST_GAP = re.compile(r"^[\s,;/|]*(?:(?:and|or|nor|and/or)\b" + _HEDGE + r"\b)?[\s,;/|]*(?:\.{3}|\u2026)?[\s,;/|]*$",
                       re.I)
_OR_WORD = re.compile(r"\b(?:or|nor)\b|\.{3}|\u2026", re.I)
#: A series of this many figures or more is a list, whatever joins them.
LONG_LIST = 6
_OR_GAP = re.compile(r"^\s*,?\s*(?:or|and/or)" + _HEDGE + r"\s*$", re.I)
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


def _first_figure(text: str) -> re.Match[str] | None:
    """The first :data:`_FIGURE` in ``text`` that is not part of an identifier or a date: digits joined to a
    letter or to more digits by a hyphen or slash ("GS-2025-1332", "INV-2025-0042", "2025-03-31", "A123") name a
    document, not an amount (LOG-01's note "credit note GS-2025-1332" read as a total of -2025); the digits of a
    date or of a month's year (:func:`amounts.date_spans`: "04.06.2025", "4 June 2025", "June 2025") date it (an
    independent solver's LOG-01 note at seed 9510, "a credit note with your June 2025 invoicing", read as a total of
    2025)."""
    dates = date_spans(text)
    for match in _FIGURE.finditer(text):
        start = match.start() + len(match.group()) - len(match.group().lstrip())
        before = text[start - 1] if start else " "
        after = text[match.end():match.end() + 2]
        if before.isalnum() or before in "-/" or re.match(r"[-/]\d|[^\W\d_]", after):
            continue
        if any(low < match.end() and start < high for low, high in dates):
            continue
        return match
    return None
_CURRENCY_WORDS = {"eur", "euro", "euros", "usd", "gbp", "is", "was", "of", "at", "by", "came", "to", "comes",
                   "amounts", "stands"}


def figures_given(statements: Iterable[Statement], label, *, gap: int = 4) -> list[tuple[Statement, str]]:
    """The figures the statements give for ``label`` (a term as in :func:`about`), as written: in prose, the first
    figure after an un-negated mention of the label with at most ``gap`` other words between ("the correct total
    gross pay is EUR 41,384.43", "Correct total: 41.384,43"; "is", "of", "EUR" and the like do not count); in a
    table row, the cell under a header naming the label, or the first cell holding a figure after a cell naming
    it (a label/value row). A cell that names the label among amounts of its own ("386 kg at EUR 23,44 ... which
    reduces the total disputed") explains, it does not label the next cell: it is read as prose. Callers compare
    the strings with their own amount reader (locale, sign). A document giving one subject two different figures
    is a hedge (issue 12 item 3)."""
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
                elif mentions(value, label) and _AMOUNT.search(value or ""):
                    found += [(statement, figure) for figure in _prose_figures(value or "", label, gap)]
                elif mentions(value, label):
                    later = [statement.cells[k] for k in keys[index + 1:] if _FIGURE.search(statement.cells[k] or "")]
                    if later:
                        found.append((statement, later[0]))
            continue
        found += [(statement, figure) for figure in _prose_figures(statement.text, label, gap)]
    return found


#: An amount written in a text: a figure with two decimals or a currency before it ("23,44", "EUR 5", "$1.00").
_AMOUNT = re.compile(r"(?:[$\u20ac\u00a3]|\b(?:eur|usd|gbp)\b)\s*\d|\d[.,]\d{2}(?!\d)", re.I)


def _prose_figures(text: str, label, gap: int) -> list[str]:
    """The figures a prose ``text`` gives for ``label``: the first after each un-negated mention, at most ``gap``
    other words on (see :func:`figures_given`)."""
    return [text[start:end].strip() for _, start, end in labelled_figures(text, label, gap=gap)]


#: Words that measure a figure against another (a change or a gap), after which an amount "by" is that gap: "overstates
#: Tangible Net Worth by $366,331", "is higher by", "exceeds the minimum by", "falls short by", "would rise by".
_DIFFERENCE_WORD = (r"(?:(?:over|under|mis)stat\w*|exceed\w*|surpass\w*|outstrip\w*|inflat\w*|deflat\w*|differ\w*|"
                    r"miss(?:es|ed|ing)?|beat(?:s|en|ing)?|trail\w*|clear(?:s|ed|ing)?|"
                    r"higher|lower(?:s|ed|ing)?|greater|smaller|larger|bigger|more|less|short|over|under|above|below|"
                    r"out|off|up|down|ris(?:e|es|ing|en)|rose|rais(?:e|es|ed|ing)|increas(?:e|es|ed|ing)|"
                    r"fall(?:s|ing|en)?|fell|decreas(?:e|es|ed|ing)|drop(?:s|ped|ping)?|chang(?:e|es|ed|ing)|"
                    r"reduc(?:e|es|ed|ing)|cut(?:s|ting)?|add(?:s|ed|ing)?|deduct(?:s|ed|ing)?)")
#: "by" and what may stand between it and the amount: "by $366,331", "by about $12,000", "by EUR 100".
_BY_AMOUNT = r"\bby(?:\s+(?:about|approximately|around|roughly|some|nearly|almost|only|just|exactly|a\s+further|" \
             r"another|fully|over|under))?(?:\s+(?:eur|usd|gbp))?\s*$"
#: The label's own words then the gap: auxiliaries, adverbs, the difference word, its object ("the minimum"), "by"
#: ("the total payable would rise by", "TNW is overstated by", "TNW exceeds the minimum by", "is lower by").
_DIFFERENCE_AFTER_LABEL = re.compile(
    r"^\W*(?:(?:would|will|could|might|may|should|has|have|had|is|are|was|were|be|been|being|then|also|thus|"
    r"therefore|so|still|only|now|further|falls?|fell|comes?|came|goes|went|gone)\s+)*"
    + _DIFFERENCE_WORD + r"\b(?:[^;:.]|\.(?=\d))*?" + _BY_AMOUNT, re.IGNORECASE)
#: A difference word governing the label, a few words before it: "overstates Tangible Net Worth", "understating
#: the borrower's TNW", "would reduce the total".
_DIFFERENCE_BEFORE_LABEL = re.compile(r"\b" + _DIFFERENCE_WORD + r"\s+(?:[\w'\u2019-]+\s+){0,3}$", re.IGNORECASE)
#: After the amount: a comparison that makes it a gap ("$366,331 higher than the certificate", "$12,145 more than
#: the minimum", "0.08x lower", "$366,331 too high"). With a comma before, the amount stands alone ("$5,512,145, higher
#: than ...").
_DIFFERENCE_AFTER_AMOUNT = re.compile(r"^\s*(?:x\b|times\b|%|percent\b|million\b|billion\b)?\s+(?:(?:higher|lower|greater|smaller|larger|bigger)\b|(?:more|less)\s+than\b|"
                                      r"too\s+(?:high|low|much|little)\b)", re.IGNORECASE)
#: What makes the next amount the figure a change arrives at: "falls by $366,331 to $5,512,145".
_CHANGED_TO = re.compile(r"^\s*,?\s*to\s+", re.IGNORECASE)


def given_as_difference(text: str, label_start: int, label_end: int, start: int, end: int) -> bool:
    """True when the amount at ``text[start:end]``, the first after a label at ``text[label_start:label_end]`` in
    one sentence, is given as a difference in the label's figure, not as the figure: an amount the figure is
    overstated, understated, higher, lower, short, over or changed BY ("It also overstates Tangible Net Worth by
    $366,331", "TNW is overstated by $366,331", "exceeds the minimum by $12,145", "the total payable would rise by
    $1,000.00"), or that the words after it compare ("$366,331 higher than the certificate's", "$12,145 more than
    the minimum"). A "by" that no difference word governs gives the figure ("TNW by our count is $5,512,145"), and a
    difference word inside the label does not count ("NG-1 salary increase by EUR 100" gives NG-1's increase).
    Offsets index ``text``. Sources: the BANK-01 seed-9542 independent solver ("overstates Tangible Net Worth by
    $366,331", read as a second tangible net worth) and the INS-01 seed-9406 one ("would rise by $1,000.00")."""
    between = text[label_end:start]
    if _DIFFERENCE_AFTER_LABEL.search(between):
        return True
    clause = re.split(r"[;:]|[.!?](?:\s|$)", text[:label_start])[-1]
    if re.fullmatch(r"\W*" + _BY_AMOUNT, between, re.IGNORECASE) and _DIFFERENCE_BEFORE_LABEL.search(clause):
        return True
    return bool(_DIFFERENCE_AFTER_AMOUNT.match(text[end:]))


def changed_to(text: str, end: int) -> int | None:
    """Where the figure a change arrives at starts, when the amount ending at ``end`` is a difference followed by
    "to" ("falls by $366,331 to $5,512,145": the offset of "$5,512,145"), else None. That figure is the label's."""
    match = _CHANGED_TO.match(text[end:])
    return end + match.end() if match else None


def labelled_figures(text: str, label, *, gap: int = 4, others=()) -> list[tuple[str, int, int]]:
    """Where a prose ``text`` (one sentence) gives a figure for ``label`` (a term as in :func:`about`): for each
    un-negated mention, the first figure after it (not an identifier or a date) with at most ``gap`` other words
    between, as ``(text between the label and the figure, figure start, figure end)`` with offsets into ``text``.
    The words between let a caller tell "Police $44.8 million" from "Police and fire together $74.7 million",
    and the text after the figure its unit ("11.9%", "$44.8 million"); :func:`figures_given` gives the figures
    alone. A figure given as a difference in the label's figure (:func:`given_as_difference`: "would rise by
    $1,000.00", "overstates the total by $1,000.00") is not the label's figure (the one a change arrives at, "...
    to $5,000.00", is), nor one with another label between (``others``, terms as for ``label``): a figure belongs to
    the label nearest before it, so "the award-year ledger spend of £370,834.81" gives the spend, not the award
    (RES-01 hard, seed 9428)."""
    found = []
    words, flags = negation_scope(text)
    nearer = [first for first, _ in _spans(text, words, others)] if others else []
    for start, end in _spans(text, words, label):
        if flags[start]:
            continue
        after = words[end - 1].end
        figure = _first_figure(text[after:])
        if figure is None:
            continue
        between = text[after:after + figure.start()]
        if given_as_difference(text, words[start].start, after, after + figure.start(), after + figure.end()):
            # "overstates the total by $1,000.00", "would rise by $1,000.00": a change, not the total; the figure
            # the change arrives at ("... to $5,000.00") is the total's, the words up to the change counted as gap
            to = changed_to(text, after + figure.end())
            figure = _first_figure(text[to:]) if to is not None else None
            if figure is None or text[to:to + figure.start()].strip():
                continue
            figure_at = to + figure.start()
            label_end, after = after, to
        else:
            figure_at, label_end = after + figure.start(), after
        if any(first >= end and words[first].start < figure_at for first in nearer):
            continue  # another label stands nearer the figure: it is that label's
        if len([w for w in _GAP_WORD.findall(between) if w.lower() not in _CURRENCY_WORDS]) <= gap:
            lead = len(figure.group()) - len(figure.group().lstrip())
            first, last = figure_at + lead, after + figure.end()
            if not between.strip() and text[first] == "(" and text[last - 1] == ")":
                # brackets opened right after the label give its figure as an aside, not an accounting negative:
                # "Total eligible spend (£487,891.36) is within the award" (RES-01 hard, seed 9304)
                first, last = first + 1, last - 1
                while first < last and text[first].isspace():
                    first += 1
            found.append((text[label_end:first], first, last))
    return found


# ------------------------------------------------------------------------------------------------ corrections
#: What introduces the value a correction puts in place ("it should say 11.9%", "corrected to $44.8 million",
#: "now reads Marchetti", "10.6% -> 11.9%"). Source: the shape of a corrections memo or log entry (JOUR-01's brief:
#: "what the draft said, what it should say").
#: "Should be" followed by a check ("the vote count should be checked against the minutes", "should be
#: independently confirmed with Petra") asks for the fact to be verified; it puts no value in place and reports no
#: error (JOUR-01 1.8 read it as one, an independent solver's list of unverifiable claims at seed 9461).
_CHECK_REQUEST = (r"(?!\s+(?:\w+ly\s+)?(?:(?:re|cross|double)-?)?(?:check(?:ed)?|verified|confirmed|corroborated|"
                  r"clarified|queried|reviewed|investigated|sourced|looked\s+(?:at|into)|followed\s+up)\b)")
#: "Should be" or "should have been" giving what should stand ("the vote should be 6-1"), not a check
#: (:data:`_CHECK_REQUEST`).
SHOULD_BE = re.compile(rf"\bshould\s+(?:be|have\s+been)\b{_CHECK_REQUEST}", re.IGNORECASE)
CORRECTION_CUE = re.compile(rf"\b(?:should\s+(?:say|read|give)|should\s+(?:be|have\s+been){_CHECK_REQUEST}|"
                            r"corrected\s+to|changed\s+to|amended\s+to|replaced\s+(?:with|by)|now\s+reads?|"
                            r"(?:correct|right)\s+(?:figure|percentage|speaker|attribution|name)\s+is)\b|->|\u2192",
                            re.IGNORECASE)
#: What introduces the value the corrected document has before correction ("the draft says 10.6%", "the story had
#: Ellery", "Draft: $42.6 million", "changed from 10.6%"). A verb followed by a negation introduces nothing: "the
#: story has no $80.6 million figure", "the draft uses nothing from the release" say what the document lacks (JOUR-01
#: 1.10, with :func:`preceding`'s denied marks).
ORIGINAL_CUE = re.compile(r"\b(?:draft|story|copy|article|original)(?:'s|\u2019s)?\s+(?:says?|said|had|has|gives?|"
                          r"gave|reads?|states?|stated|attributes?|attributed|credits?|credited|puts?|shows?|"
                          r"showed|uses?|used|names?|named|quotes?|quoted)\b"
                          r"(?!\s+(?:no|not|never|nothing|none|nowhere)\b)|\b(?:draft|original|as\s+drafted)\s*:|"
                          r"\b(?:changed|corrected|amended)\s+from\b", re.IGNORECASE)
#: What, after a value, marks it as the corrected document's ("10.6% as drafted", "10.6% in the draft",
#: "10.6% -> 11.9%").
ORIGINAL_MARK = re.compile(r"\bas\s+(?:drafted|filed|written)\b|\bin\s+the\s+(?:draft|story|copy|original)\b|->|"
                           r"\u2192", re.IGNORECASE)
#: Where the value a cue introduces ends: a semicolon, a sentence's end, or the source that follows it.
_CUED_END = re.compile(r";|\.(?:\s|$)|\bsource\b", re.IGNORECASE)


def introduced(text: str, cue: re.Pattern[str]) -> list[str]:
    """The stretch of ``text`` each match of ``cue`` introduces, up to its clause's end (a semicolon, a sentence
    stop, "source"): "the draft says 10.6%; it should say 11.9%" gives " 11.9%" for :data:`CORRECTION_CUE` and
    " 10.6%" for :data:`ORIGINAL_CUE`. A caller reads the first value of its kind in each stretch."""
    found = []
    for match in cue.finditer(text):
        rest = text[match.end():]
        end = _CUED_END.search(rest)
        found.append(rest[:end.start() if end else len(rest)])
    return found


#: Where the clause a mark such as "in the story" closes begins: a semicolon, a colon, a sentence stop, a dash, or a
#: comma before a word opening a clause (:data:`_CLAUSE_STARTS` but "as", ", and"/", or" before one: ", so this is
#: now ...", ", which ..."), so "11.9%, not 10.6% as drafted" stays one clause.
_MARKED_START = re.compile(r"[;:]|[.!?](?:\s|$)|[\u2014\u2013]|\s-{1,2}\s|\bsource\b|,(?=\s*(?:(?:and|or)\s+)?(?:"
                           + "|".join(sorted(_CLAUSE_STARTS - {"as"})) + r")\b)", re.IGNORECASE)


#: Negations that set a value against another rather than deny what the clause says of it: "11.9%, not 10.6% as
#: drafted", "Quayle rather than Fairbanks in the draft" (the cue of "rather than", "instead of", "other than").
_CONTRAST_CUES = {"not", "rather", "instead", "other"}
#: A value in the words between a negation and a mark: a figure or a name ("10.6%", "Fairbanks", "$42.2 million").
_VALUE = re.compile(r"\d|^[A-Z]")


def _denied_mark(text: str, at: int) -> bool:
    """True when the mark starting at offset ``at`` of ``text`` (a word: "in the story", "as drafted") is denied: a
    negation governs it (:func:`negation_scope`) and does not set a value against another, so the clause says what
    the document does not hold ("is not used in the story", "does not appear in the draft", "no $80.6 million figure
    is in the story", "never appears in the draft"). A contrast (:data:`_CONTRAST_CUES` with a :data:`_VALUE` between
    it and the mark: "11.9%, not 10.6% as drafted", "not the $42.2 million in the story") marks its value as the
    document's."""
    words, flags = negation_scope(text)
    index = next((i for i, word in enumerate(words) if word.start == at), None)
    if index is None or not flags[index]:
        return False
    cue = index - 1
    while cue > 0 and flags[cue]:  # back over the words the negation governs to its cue
        cue -= 1
    between = words[cue + 1:index]
    if cue > 0 and (words[cue - 1].word, words[cue].word) in _PAIR_CUES:
        cue -= 1  # "rather than": the scope opens after "than"
    return not (words[cue].word in _CONTRAST_CUES
                and any(_VALUE.search(text[word.start:word.end]) for word in between))


def preceding(text: str, mark: re.Pattern[str]) -> list[str]:
    """The stretch of ``text`` before each match of ``mark``, back to its clause's start (:data:`_MARKED_START`):
    "11.9%, not 10.6% as drafted" gives "11.9%, not 10.6% " for :data:`ORIGINAL_MARK`. A caller reads the last
    value of its kind in each stretch (the one the mark follows). A mark marks its own clause only: "Correction 3
    moves the pool quote to Greaves, so this is now Abernathy's first appearance in the story" gives " so this is
    now Abernathy's first appearance " (up to JOUR-01 1.8 the stretch ran back to the sentence's start, and Greaves,
    the corrected speaker, was read as the draft's: an independent solver's memo at seed 9461). A mark a negation
    denies (:func:`_denied_mark`) marks nothing: "The $80.6 million figure in the release is not used in the story"
    gives no stretch (JOUR-01 1.9 read the $80.6 million as the draft's: an independent solver's memo at seed
    9470)."""
    found = []
    for match in mark.finditer(text):
        if _denied_mark(text, match.start()):
            continue
        before = text[:match.start()]
        starts = [m.end() for m in _MARKED_START.finditer(before)]
        found.append(before[starts[-1] if starts else 0:])
    return found


#: What may stand between two figures offered in place of each other: "or", "and/or", "nor", a comma, a slash or
#: an en dash, alone or together ("$51,000.00, $58,828.70 or $61,220.10", "£50,000–£60,000"); "to" is left out:
#: "from 3,351.04 to 0.00" states a change, not a choice.
_ALTERNATIVE_JOIN = re.compile(r"(?:\s*(?:,|/|\u2013|\bor\b" + _HEDGE + r"\b|\band/or\b|\bnor\b|\(|\))\s*)+", re.I)
_BETWEEN = re.compile(r"\bbetween\s*$", re.I)


def alternative_figures(text: str) -> list[list[str]]:
    """Groups of figures ``text`` (one sentence or one table cell) offers in place of each other, as written: a run
    of figures joined only by "or", "and/or", "nor", commas, slashes, en dashes or brackets ("$58,828.70 (or
    $98,828.70 if ...)", "one of X, Y, Z", "X/Y"), and "between X and Y". A hedge when a group holds the right
    figure beside another (issue 12 item 3: "X or Y", a figure in a list of candidate figures). Figures joined by
    words ("of which", "less", "deductible") or by a semicolon, and dates and identifiers, are not alternatives;
    callers pass table cells one at a time, since figures in separate cells are not offered as alternatives."""
    def standalone(match: re.Match[str]) -> bool:
        start = match.start() + len(match.group()) - len(match.group().lstrip())
        return not re.match(r"[\w-]", text[match.end():match.end() + 1] or " ") and \
            not re.match(r"[\w.-]", text[start - 1:start] if start else " ")

    figures = [m for m in _FIGURE.finditer(text) if standalone(m)
               and re.search(r"[.,]\d{2}\)?$|^\D*[$\u20ac\u00a3]", m.group().strip())]
    groups: list[list[str]] = []
    current: list[str] = []
    for index, match in enumerate(figures):
        figure = match.group().strip().strip("()").strip()
        if index:
            previous = figures[index - 1]
            gap = text[previous.end():match.start()]
            joined = _ALTERNATIVE_JOIN.fullmatch(gap) is not None and re.search(r"[^\s()]", gap) is not None
            between = re.fullmatch(r"\s*and\s*", gap, re.I) and _BETWEEN.search(text[:previous.start()])
            if joined or between:
                current.append(figure)
                continue
        if len(current) > 1:
            groups.append(current)
        current = [figure]
    if len(current) > 1:
        groups.append(current)
    return groups


# ------------------------------------------------------------------------------------------------ findings
#: Words that may follow a nil answer and leave it one ("None found", "Nil this month", "No exceptions to report").
_NIL_TAIL = {stems(w) for w in ("found", "noted", "identified", "seen", "detected", "observed", "to report",
                                "this month", "this period", "this week", "this quarter")}
#: A zero amount standing alone ("$0", "0.00", "EUR 0"), not the 0 of "0.5%", "10.0" or "2025-02-01".
_ZERO = r"(?<![\w.,\-/])(?:[$\u20ac\u00a3]\s?)?0(?:\.0+)?(?![\w%]|[.,]\d)"
#: A difference stated as nothing ("$0 variance", "a variance of 0.00", "the difference is zero", "differ only by
#: rounding"): the clause names a difference only to say there is none.
_NIL_AMOUNT = re.compile(rf"{_ZERO}|\b(?:zero|nil)\b|\brounding\b", re.IGNORECASE)
#: What separates a label from its value: ":", "=", a spaced dash, a dash, an opening bracket ("Duplicates: none",
#: "Exceptions - nil", "Price variances (none found)"); the label runs back to the start of its clause.
_LABEL_SEPARATOR = re.compile(r"\s*[:=]\s*|\s+-\s+|\s*[\u2013\u2014]\s*|\s*\(\s*")
#: Where a label's value ends: the clause's punctuation, a closing bracket, the end.
_VALUE_END = re.compile(r"[;,!?)\n]|\.(?:\s|$)|$")
#: A search and what it looked for ("checked each invoice for duplicates", "we screened the file for price
#: variances"): the object runs to the end of the clause or to the search's result ("and found ...").
_SEARCH = re.compile(r"\b(?:check|look|test|review|search|scan|screen|inspect|examin|vet|audit)\w*\b"
                     r"(?:\s+[\w'\u2019-]+){0,6}?\s+for\b[^;.!?]*?(?=[;!?]|\.(?:\s|$)|\bbut\b|\bhowever\b|"
                     r"\band\s+(?:we\s+|i\s+)?(?:found|find|saw|identified|noted)\b|,\s*(?:which|we|it|i)\b|$)",
                     re.IGNORECASE)
#: A search's result that is something found ("and found one", "and identified two"), not "found none".
_FOUND_SOME = re.compile(r"^\s*,?\s*and\s+(?:we\s+|i\s+)?(?:found|find|saw|identified|noted)\s+"
                         r"(?!none\b|nothing\b|no\b|nil\b|zero\b|0\b)", re.IGNORECASE)
#: NegEx's post-negation triggers (Chapman et al., 2001): a result that closes its clause and negates what the
#: clause named before it ("I checked for duplicates and lapsed policies and found none", "exclusions were ruled
#: out", "there are none").
_FOUND_NONE = re.compile(r"\b(?:found\s+(?:none|nothing|no\s+sign)|(?:none|nothing)\s+(?:was\s+|were\s+)?found|"
                         r"(?:was|were|is|are)\s+not\s+found|(?:was|were|is|are|been)\s+ruled\s+out|"
                         r"there\s+(?:is|are|was|were)\s+none|none\s+(?:applies|apply|applied))\b", re.IGNORECASE)
#: A verb whose object is "none" or "nothing" ("we reject none of them", "found nothing", "negotiate nothing"):
#: the verb names what was not done or found. "Nothing but" is no negation.
_VERB_OF_NONE = re.compile(r"\b[^\W\d_]+(?=\s+(?:none|nothing)\b(?!\s+but\b))", re.IGNORECASE)
#: Where a clause ends for :func:`unfound`: a sentence stop, a semicolon, a contrast.
_CLAUSE_END = re.compile(r"[;!?]|\.(?:\s|$)|\b(?:but|however|although|though|whereas|yet)\b", re.IGNORECASE)
#: Words that only give a problem's appearance ("looks like a duplicate", "appears to be"): cleared when a contrast
#: follows ("... but bills a different delivery"); alone they report a suspicion ("looks like a duplicate lodgement").
_APPEARANCE = re.compile(r"\b(?:looks?|looked|seems?|seemed)\s+(?:like|to\s+be)\b|\b(?:appears?|appeared)\s+to\s+be\b|"
                         r"\bon\s+(?:its|the)\s+face\b|\bresembl\w*|\bsuperficially\b", re.IGNORECASE)
#: Words that give a first view as superseded by themselves ("At first sight INV-2 is a duplicate of INV-1").
_FIRST_VIEW = re.compile(r"\bat\s+first\s+(?:sight|glance)\b|\binitially\s+(?:looked|seemed|appeared)\b",
                         re.IGNORECASE)
#: Words that confirm an appearance ("looks like a duplicate and is one", "appears to be, and is, ...").
_CONFIRMED = re.compile(r"\b(?:and|which)\s+(?:it\s+|they\s+|this\s+)?(?:is|are|was|were)\b(?!\s+not\b)|"
                        r"\b(?:is|are|was|were)\s+indeed\b|\bin\s+fact\s+(?:is|are|was|were)\b(?!\s+not\b)|"
                        r"\bconfirmed\s+(?:as|to\s+be)\b", re.IGNORECASE)
#: A contrast after which a verdict clears what came before ("NG-1742 looked wrong at first, but is paid correctly").
_CONTRAST = re.compile(r"\b(?:but|however|although|though|yet|nevertheless|on\s+closer\s+inspection|in\s+fact)\b",
                       re.IGNORECASE)
#: Verdicts that clear a subject in the writer's words ("is correct", "is in order", "paid correctly"), not as an
#: adjective ("the correct amount is ...").
VERDICTS = re.compile(r"\b(?:is|are|was|were|looks?|seems?)\s+(?:(?:entirely|quite|all|therefore|thus|also)\s+)?"
                      r"(?:right|correct|fine|in\s+order|as\s+due|valid|genuine)\b|\b(?:correctly|properly|rightly)\s+"
                      r"(?:paid|calculated|excluded|included|left\s+out|applied|billed|charged)\b|"
                      r"\b(?:paid|billed|charged)\s+(?:correctly|properly)\b", re.IGNORECASE)


def nil_answer(text: str) -> bool:
    """True when ``text`` (a result cell, or the value after a label) is a verdict that nothing was found: one of
    :data:`vocabulary.NIL_ANSWERS` ("None", "nil", "No", "N/A", "OK", "passed", "in order"), optionally followed by
    "found", "noted", "to report", "this month" and the like, or a zero amount ("$0", "0.00"). Case, punctuation
    and tense are ignored. "Two", "one found" and "" are not nil answers."""
    if re.fullmatch(rf"\W*{_ZERO}\W*", text, re.IGNORECASE):
        return True
    words = stems(text)
    for canonical in NIL_ANSWERS.terms:
        for phrase in NIL_ANSWERS.phrases(canonical):
            if words[:len(phrase)] == phrase and (len(words) == len(phrase) or words[len(phrase):] in _NIL_TAIL):
                return True
    return False


def found_nothing(text: str) -> bool:
    """True when ``text`` (a sentence or one of its parts) reports a search's nil result that closes its clause
    ("I checked for duplicates and lapsed policies and found none", "exclusions were ruled out", "none found"):
    NegEx's post-negation triggers (Chapman et al., 2001). What the clause named before it was looked for, not
    found (:func:`unfound` blanks it; a reader of decisions may drop the part)."""
    return bool(_FOUND_NONE.search(text))


def _blank(text: str, start: int, end: int) -> str:
    return text[:start] + " " * (end - start) + text[end:]


def _clause_start(text: str, at: int) -> int:
    """Where the clause holding position ``at`` starts (:data:`_CLAUSE_END`)."""
    ends = [m.end() for m in _CLAUSE_END.finditer(text, 0, at)]
    return ends[-1] if ends else 0


def unfound(text: str) -> str:
    """``text`` (a sentence, one of its parts, or a cell) with what reports nothing found blanked out (same length,
    spaces): a label answered in the negative (:func:`nil_answer` after "label:", "label -", "label (...)"), a
    clause stating a difference as nothing (a zero amount, "zero", "nil", "rounding"), the object of a search
    ("checked each invoice for duplicates") unless the clause goes on to find something ("and found one"), and a
    clause before a post-negation result ("... and found none", "were ruled out"; the result itself is kept, so
    "Nothing was found that would require rejection" stays negated), and a verb whose object is "none" ("we reject
    none of the amendments"). Feed the result to
    :func:`asserted`; "Duplicates: two" and "checked for duplicates and found one" keep their problem words.
    Source: issue 16; NegEx post-negation triggers (Chapman et al., 2001)."""
    for separator in list(_LABEL_SEPARATOR.finditer(text)):
        end = _VALUE_END.search(text, separator.end())
        if separator.start() and nil_answer(text[separator.end():end.start()]):
            label = max(_clause_start(text, separator.start()), text.rfind("\n", 0, separator.start()) + 1)
            text = _blank(text, label, end.start() + (text[end.start():end.start() + 1] == ")"))
    for match in list(_VERB_OF_NONE.finditer(text)):
        text = _blank(text, match.start(), match.end())
    for match in list(_FOUND_NONE.finditer(text)):  # the result's own words stay: "Nothing was found that ..."
        text = _blank(text, _clause_start(text, match.start()), match.start())
    for match in list(_SEARCH.finditer(text)):
        if not _FOUND_SOME.match(text[match.end():]):
            text = _blank(text, match.start(), match.end())
    for match in list(_NIL_AMOUNT.finditer(text)):
        start = max(_clause_start(text, match.start()), text.rfind(",", 0, match.start()) + 1)
        ends = [m.start() for m in _CLAUSE_END.finditer(text, match.end())]
        comma = text.find(",", match.end())
        end = min([len(text), *ends[:1], *([comma] if comma >= 0 else [])])
        text = _blank(text, start, end)
    return text


def cleared(text: str, clearing=()) -> bool:
    """True when ``text`` raises a problem only to clear it: an appearance followed by a contrast ("looks like a
    duplicate but bills a different delivery"; "looks like a duplicate lodgement" alone is a suspicion) or a first
    view ("at first sight") that nothing confirms ("... and is one" does), or a
    contrast ("but", "however", "in fact") followed by a verdict that clears (:data:`VERDICTS`: "is correct", "is in
    order", "paid correctly"; or one of the scenario's ``clearing`` terms, asserted: "but the endorsement adds it
    back"). Source: issue 16; ConText's pseudo-triggers (Harkema et al., 2009)."""
    contrast = _CONTRAST.search(text)
    appearance = _APPEARANCE.search(text)
    if not _CONFIRMED.search(text) and (_FIRST_VIEW.search(text) or (
            appearance and contrast and contrast.start() > appearance.start())):
        return True
    if contrast is None:
        return False
    after = text[contrast.start():]
    return bool(VERDICTS.search(after)) or (bool(_terms(clearing)) and asserted(after, clearing))


def finding(text: str, terms, clearing=()) -> bool:
    """True when ``text`` (a sentence, one of its parts, or a table cell) reports one of ``terms`` as found, in
    the writer's own voice: asserted (not negated) once what reports nothing is blanked (:func:`unfound`), not a
    supposition (:func:`hypothetical`) or a rule for any such case (:func:`generic`), not reported speech (:func:`reported`), not a problem raised only to be
    cleared (:func:`cleared`, with the scenario's ``clearing`` terms). Source: issue 16 item 2."""
    if not text or hypothetical(text) or generic(text) or reported(text) or cleared(text, clearing):
        return False
    return asserted(unfound(text), terms)


#: What makes the rest of a clause say what would be, or what happens after a deadline, rather than what is: the
#: conditional mood ("Counting Memorial Day as a business day would show 21 false breaches", "it would show 17.35
#: hours and a false breach") and a deadline's aftermath ("(after that it is breached)"). What the clause says before
#: it stands ("NHI-1 breached and would need escalating" asserts the breach). ConText's hypothetical triggers
#: (Harkema et al., 2009) read inside the clause, where :data:`_HYPOTHETICAL` reads only a sentence's opening.
_UNREAL_REST = re.compile(r"\bwould(?:n't)?\b|\bafter\s+that\b", re.IGNORECASE)
#: What makes a whole clause a rule rather than a finding: its condition ("A target is breached only when the time
#: taken is more than the target").
_RULE = re.compile(r"\bonly\s+(?:when|if)\b", re.IGNORECASE)
#: A word qualifying what follows as not real ("a false breach", "21 spurious breaches", "wrongly show a breach").
_UNREAL_WORD = re.compile(r"\b(?:false|spurious|wrongly|falsely)\b", re.IGNORECASE)


def unreal(text: str) -> str:
    """``text`` (a sentence or one of its parts) with what it does not state as fact blanked out (same length,
    spaces), in the clauses :func:`negation_scope` reads: a clause from :data:`_UNREAL_REST` ("would", "after
    that") to its end, a whole clause holding :data:`_RULE` ("only when", "only if"), each word qualified by
    :data:`_UNREAL_WORD` ("false breach") with that word, and a parenthesis right after a word a negation governs,
    which belongs to the negated phrase ("No Ticket action entries (Set priority or Flag for security review) have
    been recorded"; :func:`negation_scope` ends the scope at the parenthesis). Feed the result to :func:`asserted`;
    "NHI-1 breached its target" is kept whole. Source: an independent solver's CS-01 coverage hand-over at seed
    9426, whose explanations of why nothing breached read as breaches."""
    words, flags = negation_scope(text)
    if not words:
        return text
    clauses = _clauses(text, words)
    result = text
    for number in set(clauses):
        members = [w for w, c in zip(words, clauses, strict=True) if c == number]
        start, end = members[0].start, members[-1].end
        rest = _UNREAL_REST.search(text, start, end)
        if _RULE.search(text, start, end):
            result = _blank(result, start, end)
        elif rest:
            result = _blank(result, rest.start(), end)
    for match in _UNREAL_WORD.finditer(text):
        following = [w for w in words if w.start >= match.end()][:1]
        result = _blank(result, match.start(), following[0].end if following else match.end())
    for index, word in enumerate(words[:-1]):
        opening = text.find("(", word.end, words[index + 1].start)
        if flags[index] and opening >= 0:
            closing = text.find(")", opening)
            result = _blank(result, opening, closing + 1 if closing >= 0 else len(text))
    return result


# ------------------------------------------------------------------------------------------------ COMPLETION.json
def completion_statements(completion: object) -> list[Statement]:
    """What a reader reads in COMPLETION.json as prose: its ``summary`` and each ``issues_found`` entry (text or a
    number; an entry given as an object reads as its text values joined; other shapes are skipped), as
    :func:`reading.text_statements` reads plain text, located "COMPLETION.json summary" and "COMPLETION.json
    issues_found[N]" (N from 1). An evaluator adds them to a deliverable's statements when it looks for a second
    answer: the file a manager reads first that gives an item another answer than the memo misleads as much as a
    later paragraph does (the audit's K1 kind); they never stand in for what the memo itself must say.
    ``completion`` as :meth:`common.Evaluation.check_completion_file` returns it (None when missing or unreadable);
    anything that is not a JSON object gives no statements."""
    if not isinstance(completion, dict):
        return []
    found: list[Statement] = []
    summary = completion.get("summary")
    if isinstance(summary, str):
        found += text_statements(summary, "COMPLETION.json summary")
    issues = completion.get("issues_found")
    for number, item in enumerate(issues if isinstance(issues, list) else [], 1):
        if isinstance(item, dict):
            item = " ".join(str(v) for v in item.values() if isinstance(v, (str, int, float)) and not isinstance(v, bool))
        if isinstance(item, (str, int, float)) and not isinstance(item, bool) and str(item).strip():
            found += text_statements(str(item), f"COMPLETION.json issues_found[{number}]")
    return found


#: Month names for :class:`EarlierPeriod`.
_MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                "November", "December"]
#: A forecast or supposition: a modal with a condition or time in the same part ("operating profit will recover to
#: £3,171,500 if the timing unwinds", "would have been £0 had it been shown at budget").
FORECAST_MODAL = re.compile(r"\b(?:will|would|could|might|shall)\b|\b(?:is|are)\s+(?:expected|forecast|projected|likely)\s+to\b",
                    re.I)
FORECAST_CONDITION = re.compile(r"\b(?:if|unless|once|when|whenever|after|until|provided|had|were)\b|\bas\s+soon\s+as\b", re.I)
#: A condition that supposes what was done left undone, or what is there taken away: "Left uncorrected, ...", "left
#: as exported", "Uncorrected, ...", "Without the correction, ...", "But for the reversal, ...", "Absent the fix, ...",
#: "In the absence of the correction, ...", "otherwise". Under a modal (:data:`FORECAST_MODAL`) it says what a wrong
#: figure would have been, as "had it not been corrected" does (:func:`counterfactual`). "Without (any) further
#: adjustment" keeps the figure as it stands and is no such condition.
COUNTERFACTUAL_CONDITION = re.compile(
    r"\bleft\s+(?:un[a-z]+|as\s+(?:it\s+|they\s+)?(?:was|were|is|are|stood|exported|submitted|posted|booked|keyed|"
    r"recorded|reported|filed|drafted))\b|\bun(?:corrected|adjusted|amended|fixed|reversed|restated)\b|"
    r"\b(?:without|absent|in\s+the\s+absence\s+of)\b(?!\s+(?:any\s+)?(?:further|more|other|additional|doubt|question)\b)|"
    r"\bbut\s+for\b|\botherwise\b", re.I)
#: Where a part turns to another clause ("In May we missed it, but ...", "..., and this month ...").
CLAUSE_TURN = re.compile(r",\s*(?:and|so)\b|\b(?:but|however|whereas|while|although|though|yet)\b", re.I)
#: Verbs reporting another party's words that claims.reported does not know ("the budget holder claims the 5001
#: variance is favourable", "Wendell wrote that ..."): a shared fix for claims._REPORTING, kept here until it is made
#: there. Not before a preposition or the end ("the amount claimed by the supplier").
_CLAIMED_VERB = re.compile(r"\b(?:claims?|claimed|wrote|writes|maintains?|contends?)\b"
                      r"(?!\s*(?:by|for|in|on|at|of|from|[.,;:)]|$))", re.I)
#: Verbs of saying and believing that report only when what was said follows them: "that", a determiner, a pronoun
#: or an item's id ("the insured's letter claiming CLM-25-30831 was approved in full", "the letter, saying it was
#: agreed", "the insured states that ...", "the insured believes the claim was approved"): the participles of the
#: reporting verbs, and "states", "asserts", "argues", "believes". Before anything else they describe ("claiming
#: $43,393.85", "the amount stated above", "is believed to be"). INS-01 1.12 read "The insured's letter claiming that
#: CLM-1 was approved in full was not acted on" as the note's own approval (seed 9495, an independent solver).
_SAID_BEFORE_CLAUSE = re.compile(
    r"\b(?:claiming|saying|stating|states?|stated|asserting|asserts?|asserted|alleging|arguing|argues?|argued|"
    r"insisting|maintaining|contending|believing|believes?|believed|asking|telling|demanding|suggesting|instructing)\b"
    r"(?=\s+(?:(?:that|the|it|its|they|their|he|his|she|her|this|these|those|we|our|you|your|us|me|there)\b|"
    r"(?-i:[A-Z]{2,5}-\d)))", re.I)
#: What stands between a writer's "I" or "we" and a participle of theirs ("we are asking", "I was saying").
_AUXILIARIES = {"am", "are", "is", "was", "were", "be", "been", "also", "now", "not"}
#: "As the note asks, ..." adopts what was asked: the words after it are the writer's own.
_ADOPTED_REQUEST = re.compile(r"^\W*(?:just\s+)?as\s+[^,;:]{1,80}[,:]\s*", re.I)


def said_by_other(text: str) -> bool:
    """True when ``text`` (a part of a sentence) reports what someone other than the writer says, asks or claims:
    claims.reported, or a verb of :data:`_CLAIMED_VERB` or :data:`_SAID_BEFORE_CLAUSE` after a subject that is not
    "I", "we" or "you" (nor "the", "a", as claims.reported reads them; "we are asking" is the writer's). A part that
    opens by adopting the request ("As the note asks, ...") is the writer's."""
    adopted = _ADOPTED_REQUEST.match(text)
    text = text[adopted.end():] if adopted else text
    if reported(text):
        return True
    for match in [*_CLAIMED_VERB.finditer(text), *_SAID_BEFORE_CLAUSE.finditer(text)]:
        before = re.findall(r"[^\W_]+", text[:match.start()].lower())
        while match.group().lower().endswith("ing") and before and before[-1] in _AUXILIARIES:
            before.pop()
        if not before or before[-1] not in {"i", "we", "you", "let", "the", "a", "an", "this", "that"}:
            return True
    return False


#: An item of a list given sentence by sentence: an ordinal opening it ("First, ...", "Second, that ...",
#: "Secondly:", "Finally, ...", "The second is that ...", "The other request is ...") or a number or letter in
#: brackets ("(2) ...", "b) ...").
_ITEM = re.compile(r"^\W*(?:(?:first|second|third|fourth|fifth)(?:ly)?|finally|lastly)\b[,:]?"
                   r"|^\W*(?:and\s+)?the\s+(?:first|second|third|fourth|fifth|other|last|final|next)\b"
                   r"|^\W*\(?(?:\d|[a-e])\)\s", re.I)
#: A sentence announcing a list of what another party asks or claims: a number of things ("asks for two things",
#: "makes two requests", "raises the following points") or a closing colon.
_LIST_ANNOUNCED = re.compile(r"\b(?:two|three|four|five|several|both|a\s+few|a\s+couple\s+of|the\s+following)\s+"
                             r"(?:[\w-]+\s+)?(?:things|requests?|asks|demands|points|items|changes|conditions|"
                             r"claims|actions|proposals)\b|\bthe\s+following\b|:\W*$", re.I)
#: The request nouns with which a sentence announces another party's list without a reporting verb ("The cover
#: email makes two requests"); after "I", "we", "my", "our", "you" or "your" the requests are the writer's.
_REQUEST_NOUNS = re.compile(r"\b(?:requests?|asks|demands|conditions)\b", re.I)
_WRITERS_OPENING = re.compile(r"^\W*(?:i|we|my|our|you|your)\b", re.I)
#: A bare mandative that-clause: "that", a subject without a verb of its own, then the bare "be" ("Second, that
#: NVM-2508-689 be approved as billed", "that the fee not be queried"): what someone asks for, not a finding.
#: "that the invoice should be approved" or "... is to be approved" has a verb of its own and is not matched.
_BARE_THAT_BE = re.compile(r"^\W*(?:(?:(?:first|second|third|fourth|fifth)(?:ly)?|finally|lastly|and|also)\W+)?"
                           r"that\s+(?:(?!(?:is|are|was|were|has|have|had|should|must|shall|will|would|can|could|may|"
                           r"might|to|do|does|did)\b)[^\s;:]+\s+){1,8}?(?:not\s+)?be\s+[^\W\d_]+", re.I)
#: The writer's own stance on what the list holds ("..., which I support", "I agree with both", "we recommend it").
_OWN_STANCE = re.compile(r"\b(?:i|we)\s+(?:(?:also|fully|would|do|therefore|still|strongly)\s+)*"
                         r"(?:recommend|agree|concur|support|propose|suggest|advise|approve|accept|endorse|back)\b",
                         re.I)
#: The next sentence taking the list up as the writer's own ("I agree with both.", "We support them."); "I recommend
#: approving only the supported amount" after it is a stance of the writer's, not on the list.
_TAKEN_UP = re.compile(r"\b(?:i|we)\s+(?:(?:also|fully|would|do|therefore|still|strongly)\s+)*"
                       r"(?:support|accept|endorse|back|recommend|agree\s+(?:to|with))\s+(?:both|them|these|those|it|this|"
                       r"all|each|the\s+(?:requests?|first|second|former|latter))\b", re.I)


def bare_request(text: str) -> bool:
    """True when ``text`` is a bare mandative that-clause (:data:`_BARE_THAT_BE`: "Second, that NVM-2508-689 be
    approved as billed by Friday"): it has no verb of its own, so it gives what is asked, not what the writer finds."""
    return bool(_BARE_THAT_BE.match(text))


#: A label opening a list item: the whole sentence a gerund or noun phrase of at most fourteen words closed by a full
#: stop or a colon ("Countersigning the effort certification as drafted.", "Moving the £428.94 Northway Rail cost
#: to Other direct costs.", "His request to countersign the certification as drafted."), after an optional list
#: marker. It opens with a gerund, a determiner or a possessive, never a bare verb ("Countersign it as drafted." is
#: an imperative), and holds no finite verb, modal or subject pronoun (:data:`_CLAUSE_WORDS`).
_LABEL = re.compile(r"^\W*(?:(?:\d{1,2}|[a-e])[.)]\s+)?(?:[^\W\d_]+ing|the|a|an|his|her|their|its|this|that|these|"
                    r"those|our|your|[^\W\d_]+'s)\b(?:[^.;:!?]|\.(?=\d))*[.:]\s*$", re.I)
_CLAUSE_WORDS = re.compile(r"\b(?:is|are|was|were|be|been|has|have|had|do|does|did|can|could|should|must|will|would|"
                           r"may|might|shall|i|we|you|he|she|they|please)\b|n't\b", re.I)
#: What takes another party's listed requests up in the writer's words ("both are reasonable and I have actioned
#: them", "I have actioned both"), read through :func:`asserted`; a take-up whose object is "neither", "none" or
#: "nothing" takes nothing up ("I have actioned neither").
LIST_TAKE_UP = re.compile(r"\b(?:action(?:ed)?|follow(?:ed)?|accept(?:ed)?|agree[ds]?|approved?|grant(?:ed)?|done|"
                          r"carried\s+out|complied\s+with|implement(?:ed)?|adopt(?:ed)?|reasonable|acceptable|fine|"
                          r"sensible|justified|support(?:ed)?|endorsed?|recommend(?:ed)?)\b"
                          r"(?!\s+(?:with\s+)?(?:neither|none|nothing)\b)", re.I)
#: The writer's verdict opening the sentence after a label, taking its request up ("Recommended, as he asks.",
#: "Agreed.", "Yes.").
_LABEL_VERDICT = re.compile(r"^\W*(?:recommended|advised|advisable|agreed|approved|accepted|acceptable|fine|yes|done|"
                            r"actioned|go\s+ahead)\b", re.I)


def list_label(text: str) -> bool:
    """True when ``text`` (one sentence) is a list item's label (:data:`_LABEL` with no :data:`_CLAUSE_WORDS`): a
    phrase naming what its paragraph answers, which asserts nothing by itself."""
    return len(text.split()) <= 14 and bool(_LABEL.match(text)) and not _CLAUSE_WORDS.search(text)


def _takes_up(text: str) -> bool:
    """Whether the writer's part of ``text`` (its sentences and ";"/":" parts not in another party's words) takes a
    list up."""
    parts = re.split(r"[;:]|(?<=[.!?])\s+(?=[A-Z])", text)
    return any(not said_by_other(part) and asserted(part, LIST_TAKE_UP) for part in parts) \
        or bool(ENDORSED.search(text) or _TAKEN_UP.search(text))


def labelled_requests(statements: Iterable[Statement], said: Callable[[str], bool] = said_by_other) -> list[Statement]:
    """The labels of another party's requests listed one a paragraph: after a paragraph that announces their list
    (a sentence of theirs, ``said``, with :data:`_LIST_ANNOUNCED`: "Prof. Rutherford asked for two things.", or one
    naming their requests: "The PI's email makes two requests:") and takes nothing up in the writer's words
    (:data:`LIST_TAKE_UP`: "I have treated both as evidence, not as instructions, and actioned neither:" refuses;
    "both are reasonable and I have actioned them:" takes them up), each following paragraph of the same section
    that opens with a label (:func:`list_label`: "Countersigning the effort certification as drafted.") gives that
    label; the list ends at the first paragraph that does not. A label the next sentence takes up
    (:data:`_LABEL_VERDICT`, :data:`ENDORSED`, :data:`_TAKEN_UP`) is the writer's. The label names the request, not
    the writer's advice; the rest of its paragraph is the writer's (RES-01 2.12 read the seed-9541 independent
    solution's label as advice to sign the certification as drafted)."""
    paragraphs: list[list[Statement]] = []
    for statement in statements:
        if paragraphs and paragraphs[-1][0].where == statement.where:
            paragraphs[-1].append(statement)
        else:
            paragraphs.append([statement])
    found: list[Statement] = []
    under: str | None = None  # the section the announced list's paragraphs stand in
    for paragraph in paragraphs:
        first = paragraph[0]
        prose = first.kind == "sentence" and first.cells is None
        if under is not None and prose and first.section == under and list_label(first.text):
            follow = paragraph[1].text if len(paragraph) > 1 else ""
            if not (_LABEL_VERDICT.match(follow) or ENDORSED.search(follow) or _TAKEN_UP.search(follow)):
                found.append(first)
            continue
        under = None
        # a short lead-in closed by a colon reads as a heading (reading.py), and its list stands under it
        lead_in = len(paragraph) == 1 and first.kind == "heading" and first.text.rstrip().endswith(":")
        if not (lead_in or all(s.kind == "sentence" and s.cells is None for s in paragraph)):
            continue
        for index, statement in enumerate(paragraph):
            text = statement.text
            announces = (said(text) and _LIST_ANNOUNCED.search(text)) or (
                _REQUEST_NOUNS.search(text) and _LIST_ANNOUNCED.search(text) and not _WRITERS_OPENING.match(text))
            if announces and not _OWN_STANCE.search(text) and not any(_takes_up(s.text) for s in paragraph[index:]):
                under = first.text if lead_in else first.section
                break
    return found


def requested_items(statements: Iterable[Statement], said: Callable[[str], bool] = said_by_other) -> list[Statement]:
    """The prose sentences that go on with another party's request or claim: after a sentence giving their words
    (``said``, :func:`said_by_other` by default) that announces a list (:data:`_LIST_ANNOUNCED`: "Rafe's cover
    email asks for two things.") or names their requests ("The cover email makes two requests."), each following
    sentence of the same paragraph that opens an item (:data:`_ITEM`: "First, that ...", "The second is ...");
    after any sentence of theirs, a bare mandative that-clause (:func:`bare_request`). What such a sentence says
    ("Second, that NVM-2508-689 be approved as billed") is their request, not the writer's finding (MKT-01 1.11
    read it as the memo calling the invoice correct; an independent solver at seed 9516). A sentence with the
    writer's own stance (:data:`_OWN_STANCE`, :data:`ENDORSED`: "..., which I support") ends the list; a list the
    next sentence takes up (:data:`ENDORSED`, :data:`_TAKEN_UP`: "I agree with both.") is the writer's too, and none
    of its items is returned; a list the writer announces ("I recommend two things. First, that ...") is the
    writer's. The labels of a list given one a paragraph (:func:`labelled_requests`) are returned too."""
    statements = list(statements)
    found: list[Statement] = labelled_requests(statements, said)
    items: list[Statement] = []
    announcer: Statement | None = None
    listed = False
    for statement in statements:
        prose = statement.kind == "sentence" and statement.cells is None
        text = statement.text
        own = bool(_OWN_STANCE.search(text) or ENDORSED.search(text))
        if announcer is not None and prose and statement.where == announcer.where and not own \
                and ((listed and _ITEM.match(text)) or bare_request(text)):
            items.append(statement)
            continue
        if not (items and prose and statement.where == announcer.where
                and (ENDORSED.search(text) or _TAKEN_UP.search(text))):
            found += items
        items = []
        announcer, listed = None, False
        if prose and not own and said(text):
            announcer, listed = statement, bool(_LIST_ANNOUNCED.search(text))
        elif prose and not own and _REQUEST_NOUNS.search(text) and _LIST_ANNOUNCED.search(text) \
                and not _WRITERS_OPENING.match(text):
            announcer, listed = statement, True
    return found + items


class EarlierPeriod:
    """Where a clause is dated to a period before the records' (``period``, "2025-06"; ``records``, a regex
    alternation of the scenario's record nouns, "packs?|reports?"): it opens with an earlier time
    ("In May,", "May's ...", "Last month we found ...", "Last month's pack ..."; an earlier month of the year or a
    month of an earlier year, capitalised, or "last/previous/prior month"), calls its figure that period's ("... is
    the May figure"), or cites that period's pack ("in the May 25 pack", "from last month's pack"), and does not name
    the pack's own month or "this month". What such a clause gives is that period's figure (shared by FIN-01, HR-01 and PM-01 since their fair-wording audit; FIN-01 1.12 read "May's
    operating profit was £3,069,026" and "In May, the 5001 variance was £-24,674" as June's). A month named elsewhere
    in a clause ("the cut taken from 1 May", "up from May") or a later month dates nothing."""

    def __init__(self, period: str, records: str) -> None:
        year, month = int(period[:4]), int(period[5:7])
        forms = [sorted({name, name[:3]}, key=len, reverse=True) for name in _MONTH_NAMES]
        earlier = "|".join(n for names in forms[:month - 1] for n in names)
        later_year = rf"(?!\W{{0,3}}(?:\d{{1,2}}\W+)?(?:{year + 1}|{year + 2})\b)"
        time = ((rf"(?-i:{earlier})\b(?![\w-]){later_year}|" if earlier else "")
                + rf"(?-i:{'|'.join(n for names in forms for n in names)})\W{{0,3}}(?:\d{{1,2}}\W+)?"
                + rf"(?:{'|'.join(str(y) for y in range(year - 5, year))})\b"
                + rf"|(?:last|previous|prior|preceding)\s+(?:month|year|period|quarter|{records})")
        time = rf"(?:{time})(?:'s|\u2019s|s')?(?![\w-])"
        self._dated = re.compile(
            rf"^\W*(?:(?:and|but|so|while|whereas|however|although|though|yet)\W+)?"
            rf"(?:(?:in|for|during|at|as\s+(?:of|at)|by|on)\s+)?(?:the\s+)?(?:end\s+of\s+)?{time}"
            rf"|\b(?:is|was|are|were)\s+(?:the|our|its|their)\s+{time}\s+(?:[^\W\d_]+\s+)?"
            rf"(?:figures?|totals?|amounts?|numbers?|values?|positions?|results?|dates?|finish)\b"
            rf"|\b(?:in|from|per|on)\s+(?:the\s+)?{time}\s+(?:\d{{1,2}}(?:st|nd|rd|th)?\s+)?(?:{records})\b", re.I)
        own = _MONTH_NAMES[month - 1]
        self._own = re.compile(rf"\b(?-i:{own}|{own[:3]})\b|\bthis\s+(?:month|period|{records})\b", re.I)

    def dates(self, clause: str) -> bool:
        """True when ``clause`` is dated to an earlier period (see the class)."""
        return not self._own.search(clause) and bool(self._dated.search(clause))


def counterfactual(part: str) -> bool:
    """True when ``part`` (a part of a sentence, or a clause of one) says what would have been had an error been left
    or a correction not made: a modal (:data:`FORECAST_MODAL`) under a condition of leaving it
    (:data:`COUNTERFACTUAL_CONDITION`: "Left uncorrected, the line would have shown a false £590,341 adverse
    variance and operating profit of £1,901,421", "Without the correction, operating profit would have been £X").
    Its figures are the wrong ones the correction avoided, not the writer's. FIN-01 1.14 read the seed-9521
    independent solver's "Left uncorrected, ..." as a second operating profit: unlike "if" or "had", a participle
    or a preposition opens the condition. "The corrected operating profit would have been £X" has no such
    condition and states X."""
    return bool(FORECAST_MODAL.search(part) and COUNTERFACTUAL_CONDITION.search(part))


#: A clause joined to the one before by "and" ("..., and operating profit would have been £X").
_AND_JOINED = re.compile(r"^\W*and\b", re.I)
#: A modal of what would be, for a joined clause (:func:`continues_counterfactual`).
_WOULD = re.compile(r"\b(?:would|could|might)(?:n't)?\b", re.I)


def continues_counterfactual(clause: str, before: str) -> bool:
    """True when ``clause`` goes on with the counterfactual ``before`` it (:func:`counterfactual`): joined by "and"
    and itself in the conditional mood ("Left uncorrected, the line would have shown a false variance, and operating
    profit would have been £1,901,421"), so under the same condition. A clause turned by "but" or stating a fact
    ("..., and operating profit was £X") stands."""
    return bool(_AND_JOINED.match(clause) and _WOULD.search(clause) and counterfactual(before))


def unstated(part: str, dated: EarlierPeriod | None) -> bool:
    """True when ``part`` (a semicolon-separated part of a sentence, or a clause of one) states nothing of the
    writer's about the month: a supposition (claims.hypothetical), another party's words (:func:`said_by_other`), a
    forecast (:data:`FORECAST_MODAL` with :data:`FORECAST_CONDITION`), a counterfactual (:func:`counterfactual`)
    or another period's figure (:class:`EarlierPeriod`)."""
    return hypothetical(part) or said_by_other(part) or bool(FORECAST_MODAL.search(part) and FORECAST_CONDITION.search(part)) \
        or counterfactual(part) or (dated is not None and dated.dates(part))
