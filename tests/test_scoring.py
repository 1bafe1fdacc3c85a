"""Deal scoring: every factor, tie stacking, the cap, combining, thresholds, impossible figures,
and the scoring examples of docs/rules.md#worked-examples.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

import manille_variants as mv
from manille_variants.engine.scoring import DealScore, ScoreInputError, pending_note, pending_short, score_sentences
from manille_variants.ruleset.plugins import ScoreContext, register_rule
from manille_variants.ruleset.schema import Ruleset


def rs(name: str) -> Ruleset:
    return mv.load_ruleset(name)


def with_scoring(base: str, **scoring: Any) -> Ruleset:
    rules = mv.load_ruleset(base)
    return rules.model_copy(update={"scoring": rules.scoring.model_copy(update=scoring)})


def factors(score: DealScore) -> dict[str, int]:
    return {f.name: f.value for f in score.factors}


# --------------------------------------------------------------------------------------
# Worked examples (docs/rules.md#worked-examples).


def test_seed_000_38_card_points_at_no_trump_score_16() -> None:
    score = mv.score_deal(rs("table-convention"), 38, 5, mode="no-trump")
    assert (score.team_a, score.team_b, score.excess, score.factor) == (16, 0, 8, 2)
    assert score.card_points == (38, 22)  # card points, never written in the match column


def test_seed_001_38_card_points_score_8_before_any_multiplier() -> None:
    assert mv.score_deal(rs("table-convention"), 38, 5).team_a == 8


def test_seed_002_21_card_points_leave_the_opponents_39_who_score_9() -> None:
    score = mv.score_deal(rs("belgian"), 21, 3)
    assert (score.team_a, score.team_b, score.winner) == (0, 9, "B")
    assert score.totals == (21, 39)


@pytest.mark.parametrize("name", ["table-convention", "belgian", "belgian-capped"])
def test_seed_000_a_sweep_scores_60_before_other_factors(name: str) -> None:
    score = mv.score_deal(rs(name), 60, 8)
    assert (score.team_a, score.factor, factors(score)) == (60, 2, {"sweep": 2})
    assert mv.score_deal(rs(name), 0, 0).team_b == 60


def test_seed_003_french_42_points_of_68_score_8() -> None:
    score = mv.score_deal(rs("french-coinchee"), 37, 5)  # 37 card points + 5 tricks = 42
    assert score.totals == (42, 26)
    assert (score.team_a, score.team_b, score.half) == (8, 0, 34)


def test_seed_000_a_30_30_tie_scores_nothing_and_doubles_the_next_deal() -> None:
    tie = mv.score_deal(rs("table-convention"), 30, 4)
    assert (tie.team_a, tie.team_b, tie.tied, tie.winner) == (0, 0, True, None)
    assert "the next decisive deal carries x2" in tie.notes[0]
    assert mv.score_deal(rs("table-convention"), 38, 5, pending_ties=1).team_a == 16


# --------------------------------------------------------------------------------------
# Who scores, thresholds.


def test_only_the_side_above_half_scores_its_excess() -> None:
    score = mv.score_deal(rs("table-convention"), 31, 4)
    assert (score.team_a, score.team_b, score.half, score.excess) == (1, 0, 30, 1)


def test_french_threshold_is_34_of_68_with_a_point_per_trick() -> None:
    fr = rs("french-coinchee")
    assert mv.score_deal(fr, 30, 4).tied  # 34-34
    assert mv.score_deal(fr, 30, 5).team_a == 1  # 35: half of 68 plus 1
    assert mv.score_deal(fr, 31, 3).team_b == 0  # 34 + ... 31 + 3 = 34: tie
    assert mv.score_deal(fr, 31, 3).tied
    assert mv.score_deal(fr, 20, 2).team_b == 12  # B: 40 + 6 = 46


def test_french_tie_is_void_and_carries_nothing() -> None:
    fr = rs("french-coinchee")
    tie = mv.score_deal(fr, 30, 4)
    assert tie.notes == ("tie 34-34: the deal is void, nobody scores",)
    after = mv.score_deal(fr, 37, 5, pending_ties=1)
    assert (after.team_a, after.factor, after.factors) == (8, 1, ())


def test_french_void_tie_notes_say_earlier_ties_carry_nothing() -> None:
    assert mv.score_deal(rs("french-coinchee"), 37, 5, pending_ties=1).notes == (
        "a tie is void under this ruleset: earlier ties carry nothing",
    )
    assert mv.score_deal(rs("french-coinchee"), 30, 4).notes == ("tie 34-34: the deal is void, nobody scores",)


def test_french_has_no_sweep_factor() -> None:
    score = mv.score_deal(rs("french-coinchee"), 60, 8)
    assert (score.team_a, score.factor) == (34, 1)
    assert score.factors == ()


# --------------------------------------------------------------------------------------
# Each factor.


def test_no_trump_factor() -> None:
    assert factors(mv.score_deal(rs("belgian"), 38, 5, mode="no-trump")) == {"no-trump": 2}


def test_blind_no_trump_factor_replaces_the_no_trump_factor() -> None:
    score = mv.score_deal(rs("belgian"), 38, 5, mode="blind")
    assert (factors(score), score.team_a) == ({"blind": 4}, 32)
    assert score.factors[0].reason == "blind no-trump x4"
    trump = rs("belgian").trump
    blind_x2 = rs("belgian").model_copy(update={"trump": trump.model_copy(update={
        "blind_no_trump": trump.blind_no_trump.model_copy(update={"factor": 2}),
    })})
    assert factors(mv.score_deal(blind_x2, 38, 5, mode="blind")) == {"blind": 2}


def test_single_pending_tie_factor_under_table_convention() -> None:
    for ties in (1, 2, 3):
        score = mv.score_deal(rs("table-convention"), 38, 5, pending_ties=ties)
        assert factors(score) == {"tie": 2}


def test_stacked_tie_factor_per_tie_under_belgian() -> None:
    for ties, value in ((1, 2), (2, 4), (3, 8)):
        score = mv.score_deal(rs("belgian"), 38, 5, pending_ties=ties)
        assert factors(score) == {"tie": value}
        assert score.team_a == 8 * value


def test_tie_factor_reason_counts_the_ties_in_a_row() -> None:
    reasons = [mv.score_deal(rs("belgian"), 38, 5, pending_ties=t).factors[0].reason for t in (1, 3)]
    assert reasons == ["tie carried x2", "tie carried x8 (3 ties in a row)"]


def test_the_tie_factor_goes_to_whichever_side_wins() -> None:
    assert mv.score_deal(rs("belgian"), 21, 3, pending_ties=1).team_b == 18


def test_sweep_factor_only_on_all_eight_tricks() -> None:
    assert "sweep" not in factors(mv.score_deal(rs("belgian"), 60, 7))
    assert factors(mv.score_deal(rs("belgian"), 60, 8)) == {"sweep": 2}


def test_sweep_defined_as_all_card_points() -> None:
    rules = with_scoring(
        "belgian",
        sweep=rs("belgian").scoring.sweep.model_copy(update={"definition": "all-card-points"}),
    )
    assert factors(mv.score_deal(rules, 60, 7)) == {"sweep": 2}
    assert factors(mv.score_deal(rules, 0, 1)) == {"sweep": 2}


def test_sweep_reason_names_what_was_swept() -> None:
    all_points = with_scoring(
        "belgian", sweep=rs("belgian").scoring.sweep.model_copy(update={"definition": "all-card-points"})
    )
    assert mv.score_deal(rs("belgian"), 60, 8).factors[0].reason == "sweep (all 8 tricks) x2"
    assert mv.score_deal(all_points, 60, 7).factors[0].reason == "sweep (all the card points) x2"


def test_factors_of_one_are_not_listed() -> None:
    # A sweep or a call worth x1 changes nothing and is not shown as a factor.
    belgian = rs("belgian")
    flat_calls = [c.model_copy(update={"factor": 1}) for c in belgian.calls]
    flat = belgian.model_copy(update={
        "calls": flat_calls,
        "scoring": belgian.scoring.model_copy(update={"sweep": belgian.scoring.sweep.model_copy(update={"factor": 1})}),
    })
    assert mv.score_deal(flat, 60, 8, calls=1).factors == ()
    trump = belgian.trump
    flat_modes = belgian.model_copy(update={"trump": trump.model_copy(update={
        "no_trump": trump.no_trump.model_copy(update={"factor": 1}),
        "blind_no_trump": trump.blind_no_trump.model_copy(update={"factor": 1}),
    })})
    assert [mv.score_deal(flat_modes, 38, 5, mode=m).factors for m in ("no-trump", "blind")] == [(), ()]


def test_a_call_without_a_label_is_named_by_its_name() -> None:
    belgian = rs("belgian")
    unlabelled = belgian.model_copy(update={"calls": [c.model_copy(update={"label": ""}) for c in belgian.calls]})
    assert [f.reason for f in mv.score_deal(unlabelled, 38, 5, calls=2).factors] == ["ik-ga-tegen x4"]


def test_ik_ga_mee_doubles() -> None:
    score = mv.score_deal(rs("belgian"), 38, 5, calls=1)
    assert (factors(score), score.team_a) == ({"ik-ga-mee": 2}, 16)
    assert score.factors[0].reason == "Ik ga mee x2"


def test_ik_ga_tegen_is_x4_in_total_not_x8() -> None:
    score = mv.score_deal(rs("belgian"), 38, 5, calls=2)
    assert (factors(score), score.factor, score.team_a) == ({"ik-ga-tegen": 4}, 4, 32)


def test_contre_and_surcontre() -> None:
    fr = rs("french-coinchee")
    assert mv.score_deal(fr, 37, 5, calls=1).team_a == 16
    assert mv.score_deal(fr, 37, 5, calls=2).team_a == 32


def test_a_call_multiplies_for_whichever_side_wins() -> None:
    score = mv.score_deal(rs("belgian"), 21, 3, calls=1)
    assert (score.team_a, score.team_b) == (0, 18)


def test_no_trump_and_calls_stack() -> None:
    assert mv.score_deal(rs("belgian"), 38, 5, mode="no-trump", calls=1).factor == 4
    assert mv.score_deal(rs("belgian"), 38, 5, mode="no-trump", calls=2).factor == 8
    assert mv.score_deal(rs("belgian"), 38, 5, mode="blind", calls=2).factor == 16
    assert mv.score_deal(rs("french-coinchee"), 37, 5, mode="no-trump", calls=2).team_a == 64


def test_all_factors_multiply_without_a_cap() -> None:
    score = mv.score_deal(rs("belgian"), 60, 8, mode="no-trump", calls=2, pending_ties=2)
    assert factors(score) == {"no-trump": 2, "tie": 4, "sweep": 2, "ik-ga-tegen": 4}
    assert (score.factor, score.team_a, score.capped) == (64, 30 * 64, False)


def test_cap_limits_the_combined_factor() -> None:
    score = mv.score_deal(rs("belgian-capped"), 38, 5, mode="no-trump", calls=2)
    assert (score.uncapped_factor, score.factor, score.capped, score.team_a) == (8, 4, True, 32)
    assert score.notes == ("capped at x4 (x8 before the cap)",)
    assert score.to_dict()["capped"] is True


def test_cap_does_not_touch_smaller_factors() -> None:
    score = mv.score_deal(rs("belgian-capped"), 38, 5, mode="no-trump")
    assert (score.factor, score.capped, score.notes) == (2, False, ())


def test_factors_can_combine_by_adding() -> None:
    rules = with_scoring("belgian", combine="add")
    score = mv.score_deal(rules, 60, 8, mode="no-trump", calls=2)  # 1 + 1 + 1 + 3
    assert (score.factor, score.team_a) == (6, 180)
    assert mv.score_deal(rules, 38, 5).factor == 1


def test_trick_points_and_last_trick_bonus_count_towards_the_total() -> None:
    rules = with_scoring("belgian", trick_points=1, last_trick_bonus=10)
    score = mv.score_deal(rules, 30, 4, last_trick="A")
    assert score.totals == (44, 34)
    assert (score.half, score.team_a) == (39, 5)
    with pytest.raises(ScoreInputError, match="say who won the last trick"):
        mv.score_deal(rules, 30, 4)
    assert mv.score_deal(rules, 60, 8).totals == (78, 0)  # the last trick goes with all 8


# --------------------------------------------------------------------------------------
# Breakdown object.


def test_to_dict_is_json_with_the_documented_keys() -> None:
    data = mv.score_deal(rs("belgian"), 38, 5, mode="no-trump", calls=1).to_dict()
    json.dumps(data)
    assert {"team_a", "team_b", "tied", "factor", "factors", "card_points", "totals"} <= set(data)
    assert data["factors"] == [
        {"name": "no-trump", "value": 2, "reason": "no-trump x2"},
        {"name": "ik-ga-mee", "value": 2, "reason": "Ik ga mee x2"},
    ]


def test_swapped_exchanges_the_sides() -> None:
    score = mv.score_deal(rs("belgian"), 21, 3)
    other = score.swapped()
    assert (other.team_a, other.team_b, other.winner) == (9, 0, "A")
    assert other.card_points == (39, 21)
    assert other.swapped() == score


def test_factors_are_worked_out_once_per_ruleset_and_shared() -> None:
    # docs/engine.md "The fast path": deal scores are memoised per ruleset (they are immutable).
    first = mv.score_deal(rs("belgian"), 38, 5, mode="no-trump", calls=1)
    again = mv.score_deal(rs("belgian"), 41, 6, mode="no-trump", calls=1)
    assert first.factors is again.factors


def test_thrown_in_deal_scores_nothing_and_keeps_pending_ties() -> None:
    thrown = DealScore.thrown(rs("belgian"), pending_ties=2)
    assert (thrown.team_a, thrown.team_b, thrown.tied, thrown.thrown_in) == (0, 0, False, True)
    assert thrown.pending_ties == 2


def test_thrown_in_deal_is_an_empty_deal_with_its_note() -> None:
    # docs/rules.md#dealing: the early look throws the deal in; nothing is scored.
    assert DealScore.thrown(rs("french-coinchee")) == DealScore(
        team_a=0, team_b=0, tied=False, factor=1, factors=(), card_points=(0, 0), tricks=(0, 0),
        totals=(0, 0), half=34, winner=None, excess=0, uncapped_factor=1, mode="thrown-in", calls=0,
        pending_ties=0, thrown_in=True, notes=("thrown in: the dealer's partner looked early; nothing scored",),
    )


def test_swapped_thrown_in_deal_stays_thrown_in() -> None:
    assert DealScore.thrown(rs("belgian"), pending_ties=1).swapped() == DealScore.thrown(rs("belgian"), 1)


def test_to_dict_holds_every_field_as_json_lists() -> None:
    assert mv.score_deal(rs("belgian"), 30, 4, pending_ties=1).to_dict() == {
        "team_a": 0, "team_b": 0, "tied": True, "factor": 2,
        "factors": [{"name": "tie", "value": 2, "reason": "tie carried x2"}],
        "card_points": [30, 30], "tricks": [4, 4], "totals": [30, 30], "half": 30, "winner": None,
        "excess": 0, "uncapped_factor": 2, "mode": "trump", "calls": 0, "pending_ties": 1,
        "thrown_in": False, "notes": ["tie 30-30: nobody scores; the next decisive deal carries x4"],
        "capped": False,
    }


# --------------------------------------------------------------------------------------
# Impossible figures.


@pytest.mark.parametrize(
    ("name", "kwargs", "message"),
    [
        ("belgian", {"points": 61, "tricks": 5}, "between 0 and 60"),
        ("belgian", {"points": -1, "tricks": 5}, "between 0 and 60"),
        ("belgian", {"points": 30, "tricks": 9}, "tricks must be between 0 and 8"),
        ("belgian", {"points": 5, "tricks": 0}, "0 trick"),
        ("belgian", {"points": 59, "tricks": 8}, "at least 60"),
        ("belgian", {"points": 38, "tricks": 1}, "1 trick\\(s\\) hold at most 20"),
        ("belgian", {"points": 2, "tricks": 7}, "at least 40"),
        ("belgian", {"points": 38, "tricks": 5, "mode": "muulen"}, "mode must be one of"),
        ("table-convention", {"points": 38, "tricks": 5, "mode": "blind"}, "blind"),
        ("table-convention", {"points": 38, "tricks": 5, "calls": 1}, "between 0 and 0"),
        ("belgian", {"points": 38, "tricks": 5, "calls": 3}, "ik-ga-mee then ik-ga-tegen"),
        ("belgian", {"points": 38, "tricks": 5, "pending_ties": -1}, "negative"),
        ("belgian", {"points": 60, "tricks": 8, "last_trick": "B"}, "took every trick"),
        ("belgian", {"points": 38, "tricks": 5, "last_trick": "C"}, "must be A or B"),
    ],
)
def test_impossible_figures_are_score_input_errors(
    name: str, kwargs: dict[str, Any], message: str
) -> None:
    with pytest.raises(ScoreInputError, match=message):
        mv.score_deal(rs(name), **kwargs)


def test_no_trump_not_allowed_is_an_error() -> None:
    data = rs("table-convention").model_dump()
    data["trump"]["no_trump"]["allowed"] = False
    rules = mv.Ruleset.model_validate(data)
    with pytest.raises(ScoreInputError, match="does not allow no-trump"):
        mv.score_deal(rules, 38, 5, mode="no-trump")


def test_call_not_allowed_in_a_mode_is_an_error() -> None:
    data = rs("belgian").model_dump()
    data["calls"][0]["modes"] = ["trump"]
    rules = mv.Ruleset.model_validate(data)
    with pytest.raises(ScoreInputError, match="ik-ga-mee is not allowed at no-trump"):
        mv.score_deal(rules, 38, 5, mode="no-trump", calls=1)


class HeartsDouble:
    """A scoring plug-in: hearts-trump deals count double; keeps what it was shown."""

    def __init__(self) -> None:
        self.seen: list[ScoreContext] = []

    def factor(self, ctx: ScoreContext) -> tuple[int, str] | None:
        self.seen.append(ctx)
        if ctx.trump == "S":
            return (1, "spades x1")  # a factor of 1 is no factor
        return (2, "hearts x2") if ctx.trump == "H" else None


HEARTS = HeartsDouble()
register_rule("test-scoring-hearts-double", HEARTS)  # one instance: compiled rulesets are cached


def test_scoring_plugin_sees_the_deal_and_its_trump() -> None:
    club = with_scoring("belgian", adjustments=["test-scoring-hearts-double"])
    HEARTS.seen.clear()
    assert factors(mv.score_deal(club, 38, 5, calls=1, pending_ties=1, trump="H")) == {
        "tie": 2, "ik-ga-mee": 2, "test-scoring-hearts-double": 2,
    }
    assert factors(mv.score_deal(club, 38, 5, trump="S")) == {}
    assert mv.score_deal(club, 38, 5, trump="H").factors[0].reason == "hearts x2"
    assert HEARTS.seen[0] == ScoreContext(38, 5, "trump", "H", 1, 1, "A")


def test_calls_without_a_ladder_say_the_ruleset_has_no_calls() -> None:
    with pytest.raises(ScoreInputError) as err:
        mv.score_deal(rs("table-convention"), 38, 5, calls=1)
    assert str(err.value) == "calls must be between 0 and 0 under table-convention (no calls) (got 1)"


def test_last_trick_bonus_needs_the_side_that_won_the_last_trick() -> None:
    with pytest.raises(ScoreInputError) as err:
        mv.score_deal(with_scoring("belgian", last_trick_bonus=10), 30, 4)
    assert str(err.value) == "with a last-trick bonus, say who won the last trick (A or B)"


def test_score_input_error_is_a_manille_error() -> None:
    assert issubclass(ScoreInputError, mv.ManilleError)


@pytest.mark.parametrize("name", ["belgian-capped", "french-coinchee"])
def test_fast_built_scores_and_views_equal_their_dataclass_construction(name: str) -> None:
    # score_deal and seat views skip the dataclass __init__ (engine.frozen.build): the result
    # must be the instance the constructor gives, with every field set.
    score = mv.score_deal(mv.load_ruleset(name), 24, 3, calls=2, pending_ties=1, last_trick="B")
    assert dataclasses.replace(score) == score and hash(dataclasses.replace(score)) == hash(score)
    assert set(vars(score)) == {f.name for f in dataclasses.fields(DealScore)}
    state = mv.new_deal(mv.load_ruleset(name), seed=5, dealer=1)
    for seat in range(4):
        view = state.view(seat)
        assert dataclasses.replace(view) == view
        assert set(vars(view)) == {f.name for f in dataclasses.fields(view)}


# --------------------------------------------------------------------------------------
# The deal in words (what the table and a replay print after a deal).


@pytest.mark.parametrize(
    ("name", "kwargs", "last"),
    [
        ("belgian", {"points": 38, "tricks": 5}, "A: 8 over 30 = 8 match points"),
        ("belgian", {"points": 31, "tricks": 4}, "A: 1 over 30 = 1 match point"),
        ("belgian", {"points": 38, "tricks": 5, "mode": "no-trump"}, "A: 8 over 30, no-trump x2 = 16 match points"),
        ("belgian", {"points": 38, "tricks": 5, "mode": "no-trump", "calls": 1},
         "A: 8 over 30, no-trump x2, Ik ga mee x2 (x4 in all) = 32 match points"),
        ("belgian-capped", {"points": 60, "tricks": 8, "mode": "no-trump", "calls": 1},
         "A: 30 over 30, no-trump x2, sweep (all 8 tricks) x2, Ik ga mee x2, capped at x4 = 120 match points"),
        ("belgian", {"points": 30, "tricks": 4}, "tie at 30-30: nobody scores"),
        ("belgian", {"points": 30, "tricks": 4, "pending_ties": 2}, "tie at 30-30: nobody scores (3 ties in a row)"),
    ],
)
def test_score_sentences_say_how_the_match_points_came_about(name: str, kwargs: dict[str, Any], last: str) -> None:
    score = mv.score_deal(rs(name), **kwargs)
    card_points, tricks = score.card_points, score.tricks
    assert score_sentences(score) == [
        f"card points A {card_points[0]}, B {card_points[1]}; tricks A {tricks[0]}, B {tricks[1]}", last,
    ]


def test_score_sentences_show_trick_points_and_name_the_teams() -> None:
    assert score_sentences(mv.score_deal(rs("french-coinchee"), 37, 5)) == [
        "card points A 37, B 23; tricks A 5, B 3",
        "totals with trick points A 42, B 26",
        "A: 8 over 34 = 8 match points",
    ]
    assert score_sentences(mv.score_deal(rs("belgian"), 21, 3), ("us", "them")) == [
        "card points us 21, them 39; tricks us 3, them 5", "them: 9 over 30 = 9 match points",
    ]


def test_score_sentences_of_a_thrown_in_deal() -> None:
    assert score_sentences(DealScore.thrown(rs("belgian"))) == ["thrown in: nothing scored"]
    assert score_sentences(DealScore.thrown(rs("belgian"), 2)) == [
        "thrown in: nothing scored; 2 pending tie(s) stay pending",
    ]


NEXT_X2 = "the next decisive deal counts x2"


@pytest.mark.parametrize(
    ("name", "short", "note"),
    [
        ("table-convention", ["", "tie: next x2", "2 ties: next x2"],
         ["", f"a tie pending: {NEXT_X2}", f"2 ties in a row pending: {NEXT_X2}"]),
        ("belgian", ["", "tie: next x2", "2 ties: next x4"],
         ["", f"a tie pending: {NEXT_X2}", "2 ties in a row pending: the next decisive deal counts x4"]),
        ("french-coinchee", ["", "", ""], ["", "", ""]),
    ],
)
def test_pending_ties_in_words(name: str, short: list[str], note: list[str]) -> None:
    rules = mv.compile_rules(rs(name))
    assert [pending_short(rules, p) for p in (0, 1, 2)] == short
    assert [pending_note(rules, p) for p in (0, 1, 2)] == note
