"""Matches: dealer rotation per ruleset, pending ties (single, stacked, void, kept through a
thrown-in deal), the target, best-of-3 boams; deal scores crafted with score_deal.
"""

from __future__ import annotations

import random

import pytest

import manille_variants as mv
from manille_variants.engine.match import Match, deal_seed
from manille_variants.engine.scoring import DealScore
from manille_variants.ruleset.schema import Ruleset


def rs(name: str) -> Ruleset:
    return mv.load_ruleset(name)


def win(name: str, points: int = 38, tricks: int = 5) -> DealScore:
    """A decisive deal for the dealer's side (8 match points at 38 card points)."""
    return mv.score_deal(rs(name), points, tricks)


def lose(name: str) -> DealScore:
    """A decisive deal for the other side: 39 card points, 9 match points."""
    return mv.score_deal(rs(name), 21, 3)


def tie(name: str) -> DealScore:
    return mv.score_deal(rs(name), 30, 4)


# --------------------------------------------------------------------------------------
# Dealers.


def test_first_dealer_is_drawn_from_the_seed() -> None:
    dealers = {Match(rs("belgian"), seed=s).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert Match(rs("belgian"), seed=5).dealer == Match(rs("belgian"), seed=5).dealer


def test_first_dealer_can_be_fixed_by_the_ruleset_or_the_caller() -> None:
    data = rs("belgian").model_dump()
    data["dealing"]["first_dealer"] = 2
    assert Match(Ruleset.model_validate(data), seed=9).dealer == 2
    assert Match(rs("belgian"), seed=9, first_dealer=3).dealer == 3


@pytest.mark.parametrize(
    ("name", "step"), [("belgian", 1), ("table-convention", 1), ("french-coinchee", -1)]
)
def test_dealer_rotates_in_the_rulesets_direction(name: str, step: int) -> None:
    match = Match(rs(name), seed=1, first_dealer=0)
    dealers = []
    for _ in range(5):
        dealers.append(match.dealer)
        match.add(tie(name))
    assert dealers == [(k * step) % 4 for k in range(5)]


def test_thrown_in_deal_passes_the_deal_on() -> None:
    match = Match(rs("belgian"), seed=1, first_dealer=1)
    outcome = match.add(DealScore.thrown(rs("belgian")))
    assert (match.dealer, outcome.team_points, match.scores) == (2, (0, 0), [0, 0])


def test_new_deal_is_seeded_from_the_match_and_dealt_by_the_dealer() -> None:
    match = Match(rs("belgian"), seed=4, first_dealer=3)
    state = match.new_deal()
    assert (state.dealer, state.seed) == (3, deal_seed(4, 0))
    match.add(win("belgian"))
    assert match.new_deal().seed == deal_seed(4, 1) != deal_seed(4, 0)


# --------------------------------------------------------------------------------------
# Scores by team.


def test_deal_scores_go_to_the_dealers_team_or_the_other() -> None:
    match = Match(rs("table-convention"), seed=1, first_dealer=1)
    first = match.add(win("table-convention"))  # dealer 1: team 1 scores 8
    assert first.team_points == (0, 8)
    second = match.add(lose("table-convention"))  # dealer 2: team 1 scores 9
    assert second.team_points == (0, 9)
    assert match.scores == [0, 17] == list(second.scores_after)


# --------------------------------------------------------------------------------------
# Pending ties.


def test_a_tie_is_pending_and_a_decisive_deal_clears_it() -> None:
    match = Match(rs("table-convention"), seed=1, first_dealer=0)
    assert match.add(tie("table-convention")).pending_after == 1
    assert match.new_deal().pending_ties == 1
    doubled = mv.score_deal(rs("table-convention"), 38, 5, pending_ties=match.pending_ties)
    outcome = match.add(doubled)
    assert (outcome.team_points, match.pending_ties) == ((0, 16), 0)


def test_table_convention_keeps_a_single_pending_tie_factor() -> None:
    match = Match(rs("table-convention"), seed=1, first_dealer=0)
    for _ in range(3):
        match.add(tie("table-convention"))
    score = mv.score_deal(rs("table-convention"), 38, 5, pending_ties=match.pending_ties)
    assert (match.pending_ties, score.factor, score.team_a) == (3, 2, 16)


def test_belgian_stacks_a_factor_per_tie_in_a_row() -> None:
    match = Match(rs("belgian"), seed=1, first_dealer=0)
    for _ in range(3):
        match.add(tie("belgian"))
    score = mv.score_deal(rs("belgian"), 38, 5, pending_ties=match.pending_ties)
    assert (score.factor, score.team_a) == (8, 64)


def test_french_tie_is_void_and_doubles_nothing() -> None:
    match = Match(rs("french-coinchee"), seed=1, first_dealer=0)
    match.add(mv.score_deal(rs("french-coinchee"), 30, 4))
    score = mv.score_deal(rs("french-coinchee"), 37, 5, pending_ties=match.pending_ties)
    assert (match.pending_ties, score.factor, score.team_a) == (0, 1, 8)


def test_thrown_in_deal_keeps_the_pending_tie() -> None:
    match = Match(rs("belgian"), seed=1, first_dealer=0)
    match.add(tie("belgian"))
    outcome = match.add(DealScore.thrown(rs("belgian"), pending_ties=match.pending_ties))
    assert outcome.pending_after == match.pending_ties == 1
    assert match.new_deal().pending_ties == 1


def test_thrown_in_deal_played_through_the_engine_keeps_the_pending_tie() -> None:
    match = Match(rs("belgian"), seed=1, first_dealer=0)
    match.add(tie("belgian"))
    state = match.new_deal().apply(mv.engine.THROW_IN)
    assert state.result is not None
    match.add(state.result)
    assert (match.pending_ties, match.dealer) == (1, 2)


# --------------------------------------------------------------------------------------
# Games and boams.


def test_a_game_ends_when_a_side_reaches_the_target_after_a_deal() -> None:
    match = Match(rs("table-convention"), seed=1, first_dealer=0)
    sweep = mv.score_deal(rs("table-convention"), 60, 8)  # 60 match points
    match.add(sweep)  # dealer 0: team 0 has 60
    assert not match.is_over
    match.add(lose("table-convention"))  # dealer 1 loses: team 0 has 69
    match.add(mv.score_deal(rs("table-convention"), 50, 6))  # dealer 2 (team 0): +20 = 89
    assert match.scores == [89, 0] and not match.is_over
    outcome = match.add(lose("table-convention"))  # dealer 3 loses: team 0 has 98
    assert outcome.game_winner is None
    outcome = match.add(mv.score_deal(rs("table-convention"), 33, 4))  # team 0: 101
    assert (outcome.game_winner, match.winner, match.is_over) == (0, 0, True)
    assert match.games == [1, 0]
    with pytest.raises(ValueError, match="over"):
        match.add(win("table-convention"))
    with pytest.raises(ValueError, match="over"):
        match.new_deal()


def test_french_target_is_100() -> None:
    match = Match(rs("french-coinchee"), seed=1, first_dealer=0)
    match.add(mv.score_deal(rs("french-coinchee"), 60, 8, mode="no-trump"))  # 34 x 2 = 68
    assert not match.is_over
    match.add(mv.score_deal(rs("french-coinchee"), 0, 0))  # dealer 3 (team 1) swept: team 0 +34
    assert match.scores == [102, 0] and match.winner == 0


def test_belgian_match_is_best_of_three_boams() -> None:
    match = Match(rs("belgian"), seed=1, first_dealer=0)
    big = mv.score_deal(rs("belgian"), 60, 8, mode="blind")  # 30 x 8 = 240
    match.add(big)  # dealer 0: team 0 wins game 1
    assert (match.games, match.game, match.scores, match.is_over) == ([1, 0], 1, [0, 0], False)
    match.add(big)  # dealer 1: team 1 wins game 2
    assert (match.games, match.game, match.is_over) == ([1, 1], 2, False)
    outcome = match.add(big)  # dealer 2: team 0 wins game 3 and the match
    assert (outcome.game, outcome.game_winner, match.winner, match.games) == (2, 0, 0, [2, 1])


def test_a_new_game_starts_without_pending_ties() -> None:
    match = Match(rs("belgian"), seed=1, first_dealer=0)
    match.add(tie("belgian"))
    match.add(mv.score_deal(rs("belgian"), 60, 8, mode="blind", pending_ties=1))
    assert (match.game, match.pending_ties) == (1, 0)


def test_a_whole_match_of_random_deals_ends_with_a_winner() -> None:
    match = Match(rs("belgian"), seed=3)
    rng = random.Random(3)
    while not match.is_over:
        state = match.new_deal()
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        assert state.result is not None
        match.add(state.result)
    assert match.winner in (0, 1)
    assert match.games[match.winner] == 2
    for before, deal in zip(match.deals, match.deals[1:], strict=False):
        if deal.game == before.game:
            assert deal.score.pending_ties == before.pending_after


# --------------------------------------------------------------------------------------
# Seeds and the deal record (docs/rules.md#dealing: the first dealer is drawn, seeded).


def test_deal_seeds_are_a_fixed_mix_the_same_on_every_machine() -> None:
    # Records replay from these numbers: they must never change.
    assert [deal_seed(0, i) for i in range(-1, 3)] == [
        0, 7087899655834342597, 7034468785297631627, 7942079457971045022,
    ]
    assert deal_seed(2**40 + 7, 11) == 5073645420847011120


def test_first_dealer_drawn_from_the_seed_is_fixed_per_seed() -> None:
    assert [Match(rs("belgian"), seed=s).dealer for s in range(12)] == [3, 1, 2, 2, 2, 0, 2, 0, 2, 2, 3, 2]


def test_first_dealer_fixed_by_the_ruleset_is_not_drawn() -> None:
    data = rs("belgian").model_dump()
    data["dealing"]["first_dealer"] = 1
    fixed = Ruleset.model_validate(data)
    assert {Match(fixed, seed=s).dealer for s in range(12)} == {1}


def test_new_deal_knows_the_game_score_for_blind_only_when_behind() -> None:
    match = Match(rs("belgian"), seed=2, first_dealer=0)
    match.add(lose("belgian"))  # dealer 0's side concedes 9
    assert match.new_deal().scores == (0, 9)


def test_deal_outcome_records_its_number_game_and_dealer() -> None:
    match = Match(rs("belgian"), seed=2, first_dealer=3)
    match.add(tie("belgian"))
    outcome = match.add(win("belgian"))
    assert (outcome.index, outcome.game, outcome.dealer) == (1, 0, 0)


def test_no_deal_after_the_match_is_over() -> None:
    match = Match(rs("table-convention"), seed=1, first_dealer=0)
    while not match.is_over:
        match.add(mv.score_deal(rs("table-convention"), 60, 8))
    with pytest.raises(ValueError, match=r"^the match is over$"):
        match.new_deal()
    with pytest.raises(ValueError, match=r"^the match is over$"):
        match.add(tie("table-convention"))
