"""Realism checks of the ``ready`` gate that need the organisation's profile (SPEC section 5.6; issue 13, item 8).

The profile (benchmark/taxonomy/profiles/<ORG-ID>.json, read with benchmark/genkit/profiles.py loaded by path)
says which names are the organisation's own and which region's bank holidays close it. Two checks, each a list of
reasons:

* :func:`name_reuse`: no input names anything but the organisation itself with one of its distinctive words
  ("Calder Valley Foods plc" buying from "Colne Valley Sugar Ltd" reads like a related party). The words are the
  profile's ``distinctive_words``, plus ``oracle.json``'s optional ``own_names`` / ``distinctive_words`` for a
  client the generator draws per seed (an accounting firm's client). Text inside one of the own names (or the name of
  one of its people, a partner called Ashdown at Ashdown Fairley) is the organisation itself.
* :func:`event_dates_off`: dated events fall on working days of the profile's holiday region
  (:func:`genkit.bizdays.is_working_day`): every e-mail's ``Date`` header, every timed calendar event's ``DTSTART``
  (an all-day event is a day that is marked, such as a holiday or a closure, not a meeting), every document
  property date (created, modified, last printed; a PDF's creation and modification dates), and the dates a
  generator declares in ``oracle.json`` ``event_dates`` (``[{"date", "what"}]``: payment runs, register issues).
  A date listed in ``oracle.json`` ``deliberate_dates`` (``[{"date", "reason"}]``) is accepted wherever it occurs.

A scenario whose organisation has no profile fails: the profile is what the checks are judged against.
"""

from __future__ import annotations

import email
import email.policy
import email.utils
import re
from datetime import date, datetime, timedelta
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any
from zoneinfo import ZoneInfo

from wp42.gates.inputs import load_by_path
from wp42.gates.real import _DATE_NAMES, _as_date
from wp42.layout import Repo


@cache
def _genkit(benchmark_dir: str, module: str) -> ModuleType:
    """benchmark/genkit/<module>.py loaded by path (the framework imports no benchmark file as its own module);
    ``profiles`` and ``bizdays`` import only third-party packages at load time."""
    return load_by_path(Path(benchmark_dir) / "genkit" / f"{module}.py", f"wp42_genkit_{module}")


def load_profile(repo: Repo, organisation: str) -> Any:
    """The :class:`genkit.profiles.Profile` of task.json's ``organisation``, or None when it has none."""
    profiles = _genkit(str(repo.benchmark), "profiles")
    try:
        return profiles.load(organisation, repo.benchmark / "taxonomy" / "profiles")
    except KeyError:
        return None


def _own_spans(text: str, own_names: list[str]) -> list[tuple[int, int]]:
    spans = []
    for name in sorted(set(own_names), key=len, reverse=True):
        spans += [(m.start(), m.end()) for m in re.finditer(re.escape(name), text, re.IGNORECASE)]
    return spans


def name_reuse(texts: dict[str, str], own_names: list[str], distinctive: list[str]) -> list[str]:
    """Reasons naming each input that uses a distinctive word of the organisation outside its own names.

    Args:
        texts: ``{relative path: text}`` as :func:`wp42.gates.inputs.input_texts` reads them.
        own_names: every name that is the organisation (and its people's names).
        distinctive: words that identify it (``["Calder", "Valley"]``), matched whole and case-sensitively: a
            proper noun is capitalised, so "the valley floor" is not a name.
    """
    reasons = []
    for word in sorted(set(distinctive)):
        pattern = re.compile(rf"(?<![\w.@-]){re.escape(word)}(?![\w@]|\.\w)")
        for rel, text in sorted(texts.items()):
            spans = _own_spans(text, own_names)
            for match in pattern.finditer(text):
                if any(start <= match.start() and match.end() <= end for start, end in spans):
                    continue
                context = " ".join(text[max(0, match.start() - 30):match.end() + 30].split())
                reasons.append(f"{rel}: {word!r} from the organisation's own name is used by another party: "
                               f"...{context}...")
                break
    return reasons


def _dated(value: Any, zone: ZoneInfo) -> date | None:
    if not isinstance(value, datetime):
        return None  # an all-day event
    if value.tzinfo is not None and value.utcoffset() == timedelta(0):
        value = value.astimezone(zone)  # a UTC time is read in the organisation's zone
    return value.date()


def input_event_dates(inputs_dir: Path, properties: dict[str, dict[str, str]], zone: ZoneInfo,
                      ) -> list[tuple[str, str, date]]:
    """Every dated event of the inputs as ``(relative path, what, date)``: e-mail ``Date`` headers (the sender's
    own offset), timed ics ``DTSTART`` (a UTC time in the organisation's ``zone``; all-day events are skipped) and
    document property dates (as written)."""
    import icalendar

    events: list[tuple[str, str, date]] = []
    for path in sorted(p for p in Path(inputs_dir).rglob("*") if p.is_file() and not p.is_symlink()):
        rel = path.relative_to(inputs_dir).as_posix()
        suffix = path.suffix.lower()
        if suffix == ".eml":
            message = email.message_from_bytes(path.read_bytes(), policy=email.policy.compat32)
            if message["Date"]:
                try:
                    events.append((rel, "Date header", email.utils.parsedate_to_datetime(message["Date"]).date()))
                except (TypeError, ValueError):
                    events.append((rel, f"Date header {message['Date']!r} (unreadable)", date.min))
        elif suffix == ".ics":
            try:
                calendar = icalendar.Calendar.from_ical(path.read_bytes())
            except ValueError:
                continue
            for event in calendar.walk("VEVENT"):
                start = event.get("DTSTART")
                when = _dated(start.dt, zone) if start is not None else None
                if when is not None:
                    events.append((rel, f"event {str(event.get('SUMMARY', ''))!r}", when))
    for rel, props in sorted(properties.items()):
        for name, value in sorted(props.items()):
            when = _as_date(name, value) if name in _DATE_NAMES else None
            if when is not None:
                events.append((rel, f"property {name}", when))
    return events


def event_dates_off(events: list[tuple[str, str, date]], is_working_day: Any, region: str,
                    deliberate: list[dict[str, Any]] | None) -> list[str]:
    """Reasons naming each event on a weekend or a bank holiday of ``region`` that ``deliberate`` does not list.

    Args:
        events: ``(where, what, date)`` from :func:`input_event_dates` and oracle.json's ``event_dates``.
        is_working_day: :func:`genkit.bizdays.is_working_day`.
        deliberate: oracle.json's ``deliberate_dates``; an entry without a ``reason`` is itself a reason.
    """
    allowed = set()
    reasons = []
    for entry in deliberate or []:
        if not str(entry.get("reason") or "").strip():
            reasons.append(f"oracle.json deliberate_dates {entry.get('date')} gives no reason")
        allowed.add(str(entry.get("date")))
    for where, what, when in events:
        if when == date.min:
            reasons.append(f"{where}: {what}")
        elif when.isoformat() not in allowed and not is_working_day(when, region):
            kind = "a weekend" if when.weekday() >= 5 else "a bank holiday"
            reasons.append(f"{where}: {what} is {when.isoformat()} ({when:%A}), {kind} in {region}; move it to a "
                           "working day or list it in oracle.json deliberate_dates with a reason")
    return reasons


def locale_problems(repo: Repo, organisation: str, inputs_dir: Path, texts: dict[str, str],
                    properties: dict[str, dict[str, str]], oracle: dict[str, Any]) -> list[str]:
    """Every profile-based realism reason for one bundle (:func:`name_reuse` and :func:`event_dates_off`).

    Args:
        organisation: task.json's ``organisation`` ("Calder Valley Foods plc (fictional)").
        properties: ``{relative path: document_properties(path)}`` (:mod:`wp42.gates.real`).
        oracle: oracle.json; reads ``own_names``, ``distinctive_words``, ``event_dates``, ``deliberate_dates`` and
            ``personal_documents`` (``[{"path", "reason"}]``: inputs under a path prefix written by private persons,
            such as candidates' CVs, whose dates follow their writers' lives rather than the organisation's
            calendar; their property dates and e-mail headers are not judged).
    """
    profile = load_profile(repo, organisation)
    if profile is None:
        return [f"no organisation profile for {organisation!r} under benchmark/taxonomy/profiles: the realism "
                "checks judge counterparties and dates against it"]
    own = profile.own_names + [name for name, _ in profile.people] + list(oracle.get("own_names") or [])
    distinctive = profile.distinctive_words + list(oracle.get("distinctive_words") or [])
    reasons = name_reuse(texts, own, distinctive)
    bizdays = _genkit(str(repo.benchmark), "bizdays")
    events = input_event_dates(inputs_dir, properties, ZoneInfo(profile.locale["timezone"]))
    for entry in oracle.get("event_dates") or []:
        try:
            events.append(("oracle.json event_dates", str(entry.get("what", "event")),
                           date.fromisoformat(str(entry.get("date")))))
        except ValueError:
            reasons.append(f"oracle.json event_dates has {entry.get('date')!r}, not an ISO date")
    personal = []
    for entry in oracle.get("personal_documents") or []:
        if not str(entry.get("reason") or "").strip() or not str(entry.get("path") or "").strip():
            reasons.append(f"oracle.json personal_documents {entry.get('path')!r} needs a path and a reason")
        else:
            personal.append(str(entry["path"]))
    events = [event for event in events if not any(event[0].startswith(prefix) for prefix in personal)]
    reasons += event_dates_off(events, bizdays.is_working_day, profile.holiday_region, oracle.get("deliberate_dates"))
    return reasons
