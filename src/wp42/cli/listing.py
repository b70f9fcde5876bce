"""``wp42 list [--json]``: every scenario of the checkout with its occupation, title, sets, levels and portal.

Argument parsing and printing only; the scenarios are read by :func:`wp42.catalogue.scenarios`.
"""

from __future__ import annotations

import click
from rich.markup import escape
from rich.table import Table

from wp42.catalogue import scenarios
from wp42.cli.common import print_json
from wp42.console import out
from wp42.layout import Repo


@click.command("list")
@click.option("--json", "as_json", is_flag=True,
              help="print a JSON list, one object per scenario with the keys task_id, occupation, organisation, "
                   "title, difficulty, sets, levels, portal, bundle ({seed, set, level}) and problem")
def list_command(as_json: bool) -> None:
    """List every scenario: id, occupation, title, the sets and levels it declares, whether it has a portal."""
    found = scenarios(Repo.find())
    if as_json:
        print_json([entry.as_dict() for entry in found])
        return
    table = Table(title=f"WP42 scenarios ({len(found)}): run one with `wp42 run ID --worker ...`")
    for name in ("scenario", "occupation", "title", "sets", "levels", "portal", "folder holds"):
        table.add_column(name, overflow="fold")
    for entry in found:
        row = entry.as_dict()
        bundle = entry.bundle
        title = escape(row["title"] or "") if not entry.problem else f"[bold red]{escape(entry.problem)}[/]"
        table.add_row(row["task_id"], row["occupation"], title, ", ".join(row["sets"]) or "-",
                      ", ".join(row["levels"]) or "-", "yes" if row["portal"] else "no",
                      bundle.describe() if bundle else "-")
    out.print(table)
