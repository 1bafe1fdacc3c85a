"""The compiled core's bitmask filter and ``legal_mask`` equal the readable filter, over random
positions and random combinations of every play-obligation setting; the legal set is a
non-empty subset of the hand.

The one position per clause of clause_positions.py runs first as explicit examples, so every
branch of the core's filter is tried on every run, however rarely random positions reach it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from clause_positions import CLAUSE_POSITIONS
from hypothesis import example, given, settings
from hypothesis import strategies as st
from strategies import BUNDLED, play_settings

import manille_variants as mv
from manille_variants import _core
from manille_variants.cards import DECK, Card, Suit, mask_of, parse_cards
from manille_variants.engine import compile_rules
from manille_variants.engine.crossing import to_core
from manille_variants.engine.legality import CLAUSES, legal_mask, parse_trump
from manille_variants.engine.tricks import trick_winner
from manille_variants.ruleset.schema import PlayRules, Ruleset

Position = tuple[list[Card], list[Card], Suit | None]


def custom(base: str, play: dict[str, Any]) -> Ruleset:
    """``base`` with the play settings of ``play`` (all of them, or only those changed)."""
    rs = mv.load_ruleset(base)
    return rs.model_copy(update={"play": PlayRules.model_validate({**rs.play.model_dump(), **play})})


def clause_examples(test: Callable[..., None]) -> Callable[..., None]:
    """Run ``test`` first on the one position per clause of clause_positions.py."""
    for pos in CLAUSE_POSITIONS.values():
        position: Position = (parse_cards(pos.hand), parse_cards(pos.trick), parse_trump(pos.trump))
        test = example(play=pos.play, position=position, base=pos.base)(test)
    return test


@st.composite
def positions(draw: st.DrawFn) -> tuple[list[Card], list[Card], Suit | None]:
    """A random hand (1-8 cards) and a trick of 0-3 other cards, all distinct; a trump."""
    cards = draw(st.permutations(DECK))
    size = draw(st.integers(1, 8))
    played = draw(st.integers(0, 3))
    trump = draw(st.sampled_from([None, *Suit]))
    return list(cards[:size]), list(cards[size : size + played]), trump


def fast(rs: Ruleset, hand: list[Card], trick: list[Card], trump: Suit | None) -> int:
    rules = compile_rules(rs)
    t = -1 if trump is None else int(trump)
    if not trick:
        return legal_mask(rules, mask_of(hand), -1, -1, False, t)
    win = trick_winner(rules, trick, trump)
    partner_wins = len(trick) - win == 2
    return legal_mask(rules, mask_of(hand), trick[0].suit, trick[win].index, partner_wins, t)


def bound(rs: Ruleset, hand: list[Card], trick: list[Card], trump: Suit | None) -> int:
    """The compiled core's bitmask filter (what the deals of ``mv.new_deal`` play with)."""
    return _core.legal_mask(to_core(rs), mask_of(hand), [c.index for c in trick], None if trump is None else int(trump))


@settings(max_examples=200, deadline=None)
@given(play=play_settings, position=positions(), base=st.sampled_from(BUNDLED))
@clause_examples
def test_fast_path_equals_readable_filter_for_every_play_setting(
    play: dict[str, Any], position: tuple[list[Card], list[Card], Suit | None], base: str
) -> None:
    rs = custom(base, play)
    hand, trick, trump = position
    readable = mv.explain_legal(rs, hand, trick, trump)
    assert fast(rs, hand, trick, trump) == mask_of(readable.cards)
    assert bound(rs, hand, trick, trump) == mask_of(readable.cards)
    assert mv.legal_cards(rs, hand, trick, trump) == readable.cards  # the public fast path


@settings(max_examples=200, deadline=None)
@given(play=play_settings, position=positions())
def test_legal_set_is_a_nonempty_subset_of_the_hand_in_hand_order(
    play: dict[str, Any], position: tuple[list[Card], list[Card], Suit | None]
) -> None:
    hand, trick, trump = position
    verdict = mv.explain_legal(custom("table-convention", play), hand, trick, trump)
    assert verdict.cards
    assert verdict.cards == [c for c in hand if c in verdict.cards]
    assert verdict.clause in CLAUSES
    assert verdict.reason


@settings(max_examples=100, deadline=None)
@given(position=positions(), name=st.sampled_from(BUNDLED))
def test_following_is_always_compulsory(
    position: tuple[list[Card], list[Card], Suit | None], name: str
) -> None:
    hand, trick, trump = position
    cards = mv.legal_cards(mv.load_ruleset(name), hand, trick, trump)
    if trick and any(c.suit == trick[0].suit for c in hand):
        assert all(c.suit == trick[0].suit for c in cards)
