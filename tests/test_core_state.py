"""The public deal API on the compiled core (what ``new_deal`` returns) against the Python
reference engine (``reference.new_deal``): every member of ``DealState`` along random playouts."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from core_helpers import core_bundled
from strategies import BUNDLED as ALL_BUNDLED

import manille_variants as mv
from manille_variants import _core
from manille_variants.cards import DECK
from manille_variants.engine.actions import LOOK, NO_TRUMP, PASS, THROW_IN, call_action
from manille_variants.engine.deal import DealState
from manille_variants.engine.reference import new_deal as reference_deal

MEMBERS = ("phase", "to_play", "is_over", "seed", "dealer", "pending_ties", "scores", "cut", "mode", "chooser",
           "calls", "leader", "win_seat", "win_idx", "trick", "tricks", "trump", "trump_suit", "points",
           "tricks_won", "actions", "hands", "dealt_hands", "dealer_team", "thrown_in", "result")

BUNDLED = core_bundled(ALL_BUNDLED)


def same(core: DealState, python: DealState) -> None:
    for name in MEMBERS:
        assert getattr(core, name) == getattr(python, name), name
    assert core.legal_actions() == python.legal_actions()
    assert core.legal_card_mask() == python.legal_card_mask()
    assert core.played_mask() == python.played_mask()
    assert core.explain() == python.explain()
    assert repr(core) == repr(python)
    assert core == python and python == core and hash(core) == hash(python)
    for seat in range(4):
        assert core.hand(seat) == python.hand(seat)
        assert core.hand_mask(seat) == python.hand_mask(seat)
        assert core.has_looked(seat) == python.has_looked(seat)
        assert core.view(seat) == python.view(seat)


def refusal(state: DealState, action: Any) -> str:
    with pytest.raises(mv.IllegalPlayError) as info:
        state.apply(action)
    return str(info.value)


@pytest.mark.parametrize("name", BUNDLED)
def test_the_public_deal_api_answers_from_the_core_as_from_python(name: str) -> None:
    rs = mv.load_ruleset(name)
    rng = random.Random(name)
    strangers = [*DECK, THROW_IN, call_action("nobody"), "10H", NO_TRUMP, PASS, LOOK]
    for seed in range(60):
        dealer, pending, scores = seed % 4, seed % 3, (seed % 50, 3)
        core = mv.new_deal(rs, seed, dealer, pending_ties=pending, scores=scores)
        python = reference_deal(rs, seed, dealer, pending_ties=pending, scores=scores)
        assert isinstance(core, _core.CoreDeal) and isinstance(core, DealState)
        while True:
            same(core, python)
            stranger: Any = rng.choice(strangers)
            if stranger not in python.legal_actions():
                try:
                    python.apply(stranger)
                except mv.IllegalPlayError as exc:
                    assert refusal(core, stranger) == str(exc)
            if python.is_over:
                break
            if python.phase in ("blind", "trump") and rng.random() < 0.03:
                action: Any = THROW_IN
                try:
                    python.apply(action)
                except mv.IllegalPlayError:
                    action = rng.choice(python.legal_actions())
            else:
                action = rng.choice(python.legal_actions())
            core, python = core.apply(action), python.apply(action)


def test_given_hands_play_on_the_core() -> None:
    rs = mv.load_ruleset("table-convention")
    hands = ["10S AS KS QS JS 9S 8S 7S", "10H AH KH QH JH 9H 8H 7H",
             "10D AD KD QD JD 9D 8D 7D", "10C AC KC QC JC 9C 8C 7C"]
    core = mv.new_deal(rs, 5, 1, hands=hands)
    python = reference_deal(rs, 5, 1, hands=hands)
    assert isinstance(core, _core.CoreDeal)
    same(core, python)


def test_seeds_beyond_128_bits_play_in_python() -> None:
    rs = mv.load_ruleset("belgian")
    assert not isinstance(mv.new_deal(rs, 2**200, 0), _core.CoreDeal)
    assert mv.new_deal(rs, 2**200, 0) == reference_deal(rs, 2**200, 0)


def test_a_typed_deal_with_a_turned_card_plays_on_the_core() -> None:
    rs = mv.load_ruleset("french-muette")
    hands = ["10S AS KS QS JS 9S 8S 7S", "10H AH KH QH JH 9H 8H 7H",
             "10D AD KD QD JD 9D 8D 7D", "10C AC KC QC JC 9C 8C 7C"]
    core = mv.new_deal(rs, 5, 3, hands=hands, turned="KC")
    python = reference_deal(rs, 5, 3, hands=hands, turned="KC")
    assert isinstance(core, _core.CoreDeal) and str(core.turned_card) == "KC"
    rng = random.Random(3)
    while not python.is_over:
        same(core, python)
        action = rng.choice(python.legal_actions())
        core, python = core.apply(action), python.apply(action)
    same(core, python)
    assert core.result is not None and core.result.turned_bonus == 3


@pytest.mark.parametrize(("turned", "message"), [
    (None, "the ruleset takes trump from the turned card: say which card was turned"),
    ("KH", "the turned card KH is not in the dealer's hand (seat 3)"),
])
def test_a_typed_deal_names_its_turned_card_as_in_python(turned: str | None, message: str) -> None:
    rs = mv.load_ruleset("french-parlee")
    hands = ["10S AS KS QS JS 9S 8S 7S", "10H AH KH QH JH 9H 8H 7H",
             "10D AD KD QD JD 9D 8D 7D", "10C AC KC QC JC 9C 8C 7C"]
    for deal in (mv.new_deal, reference_deal):
        with pytest.raises(mv.CardError, match=re.escape(message)):
            deal(rs, 5, 3, hands=hands, turned=turned)


def test_a_match_under_a_turned_card_ruleset_deals_on_the_core() -> None:
    match = mv.Match(mv.load_ruleset("french-parlee"), seed=4)
    state = match.new_deal()
    assert isinstance(state, _core.CoreDeal) and state.turned_card is not None
    assert state.turned_on_table and state.trump == state.turned_card.suit.name
