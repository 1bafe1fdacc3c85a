"""Imports every command module so that each registers its commands on the app."""

from manille_variants.cli import ruleset_cmds  # noqa: F401
from manille_variants.cli import engine_cmds  # noqa: F401, I001
from manille_variants.cli import sim_cmds  # noqa: F401
