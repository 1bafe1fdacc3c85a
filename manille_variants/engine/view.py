"""What one seat may know: the only input a bot gets."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from manille_variants.cards import Card, Suit
from manille_variants.engine.actions import AnyAction
from manille_variants.engine.frozen import build
from manille_variants.engine.rules import Rules

if TYPE_CHECKING:
    from manille_variants.engine.deal import DealState, TrickRecord

__all__ = ["SeatView", "seat_view"]


@dataclass(frozen=True)
class SeatView:
    """One seat's knowledge.  Never holds another seat's hidden cards.

    Teams are 0 (seats 0 and 2) and 1 (seats 1 and 3); ``scores`` are match points of the
    current game, ``points`` card points taken so far in this deal.  ``turned`` is the card
    turned up for trump (everyone has seen it; it is the dealer's), None when trump is named;
    while ``turned_on_table`` it lies on the table, not in the dealer's ``hand``.
    """

    seat: int
    rules: Rules
    phase: str
    to_play: int
    dealer: int
    hand: tuple[Card, ...]
    looked: bool
    trump: Suit | None
    mode: str | None
    chooser: int | None
    calls: tuple[str, ...]
    trick: tuple[Card, ...]
    trick_leader: int
    winning_seat: int | None
    tricks: tuple[TrickRecord, ...]
    points: tuple[int, int]
    tricks_won: tuple[int, int]
    scores: tuple[int, int]
    pending_ties: int
    legal: tuple[AnyAction, ...]
    turned: Card | None = None
    turned_on_table: bool = False
    # The decisions before the first card, in order, by whoever took them: everyone at the
    # table sees (and hears) them: blind or look, delegation, trump, each call and pass.
    decisions: tuple[AnyAction, ...] = ()

    @property
    def team(self) -> int:
        return self.seat & 1

    @property
    def partner(self) -> int:
        return self.seat ^ 2

    @property
    def is_contract_side(self) -> bool:
        return (self.seat & 1) == (self.dealer & 1)

    def played(self) -> list[Card]:
        """Cards seen played, completed tricks first, then the trick in progress."""
        return [c for _, cards, _ in self.tricks for c in cards] + list(self.trick)


def seat_view(state: DealState, seat: int) -> SeatView:
    looked = state.has_looked(seat)
    trick = state.trick
    on_table = state.turned_on_table
    hand = tuple(state.hand(seat)) if looked else ()
    if on_table and seat == state.dealer:
        hand = tuple(c for c in hand if c != state.turned_card)
    return build(  # bots ask for a view at every decision
        SeatView,
        seat=seat,
        rules=state.rules,
        phase=state.phase,
        to_play=state.to_play,
        dealer=state.dealer,
        hand=hand,
        looked=looked,
        trump=state.trump_suit,
        mode=state.mode,
        chooser=state.chooser,
        calls=state.calls,
        trick=trick,
        trick_leader=state.leader,
        winning_seat=state.win_seat if trick else None,
        tricks=state.tricks,
        points=state.points,
        tricks_won=state.tricks_won,
        scores=state.scores,
        pending_ties=state.pending_ties,
        legal=tuple(state.legal_actions()) if state.to_play == seat and not state.is_over else (),
        turned=state.turned_card,
        turned_on_table=on_table,
        decisions=tuple(a for a in state.actions if not isinstance(a, Card)),
    )
