"""What every deal state offers, and what one seat may know of it: the bottom of the engine.

:class:`DealState` is a protocol: the compiled core's states
(``manille_variants._core.CoreDeal``) and the reference engine's
(:class:`~manille_variants.engine.reference.ReferenceState`) both follow it, and the rest of
the package reads deals through it alone.  :class:`SeatView` is the input of a bot.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from manille_variants.cards import Card, Suit
from manille_variants.engine.actions import AnyAction
from manille_variants.engine.rules import Rules
from manille_variants.engine.scoring import DealScore

__all__ = ["PHASES", "DealState", "SeatView", "TrickRecord"]

PHASES = ("blind", "trump", "calls", "play", "over")
TrickRecord = tuple[int, tuple[Card, ...], int]  # (leader seat, cards in play order, winner seat)


@runtime_checkable
class DealState(Protocol):
    """One deal.  Immutable: :meth:`apply` returns a new state.

    Seats 0-3 are numbered clockwise; teams are ``seat & 1``; partners ``seat ^ 2``.  Masks
    are 32-bit card masks (bit ``suit * 8 + rank``).
    """

    @property
    def rules(self) -> Rules:
        """The compiled ruleset."""
    @property
    def seed(self) -> int:
        """The seed of the shuffle and cut."""
    @property
    def dealer(self) -> int: ...
    @property
    def pending_ties(self) -> int:
        """Tied deals in a row before this one."""
    @property
    def scores(self) -> tuple[int, int]:
        """Match points (team 0, team 1) before this deal."""
    @property
    def cut(self) -> int:
        """Where the pack was cut (1-31)."""
    @property
    def phase(self) -> str:
        """One of :data:`PHASES`."""
    @property
    def to_play(self) -> int: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def mode(self) -> str | None:
        """``"trump"``, ``"no-trump"``, ``"blind"``, or None before the choice."""
    @property
    def chooser(self) -> int | None:
        """The seat that named trump (or was asked to)."""
    @property
    def calls(self) -> tuple[str, ...]:
        """Names of the calls made, in order."""
    @property
    def leader(self) -> int:
        """The seat that led the trick in progress (or leads the next one)."""
    @property
    def win_seat(self) -> int:
        """The seat holding the trick in progress (-1 when no card is on the table)."""
    @property
    def win_idx(self) -> int:
        """The index of the card holding the trick in progress (-1 when none)."""
    @property
    def trick(self) -> tuple[Card, ...]: ...
    @property
    def tricks(self) -> tuple[TrickRecord, ...]:
        """Completed tricks: (leader seat, cards in play order, winner seat)."""
    @property
    def trump(self) -> str | None:
        """The trump suit letter, or None at no-trump (and before trump is named)."""
    @property
    def trump_suit(self) -> Suit | None: ...
    @property
    def points(self) -> tuple[int, int]:
        """Card points taken so far by team 0 and team 1."""
    @property
    def tricks_won(self) -> tuple[int, int]: ...
    @property
    def actions(self) -> tuple[AnyAction, ...]:
        """Every action applied since the deal, in order (what ``replay`` needs)."""
    @property
    def hands(self) -> tuple[list[Card], ...]:
        """The four hands in seat order (full information: never give this to a bot)."""
    def hand(self, seat: int) -> list[Card]: ...
    @property
    def dealt_hands(self) -> tuple[list[Card], ...]:
        """The four hands as they were dealt."""
    @property
    def dealt(self) -> int:
        """The four hands as dealt, 32 bits a seat (seat 0 lowest)."""
    def hand_mask(self, seat: int) -> int: ...
    @property
    def turned_card(self) -> Card | None:
        """The card turned up for trump (the dealer's), or None when trump is named."""
    @property
    def turned(self) -> int:
        """The index of the turned card (-1 when trump is named)."""
    @property
    def turned_on_table(self) -> bool:
        """Whether the turned card still lies on the table (the dealer has not taken it up)."""
    @property
    def dealer_team(self) -> int: ...
    @property
    def thrown_in(self) -> bool: ...
    @property
    def result(self) -> DealScore | None:
        """The deal's score from the dealer's side, once over."""
    def has_looked(self, seat: int) -> bool:
        """Whether ``seat`` may see its own hand now."""
    def legal_actions(self) -> list[AnyAction]:
        """The actions open to ``to_play``; Card objects while cards are played."""
    def legal_card_mask(self) -> int: ...
    def played_mask(self) -> int: ...
    def explain(self) -> str:
        """Why the legal actions are what they are, in a player's words."""
    def apply(self, action: AnyAction) -> DealState:
        """The state after ``action``; raises IllegalPlayError if it is not legal."""
    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now (for bots)."""
    def _key(self) -> tuple[Any, ...]:
        """What makes two states equal (the core's states and the reference's compare)."""


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
    # The undealt cards the seat has seen (shown ones; hidden ones once the deal is over), and
    # at a table with a layout every seat's face-up cards (seen by everyone).
    undealt: tuple[Card, ...] = ()
    face_up: tuple[tuple[Card, ...], ...] = ()

    @property
    def team(self) -> int:
        """The seat's side in this deal (its team; at a dealer-alone table 0 is the dealer)."""
        return self.rules.side(self.seat, self.dealer)

    @property
    def partners(self) -> tuple[int, ...]:
        """The seat's teammates in this deal."""
        return self.rules.partners(self.seat, self.dealer)

    @property
    def partner(self) -> int:
        """The partner opposite (the first teammate at other tables; -1 when there is none)."""
        partners = self.partners
        return self.seat ^ 2 if self.rules.default_table else (partners[0] if partners else -1)

    @property
    def is_contract_side(self) -> bool:
        return self.team == self.rules.side(self.dealer, self.dealer)

    def played(self) -> list[Card]:
        """Cards seen played, completed tricks first, then the trick in progress."""
        return [c for _, cards, _ in self.tricks for c in cards] + list(self.trick)
