"""The double-dummy solver: a deal's value when every hand is known and both sides play
perfectly from a play-phase state on.

>>> import manille_variants as mv
>>> state = mv.new_deal(mv.load_ruleset("table-convention"), seed=3).apply(mv.parse_action("trump:H"))
>>> solution = mv.solve(state)
>>> solution.value == max(solution.moves.values()) or solution.value == min(solution.moves.values())
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from manille_variants.cards import DECK, Card
from manille_variants.engine.crossing import action_code, has_plugins, require_four_seats, to_core
from manille_variants.engine.deal import DealState
from manille_variants.engine.rules import Rules
from manille_variants.errors import SearchError

if TYPE_CHECKING:
    from manille_variants._core import CoreDeal

__all__ = ["Solution", "core_deal", "core_state", "searchable", "solve"]


@dataclass(frozen=True)
class Solution:
    """What perfect play is worth.

    ``value`` is team A's (the dealer's side's) total for the whole deal: the card points it
    has taken and will take, plus points per trick and the last-trick bonus where the ruleset
    has them.  ``moves`` maps each legal card of the player to act to the same total after
    playing it.
    """

    value: int
    moves: dict[Card, int]

    def best(self, state: DealState) -> list[Card]:
        """The cards that keep ``value`` for the side to play (its best cards)."""
        return [card for card, v in self.moves.items() if v == self.value]

    def cost(self, card: Card) -> int:
        """The points ``card`` gives away against perfect play (0 for a best card)."""
        return abs(self.value - self.moves[card])


def searchable(rules: Rules) -> bool:
    """Whether the search (the solver, the bot, advice, analysis) plays this ruleset: it has
    no Python plug-ins and plays at the four-seat table.  Trump by the turned card is played
    too: the turned card is known to every seat and the dealer's, unplayable until its take-up."""
    return not has_plugins(rules) and rules.default_table


def _check(rules: Rules) -> None:
    require_four_seats(rules, "solver")
    if has_plugins(rules):
        raise SearchError(f"ruleset {rules.ruleset.name!r}: the solver plays rulesets without Python plug-ins")


def core_deal(state: DealState) -> CoreDeal:
    """The core's deal for a library state (dealt hands, then every action replayed)."""
    from manille_variants._core import CoreDeal

    rules = state.rules
    _check(rules)
    hands = [sum(c.bit for c in hand) for hand in state.dealt_hands]
    turned = getattr(state, "turned_card", None)
    deal = CoreDeal.from_hands(
        to_core(rules),
        hands,
        state.dealer,
        state.pending_ties,
        state.scores,
        turned.index if turned is not None else None,
    )
    for action in state.actions:
        deal = deal.apply_code(action_code(rules, action))
    return deal


def solve(state: DealState) -> Solution:
    """Solve a play-phase state (also mid-trick) double-dummy.

    Raises ValueError outside the play phase, and :class:`SearchError` (a ValueError) for
    rulesets with Python plug-ins.  Trump by the turned card is solved too: the dealer's
    turned card is unplayable until its take-up.
    """
    from manille_variants._core import solve as core_solve

    if state.phase != "play":
        raise ValueError(f"only a deal in the play phase can be solved (this one is in the {state.phase} phase)")
    value, moves = core_solve(core_deal(state))
    return Solution(value=value, moves={DECK[code]: v for code, v in moves})


core_state = core_deal  # its name of before, kept importable
