"""The typer application; each command module registers its commands here."""

from __future__ import annotations

import typer
from typer.core import TyperCommand

from manille_variants.cli.common import Command, Group, set_debug

app = typer.Typer(
    name="manille",
    help="Manille rulesets: validate, compare, play, score and simulate variants.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    cls=Group,
)


@app.callback()
def _root(
    debug: bool = typer.Option(False, "--debug", help="Show tracebacks for errors (for bug reports)."),
) -> None:
    """Manille rulesets: validate, compare, play, score and simulate variants."""
    set_debug(debug)


def main() -> None:
    """Console-script entry point."""
    app()


def _register() -> None:
    # Each module adds its commands to `app` on import.
    from manille_variants.cli import commands  # noqa: F401

    for info in app.registered_commands:
        if info.cls in (None, TyperCommand):
            info.cls = Command  # flags shown bare in --help


_register()
