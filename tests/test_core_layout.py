"""The two-seat layout (belgian-two) on the compiled core against the reference engine: the
same deal from every seed (hands, face-down cards and the face-up cards on them), the same legal
cards, explanations, views and results at every step of random and heuristic play, and the
properties of the layout on the core (cards conserved, the legal set a non-empty subset of the
hand and the face-up cards)."""

from __future__ import annotations

import random
from typing import Any, Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import manille_variants as mv
from manille_variants import _core
from manille_variants.bots import make_bots, play_deal
from manille_variants.cards import Card
from manille_variants.engine import reference
from manille_variants.engine.crossing import action_code, core_rules_for, rules_input, to_core
from manille_variants.engine.deal import replay
from manille_variants.engine.scoring import core_breakdown

TWO = mv.load_ruleset("belgian-two")
SEATS = range(2)


def both(seed: int, dealer: int) -> tuple[reference.ReferenceState, Any]:
    ref = reference.new_deal(TWO, seed, dealer)
    core = mv.new_deal(TWO, seed, dealer)
    assert type(core).__name__ == "CoreDeal"
    return ref, core


def check_same(ref: reference.ReferenceState, core: Any) -> None:
    """Everything a player, a bot or a page reads of the two states is the same."""
    assert (core.phase, core.to_play, core.leader, core.win_seat, core.win_idx) == (
        ref.phase, ref.to_play, ref.leader, ref.win_seat, ref.win_idx)
    assert (core.points, core.tricks_won, core.trick, core.tricks) == (ref.points, ref.tricks_won, ref.trick,
                                                                      ref.tricks)
    for seat in SEATS:
        assert core.hand(seat) == ref.hand(seat) and core.hand_mask(seat) == ref.hand_mask(seat)
        assert core.face_up(seat) == ref.face_up(seat)
        assert core.face_down(seat) == ref.face_down(seat)
        assert core.view(seat) == ref.view(seat)
    assert core.face_up_masks == [sum(c.bit for c in ref.face_up(s)) for s in SEATS]
    assert core.face_down_mask == sum(c.bit for s in SEATS for c in ref.face_down(s))
    assert core.legal_actions() == ref.legal_actions() and core.legal_card_mask() == ref.legal_card_mask()
    assert list(core.legal_codes()) == [action_code(TWO, a) for a in ref.legal_actions()]
    assert core.played_mask() == ref.played_mask()


def test_the_layout_crosses_to_the_core_and_the_core_deals_it() -> None:
    assert rules_input(TWO)["layout"] == 4
    assert "layout" not in rules_input(mv.load_ruleset("belgian-six"))
    assert core_rules_for(TWO) is not None


@pytest.mark.parametrize("dealer", SEATS)
def test_every_seed_deals_the_same_hands_and_layouts_on_both_engines(dealer: int) -> None:
    for seed in [*range(200), 2**40 + 7, -12345]:
        ref, core = both(seed, dealer)
        assert core.dealt == ref.dealt and core.dealt_hands == ref.dealt_hands and core.cut == ref.cut
        assert tuple(core.undealt) == ref.undealt == ()
        for seat in SEATS:
            assert (core.hand(seat), core.face_up(seat), core.face_down(seat)) == (
                ref.hand(seat), ref.face_up(seat), ref.face_down(seat))
            assert len(core.face_up(seat)) == len(core.face_down(seat)) == 4 and len(core.hand(seat)) == 12


def test_random_deals_agree_at_every_step_with_the_same_results() -> None:
    rng = random.Random(19)
    for seed in range(150):
        ref, core = both(seed, seed % 2)
        while True:
            check_same(ref, core)
            if ref.phase == "play" and rng.random() < 0.2:
                assert core.explain() == ref.explain()
            if ref.is_over:
                break
            action = rng.choice(ref.legal_actions())
            ref, core = ref.apply(action), core.apply(action)
        assert core.result is not None and ref.result is not None
        assert core.result.to_dict() == ref.result.to_dict()
        coded = core_breakdown(core.result_data())  # the core's own breakdown, worded by Python
        assert coded.pop("turned_bonus") == 0 and coded == ref.result.to_dict()
        assert len(core.tricks) == 16 and core == ref and hash(core) == hash(ref)


def test_the_core_scores_every_figure_of_sixteen_tricks_as_python() -> None:
    # A sweep is all 16 tricks (hand and layout), whoever takes them.
    core = to_core(TWO)
    for points in range(61):
        for tricks in range(17):
            for mode in ("trump", "no-trump"):
                for pending in range(3):
                    last: Literal["A", "B"] | None = "A" if tricks == 16 else "B" if tricks == 0 else None
                    try:
                        expected = mv.score_deal(TWO, points, tricks, mode, 0, pending, last_trick=last)
                    except mv.ManilleError:
                        continue
                    got = core_breakdown(_core.score_deal(core, points, tricks, mode, 0, pending, tricks == 16))
                    assert got.pop("turned_bonus") == 0 and got == expected.to_dict()
    sweep = mv.score_deal(TWO, 60, 16, last_trick="A")
    assert [f.name for f in sweep.factors] == ["sweep"] and sweep.team_a == 60


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(-(2**60), 2**60), dealer=st.sampled_from(list(SEATS)), rnd=st.randoms(use_true_random=False))
def test_any_seed_and_any_play_agree_on_both_engines(seed: int, dealer: int, rnd: random.Random) -> None:
    ref, core = both(seed, dealer)
    while not ref.is_over:
        check_same(ref, core)
        action = rnd.choice(ref.legal_actions())
        ref, core = ref.apply(action), core.apply(action)
    assert core.result is not None and ref.result is not None
    assert core.result.to_dict() == ref.result.to_dict()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**40), dealer=st.sampled_from(list(SEATS)), rnd=st.randoms(use_true_random=False))
def test_on_the_core_cards_are_conserved_and_only_hand_and_face_up_cards_are_legal(
        seed: int, dealer: int, rnd: random.Random) -> None:
    state: Any = mv.new_deal(TWO, seed, dealer)
    while True:
        held = [c for s in SEATS for c in (*state.hand(s), *state.face_down(s))]
        played = [*state.trick, *(c for _, cards, _ in state.tricks for c in cards)]
        assert sorted(c.index for c in [*held, *played]) == list(range(32))
        for seat in SEATS:
            assert set(state.face_up(seat)) <= set(state.hand(seat))
            assert not set(state.face_down(seat)) & set(state.hand(seat))
        if state.is_over:
            break
        legal = state.legal_actions()
        if state.phase == "play":
            assert legal and set(legal) <= set(state.hand(state.to_play))
        state = state.apply(rnd.choice(legal))
    result = state.result
    assert result is not None and sum(result.card_points) == 60 and sum(result.tricks) == 16


def test_a_face_down_card_is_refused_in_the_same_words() -> None:
    ref, core = both(8, 0)
    ref, core = ref.apply(ref.legal_actions()[0]), core.apply(core.legal_actions()[0])
    hidden = ref.face_down(ref.to_play)[0]
    with pytest.raises(mv.IllegalPlayError) as python:
        ref.apply(hidden)
    with pytest.raises(mv.IllegalPlayError) as compiled:
        core.apply(hidden)
    assert str(compiled.value) == str(python.value) and "not in" in str(python.value)


def test_a_layout_deal_is_not_typed_in_on_either_engine() -> None:
    hands = ["7S 8S 9S 10S JS QS KS AS", "7H 8H 9H 10H JH QH KH AH"]
    with pytest.raises(mv.CardError) as python:
        reference.new_deal(TWO, 1, 0, hands=hands)
    with pytest.raises(mv.CardError) as either:
        mv.new_deal(TWO, 1, 0, hands=hands)
    assert str(either.value) == str(python.value)
    with pytest.raises(ValueError, match="a deal with a layout is dealt from a seed"):
        _core.CoreDeal.from_hands(to_core(TWO), [0xFF, 0xFF00])


@pytest.mark.parametrize("bots", ["heuristic", "heuristic,random"])
def test_the_heuristic_bot_plays_the_same_deals_on_both_engines(bots: str) -> None:
    for seed in range(40):
        ref, core = both(seed, seed % 2)
        ref_final = play_deal(ref, make_bots(bots, seed, seats=2))
        core_final = play_deal(core, make_bots(bots, seed, seats=2))
        assert [str(a) for a in core_final.actions] == [str(a) for a in ref_final.actions]
        assert core_final.result is not None and ref_final.result is not None
        assert core_final.result.to_dict() == ref_final.result.to_dict()


def test_a_replayed_layout_deal_is_a_core_state_equal_to_the_reference_one() -> None:
    ref = reference.new_deal(TWO, 3, 1)
    rng = random.Random(3)
    while not ref.is_over:
        ref = ref.apply(rng.choice(ref.legal_actions()))
    again = replay(TWO, 3, 1, [str(a) for a in ref.actions])
    assert type(again).__name__ == "CoreDeal" and again == ref
    assert again.result is not None and ref.result is not None
    assert again.result.to_dict() == ref.result.to_dict()
    assert all(isinstance(c, Card) for c in again.actions[1:])
