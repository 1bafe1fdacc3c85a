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

import random
from collections.abc import Iterable, Sequence
from typing import Any

from manille_variants.cards import SUITS, Card, Suit, cards_from_mask
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
_VALUES_CACHE: dict[int, tuple[int, ...]] = {}


def shuffled_deck(seed: int) -> tuple[list[int], int]:
    """The seeded shuffle of the 32 card indices and the cut position (1..31)."""
    rng = random.Random(seed)
    order = list(range(32))
    rng.shuffle(order)
    return order, rng.randrange(1, 32)


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
    hands = [0, 0, 0, 0]
    pos = 0
    first = (dealer + rules.step) % 4
    for packet in rules.packets:
        for k in range(4):
            seat = (first + k * rules.step) % 4
            for index in order[pos : pos + packet]:
                hands[seat] |= 1 << index
            pos += packet
    state = DealState.__new__(DealState)
    state._init(rules, seed, dealer, pending_ties, scores, tuple(hands), cut)
    return state


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


class DealState:
    """One deal.  Immutable: :meth:`apply` returns a new state."""

    __slots__ = (
        "_hands", "_legal", "_queue", "_trump", "actions", "calls", "chooser", "cut", "dealer",
        "leader", "mode", "pending_ties", "phase", "points", "result", "rules", "scores", "seed",
        "to_play", "trick", "tricks", "tricks_won", "win_idx", "win_seat",
    )

    rules: Rules
    seed: int
    dealer: int
    pending_ties: int
    scores: tuple[int, int]
    cut: int
    phase: str
    to_play: int
    _hands: tuple[int, int, int, int]
    _trump: int
    mode: str | None
    chooser: int | None
    calls: tuple[str, ...]
    _queue: tuple[int, ...]
    trick: tuple[Card, ...]
    leader: int
    win_seat: int
    win_idx: int
    tricks: tuple[TrickRecord, ...]
    points: tuple[int, int]
    tricks_won: tuple[int, int]
    actions: tuple[AnyAction, ...]
    result: DealScore | None
    _legal: int | list[AnyAction] | None

    def _init(
        self,
        rules: Rules,
        seed: int,
        dealer: int,
        pending_ties: int,
        scores: tuple[int, int],
        hands: tuple[int, ...],
        cut: int,
    ) -> None:
        self.rules = rules
        self.seed = seed
        self.dealer = dealer
        self.pending_ties = pending_ties
        self.scores = (int(scores[0]), int(scores[1]))
        self.cut = cut
        self._hands = hands  # type: ignore[assignment]
        self._trump = -1
        self.mode = None
        self.chooser = None
        self.calls = ()
        self._queue = ()
        self.trick = ()
        self.leader = (dealer + rules.leader_offset) % 4
        self.win_seat = -1
        self.win_idx = -1
        self.tricks = ()
        self.points = (0, 0)
        self.tricks_won = (0, 0)
        self.actions = ()
        self.result = None
        self._legal = None
        self.to_play = dealer
        self.phase = "blind" if self._blind_offered() else "trump"

    # ----------------------------------------------------------------- reading
    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def trump(self) -> str | None:
        """The trump suit letter, or None at no-trump (and before trump is named)."""
        return SUITS[self._trump].name if self._trump >= 0 else None

    @property
    def trump_suit(self) -> Suit | None:
        return SUITS[self._trump] if self._trump >= 0 else None

    @property
    def hands(self) -> tuple[list[Card], list[Card], list[Card], list[Card]]:
        """The four hands in seat order (full information: never give this to a bot)."""
        h = self._hands
        return (cards_from_mask(h[0]), cards_from_mask(h[1]), cards_from_mask(h[2]), cards_from_mask(h[3]))

    def hand(self, seat: int) -> list[Card]:
        return cards_from_mask(self._hands[seat])

    def hand_mask(self, seat: int) -> int:
        return self._hands[seat]

    @property
    def dealer_team(self) -> int:
        """The contract side: 0 for seats 0 and 2, 1 for seats 1 and 3."""
        return self.dealer & 1

    @property
    def partner_of_dealer(self) -> int:
        return self.dealer ^ 2

    @property
    def thrown_in(self) -> bool:
        return self.result is not None and self.result.thrown_in

    @property
    def call_level(self) -> int:
        return len(self.calls)

    def has_looked(self, seat: int) -> bool:
        """Whether ``seat`` may see its own hand now (the dealer not before the blind
        decision; the dealer's partner not before trump is named, unless asked to name it)."""
        if seat == self.dealer:
            return self.phase != "blind"
        if seat == self.dealer ^ 2 and self.phase in ("blind", "trump"):
            return self.chooser == seat
        return True

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DealState) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def _key(self) -> tuple[Any, ...]:
        return (self.rules.content_hash, self.seed, self.dealer, self.pending_ties, self.scores,
                tuple(str(a) for a in self.actions))

    def __repr__(self) -> str:
        return (f"<DealState {self.rules.ruleset.name} seed={self.seed} dealer={self.dealer} "
                f"phase={self.phase} to_play={self.to_play} actions={len(self.actions)}>")

    # ----------------------------------------------------------------- choices
    def legal_actions(self) -> list[AnyAction]:
        """The actions open to :attr:`to_play`; Card objects while cards are played."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if type(legal) is int:
            return cards_from_mask(legal)  # type: ignore[return-value]
        return list(legal)  # type: ignore[arg-type]

    def legal_card_mask(self) -> int:
        """Bitmask of the legal cards (0 outside the play phase)."""
        if self.phase != "play":
            return 0
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal if type(legal) is int else sum(c.bit for c in legal)  # type: ignore[union-attr,misc]

    def _compute_legal(self) -> int | list[AnyAction]:
        phase = self.phase
        if phase == "play":
            hand = self._hands[self.to_play]
            if self.rules.obligation_plugins:
                return self._explain().cards  # type: ignore[return-value]
            if not self.trick:
                return hand
            return legal_mask(
                self.rules, hand, self.trick[0].suit, self.win_idx,
                self.win_seat ^ self.to_play == 2, self._trump,
            )
        if phase == "trump":
            out: list[AnyAction] = list(_TRUMP_ACTIONS)
            if self.rules.no_trump_allowed:
                out.append(NO_TRUMP)
            if self.rules.delegation and self.chooser is None:
                out.append(DELEGATE)
            return out
        if phase == "blind":
            return [LOOK, BLIND]
        if phase == "calls":
            return [PASS, *(call_action(c.name) for c in self._open_calls(self.to_play))]
        return []

    def explain(self) -> str:
        """Why the legal cards are what they are (play phase), in a player's words."""
        if self.phase != "play":
            return f"{self.phase}: choose one of {', '.join(str(a) for a in self.legal_actions())}"
        return self._explain().reason

    def _explain(self) -> Any:
        return explain_legal(
            self.rules, self.hand(self.to_play), list(self.trick), self.trump_suit,
            tricks_played=len(self.tricks),
        )

    # ----------------------------------------------------------------- acting
    def apply(self, action: AnyAction) -> DealState:
        """The state after ``action`` by :attr:`to_play`; raises IllegalPlayError if not legal."""
        if self.phase == "play" and action.__class__ is Card:
            legal = self._legal
            if legal is None:
                legal = self._legal = self._compute_legal()
            if type(legal) is int:
                if not action.bit & legal:  # type: ignore[union-attr]
                    raise IllegalPlayError(self._why_illegal(action))  # type: ignore[arg-type]
            elif action not in legal:  # type: ignore[operator]
                raise IllegalPlayError(self._why_illegal(action))  # type: ignore[arg-type]
            return self._play(action)  # type: ignore[arg-type]
        return self._decide(action)

    def _why_illegal(self, card: Card) -> str:
        seat = self.to_play
        if not card.bit & self._hands[seat]:
            return f"{card} is not in seat {seat}'s hand ({' '.join(map(str, self.hand(seat)))})"
        return f"{card} is not legal for seat {seat}: {self.explain()}"

    def _copy(self) -> DealState:
        new = DealState.__new__(DealState)
        new.rules = self.rules
        new.seed = self.seed
        new.dealer = self.dealer
        new.pending_ties = self.pending_ties
        new.scores = self.scores
        new.cut = self.cut
        new.phase = self.phase
        new.to_play = self.to_play
        new._hands = self._hands
        new._trump = self._trump
        new.mode = self.mode
        new.chooser = self.chooser
        new.calls = self.calls
        new._queue = self._queue
        new.trick = self.trick
        new.leader = self.leader
        new.win_seat = self.win_seat
        new.win_idx = self.win_idx
        new.tricks = self.tricks
        new.points = self.points
        new.tricks_won = self.tricks_won
        new.result = None
        new._legal = None
        return new

    def _play(self, card: Card) -> DealState:
        rules = self.rules
        seat = self.to_play
        new = self._copy()
        new.actions = (*self.actions, card)
        hands = list(self._hands)
        hands[seat] ^= card.bit
        new._hands = tuple(hands)  # type: ignore[assignment]
        trick = (*self.trick, card)
        if len(trick) == 1:
            new.leader = seat
            new.win_seat = seat
            new.win_idx = card.index
        else:
            w = self.win_idx
            if card.bit & rules.above[w] or (card.suit == self._trump and w >> 3 != self._trump):
                new.win_seat = seat
                new.win_idx = card.index
        if len(trick) < 4:
            new.trick = trick
            new.to_play = (seat + rules.step) % 4
            return new
        return new._close_trick(trick)

    def _close_trick(self, trick: tuple[Card, ...]) -> DealState:
        rules = self.rules
        winner = self.win_seat
        values = rules.values
        gained = values[trick[0].index] + values[trick[1].index] + values[trick[2].index] + values[trick[3].index]
        if winner & 1:
            self.points = (self.points[0], self.points[1] + gained)
            self.tricks_won = (self.tricks_won[0], self.tricks_won[1] + 1)
        else:
            self.points = (self.points[0] + gained, self.points[1])
            self.tricks_won = (self.tricks_won[0] + 1, self.tricks_won[1])
        self.tricks = (*self.tricks, (self.leader, trick, winner))
        self.trick = ()
        self.to_play = winner
        self.leader = winner
        if len(self.tricks) == 8:
            self.phase = "over"
            self.result = self._score(last_winner=winner)
        return self

    def _score(self, last_winner: int) -> DealScore:
        team = self.dealer & 1
        return score_deal(
            self.rules,
            self.points[team],
            self.tricks_won[team],
            self.mode or "trump",
            len(self.calls),
            self.pending_ties,
            last_trick="A" if last_winner & 1 == team else "B",
            trump=self.trump,
        )

    def _decide(self, action: AnyAction) -> DealState:
        if self.phase == "over":
            raise IllegalPlayError("the deal is over")
        if action == THROW_IN:
            return self._throw_in()
        legal = self.legal_actions()
        if action not in legal:
            options = ", ".join(str(a) for a in legal)
            raise IllegalPlayError(
                f"{action} is not possible now ({self.phase} phase, seat {self.to_play} to act: {options})"
            )
        new = self._copy()
        new.actions = (*self.actions, action)
        assert isinstance(action, Action)
        if action == LOOK:
            new.phase = "trump"
        elif action == BLIND:
            new.mode = "blind"
            new.chooser = self.dealer
            new._enter_calls()
        elif action == DELEGATE:
            new.chooser = self.dealer ^ 2
            new.to_play = self.dealer ^ 2
        elif action.kind == "trump" or action == NO_TRUMP:
            new.chooser = self.to_play
            new.mode = "no-trump" if action == NO_TRUMP else "trump"
            new._trump = -1 if action == NO_TRUMP else int(Suit[action.arg or "S"])
            new._enter_calls()
        elif action == PASS:
            new._queue = self._queue[1:]
            new._next_caller()
        else:  # a call
            new.calls = (*self.calls, action.arg or "")
            new._queue = self._callers(after=self.to_play)
            new._next_caller()
        return new

    def _throw_in(self) -> DealState:
        if not self.rules.early_look_throws_in:
            raise IllegalPlayError(f"{self.rules.ruleset.name} has no early-look throw-in")
        if self.phase not in ("blind", "trump"):
            raise IllegalPlayError("a deal can be thrown in only before trump is named")
        new = self._copy()
        new.actions = (*self.actions, THROW_IN)
        new.phase = "over"
        new.result = DealScore.thrown(self.rules, self.pending_ties)
        return new

    # ----------------------------------------------------------------- calls
    def _blind_offered(self) -> bool:
        rules = self.rules
        if not rules.blind_allowed:
            return False
        behind = rules.blind_only_when_behind_by
        if behind is None:
            return True
        team = self.dealer & 1
        return self.scores[1 - team] - self.scores[team] >= behind

    def _next_calls(self) -> list[Call]:
        current = self.calls[-1] if self.calls else None
        mode = self.mode or "trump"
        return [c for c in self.rules.calls if c.after == current and mode in c.modes]

    def _may_call(self, seat: int, call: Call) -> bool:
        if call.by == "anyone":
            return True
        same = (seat & 1) == (self.dealer & 1)
        return same if call.by == "contract-side" else not same

    def _open_calls(self, seat: int) -> list[Call]:
        return [c for c in self._next_calls() if self._may_call(seat, c)]

    def _callers(self, after: int | None) -> tuple[int, ...]:
        step = self.rules.step
        start = self.leader if after is None else (after + step) % 4
        count = 4 if after is None else 3
        seats = [(start + k * step) % 4 for k in range(count)]
        return tuple(s for s in seats if self._open_calls(s))

    def _enter_calls(self) -> None:
        self._queue = self._callers(after=None) if self.rules.calls else ()
        self._next_caller()

    def _next_caller(self) -> None:
        if self._queue:
            self.phase = "calls"
            self.to_play = self._queue[0]
        else:
            self.phase = "play"
            self.to_play = self.leader

    # ----------------------------------------------------------------- views
    def view(self, seat: int) -> Any:
        """What ``seat`` may know now (for bots): see :class:`~manille_variants.engine.view.SeatView`."""
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


def actions_text(actions: Sequence[AnyAction]) -> list[str]:
    """Record texts of actions."""
    return [str(a) for a in actions]
