"""The reference engine: a deal played by plain Python, one state class.

It is the engine the rules are read in (and the oracle the compiled core is tested against:
``tests/test_core_differential.py`` plays both in lockstep), and it plays the rulesets the
core cannot play, those with Python plug-ins.  Nothing in it is there for speed.

>>> import manille_variants as mv
>>> from manille_variants.engine import reference
>>> state = reference.new_deal(mv.load_ruleset("table-convention"), seed=7, dealer=0)
>>> state.phase, state.to_play
('trump', 0)
>>> state = state.apply(state.legal_actions()[0])
>>> state.phase, len(state.legal_actions())
('play', 8)

A deal goes through the phases ``blind`` (the dealer decides blind no-trump before looking),
``trump`` (naming trump or no-trump, or delegating it), ``calls`` (the doubling calls),
``play`` and ``over``; every state is reproducible from (ruleset, seed, dealer, pending ties,
scores, actions).
"""

from __future__ import annotations

import copy
import hashlib
from collections.abc import Sequence
from typing import Any, NamedTuple

from manille_variants.cards import DECK, DECK_MASK, SUITS, Card, Suit, parse_cards
from manille_variants.engine import refusals
from manille_variants.engine.actions import (
    BLIND,
    DELEGATE,
    LOOK,
    NO_TRUMP,
    PASS,
    THROW_IN,
    Action,
    AnyAction,
    call_action,
    trump_action,
)
from manille_variants.engine.compiled import CompiledRules, compiled
from manille_variants.engine.legality import Legality, legality
from manille_variants.engine.refusals import PLUGIN_REASON
from manille_variants.engine.rules import Rules
from manille_variants.engine.scoring import DealScore, score_checked, turned_bonus
from manille_variants.engine.state import SeatView, TrickRecord
from manille_variants.engine.tricks import trick_winner
from manille_variants.engine.view import seat_view
from manille_variants.errors import CardError, IllegalPlayError
from manille_variants.messages import Message, msg
from manille_variants.ruleset.schema import Call, Ruleset

__all__ = [
    "DealtTable", "ReferenceState", "deal_hands", "deal_table", "given_hands", "new_deal", "shuffled_deck",
    "turned_in_hand",
]

SEATS = 4  # the default table (``table.seats`` sets another)
HAND = 8


# ---------------------------------------------------------------------- the shuffle
def shuffled_deck(seed: int) -> tuple[list[int], int]:
    """The seeded shuffle of the 32 card indices and the cut position (1..31).

    The cards are sorted by 32 sort keys, the 32-bit little-endian words of SHAKE-128 of
    ``b"manille:<seed>"`` (ties: the lower card first); the 33rd word gives the cut.  The
    same on every machine and Python version.
    """
    order, cut = _from_digest(hashlib.shake_128(b"manille:%d" % seed).digest(132))
    return list(order), cut


def _from_digest(digest: bytes) -> tuple[list[int], int]:
    """The shuffle and the cut of a 132-byte digest (see :func:`shuffled_deck`)."""
    keys = [int.from_bytes(digest[4 * card:4 * card + 4], "little") for card in range(32)]
    order = sorted(range(32), key=lambda card: (keys[card], card))
    return order, 1 + int.from_bytes(digest[128:], "little") % 31


class DealtTable(NamedTuple):
    """The cards of a deal as dealt: hands, layouts (face-down cards and the face-up cards
    covering them, in pairs by position) and the cards left undealt."""

    hands: list[list[Card]]
    face_down: list[list[Card]]
    face_up: list[list[Card]]
    undealt: list[Card]


def deal_hands(rules: Rules, order: Sequence[int], cut: int, dealer: int) -> list[list[Card]]:
    """The hands (seat order) of the shuffled pack ``order`` cut at ``cut``: each packet
    goes to every player in turn from the player after the dealer in the direction of play,
    the dealer last."""
    return deal_table(rules, order, cut, dealer).hands


def deal_table(rules: Rules, order: Sequence[int], cut: int, dealer: int) -> DealtTable:
    """Every card of the shuffled pack ``order`` cut at ``cut``, dealt in turn from the player
    after the dealer, the dealer last: a layout first (our order: each player's face-down
    cards, then the face-up cards on them), then the hands packet by packet; the last
    ``table.undealt.count`` cards of the pack stay undealt."""
    pack = [DECK[i] for i in [*order[cut:], *order[:cut]]]
    seats = range(1, rules.seats + 1)
    table = DealtTable([[] for _ in seats], [[] for _ in seats], [[] for _ in seats], [])
    for pile in (table.face_down, table.face_up) if rules.layout_covered else ():
        for k in seats:
            pile[rules.seat_after(dealer, k)].extend(pack[:rules.layout_covered])
            pack = pack[rules.layout_covered:]
    for packet in rules.packets:
        for k in seats:
            table.hands[rules.seat_after(dealer, k)].extend(pack[:packet])
            pack = pack[packet:]
    table.undealt.extend(pack)
    return table


def given_hands(hands: Sequence[str | Sequence[Card | str]], rules: Rules | None = None) -> list[list[Card]]:
    """The hands typed in (seat order), checked: one per seat, each of the table's hand size
    (four of 8 by default), all distinct; at a table with undealt cards the cards in no hand
    are the undealt ones."""
    seats, size = (SEATS, HAND) if rules is None else (rules.seats, rules.hand_size)
    if rules is not None and rules.layout_covered:
        raise CardError("a deal with a layout cannot be typed in: deal it from a seed")
    if len(hands) != seats:
        words = "four" if seats == SEATS else str(seats)
        raise CardError(f"give {words} hands in seat order (got {len(hands)})")
    seen: set[Card] = set()
    parsed = []
    for seat, hand in enumerate(hands):
        cards = parse_cards(hand if isinstance(hand, str) else list(hand))
        if len(cards) != size:
            raise CardError(f"seat {seat}: a hand holds {size} cards (got {len(cards)})")
        twice = seen.intersection(cards)
        if twice:
            raise CardError(f"seat {seat}: {' '.join(sorted(map(str, twice)))} already in another hand")
        seen.update(cards)
        parsed.append(cards)
    return parsed


def _sorted(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.index))


def _mask(cards: Sequence[Card]) -> int:
    return sum(c.bit for c in cards)


# ---------------------------------------------------------------------- a new deal
def new_deal(
    ruleset: Ruleset | Rules | CompiledRules,
    seed: int,
    dealer: int = 0,
    *,
    pending_ties: int = 0,
    scores: tuple[int, int] = (0, 0),
    hands: Sequence[str | Sequence[Card | str]] | None = None,
    turned: Card | str | None = None,
) -> ReferenceState:
    """Shuffle with ``seed``, cut, deal in the ruleset's packets and direction (or take the
    four ``hands`` given, and under a turned trump the ``turned`` card among the dealer's).

    The arguments are those of :func:`manille_variants.new_deal`; the state is always the
    reference engine's.
    """
    rules = compiled(ruleset).rules
    if dealer not in range(rules.seats):
        raise ValueError(f"dealer must be a seat 0-{rules.seats - 1} (got {dealer})")
    order, cut = shuffled_deck(seed)
    if hands is None:
        table = deal_table(rules, order, cut, dealer)
    else:
        given = given_hands(hands, rules)
        held = {c for hand in given for c in hand}
        empty: list[list[Card]] = [[] for _ in given]
        table = DealtTable(given, empty, empty, [c for c in DECK if c not in held])
    dealt = table.hands
    turned_index = -1
    if rules.turned_take_up is not None:
        # The 32nd card dealt (the dealer's last) lies just before the cut.
        turned_index = order[cut - 1] if hands is None else turned_in_hand(dealt[dealer], dealer, turned)
    elif turned is not None:
        raise CardError(f"{rules.ruleset.name} names trump: no card is turned")
    state = ReferenceState(rules, seed, dealer, pending_ties, (int(scores[0]), int(scores[1])), cut,
                           tuple(_sorted(hand) for hand in dealt), turned_index)
    if rules.undealt_count or rules.layout_covered:
        state._table(table)
    return state


def turned_in_hand(hand: list[Card], dealer: int, turned: Card | str | None) -> int:
    """The index of the turned card of a deal typed in: one of the dealer's cards."""
    if turned is None:
        raise CardError("the ruleset takes trump from the turned card: say which card was turned")
    card = parse_cards([turned])[0]
    if card not in hand:
        raise CardError(f"the turned card {card} is not in the dealer's hand (seat {dealer})")
    return card.index


# ---------------------------------------------------------------------- the state
class ReferenceState:
    """One deal under a ruleset.  Immutable: :meth:`apply` returns a new state.

    It follows the :class:`~manille_variants.engine.state.DealState` protocol.
    """

    def __init__(
        self, rules: Rules, seed: int, dealer: int, pending_ties: int, scores: tuple[int, int], cut: int,
        dealt: tuple[tuple[Card, ...], ...], turned: int,
    ) -> None:
        self.rules = rules
        self.seed = seed
        self.dealer = dealer
        self.pending_ties = pending_ties
        self.scores = scores
        self.cut = cut
        self._dealt = dealt  # the hands as dealt, each sorted by card index
        self._hands = dealt  # the cards in hand not played yet
        # A layout: the face-up cards not played yet, and (face-up card, face-down card
        # under it) for the cards still covered; the undealt cards.
        self._up: tuple[tuple[Card, ...], ...] = tuple(() for _ in dealt)
        self._covered: tuple[tuple[tuple[Card, Card], ...], ...] = tuple(() for _ in dealt)
        self.undealt: tuple[Card, ...] = ()
        self.turned = turned  # the index of the turned trump card (-1: trump is named)
        self.mode: str | None = None
        self._trump: Suit | None = None
        self.chooser: int | None = None
        self.calls: tuple[str, ...] = ()
        self._asked: tuple[int, ...] = ()  # the seats still to be asked for a call, to_play first
        self._decisions: tuple[AnyAction, ...] = ()  # the actions before the first card
        self.trick: tuple[Card, ...] = ()
        self.tricks: tuple[TrickRecord, ...] = ()
        self.result: DealScore | None = None
        self._verdict: Legality | None = None  # the legal cards, once asked (see _legality)
        self.to_play = dealer
        self.phase = "trump"  # the dealer names trump (or delegates it)
        if turned >= 0:
            # Nobody names trump: the turned card's suit is trump; the calls, or the first lead.
            self.mode, self._trump = "trump", DECK[turned].suit
            self._ask_calls(self._callers(after=None))
        elif rules.blind_allowed and self._behind_enough():
            self.phase = "blind"  # the dealer decides blind no-trump before looking

    def _table(self, table: DealtTable) -> None:
        """The layout and the undealt cards of a new deal (a table other than four seats)."""
        self._up = tuple(_sorted(up) for up in table.face_up)
        self._covered = tuple(tuple(zip(up, down, strict=True)) for up, down in zip(table.face_up, table.face_down,
                                                                                    strict=True))
        self.undealt = _sorted(table.undealt)
        self._dealt = tuple(_sorted([*hand, *table.face_up[s], *table.face_down[s]])
                            for s, hand in enumerate(self._dealt))

    def _behind_enough(self) -> bool:
        """Blind no-trump "only when behind": the dealer's side trails by enough."""
        behind = self.rules.blind_only_when_behind_by
        team = self.dealer_team
        return behind is None or self.scores[1 - team] - self.scores[team] >= behind

    # ----------------------------------------------------------------- reading
    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def trump_suit(self) -> Suit | None:
        return self._trump

    @property
    def trump(self) -> str | None:
        return self._trump.name if self._trump is not None else None

    @property
    def leader(self) -> int:
        if self.phase != "play":
            return self.tricks[-1][2] if self.tricks else self.rules.first_leader(self.dealer)
        return self.rules.seat_after(self.to_play, -len(self.trick))

    @property
    def win_seat(self) -> int:
        if not self.trick:
            return -1
        return self.rules.seat_after(self.leader, trick_winner(self.rules, self.trick, self._trump))

    @property
    def win_idx(self) -> int:
        return self.trick[trick_winner(self.rules, self.trick, self._trump)].index if self.trick else -1

    @property
    def points(self) -> tuple[int, int]:
        return self._team_points(0), self._team_points(1)

    def _team_points(self, team: int) -> int:
        values, side = self.rules.values, self.rules.side
        return sum(values[c.index] for _, cards, winner in self.tricks if side(winner, self.dealer) == team
                   for c in cards)

    @property
    def undealt_points(self) -> int:
        """The card points of the undealt cards (counted for a side once the deal is over)."""
        return sum(self.rules.values[c.index] for c in self.undealt)

    @property
    def tricks_won(self) -> tuple[int, int]:
        won = [self.rules.side(winner, self.dealer) for _, _, winner in self.tricks]
        return won.count(0), won.count(1)

    @property
    def actions(self) -> tuple[AnyAction, ...]:
        return (*self._decisions, *(c for _, cards, _ in self.tricks for c in cards), *self.trick)

    @property
    def hands(self) -> tuple[list[Card], ...]:
        return tuple(self.hand(seat) for seat in range(len(self._hands)))

    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` may play from: its hand and, with a layout, its face-up cards."""
        if not self._up[seat]:
            return list(self._hands[seat])
        return list(_sorted([*self._hands[seat], *self._up[seat]]))

    def hand_mask(self, seat: int) -> int:
        return _mask(self.hand(seat))

    def face_up(self, seat: int) -> list[Card]:
        """The face-up cards of ``seat``'s layout not played yet (seen by everyone)."""
        return list(self._up[seat])

    def face_down(self, seat: int) -> list[Card]:
        """The face-down cards of ``seat``'s layout still covered (seen by nobody)."""
        return [down for _, down in self._covered[seat]]

    @property
    def dealt_hands(self) -> tuple[list[Card], ...]:
        return tuple(list(hand) for hand in self._dealt)

    @property
    def dealt(self) -> int:
        return sum(_mask(hand) << (32 * seat) for seat, hand in enumerate(self._dealt))

    def played_mask(self) -> int:
        unplayed = [*self.undealt, *(c for s in range(len(self._hands)) for c in (*self.hand(s), *self.face_down(s)))]
        return DECK_MASK ^ _mask(unplayed)

    @property
    def turned_card(self) -> Card | None:
        return DECK[self.turned] if self.turned >= 0 else None

    @property
    def turned_on_table(self) -> bool:
        """The turned card lies on the table until its take-up moment (docs/rules.md)."""
        if self.turned < 0 or self.phase == "over":
            return False
        if self.phase != "play":
            return True
        take_up = self.rules.turned_take_up
        if take_up == "after-first-card":
            return not self.trick and not self.tricks
        return take_up == "after-first-trick" and not self.tricks

    @property
    def dealer_team(self) -> int:
        return self.rules.side(self.dealer, self.dealer)

    @property
    def thrown_in(self) -> bool:
        return self.result is not None and self.result.thrown_in

    def has_looked(self, seat: int) -> bool:
        """Whether ``seat`` may see its own hand now (the dealer not before the blind
        decision; the dealer's partners not before trump is named, unless asked to name it)."""
        if seat == self.dealer:
            return self.phase != "blind"
        if self.phase in ("blind", "trump") and seat in self.rules.partners(self.dealer, self.dealer):
            return self.chooser == seat
        return True

    def view(self, seat: int) -> SeatView:
        return seat_view(self, seat)

    # ----------------------------------------------------------------- choices
    def legal_actions(self) -> list[AnyAction]:
        """The actions open to :attr:`to_play`; Card objects while cards are played."""
        if self.phase == "blind":
            return [LOOK, BLIND]
        if self.phase == "trump":
            options: list[AnyAction] = [trump_action(s) for s in SUITS]
            if self.rules.no_trump_allowed:
                options.append(NO_TRUMP)
            if self.rules.delegation and self.chooser is None:
                options.append(DELEGATE)
            return options
        if self.phase == "calls":
            return [PASS, *(call_action(c.name) for c in self._open_calls(self.to_play))]
        if self.phase == "play":
            return list(self._legality().cards)
        return []

    def legal_card_mask(self) -> int:
        return _mask(self._legality().cards) if self.phase == "play" else 0

    def explain(self) -> str:
        """Why the legal actions are what they are, in a player's words."""
        return self.explanation().text("en")

    def explanation(self) -> Message:
        """:meth:`explain` as a coded sentence."""
        if self.phase == "over":
            return refusals.over()
        if self.phase == "play":
            verdict = self._legality()
            return verdict.message or msg(PLUGIN_REASON, reason=verdict.reason)
        return refusals.choosing(self.phase, self.to_play, self.legal_actions())

    def _legality(self) -> Legality:
        """The legal cards of the player to play (the readable filter), and why."""
        if self._verdict is None:
            self._verdict = self._explain()
        return self._verdict

    def _explain(self) -> Legality:
        seat = self.to_play
        waits = self.turned_on_table and seat == self.dealer
        # A layout's face-up cards are played like hand cards and count for every duty.
        hand = [c for c in self.hand(seat) if not (waits and c.index == self.turned)]
        # "Partner" is a teammate in this deal: the winning seat is on the player's side.
        partner_wins = bool(self.trick) and self.win_seat in self.rules.partners(seat, self.dealer)
        verdict = legality(self.rules, hand, list(self.trick), self._trump, tricks_played=len(self.tricks),
                           partner_wins=partner_wins)
        if waits:  # the dealer's legal cards leave out the turned card on the table
            why = refusals.waiting(verdict.message or verdict.reason, DECK[self.turned].pretty,
                                   self.rules.turned_take_up or "")
            return Legality(verdict.cards, verdict.clause, why.text("en"), why)
        return verdict

    def _open_calls(self, seat: int) -> list[Call]:
        """The calls ``seat`` may make now: those that follow the last call made (or open the
        ladder), allowed in this mode, and made by the seat's side."""
        last = self.calls[-1] if self.calls else None
        contract_side = self.rules.side(seat, self.dealer) == self.dealer_team
        return [
            call for call in self.rules.calls
            if call.after == last and (self.mode or "trump") in call.modes
            and (call.by == "anyone" or (call.by == "contract-side") == contract_side)
        ]

    def _callers(self, after: int | None) -> tuple[int, ...]:
        """The seats asked in turn for the next call: every seat from the first leader, or the
        other seats after the last caller; only those with a call open."""
        if not self.rules.calls:
            return ()
        rules = self.rules
        start = rules.first_leader(self.dealer) if after is None else rules.seat_after(after)
        seats = [rules.seat_after(start, k) for k in range(rules.seats if after is None else rules.seats - 1)]
        return tuple(s for s in seats if self._open_calls(s))

    # ----------------------------------------------------------------- acting
    def apply(self, action: AnyAction) -> ReferenceState:
        """The state after ``action`` by :attr:`to_play`; raises IllegalPlayError if not legal."""
        if self.phase == "over":
            raise IllegalPlayError(refusals.deal_over())
        if action is THROW_IN:
            return self._throw_in()
        if self.phase == "play":
            if not isinstance(action, Card):
                raise self._not_possible(action)
            return self._play(action)
        if isinstance(action, Card) or action not in self.legal_actions():
            raise self._not_possible(action)
        new = self._next()
        new._decisions = (*self._decisions, action)
        new._decide(action)
        return new

    def _next(self) -> ReferenceState:
        """A copy of this state to apply an action to (every field is immutable, or a memo)."""
        new = copy.copy(self)
        new._verdict = None
        return new

    def _not_possible(self, action: object) -> IllegalPlayError:
        return IllegalPlayError(refusals.not_possible(action, self.phase, self.to_play, self.legal_actions()))

    def _decide(self, action: Action) -> None:
        """Apply a decision before the first card (to a fresh copy)."""
        if action is LOOK:  # the dealer looks at the hand and names trump
            self.phase = "trump"
        elif action is DELEGATE:  # the dealer's partner (the first after the dealer) must name trump
            self.chooser = self.to_play = self._delegate()
        elif action is BLIND:  # blind no-trump, named by the dealer
            self.mode, self.chooser = "blind", self.dealer
            self._ask_calls(self._callers(after=None))
        elif action is NO_TRUMP or action.kind == "trump":
            self.mode = "no-trump" if action is NO_TRUMP else "trump"
            self._trump = None if action is NO_TRUMP else Suit[action.arg or ""]
            self.chooser = self.to_play
            self._ask_calls(self._callers(after=None))
        elif action is PASS:
            self._ask_calls(self._asked[1:])
        else:  # a call: the seats after the caller may answer it
            self.calls = (*self.calls, action.arg or "")
            self._ask_calls(self._callers(after=self.to_play))

    def _delegate(self) -> int:
        """The partner a delegated trump choice goes to: the dealer's first teammate after
        the dealer in the direction of play (the one opposite at four seats)."""
        partners = self.rules.partners(self.dealer, self.dealer)
        return next(s for k in range(1, self.rules.seats) if (s := self.rules.seat_after(self.dealer, k)) in partners)

    def _ask_calls(self, seats: tuple[int, ...]) -> None:
        """Ask the next seat for a call, or go to the first lead when nobody is left."""
        self._asked = seats
        if seats:
            self.phase, self.to_play = "calls", seats[0]
        else:
            self.phase, self.to_play = "play", self.rules.first_leader(self.dealer)

    def _throw_in(self) -> ReferenceState:
        """The early look: the deal is thrown in before trump is named; nothing is scored."""
        if not self.rules.early_look_throws_in:
            raise IllegalPlayError(refusals.no_throw_in(self.rules.ruleset.name))
        if not self.rules.partners(self.dealer, self.dealer):
            raise IllegalPlayError(refusals.throw_in_no_partner())
        if self.phase not in ("blind", "trump"):
            raise IllegalPlayError(refusals.throw_in_too_late())
        new = self._next()
        new._decisions = (*self._decisions, THROW_IN)
        new.phase = "over"
        new.result = DealScore.thrown(self.rules, self.pending_ties)
        return new

    def _play(self, card: Card) -> ReferenceState:
        seat = self.to_play
        if card not in self.hand(seat):
            raise IllegalPlayError(refusals.not_in_hand(card, seat, self.hand(seat)))
        if card not in self._legality().cards:
            if card.index == self.turned and self.turned_on_table and seat == self.dealer:
                raise IllegalPlayError(refusals.turned_refused(card, self.rules.turned_take_up or ""))
            raise IllegalPlayError(refusals.not_legal(card, seat, self.explanation()))
        new = self._next()
        new._hands = tuple(tuple(c for c in hand if c is not card) if s == seat else hand
                           for s, hand in enumerate(self._hands))
        if card in self._up[seat]:  # a face-up card of the layout
            new._up = tuple(tuple(c for c in up if c is not card) if s == seat else up
                            for s, up in enumerate(self._up))
        new.trick = (*self.trick, card)
        new.to_play = self.rules.seat_after(seat)
        if len(new.trick) == self.rules.seats:
            new._close_trick()
        return new

    def _close_trick(self) -> None:
        """The fourth card closes the trick: its winner leads the next one (or the deal ends)."""
        leader = self.leader
        winner = self.rules.seat_after(leader, trick_winner(self.rules, self.trick, self._trump))
        self.tricks = (*self.tricks, (leader, self.trick, winner))
        if any(self._covered):
            self._turn_up(self.trick)
        self.trick = ()
        self.to_play = winner
        if len(self.tricks) == self.rules.tricks_per_deal:
            self.phase = "over"
            self.result = self._score(winner)

    def _turn_up(self, trick: tuple[Card, ...]) -> None:
        """At the end of a trick, a face-down card whose cover was played turns face up."""
        played = set(trick)
        self._up = tuple(_sorted([*up, *(down for cover, down in pairs if cover in played)])
                         for up, pairs in zip(self._up, self._covered, strict=True))
        self._covered = tuple(tuple(p for p in pairs if p[0] not in played) for pairs in self._covered)

    def _score(self, last_winner: int) -> DealScore:
        """The deal's score from the dealer's side (team A), with the undealt cards' points
        (for the dealer's side, or the last trick's) and the turned card's bonus."""
        team = self.dealer_team
        last = "A" if self.rules.side(last_winner, self.dealer) == team else "B"
        undealt = self.undealt_points if self.undealt else None
        own = self._team_points(team)
        if undealt and (self.rules.undealt_to == "dealer-side" or last == "A"):
            own += undealt
        score = score_checked(
            compiled(self.rules), own, self.tricks_won[team], self.mode or "trump",
            len(self.calls), self.pending_ties, last, self.trump, undealt=undealt,
        )
        if self.turned >= 0:  # after every factor
            card = DECK[self.turned]
            score = score.with_turned(str(card), turned_bonus(self.rules, card))
        return score

    # ----------------------------------------------------------------- identity
    def _key(self) -> tuple[Any, ...]:
        return (self.rules.content_hash, self.seed, self.dealt, self.dealer, self.pending_ties, self.scores,
                self.turned, tuple(str(a) for a in self.actions))

    def __eq__(self, other: object) -> bool:
        other_key = getattr(other, "_key", None)
        return callable(other_key) and self._key() == other_key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"<DealState {self.rules.ruleset.name} seed={self.seed} dealer={self.dealer} "
                f"phase={self.phase} to_play={self.to_play}>")
