"""The ``wp42`` command group: its global option, every verb's registration and the console script's entry.

Bad input is one line on stderr naming the problem and the fix, exit status 2, no traceback
(:class:`UserError`).
"""

from __future__ import annotations

import os

import click

from wp42 import __version__, layout
from wp42.console import err
from wp42.errors import UserError


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="wp42")
@click.option("--evaluation", type=click.Choice(["service", "process"]), envvar=layout.EVALUATION_ENV,
              help="how evaluators run: forked from warm, pre-imported parents (service, the default) or in a new "
                   f"process each (process, the slower reference path) [env {layout.EVALUATION_ENV}]")
def cli(evaluation: str | None) -> None:
    """WP42: realistic white-collar assignments for AI agents, proved scenarios and deterministic receipts."""
    if evaluation:
        # The environment reaches every evaluation of this command: run, score, validate, demo, Ray workers.
        os.environ[layout.EVALUATION_ENV] = evaluation


def _register_verbs() -> None:
    """Every verb's click command, one module each under wp42/cli/."""
    from wp42.cli.demo import demo_command
    from wp42.cli.evaluate import evaluate_command
    from wp42.cli.generate import generate_command
    from wp42.cli.listing import list_command
    from wp42.cli.new import new_command
    from wp42.cli.portal import portal_command
    from wp42.cli.read import read_command
    from wp42.cli.report import report_command
    from wp42.cli.run import run_command
    from wp42.cli.score import score_command
    from wp42.cli.validate import validate_command
    from wp42.cli.worker import worker_command

    cli.add_command(list_command)
    cli.add_command(generate_command)
    cli.add_command(run_command)
    cli.add_command(evaluate_command)
    cli.add_command(score_command)
    cli.add_command(demo_command)
    cli.add_command(report_command)
    cli.add_command(portal_command)
    cli.add_command(read_command)
    cli.add_command(validate_command)
    cli.add_command(new_command)
    cli.add_command(worker_command)


_register_verbs()


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``wp42`` console script; returns the exit status."""
    try:
        cli.main(args=argv, prog_name="wp42", standalone_mode=False)
    except UserError as exc:
        click.echo(f"wp42: error: {exc}", err=True)
        return exc.exit_code
    except click.exceptions.Abort:
        err.print("wp42: interrupted")
        return 130
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    except SystemExit as exc:
        return int(exc.code or 0) if not isinstance(exc.code, str) else 1
    except (PermissionError, IsADirectoryError, NotADirectoryError, FileNotFoundError, OSError) as exc:
        # A folder the user named cannot be written or read (/sys/..., a read-only mount): one line, not a
        # traceback. Only errors that carry the path they failed on land here; any other OSError is a bug and
        # keeps its traceback.
        if getattr(exc, "filename", None) is None:
            raise
        click.echo(f"wp42: error: cannot use {exc.filename}: {exc.strerror or exc}; choose a folder you can write",
                   err=True)
        return 2
    return 0
