"""The double-dummy solver through the public API: equal to plain minimax over the Python
engine on random endgames of every bundled ruleset (also mid-trick)."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import BUNDLED as ALL_BUNDLED
from strategies import play_settings

import manille_variants as mv
from manille_variants.cards import Card
from manille_variants.engine.deal import DealState
from manille_variants.ruleset.schema import PlayRules, Ruleset

# Every bundled ruleset, trump by the turned card included.
BUNDLED = list(ALL_BUNDLED)


@cache
def _rules(name: str) -> mv.Ruleset:
    return mv.load_ruleset(name)


def _endgame(name: str | Ruleset, seed: int, left: int) -> DealState:
    """A random deal played with random legal actions until ``left`` cards remain."""
    rng = random.Random(seed)
    rules = _rules(name) if isinstance(name, str) else name
    state = mv.new_deal(rules, seed, dealer=seed % 4)
    while state.phase != "play":
        state = state.apply(rng.choice([a for a in state.legal_actions() if str(a) != "throw-in"]))
    while 32 - state.played_mask().bit_count() > left:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def _minimax(state: DealState) -> int:
    """Team A's total under perfect play, by trying every legal card."""
    if state.is_over:
        assert state.result is not None
        return state.result.totals[0]
    values = [_minimax(state.apply(card)) for card in state.legal_actions()]
    maximise = (state.to_play & 1) == state.dealer_team
    return max(values) if maximise else min(values)


@settings(max_examples=25, deadline=None)
@given(name=st.sampled_from(BUNDLED), seed=st.integers(0, 10**6), left=st.integers(4, 10))
def test_solver_equals_minimax_on_endgames(name: str, seed: int, left: int) -> None:
    state = _endgame(name, seed, left)
    solution = mv.solve(state)
    assert solution.value == _minimax(state)
    assert set(solution.moves) == set(state.legal_actions())
    for card, value in solution.moves.items():
        assert value == _minimax(state.apply(card))


@settings(max_examples=25, deadline=None)
@given(
    play=play_settings,
    base=st.sampled_from(BUNDLED),
    seed=st.integers(0, 10**6),
    left=st.sampled_from([5, 6, 7, 8, 9]),
)
def test_solver_equals_minimax_under_any_play_settings(
    play: dict[str, object], base: str, seed: int, left: int
) -> None:
    # Every combination of obligations the schema accepts (beat, trump, overtrump, undertrump
    # readings, at no-trump or not), mostly mid-trick.
    rs = _rules(base)
    custom = rs.model_copy(update={"play": PlayRules.model_validate({**rs.play.model_dump(), **play})})
    state = _endgame(custom, seed, left)
    solution = mv.solve(state)
    assert solution.value == _minimax(state)
    assert set(solution.moves) == set(state.legal_actions())
    for card, value in solution.moves.items():
        assert value == _minimax(state.apply(card))


@pytest.mark.parametrize("name", BUNDLED)
def test_value_of_a_whole_deal_is_the_best_first_lead(name: str) -> None:
    state = _endgame(name, 11, 32)
    solution = mv.solve(state)
    leader_is_a = (state.to_play & 1) == state.dealer_team
    best = max(solution.moves.values()) if leader_is_a else min(solution.moves.values())
    assert solution.value == best
    assert 0 <= solution.value <= state.rules.card_total + 8 * state.rules.trick_points + state.rules.last_trick_bonus
    assert all(isinstance(card, Card) for card in solution.moves)


def test_a_finished_deal_is_worth_what_team_a_took() -> None:
    state = _endgame("french-coinchee", 5, 4)
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    with pytest.raises(ValueError, match="play phase"):
        mv.solve(state)


def test_before_play_there_is_nothing_to_solve() -> None:
    with pytest.raises(ValueError, match="play phase"):
        mv.solve(mv.new_deal(_rules("belgian"), 3))


def test_cost_of_a_card_is_its_distance_from_the_value() -> None:
    state = _endgame("table-convention", 21, 12)
    solution = mv.solve(state)
    for card in solution.moves:
        assert solution.cost(card) == abs(solution.value - solution.moves[card])
    assert all(solution.cost(card) == 0 for card in solution.best(state))


def _with_take_up(name: str, take_up: str) -> Ruleset:
    rs = _rules(name)
    turned = rs.trump.turned_card
    assert turned is not None
    trump = rs.trump.model_copy(update={"turned_card": turned.model_copy(update={"take_up": take_up})})
    return rs.model_copy(update={"trump": trump})


@pytest.mark.parametrize("take_up", ["before-first-trick", "after-first-card", "after-first-trick"])
@pytest.mark.parametrize("name", ["french-parlee", "french-muette"])
def test_turned_card_is_solved_with_its_take_up(name: str, take_up: str) -> None:
    # Trump by the turned card: the dealer's turned card is unplayable until its take-up, in
    # the solver's cards as in the engine's, all through the first trick.
    rules = _with_take_up(name, take_up)
    for seed in range(3):
        state = mv.new_deal(rules, seed, dealer=seed % 4)
        assert state.turned_card is not None
        for _ in range(4):  # the first trick
            solution = mv.solve(state)
            assert set(solution.moves) == set(state.legal_actions())
            if state.to_play == state.dealer and take_up == "after-first-trick":
                assert state.turned_card not in solution.moves
            state = state.apply(state.legal_actions()[-1])
        assert state.turned_card in state.dealt_hands[state.dealer]
