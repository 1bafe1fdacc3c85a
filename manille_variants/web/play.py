"""A match against bots in the browser, at any table size: you sit in seat 0 (at four seats
your partner in seat 2; at six your teammates in seats 2 and 4; at three you play alone when
you deal and with the other defender when you do not; at two against one bot with a layout).

Each game is a :class:`~manille_variants.table.session.Session` (the one the terminal plays too):
a :class:`~manille_variants.engine.match.Match` and the deal in progress, moved on by the bots
until it is your turn.  The store keeps what replays it (ruleset, seed, seats, bots
and every action so far), written after each of your actions; a game not in memory (after a
restart) is replayed from there, the bots asked again so that their next replies are the same.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import manille_variants as mv
from manille_variants.bots.registry import parse_seat, seat_names
from manille_variants.engine.legality import Legality
from manille_variants.errors import BotOptionError, ManilleError
from manille_variants.messages import Message
from manille_variants.records.format import dumps_record
from manille_variants.table.session import Session
from manille_variants.web.storage import Store, StoredGame

__all__ = ["BOT_BUDGETS", "Game", "Games", "RefusedCard", "ReplayError", "bounded_bots"]

SEAT = 0
_MAX_GAMES = 200
# The most a bot of a web request may spend on one decision (the CLI takes any budget): about
# the advice's 200 worlds, two seconds, twenty times the ISMCTS default.
BOT_BUDGETS: dict[str, float] = {"worlds": 200, "think_ms": 2000, "iterations": 20_000}
BOT_BUDGET_TOO_LARGE = "bot {bot!r}: {key} at most {limit:g} here (got {value:g})"


def bounded_bots(spec: str) -> str:
    """``spec`` (``heuristic``, ``search:worlds=64,random`` ...) if each of its bots exists and
    its budget is within :data:`BOT_BUDGETS`; the bots' own errors or BotOptionError otherwise.

    >>> bounded_bots("search:worlds=64,heuristic")
    'search:worlds=64,heuristic'
    >>> bounded_bots("search:worlds=100000")
    Traceback (most recent call last):
    ...
    manille_variants.errors.BotOptionError: bot 'search': worlds at most 200 here (got 100000)
    """
    for text in seat_names(spec):
        name, options = parse_seat(text)
        for key, limit in BOT_BUDGETS.items():
            value = options.get(key)
            if isinstance(value, int | float) and value > limit:
                raise BotOptionError(BOT_BUDGET_TOO_LARGE.format(bot=name, key=key, limit=limit, value=value))
    return spec


class ReplayError(ManilleError):
    """A stored game whose actions no longer replay (the bots or the engine changed since)."""


class RefusedCard(mv.IllegalPlayError):
    """A card that may not be played now: the engine's reason, the rule clause, the legal cards
    (and the ruleset, trick and trump they were decided on, to say it in another language)."""

    def __init__(self, message: str | Message, why: Legality, ruleset: mv.Ruleset, trick: list[mv.Card],
                 trump: mv.Suit | None) -> None:
        super().__init__(message)
        self.clause, self.legal = why.clause, [str(c) for c in why.cards]
        self.why, self.ruleset, self.trick, self.trump = why, ruleset, trick, trump


@dataclass
class Game:
    """One match of you (seat 0) and bots in the other seats: a :class:`~manille_variants.table.session.Session`
    with an id, a lock, and your actions typed as text; ``log`` holds every seat's actions, one
    list per deal."""

    ruleset: mv.Ruleset
    seed: int
    bots: str = "heuristic"
    id: str = field(default_factory=lambda: secrets.token_hex(8))
    bot_seed: int | None = None  # the match seed unless given
    session: Session = field(init=False)
    lock: threading.Lock = field(init=False, default_factory=threading.Lock)

    def __post_init__(self) -> None:
        self.session = Session(self.ruleset, self.seed, SEAT, self.bots, self.bot_seed)
        self.bot_seed = self.session.bot_seed
        self._deal()

    @property
    def state(self) -> mv.DealState:
        assert self.session.state is not None
        return self.session.state

    @property
    def match(self) -> mv.Match:
        return self.session.match

    @property
    def log(self) -> list[list[str]]:
        return self.session.log

    @property
    def finished(self) -> list[mv.DealState]:
        return self.session.finished

    @classmethod
    def replay(cls, stored: StoredGame) -> Game:
        """The stored game again: your actions replayed, the bots asked again (so their draws are
        where they were), and every stored action of theirs checked."""
        if stored.seat != SEAT:
            raise ReplayError(f"game {stored.id}: you sit in seat {SEAT} here (the game says {stored.seat})")
        game = cls(stored.ruleset, stored.seed, stored.bots, stored.id, stored.bot_seed)
        for number, actions in enumerate(stored.actions, 1):
            if number > 1:
                game._replay_step(number, game.next_deal)
            while (done := len(game.log[-1])) < len(actions):
                game._check(number, actions)
                game._replay_step(number, partial(game.act, actions[done]))
            game._check(number, actions)
        return game

    def _replay_step(self, number: int, step: Callable[[], None]) -> None:
        try:
            step()
        except ManilleError as exc:
            raise ReplayError(f"game {self.id}: deal {number} no longer replays ({exc})") from None

    def _check(self, number: int, actions: list[str]) -> None:
        """The deal's actions so far are the stored ones."""
        done = self.log[-1]
        if done != actions[:len(done)]:
            i = next(i for i, now in enumerate(done) if i >= len(actions) or actions[i] != now)
            stored = actions[i] if i < len(actions) else "nothing"
            raise ReplayError(f"game {self.id}: deal {number}, action {i + 1}: stored {stored}, now {done[i]} "
                              "(the bots or the engine changed since)")

    def _deal(self) -> None:
        self.session.deal()
        self.session.advance()

    def act(self, text: str) -> None:
        """Your action (a card like ``10S``, or a choice); IllegalPlayError with the engine's reason."""
        if self.state.is_over:
            raise mv.IllegalPlayError("the deal is over: start the next deal")
        action = mv.parse_action(text.strip())
        try:
            self.session.act(action)
        except mv.IllegalPlayError as exc:
            state = self.state
            if isinstance(action, mv.Card) and state.phase == "play" and action in state.hand(SEAT):
                # The hand holds the layout's face-up cards; whether the winning card is a
                # teammate's is read from the seats (this deal's sides).
                winning = state.win_seat if state.trick else None
                why = mv.explain_legal(state.rules, state.hand(SEAT), list(state.trick), state.trump_suit,
                                       tricks_played=len(state.tricks),
                                       partner_wins=None if winning is None else winning in state.view(SEAT).partners)
                raise RefusedCard(exc.message or str(exc), why, self.ruleset, list(self.state.trick),
                                  self.state.trump_suit) from None
            raise
        self.session.advance()

    def next_deal(self) -> None:
        self._deal()

    def record_text(self) -> str:
        return dumps_record(self.session.record(["you", *["bot"] * (self.state.rules.seats - 1)]))

    def view(self) -> dict[str, Any]:
        """What you may see: your hand, the trick, legal actions, scores, the last result; at
        any table the seats, your teammates in this deal, the undealt cards once you may see
        them and every seat's face-up layout cards (your own also in ``hand``)."""
        state = self.state
        rules = state.rules
        seen = state.view(SEAT)
        your_turn = not state.is_over and state.to_play == SEAT
        legal = [str(a) for a in state.legal_actions()] if your_turn else []
        trick = [{"seat": rules.seat_after(state.leader, i), "card": str(c)} for i, c in enumerate(state.trick)]
        last = state.tricks[-1] if state.tricks else None
        outcome = self.match.deals[-1] if state.is_over and self.match.deals else None
        return {
            "id": self.id,
            "ruleset": self.ruleset.name,
            "title": self.ruleset.title,
            "seed": self.seed,
            "bots": self.bots,
            "direction": self.ruleset.dealing.direction,
            "step": rules.step,
            "deal_number": len(self.finished) + (0 if state.is_over else 1),
            "seat": SEAT,
            "dealer": state.dealer,
            "phase": state.phase,
            "to_play": None if state.is_over else state.to_play,
            "your_turn": your_turn,
            "hand": [str(c) for c in sorted(state.view(SEAT).hand, key=rules.sort_key)],
            "legal": legal,
            "playing_cards": your_turn and state.phase == "play",
            "mode": state.mode,
            "trump": state.trump,
            "turned": str(state.turned_card) if state.turned_card is not None else None,
            "turned_on_table": state.turned_on_table,
            "calls": list(state.calls),
            "call_labels": {c.name: c.label or c.name for c in rules.calls},
            "trick": trick,
            "last_trick": None if last is None else {
                "leader": last[0], "cards": [str(c) for c in last[1]], "winner": last[2],
                "seats": [rules.seat_after(last[0], i) for i in range(len(last[1]))]},
            "tricks_won": list(state.tricks_won),
            "scores": list(self.match.scores),
            "games": list(self.match.games),
            "target": self.ruleset.match.target,
            "deal_over": state.is_over,
            "match_over": self.match.is_over,
            "winner": self.match.winner,
            "result": _result(state),
            "deals": len(self.finished),
            "seats": rules.seats,
            "hand_size": rules.hand_size,
            "partners": list(seen.partners),
            "per_player": rules.temporary_teams,
            "undealt": [str(c) for c in seen.undealt],
            "undealt_count": rules.undealt_count,
            "face_up": [[str(c) for c in cards] for cards in seen.face_up],
            "face_down": _face_down(state),
            "player_points": list(outcome.player_points) if outcome is not None else [],
        }


def _face_down(state: mv.DealState) -> list[int]:
    """How many covered cards each seat's layout still has (empty without a layout)."""
    if not state.rules.layout_covered:
        return []
    face_down = getattr(state, "face_down")  # noqa: B009 - both engines' states have it; the protocol leaves it out
    return [len(face_down(seat)) for seat in range(state.rules.seats)]


def _result(state: mv.DealState) -> dict[str, Any] | None:
    """The deal's score from team 0's side (you and your partner; at a dealer-alone table the
    dealer's side is team 0)."""
    if state.result is None:
        return None
    score = state.result.swapped() if state.dealer_team == 1 else state.result
    return score.json()


class Games:
    """The games: the recent ones in memory (the least recently used forgotten first beyond a
    limit), every one in the store, replayed from there when asked for again."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self._games: OrderedDict[str, Game] = OrderedDict()
        self._lock = threading.Lock()

    def start(self, ruleset: mv.Ruleset, seed: int, bots: str = "heuristic") -> Game:
        game = Game(ruleset, seed, bounded_bots(bots))
        assert game.bot_seed is not None
        self._store.create_game(game.id, ruleset, seed=seed, seat=SEAT, bots=bots, bot_seed=game.bot_seed,
                                actions=game.log)
        return self._keep(game)

    def get(self, game_id: str) -> Game:
        """The game, from memory or replayed from the store; GameNotFound if there is none."""
        with self._lock:
            game = self._games.get(game_id)
            if game is not None:
                self._games.move_to_end(game_id)
                return game
        return self._keep(Game.replay(self._store.game(game_id)))

    def act(self, game_id: str, action: str) -> Game:
        """Your action, then the bots' replies, saved."""
        game = self.get(game_id)
        with game.lock:
            game.act(action)
            self._store.save_actions(game.id, game.log)
        return game

    def next_deal(self, game_id: str) -> Game:
        game = self.get(game_id)
        with game.lock:
            game.next_deal()
            self._store.save_actions(game.id, game.log)
        return game

    def _keep(self, game: Game) -> Game:
        """Keep ``game`` in memory (or the copy another request replayed first)."""
        with self._lock:
            game = self._games.setdefault(game.id, game)
            self._games.move_to_end(game.id)
            while len(self._games) > _MAX_GAMES:
                self._games.popitem(last=False)
        return game
