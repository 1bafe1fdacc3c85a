"""A recorded deal as followed under a ruleset: the data the audit produces and the typed
format and the replay print.  (Plain data, so that a format can write a walk without
importing the checker that makes it.)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from manille_variants.cards import Card, Suit
from manille_variants.engine.actions import AnyAction
from manille_variants.engine.scoring import DealScore
from manille_variants.records.format import DealRecord

__all__ = ["AuditProblem", "DealWalk", "TrickWalk"]


@dataclass(frozen=True)
class AuditProblem:
    """One problem: where (deal, trick, seat, card, numbered from 1 except seats 0-3), the
    legal cards and the rule clause when a card was illegal, and a sentence."""

    deal: int | None
    message: str
    trick: int | None = None
    seat: int | None = None
    card: str | None = None
    legal: tuple[str, ...] | None = None
    clause: str | None = None

    def __str__(self) -> str:
        where = [f"deal {self.deal}"] if self.deal is not None else ["record"]
        if self.trick is not None:
            where.append(f"trick {self.trick}")
        if self.seat is not None:
            where.append(f"seat {self.seat}")
        if self.card is not None:
            where.append(self.card)
        extra = []
        if self.legal is not None:
            extra.append(f"legal: {' '.join(self.legal) or 'none'}")
        if self.clause is not None:
            extra.append(f"clause: {self.clause}")
        tail = f" [{'; '.join(extra)}]" if extra else ""
        return f"{', '.join(where)}: {self.message}{tail}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "deal": self.deal, "trick": self.trick, "seat": self.seat, "card": self.card,
            "legal": list(self.legal) if self.legal is not None else None,
            "clause": self.clause, "message": self.message,
        }


@dataclass
class TrickWalk:
    """One trick as played: its leader, the (seat, card) plays, winner and card points."""

    number: int
    leader: int
    plays: list[tuple[int, Card]] = field(default_factory=list)
    winner: int | None = None
    points: int = 0
    illegal: set[int] = field(default_factory=set)  # positions of illegal plays


@dataclass
class DealWalk:
    """A recorded deal followed under a ruleset: decisions, tricks, recomputed score, problems."""

    number: int
    record: DealRecord
    hands: tuple[tuple[Card, ...], ...] | None
    pending_ties: int
    scores: tuple[int, int]
    decisions: list[tuple[int, AnyAction]] = field(default_factory=list)
    mode: str | None = None
    trump: Suit | None = None
    calls: tuple[str, ...] = ()
    chooser: int | None = None
    tricks: list[TrickWalk] = field(default_factory=list)
    score: DealScore | None = None
    problems: list[AuditProblem] = field(default_factory=list)
    stopped: bool = False
    turned: Card | None = None  # the card turned up for trump (rulesets that turn one)

    @property
    def dealer(self) -> int:
        return self.record.dealer

    @property
    def finished(self) -> bool:
        return self.score is not None

    def problem(self, message: str, **where: Any) -> None:
        self.problems.append(AuditProblem(self.number, message, **where))
