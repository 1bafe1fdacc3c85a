"""Property: random nested overrides of a bundled ruleset load or raise RulesetError, only."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from manille_variants.errors import RulesetError
from manille_variants.ruleset.loader import load_ruleset, read_ruleset_text
from manille_variants.ruleset.schema import Ruleset

BUNDLED = ["belgian", "belgian-capped", "french-coinchee", "french-muette", "french-parlee", "table-convention"]


def _schema_keys() -> list[str]:
    """Every key of the resolved schema, plus near-misses, so overrides hit real settings."""
    keys: set[str] = set()

    def walk(data: Any) -> None:
        if isinstance(data, dict):
            keys.update(data)
            for value in data.values():
                walk(value)
        elif isinstance(data, list):
            for value in data:
                walk(value)

    for name in BUNDLED:
        walk(load_ruleset(name).model_dump(mode="json"))
    return sorted(keys | {"extends", "beat_oponent", "10", "A", "x"})


KEYS = st.sampled_from(_schema_keys())
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=200),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(
        [
            "clockwise",
            "left",
            "random",
            "forbidden",
            "per-tie",
            "all-tricks",
            "ik-ga-mee",
            "10",
            "A",
            "",
        ]
    ),
    st.text(max_size=12),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=9), st.dictionaries(KEYS, inner, max_size=4)),
    max_leaves=12,
)
RANDOM_OVERRIDES = st.dictionaries(KEYS, VALUES, max_size=5)


def _leaf_values() -> dict[tuple[str, ...], list[Any]]:
    """Each leaf setting of the bundled rulesets with every value it takes in one of them."""
    leaves: dict[tuple[str, ...], list[Any]] = {}

    def walk(data: Any, path: tuple[str, ...]) -> None:
        if isinstance(data, dict) and path != ("scoring", "card_values"):
            for key, value in data.items():
                walk(value, (*path, key))
        elif path[0] not in ("name", "title", "description", "sources", "aliases"):
            leaves.setdefault(path, []).append(data)

    for name in BUNDLED:
        walk(load_ruleset(name).model_dump(mode="json"), ())
    return leaves


LEAVES = _leaf_values()


@st.composite
def realistic_overrides(draw: st.DrawFn) -> dict[str, Any]:
    """Overrides at real setting paths, with values that are mostly plausible."""
    overrides: dict[str, Any] = {}
    for path in draw(st.lists(st.sampled_from(sorted(LEAVES)), max_size=4, unique=True)):
        plausible = draw(st.integers(0, 9)) < 8
        value = draw(st.sampled_from(LEAVES[path]) if plausible else VALUES)
        node = overrides
        for step in path[:-1]:
            if not isinstance(node.get(step), dict):  # a mapping that may be null (turned_card)
                node[step] = {}
            node = node[step]
        node[path[-1]] = value
    return overrides


OVERRIDES = st.one_of(RANDOM_OVERRIDES, realistic_overrides())


def _document(parent: str, overrides: dict[str, Any], name: Any) -> str:
    body = {"name": name, "extends": parent, **overrides}
    return yaml.safe_dump(body, allow_unicode=True)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    parent=st.sampled_from(BUNDLED),
    overrides=OVERRIDES,
    name=st.one_of(st.just("club"), SCALARS),
)
def test_random_overrides_load_or_raise_ruleset_error(
    parent: str, overrides: dict[str, Any], name: Any
) -> None:
    text = _document(parent, overrides, name)
    try:
        rs = read_ruleset_text(text, "club.yaml")
    except RulesetError as exc:
        assert exc.problems
        assert all(p.file == "club.yaml" or p.file.endswith(".yaml") for p in exc.problems)
    else:
        assert isinstance(rs, Ruleset)


@settings(max_examples=150, deadline=None)
@given(text=st.text(max_size=200))
def test_arbitrary_text_loads_or_raises_ruleset_error(text: str) -> None:
    try:
        read_ruleset_text(text, "club.yaml")
    except RulesetError as exc:
        assert exc.problems


def test_overrides_written_to_a_file_extend_the_parent(tmp_path: Path) -> None:
    path = tmp_path / "club.yaml"
    path.write_text(_document("belgian", {"match": {"target": 151}}, "club"), encoding="utf-8")
    rs = load_ruleset(path)
    assert (rs.match.target, rs.match.best_of) == (151, 3)


@pytest.mark.parametrize("parent", BUNDLED)
def test_empty_override_equals_the_parent_rules(parent: str) -> None:
    rs = read_ruleset_text(_document(parent, {}, "club"))
    meta = {"name", "title", "description", "sources", "aliases"}
    assert rs.model_dump(exclude=meta) == load_ruleset(parent).model_dump(exclude=meta)
