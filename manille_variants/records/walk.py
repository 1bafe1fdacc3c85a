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
from manille_variants.messages import Message, define, msg
from manille_variants.records.format import DealRecord

__all__ = ["AuditProblem", "DealWalk", "TrickWalk"]


# The parts of a problem's line: where it is, then the legal cards and the rule clause.
WHERE_DEAL = define("audit.where.deal", "deal {deal}")
WHERE_RECORD = define("audit.where.record", "record")
WHERE_TRICK = define("audit.where.trick", "trick {trick}")
WHERE_SEAT = define("audit.where.seat", "seat {seat}")
LEGAL = define("audit.legal", "legal: {cards}")
LEGAL_NONE = define("audit.legal-none", "legal: none")
CLAUSE = define("audit.clause", "clause: {clause}")
LINE = define("audit.line", "{where}: {problem}")
LINE_EXTRA = define("audit.line-extra", "{where}: {problem} [{extra}]")


@dataclass(frozen=True)
class AuditProblem:
    """One problem: where (deal, trick, seat, card, numbered from 1 except seats 0-3), the
    legal cards and the rule clause when a card was illegal, and a sentence (``words``, a
    coded message; ``message`` is its English)."""

    deal: int | None
    words: Message
    trick: int | None = None
    seat: int | None = None
    card: str | None = None
    legal: tuple[str, ...] | None = None
    clause: str | None = None

    @property
    def message(self) -> str:
        """The sentence in English."""
        return self.words.text("en")

    def text(self, lang: str) -> str:
        """The problem's line in ``lang``: where, the sentence, then the legal cards and the clause."""
        where = [msg(WHERE_DEAL, deal=self.deal) if self.deal is not None else msg(WHERE_RECORD)]
        if self.trick is not None:
            where.append(msg(WHERE_TRICK, trick=self.trick))
        if self.seat is not None:
            where.append(msg(WHERE_SEAT, seat=self.seat))
        places = [m.text(lang) for m in where] + ([self.card] if self.card is not None else [])
        extra = []
        if self.legal is not None:
            extra.append(msg(LEGAL, cards=" ".join(self.legal)) if self.legal else msg(LEGAL_NONE))
        if self.clause is not None:
            extra.append(msg(CLAUSE, clause=self.clause))
        problem = self.words.text(lang)
        if not extra:
            return msg(LINE, where=", ".join(places), problem=problem).text(lang)
        return msg(LINE_EXTRA, where=", ".join(places), problem=problem,
                   extra="; ".join(m.text(lang) for m in extra)).text(lang)

    def __str__(self) -> str:
        return self.text("en")

    def to_dict(self) -> dict[str, Any]:
        """Where, the legal cards, the clause, the English ``message``, its ``code`` and ``params``."""
        coded = self.words.json()
        return {
            "deal": self.deal, "trick": self.trick, "seat": self.seat, "card": self.card,
            "legal": list(self.legal) if self.legal is not None else None,
            "clause": self.clause, "message": self.message, "code": coded["code"], "params": coded["params"],
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

    def problem(self, words: Message, **where: Any) -> None:
        self.problems.append(AuditProblem(self.number, words, **where))
