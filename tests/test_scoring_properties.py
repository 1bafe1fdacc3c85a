"""Scoring invariants over the bundled rulesets and random scoring settings: team swaps swap
the scores, totals add up to the deal's total, only one side scores.
"""

from __future__ import annotations

from typing import Any, Literal

from hypothesis import given, settings
from hypothesis import strategies as st

import manille_variants as mv
from manille_variants.ruleset.schema import HAND_SIZE, Ruleset

BUNDLED = ["table-convention", "belgian", "belgian-capped", "french-coinchee"]
VALUES = sorted([5, 4, 3, 2, 1, 0, 0, 0] * 4, reverse=True)


def most(tricks: int) -> int:
    return sum(VALUES[: 4 * tricks])


scoring_settings = st.fixed_dictionaries(
    {
        "trick_points": st.integers(0, 2),
        "last_trick_bonus": st.integers(0, 10),
        "tie": st.fixed_dictionaries(
            {
                "carry": st.sampled_from(["next-deal", "none"]),
                "factor": st.integers(1, 3),
                "stacking": st.sampled_from(["single", "per-tie"]),
            }
        ),
        "sweep": st.fixed_dictionaries(
            {
                "factor": st.integers(1, 3),
                "definition": st.sampled_from(["all-tricks", "all-card-points"]),
            }
        ),
        "combine": st.sampled_from(["multiply", "add"]),
        "cap": st.one_of(st.none(), st.integers(1, 8)),
    }
)


@st.composite
def rulesets(draw: st.DrawFn) -> Ruleset:
    rs = mv.load_ruleset(draw(st.sampled_from(BUNDLED)))
    if draw(st.booleans()):
        return rs
    data = rs.model_dump()
    data["scoring"].update(draw(scoring_settings))
    return Ruleset.model_validate(data)


@st.composite
def deals(draw: st.DrawFn) -> tuple[Ruleset, dict[str, Any]]:
    """A ruleset and figures that can happen under it."""
    rs = draw(rulesets())
    tricks = draw(st.integers(0, HAND_SIZE))
    low = 60 - most(HAND_SIZE - tricks)
    points = draw(st.integers(low, most(tricks)))
    modes = ["trump"]
    modes += ["no-trump"] if rs.trump.no_trump.allowed else []
    modes += ["blind"] if rs.trump.blind_no_trump.allowed else []
    last: Literal["A", "B"] = draw(st.sampled_from(["A", "B"]))
    if tricks in (0, HAND_SIZE):
        last = "A" if tricks else "B"
    figures = {
        "points": points,
        "tricks": tricks,
        "mode": draw(st.sampled_from(modes)),
        "calls": draw(st.integers(0, len(rs.calls))),
        "pending_ties": draw(st.integers(0, 3)),
        "last_trick": last,
    }
    return rs, figures


@settings(max_examples=200, deadline=None)
@given(deal=deals())
def test_team_swap_swaps_the_scores(deal: tuple[Ruleset, dict[str, Any]]) -> None:
    rs, f = deal
    score = mv.score_deal(rs, **f)
    other = mv.score_deal(
        rs,
        rs.scoring.card_total - f["points"],
        HAND_SIZE - f["tricks"],
        f["mode"],
        f["calls"],
        f["pending_ties"],
        last_trick="B" if f["last_trick"] == "A" else "A",
    )
    assert other.swapped() == score
    assert (other.team_a, other.team_b) == (score.team_b, score.team_a)


@settings(max_examples=200, deadline=None)
@given(deal=deals())
def test_totals_add_up_and_only_one_side_scores(deal: tuple[Ruleset, dict[str, Any]]) -> None:
    rs, f = deal
    score = mv.score_deal(rs, **f)
    assert sum(score.card_points) == rs.scoring.card_total
    assert sum(score.totals) == rs.scoring.deal_total
    assert score.team_a * score.team_b == 0
    assert score.team_a + score.team_b == score.excess * score.factor
    assert score.tied == (score.totals[0] == score.totals[1])
    assert score.factor <= (rs.scoring.cap or score.factor)
    if score.winner is not None:
        assert max(score.totals) - score.half == score.excess > 0
