"""Ruleset commands: rulesets, show, validate, diff, schema."""

from __future__ import annotations

import typer

from manille_variants.cli.app import app
from manille_variants.cli.common import user_errors
from manille_variants.loader import bundled_names, load_ruleset


@app.command("rulesets")
def rulesets_command() -> None:
    """List the bundled rulesets."""
    with user_errors():
        for name in bundled_names():
            rs = load_ruleset(name)
            typer.echo(f"{rs.name}\t{rs.title}")
