"""What one seat may know: the only input a bot gets (:class:`SeatView`, defined beside the
:class:`DealState` protocol)."""

from __future__ import annotations

from manille_variants.cards import Card
from manille_variants.engine.frozen import build
from manille_variants.engine.state import DealState, SeatView

__all__ = ["SeatView", "seat_view"]


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
        undealt=_undealt(state),
        face_up=_face_up(state),
    )


def _undealt(state: DealState) -> tuple[Card, ...]:
    """The undealt cards a seat sees: all of them when shown, otherwise once the deal is over."""
    cards: tuple[Card, ...] = getattr(state, "undealt", ())
    return cards if state.rules.undealt_shown or state.is_over else ()


def _face_up(state: DealState) -> tuple[tuple[Card, ...], ...]:
    """Every seat's face-up layout cards (seen by everyone); empty without a layout."""
    if not state.rules.layout_covered:
        return ()
    face_up = getattr(state, "face_up")  # noqa: B009 - both engines' states have it; the protocol leaves it out
    return tuple(tuple(face_up(seat)) for seat in range(state.rules.seats))
