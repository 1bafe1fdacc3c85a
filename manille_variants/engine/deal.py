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
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Iterable, Sequence
from typing import Any

from manille_variants.cards import _SUIT_TABLES, SUITS, Card, Suit, cards_from_mask
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
from manille_variants.engine.legality import explain_legal, legal_mask
from manille_variants.engine.rules import Rules, compile_rules
from manille_variants.engine.scoring import DealScore, score_deal
from manille_variants.errors import IllegalPlayError
from manille_variants.schema import Call, Ruleset

__all__ = ["PHASES", "DealState", "TrickRecord", "new_deal", "replay", "shuffled_deck"]

PHASES = ("blind", "trump", "calls", "play", "over")
TrickRecord = tuple[int, tuple[Card, ...], int]  # (leader seat, cards in play order, winner seat)
_TRUMP_ACTIONS = tuple(trump_action(s) for s in SUITS)
_T0, _T1, _T2, _T3 = _SUIT_TABLES
_HAND = 0xFFFFFFFF
_PLAY = "play"
_WORDS = struct.Struct("<33I")


def shuffled_deck(seed: int) -> tuple[list[int], int]:
    """The seeded shuffle of the 32 card indices and the cut position (1..31)."""
    # 33 32-bit words from SHAKE-128 of the seed: 32 sort keys and the cut.  The same on
    # every machine and Python version, and faster than seeding a Mersenne Twister.
    words = _WORDS.unpack(hashlib.shake_128(b"manille:%d" % seed).digest(132))
    return sorted(range(32), key=words.__getitem__), 1 + words[32] % 31


def new_deal(
    ruleset: Ruleset | Rules,
    seed: int,
    dealer: int = 0,
    *,
    pending_ties: int = 0,
    scores: tuple[int, int] = (0, 0),
) -> DealState:
    """Shuffle with ``seed``, cut by the ruleset's cutter, deal in its packets and direction.

    ``scores`` are the match points of team 0 (seats 0 and 2) and team 1 in the current
    game; they matter only for blind no-trump offered "only when behind".
    """
    rules = compile_rules(ruleset)
    if dealer not in (0, 1, 2, 3):
        raise ValueError(f"dealer must be a seat 0-3 (got {dealer})")
    order, cut = shuffled_deck(seed)
    order = order[cut:] + order[:cut]
    # deal_pattern[p]: the seat (relative to the dealer) receiving the p-th card dealt.
    shifts = rules.deal_shifts[dealer]
    hands = sum([1 << (index + shift) for index, shift in zip(order, shifts, strict=True)])
    ctx = _Context(rules, seed, dealer, pending_ties, (int(scores[0]), int(scores[1])), cut)
    return DealState._start(ctx, hands)


def replay(
    ruleset: Ruleset | Rules,
    seed: int,
    dealer: int,
    actions: Iterable[AnyAction | str],
    *,
    pending_ties: int = 0,
    scores: tuple[int, int] = (0, 0),
) -> DealState:
    """The state reached by applying ``actions`` (objects or record texts) to a new deal."""
    state = new_deal(ruleset, seed, dealer, pending_ties=pending_ties, scores=scores)
    for action in actions:
        state = state.apply(parse_action(action) if isinstance(action, str) else action)
    return state


class _Context:
    """What stays fixed once the play starts; shared by all states of the play phase."""

    __slots__ = ("above", "calls", "chooser", "cut", "dealer", "mode", "pending_ties", "queue",
                 "rules", "scores", "seed", "step", "trump")

    def __init__(
        self, rules: Rules, seed: int, dealer: int, pending_ties: int, scores: tuple[int, int], cut: int
    ) -> None:
        self.rules = rules
        self.above = rules.above
        self.step = rules.step
        self.seed = seed
        self.dealer = dealer
        self.pending_ties = pending_ties
        self.scores = scores
        self.cut = cut
        self.mode: str | None = None
        self.trump = -1
        self.chooser: int | None = None
        self.calls: tuple[str, ...] = ()
        self.queue: tuple[int, ...] = ()

    def copy(self) -> _Context:
        new = _Context(self.rules, self.seed, self.dealer, self.pending_ties, self.scores, self.cut)
        new.mode = self.mode
        new.trump = self.trump
        new.chooser = self.chooser
        new.calls = self.calls
        new.queue = self.queue
        return new


class DealState:
    """One deal.  Immutable: :meth:`apply` returns a new state.

    Hands are kept as one 128-bit integer (32 bits a seat) so that playing a card is a
    single xor; the decisions before play live in a shared context object.
    """

    __slots__ = (
        "_action", "_ctx", "_hands", "_legal", "_parent", "_tally", "is_over", "leader", "phase",
        "result", "to_play", "trick", "tricks", "win_idx", "win_seat",
    )

    _ctx: _Context
    _hands: int
    _legal: int | list[AnyAction] | None
    _parent: DealState | None
    _action: AnyAction | None
    _tally: tuple[int, int, int, int]  # card points and tricks of team 0 and team 1
    is_over: bool
    phase: str
    to_play: int
    trick: tuple[Card, ...]
    leader: int
    win_seat: int
    win_idx: int
    tricks: tuple[TrickRecord, ...]
    result: DealScore | None

    @classmethod
    def _start(cls, ctx: _Context, hands: int) -> DealState:
        state = cls.__new__(cls)
        state._ctx = ctx
        state._hands = hands
        state._legal = None
        state._parent = None
        state._action = None
        state._tally = (0, 0, 0, 0)
        state.is_over = False
        state.result = None
        state.trick = ()
        state.leader = (ctx.dealer + ctx.rules.leader_offset) % 4
        state.win_seat = -1
        state.win_idx = -1
        state.tricks = ()
        state.to_play = ctx.dealer
        state.phase = "blind" if _blind_offered(ctx) else "trump"
        return state

    # ----------------------------------------------------------------- reading
    rules = property(lambda self: self._ctx.rules, doc="The compiled ruleset.")
    seed = property(lambda self: self._ctx.seed, doc="The seed of the shuffle and cut.")
    dealer = property(lambda self: self._ctx.dealer, doc="The dealer's seat.")
    pending_ties = property(lambda self: self._ctx.pending_ties, doc="Tied deals in a row before this one.")
    scores = property(lambda self: self._ctx.scores, doc="Match points (team 0, team 1) before this deal.")
    cut = property(lambda self: self._ctx.cut, doc="Where the pack was cut (1-31).")
    mode = property(lambda self: self._ctx.mode, doc='"trump", "no-trump", "blind", or None before the choice.')
    chooser = property(lambda self: self._ctx.chooser, doc="The seat that named trump (or was asked to).")
    calls = property(lambda self: self._ctx.calls, doc="Names of the calls made, in order.")

    @property
    def trump(self) -> str | None:
        """The trump suit letter, or None at no-trump (and before trump is named)."""
        t = self._ctx.trump
        return SUITS[t].name if t >= 0 else None

    @property
    def trump_suit(self) -> Suit | None:
        t = self._ctx.trump
        return SUITS[t] if t >= 0 else None

    @property
    def points(self) -> tuple[int, int]:
        """Card points taken so far by team 0 and team 1."""
        return self._tally[0], self._tally[1]

    @property
    def tricks_won(self) -> tuple[int, int]:
        """Tricks taken so far by team 0 and team 1."""
        return self._tally[2], self._tally[3]

    @property
    def actions(self) -> tuple[AnyAction, ...]:
        """Every action applied since the deal, in order (what :func:`replay` needs)."""
        out: list[AnyAction] = []
        node: DealState | None = self
        while node is not None and node._action is not None:
            out.append(node._action)
            node = node._parent
        return tuple(reversed(out))

    @property
    def hands(self) -> tuple[list[Card], list[Card], list[Card], list[Card]]:
        """The four hands in seat order (full information: never give this to a bot)."""
        h = self._hands
        return (cards_from_mask(h & _HAND), cards_from_mask(h >> 32 & _HAND),
                cards_from_mask(h >> 64 & _HAND), cards_from_mask(h >> 96 & _HAND))

    def hand(self, seat: int) -> list[Card]:
        return cards_from_mask(self._hands >> (32 * seat) & _HAND)

    def hand_mask(self, seat: int) -> int:
        return self._hands >> (32 * seat) & _HAND

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
            return self._ctx.chooser == seat
        return True

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DealState) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def _key(self) -> tuple[Any, ...]:
        c = self._ctx
        return (c.rules.content_hash, c.seed, c.dealer, c.pending_ties, c.scores,
                tuple(str(a) for a in self.actions))

    def __repr__(self) -> str:
        return (f"<DealState {self.rules.ruleset.name} seed={self.seed} dealer={self.dealer} "
                f"phase={self.phase} to_play={self.to_play}>")

    # ----------------------------------------------------------------- choices
    def legal_actions(self) -> list[AnyAction]:
        """The actions open to :attr:`to_play`; Card objects while cards are played."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if legal.__class__ is int:
            return [*_T0[legal & 255], *_T1[legal >> 8 & 255], *_T2[legal >> 16 & 255],  # type: ignore[operator]
                    *_T3[legal >> 24]]  # type: ignore[operator]
        return list(legal)  # type: ignore[arg-type]

    def legal_card_mask(self) -> int:
        """Bitmask of the legal cards (0 outside the play phase)."""
        if self.phase != _PLAY:
            return 0
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal if legal.__class__ is int else sum(c.bit for c in legal)  # type: ignore[union-attr,misc,return-value]

    def _compute_legal(self) -> int | list[AnyAction]:
        ctx = self._ctx
        phase = self.phase
        if phase == _PLAY:
            hand = self._hands >> (32 * self.to_play) & _HAND
            if ctx.rules.obligation_plugins:
                return sum(c.bit for c in self._explain().cards)
            trick = self.trick
            if not trick:
                return hand
            return ctx.rules.legal_fn(
                hand, trick[0].suit, self.win_idx, self.win_seat ^ self.to_play == 2, ctx.trump
            )
        if phase == "trump":
            out: list[AnyAction] = list(_TRUMP_ACTIONS)
            if ctx.rules.no_trump_allowed:
                out.append(NO_TRUMP)
            if ctx.rules.delegation and ctx.chooser is None:
                out.append(DELEGATE)
            return out
        if phase == "blind":
            return [LOOK, BLIND]
        if phase == "calls":
            return [PASS, *(call_action(c.name) for c in _open_calls(ctx, self.to_play))]
        return []

    def explain(self) -> str:
        """Why the legal actions are what they are, in a player's words."""
        if self.phase != _PLAY:
            options = ", ".join(str(a) for a in self.legal_actions())
            return f"{self.phase}: seat {self.to_play} chooses one of {options}"
        return self._explain().reason  # type: ignore[no-any-return]

    def _explain(self) -> Any:
        return explain_legal(
            self._ctx.rules, self.hand(self.to_play), list(self.trick), self.trump_suit,
            tricks_played=len(self.tricks),
        )

    # ----------------------------------------------------------------- acting
    def apply(self, action: AnyAction) -> DealState:
        """The state after ``action`` by :attr:`to_play`; raises IllegalPlayError if not legal."""
        if action.__class__ is not Card or self.phase != _PLAY:
            return self._decide(action)
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if not action.bit & legal:  # type: ignore[union-attr,operator]
            raise IllegalPlayError(self._why_illegal(action))  # type: ignore[arg-type]
        ctx = self._ctx
        seat = self.to_play
        new = _new_state(DealState)
        new._ctx = ctx
        new._parent = self
        new._action = action
        new._legal = None
        new.result = None
        new.is_over = False
        new.phase = _PLAY
        new._hands = self._hands ^ (action.bit << (32 * seat))  # type: ignore[union-attr]
        trick = self.trick
        if trick:
            w = self.win_idx
            trump = ctx.trump
            if action.bit & ctx.above[w] or (action.suit == trump and w >> 3 != trump):  # type: ignore[union-attr]
                new.win_seat = seat
                new.win_idx = action.index  # type: ignore[union-attr]
            else:
                new.win_seat = self.win_seat
                new.win_idx = w
            if len(trick) == 3:
                return new._close_trick((*trick, action))  # type: ignore[arg-type]
            new.leader = self.leader
        else:
            new.win_seat = seat
            new.win_idx = action.index  # type: ignore[union-attr]
            new.leader = seat
        new.trick = (*trick, action)  # type: ignore[arg-type]
        new.to_play = (seat + ctx.step) & 3
        new.tricks = self.tricks
        new._tally = self._tally
        return new

    def _why_illegal(self, card: Card) -> str:
        seat = self.to_play
        if not card.bit & self.hand_mask(seat):
            return f"{card} is not in seat {seat}'s hand ({' '.join(map(str, self.hand(seat)))})"
        return f"{card} is not legal for seat {seat}: {self.explain()}"

    def _close_trick(self, trick: tuple[Card, ...]) -> DealState:
        rules = self._ctx.rules
        winner = self.win_seat
        values = rules.values
        gained = values[trick[0].index] + values[trick[1].index] + values[trick[2].index] + values[trick[3].index]
        p0, p1, w0, w1 = self._parent._tally  # type: ignore[union-attr]
        self._tally = (p0, p1 + gained, w0, w1 + 1) if winner & 1 else (p0 + gained, p1, w0 + 1, w1)
        self.tricks = (*self._parent.tricks, (self._parent.leader, trick, winner))  # type: ignore[union-attr]
        self.trick = ()
        self.to_play = winner
        self.leader = winner
        if len(self.tricks) == 8:
            self.phase = "over"
            self.is_over = True
            self.result = self._score(last_winner=winner)
        return self

    def _score(self, last_winner: int) -> DealScore:
        ctx = self._ctx
        team = ctx.dealer & 1
        return score_deal(
            ctx.rules,
            self._tally[team],
            self._tally[2 + team],
            ctx.mode or "trump",
            len(ctx.calls),
            ctx.pending_ties,
            last_trick="A" if last_winner & 1 == team else "B",
            trump=self.trump,
        )

    def _successor(self, action: AnyAction) -> DealState:
        new = _new_state(DealState)
        new._ctx = self._ctx.copy()
        new._parent = self
        new._action = action
        new._legal = None
        new.result = None
        new.is_over = False
        new.phase = self.phase
        new._hands = self._hands
        new.trick = self.trick
        new.leader = self.leader
        new.win_seat = self.win_seat
        new.win_idx = self.win_idx
        new.tricks = self.tricks
        new._tally = self._tally
        new.to_play = self.to_play
        return new

    def _decide(self, action: AnyAction) -> DealState:
        if self.is_over:
            raise IllegalPlayError("the deal is over")
        if action == THROW_IN:
            return self._throw_in()
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if action not in legal:  # type: ignore[operator]
            if isinstance(action, Card) and self.phase == _PLAY:
                raise IllegalPlayError(self._why_illegal(action))
            options = ", ".join(str(a) for a in self.legal_actions())
            raise IllegalPlayError(
                f"{action} is not possible now ({self.phase} phase, seat {self.to_play} to act: {options})"
            )
        assert isinstance(action, Action)
        new = self._successor(action)
        ctx = new._ctx
        if action == LOOK:
            new.phase = "trump"
        elif action == BLIND:
            ctx.mode = "blind"
            ctx.chooser = ctx.dealer
            new._enter_calls()
        elif action == DELEGATE:
            ctx.chooser = ctx.dealer ^ 2
            new.to_play = ctx.dealer ^ 2
        elif action.kind == "trump" or action == NO_TRUMP:
            ctx.chooser = self.to_play
            ctx.mode = "no-trump" if action == NO_TRUMP else "trump"
            ctx.trump = -1 if action == NO_TRUMP else int(Suit[action.arg or "S"])
            new._enter_calls()
        elif action == PASS:
            ctx.queue = ctx.queue[1:]
            new._next_caller()
        else:  # a call
            ctx.calls = (*ctx.calls, action.arg or "")
            ctx.queue = _callers(ctx, self.leader, after=self.to_play)
            new._next_caller()
        return new

    def _throw_in(self) -> DealState:
        rules = self._ctx.rules
        if not rules.early_look_throws_in:
            raise IllegalPlayError(f"{rules.ruleset.name} has no early-look throw-in")
        if self.phase not in ("blind", "trump"):
            raise IllegalPlayError("a deal can be thrown in only before trump is named")
        new = self._successor(THROW_IN)
        new.phase = "over"
        new.is_over = True
        new.result = DealScore.thrown(rules, self._ctx.pending_ties)
        return new

    def _enter_calls(self) -> None:
        ctx = self._ctx
        ctx.queue = _callers(ctx, self.leader, after=None) if ctx.rules.calls else ()
        self._next_caller()

    def _next_caller(self) -> None:
        queue = self._ctx.queue
        if queue:
            self.phase = "calls"
            self.to_play = queue[0]
        else:
            self.phase = _PLAY
            self.to_play = self.leader

    # ----------------------------------------------------------------- views
    def view(self, seat: int) -> Any:
        """What ``seat`` may know now (for bots): a :class:`~manille_variants.engine.view.SeatView`."""
        from manille_variants.engine.view import seat_view

        return seat_view(self, seat)

    def played_mask(self) -> int:
        """Every card played so far, including the trick in progress."""
        mask = 0
        for _, cards, _ in self.tricks:
            for c in cards:
                mask |= c.bit
        for c in self.trick:
            mask |= c.bit
        return mask


_new_state = object.__new__


def _blind_offered(ctx: _Context) -> bool:
    rules = ctx.rules
    if not rules.blind_allowed:
        return False
    behind = rules.blind_only_when_behind_by
    if behind is None:
        return True
    team = ctx.dealer & 1
    return ctx.scores[1 - team] - ctx.scores[team] >= behind


def _open_calls(ctx: _Context, seat: int) -> tuple[Call, ...]:
    last = ctx.calls[-1] if ctx.calls else None
    return ctx.rules.call_table[(last, ctx.mode or "trump", (seat & 1) == (ctx.dealer & 1))]


def _callers(ctx: _Context, leader: int, after: int | None) -> tuple[int, ...]:
    """Seats asked in turn for the next call: from the first leader, or after the last caller."""
    step = ctx.rules.step
    start = leader if after is None else (after + step) % 4
    count = 4 if after is None else 3
    seats = [(start + k * step) % 4 for k in range(count)]
    return tuple(s for s in seats if _open_calls(ctx, s))


def actions_text(actions: Sequence[AnyAction]) -> list[str]:
    """Record texts of actions."""
    return [str(a) for a in actions]
