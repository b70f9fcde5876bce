"""``wp42 new TASK_ID --organisation ORG [--json]``: start a scenario's folders from the scaffold (issue 22).

Argument parsing and printing only; the scaffold is :func:`wp42.scaffold.new_scenario`. Bad input (an id that is
not <OCC>-<nn>, one that exists, an unknown organisation) is one line on stderr and exit status 2.
"""

from __future__ import annotations

import click

from wp42.cli.common import print_json
from wp42.console import out
from wp42.layout import Repo
from wp42.scaffold import GUIDE, new_scenario


@click.command("new")
@click.argument("task_id")
@click.option("--organisation", "--organization", "organisation", required=True,
              help="the organisation's id or name in benchmark/taxonomy/organisations.md, e.g. ORG-ACC-1")
@click.option("--json", "as_json", is_flag=True,
              help="print {task_id, organisation: {id, name}, files, next} as JSON (files: repository-relative)")
def new_command(task_id: str, organisation: str, as_json: bool) -> None:
    """Start scenario TASK_ID: a generator and hidden sources to fill in (wp42 validate lists what is left)."""
    scaffold = new_scenario(task_id, organisation, Repo.find())
    commands = [f"wp42 generate {task_id} --seed 42", f"wp42 validate {task_id}"]
    if as_json:
        print_json({"task_id": task_id, "files": list(scaffold.files), "next": commands,
                    "organisation": {"id": scaffold.organisation.id, "name": scaffold.organisation.name}})
        return
    for path in scaffold.files:
        out.print(path, highlight=False, markup=False)
    click.echo(f"{task_id} scaffolded for {scaffold.organisation.name} ({scaffold.organisation.id}). Fill in every "
               f"'FILL IN' block as {GUIDE} describes, then run `{commands[0]}` and `{commands[1]}`; until then "
               "validate fails and names each block left.", err=True)
