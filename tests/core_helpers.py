"""Driving the reference engine and the compiled core side by side (differential tests)."""

from __future__ import annotations

import random
from typing import Any

import manille_variants as mv
from manille_variants import _core
from manille_variants.engine.actions import THROW_IN
from manille_variants.engine.compiled import compiled
from manille_variants.engine.crossing import action_code, core_rules_for, to_core
from manille_variants.engine.deal import DealState
from manille_variants.engine.reference import new_deal as reference_deal
from manille_variants.engine.scoring import core_breakdown
from manille_variants.ruleset.schema import Ruleset


def core_bundled(names: list[str]) -> list[str]:
    """The bundled rulesets the core plays (all of them: none has a Python plug-in)."""
    return [n for n in names if core_rules_for(compiled(mv.load_ruleset(n))) is not None]


def python_result(state: DealState) -> dict[str, Any]:
    assert state.result is not None
    return state.result.to_dict()


def core_result(deal: _core.CoreDeal) -> dict[str, Any]:
    coded = deal.result_data()
    assert coded is not None
    result = core_breakdown(coded)  # the core gives codes and parameters, Python the words
    if "turned" not in result:  # trump was named: the keys of DealScore.to_dict() without a turned card
        assert result.pop("turned_bonus") == 0
    return result


def check_same_state(rs: Ruleset, state: DealState, deal: _core.CoreDeal) -> None:
    """The two engines agree on everything a player or a test can read."""
    assert deal.phase == state.phase
    assert deal.to_play == state.to_play
    assert deal.is_over == state.is_over
    assert deal.mode == state.mode
    assert deal.trump_code == (None if state.trump_suit is None else int(state.trump_suit))
    assert deal.chooser == state.chooser
    assert deal.call_count == len(state.calls)
    assert deal.turned == (-1 if state.turned_card is None else state.turned_card.index)
    assert deal.hand_masks == [state.hand_mask(s) for s in range(4)]
    assert list(deal.trick_codes) == [c.index for c in state.trick]
    assert deal.leader == state.leader
    assert deal.win_seat == state.win_seat
    assert [(lead, list(cards), win) for lead, cards, win in deal.completed_tricks()] == [
        (lead, [c.index for c in cards], win) for lead, cards, win in state.tricks
    ]
    assert list(deal.legal_codes()) == [action_code(rs, a) for a in state.legal_actions()]


def playout_both(
    rs: Ruleset,
    seed: int,
    dealer: int,
    rng: random.Random,
    *,
    pending_ties: int = 0,
    scores: tuple[int, int] = (0, 0),
    throw_in: float = 0.0,
) -> tuple[DealState, _core.CoreDeal]:
    """A random playout applied to both engines in lockstep, compared at every step."""
    state = reference_deal(rs, seed, dealer, pending_ties=pending_ties, scores=scores)
    deal = _core.CoreDeal(to_core(rs), seed, dealer, pending_ties, scores)
    assert deal.dealt_masks == [sum(c.bit for c in hand) for hand in state.dealt_hands]
    assert deal.cut == state.cut
    while True:
        check_same_state(rs, state, deal)
        if state.is_over:
            assert core_result(deal) == python_result(state)
            return state, deal
        if state.phase in ("blind", "trump") and rng.random() < throw_in:
            action: Any = THROW_IN
        else:
            action = rng.choice(state.legal_actions())
        try:
            after = state.apply(action)
        except mv.IllegalPlayError:
            try:
                deal.apply_code(action_code(rs, action))
            except mv.IllegalPlayError:
                action = rng.choice(state.legal_actions())
                after = state.apply(action)
            else:
                raise AssertionError(f"the core accepted {action} that Python refused") from None
        state = after
        deal = deal.apply_code(action_code(rs, action))
