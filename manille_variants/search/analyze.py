"""Analysis of played deals against double-dummy play.

For each deal of a record: the solver's value at the first lead (team A's total with every
hand known and perfect play on both sides), the total team A actually reached, and every
card that cost its side points against double-dummy play from the position where it was
played (who, which trick, how many points).  A card's cost is measured from the position
as it was, so an error is charged once, to the card that made it.
"""

from __future__ import annotations

from dataclasses import dataclass

from manille_variants.cards import Card
from manille_variants.engine.compiled import compile_rules
from manille_variants.engine.deal import DealState, new_deal
from manille_variants.errors import RulesetMissingError
from manille_variants.records.format import DealRecord, GameRecord
from manille_variants.ruleset.schema import Ruleset
from manille_variants.search.solver import solve

__all__ = ["Analysis", "DealAnalysis", "Mistake", "analyze_deal", "analyze_record"]


@dataclass(frozen=True)
class Mistake:
    """A card that gave points away against double-dummy play."""

    seat: int
    trick: int  # numbered from 1
    card: Card
    cost: int

    def to_dict(self) -> dict[str, object]:
        return {"seat": self.seat, "trick": self.trick, "card": str(self.card), "cost": self.cost}


@dataclass(frozen=True)
class DealAnalysis:
    """One deal: team A's double-dummy value at the first lead and the total it reached."""

    index: int  # numbered from 1
    dealer: int
    double_dummy: int | None  # None: the deal never reached the first lead
    reached: int | None  # None: not played out
    mistakes: tuple[Mistake, ...]

    def to_dict(self) -> dict[str, object]:
        return {"deal": self.index, "dealer": self.dealer, "double_dummy": self.double_dummy,
                "reached": self.reached, "mistakes": [m.to_dict() for m in self.mistakes]}


@dataclass(frozen=True)
class Analysis:
    deals: tuple[DealAnalysis, ...]

    def seat_totals(self) -> dict[int, int]:
        """Points given away per seat, over every deal."""
        totals = dict.fromkeys(range(4), 0)
        for deal in self.deals:
            for m in deal.mistakes:
                totals[m.seat] += m.cost
        return totals

    def to_dict(self) -> dict[str, object]:
        return {"deals": [d.to_dict() for d in self.deals],
                "seats": {str(s): v for s, v in self.seat_totals().items()}}


def _start(ruleset: Ruleset, deal: DealRecord) -> DealState:
    hands = [[str(c) for c in h] for h in deal.hands] if deal.hands is not None else None
    # With typed hands under a turned-card ruleset, the record says which card was turned.
    turned = deal.turned if hands is not None and compile_rules(ruleset).turned_take_up is not None else None
    return new_deal(ruleset, deal.seed or 0, deal.dealer, pending_ties=deal.pending_ties,
                    scores=deal.scores, hands=hands, turned=turned)


def analyze_deal(ruleset: Ruleset, deal: DealRecord, index: int = 1) -> DealAnalysis:
    """Replay one recorded deal, solving every position where a card was played."""
    state = _start(ruleset, deal)
    first: int | None = None
    mistakes: list[Mistake] = []
    for action in deal.actions:
        if isinstance(action, Card) and state.phase == "play":
            solution = solve(state)
            if first is None:
                first = solution.value
            team_a = (state.to_play & 1) == state.dealer_team
            cost = (solution.value - solution.moves[action]) * (1 if team_a else -1)
            if cost > 0:
                mistakes.append(Mistake(state.to_play, len(state.tricks) + 1, action, cost))
        state = state.apply(action)
    reached = state.result.totals[0] if state.result is not None and not state.result.thrown_in else None
    return DealAnalysis(index, deal.dealer, first, reached, tuple(mistakes))


def analyze_record(record: GameRecord, ruleset: Ruleset | None = None) -> Analysis:
    """Analyse every deal of a record (under ``ruleset``, default the record's own)."""
    rs = ruleset or record.ruleset
    if rs is None:
        raise RulesetMissingError(f"{record.source}: names no ruleset")
    return Analysis(tuple(analyze_deal(rs, d, i) for i, d in enumerate(record.deals, 1)))
