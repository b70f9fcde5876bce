"""Helpers every scenario's evaluate.py uses (SPEC section 4): reading deliverables, numbers, tolerances, the
shared critical checks and the :class:`Evaluation` accumulator that turns checks into a receipt.

An evaluate.py reads like::

    import common
    EVALUATOR_VERSION = "ACC-01/1.0"

    def evaluate(out_dir, oracle, workspace, run_id=""):
        ev = common.Evaluation(out_dir, oracle, workspace, run_id, evaluator_version=EVALUATOR_VERSION)
        ev.check_completion_file(); ev.check_input_integrity(); ev.check_deliverables_present()
        book = ev.open_xlsx("reconciliation.xlsx")
        ev.criterion("adjusted_bank_balance", "...", passed, weight=2, detail="...", no_op="no_op_fail")
        return ev.receipt()

Rules kept here so every scenario keeps them: a formula is judged by the value it computes (never read as empty or
0 when it has no cached value: the ``formulas`` package computes it, LibreOffice is the second engine, otherwise it
is reported unknown); a link is never followed out of out/; hostile files are refused (safety.py: ``unsafe_output``
and receipt status ``refused_input``) while a corrupt or unreadable one only fails the criteria that read it, with
the reason in their detail; JSON with NaN/Infinity is not valid JSON; numbers are parsed with currency signs, thousands separators, accounting parentheses and
the scenario's locale.

The helpers live in small modules beside this one and are re-exported here, so ``import common`` is all an
evaluator needs: amounts.py (numbers, dates, text), safety.py (paths, size and zip bounds), readers_xlsx.py
(formulas computed; hidden sheets, rows and columns skipped by default), readers_docx.py (every Word part),
reading.py (what a reader sees, as statements: :meth:`Evaluation.statements`), claims.py (what a document asserts
about a subject, negation- and hedge-aware), vocabulary.py (terms and synonyms, number words), readers_pdf.py,
readers_csv.py, readers_pptx.py (slides, tables, notes), readers_misc.py (JSON, eml, ics), xlsx_format.py (shown text), libreoffice.py (second engine and round trips), describe.py (``wp42 read``).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if str(Path(__file__).resolve().parent) not in sys.path:  # imported by path from a test or another folder
    sys.path.insert(0, str(Path(__file__).resolve().parent))

from amounts import (  # noqa: E402,F401  (re-exported public API)
    DEFAULT_LOCALE,
    LOCALES,
    close,
    collapse_text,
    dates_in_text,
    datetime_to_excel_serial,
    excel_serial_to_datetime,
    is_missing,
    normalize_text,
    numbers_in_text,
    parse_date,
    parse_number,
    text_has_amount,
)
from parse_cache import ParseCache  # noqa: E402
from readers_csv import CsvTable, read_csv, read_csv_table  # noqa: E402,F401
from readers_docx import DocxText, docx_text, read_docx  # noqa: E402,F401
from readers_image import read_png  # noqa: E402,F401
from readers_misc import read_eml, read_ics, read_json  # noqa: E402,F401
from readers_pdf import PdfText, pdf_text, read_pdf  # noqa: E402,F401
from readers_pptx import PptxText, read_pptx  # noqa: E402,F401
from readers_xlsx import (  # noqa: E402,F401
    Cell,
    Workbook,
    _Unknown,
    cached_contradictions,
    disputed_cells,
    engine_notes,
    unknown_formulas,
)
from reading import Statement, docx_statements, markdown_visible, pptx_statements, text_statements  # noqa: E402,F401
from safety import (  # noqa: E402,F401
    MAX_FILE_BYTES,
    MAX_OUT_DEPTH,
    MAX_OUT_ENTRIES,
    MAX_UNZIPPED_BYTES,
    HostileFile,
    RefusedFile,
    UnreadableFile,
    check_size,
    check_zip,
    is_hostile,
    out_files,
    safe_path,
    scan_out,
)
from xlsx_format import format_value  # noqa: E402,F401

from wp42 import layout  # noqa: E402
from wp42.evaluation.receipts import (  # noqa: E402
    FORGED_SUBMISSION,
    SHARED_CHECKS,
    Criterion,
    ReceiptContext,
    Violation,
    build_receipt,
)
from wp42.evidence import load_evidence, verify_submissions  # noqa: E402
from wp42.generation import input_hashes, sha256_file  # noqa: E402

#: Old private name kept for callers of the first version.
_check_zip = check_zip

#: The criterion every coverage-set receipt carries (SPEC section 9, issue 16): it fails when the worker reports a
#: problem that is not in the records (an exception, error, rejection, adjustment or question that is not there).
#: The report's over-flagging rate is the share of coverage attempts in which it failed.
NO_INVENTED_ISSUES = "no_invented_issues"


def _out_relative(listed: str) -> str:
    """A path as COMPLETION.json lists it, relative to out/: ``out/memo.docx``, ``./memo.docx`` and ``memo.docx``
    name one file (the brief says deliverables go to out/); backslashes read as separators."""
    path = listed.replace("\\", "/").strip()
    while path.startswith(("./", "out/")):
        path = path.removeprefix("./").removeprefix("out/")
    return path.rstrip("/")


# ---------------------------------------------------------------------------------------------------- accumulator
@dataclass
class Evaluation:
    """Collects criteria and critical violations for one receipt (SPEC section 4).

    Args:
        out_dir: the worker's out/ folder (read only, links never followed; listed up to
            :data:`MAX_OUT_ENTRIES` entries and :data:`MAX_OUT_DEPTH` levels, beyond which it is refused).
        oracle: the parsed oracle.json.
        workspace: the worker's workspace (its inputs/ is compared against ``oracle["input_sha256"]``).

    Two kinds of file are not read (safety.py): a hostile one (:class:`HostileFile`) is kept in ``refused`` and
    becomes the critical violation ``unsafe_output`` and status ``refused_input``; an unreadable one
    (:class:`UnreadableFile`: corrupt, truncated, wrong format) is kept in ``unreadable`` (``{relative path:
    reason}``), noted, and only fails the criteria that read it — :meth:`problem` gives their detail.
    """

    out_dir: str | Path
    oracle: dict[str, Any]
    workspace: str | Path
    run_id: str = ""
    evaluator_version: str = "unknown"
    criteria: list[Criterion] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    critical_checks: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    unreadable: dict[str, str] = field(default_factory=dict)
    completion: dict[str, Any] | None = None
    #: What the grading framework handed over in a portal arm ({"key", "attempt_id", "issued"}), else None.
    portal_evidence: dict[str, Any] | None = field(default_factory=load_evidence)
    #: Why each rejected portal submission was not graded (filled by :meth:`portal_submissions`).
    rejected_submissions: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.out_dir = Path(self.out_dir)
        self.workspace = Path(self.workspace)
        self.files, listing_problem = scan_out(self.out_dir)
        self._books: dict[str, Workbook | None] = {}
        self._statements: dict[str, list[Statement] | None] = {}
        self._refused_paths: dict[str, str] = {}
        self.parsed = ParseCache()  # each deliverable parsed once per receipt (parse_cache.py)
        self._submissions: list[Any] | None = None
        self._submissions_read = False
        if listing_problem:
            self._refuse(listing_problem)

    # -- recording ---------------------------------------------------------------------------------------------
    def criterion(
        self, id: str, description: str, passed: bool, *, weight: float = 1.0, detail: str = "",
        no_op: str = "no_op_fail",
    ) -> bool:
        """Record a required criterion; returns ``passed``. ``no_op`` is what an empty out/ gets."""
        self.criteria.append(Criterion(id, description, bool(passed), weight, detail, no_op))
        return bool(passed)

    def violation(self, id: str, description: str = "", detail: str = "") -> None:
        """Record a critical violation (description defaults to the shared check's)."""
        self.critical_checks.append(id)
        self.violations.append(Violation(id, description or SHARED_CHECKS.get(id, id), detail))

    def checked(self, id: str) -> None:
        """Note that critical check ``id`` ran (whether or not it found anything)."""
        self.critical_checks.append(id)

    def note(self, text: str) -> None:
        self.notes.append(text)

    # -- reading deliverables ---------------------------------------------------------------------------------
    def path(self, relative: str) -> Path | None:
        """Safe path of a deliverable, or None when it is missing, not a file, or refused as hostile (a link, a
        special file, over the size cap: the refusal becomes unsafe_output; :meth:`problem` says which)."""
        try:
            path = safe_path(Path(self.out_dir), relative)
        except RefusedFile as exc:
            self.reject(relative, exc)
            return None
        return path if path.is_file() else None

    def reject(self, relative: str, exc: RefusedFile) -> None:
        """Record why deliverable ``relative`` was not read: a hostile refusal (:class:`HostileFile`, or a bare
        :class:`RefusedFile`) becomes unsafe_output; an :class:`UnreadableFile` is kept in ``unreadable`` and
        noted, failing only the criteria that read it."""
        if is_hostile(exc):
            self._refused_paths.setdefault(relative, str(exc))
            self._refuse(str(exc))
        elif relative not in self.unreadable:
            self.unreadable[relative] = str(exc)
            self.note(f"unreadable: {exc}")

    def _refuse(self, reason: str) -> None:
        """Record a hostile refusal (critical unsafe_output, status refused_input); ``reason`` says why."""
        if reason not in self.refused:
            self.refused.append(reason)
            self.note(f"refused: {reason}")

    def problem(self, relative: str) -> str | None:
        """Why deliverable ``relative`` could not be used, for a criterion's detail: refused as hostile (and why),
        unreadable (and why), or a folder where a file belongs; None when none of these is known (it may simply
        be missing)."""
        if relative in self._refused_paths:
            reason = self._refused_paths[relative].removeprefix(f"{relative}: ").removeprefix(f"{Path(relative).name}: ")
            return f"{relative} was refused: {reason}"
        if relative in self.unreadable:
            return self.unreadable[relative]
        candidate = Path(self.out_dir) / relative
        if candidate.is_dir() and not candidate.is_symlink():
            return f"{relative} is a folder, not a file"
        return None

    def open_xlsx(self, relative: str) -> Workbook | None:
        """The deliverable as a :class:`Workbook`, or None when missing, unreadable or refused (cached per path;
        see :meth:`reject`). Its hidden sheets, rows and columns holding values, which the Workbook's readers skip
        by default, are named in the receipt's notes."""
        if relative not in self._books:
            path = self.path(relative)
            book = None
            if path is not None:
                try:
                    book = Workbook(path)
                except RefusedFile as exc:
                    self.reject(relative, exc)
            if book is not None:
                for line in book.hidden_notes():
                    self.note(f"not read as part of the deliverable: {line}")
            self._books[relative] = book
        return self._books[relative]

    def csv_rows(self, relative: str) -> list[dict[str, str]] | None:
        """The deliverable's rows (see :func:`read_csv`), or None when missing, unreadable or refused."""
        return self._read(relative, read_csv)

    def docx_text(self, relative: str) -> str | None:
        """All accepted text of the deliverable, every part (see :func:`docx_text`), or None when missing/refused."""
        parts = self.docx(relative)
        return None if parts is None else parts.all_text()

    def docx(self, relative: str) -> DocxText | None:
        """The deliverable's text by part (:class:`DocxText`), or None when missing or refused."""
        return self._read(relative, read_docx)

    def statements(self, relative: str) -> list[Statement] | None:
        """What a reader sees in deliverable ``relative`` as :class:`Statement` s (reading.py): a .docx read
        visible-only, a .pptx by its visible slides, tables and speaker notes, a .pdf by its text, anything else as UTF-8 plain text or markdown without its HTML comments
        (reading.markdown_visible). Read once per path; what
        was left out (hidden or invisible text, comments, document properties) goes to the receipt's notes. None
        when the deliverable is missing, unreadable or refused (see :meth:`problem`)."""
        if relative not in self._statements:
            suffix = Path(relative).suffix.lower()
            result: list[Statement] | None = None
            if suffix in (".docx", ".pptx"):
                read = self._read(relative, docx_statements if suffix == ".docx" else pptx_statements)
                if read is not None:
                    result, ignored = read
                    for line in ignored:
                        self.note(f"{relative}: not read as part of the deliverable: {line}")
            elif suffix == ".pdf":
                text = self.pdf_text(relative)
                result = None if text is None else text_statements(text, relative)
            else:
                path = self.path(relative)
                if path is not None:
                    text, comments = markdown_visible(path.read_bytes().decode("utf-8", "replace"))
                    if comments:
                        self.note(f"{relative}: not read as part of the deliverable: {comments} HTML "
                                  f"comment{'s' if comments != 1 else ''}")
                    result = text_statements(text, relative)
            self._statements[relative] = result
        return self._statements[relative]

    def pdf_text(self, relative: str) -> str | None:
        """The deliverable's normalised PDF text, one line per page, or None when missing or refused."""
        pdf = self._read(relative, read_pdf)
        if pdf is None:
            return None
        for note in pdf.notes:
            self.note(f"{relative}: {note}")
        return "\n".join(pdf.pages)

    def json(self, relative: str) -> Any:
        """The deliverable parsed as strict JSON, or None when missing, unreadable (NaN/Infinity are not JSON) or
        refused."""
        return self._read(relative, read_json)

    def _read(self, relative: str, reader: Any) -> Any:
        path = self.path(relative)
        if path is None:
            return None
        try:
            return self.parsed.read(reader, path)
        except RefusedFile as exc:
            self.reject(relative, exc)
            return None

    def portal_submissions(self) -> list[Any] | None:
        """The entries of out/portal_submissions.json to grade, in order; None when there is no such file (or it is
        refused or unreadable: see :meth:`problem`). A file that is not a JSON list gives [] and a note.

        In a portal arm (:attr:`portal_evidence` given) only the entries the portal signed for this attempt are
        returned (:func:`wp42.evidence.verify_submissions`): a hand-written, altered, reordered or duplicated entry,
        or one the portal accepted that the file no longer holds, is left out, named in
        :attr:`rejected_submissions` (see :meth:`rejected_detail`) and recorded once as the critical violation
        ``forged_portal_submission``. Read and checked once; :meth:`receipt` runs it in a portal arm if the
        evaluator did not (issue 15).
        """
        if self._submissions_read:
            return self._submissions
        self._submissions_read = True
        entries = self.json(layout.PORTAL_SUBMISSIONS)
        problem = self.problem(layout.PORTAL_SUBMISSIONS)
        if entries is not None and not isinstance(entries, list):
            self.note(f"{layout.PORTAL_SUBMISSIONS} is not a list")
            problem, entries = "it is not a JSON list", []
        if self.portal_evidence is not None:
            self.checked(FORGED_SUBMISSION)
            evidence = self.portal_evidence
            verdict = verify_submissions(entries or [], evidence["key"], evidence["attempt_id"], evidence["issued"])
            rejected = ([f"{layout.PORTAL_SUBMISSIONS} is not the portal's: {problem}"] if problem else []) \
                + verdict.rejected
            self.rejected_submissions = rejected
            if rejected:
                self.violation(FORGED_SUBMISSION, detail="; ".join(rejected[:20]))
            entries = verdict.accepted if entries is not None else None
        self._submissions = entries
        return entries

    def rejected_detail(self) -> str:
        """For a portal criterion's detail: "; rejected portal submissions (not graded): ..." naming each entry
        :meth:`portal_submissions` left out and why; "" when none was."""
        if not self.rejected_submissions:
            return ""
        return "; rejected portal submissions (not graded): " + "; ".join(self.rejected_submissions[:20])

    # -- numbers in the scenario's locale ------------------------------------------------------------------------
    @property
    def locale(self) -> str:
        """The scenario's locale (``oracle["locale"]``, default en-US) for numbers and day-first dates."""
        return str(self.oracle.get("locale") or DEFAULT_LOCALE)

    def number(self, value: Any) -> Any:
        """:func:`parse_number` in the scenario's locale (a Decimal, or None for a missing value)."""
        return parse_number(value, self.locale)

    def date(self, value: Any) -> Any:
        """:func:`parse_date` in the scenario's locale."""
        return parse_date(value, self.locale)

    # -- required deliverables ---------------------------------------------------------------------------------
    @property
    def portal_arm(self) -> bool:
        """True when the attempt worked through the portal: the framework handed over portal evidence (a portal
        arm), or out/ holds the portal's submissions file (out/ scored on its own, e.g. ``wp42 evaluate``)."""
        return self.portal_evidence is not None or layout.PORTAL_SUBMISSIONS in self.files

    @property
    def required_deliverables(self) -> list[dict[str, Any]]:
        """The oracle's required deliverables that apply in this attempt's arm: an item's ``when`` (task.schema.json:
        ``always``, the default; ``without_portal``; ``with_portal``) is matched against :attr:`portal_arm`."""
        skip = "without_portal" if self.portal_arm else "with_portal"
        return [d for d in self.oracle.get("required_deliverables", []) if d.get("when", "always") != skip]

    # -- the coverage set (SPEC section 9) ---------------------------------------------------------------------
    @property
    def coverage(self) -> bool:
        """True when the oracle is of the coverage set (clean records); oracles older than the sets are challenge."""
        return self.oracle.get("set", "challenge") == "coverage"

    def check_no_invented_issues(self, invented: list[str], weight: float = 2.0) -> bool:
        """Criterion :data:`NO_INVENTED_ISSUES` for the coverage set: passes when ``invented`` is empty and
        COMPLETION.json does not claim ``needs_clarification`` or ``abstained`` (the records are clean and complete,
        so a question or an abstention is itself an invented problem).

        Args:
            invented: one short line per problem the worker reported that the records do not have, e.g.
                ``"reconciliation.xlsx: 'NSF cheque 1042' listed as a book adjustment"`` (the scenario decides what
                counts; call :meth:`check_completion_file` first so the status is known).
        Returns: whether the criterion passed. An empty out/ fails it (``no_op_fail``): a blank deliverable does
        not say that the records are clean.
        """
        found = list(invented)
        status = (self.completion or {}).get("status")
        if status in ("needs_clarification", "abstained"):
            found.append(f"COMPLETION.json status {status}, but the records are complete")
        if self.completion is None and not self.files:
            found.append("nothing in out/: no deliverable says the records are clean")
        detail = "; ".join(found[:6]) + (f" (+{len(found) - 6} more)" if len(found) > 6 else "")
        return self.criterion(NO_INVENTED_ISSUES, "reports no problem the records do not have (coverage set)",
                              not found, weight=weight, detail=detail or "nothing invented")

    # -- shared checks -----------------------------------------------------------------------------------------
    def check_shared(self) -> dict[str, Any] | None:
        """The checks most evaluators open with, in this order: critical ``input_integrity``, criteria
        ``completion_file`` and ``deliverables_present``, critical ``copied_input`` (SPEC section 4). Returns what
        :meth:`check_completion_file` returns: the parsed COMPLETION.json, or None."""
        self.check_input_integrity()
        completion = self.check_completion_file()
        self.check_deliverables_present()
        self.check_copied_inputs()
        return completion

    def check_completion_file(self, weight: float = 1.0) -> dict[str, Any] | None:
        """Criterion ``completion_file``: COMPLETION.json parses, follows the public schema, and its status and
        ``deliverables`` tell the truth (issue 12 item 4): a ``completed`` claim lists every required deliverable;
        every listed path is a file in out/ (``out/`` and ``./`` prefixes understood); every required deliverable
        that out/ holds is listed; and ``abstained`` / ``needs_clarification`` fails when the oracle says
        clarification is not required (the work was possible: the receipt's abstention is then not justified).
        Returns the parsed document (or None). The detail says why it failed: missing, refused (and why, e.g. over
        the size cap), not valid JSON (and where), the schema problems, or the paths and status that do not match."""
        from wp42.schemas import errors

        path = self.path(layout.COMPLETION_JSON)
        ok, doc = False, None
        detail = self.problem(layout.COMPLETION_JSON) or f"out/{layout.COMPLETION_JSON} is missing"
        if path is not None:
            try:
                doc = self.parsed.read(read_json, path)
                problems = errors("completion", doc)
                if problems:
                    detail = "; ".join(problems[:5])
                else:
                    required = [d["path"] for d in self.required_deliverables
                                if d["path"] != layout.COMPLETION_JSON]
                    listed = {_out_relative(p) for p in doc["deliverables"]}
                    held = set(self.files)
                    missing = [p for p in required if p not in listed]
                    unlisted = [p for p in missing if p in held]
                    absent = sorted(p for p in listed if p not in held and not any(f.startswith(f"{p}/") for f in held))
                    problems = [f"listed but not in out/: {absent}"] if absent else []
                    if doc["status"] == "completed" and missing:
                        problems.append(f"deliverables not listed: {missing}")
                    elif unlisted:
                        problems.append(f"in out/ but not listed: {unlisted}")
                    if doc["status"] != "completed" and not self.oracle.get("clarification_required"):
                        problems.append(f"status {doc['status']}, but the assignment could be completed from the "
                                        "bundle (the abstention is not justified)")
                    ok = not problems
                    detail = "; ".join(problems) or f"status {doc['status']}"
            except RefusedFile as exc:
                self.reject(layout.COMPLETION_JSON, exc)
                detail = self.problem(layout.COMPLETION_JSON) or str(exc)
        self.completion = doc if isinstance(doc, dict) else None
        self.criterion("completion_file", SHARED_CHECKS["completion_file"], ok, weight=weight, detail=detail)
        return self.completion

    def check_deliverables_present(self, weight: float = 1.0) -> bool:
        """Criterion ``deliverables_present``: every required deliverable exists and opens as its kind. The detail
        names each one that does not and why (missing, refused as hostile, or what makes it unreadable)."""
        problems = []
        for item in self.required_deliverables:
            rel, kind = item["path"], item["kind"]
            path = self.path(rel)
            if path is None:
                problems.append(self.problem(rel) or f"{rel} missing")
                continue
            try:
                if kind == "xlsx":
                    if self.open_xlsx(rel) is None:
                        problems.append(self.problem(rel) or f"{rel} unreadable")
                elif kind == "docx":
                    self.parsed.read(read_docx, path)
                elif kind == "pdf":
                    read_pdf(path, max_pages=1)
                elif kind == "json":
                    self.parsed.read(read_json, path)
                elif kind == "csv":
                    self.parsed.read(read_csv_table, path)
                elif kind == "pptx":
                    self.parsed.read(read_pptx, path)
                elif kind == "png":
                    read_png(path)
            except RefusedFile as exc:
                self.reject(rel, exc)
                problems.append(self.problem(rel) or str(exc))
        return self.criterion(
            "deliverables_present", SHARED_CHECKS["deliverables_present"], not problems, weight=weight,
            detail="; ".join(problems) or "all present",
        )

    def check_input_integrity(self) -> bool:
        """Critical ``input_integrity``: workspace inputs/ (and portal/) match ``oracle["input_sha256"]``.

        Returns True when intact. Files modified, deleted or added are named in the detail.
        """
        self.checked("input_integrity")
        expected = self.oracle.get("input_sha256") or {}
        actual = input_hashes(Path(self.workspace))
        changed = sorted(k for k in expected if k in actual and actual[k] != expected[k])
        missing = sorted(k for k in expected if k not in actual)
        added = sorted(k for k in actual if k not in expected)
        if changed or missing or added:
            self.violation("input_integrity", detail=f"modified {changed}, deleted {missing}, added {added}")
            return False
        return True

    def check_copied_inputs(self) -> bool:
        """Critical ``copied_input``: no file in out/ has the same bytes as an input. Returns True when clean."""
        self.checked("copied_input")
        hashes = set((self.oracle.get("input_sha256") or {}).values())
        copies = []
        for rel in self.files:
            path = self.path(rel)
            if path is not None and sha256_file(path) in hashes:
                copies.append(rel)
        if copies:
            self.violation("copied_input", detail=f"identical to an input: {copies}")
        return not copies

    def check_unsafe_output(self) -> bool:
        """Critical ``unsafe_output``: out/ holds a link, a special file or a file over the size cap, holds too many
        entries or nests too deep, or a deliverable was refused as hostile. Unreadable files are not unsafe."""
        self.checked("unsafe_output")
        for rel in self.files:
            self.path(rel)
        if self.refused:
            self.violation("unsafe_output", detail="; ".join(self.refused))
        return not self.refused

    def check_fabricated_totals(self, relative: str, extra: list[str] | None = None) -> bool:
        """Critical ``fabricated_totals``: cached values contradicting their formulas in workbook ``relative``,
        plus ``extra`` problems the scenario found (e.g. a typed total that disagrees with its items)."""
        self.checked("fabricated_totals")
        book = self.open_xlsx(relative)
        problems = list(extra or [])
        if book is not None:
            problems = cached_contradictions(book) + problems
            for note in engine_notes(book):
                self.note(note)
        if problems:
            self.violation("fabricated_totals", detail="; ".join(problems[:10]))
        return not problems

    # -- the receipt -------------------------------------------------------------------------------------------
    def receipt(self) -> dict[str, Any]:
        """The receipt (wp42.evaluation.receipts.build_receipt computes det_score, det_completion and status)."""
        if self.portal_evidence is not None:
            self.portal_submissions()  # a portal arm's submissions are verified whether or not a criterion read them
        if self.refused and "unsafe_output" not in self.critical_checks:
            self.check_unsafe_output()
        context = ReceiptContext(
            task_id=self.oracle.get("task_id", ""), run_id=self.run_id, evaluator_version=self.evaluator_version,
            seed=self.oracle.get("seed"),
        )
        status = (self.completion or {}).get("status")
        justified = None
        if status in ("needs_clarification", "abstained"):
            justified = bool(self.oracle.get("clarification_required"))
        return build_receipt(
            context, self.criteria, self.violations, critical_checks=self.critical_checks,
            abstention_status=status, abstention_justified=justified,
            empty_submission=not self.files and not self.refused, refused_input=bool(self.refused), notes=self.notes,
        )
