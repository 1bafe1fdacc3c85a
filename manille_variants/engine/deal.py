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
from operator import add as _add
from operator import lshift as _lshift
from typing import Any, cast

from manille_variants.cards import _SUIT_TABLES, SUITS, Card, Suit, cards_from_mask, parse_cards
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
from manille_variants.engine.legality import explain_legal
from manille_variants.engine.rules import Rules, compile_rules
from manille_variants.engine.scoring import DealScore, score_deal
from manille_variants.errors import CardError, IllegalPlayError
from manille_variants.schema import Call, Ruleset

__all__ = ["PHASES", "DealState", "TrickRecord", "new_deal", "replay", "shuffled_deck"]

PHASES = ("blind", "trump", "calls", "play", "over")
TrickRecord = tuple[int, tuple[Card, ...], int]  # (leader seat, cards in play order, winner seat)
_TRUMP_ACTIONS = tuple(trump_action(s) for s in SUITS)
_TRUMP_INDEX = {action: int(suit) for suit, action in zip(SUITS, _TRUMP_ACTIONS, strict=True)}
_BLIND_CHOICES = (LOOK, BLIND)
_T0, _T1, _T2, _T3 = _SUIT_TABLES
_HAND = 0xFFFFFFFF
_PLAY = "play"
_WORDS = struct.Struct("<33I")
_ONES = (1,) * 32


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
    hands: Sequence[str | Sequence[Card | str]] | None = None,
) -> DealState:
    """Shuffle with ``seed``, cut by the ruleset's cutter, deal in its packets and direction.

    ``scores`` are the match points of team 0 (seats 0 and 2) and team 1 in the current
    game; they matter only for blind no-trump offered "only when behind".  ``hands``, four
    hands of 8 cards in seat order, replaces the shuffle (a real deal typed in, a test).
    """
    rules = compile_rules(ruleset)
    if dealer not in (0, 1, 2, 3):
        raise ValueError(f"dealer must be a seat 0-3 (got {dealer})")
    order, cut = shuffled_deck(seed)
    if hands is None:
        # cut_shifts[dealer][cut][p]: bit shift (32 x seat) of the hand that receives the card
        # at position p of the uncut pack; so dealing is one pass over the shuffled order.
        dealt = sum(map(_lshift, _ONES, map(_add, order, rules.cut_shifts[dealer][cut])))
    else:
        dealt = _given_hands(hands)
    ctx = _Context(rules, seed, dealer, pending_ties, (int(scores[0]), int(scores[1])), cut)
    ctx.dealt = dealt
    phase = "blind" if _blind_offered(ctx) else "trump"
    return _decision(ctx, (), dealt, phase, dealer)


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
    ruleset: Ruleset | Rules,
    seed: int,
    dealer: int,
    actions: Iterable[AnyAction | str],
    *,
    pending_ties: int = 0,
    scores: tuple[int, int] = (0, 0),
    hands: Sequence[str | Sequence[Card | str]] | None = None,
) -> DealState:
    """The state reached by applying ``actions`` (objects or record texts) to a new deal."""
    state = new_deal(ruleset, seed, dealer, pending_ties=pending_ties, scores=scores, hands=hands)
    for action in actions:
        state = state.apply(parse_action(action) if isinstance(action, str) else action)
    return state


class _Context:
    """What stays fixed once the play starts; shared by all states of the play phase."""

    __slots__ = ("above", "calls", "chooser", "cut", "dealer", "dealt", "decisions", "first_leader",
                 "legal_fn", "mode", "pending_ties", "plugins", "rules", "scores", "seed", "step", "trump",
                 "values")

    def __init__(
        self, rules: Rules, seed: int, dealer: int, pending_ties: int, scores: tuple[int, int], cut: int
    ) -> None:
        self.rules = rules
        self.above = rules.above
        self.values = rules.values
        self.step = rules.step
        self.legal_fn = rules.legal_fn
        self.plugins = bool(rules.obligation_plugins)
        self.seed = seed
        self.dealer = dealer
        self.first_leader = (dealer + rules.leader_offset) & 3
        self.pending_ties = pending_ties
        self.scores = scores
        self.cut = cut
        self.dealt = 0  # the four hands as dealt (128 bits)
        self.decisions: tuple[AnyAction, ...] = ()  # the actions before the first card
        self.mode: str | None = None
        self.trump = -1
        self.chooser: int | None = None
        self.calls: tuple[str, ...] = ()

    def copy(self) -> _Context:
        new = _new_state(_Context)
        new.rules = self.rules
        new.above = self.above
        new.values = self.values
        new.step = self.step
        new.legal_fn = self.legal_fn
        new.plugins = self.plugins
        new.seed = self.seed
        new.dealer = self.dealer
        new.first_leader = self.first_leader
        new.pending_ties = self.pending_ties
        new.scores = self.scores
        new.cut = self.cut
        new.dealt = self.dealt
        new.decisions = self.decisions
        new.mode = self.mode
        new.trump = self.trump
        new.chooser = self.chooser
        new.calls = self.calls
        return new


# (card points team 0, card points team 1, tricks team 0, tricks team 1, completed tricks)
_Done = tuple[int, int, int, int, tuple[TrickRecord, ...]]
_NOTHING_DONE: _Done = (0, 0, 0, 0, ())


class DealState:
    """One deal.  Immutable: :meth:`apply` returns a new state.

    Hands are kept as one 128-bit integer (32 bits a seat) so that playing a card is a
    single xor; the decisions before play live in a context object shared by all the
    states of the play phase, and the legal cards of the next player are computed as the
    card is applied.  The concrete classes below differ only in what is fixed for them
    (phase, is_over, result), which keeps the per-card work small.
    """

    __slots__ = ("_ctx", "_done", "_hands", "_legal", "_win", "to_play", "trick")

    _ctx: _Context
    _hands: int
    _legal: int | Sequence[AnyAction] | None  # bitmask in the play phase, a tuple or list before it
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
    mode = property(lambda self: self._ctx.mode, doc='"trump", "no-trump", "blind", or None before the choice.')
    chooser = property(lambda self: self._ctx.chooser, doc="The seat that named trump (or was asked to).")
    calls = property(lambda self: self._ctx.calls, doc="Names of the calls made, in order.")

    @property
    def leader(self) -> int:
        """The seat that led the trick in progress (or leads the next one)."""
        if self.phase != _PLAY:
            return self._ctx.first_leader if not self._done[4] else self._done[4][-1][2]
        return (self.to_play - len(self.trick) * self._ctx.step) & 3

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
        return self._done[4]

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
        return self._done[0], self._done[1]

    @property
    def tricks_won(self) -> tuple[int, int]:
        """Tricks taken so far by team 0 and team 1."""
        return self._done[2], self._done[3]

    @property
    def actions(self) -> tuple[AnyAction, ...]:
        """Every action applied since the deal, in order (what :func:`replay` needs).

        The decisions are kept until the first lead; the cards are read off the tricks, so
        playing a card records nothing more.
        """
        cards = [c for _, trick, _ in self._done[4] for c in trick]
        return (*self._ctx.decisions, *cards, *self.trick)

    @property
    def hands(self) -> tuple[list[Card], list[Card], list[Card], list[Card]]:
        """The four hands in seat order (full information: never give this to a bot)."""
        h = self._hands
        return (cards_from_mask(h & _HAND), cards_from_mask(h >> 32 & _HAND),
                cards_from_mask(h >> 64 & _HAND), cards_from_mask(h >> 96 & _HAND))

    def hand(self, seat: int) -> list[Card]:
        return cards_from_mask(self._hands >> (32 * seat) & _HAND)

    @property
    def dealt_hands(self) -> tuple[list[Card], list[Card], list[Card], list[Card]]:
        """The four hands as they were dealt, in seat order (full information)."""
        h = self._ctx.dealt
        return (cards_from_mask(h & _HAND), cards_from_mask(h >> 32 & _HAND),
                cards_from_mask(h >> 64 & _HAND), cards_from_mask(h >> 96 & _HAND))

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
        return (c.rules.content_hash, c.seed, c.dealt, c.dealer, c.pending_ties, c.scores,
                tuple(str(a) for a in self.actions))

    def __repr__(self) -> str:
        return (f"<DealState {self.rules.ruleset.name} seed={self.seed} dealer={self.dealer} "
                f"phase={self.phase} to_play={self.to_play}>")

    # ----------------------------------------------------------------- choices
    def legal_actions(self) -> list[AnyAction]:
        """The actions open to :attr:`to_play`; Card objects while cards are played."""
        legal = self._legal
        if legal.__class__ is int:
            return [*_T0[legal & 255], *_T1[legal >> 8 & 255], *_T2[legal >> 16 & 255],
                    *_T3[legal >> 24]]
        if legal is None:
            self._legal = self._compute_legal()
            return self.legal_actions()
        return list(legal)  # type: ignore[arg-type]

    def legal_card_mask(self) -> int:
        """Bitmask of the legal cards (0 outside the play phase)."""
        if self.phase != _PLAY:
            return 0
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal  # type: ignore[return-value]

    def _compute_legal(self) -> int | Sequence[AnyAction]:
        ctx = self._ctx
        phase = self.phase
        if phase == _PLAY:
            hand = self._hands >> (32 * self.to_play) & _HAND
            if ctx.plugins:
                return int(sum(c.bit for c in self._explain().cards))
            trick = self.trick
            if not trick:
                return hand
            w = self._win
            return ctx.legal_fn(hand, trick[0].index >> 3, w & 31, (w >> 5) ^ self.to_play == 2, ctx.trump)
        # Before play the choices are memoised tuples (interned actions, never mutated).
        memo = ctx.rules.memo
        if phase == "trump":
            key = ("trump", ctx.chooser is None)
            found = memo.get(key)
            if found is None:
                options: list[AnyAction] = list(_TRUMP_ACTIONS)
                if ctx.rules.no_trump_allowed:
                    options.append(NO_TRUMP)
                if ctx.rules.delegation and ctx.chooser is None:
                    options.append(DELEGATE)
                found = memo[key] = tuple(options)
            return found
        if phase == "blind":
            return _BLIND_CHOICES
        if phase == "calls":
            return _call_choices(ctx, self.to_play)
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
            tricks_played=len(self._done[4]),
        )

    # ----------------------------------------------------------------- acting
    def apply(self, action: AnyAction) -> DealState:
        """The state after ``action`` by :attr:`to_play`; raises IllegalPlayError if not legal."""
        legal = self._legal
        if action.__class__ is not Card or legal.__class__ is not int:
            if legal is None and self.phase == _PLAY:
                self._legal = self._compute_legal()
                return self.apply(action)
            return self._decide(action)
        bit: int = action.bit
        if not bit & legal:
            raise IllegalPlayError(self._why_illegal(action))
        ctx = self._ctx
        seat = self.to_play
        hands = self._hands ^ (bit << (seat << 5))
        trick = self.trick
        if trick:
            w = self._win
            wi = w & 31
            if bit & ctx.above[wi] or (action.index >> 3 == ctx.trump != wi >> 3):
                w = seat << 5 | action.index
            if len(trick) == 3:
                return self._close_trick((*trick, action), hands, w)
            led = trick[0].index >> 3
        else:
            w = seat << 5 | action.index
            led = action.index >> 3
        nxt = (seat + ctx.step) & 3
        new = _new_state(_Playing)
        new._ctx = ctx
        new._hands = hands
        new._done = self._done
        new._win = w
        new.trick = (*trick, action)
        new.to_play = nxt
        new._legal = None if ctx.plugins else ctx.legal_fn(
            hands >> (nxt << 5) & 0xFFFFFFFF, led, w & 31, (w >> 5) ^ nxt == 2, ctx.trump
        )
        return new

    def _why_illegal(self, card: Card) -> str:
        seat = self.to_play
        if not card.bit & self.hand_mask(seat):
            return f"{card} is not in seat {seat}'s hand ({' '.join(map(str, self.hand(seat)))})"
        return f"{card} is not legal for seat {seat}: {self.explain()}"

    def _close_trick(self, trick: tuple[Card, ...], hands: int, win: int) -> DealState:
        ctx = self._ctx
        winner = win >> 5
        values = ctx.values
        gained = values[trick[0].index] + values[trick[1].index] + values[trick[2].index] + values[trick[3].index]
        p0, p1, w0, w1, done = self._done
        leader = (self.to_play + ctx.step) & 3
        done = (*done, (leader, trick, winner))
        finished = len(done) == 8
        new: Any = _new_state(_Over if finished else _Playing)
        new._ctx = ctx
        new._hands = hands
        new._done = (p0, p1 + gained, w0, w1 + 1, done) if winner & 1 else (p0 + gained, p1, w0 + 1, w1, done)
        new._win = -1
        new.trick = ()
        new.to_play = winner
        if finished:
            new._legal = []
            new.result = new._score(last_winner=winner)
        else:
            new._legal = None if ctx.plugins else hands >> (winner << 5) & _HAND
        return cast(DealState, new)

    def _score(self, last_winner: int) -> DealScore:
        ctx = self._ctx
        team = ctx.dealer & 1
        rules = ctx.rules
        # Deal scores are immutable, so equal inputs can share one (plug-ins may read trump).
        key = (self._done[team], self._done[2 + team], ctx.mode, len(ctx.calls), ctx.pending_ties,
               last_winner & 1 == team, ctx.trump if rules.scoring_plugins else None)
        found = rules.memo.get(key)
        if found is None:
            found = rules.memo[key] = score_deal(
                rules,
                cast(int, self._done[team]),
                cast(int, self._done[2 + team]),
                ctx.mode or "trump",
                len(ctx.calls),
                ctx.pending_ties,
                last_trick="A" if last_winner & 1 == team else "B",
                trump=self.trump,
            )
        return found

    def _decide(self, action: AnyAction) -> DealState:
        if self.is_over:
            raise IllegalPlayError("the deal is over")
        if action is THROW_IN:
            return self._throw_in()
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if legal.__class__ is int or action not in legal:  # type: ignore[operator]
            if isinstance(action, Card) and self.phase == _PLAY:
                raise IllegalPlayError(self._why_illegal(action))
            options = ", ".join(str(a) for a in self.legal_actions())
            raise IllegalPlayError(
                f"{action} is not possible now ({self.phase} phase, seat {self.to_play} to act: {options})"
            )
        assert isinstance(action, Action)
        hist = (*self.actions, action)
        if action is PASS:
            queue = self.queue[1:]  # type: ignore[attr-defined]
            if queue:
                return _decision(self._ctx, hist, self._hands, "calls", queue[0], queue)
            return _first_lead(self._ctx, hist, self._hands)
        ctx = self._ctx.copy()
        if action is LOOK:
            return _decision(ctx, hist, self._hands, "trump", self.to_play)
        if action is DELEGATE:
            ctx.chooser = ctx.dealer ^ 2
            return _decision(ctx, hist, self._hands, "trump", ctx.dealer ^ 2)
        if action is BLIND:
            ctx.mode = "blind"
            ctx.chooser = ctx.dealer
            queue = _callers(ctx, after=None)
        elif action.kind == "trump" or action is NO_TRUMP:
            ctx.chooser = self.to_play
            ctx.mode = "no-trump" if action is NO_TRUMP else "trump"
            ctx.trump = _TRUMP_INDEX.get(action, -1)
            queue = _callers(ctx, after=None)
        else:  # a call
            ctx.calls = (*ctx.calls, action.arg or "")
            queue = _callers(ctx, after=self.to_play)
        if queue:
            return _decision(ctx, hist, self._hands, "calls", queue[0], queue)
        return _first_lead(ctx, hist, self._hands)

    def _throw_in(self) -> DealState:
        rules = self._ctx.rules
        if not rules.early_look_throws_in:
            raise IllegalPlayError(f"{rules.ruleset.name} has no early-look throw-in")
        if self.phase not in ("blind", "trump"):
            raise IllegalPlayError("a deal can be thrown in only before trump is named")
        new = _new_state(_Over)
        new._ctx = self._ctx.copy()
        new._ctx.decisions = (*self.actions, THROW_IN)
        new._hands = self._hands
        new._done = self._done
        new._win = -1
        new.trick = ()
        new.to_play = self.to_play
        new._legal = []
        new.result = DealScore.thrown(rules, self._ctx.pending_ties)
        return cast(DealState, new)

    # ----------------------------------------------------------------- views
    def view(self, seat: int) -> Any:
        """What ``seat`` may know now (for bots): a :class:`~manille_variants.engine.view.SeatView`."""
        from manille_variants.engine.view import seat_view

        return seat_view(self, seat)

    def played_mask(self) -> int:
        """Every card played so far, including the trick in progress."""
        mask = 0
        for _, cards, _ in self._done[4]:
            for c in cards:
                mask |= c.bit
        for c in self.trick:
            mask |= c.bit
        return mask


class _Deciding(DealState):
    """A state before the first card: blind, trump or calls phase."""

    __slots__ = ("_decisions", "phase", "queue")
    queue: tuple[int, ...]
    _decisions: tuple[AnyAction, ...]

    @property
    def actions(self) -> tuple[AnyAction, ...]:
        return self._decisions
    is_over = False
    result = None


class _Playing(DealState):
    """A state of the play phase."""

    __slots__ = ()
    phase = _PLAY
    is_over = False
    result = None


class _Over(DealState):
    """A finished (or thrown-in) deal."""

    __slots__ = ("result",)
    phase = "over"
    is_over = True


_new_state = object.__new__


def _fresh(cls: type[DealState], ctx: _Context, hands: int, to_play: int) -> Any:
    """A state with no trick done yet (before play, or at the first lead)."""
    new = _new_state(cls)
    new._ctx = ctx
    new._hands = hands
    new._done = _NOTHING_DONE
    new._win = -1
    new.trick = ()
    new.to_play = to_play
    return new


def _decision(
    ctx: _Context, hist: Any, hands: int, phase: str, to_play: int, queue: tuple[int, ...] = ()
) -> DealState:
    new = _fresh(_Deciding, ctx, hands, to_play)
    new._decisions = hist
    new.queue = queue
    new.phase = phase
    new._legal = None
    return cast(DealState, new)


def _first_lead(ctx: _Context, hist: Any, hands: int) -> DealState:
    ctx = ctx.copy()  # the play's own context: its decisions are final
    ctx.decisions = hist
    new = _fresh(_Playing, ctx, hands, ctx.first_leader)
    new._legal = None if ctx.plugins else hands >> (ctx.first_leader << 5) & _HAND
    return cast(DealState, new)


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


def _call_choices(ctx: _Context, seat: int) -> tuple[AnyAction, ...]:
    """Pass, or one of the calls open to ``seat`` now."""
    key = ("choices", ctx.calls[-1] if ctx.calls else None, ctx.mode, (seat & 1) == (ctx.dealer & 1))
    memo = ctx.rules.memo
    found = memo.get(key)
    if found is None:
        found = memo[key] = (PASS, *(call_action(c.name) for c in _open_calls(ctx, seat)))
    return found


def _callers(ctx: _Context, after: int | None) -> tuple[int, ...]:
    """Seats asked in turn for the next call: from the first leader, or after the last caller."""
    if not ctx.rules.calls:
        return ()
    key = ("callers", ctx.calls[-1] if ctx.calls else None, ctx.mode, ctx.dealer, after)
    memo = ctx.rules.memo
    found = memo.get(key)
    if found is None:
        step = ctx.step
        start = ctx.first_leader if after is None else (after + step) & 3
        count = 4 if after is None else 3
        seats = [(start + k * step) & 3 for k in range(count)]
        found = memo[key] = tuple(s for s in seats if _open_calls(ctx, s))
    return found
