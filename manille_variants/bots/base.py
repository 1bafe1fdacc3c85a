"""The bot protocol, the random bot and helpers to play deals and matches.

A bot sees only a :class:`~manille_variants.engine.view.SeatView`: its own hand, the cards
played, trump, calls and scores, never another hand.  Bots are seeded: the same seed and the
same views give the same decisions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from manille_variants.engine.actions import AnyAction
from manille_variants.engine.deal import DealState
from manille_variants.engine.match import Match
from manille_variants.engine.rules import Rules
from manille_variants.engine.view import SeatView
from manille_variants.errors import ManilleError
from manille_variants.messages import define, msg
from manille_variants.ruleset.schema import Ruleset

__all__ = ["Bot", "RandomBot", "RandomStream", "play_deal", "play_match"]

NO_WINNER = define("bots.no-winner", "no winner after {deals} deals")


@runtime_checkable
class Bot(Protocol):
    """Anything that picks one of ``view.legal`` for the seat it plays."""

    name: str

    def act(self, view: SeatView) -> AnyAction:
        """The chosen action; must be one of ``view.legal``."""


_MASK64 = (1 << 64) - 1


class RandomStream:
    """SplitMix64 from a seed (taken modulo 2**64): the random bot's draws, the same stream
    as the compiled core's (``manille_engine::sim::RandomStream``), so that the core's
    random bot and this one make the same choices.

    >>> s = RandomStream(0)
    >>> hex(s.next_u64()), s.below(4)
    ('0xe220a8397b1dcdaf', 1)
    """

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK64

    def next_u64(self) -> int:
        """The next 64 random bits."""
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """An index below ``n`` (n > 0): the high 64 bits of ``next_u64() * n``."""
        return (self.next_u64() * n) >> 64


class RandomBot:
    """A uniformly random legal action: ``legal[stream.below(len(legal))]`` with the
    :class:`RandomStream` of its seed (the compiled core's random bot draws the same)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = RandomStream(seed)

    def act(self, view: SeatView) -> AnyAction:
        legal = view.legal
        return legal[self.rng.below(len(legal))]


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
            raise ManilleError(msg(NO_WINNER, deals=max_deals))
        final = play_deal(match.new_deal(), bots)
        if on_deal is not None:
            on_deal(final)
        assert final.result is not None
        match.add(final.result)
    return match
