"""The old name of :mod:`manille_variants.engine.crossing`, kept importable.

"Core" in this package means the compiled Rust core (``manille_variants._core``); the module
that hands a ruleset over to it is :mod:`~manille_variants.engine.crossing`.  Import from there:
every name of it is here too, the same objects.
"""

from manille_variants.engine.crossing import (
    MAX_CALLS,
    CallInput,
    CoreCall,
    CoreRulesData,
    RulesInput,
    action_code,
    code_action,
    core_for,
    core_rules,
    core_rules_for,
    core_table,
    has_plugins,
    legal_cards,
    require_four_seats,
    rules_input,
    to_core,
)

__all__ = [
    "MAX_CALLS",
    "CallInput",
    "CoreCall",
    "CoreRulesData",
    "RulesInput",
    "action_code",
    "code_action",
    "core_for",
    "core_rules",
    "core_rules_for",
    "core_table",
    "has_plugins",
    "legal_cards",
    "require_four_seats",
    "rules_input",
    "to_core",
]
