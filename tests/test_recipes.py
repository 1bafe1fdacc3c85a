"""The recipes of docs/custom-rulesets.md load, validate and do what their text says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import manille_variants as mv
from manille_variants.ruleset.schema import Ruleset

RECIPES_DOC = Path(__file__).resolve().parent.parent / "docs" / "custom-rulesets.md"
RECIPE = re.compile(r"<!-- recipe: (?P<file>[\w.-]+) -->\n```yaml\n(?P<body>.*?)```", re.S)


def recipes() -> dict[str, str]:
    return {m["file"]: m["body"] for m in RECIPE.finditer(RECIPES_DOC.read_text(encoding="utf-8"))}


def load(tmp_path: Path, name: str) -> Ruleset:
    path = tmp_path / name
    path.write_text(recipes()[name], encoding="utf-8")
    return mv.load_ruleset(str(path))


def legal(rs: Ruleset, hand: str, trick: str, trump: str | None = "S") -> list[str]:
    return [str(c) for c in mv.legal_cards(rs, hand, trick, trump)]


def test_the_recipes_section_holds_every_recipe() -> None:
    assert set(recipes()) == {
        "beat-on-trump-leads.yaml", "beat-on-plain-leads.yaml", "beat-partner-at-no-trump.yaml",
        "no-overtaking-at-no-trump.yaml", "undertrump-opponents-only.yaml",
        "undertrump-partner-allowed.yaml", "no-trumping-over-partner.yaml", "turned-card.yaml",
        "sweep-fixed-60.yaml", "sweep-fixed-30.yaml", "never-beyond-x2.yaml",
        "additive-factors.yaml", "game-to-61.yaml", "game-to-121.yaml", "game-to-151.yaml",
        "best-of-5.yaml", "three-split.yaml", "three-zero-sum.yaml", "six-hidden-undealt.yaml",
        "six-dealer-leads.yaml",
    }


@pytest.mark.parametrize("name", sorted(recipes()))
def test_recipe_loads_and_names_itself(tmp_path: Path, name: str) -> None:
    rs = load(tmp_path, name)
    assert rs.name == name.removesuffix(".yaml")


def test_recipe_beat_on_trump_leads(tmp_path: Path) -> None:
    rs = load(tmp_path, "beat-on-trump-leads.yaml")
    assert legal(rs, "KS 7S", "QS") == ["KS"]
    assert legal(rs, "KH 7H", "QH") == ["KH", "7H"]


def test_recipe_beat_on_plain_leads(tmp_path: Path) -> None:
    rs = load(tmp_path, "beat-on-plain-leads.yaml")
    assert legal(rs, "KS 7S", "QS") == ["KS", "7S"]
    assert legal(rs, "KH 7H", "QH") == ["KH"]


def test_recipe_beat_partner_at_no_trump(tmp_path: Path) -> None:
    assert legal(load(tmp_path, "beat-partner-at-no-trump.yaml"), "KH 7H", "QH 8H", None) == ["KH"]


def test_recipe_no_overtaking_at_no_trump(tmp_path: Path) -> None:
    assert legal(load(tmp_path, "no-overtaking-at-no-trump.yaml"), "KH 7H", "QH", None) == ["KH", "7H"]


def test_recipe_undertrump_opponents_only(tmp_path: Path) -> None:
    rs = load(tmp_path, "undertrump-opponents-only.yaml")
    assert legal(rs, "9S AD", "QH 7H AS") == ["9S"]  # an opponent's A♠: undertrump
    assert legal(rs, "9S AD", "QH AS 7D") == ["AD"]  # the partner's A♠: never


def test_recipe_undertrump_partner_allowed(tmp_path: Path) -> None:
    rs = load(tmp_path, "undertrump-partner-allowed.yaml")
    assert legal(rs, "9S AD", "QH AS 7D") == ["9S", "AD"]
    assert legal(rs, "9S AD", "QH 7H AS") == ["AD"]


def test_recipe_no_trumping_over_partner(tmp_path: Path) -> None:
    assert legal(load(tmp_path, "no-trumping-over-partner.yaml"), "7S AD", "AH 7H") == ["7S", "AD"]


def test_recipe_turned_card(tmp_path: Path) -> None:
    rs = load(tmp_path, "turned-card.yaml")
    assert rs.trump.turned_card is not None
    assert (rs.trump.turned_card.take_up, rs.trump.turned_card.bonus) == ("after-first-trick", "honour")
    assert mv.score_deal(rs, 20, 3, turned="QD").team_a == 2


@pytest.mark.parametrize(("name", "points"), [("sweep-fixed-60.yaml", 60), ("sweep-fixed-30.yaml", 30)])
def test_recipe_sweep_fixed(tmp_path: Path, name: str, points: int) -> None:
    rs = load(tmp_path, name)
    assert mv.score_deal(rs, 60, 7, last_trick="B").team_a == points  # all the card points
    assert mv.score_deal(rs, 0, 1, last_trick="A").team_b == points


def test_recipe_never_beyond_x2(tmp_path: Path) -> None:
    score = mv.score_deal(load(tmp_path, "never-beyond-x2.yaml"), 40, 6, mode="no-trump", calls=2)
    assert score.factor == 2 and score.team_a == 20


def test_recipe_additive_factors(tmp_path: Path) -> None:
    score = mv.score_deal(load(tmp_path, "additive-factors.yaml"), 40, 6, mode="no-trump", calls=1)
    assert score.factor == 3 and score.team_a == 30


@pytest.mark.parametrize(("name", "target"), [("game-to-61.yaml", 61), ("game-to-121.yaml", 121),
                                              ("game-to-151.yaml", 151)])
def test_recipe_game_targets(tmp_path: Path, name: str, target: int) -> None:
    assert load(tmp_path, name).match.target == target


def test_recipe_best_of_5(tmp_path: Path) -> None:
    rs = load(tmp_path, "best-of-5.yaml")
    assert rs.match.best_of == 5
    assert mv.Match(rs, seed=1).games_needed == 3
