"""The bot protocol, the random bot, the bot registry and helpers to play deals and matches.

A bot sees only a :class:`~manille_variants.engine.view.SeatView`: its own hand, the cards
played, trump, calls and scores, never another hand.  Bots are seeded: the same seed and the
same views give the same decisions.
"""

from __future__ import annotations

import contextlib
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

__all__ = [
    "BOTS",
    "Bot",
    "RandomBot",
    "UnknownBotError",
    "make_bot",
    "make_bots",
    "play_deal",
    "play_match",
    "register_bot",
]


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


class UnknownBotError(ManilleError, ValueError):
    """A bot name that is not registered."""


BotFactory = Callable[[int], Bot]
BOTS: dict[str, BotFactory] = {"random": RandomBot}


def register_bot(name: str, factory: BotFactory) -> None:
    """Make a bot available by name (to ``make_bot`` and the ``--bots`` options)."""
    BOTS[name] = factory


def make_bot(name: str, seed: int = 0) -> Bot:
    """A new bot of the registered kind ``name``, seeded."""
    _load_builtin_bots()
    factory = BOTS.get(name)
    if factory is None:
        raise UnknownBotError(f"unknown bot {name!r} (known: {', '.join(sorted(BOTS))})")
    return factory(seed)


def make_bots(spec: str | Sequence[str], seed: int = 0) -> list[Bot]:
    """Four bots from ``"heuristic"`` (all seats), ``"heuristic,random"`` (team 0, team 1)
    or four names (seat order); each seeded from ``seed`` and its seat."""
    names = [n.strip() for n in spec.split(",")] if isinstance(spec, str) else list(spec)
    if len(names) == 1:
        names = names * 4
    elif len(names) == 2:
        names = [names[0], names[1], names[0], names[1]]
    if len(names) != 4:
        raise UnknownBotError(f"give one bot, one per team, or four (got {len(names)})")
    return [make_bot(name, seed * 4 + seat) for seat, name in enumerate(names)]


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


_loaded = {"builtin": False}


def _load_builtin_bots() -> None:
    # The heuristic bot lives in its own module; importing it registers it.
    if _loaded["builtin"]:
        return
    _loaded["builtin"] = True
    with contextlib.suppress(ImportError):  # a checkout without it still has "random"
        import manille_variants.bots.heuristic
    with contextlib.suppress(ImportError):  # the search bot needs the compiled core
        import manille_variants.search.bot  # noqa: F401
