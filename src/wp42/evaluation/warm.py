"""A warm evaluation parent: ``python -m wp42.evaluation.warm``, started and spoken to by
:mod:`wp42.evaluation.service` (issue 14, item 1).

It imports once what every evaluation needs — every helper module of ``benchmark/validators`` (readers, claims,
vocabulary, ``common``), the ``formulas`` engine, openpyxl, jsonschema — and reads a small Word document and an
ordinary memo paragraph once, so the readers' and the claims layer's first-use caches exist (python-docx's parsed
styles part among them: readers_docx.parsed_part); then it serves one evaluation at a time over its stdin/stdout, one JSON object a line. The formula engine's
function table (seconds to import: ``scipy.stats``) and the workbook reader are warmed at the first request that
asks for it (``"warm": ["formulas"]``: the scenario delivers a workbook), so a scenario without workbooks never
pays that. Each evaluation runs in a child forked from this warm parent, in a session of its own, under the same
bounds as the per-process path (address space, open files, no core file; wall time enforced here by killing the
child's whole process group), its stderr going to a log file the caller reads and its stdout discarded. The child
runs :func:`wp42.evaluation.child.run`, the very function the per-process path runs, so receipts are the same
bytes. The parent's objects are frozen out of the garbage collector before each fork (``gc.freeze``), so a child's
collections never walk, and so never copy, the parent's heap. Nothing an evaluation does reaches this parent: a crash, a hang or an exhausted bound ends only the child;
warm-ups only fill caches (compiled patterns, function tables), never anything a receipt is computed from.

Compiled formulas: each child leaves the formula texts it compiled (``excel_engine.learned_formulas``) in a file
of the parent's; after replying, the parent compiles them into its own cache (bounded in count, length and seconds),
so the next child that meets the same formula text inherits the compiled function instead of spending about 3.5 ms
on it (FIN-01's 78 formulas: about 270 ms a receipt). The same file carries the regular expressions the child
compiled (the evaluator's module-level patterns and those built from the oracle's values: about 20 a receipt, each
compiled in every child before) and the words it stemmed (``vocabulary.learned_stems``: about 100 a receipt); the
parent compiles and stems them into its own caches, so later children find them there. Each is a function of its
text alone, so a receipt is the same bytes whichever child computed it.

Protocol (requests on stdin, replies on stdout, one JSON object per line):

* on start: ``{"ready": true, "pid": int, "preloaded": [module, ...], "missing": [module, ...]}``
* request: ``{"evaluate_py", "out_dir", "workspace", "oracle_json", "run_id", "result", "log" (stderr): paths,
  "env": {name: value}, "cwd": str, "seconds": float, "memory_bytes": int, "open_files": int, "warm": [str]}``
* replies: ``{"started": child_pid, "compiled_formulas": int}`` once the child is forked (how many compiled
  formulas it inherited), then ``{"returncode": int (negative: killed by that
  signal), "timed_out": bool, "max_rss_bytes": int, "cpu_seconds": float}``; or ``{"error": str}`` when no child could be forked.

The parent exits when its stdin closes, or after :data:`IDLE_SECONDS` without a request (the caller then starts
another).
"""

from __future__ import annotations

import gc
import hashlib
import importlib
import json
import os
import resource
import select
import shutil
import signal
import sys
import tempfile
import time
import traceback
from datetime import date
from pathlib import Path
from types import CodeType
from typing import IO, Any

#: Modules imported before the first evaluation: the evaluators' helpers and the libraries they load lazily. A
#: module that cannot be imported is reported in the ready line and left to the evaluation that needs it.
PRELOAD = (
    "common", "formula_refs", "describe", "libreoffice",
    "formulas", "schedula", "numpy", "openpyxl", "openpyxl.utils.cell", "lxml.etree", "icalendar",
    "jsonschema", "wp42.schemas", "wp42.evaluation.receipts", "wp42.evaluation.child",
    "csv", "snowballstemmer", "docx", "pptx", "pypdf", "PIL.Image",
)

#: Modules of ``benchmark/validators`` not preloaded: the LibreOffice bridge runs under the system interpreter.
NOT_PRELOADED = frozenset({"libreoffice_bridge"})


def _validator_modules() -> list[str]:
    """Every helper module the evaluators import from ``benchmark/validators`` (found on ``sys.path``): a module
    first imported in the forked child costs that child its unmarshalling, class building and pattern compiling
    (INS-01: about 60 of a receipt's 110 CPU ms before they were preloaded; benchmarks/bench_evaluate.py)."""
    for entry in sys.path:
        folder = Path(entry or ".")
        if (folder / "common.py").is_file() and (folder / "claims.py").is_file():
            return sorted(p.stem for p in folder.glob("*.py") if p.stem not in NOT_PRELOADED)
    return []


#: A parent left idle this long exits (a caller that vanished without closing the pipe leaves no process behind).
IDLE_SECONDS = 900.0


def _warm_formulas() -> None:
    """The ``formulas`` package imports its function modules (``scipy.stats`` among them: seconds) at the first
    formula it compiles, not at import; compile one here, and read a small workbook with a formula through the
    evaluators' reader (openpyxl's reader parts, the formula path), so no evaluation pays their first use."""
    import formulas
    import openpyxl
    from readers_xlsx import Workbook

    formulas.get_functions()
    formulas.Parser().ast("=SUM(1,2)")[1].compile()
    with tempfile.TemporaryDirectory(prefix="wp42-warm-") as scratch:
        path = Path(scratch) / "warm.xlsx"
        book = openpyxl.Workbook()
        sheet = book.active
        sheet.append(["Item", "Amount", "Date"])
        sheet.append(["Opening balance", 1234.5, date(2024, 1, 31)])
        sheet["B3"] = "=SUM(B2:B2)*1.1"
        sheet["B2"].number_format = "#,##0.00"
        book.save(path)
        workbook = Workbook(path, second_engine=False)
        for name in workbook.sheetnames:
            workbook.rows(name)
        workbook.cell(workbook.sheetnames[0], "B3")


def _warm_documents() -> None:
    """First use of the Word and JSON readers, the statements layer, the number and date parsers and the
    completion schema's validator builds caches (compiled patterns, a jsonschema validator) each process builds
    once: build them here."""
    import common
    import docx

    from wp42 import schemas

    schemas.errors("completion", {})
    for text in ("$1,234.50", "(1,234.50)", "12.5%", "31/01/2024", "January 31, 2024"):
        common.parse_number(text)
        common.parse_date(text)
    common.text_has_amount("The adjusted balance is $1,234.50.", "1234.5")
    _warm_claims()
    with tempfile.TemporaryDirectory(prefix="wp42-warm-") as scratch:
        path = Path(scratch) / "warm.docx"
        document = docx.Document()
        document.add_heading("Summary", level=1)
        document.add_paragraph("The adjusted balance is $1,234.50 as at 31 January 2024. We do not recommend it.")
        table = document.add_table(rows=2, cols=2)
        table.cell(0, 0).text, table.cell(0, 1).text = "Item", "Amount"
        table.cell(1, 0).text, table.cell(1, 1).text = "Fee", "12.00"
        document.save(str(path))
        common.read_docx(path)
        common.docx_statements(path)


def _warm_images() -> None:
    """First read of a PNG through the evaluators' image reader: Pillow imports its format plugins (PNG, JPEG, GIF,
    BMP...) and palette modules at the first ``Image.open``, not at import (BI-01, DS-01, ECON-01: nine modules,
    about 6 ms of every receipt that reads a chart, before they were warmed here)."""
    from PIL import Image
    from readers_image import read_png

    with tempfile.TemporaryDirectory(prefix="wp42-warm-") as scratch:
        path = Path(scratch) / "warm.png"
        Image.new("RGB", (4, 4), (255, 255, 255)).save(path)
        read_png(path)


#: A memo paragraph of the usual words: the stems its words reduce to are cached once in the parent.
_WARM_MEMO = (
    "We reviewed the invoices, payments, claims and balances for the period and found no duplicate payment. "
    "The adjusted balance agrees with the ledger; the variance is explained by timing differences that clear "
    "next month. We do not recommend approving the claim until the supplier confirms the amount. The contract "
    "requires approval by the manager, and the employee's hours were not approved. Outstanding items: a deposit "
    "in transit, an unpresented cheque and a bank charge recorded twice. Please confirm whether the policy applies."
)


def _warm_claims() -> None:
    """First use of the claims layer and the vocabulary (the stemmer's tables, the stem cache, the clause and
    negation patterns) on an ordinary memo paragraph."""
    import claims
    import vocabulary

    for sentence in _WARM_MEMO.split(". "):
        vocabulary.tokens(sentence)
        claims.negation_scope(sentence)
        claims.asserted(sentence, "duplicate payment")
        claims.hypothetical(sentence)
        claims.reported(sentence)
        claims.found_nothing(sentence)
        claims.figure_stated(sentence, "1234.50", "0.01")


def preload() -> tuple[list[str], list[str]]:
    """Import :data:`PRELOAD` and warm the document readers; returns ``(imported, missing)`` module names (a
    warm-up that fails is listed as missing: the evaluations then warm themselves)."""
    imported, missing = [], []
    for name in dict.fromkeys((*PRELOAD, *_validator_modules())):
        try:
            importlib.import_module(name)
        except Exception:  # an optional library absent on this machine: the evaluation that needs it imports it
            missing.append(name)
        else:
            imported.append(name)
    for name, warm_up in (("document readers", _warm_documents), ("image reader", _warm_images)):
        try:
            warm_up()
        except Exception:
            missing.append(f"({name} warm-up)")
    return imported, missing


#: Warm-ups a request may ask for (``"warm"``), each done once, before the first child that needs it is forked.
WARM_UPS = {"formulas": _warm_formulas}


def _warm(names: list[str], done: set[str]) -> None:
    for name in names:
        if name in WARM_UPS and name not in done:
            done.add(name)
            try:
                WARM_UPS[name]()
            except Exception:  # e.g. a formulas release without these entry points: the evaluations warm it themselves
                pass


class _CompiledEvaluators:
    """evaluate.py files compiled once, keyed by path and the sha256 of their bytes (an edited file recompiles)."""

    def __init__(self) -> None:
        self._codes: dict[tuple[str, str], CodeType] = {}

    def get(self, evaluate_py: str) -> CodeType | None:
        """The compiled evaluator, or None when it cannot be read or compiled (the child then reports why)."""
        from wp42.evaluation.child import compile_evaluator

        try:
            with open(evaluate_py, "rb") as handle:
                source = handle.read()
        except OSError:
            return None
        key = (evaluate_py, hashlib.sha256(source).hexdigest())
        if key not in self._codes:
            try:
                self._codes[key] = compile_evaluator(evaluate_py, source)
            except (SyntaxError, ValueError, ImportError):
                return None
        return self._codes[key]


def _close_inherited_files() -> None:  # pragma: no cover - runs in the forked child
    """Close every descriptor above stderr: the protocol pipes and whatever the warm parent holds are not the
    evaluation's (a fresh process would not have them either)."""
    try:
        open_fds = sorted(int(name) for name in os.listdir("/proc/self/fd") if int(name) > 2)
    except OSError:  # no /proc: close the usual range
        os.closerange(3, 4096)
        return
    for fd in open_fds:
        try:
            os.close(fd)
        except OSError:  # the descriptor listdir itself used is gone already
            pass


def _child(request: dict[str, Any], code: CodeType | None, learned: str) -> int:  # pragma: no cover - forked child
    """In the forked child: own session, stderr to the log, bounds applied, the caller's environment and working
    folder; then run, and leave at ``learned`` what it compiled and stemmed for the parent to keep."""
    known_patterns = set(_regex_cache_keys())
    os.setsid()
    log = os.open(request["log"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
    os.dup2(os.open(os.devnull, os.O_WRONLY), 1)  # the per-process path captures stdout and reads only stderr
    os.dup2(log, 2)
    _close_inherited_files()
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    resource.setrlimit(resource.RLIMIT_NOFILE, (request["open_files"], request["open_files"]))
    resource.setrlimit(resource.RLIMIT_AS, (request["memory_bytes"], request["memory_bytes"]))
    os.environ.clear()
    os.environ.update(request["env"])
    os.chdir(request["cwd"])
    tempfile.tempdir = None  # recomputed from the request's TMPDIR, like a fresh process
    from wp42.evaluation.child import run

    status = run(request["evaluate_py"], request["out_dir"], request["workspace"], request["oracle_json"],
                 request["run_id"], request["result"], code)
    _report_learned(learned, known_patterns)
    return status


#: What a parent learns from one child, per kind: at most this many items, each at most this many characters
#: (formula texts, regular expressions, words).
MAX_LEARNED, MAX_FORMULA_CHARS = 500, 2000
MAX_PATTERNS, MAX_PATTERN_CHARS = 200, 2000
MAX_WORDS, MAX_WORD_CHARS = 2000, 80
#: The most characters of a learned file the parent reads (beyond it the file is not JSON and nothing is learned).
MAX_LEARNED_CHARS = 2 * (MAX_LEARNED * (MAX_FORMULA_CHARS + 8) + MAX_PATTERNS * (MAX_PATTERN_CHARS + 16)
                         + MAX_WORDS * (MAX_WORD_CHARS + 4))
#: Seconds the parent spends learning what one child compiled and stemmed before it reads the next request.
LEARN_BUDGET_S = 2.0
#: Compiled regular expressions a warm parent (and so each child) keeps in ``re``'s cache: the standard 512 is
#: mostly taken by the preloaded helpers' patterns, and a pattern evicted is compiled again by every child.
REGEX_CACHE_SIZE = 4096


def _regex_cache_keys() -> list[tuple[str, int]]:
    """``(pattern, flags)`` of the text patterns in ``re``'s compiled-pattern cache, oldest first (Python 3.11 keeps
    one cache, ``re._cache``; later versions two; a version without them gives [])."""
    import re

    keys: dict[tuple[str, int], None] = {}
    for name in ("_cache", "_cache2"):
        cache = getattr(re, name, None)
        if isinstance(cache, dict):
            for key in list(cache):
                if isinstance(key, tuple) and len(key) == 3 and key[0] is str and isinstance(key[1], str) \
                        and type(key[2]) is int:
                    keys[(key[1], key[2])] = None
    return list(keys)


def _report_learned(path: str, known_patterns: set[tuple[str, int]]) -> None:  # pragma: no cover - forked child
    """Write to ``path``, for the parent to learn once for every later child (issue 14), what this child computed
    that only depends on its text: the formula texts it compiled (``excel_engine.learned_formulas``), the regular
    expressions it compiled (in ``re``'s cache now, not in ``known_patterns`` at the fork) and the words it stemmed
    (``vocabulary.learned_stems``)."""
    learned: dict[str, list[Any]] = {}
    engine = sys.modules.get("excel_engine")
    if engine is not None:
        learned["formulas"] = [t for t in engine.learned_formulas() if len(t) <= MAX_FORMULA_CHARS][:MAX_LEARNED]
    learned["patterns"] = [list(key) for key in _regex_cache_keys()
                           if key not in known_patterns and len(key[0]) <= MAX_PATTERN_CHARS][:MAX_PATTERNS]
    vocabulary = sys.modules.get("vocabulary")
    if vocabulary is not None:
        learned["stems"] = [w for w in vocabulary.learned_stems() if len(w) <= MAX_WORD_CHARS][:MAX_WORDS]
    learned = {kind: items for kind, items in learned.items() if items}
    if learned:
        try:
            Path(path).write_text(json.dumps(learned), encoding="utf-8")
        except OSError:  # a full disk or a closed bound: the parent simply learns nothing
            pass


def _learn_patterns(patterns: list[Any], deadline: float) -> int:
    """Compile ``[pattern, flags]`` pairs into ``re``'s cache until ``deadline`` (``time.perf_counter``); a pair
    that is not one, asks for ``re.DEBUG`` (which prints and is never cached) or does not compile is skipped.
    Returns how many were compiled."""
    import re

    done = 0
    for item in patterns:
        if time.perf_counter() > deadline:
            break
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str) and type(item[1]) is int
                and len(item[0]) <= MAX_PATTERN_CHARS and not item[1] & re.DEBUG):
            continue
        try:
            re.compile(item[0], item[1])
        except (re.error, ValueError, TypeError, OverflowError, RecursionError):
            continue
        done += 1
    return done


def _learn(path: Path) -> None:
    """Learn into this parent's caches what the last child wrote to ``path`` (bounded in count, length and time:
    see :func:`excel_engine.learn_formulas`, :func:`vocabulary.learn_stems`), then remove the file. Only compiled
    formulas and patterns and stems are kept, each a function of its text alone: a later child computes from them
    exactly what it would have computed itself."""
    try:
        if not path.is_file():
            return
        learned = json.loads(path.read_text(encoding="utf-8")[:MAX_LEARNED_CHARS])
    except (OSError, ValueError):
        learned = {}
    finally:
        path.unlink(missing_ok=True)
    if not isinstance(learned, dict):
        return
    deadline = time.perf_counter() + LEARN_BUDGET_S
    texts = learned.get("formulas")
    if isinstance(texts, list):
        texts = [t for t in texts if isinstance(t, str) and len(t) <= MAX_FORMULA_CHARS][:MAX_LEARNED]
        try:
            engine = importlib.import_module("excel_engine")
            engine.learn_formulas(texts, LEARN_BUDGET_S)
        except Exception:  # the engine cannot be imported here: children keep compiling their own
            pass
    patterns = learned.get("patterns")
    if isinstance(patterns, list):
        _learn_patterns(patterns[:MAX_PATTERNS], deadline)
    words = learned.get("stems")
    if isinstance(words, list):
        words = [w for w in words[:MAX_WORDS] if isinstance(w, str) and len(w) <= MAX_WORD_CHARS]
        try:
            importlib.import_module("vocabulary").learn_stems(words, max(0.0, deadline - time.perf_counter()))
        except Exception:  # the vocabulary cannot be imported here: children keep stemming their own
            pass


def _wait(pid: int, seconds: float) -> tuple[int, bool, int, float]:
    """Wait for child ``pid`` at most ``seconds``; kill its process group when it runs past them or leaves
    processes behind. Returns ``(returncode, timed_out, peak resident bytes, CPU seconds)`` with a negative
    returncode for a signal (the peak as ``getrusage`` reports it: Linux counts ``ru_maxrss`` in KiB; the CPU time,
    user and system, includes the children it waited for)."""
    deadline = time.monotonic() + seconds
    timed_out = False
    try:
        handle = os.pidfd_open(pid)
    except (AttributeError, OSError):
        handle = None
    try:
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                timed_out = True
                break
            if handle is not None:
                if select.select([handle], [], [], remaining)[0]:
                    break
            elif os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None:
                break
            else:  # a kernel without pidfd_open (before Linux 5.3): poll
                time.sleep(min(0.01, remaining))
    finally:
        if handle is not None:
            os.close(handle)
    try:  # the child is a zombie or still running: its pid (and group id) stays reserved until it is reaped
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    _pid, status, usage = os.wait4(pid, 0)
    return os.waitstatus_to_exitcode(status), timed_out, usage.ru_maxrss * 1024, usage.ru_utime + usage.ru_stime


def _evaluate(request: dict[str, Any], codes: _CompiledEvaluators, reply: IO[str], learned: Path) -> None:
    code = codes.get(request["evaluate_py"])
    # Objects the parent holds are never collected by a child: frozen, the child's collector does not walk them
    # (walking them writes to every page they live on, copying the parent's heap page by page after the fork).
    gc.freeze()
    try:
        pid = os.fork()
    except OSError as exc:
        _send(reply, {"error": f"could not fork an evaluation child: {exc}"})
        return
    if pid == 0:  # pragma: no cover - the forked child never returns
        status = 1
        try:
            status = _child(request, code, str(learned))
        except BaseException:
            traceback.print_exc(limit=4)
        finally:
            try:
                sys.stdout.flush()
                sys.stderr.flush()
            finally:
                os._exit(status)
    engine = sys.modules.get("excel_engine")
    _send(reply, {"started": pid, "compiled_formulas": engine.compiled_count() if engine is not None else 0})
    returncode, timed_out, max_rss, cpu = _wait(pid, float(request["seconds"]))
    _send(reply, {"returncode": returncode, "timed_out": timed_out, "max_rss_bytes": max_rss, "cpu_seconds": cpu})
    _learn(learned)


def _send(reply: IO[str], message: dict[str, Any]) -> None:
    reply.write(json.dumps(message) + "\n")
    reply.flush()


def serve(requests: IO[str], reply: IO[str]) -> None:
    """Preload, say ready, then run each request line in a forked child until ``requests`` closes or stays silent
    for :data:`IDLE_SECONDS`."""
    import re

    if getattr(re, "_MAXCACHE", REGEX_CACHE_SIZE) < REGEX_CACHE_SIZE:
        re._MAXCACHE = REGEX_CACHE_SIZE  # only how many compiled patterns are kept (see REGEX_CACHE_SIZE)
    imported, missing = preload()
    codes = _CompiledEvaluators()
    warmed: set[str] = set()
    learn_dir = Path(tempfile.mkdtemp(prefix="wp42-warm-learn-"))
    _send(reply, {"ready": True, "pid": os.getpid(), "preloaded": imported, "missing": missing})
    try:
        # One request at a time: the caller writes the next only after the last reply, so no second line can sit
        # in the reader's buffer unseen by select.
        while select.select([requests], [], [], IDLE_SECONDS)[0]:
            line = requests.readline()
            if not line:
                return
            if line.strip():
                request = json.loads(line)
                _warm(request.get("warm", []), warmed)
                _evaluate(request, codes, reply, learn_dir / "learned.json")
    finally:
        shutil.rmtree(learn_dir, ignore_errors=True)


if __name__ == "__main__":
    # The protocol owns the real stdout: anything a preloaded module prints goes to stderr instead.
    channel = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    serve(sys.stdin, channel)
