"""Imports every command module so that each registers its commands on the app."""

from manille_variants.cli import ruleset_cmds  # noqa: F401
