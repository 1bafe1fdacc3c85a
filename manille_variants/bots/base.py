"""The bot protocol, the random bot and helpers to play deals and matches.

A bot sees only a :class:`~manille_variants.engine.view.SeatView`: its own hand, the cards
played, trump, calls and scores, never another hand.  Bots are seeded: the same seed and the
same views give the same decisions.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from manille_variants.engine.actions import AnyAction
from manille_variants.engine.deal import DealState
from manille_variants.engine.match import Match
from manille_variants.engine.rules import Rules
from manille_variants.engine.view import SeatView
from manille_variants.errors import ManilleError
from manille_variants.ruleset.schema import Ruleset

__all__ = ["Bot", "RandomBot", "play_deal", "play_match"]


@runtime_checkable
class Bot(Protocol):
    """Anything that picks one of ``view.legal`` for the seat it plays."""

    name: str

    def act(self, view: SeatView) -> AnyAction:
        """The chosen action; must be one of ``view.legal``."""


class RandomBot:
    """A uniformly random legal action."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, view: SeatView) -> AnyAction:
        return self.rng.choice(view.legal)


def play_deal(state: DealState, bots: Sequence[Bot]) -> DealState:
    """Let the bots act until the deal is over; returns the final state."""
    while not state.is_over:
        seat = state.to_play
        state = state.apply(bots[seat].act(state.view(seat)))
    return state


def play_match(
    ruleset: Ruleset | Rules,
    seed: int,
    bots: Sequence[Bot],
    *,
    on_deal: Callable[[DealState], None] | None = None,
    max_deals: int = 10_000,
) -> Match:
    """Play a whole match with the bots; ``on_deal`` sees each finished deal."""
    match = Match(ruleset, seed)
    while not match.is_over:
        if len(match.deals) >= max_deals:
            raise ManilleError(f"no winner after {max_deals} deals")
        final = play_deal(match.new_deal(), bots)
        if on_deal is not None:
            on_deal(final)
        assert final.result is not None
        match.add(final.result)
    return match
