"""The `manille` command line."""

from manille_variants.cli.app import app, main

__all__ = ["app", "main"]
