"""The bots known by name (to :func:`make_bot` and the ``--bots`` options), listed here.

Importing a bot's module registers nothing: a new bot is added to :data:`BOTS` below (or,
from outside the package, with :func:`register_bot`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from manille_variants.bots.base import Bot, RandomBot
from manille_variants.bots.heuristic import HeuristicBot
from manille_variants.bots.search_prior import default_choice, prior_choices
from manille_variants.errors import ManilleError
from manille_variants.search.bot import SearchBot, use_default, use_prior
from manille_variants.search.ismcts import IsmctsBot, use_rollouts

__all__ = ["BOTS", "BotFactory", "IsmctsBot", "UnknownBotError", "make_bot", "make_bots", "register_bot"]


class UnknownBotError(ManilleError, ValueError):
    """A bot name that is not registered."""


BotFactory = Callable[[int], Bot]  # a seed -> a new bot
BOTS: dict[str, BotFactory] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "search": SearchBot,
    "ismcts": IsmctsBot,
}


def register_bot(name: str, factory: BotFactory) -> None:
    """Make a bot available by name (to ``make_bot`` and the ``--bots`` options)."""
    BOTS[name] = factory


def make_bot(name: str, seed: int = 0) -> Bot:
    """A new bot of the registered kind ``name``, seeded."""
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

use_prior(prior_choices)
use_default(default_choice)
# The IS-MCTS bot's rollouts play as the heuristic bot with its default settings (and the
# ruleset's decision table), as in the core's simulations (``sim.runner.core_heuristics``).
use_rollouts(HeuristicBot(0).core)
