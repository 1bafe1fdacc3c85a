"""A deal as an immutable state driven by actions.

>>> import manille_variants as mv
>>> state = mv.new_deal(mv.load_ruleset("table-convention"), seed=7, dealer=0)
>>> state.phase, state.to_play
('trump', 0)
>>> state = state.apply(state.legal_actions()[0])
>>> state.phase
'play'

Every state is reproducible from (ruleset, seed, dealer, pending ties, scores, actions):
see :func:`replay`.

How it is kept fast (the public loop ``legal_actions`` / ``apply`` is the hot path of every
simulation):

- the decisions before the first card (blind, trump, delegation, calls) form a small graph
  that depends only on the ruleset, the dealer and whether blind no-trump is offered; its
  nodes (:class:`_Node`) are built once, on first use, and shared by every deal;
- the hands are dealt once (four 32-bit masks in the deal's :class:`_Context`); a play
  state keeps only the mask of the cards not yet played, so a card costs one xor;
- the legal cards of the next player are computed as a card is applied, by the ruleset's
  compiled fast path (:func:`~manille_variants.engine.fastpath.make_legal_fn`).
"""

from __future__ import annotations

import copy
import hashlib
import struct
from abc import ABCMeta
from collections.abc import Callable, Iterable, Sequence
from operator import getitem as _getitem
from typing import Any, cast

from manille_variants.cards import (
    DECK,
    DECK_MASK,
    SUIT_MASKS,
    SUIT_TABLES,
    SUITS,
    Card,
    Suit,
    cards_from_mask,
    parse_cards,
)
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
    parse_action,
    trump_action,
)
from manille_variants.engine.compiled import CompiledRules, compiled
from manille_variants.engine.core import core_for
from manille_variants.engine.fastpath import LegalFn
from manille_variants.engine.legality import Legality, explain_legal
from manille_variants.engine.rules import Rules
from manille_variants.engine.scoring import DealScore, score_checked, turned_bonus
from manille_variants.engine.view import SeatView, seat_view
from manille_variants.errors import CardError, IllegalPlayError
from manille_variants.ruleset.schema import Call, Ruleset

__all__ = ["PHASES", "DealState", "TrickRecord", "new_deal", "new_python_deal", "replay", "shuffled_deck"]

PHASES = ("blind", "trump", "calls", "play", "over")
TrickRecord = tuple[int, tuple[Card, ...], int]  # (leader seat, cards in play order, winner seat)
_TRUMP_ACTIONS = tuple(trump_action(s) for s in SUITS)
_TRUMP_INDEX = {action: int(suit) for suit, action in zip(SUITS, _TRUMP_ACTIONS, strict=True)}
_BLIND_CHOICES = (LOOK, BLIND)
_T0, _T1, _T2, _T3 = SUIT_TABLES
_PLAY = "play"
_LEVEL = (0, 0)  # the scores at the start of a game
_CORE_SEEDS = (-(2**127), 2**127)  # the seeds the core takes (larger ones: the Python engine)
try:
    from manille_variants._core import CoreState as _CoreState

    CoreState: type[_CoreState] | None = _CoreState
except ImportError:  # a checkout whose core is not built: the Python engine plays every deal
    CoreState = None


def shuffled_deck(seed: int) -> tuple[list[int], int]:
    """The seeded shuffle of the 32 card indices and the cut position (1..31)."""
    order, cut = _shuffle(seed)
    return list(order), cut


# The shuffle sorts the cards by 32 sort keys, the 32-bit little-endian words of SHAKE-128
# of the seed (ties: the lower card first); the 33rd word gives the cut.  The same on every
# machine and Python version, and faster than seeding a Mersenne Twister.
#
# To sort fast, each card becomes a double 2**52 + (key << 8 | card): integer-valued, so
# exact, and ordered like (key, card).  Its 8 little-endian bytes are [card, key (4 bytes),
# 0, 0x30, 0x43]; _PACKED_CARDS holds all but the keys, the digest's bytes are copied in,
# and after the sort byte 0 of each double is the card.
_PACKED_CARDS = bytes(b for card in range(32) for b in (card, 0, 0, 0, 0, 0, 0x30, 0x43))
_DOUBLES = struct.Struct("<32d")


def _shuffle(seed: int) -> tuple[bytes, int]:
    """The shuffled card indices (as bytes) and the cut: see :func:`shuffled_deck`."""
    return _from_digest(hashlib.shake_128(b"manille:%d" % seed).digest(132))


def _from_digest(digest: bytes) -> tuple[bytes, int]:
    packed = bytearray(_PACKED_CARDS)
    packed[1::8] = digest[0:128:4]
    packed[2::8] = digest[1:128:4]
    packed[3::8] = digest[2:128:4]
    packed[4::8] = digest[3:128:4]
    order = _DOUBLES.pack(*sorted(_DOUBLES.unpack(packed)))[::8]
    return order, 1 + int.from_bytes(digest[128:], "little") % 31


def new_deal(
    ruleset: Ruleset | Rules | CompiledRules,
    seed: int,
    dealer: int = 0,
    *,
    pending_ties: int = 0,
    scores: tuple[int, int] = _LEVEL,
    hands: Sequence[str | Sequence[Card | str]] | None = None,
    turned: Card | str | None = None,
) -> DealState:
    """Shuffle with ``seed``, cut by the ruleset's cutter, deal in its packets and direction.

    ``scores`` are the match points of team 0 (seats 0 and 2) and team 1 in the current
    game; they matter only for blind no-trump offered "only when behind".  ``hands``, four
    hands of 8 cards in seat order, replaces the shuffle (a real deal typed in, a test);
    under a ruleset that takes trump from the turned card, ``turned`` then says which of the
    dealer's cards was turned (otherwise it is the dealer's last card dealt).

    The state is the compiled core's (``manille_variants._core.CoreState``, the same API)
    unless the ruleset has Python plug-ins (those play in Python); :func:`new_python_deal`
    always plays in Python.
    """
    engine = compiled(ruleset)
    if dealer not in (0, 1, 2, 3):
        raise ValueError(f"dealer must be a seat 0-3 (got {dealer})")
    turns = engine.rules.turned_take_up is not None
    core = core_for(engine) if turned is None or turns else None
    if core is not None and _CORE_SEEDS[0] <= seed < _CORE_SEEDS[1]:
        if scores is not _LEVEL:
            scores = (int(scores[0]), int(scores[1]))
        given = None if hands is None else _given_hands(hands)
        masks = None if given is None else [given >> (32 * s) & DECK_MASK for s in range(4)]
        card = None if given is None or not turns else _turned_card(given, dealer, turned)
        return CoreState(core, seed, dealer, pending_ties, scores, masks, card)  # type: ignore[misc,return-value]
    return new_python_deal(engine, seed, dealer, pending_ties=pending_ties, scores=scores, hands=hands,
                           turned=turned)


def new_python_deal(
    ruleset: Ruleset | Rules | CompiledRules,
    seed: int,
    dealer: int = 0,
    *,
    pending_ties: int = 0,
    scores: tuple[int, int] = _LEVEL,
    hands: Sequence[str | Sequence[Card | str]] | None = None,
    turned: Card | str | None = None,
) -> DealState:
    """:func:`new_deal` played by the Python engine: the reference the core is tested against."""
    engine = compiled(ruleset)
    if dealer not in (0, 1, 2, 3):
        raise ValueError(f"dealer must be a seat 0-3 (got {dealer})")
    order, cut = _shuffle(seed)
    # deal_bits[dealer][cut][p][c]: the bit of card c in the 128-bit hands when it lies at
    # position p of the uncut pack; so dealing is one pass over the shuffled order.
    dealt = sum(map(_getitem, engine.deal_bits[dealer][cut], order)) if hands is None else _given_hands(hands)
    if scores is not _LEVEL:
        scores = (int(scores[0]), int(scores[1]))
    ctx = _Context(engine, seed, dealer, pending_ties, scores, cut, dealt)
    rules = engine.rules
    if rules.turned_take_up is not None:
        # The 32nd card dealt (the dealer's last) lies at the position before the cut.
        ctx.turned = _turned_card(dealt, dealer, turned) if hands is not None else order[cut - 1]
        return _turned_deal(ctx)
    if turned is not None:
        raise CardError(f"{rules.ruleset.name} names trump: no card is turned")
    blind = rules.blind_allowed and _behind_enough(rules, dealer, scores)
    new = _new_state(_Deciding)
    new._ctx = ctx
    new._node = node = engine.roots[dealer | blind << 2] or _root(engine, dealer, blind)
    new._decisions = ()
    new.phase = node.phase
    new.to_play = dealer
    return new


def _turned_card(dealt: int, dealer: int, turned: Card | str | None) -> int:
    """The index of the turned card of a deal typed in: one of the dealer's cards."""
    if turned is None:
        raise CardError("the ruleset takes trump from the turned card: say which card was turned")
    card = parse_cards([turned])[0]
    if not dealt >> (32 * dealer) & card.bit:
        raise CardError(f"the turned card {card} is not in the dealer's hand (seat {dealer})")
    return card.index


def _turned_deal(ctx: _Context) -> DealState:
    """A deal whose trump is the turned card's suit: the calls, or straight to the first lead."""
    engine = ctx.engine
    suit = ctx.turned >> 3
    key = 8 + (ctx.dealer | suit << 2)
    node = engine.roots[key]
    if node is None:
        start = _Node(engine, ctx.dealer, "trump", ctx.dealer)
        node = engine.roots[key] = start._ask(start._callers((), "trump", None), "trump", suit, None, ())
    if node.phase == _PLAY:
        return _first_lead(ctx.settled(node, ()))
    new = _new_state(_Deciding)
    new._ctx = ctx
    new._node = node
    new._decisions = ()
    new.phase = node.phase
    new.to_play = node.to_play
    return new


def _given_hands(hands: Sequence[str | Sequence[Card | str]]) -> int:
    """The 128-bit hands of four given hands; 8 cards each, 32 distinct."""
    if len(hands) != 4:
        raise CardError(f"give four hands in seat order (got {len(hands)})")
    dealt = 0
    seen: set[Card] = set()
    for seat, hand in enumerate(hands):
        cards = parse_cards(hand if isinstance(hand, str) else list(hand))
        if len(cards) != 8:
            raise CardError(f"seat {seat}: a hand holds 8 cards (got {len(cards)})")
        twice = seen.intersection(cards)
        if twice:
            raise CardError(f"seat {seat}: {' '.join(sorted(map(str, twice)))} already in another hand")
        seen.update(cards)
        dealt |= sum(c.bit for c in cards) << (32 * seat)
    return dealt


def replay(
    ruleset: Ruleset | Rules | CompiledRules,
    seed: int,
    dealer: int,
    actions: Iterable[AnyAction | str],
    *,
    pending_ties: int = 0,
    scores: tuple[int, int] = (0, 0),
    hands: Sequence[str | Sequence[Card | str]] | None = None,
    turned: Card | str | None = None,
) -> DealState:
    """The state reached by applying ``actions`` (objects or record texts) to a new deal."""
    state = new_deal(ruleset, seed, dealer, pending_ties=pending_ties, scores=scores, hands=hands,
                     turned=turned)
    for action in actions:
        state = state.apply(parse_action(action) if isinstance(action, str) else action)
    return state


# ---------------------------------------------------------------------- decisions
class _Node:
    """A point of the decisions before the first card, shared by every deal that reaches it.

    It holds what those decisions have settled (mode, trump, chooser, calls), who decides
    next and between what; ``after`` memoises the node each action leads to.  A node in
    the "play" phase is the end of the decisions: its ``to_play`` is the first leader.
    """

    __slots__ = ("after", "calls", "chooser", "dealer", "engine", "legal", "mode", "phase", "queue",
                 "to_play", "trump")

    def __init__(
        self, engine: CompiledRules, dealer: int, phase: str, to_play: int, *, queue: tuple[int, ...] = (),
        mode: str | None = None, trump: int = -1, chooser: int | None = None, calls: tuple[str, ...] = (),
    ) -> None:
        self.engine = engine
        self.dealer = dealer
        self.phase = phase
        self.to_play = to_play
        self.queue = queue  # the seats still to be asked for a call, to_play first
        self.mode = mode
        self.trump = trump
        self.chooser = chooser
        self.calls = calls
        self.legal = self._choices()
        self.after: dict[AnyAction, _Node] = {}

    def _choices(self) -> tuple[AnyAction, ...]:
        rules = self.engine.rules
        if self.phase == "blind":
            return _BLIND_CHOICES
        if self.phase == "trump":
            options: list[AnyAction] = list(_TRUMP_ACTIONS)
            if rules.no_trump_allowed:
                options.append(NO_TRUMP)
            if rules.delegation and self.chooser is None:
                options.append(DELEGATE)
            return tuple(options)
        if self.phase == "calls":
            calls = self._open_calls(self.to_play, self.calls, self.mode)
            return (PASS, *(call_action(c.name) for c in calls))
        return ()

    def next(self, action: Action) -> _Node:
        """The node ``action`` leads to (``action`` is one of :attr:`legal`)."""
        found = self.after.get(action)
        if found is None:
            found = self.after[action] = self._successor(action)
        return found

    def _successor(self, action: Action) -> _Node:
        dealer = self.dealer
        if action is PASS:
            return self._ask(self.queue[1:], self.mode, self.trump, self.chooser, self.calls)
        if action is LOOK:
            return _Node(self.engine, dealer, "trump", self.to_play)
        if action is DELEGATE:
            return _Node(self.engine, dealer, "trump", dealer ^ 2, chooser=dealer ^ 2)
        if action is BLIND:
            return self._ask(self._callers((), "blind", None), "blind", -1, dealer, ())
        if action.kind == "trump" or action is NO_TRUMP:
            mode = "no-trump" if action is NO_TRUMP else "trump"
            return self._ask(self._callers((), mode, None), mode, _TRUMP_INDEX.get(action, -1), self.to_play, ())
        calls = (*self.calls, action.arg or "")  # a call: the seats after the caller answer
        return self._ask(self._callers(calls, self.mode, self.to_play), self.mode, self.trump, self.chooser, calls)

    def _ask(
        self, queue: tuple[int, ...], mode: str | None, trump: int, chooser: int | None, calls: tuple[str, ...]
    ) -> _Node:
        """The next seat to ask for a call, or the first lead when nobody is left."""
        engine = self.engine
        if queue:
            return _Node(engine, self.dealer, "calls", queue[0], queue=queue, mode=mode, trump=trump,
                         chooser=chooser, calls=calls)
        return _Node(engine, self.dealer, _PLAY, engine.rules.first_leader(self.dealer), mode=mode,
                     trump=trump, chooser=chooser, calls=calls)

    def _open_calls(self, seat: int, calls: tuple[str, ...], mode: str | None) -> tuple[Call, ...]:
        """The calls ``seat`` may make after ``calls`` in ``mode``."""
        key = (calls[-1] if calls else None, mode or "trump", (seat & 1) == (self.dealer & 1))
        return self.engine.call_table[key]

    def _callers(self, calls: tuple[str, ...], mode: str | None, after: int | None) -> tuple[int, ...]:
        """Seats asked in turn for the next call: from the first leader, or after the last caller."""
        rules = self.engine.rules
        if not rules.calls:
            return ()
        step = rules.step
        start = rules.first_leader(self.dealer) if after is None else (after + step) & 3
        seats = [(start + k * step) & 3 for k in range(4 if after is None else 3)]
        return tuple(s for s in seats if self._open_calls(s, calls, mode))


def _root(engine: CompiledRules, dealer: int, blind: bool) -> _Node:
    """The first decision of a deal, the dealer's blind choice or naming trump (built once:
    ``engine.roots[dealer | blind << 2]``)."""
    node = engine.roots[dealer | blind << 2] = _Node(engine, dealer, "blind" if blind else "trump", dealer)
    return node


def _behind_enough(rules: Rules, dealer: int, scores: tuple[int, int]) -> bool:
    """Blind no-trump "only when behind": the dealer's side trails by enough."""
    behind = rules.blind_only_when_behind_by
    if behind is None:
        return True
    team = dealer & 1
    return scores[1 - team] - scores[team] >= behind


# ---------------------------------------------------------------------- states
class _Context:
    """What a deal fixes: shared by its states, never changed once they exist.

    It holds the shuffle and the hands; at the first lead :meth:`settled` adds what the
    decisions settled (``node``, ``decisions``) and the play tables for the trump named
    (``beat``, ``legal_fn``...).  All the states of the play share it.
    """

    __slots__ = ("after", "beat", "cut", "dealer", "dealt", "decisions", "engine", "follow_raise", "legal_fn",
                 "node", "pending_ties", "plugins", "rules", "scores", "seat_hands", "seed", "suit_hands", "trump",
                 "turned")
    # Set by settled(), for the play:
    beat: tuple[int, ...]
    follow_raise: tuple[int, ...]
    suit_hands: tuple[tuple[int, ...], ...]
    legal_fn: Callable[[int, int, int, bool, int], int | None] | LegalFn
    after: tuple[int, ...]

    def __init__(
        self, engine: CompiledRules, seed: int, dealer: int, pending_ties: int, scores: tuple[int, int], cut: int,
        dealt: int,
    ) -> None:
        self.engine = engine
        self.rules = rules = engine.rules
        self.seed = seed
        self.dealer = dealer
        self.pending_ties = pending_ties
        self.scores = scores
        self.cut = cut
        self.dealt = dealt  # the four hands as dealt (128 bits, 32 a seat)
        self.seat_hands = (dealt & DECK_MASK, dealt >> 32 & DECK_MASK, dealt >> 64 & DECK_MASK, dealt >> 96 & DECK_MASK)
        self.plugins = bool(rules.obligation_plugins)
        self.node: _Node | None = None  # the decisions' outcome, once the play starts
        self.decisions: tuple[AnyAction, ...] = ()  # the actions before the first card
        self.trump = -1
        self.turned = -1  # the index of the turned trump card (-1: trump is named)

    def settled(self, node: _Node, decisions: tuple[AnyAction, ...]) -> _Context:
        """The context of the states after the decisions: the play (or a thrown-in deal).

        The deal's own context is settled in place the first time (its deciding states never
        read what this adds); another outcome of the same deal (a search trying a second
        trump) gets a copy.  A node stands for one sequence of decisions (the decision graph
        is a tree), so the same node finds the same context.
        """
        if self.node is node:
            return self
        engine = self.engine
        new = self if self.node is None else copy.copy(self)  # the play fields are all set below
        new.node = node
        new.decisions = decisions
        new.trump = node.trump
        # beat[win]: the cards that take the trick from the card holding it with this trump.
        new.beat = engine.beat[node.trump]
        new.follow_raise = engine.follow_raise[node.trump]
        if self.plugins:
            # Plug-ins narrow the legal cards: leave them to be computed on demand (no card
            # follows suit, and the fast path answers None).
            new.suit_hands = ((0, 0, 0, 0),) * 4
            new.legal_fn = _on_demand
        else:
            # suit_hands[seat][suit]: the cards of that suit dealt to that seat.
            new.suit_hands = _suit_hands(self.seat_hands)
            new.legal_fn = engine.legal_fn
        new.after = self.rules.next_seat
        return new


def _suit_hands(seat_hands: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    h0, h1, h2, h3 = seat_hands
    s0, s1, s2, s3 = SUIT_MASKS
    return ((h0 & s0, h0 & s1, h0 & s2, h0 & s3),
            (h1 & s0, h1 & s1, h1 & s2, h1 & s3),
            (h2 & s0, h2 & s1, h2 & s2, h2 & s3),
            (h3 & s0, h3 & s1, h3 & s2, h3 & s3))


def _on_demand(hand: int, led: int, win_idx: int, partner_wins: bool, trump: int) -> None:
    return None


# (cards won by team 0, cards won by team 1 (32-bit masks), completed tricks): the cards of
# a trick closing now are those neither side has won nor anyone still holds.
_Done = tuple[int, int, tuple[TrickRecord, ...]]
_NOTHING_DONE: _Done = (0, 0, ())


class DealState(metaclass=ABCMeta):
    """One deal.  Immutable: :meth:`apply` returns a new state.

    The concrete classes below (:class:`_Deciding`, :class:`_Playing`, :class:`_Over`)
    each keep only what their phase needs, which keeps the per-card work small.
    """

    __slots__ = ("_ctx",)

    _ctx: _Context
    _rem: int  # the cards not yet played (32 bits)
    _done: _Done
    _win: int  # seat << 5 | index of the card holding the trick (-1: no trick under way)
    to_play: int
    trick: tuple[Card, ...]
    phase: str
    is_over: bool
    result: DealScore | None

    # ----------------------------------------------------------------- reading
    rules = property(lambda self: self._ctx.rules, doc="The compiled ruleset.")
    seed = property(lambda self: self._ctx.seed, doc="The seed of the shuffle and cut.")
    dealer = property(lambda self: self._ctx.dealer, doc="The dealer's seat.")
    pending_ties = property(lambda self: self._ctx.pending_ties, doc="Tied deals in a row before this one.")
    scores = property(lambda self: self._ctx.scores, doc="Match points (team 0, team 1) before this deal.")
    cut = property(lambda self: self._ctx.cut, doc="Where the pack was cut (1-31).")
    mode = property(lambda self: self._settled.mode, doc='"trump", "no-trump", "blind", or None before the choice.')
    chooser = property(lambda self: self._settled.chooser, doc="The seat that named trump (or was asked to).")
    calls = property(lambda self: self._settled.calls, doc="Names of the calls made, in order.")

    @property
    def _settled(self) -> _Node:
        """The decision node holding what has been decided so far."""
        return self._ctx.node  # type: ignore[return-value]

    @property
    def leader(self) -> int:
        """The seat that led the trick in progress (or leads the next one)."""
        if self.phase != _PLAY:
            done = self._done[2]
            return self._ctx.rules.first_leader(self._ctx.dealer) if not done else done[-1][2]
        return (self.to_play - len(self.trick) * self._ctx.rules.step) & 3

    @property
    def win_seat(self) -> int:
        """The seat holding the trick in progress (-1 when no card is on the table)."""
        return self._win >> 5 if self.trick else -1

    @property
    def win_idx(self) -> int:
        return self._win & 31 if self.trick else -1

    @property
    def tricks(self) -> tuple[TrickRecord, ...]:
        """Completed tricks: (leader seat, cards in play order, winner seat)."""
        return self._done[2]

    @property
    def trump(self) -> str | None:
        """The trump suit letter, or None at no-trump (and before trump is named)."""
        t = self._settled.trump
        return SUITS[t].name if t >= 0 else None

    @property
    def trump_suit(self) -> Suit | None:
        t = self._settled.trump
        return SUITS[t] if t >= 0 else None

    @property
    def turned_card(self) -> Card | None:
        """The card turned up for trump (the dealer's), or None when trump is named."""
        t = self._ctx.turned
        return DECK[t] if t >= 0 else None

    @property
    def turned_on_table(self) -> bool:
        """Whether the turned card still lies on the table (the dealer has not taken it up)."""
        return self._ctx.turned >= 0 and self._turned_waits

    _turned_waits = False  # the turned card is not yet in the dealer's hand (see _Untaken)

    @property
    def points(self) -> tuple[int, int]:
        """Card points taken so far by team 0 and team 1."""
        points = self._ctx.engine.mask_points
        return points(self._done[0]), points(self._done[1])

    @property
    def tricks_won(self) -> tuple[int, int]:
        """Tricks taken so far by team 0 and team 1."""
        return self._done[0].bit_count() >> 2, self._done[1].bit_count() >> 2

    @property
    def actions(self) -> tuple[AnyAction, ...]:
        """Every action applied since the deal, in order (what :func:`replay` needs).

        The decisions are kept until the first lead; the cards are read off the tricks, so
        playing a card records nothing more.
        """
        cards = [c for _, trick, _ in self._done[2] for c in trick]
        return (*self._ctx.decisions, *cards, *self.trick)

    @property
    def hands(self) -> tuple[list[Card], list[Card], list[Card], list[Card]]:
        """The four hands in seat order (full information: never give this to a bot)."""
        rem = self._rem
        h0, h1, h2, h3 = self._ctx.seat_hands
        return (cards_from_mask(h0 & rem), cards_from_mask(h1 & rem),
                cards_from_mask(h2 & rem), cards_from_mask(h3 & rem))

    def hand(self, seat: int) -> list[Card]:
        return cards_from_mask(self._ctx.seat_hands[seat] & self._rem)

    @property
    def dealt_hands(self) -> tuple[list[Card], list[Card], list[Card], list[Card]]:
        """The four hands as they were dealt, in seat order (full information)."""
        h0, h1, h2, h3 = self._ctx.seat_hands
        return cards_from_mask(h0), cards_from_mask(h1), cards_from_mask(h2), cards_from_mask(h3)

    def hand_mask(self, seat: int) -> int:
        return self._ctx.seat_hands[seat] & self._rem

    @property
    def dealer_team(self) -> int:
        """The contract side: 0 for seats 0 and 2, 1 for seats 1 and 3."""
        return self._ctx.dealer & 1

    @property
    def thrown_in(self) -> bool:
        return self.result is not None and self.result.thrown_in

    def has_looked(self, seat: int) -> bool:
        """Whether ``seat`` may see its own hand now (the dealer not before the blind
        decision; the dealer's partner not before trump is named, unless asked to name it)."""
        dealer = self._ctx.dealer
        if seat == dealer:
            return self.phase != "blind"
        if seat == dealer ^ 2 and self.phase in ("blind", "trump"):
            return self._settled.chooser == seat
        return True

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DealState) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def _key(self) -> tuple[Any, ...]:
        c = self._ctx
        return (c.rules.content_hash, c.seed, c.dealt, c.dealer, c.pending_ties, c.scores, c.turned,
                tuple(str(a) for a in self.actions))

    def __repr__(self) -> str:
        return (f"<DealState {self.rules.ruleset.name} seed={self.seed} dealer={self.dealer} "
                f"phase={self.phase} to_play={self.to_play}>")

    # ----------------------------------------------------------------- choices
    def legal_actions(self) -> list[AnyAction]:
        """The actions open to :attr:`to_play`; Card objects while cards are played."""
        raise NotImplementedError  # each phase's class answers

    def legal_card_mask(self) -> int:
        """Bitmask of the legal cards (0 outside the play phase)."""
        return 0

    def explain(self) -> str:
        """Why the legal actions are what they are, in a player's words."""
        options = ", ".join(str(a) for a in self.legal_actions())
        return f"{self.phase}: seat {self.to_play} chooses one of {options}"

    # ----------------------------------------------------------------- acting
    def apply(self, action: AnyAction) -> DealState:
        """The state after ``action`` by :attr:`to_play`; raises IllegalPlayError if not legal."""
        raise NotImplementedError  # each phase's class answers

    def _not_possible(self, action: object) -> IllegalPlayError:
        options = ", ".join(str(a) for a in self.legal_actions())
        return IllegalPlayError(
            f"{action} is not possible now ({self.phase} phase, seat {self.to_play} to act: {options})"
        )

    # ----------------------------------------------------------------- views
    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now (for bots)."""
        return seat_view(self, seat)

    def played_mask(self) -> int:
        """Every card played so far, including the trick in progress."""
        return DECK_MASK ^ self._rem


_new_state = object.__new__
if CoreState is not None:  # the compiled core's states are deal states too
    DealState.register(CoreState)


class _Deciding(DealState):
    """A state before the first card: blind, trump or calls phase."""

    __slots__ = ("_decisions", "_node", "phase", "to_play")
    _node: _Node
    _decisions: tuple[AnyAction, ...]

    is_over = False
    result = None
    _turned_waits = True
    trick: tuple[Card, ...] = ()
    _rem = DECK_MASK
    _done = _NOTHING_DONE
    _win = -1

    @property
    def _settled(self) -> _Node:
        return self._node

    @property
    def actions(self) -> tuple[AnyAction, ...]:
        return self._decisions

    def legal_actions(self) -> list[AnyAction]:
        return list(self._node.legal)

    def apply(self, action: AnyAction) -> DealState:
        node = self._node
        nxt = node.after.get(action) if action.__class__ is Action else None
        if nxt is None:
            if action is THROW_IN:
                return self._throw_in()
            if action not in node.legal:
                raise self._not_possible(action)
            nxt = node.next(cast(Action, action))
        decisions = self._decisions + (action,)  # noqa: RUF005
        if nxt.phase == _PLAY:
            return _first_lead(self._ctx.settled(nxt, decisions))
        new = _new_state(_Deciding)
        new._ctx = self._ctx
        new._node = nxt
        new._decisions = decisions
        new.phase = nxt.phase
        new.to_play = nxt.to_play
        return new

    def _throw_in(self) -> DealState:
        ctx = self._ctx
        if not ctx.rules.early_look_throws_in or self.phase not in ("blind", "trump"):
            raise _throw_in_refused(ctx.rules)
        new = _new_state(_Over)
        new._ctx = self._ctx.settled(self._node, (*self._decisions, THROW_IN))
        new._rem = DECK_MASK
        new._done = _NOTHING_DONE
        new._win = -1
        new.trick = ()
        new.to_play = self.to_play
        new._legal = 0
        new.result = DealScore.thrown(ctx.engine, ctx.pending_ties)
        return new


class _Playing(DealState):
    """A state of the play phase.  The legal cards of the next player are computed as a
    card is applied.  (One class for every place in the trick: the interpreter's caches
    stay monomorphic in the ``legal_actions``/``apply`` loop.)
    """

    __slots__ = ("_done", "_legal", "_rem", "_win", "to_play", "trick")
    _legal: int | None  # the legal cards of to_play (None: not computed yet, with plug-ins)

    phase = _PLAY
    is_over = False
    result = None

    def legal_actions(self) -> list[AnyAction]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return [*_T0[legal & 255], *_T1[legal >> 8 & 255], *_T2[legal >> 16 & 255], *_T3[legal >> 24]]

    def legal_card_mask(self) -> int:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def _compute_legal(self) -> int:
        """The legal cards of to_play through the readable filter (plug-ins narrow it)."""
        return int(sum(c.bit for c in self._explain().cards))

    def explain(self) -> str:
        return self._explain().reason

    def _explain(self) -> Legality:
        return explain_legal(
            self._ctx.engine, self.hand(self.to_play), list(self.trick), self.trump_suit,
            tricks_played=len(self._done[2]),
        )

    def apply(self, action: AnyAction) -> DealState:
        try:
            bit: int = action.bit  # type: ignore[union-attr]
            legal = bit & self._legal  # type: ignore[operator]
        except (AttributeError, TypeError):  # not a card (only cards have a bit), or a plug-in's
            return self._apply_slowly(action)  # legal cards not computed yet
        if not legal:
            raise IllegalPlayError(self._why_illegal(cast(Card, action)))
        ctx = self._ctx
        rem = self._rem ^ bit
        seat = self.to_play
        trick = self.trick
        if trick:
            win = self._win
            if bit & ctx.beat[win]:
                win = seat << 5 | action.index  # type: ignore[union-attr]
            if len(trick) == 3:  # the fourth card closes the trick (inlined: the hot path)
                trick += action.single  # type: ignore[union-attr]
                winner = win >> 5
                won0, won1, done = self._done
                cards = DECK_MASK ^ won0 ^ won1 ^ rem  # the four cards of this trick
                done += ((ctx.after[seat], trick, winner),)
                new = _new_state(_Playing if len(done) < 8 else _Over)
                new._ctx = ctx
                new._rem = rem
                new._done = (won0, won1 | cards, done) if winner & 1 else (won0 | cards, won1, done)
                new._win = -1
                new.trick = ()
                new.to_play = winner
                if len(done) < 8:
                    new._legal = None if ctx.plugins else ctx.seat_hands[winner] & rem
                else:
                    new._legal = 0
                    new.result = new._score(winner)  # type: ignore[misc,assignment]
                return new
            led = trick[0].index >> 3
        else:
            win = seat << 5 | action.index  # type: ignore[union-attr]
            led = win >> 3 & 3
        nxt = ctx.after[seat]
        new = _new_state(_Playing)
        new._ctx = ctx
        new._rem = rem
        new._done = self._done
        new._win = win
        # (concatenation: faster than unpacking; a lead's trick is the card's own 1-tuple)
        new.trick = trick + action.single  # type: ignore[union-attr]
        new.to_play = nxt
        # The next player's legal cards: the led suit, beating the winner where the duty
        # applies (see fastpath.follow_tables); void in it, the ruleset's fast path.
        follow = ctx.suit_hands[nxt][led] & rem
        new._legal = (
            follow & ctx.follow_raise[win | nxt << 7] or follow if follow
            else ctx.legal_fn(ctx.seat_hands[nxt] & rem, led, win & 31, (win >> 5) ^ nxt == 2, ctx.trump)
        )
        return new

    def _apply_slowly(self, action: AnyAction) -> DealState:
        if action.__class__ is not Card:
            raise _throw_in_refused(self._ctx.rules) if action is THROW_IN else self._not_possible(action)
        self._legal = self._compute_legal()
        return self.apply(action)

    def _why_illegal(self, card: Card) -> str:
        seat = self.to_play
        if not card.bit & self.hand_mask(seat):
            return f"{card} is not in seat {seat}'s hand ({' '.join(map(str, self.hand(seat)))})"
        return f"{card} is not legal for seat {seat}: {self.explain()}"

    def _score(self, last_winner: int) -> DealScore:
        ctx = self._ctx
        node: _Node = ctx.node  # type: ignore[assignment]
        team = ctx.dealer & 1
        engine = ctx.engine
        # Deal scores are immutable, so equal inputs can share one (plug-ins may read trump).
        won = self._done[1] if team else self._done[0]
        points = engine.mask_points(won)
        tricks = won.bit_count() >> 2
        key = (points, tricks, node.mode, len(node.calls), ctx.pending_ties, last_winner & 1 == team,
               node.trump if ctx.rules.scoring_plugins else None)
        found = engine.memo.get(key)
        if found is None:
            found = engine.memo[key] = score_checked(
                engine, points, tricks, node.mode or "trump", len(node.calls), ctx.pending_ties,
                "A" if last_winner & 1 == team else "B", self.trump,
            )
        if ctx.turned >= 0:  # the turned card's bonus, after every factor
            turned_key = (key, ctx.turned)
            base = found
            found = engine.memo.get(turned_key)
            if found is None:
                card = DECK[ctx.turned]
                found = engine.memo[turned_key] = base.with_turned(str(card), turned_bonus(ctx.rules, card))
        return found


class _Over(_Playing):
    """A finished (or thrown-in) deal."""

    __slots__ = ("result",)
    result: DealScore  # type: ignore[assignment]

    phase = "over"
    is_over = True

    def legal_actions(self) -> list[AnyAction]:
        return []

    def legal_card_mask(self) -> int:
        return 0

    def explain(self) -> str:
        return "over: the deal is over"

    def apply(self, action: AnyAction) -> DealState:
        raise IllegalPlayError("the deal is over")


def _throw_in_refused(rules: Rules) -> IllegalPlayError:
    if not rules.early_look_throws_in:
        return IllegalPlayError(f"{rules.ruleset.name} has no early-look throw-in")
    return IllegalPlayError("a deal can be thrown in only before trump is named")


def _first_lead(ctx: _Context) -> DealState:
    leader = ctx.node.to_play  # type: ignore[union-attr]
    waits = ctx.turned >= 0 and ctx.rules.turned_take_up != "before-first-trick"
    new = _new_state(_Untaken if waits else _Playing)
    new._ctx = ctx
    new._rem = DECK_MASK
    new._done = _NOTHING_DONE
    new._win = -1
    new.trick = ()
    new.to_play = leader
    hand = ctx.seat_hands[leader]
    if waits and leader == ctx.dealer:
        hand &= ~DECK[ctx.turned].bit  # the turned card waits on the table
    new._legal = None if ctx.plugins else hand
    return new


_TAKE_UP = {
    "after-first-card": "the first card of the first trick is played",
    "after-first-trick": "the first trick is complete",
}


class _Untaken(_Playing):
    """A play state while the turned card still lies on the table and the dealer cannot play it
    (docs/rules.md#trump-by-the-turned-card): every state of the first trick when the card is
    taken up after it, the first lead when it is taken up after the first card.  The dealer's
    legal cards leave it out."""

    __slots__ = ()
    _turned_waits = True

    def apply(self, action: AnyAction) -> DealState:
        new = cast(_Playing, _Playing.apply(self, action))
        ctx = self._ctx
        if new._done[2] or ctx.rules.turned_take_up != "after-first-trick":
            return new  # taken up
        new.__class__ = _Untaken
        if new.to_play == ctx.dealer and new._legal is not None:
            new._legal = _without_turned(new)
        return new

    def _compute_legal(self) -> int:
        return int(sum(c.bit for c in self._explain().cards))

    def _explain(self) -> Any:
        ctx = self._ctx
        seat = self.to_play
        if seat != ctx.dealer:
            return _Playing._explain(self)
        turned = DECK[ctx.turned]
        hand = [c for c in self.hand(seat) if c is not turned]
        verdict = explain_legal(ctx.rules, hand, list(self.trick), self.trump_suit,
                                tricks_played=len(self._done[2]))
        return type(verdict)(verdict.cards, verdict.clause,
                             f"{verdict.reason} (the turned {turned.pretty} stays on the table until "
                             f"{_TAKE_UP[ctx.rules.turned_take_up or '']})")

    def _why_illegal(self, card: Card) -> str:
        ctx = self._ctx
        if card.index == ctx.turned and self.to_play == ctx.dealer:
            return (f"{card} is the turned card: it stays on the table until "
                    f"{_TAKE_UP[ctx.rules.turned_take_up or '']}")
        return _Playing._why_illegal(self, card)


def _without_turned(state: DealState) -> int:
    """The dealer's legal cards (following, fast path) without the turned card on the table."""
    ctx = state._ctx
    seat = state.to_play
    hand = ctx.seat_hands[seat] & state._rem & ~DECK[ctx.turned].bit
    led = state.trick[0].index >> 3
    win = state._win
    follow = hand & (0xFF << 8 * led)
    if follow:
        return follow & ctx.follow_raise[win | seat << 7] or follow
    legal = ctx.legal_fn(hand, led, win & 31, (win >> 5) ^ seat == 2, ctx.trump)
    assert legal is not None  # (plug-in deals compute their legal cards on demand)
    return legal
