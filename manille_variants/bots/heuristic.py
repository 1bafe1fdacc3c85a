"""The heuristic bot: a club player's habits, seeing only its own seat's view.

It plays in the compiled core (``core/engine/src/heuristic.rs``, the one implementation):
this module hands it the seat's view as plain data (its hand, the cards played and who led
each trick, trump, the turned card, the scores, the pending ties and the legal actions) and
returns the action it chose.  Decisions before play come from the ruleset's learned model
(:mod:`manille_variants.bots.decisions`): the dealer's side's expected total for each trump
suit and no-trump from the features of the hand, so the bot names the best ``factor x
(expected total - half)``, delegates when a random hand's best is worth more, blinds when the
blind factor pays given the match score (points beyond what a side needs to reach the target
count for nothing, so a side far behind gambles), and calls (or answers a call) when the
expected total is beyond the learned margin.  ``model="table"`` decides by the older class
table of a rough estimate of the tricks a hand takes by itself (:func:`hand_tricks`), with
delegation and the calls by :class:`Thresholds`; without a table, all by the thresholds.

Card play follows common advice:

- lead a master (the highest card left of its suit) in a side suit early, while nobody can
  trump it; draw trumps with the master trump; otherwise lead low from a long side suit, or a
  suit the partner can trump;
- when the partner holds the trick safely, feed it points;
- otherwise win cheaply when the win is safe (nobody after us can beat it), and lose cheaply
  when it is not, keeping masters and trumps for later;
- count what has gone: masters, voids and players known to hold no trump are read off the
  tricks played, under the ruleset's own obligations;
- count out the last four cards: deal the unseen cards among the other hands sixteen times
  (as the voids seen allow), solve each dealing exactly and play the card with the best total
  (its own choice where that is among the best).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from manille_variants.bots.decisions import decision_table
from manille_variants.cards import Card, Suit
from manille_variants.engine.actions import AnyAction
from manille_variants.engine.compiled import compiled
from manille_variants.engine.crossing import action_code, core_rules
from manille_variants.engine.rules import Rules
from manille_variants.engine.view import SeatView

if TYPE_CHECKING:
    from manille_variants._core import CoreHeuristic, CoreRules

__all__ = ["HeuristicBot", "Thresholds", "hand_tricks"]


@dataclass(frozen=True)
class Thresholds:
    """The estimated tricks (of 8) at which the bot takes each risk."""

    no_trump: float = 4.8  # choose no-trump with this many tricks at no-trump
    delegate: float = 3.7  # hand the trump choice to the partner below this
    call: float = 4.4  # first doubling call against the contract
    reply: float = 4.4  # answer a call for the contract side
    # Without a decision table (or one without spreads):
    blind_deficit: float = 0.45  # blind no-trump when behind by this share of the target ...
    blind_danger: float = 0.75  # ... and the opponents hold this share of the target

    def as_tuple(self) -> tuple[float, float, float, float, float, float]:
        return (self.no_trump, self.delegate, self.call, self.reply, self.blind_deficit, self.blind_danger)


def hand_tricks(rules: Rules, hand: Sequence[Card], trump: Suit | None) -> float:
    """Rough number of tricks ``hand`` takes by itself with ``trump`` (None: no-trump)."""
    from manille_variants._core import hand_tricks as core_hand_tricks

    return core_hand_tricks(bot_rules(rules), sum(c.bit for c in hand), None if trump is None else int(trump))


class HeuristicBot:
    """A player with common habits; deterministic for a given seed and view."""

    name = "heuristic"

    def __init__(self, seed: int = 0, thresholds: Thresholds | None = None, *, rule_aware: bool | None = None,
                 model: Literal["learned", "table"] = "learned") -> None:
        self.rng = random.Random(seed)
        self.thresholds = thresholds or Thresholds()
        # Decisions before play from the ruleset's learned model (see bots.decisions), unless
        # thresholds are given (or the ruleset has no table: plug-ins, MANILLE_LEARN=0).
        self.rule_aware = thresholds is None if rule_aware is None else rule_aware
        # "table": trump and no-trump by the class table alone, delegation and calls by the
        # thresholds (the bot before the learned model, kept to measure against).
        if model not in ("learned", "table"):
            raise ValueError(f"model: 'learned' or 'table' (got {model!r})")
        self.model = model
        self._core: dict[str, CoreHeuristic] = {}  # by the ruleset's content hash

    def act(self, view: SeatView) -> AnyAction:
        """The chosen action, one of ``view.legal``, at any table: teammates are this deal's
        side, tricks have a card per seat, shown undealt cards are known to be in no hand, and
        at a table with a layout the seat's own face-up cards are in its hand (the view's)."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        rules = view.rules
        codes = [a.index if isinstance(a, Card) else action_code(rules, a) for a in legal]
        history = [c.index for _, cards, _ in view.tricks for c in cards]
        history.extend(c.index for c in view.trick)
        leaders = [leader for leader, _, _ in view.tricks]
        if view.trick:
            leaders.append(view.trick_leader)
        code = self.core(rules).act(
            bot_rules(rules), view.phase, view.seat, view.dealer, sum(c.bit for c in view.hand),
            None if view.trump is None else int(view.trump),
            None if view.turned is None else view.turned.index,
            history, leaders, (view.scores[0], view.scores[1]), view.pending_ties, codes,
            sum(c.bit for c in view.undealt),
        )
        return legal[codes.index(code)]

    def core(self, rules: Rules) -> CoreHeuristic:
        """The core's bot with these settings under ``rules`` (its decision table in it)."""
        found = self._core.get(rules.content_hash)
        if found is None:
            from manille_variants._core import CoreHeuristic

            table = decision_table(rules, hand_tricks) if self.rule_aware else None
            rows = None
            if table is not None:
                spread = None if table.trump_sd is None or table.no_trump_sd is None else (
                    table.trump_sd, table.no_trump_sd)
                rows = (table.half, list(table.trump), list(table.no_trump), spread)
            learned = None
            if table is not None and table.model is not None and self.model == "learned":
                learned = table.model.as_tuple(table.half)
            found = self._core[rules.content_hash] = CoreHeuristic(self.thresholds.as_tuple(), rows, learned)
        return found


def bot_rules(rules: Rules) -> CoreRules:
    """The core's rules as the bot reads them (strength, points, play duties, factors): the
    trump source and the calls stay out (the view and its legal actions carry those), so any
    ruleset crosses over, plug-ins and long call ladders included; with a layout the bot
    counts the tricks of the deal, hand and layout (a seat's view holds its face-up cards)."""
    from manille_variants._core import CoreRules

    engine = compiled(rules)
    found: CoreRules | None = engine.memo.get("heuristic-rules")
    if found is None:
        data = core_rules(rules)
        data.pop("trump_source", None)
        data.pop("take_up", None)
        data.pop("turned_bonus", None)
        data["calls"] = []
        found = engine.memo["heuristic-rules"] = CoreRules(data)
    return found
