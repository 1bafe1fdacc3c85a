"""Imports every command module so that each registers its commands on the app."""

from manille_variants.cli import (
    engine_cmds,  # noqa: F401
    play_cmds,  # noqa: F401
    record_cmds,  # noqa: F401
    ruleset_cmds,  # noqa: F401
    sim_cmds,  # noqa: F401
    web_cmds,  # noqa: F401
)
