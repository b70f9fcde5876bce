"""How often WP42's formula values agree with Excel's own (issue 11, item 5), beside LibreOffice and `formulas`.

Usage: python benchmarks/bench_formula_truth.py [--folder DIR] [--engines wp42,libreoffice,formulas] [--json]

The folder (default ``$WP42_FORMULA_TRUTH``, else ``../shared/formula-truth`` beside the checkout) holds workbooks
last saved by Microsoft Excel and a MANIFEST.json listing formula cells with the value Excel cached. Each workbook is
copied with every formula cell's cached ``<v>`` removed, so no engine can echo Excel's answer, then computed by:

- ``wp42``: WP42's reader (``readers_xlsx.Workbook``: the ``formulas`` package with WP42's Excel-semantics overrides,
  LibreOffice for the cells it cannot compute), cell by cell;
- ``libreoffice``: LibreOffice headless with recalculation on load forced, alone (``libreoffice.recalculated_values``);
- ``formulas``: the ``formulas`` package alone, as its authors run a workbook (``ExcelModel().loads().finish()
  .calculate()``), with none of WP42's overrides.

Each engine runs per workbook in its own child process (so the overrides of one never reach another, and a crash
or hang costs one workbook, bounded by ``--seconds``). Agreement follows the manifest's convention: numbers by
``math.isclose(rel_tol=1e-9, abs_tol=1e-12)``, text and booleans exactly, errors by their code. A cell an engine
cannot compute counts as disagreement. Prints agreement per file, per function and overall (all cells, and
"core" cells whose every function is in issue 11's list of daily functions), and seconds per workbook.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmark" / "validators"))
from excel_semantics import functions_in  # noqa: E402

ENGINES = ("wp42", "libreoffice", "formulas")
#: Issue 11's functions professionals use daily, plus the operators it names; a cell is "core" when every function
#: it uses is here (the manifest lists functions per file; per cell they are read from the formula text).
CORE_FUNCTIONS = frozenset("""
SUM SUMIF SUMIFS COUNT COUNTA COUNTIF COUNTIFS AVERAGE AVERAGEIF AVERAGEIFS MIN MAX ROUND ROUNDUP ROUNDDOWN MROUND
INT ABS IF IFS IFERROR AND OR NOT VLOOKUP HLOOKUP INDEX MATCH XLOOKUP DATE YEAR MONTH DAY EOMONTH EDATE NETWORKDAYS
WORKDAY DATEDIF YEARFRAC PMT NPV IRR XNPV XIRR FV PV RATE TEXT LEFT RIGHT MID LEN CONCAT CONCATENATE TRIM UPPER
LOWER VALUE
""".split())
_CELL = re.compile(rb"<(?:\w+:)?c\b[^>]*?(?:/>|>.*?</(?:\w+:)?c>)", re.S)
_CACHED = re.compile(rb"<((?:\w+:)?)v\b[^>]*?>.*?</\1v>|<(?:\w+:)?v\b[^>]*?/>", re.S)


def truth_folder() -> Path:
    """``$WP42_FORMULA_TRUTH`` when set, else ``../shared/formula-truth`` beside the repository root."""
    configured = os.environ.get("WP42_FORMULA_TRUTH")
    if configured:
        return Path(configured)
    return Path(__file__).resolve().parents[1].parent / "shared" / "formula-truth"


def strip_cached(source: Path, target: Path) -> int:
    """Copy the workbook ``source`` to ``target`` with the cached ``<v>`` of every formula cell removed; returns
    how many were removed. Constant cells keep their values."""
    removed = 0

    def strip(match: re.Match[bytes]) -> bytes:
        nonlocal removed
        text = match.group(0)
        if b"<f" not in text and b":f" not in text:
            return text
        stripped, count = _CACHED.subn(b"", text)
        removed += count
        return re.sub(rb'\st="(?:str|e|b|n)"', b"", stripped, count=1)

    with zipfile.ZipFile(source) as src, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info)
            if info.filename.startswith("xl/worksheets/") and info.filename.endswith(".xml"):
                data = _CELL.sub(strip, data)
            elif info.filename == "xl/calcChain.xml":
                continue
            dst.writestr(info, data)
    return removed


def agrees(engine: Any, excel: Any) -> bool:
    """The manifest's comparison: numbers within rel 1e-9 / abs 1e-12, booleans, text and error codes exact."""
    if isinstance(excel, bool) or isinstance(engine, bool):
        return isinstance(excel, bool) and isinstance(engine, bool) and engine == excel
    if isinstance(excel, (int, float)):
        return isinstance(engine, (int, float)) and math.isclose(engine, excel, rel_tol=1e-9, abs_tol=1e-12)
    if excel is None:
        return engine in (None, "")
    return isinstance(engine, str) and engine == excel


# -- engines (each runs in a child process: `--child ENGINE FILE OUT.json`) ----------------------------------------
def _wp42(path: Path, wanted: list[tuple[str, str]]) -> dict[str, Any]:
    from readers_xlsx import Workbook, _engine_value

    book = Workbook(path)
    found: dict[str, Any] = {}
    for sheet, coordinate in wanted:
        cell = book.cell(sheet, coordinate)
        value = _engine_value(cell.value, book.date1904) if cell.known else (cell.error or None)
        found[f"{sheet}!{coordinate}"] = value
    return found


def _libreoffice(path: Path, wanted: list[tuple[str, str]]) -> dict[str, Any]:
    from libreoffice import recalculated_values
    from readers_xlsx import _engine_value

    values = recalculated_values(path)
    return {f"{s}!{c}": _engine_value(values.get((s, c)), False) for s, c in wanted}


def _formulas(path: Path, wanted: list[tuple[str, str]]) -> dict[str, Any]:
    import formulas
    import numpy as np
    import schedula as sh

    model = formulas.ExcelModel().loads(str(path)).finish()
    solution = model.calculate()
    by_key = {}
    for key, ranges in solution.items():
        match = re.fullmatch(r"'\[[^\]]+\](.+)'!\$?([A-Z]+)\$?(\d+)", str(key))
        if match:
            by_key[(match.group(1).replace("''", "'").upper(), f"{match.group(2)}{match.group(3)}")] = ranges
    found: dict[str, Any] = {}
    for sheet, coordinate in wanted:
        ranges = by_key.get((sheet.upper(), coordinate))
        value = None
        if ranges is not None:
            value = np.asarray(getattr(ranges, "value", ranges), dtype=object).ravel()[0]
            if value is sh.EMPTY:
                value = 0
            elif type(value).__name__ == "XlError":
                value = str(value)
            elif isinstance(value, np.generic):
                value = value.item()
        found[f"{sheet}!{coordinate}"] = value
    return found


_CHILDREN = {"wp42": _wp42, "libreoffice": _libreoffice, "formulas": _formulas}


def run_engine(engine: str, path: Path, wanted: list[tuple[str, str]], seconds: float) -> tuple[dict, float, str]:
    """``(values by "Sheet!A1", seconds taken, problem)`` for one engine over one workbook, in a child process."""
    with tempfile.TemporaryDirectory(prefix="wp42-truth-") as scratch:
        spec, out = Path(scratch) / "wanted.json", Path(scratch) / "values.json"
        spec.write_text(json.dumps(wanted), encoding="utf-8")
        started = time.perf_counter()
        try:
            proc = subprocess.run([sys.executable, __file__, "--child", engine, str(path), str(spec), str(out)],
                                  capture_output=True, text=True, timeout=seconds)
        except subprocess.TimeoutExpired:
            return {}, seconds, f"timed out after {seconds:g} s"
        taken = time.perf_counter() - started
        if proc.returncode != 0 or not out.is_file():
            tail = (proc.stderr.strip().splitlines() or [f"exit code {proc.returncode}"])[-1]
            return {}, taken, tail
        return json.loads(out.read_text(encoding="utf-8")), taken, ""


def measure(folder: Path, engines: tuple[str, ...], seconds: float = 300.0) -> dict[str, Any]:
    """Agreement of each engine with Excel over the folder's manifest: ``{"files": [...], "functions": {...},
    "overall": {engine: {"all": [agree, cells], "core": [agree, cells], "seconds": s}}}``."""
    manifest = json.loads((folder / "MANIFEST.json").read_text(encoding="utf-8"))
    files, per_function = [], {}
    overall = {e: {"all": [0, 0], "core": [0, 0], "seconds": 0.0} for e in engines}
    with tempfile.TemporaryDirectory(prefix="wp42-truth-") as scratch:
        for entry in manifest["files"]:
            stripped = Path(scratch) / entry["file"]
            strip_cached(folder / "files" / entry["file"], stripped)
            wanted = [(c["sheet"], c["cell"]) for c in entry["cells"]]
            row: dict[str, Any] = {"file": entry["file"], "cells": len(wanted)}
            for engine in engines:
                values, taken, problem = run_engine(engine, stripped, wanted, seconds)
                agree, missed = 0, []
                for cell in entry["cells"]:
                    got = values.get(f"{cell['sheet']}!{cell['cell']}")
                    ok = agrees(got, cell["value"])
                    agree += ok
                    if not ok:
                        missed.append([cell["sheet"], cell["cell"], cell["formula"], cell["value"], got])
                    names = functions_in(cell["formula"])
                    core = all(n in CORE_FUNCTIONS for n in names)
                    overall[engine]["all"][0] += ok
                    overall[engine]["all"][1] += 1
                    if core:
                        overall[engine]["core"][0] += ok
                        overall[engine]["core"][1] += 1
                    for name in names or ["(no function)"]:
                        tally = per_function.setdefault(name, {}).setdefault(engine, [0, 0])
                        tally[0] += ok
                        tally[1] += 1
                overall[engine]["seconds"] += taken
                row[engine] = {"agree": agree, "seconds": round(taken, 2), "problem": problem, "missed": missed}
            files.append(row)
    return {"files": files, "functions": per_function, "overall": overall}


def _share(pair: list[int]) -> str:
    return f"{pair[0]}/{pair[1]} ({100 * pair[0] / pair[1]:.1f}%)" if pair[1] else "-"


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        engine, path, spec, out = sys.argv[2:6]
        wanted = [tuple(w) for w in json.loads(Path(spec).read_text(encoding="utf-8"))]
        values = _CHILDREN[engine](Path(path), wanted)
        Path(out).write_text(json.dumps(values, default=str), encoding="utf-8")
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", type=Path, default=truth_folder())
    parser.add_argument("--engines", default=",".join(ENGINES))
    parser.add_argument("--seconds", type=float, default=300.0, help="bound per engine per workbook")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--misses", action="store_true", help="list every cell an engine got wrong")
    args = parser.parse_args()
    if not (args.folder / "MANIFEST.json").is_file():
        sys.exit(f"no MANIFEST.json in {args.folder} (set WP42_FORMULA_TRUTH or pass --folder)")
    engines = tuple(e for e in args.engines.split(",") if e)
    result = measure(args.folder, engines, args.seconds)
    if args.json:
        print(json.dumps(result, indent=1, sort_keys=True))
        return
    print(f"{'file':40} {'cells':>5}  " + "  ".join(f"{e + ' agree':>16} {'s':>6}" for e in engines))
    for row in result["files"]:
        cells = [f"{row[e]['agree']:>10} ({100 * row[e]['agree'] / row['cells']:5.1f}%) {row[e]['seconds']:6.1f}"
                 for e in engines]
        print(f"{row['file'][:40]:40} {row['cells']:>5}  " + "  ".join(cells))
        for e in engines:
            if row[e]["problem"]:
                print(f"    {e}: {row[e]['problem'][:150]}")
            for sheet, ref, formula, excel, got in row[e]["missed"] if args.misses else []:
                print(f"    {e} missed {sheet}!{ref} {formula[:70]}: Excel {excel!r}, engine {got!r}")
    print("\nper function (cells using it: agreement)")
    for name in sorted(result["functions"]):
        tallies = result["functions"][name]
        print(f"  {name:22} " + "  ".join(f"{e}: {_share(tallies[e])}" for e in engines if e in tallies))
    print("\noverall")
    for e in engines:
        o = result["overall"][e]
        print(f"  {e:12} all {_share(o['all'])}   core {_share(o['core'])}   "
              f"{o['seconds'] / max(len(result['files']), 1):.1f} s per workbook")


if __name__ == "__main__":
    main()
