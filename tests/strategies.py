"""Hypothesis strategies shared by the property tests, derived from the schema itself so that a
new play-obligation setting is covered without touching the tests."""

from __future__ import annotations

from typing import Any, Literal, get_args, get_origin

from hypothesis import strategies as st
from pydantic import ValidationError

from manille_variants.ruleset.schema import PlayRules

BUNDLED = ["table-convention", "belgian", "belgian-capped", "french-coinchee", "french-parlee", "french-muette"]
# The bundled rulesets of other tables (docs/rules.md#tables-of-2-3-and-6-players): the reference
# engine plays them, the core's bots, search and solver do not (they know four seats).
TABLES = ["belgian-six", "belgian-three", "belgian-two"]


def _values(annotation: Any) -> st.SearchStrategy[Any] | None:
    if annotation is bool:
        return st.booleans()
    if get_origin(annotation) is Literal:
        return st.sampled_from(get_args(annotation))
    return None  # plug-in name lists are not obligations to vary


def _play_fields() -> dict[str, st.SearchStrategy[Any]]:
    fields: dict[str, st.SearchStrategy[Any]] = {}
    for name, info in PlayRules.model_fields.items():
        values = _values(info.annotation)
        if values is not None:
            fields[name] = values
    return fields


def _valid(play: dict[str, Any]) -> bool:
    """Whether the schema accepts the combination (its cross-field checks)."""
    try:
        PlayRules.model_validate(play)
    except ValidationError:
        return False
    return True


# Every combination of play settings the schema accepts.
play_settings: st.SearchStrategy[dict[str, Any]] = st.fixed_dictionaries(_play_fields()).filter(_valid)
