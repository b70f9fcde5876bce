"""``wp42 read FILE [--json]``: print what WP42's evaluators see in one file (issue 8).

Printing only; the reading is :func:`wp42.read.read_file`.
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from wp42.cli.common import UserPath
from wp42.read import EXIT_NOT_READ, read_file, reading_text


@click.command("read")
@click.argument("file", type=UserPath(exists=True, dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="print the whole reading as JSON (sorted keys)")
def read_command(file: Path, as_json: bool) -> None:
    """Show what WP42's evaluators see in FILE (xlsx, docx, pptx, pdf, csv, md, eml, ics, json). Exit 3 when the
    file is refused or cannot be read; exit 2 when FILE does not exist (a usage error, as for every verb)."""
    document = read_file(file)
    if as_json:
        click.echo(json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False))
    else:
        click.echo(reading_text(document))
    if document.get("status") != "ok":
        raise SystemExit(EXIT_NOT_READ)
