"""Compiling a ruleset: its :class:`~manille_variants.engine.rules.Rules`, once per ruleset,
with the memos built beside it.

:class:`CompiledRules` holds the frozen settings and a memo of what is derived from them
(the compiled core's rules, deal scores and their factors), shared by every deal under the
ruleset.
"""

from __future__ import annotations

from typing import Any

from manille_variants.engine.rules import Rules, rules_of
from manille_variants.ruleset.schema import Ruleset

__all__ = ["CompiledRules", "compile_rules", "compiled"]


class CompiledRules:
    """The memos for one :class:`Rules`, shared by every deal under it.

    Build with :func:`compiled` (cached); ``rules`` is the frozen value it was built from.
    """

    __slots__ = ("memo", "rules")

    rules: Rules
    # Memo of derived answers (the core's rules, deal scores, their factors) keyed by their inputs.
    memo: dict[Any, Any]

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.memo = {}


_by_object: dict[int, tuple[object, CompiledRules]] = {}  # id(Ruleset or Rules) -> (it, compiled)
_by_content: dict[str, CompiledRules] = {}
_MAX_OBJECTS = 256


def compile_rules(ruleset: Ruleset | Rules | CompiledRules) -> Rules:
    """The engine view of a ruleset, cached per ruleset object and per content.

    Equal rulesets share one :class:`Rules` (and so the engine's memos and decision graphs
    built from it): a simulation worker receives a fresh copy of the ruleset with every
    chunk of work.  A :class:`Rules` is returned as it is.
    """
    return compiled(ruleset).rules


def compiled(ruleset: Ruleset | Rules | CompiledRules) -> CompiledRules:
    """The engine's compiled form of a ruleset (or of its :class:`Rules`), cached."""
    if isinstance(ruleset, CompiledRules):
        return ruleset
    hit = _by_object.get(id(ruleset))
    if hit is not None and hit[0] is ruleset:
        return hit[1]
    if isinstance(ruleset, Rules):
        found = _by_content.get(ruleset.content_hash)
        return _remember(ruleset, found if found is not None and found.rules is ruleset else CompiledRules(ruleset))
    assert isinstance(ruleset, Ruleset)
    key = ruleset.content_hash()
    found = _by_content.get(key)
    if found is None or found.rules.ruleset != ruleset:
        if len(_by_content) >= _MAX_OBJECTS:  # many generated rulesets (property tests)
            _by_content.clear()
        found = _by_content[key] = CompiledRules(rules_of(ruleset))
        _remember(found.rules, found)
    return _remember(ruleset, found)


def _remember(obj: object, found: CompiledRules) -> CompiledRules:
    if len(_by_object) >= _MAX_OBJECTS:  # the entries keep their objects alive
        _by_object.clear()
    _by_object[id(obj)] = (obj, found)
    return found
