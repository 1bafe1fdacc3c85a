"""The schema as data: defaults, immutability, content hash and cross-field checks."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from manille_variants.ruleset.loader import load_ruleset
from manille_variants.ruleset.schema import Ruleset

META = {"name", "title", "description", "sources", "aliases"}


def test_defaults_are_the_table_convention() -> None:
    assert Ruleset(name="x").model_dump(exclude=META) == load_ruleset(
        "table-convention"
    ).model_dump(exclude=META)


def test_rulesets_are_frozen() -> None:
    rs = Ruleset(name="x")
    with pytest.raises(ValidationError):
        rs.name = "y"  # type: ignore[misc]


def test_unknown_keys_are_forbidden() -> None:
    with pytest.raises(ValidationError, match=r"Extra inputs"):
        Ruleset.model_validate({"name": "x", "play": {"beat_oponent": True}})


def test_content_hash_is_stable_and_content_sensitive() -> None:
    a = load_ruleset("belgian")
    assert a.content_hash() == Ruleset.model_validate(a.model_dump()).content_hash()
    assert a.content_hash() != load_ruleset("belgian-capped").content_hash()
    assert len(a.content_hash()) == 16


def test_rank_labels_are_normalised() -> None:
    rs = Ruleset.model_validate(
        {
            "name": "x",
            "scoring": {
                "rank_order": [10, "a", "k", "q", "j", 9, 8, 7],
                "card_values": {10: 5, "a": 4, "K": 3, "Q": 2, "J": 1, "9": 0, "8": 0, "7": 0},
            },
        }
    )
    assert rs.scoring.rank_order == ["10", "A", "K", "Q", "J", "9", "8", "7"]
    assert rs.scoring.card_values["A"] == 4


@pytest.mark.parametrize(
    ("name", "total"),
    [("table-convention", 60), ("belgian", 60), ("french-coinchee", 68)],
)
def test_deal_total_includes_trick_points(name: str, total: int) -> None:
    assert load_ruleset(name).scoring.deal_total == total


@pytest.mark.parametrize(
    "data",
    [
        {"dealing": {"packets": [4, 3]}},
        {"trump": {"no_trump": {"factor": 0}}},
        {"scoring": {"cap": 0}},
        {"scoring": {"card_values": {"10": -1}}},
        {"match": {"best_of": 4}},
        {"scoring": {"rank_order": ["10", "A"]}},
        {"calls": [{"name": "b", "by": "opponents", "factor": 2, "after": "a"}]},
        {"trump": {"no_trump": {"factor": True}}},
    ],
)
def test_cross_field_checks_refuse_bad_settings(data: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        Ruleset.model_validate({"name": "x", **data})


def test_call_named() -> None:
    rs = load_ruleset("belgian")
    assert rs.call_named("ik-ga-tegen").factor == 4
    with pytest.raises(KeyError):
        rs.call_named("contre")


@pytest.mark.parametrize(
    "name", ["belgian", "belgian-capped", "french-coinchee", "table-convention"]
)
def test_bundled_rulesets_follow_the_rules_page(name: str) -> None:
    rs = load_ruleset(name)
    belgian = name != "french-coinchee"
    assert rs.dealing.direction == ("clockwise" if belgian else "counter-clockwise")
    assert rs.scoring.cap == (4 if name == "belgian-capped" else None)
    assert rs.trump.blind_no_trump.allowed == (name in ("belgian", "belgian-capped"))
    assert rs.match.best_of == (3 if name in ("belgian", "belgian-capped") else 1)
    assert rs.match.target == (101 if belgian else 100)
    assert len(rs.calls) == (0 if name == "table-convention" else 2)
