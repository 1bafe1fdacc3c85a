"""The IS-MCTS bot: information-set Monte Carlo tree search over worlds consistent with its view.

For every decision with a choice, the core (``manille_engine::ismcts``) grows one tree of
action sequences from the present, shared by all the worlds it draws: each iteration draws
the hidden hands with the search's exact sampler, descends the tree among the actions legal
in that world by UCB (an action's trials counted by how often it was legal), adds one node,
plays the deal out by the heuristic bot's policy and backs up the deal's real net match
points for the bot's side.  The decisions before play (blind or look, trump, no-trump,
delegation, calls and replies) are in the tree as well as the cards, every seat's.  The
action taken is the one visited most.  See docs/search.md.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from manille_variants.engine.actions import AnyAction
from manille_variants.engine.crossing import action_code, code_action, require_four_seats, to_core
from manille_variants.engine.rules import Rules
from manille_variants.engine.view import SeatView
from manille_variants.errors import SearchError
from manille_variants.messages import define, msg
from manille_variants.search.bot import knowledge
from manille_variants.search.solver import searchable

if TYPE_CHECKING:
    from manille_variants._core import CoreHeuristic

__all__ = ["DEFAULT_ITERATIONS", "IsmctsBot"]

# The core's default (``ismcts::DEFAULT_ITERATIONS``): the budget the core's simulations
# play ``ismcts`` with.
DEFAULT_ITERATIONS = 1000

# The heuristic bot's settings under a ruleset, for the rollouts (``HeuristicBot.core``): the
# bots room, which imports the search, gives them to the bots it makes (the simulations in the
# core use the same).
Rollouts = Callable[[Rules], "CoreHeuristic"]


POSITIVE = define("ismcts.positive", "IsmctsBot: {name} must be a positive number (got {value})")
BOTH_BUDGETS = define("ismcts.both-budgets", "IsmctsBot: give a budget of iterations or of think_ms, not both")
WHOLE = define("ismcts.whole", "IsmctsBot: iterations must be a whole number (got {iterations})")
MILLISECOND = define("ismcts.millisecond", "IsmctsBot: think_ms must be at least 1 millisecond (got {think_ms})")
ROLLOUT = define("ismcts.rollout", "IsmctsBot: rollout is 'heuristic' or 'random' (got {rollout})")
EXPLORATION = define("ismcts.exploration", "IsmctsBot: exploration must be a number at least 0 (got {exploration})")
PLUG_INS = define("ismcts.plug-ins", "the IS-MCTS bot cannot play {ruleset}: it has Python plug-ins")


def _positive(name: str, value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value) or value <= 0:
        raise ValueError(msg(POSITIVE, name=name, value=repr(value)))


class IsmctsBot:
    """Chooses by information-set MCTS in the core (seeded; deterministic with ``iterations``).

    The budget per decision is ``iterations`` (default :data:`DEFAULT_ITERATIONS`; the same
    seed and view give the same choice) or ``think_ms``, wall-clock milliseconds (anytime:
    the choice then depends on the machine's speed).  ``exploration`` is UCB's constant on
    rewards normalised to about [-1, 1]; ``rollout`` "heuristic" (the default) or "random";
    ``model`` the heuristic's settings under a ruleset for the rollouts (the registry's
    ``ismcts`` bot gets the heuristic's, with the ruleset's decision model; without, the
    core's defaults).
    """

    name = "ismcts"

    def __init__(self, seed: int = 0, *, iterations: int | None = None, think_ms: float | None = None,
                 exploration: float = 0.7, rollout: str = "heuristic", model: Rollouts | None = None) -> None:
        if iterations is not None and think_ms is not None:
            raise ValueError(msg(BOTH_BUDGETS))
        if iterations is not None:
            _positive("iterations", iterations)
            if not isinstance(iterations, int):
                raise ValueError(msg(WHOLE, iterations=repr(iterations)))
        if think_ms is not None:
            _positive("think_ms", think_ms)
            if think_ms < 1:
                raise ValueError(msg(MILLISECOND, think_ms=repr(think_ms)))
        if rollout not in ("heuristic", "random"):
            raise ValueError(msg(ROLLOUT, rollout=repr(rollout)))
        if isinstance(exploration, bool) or not isinstance(exploration, int | float) or not exploration >= 0:
            raise ValueError(msg(EXPLORATION, exploration=repr(exploration)))
        self.seed = seed % 2**64  # the core takes a 64-bit seed
        self.iterations = DEFAULT_ITERATIONS if iterations is None and think_ms is None else iterations
        self.think_ms = think_ms
        self.exploration = float(exploration)
        self.rollout = rollout
        self.model = model

    def act(self, view: SeatView) -> AnyAction:
        require_four_seats(view.rules, "ismcts")
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        code, _, _ = self.search(view)
        return code_action(view.rules, code)

    def search(self, view: SeatView) -> tuple[int, list[tuple[int, int, float]], int]:
        """The core's search for the view: the action code taken, each root action's (code,
        visits, mean net match points for the bot's side) and the iterations run."""
        rules = view.rules
        if not searchable(rules):
            raise SearchError(msg(PLUG_INS, ruleset=rules.ruleset.name))
        from manille_variants._core import ismcts_choose

        k = knowledge(view)
        heuristic = None if self.model is None else self.model(rules)
        code, children, iterations = ismcts_choose(
            to_core(rules), k.seat, k.dealer, k.own, k.decisions, k.played, k.turned, k.pending_ties, k.scores,
            self.seed, self.iterations, self.think_ms, heuristic, self.exploration, self.rollout)
        legal = {action_code(rules, a) for a in view.legal}
        if code not in legal:  # pragma: no cover - the core only returns legal actions
            raise SearchError(f"the IS-MCTS search returned an illegal action ({code})")
        return code, children, iterations
