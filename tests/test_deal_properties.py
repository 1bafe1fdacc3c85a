"""Whole deals under every bundled ruleset and random play-obligation settings, driven by
random legal choices from a hypothesis-drawn seed: 32 legal cards, cards conserved, points
adding up, replay, and the deal's legal set equal to the readable filter at every step.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import BUNDLED, play_settings

import manille_variants as mv
from manille_variants.cards import DECK, Card
from manille_variants.engine import compile_rules
from manille_variants.engine.deal import DealState
from manille_variants.ruleset.schema import PlayRules, Ruleset


@st.composite
def rulesets(draw: st.DrawFn) -> Ruleset:
    """A bundled ruleset, half of the time with random play obligations."""
    rs = mv.load_ruleset(draw(st.sampled_from(BUNDLED)))
    if draw(st.booleans()):
        return rs
    play: dict[str, Any] = draw(play_settings)
    return rs.model_copy(update={"play": PlayRules.model_validate(play)})


def check_play_step(rs: Ruleset, state: DealState) -> None:
    seat = state.to_play
    hand = state.hand(seat)
    if state.turned_on_table and seat == state.dealer:  # it waits on the table, not playable
        hand = [c for c in hand if c != state.turned_card]
    legal = state.legal_actions()
    cards = [c for c in legal if isinstance(c, Card)]
    assert cards and cards == legal and all(c in hand for c in cards)
    assert cards == mv.legal_cards(rs, hand, state.trick, state.trump)
    assert state.legal_card_mask() == sum(c.bit for c in cards)


def check_conservation(state: DealState) -> None:
    held = [c for hand in state.hands for c in hand]
    played = [c for _, cards, _ in state.tricks for c in cards] + list(state.trick)
    assert len(held) + len(played) == 32
    assert set(held) | set(played) == set(DECK)


def play(rs: Ruleset, seed: int, dealer: int) -> tuple[DealState, int]:
    """Random legal choices from ``seed``; returns the final state and the cards played."""
    rng = random.Random(seed)
    state = mv.new_deal(rs, seed, dealer, pending_ties=seed % 3, scores=(seed % 50, 0))
    cards = 0
    while not state.is_over:
        if state.phase == "play":
            check_play_step(rs, state)
            cards += 1
        action = rng.choice(state.legal_actions())
        before = state.legal_actions()
        state = state.apply(action)
        assert action in before
        check_conservation(state)
    return state, cards


@settings(max_examples=150, deadline=None)
@given(rs=rulesets(), seed=st.integers(0, 2**32), dealer=st.integers(0, 3))
def test_a_deal_plays_32_legal_cards_and_the_points_add_up(
    rs: Ruleset, seed: int, dealer: int
) -> None:
    state, cards = play(rs, seed, dealer)
    assert cards == 32 and len(state.tricks) == 8
    assert all(not hand for hand in state.hands)
    rules = compile_rules(rs)
    result = state.result
    assert result is not None
    assert sum(state.points) == rules.card_total
    assert sum(state.tricks_won) == 8
    assert sum(result.totals) == rules.deal_total
    team = state.dealer_team
    assert result.card_points == (state.points[team], state.points[1 - team])
    winners = [w for _, _, w in state.tricks]
    assert state.tricks_won[0] == sum(1 for w in winners if w & 1 == 0)


@settings(max_examples=100, deadline=None)
@given(rs=rulesets(), seed=st.integers(0, 2**32), dealer=st.integers(0, 3))
def test_replay_from_the_action_list_gives_an_equal_state(
    rs: Ruleset, seed: int, dealer: int
) -> None:
    state, _ = play(rs, seed, dealer)
    kwargs: dict[str, Any] = {"pending_ties": seed % 3, "scores": (seed % 50, 0)}
    again = mv.replay(rs, seed, dealer, state.actions, **kwargs)
    assert again == state
    assert again.result == state.result
    assert mv.replay(rs, seed, dealer, [str(a) for a in state.actions], **kwargs) == state


@settings(max_examples=100, deadline=None)
@given(rs=rulesets(), seed=st.integers(0, 2**32), dealer=st.integers(0, 3))
def test_trick_winner_is_the_highest_trump_or_highest_of_the_led_suit(
    rs: Ruleset, seed: int, dealer: int
) -> None:
    state, _ = play(rs, seed, dealer)
    rules = compile_rules(rs)
    trump = state.trump_suit
    for leader, cards, winner in state.tricks:
        trumps = [c for c in cards if c.suit == trump]
        pool = trumps or [c for c in cards if c.suit == cards[0].suit]
        best = max(pool, key=lambda c: rules.strength[c.index])
        assert winner == (leader + rules.step * cards.index(best)) % 4
