"""A match against three bots in the browser: you sit in seat 0, your partner in seat 2.

Each game is a :class:`~manille_variants.engine.match.Match` and the deal in progress, moved on
by the bots until it is your turn.  The store keeps what replays it (ruleset, seed, seats, bots
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
from manille_variants.bots import Bot, make_bots
from manille_variants.engine.legality import Legality
from manille_variants.errors import ManilleError
from manille_variants.records.format import dumps_record, record_from_deals
from manille_variants.web.storage import Store, StoredGame

__all__ = ["Game", "Games", "RefusedCard", "ReplayError"]

SEAT = 0
_MAX_GAMES = 200


class ReplayError(ManilleError):
    """A stored game whose actions no longer replay (the bots or the engine changed since)."""


class RefusedCard(mv.IllegalPlayError):
    """A card that may not be played now: the engine's reason, the rule clause, the legal cards
    (and the ruleset, trick and trump they were decided on, to say it in another language)."""

    def __init__(self, message: str, why: Legality, ruleset: mv.Ruleset, trick: list[mv.Card],
                 trump: mv.Suit | None) -> None:
        super().__init__(message)
        self.clause, self.legal = why.clause, [str(c) for c in why.cards]
        self.why, self.ruleset, self.trick, self.trump = why, ruleset, trick, trump


@dataclass
class Game:
    """One match of you and three bots; ``log`` holds every seat's actions, one list per deal."""

    ruleset: mv.Ruleset
    seed: int
    bots: str = "heuristic"
    id: str = field(default_factory=lambda: secrets.token_hex(8))
    bot_seed: int | None = None  # the match seed unless given
    match: mv.Match = field(init=False)
    state: mv.DealState = field(init=False)
    finished: list[mv.DealState] = field(init=False, default_factory=list)
    players: list[Bot] = field(init=False)
    log: list[list[str]] = field(init=False, default_factory=list)
    lock: threading.Lock = field(init=False, default_factory=threading.Lock)

    def __post_init__(self) -> None:
        if self.bot_seed is None:
            self.bot_seed = self.seed
        self.players = make_bots(self.bots, self.bot_seed)
        self.match = mv.Match(self.ruleset, self.seed)
        self._deal()

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
        self.state = self.match.new_deal()
        self.log.append([])
        self._advance()

    def _apply(self, action: mv.Card | mv.Action) -> None:
        self.state = self.state.apply(action)
        self.log[-1].append(str(action))

    def _advance(self) -> None:
        """Let the bots act until it is your turn or the deal is over."""
        while not self.state.is_over and self.state.to_play != SEAT:
            seat = self.state.to_play
            self._apply(self.players[seat].act(self.state.view(seat)))
        state = self.state
        if state.is_over and (not self.finished or self.finished[-1] is not state):
            assert state.result is not None
            self.match.add(state.result)
            self.finished.append(state)

    def act(self, text: str) -> None:
        """Your action (a card like ``10S``, or a choice); IllegalPlayError with the engine's reason."""
        if self.state.is_over:
            raise mv.IllegalPlayError("the deal is over: start the next deal")
        action = mv.parse_action(text.strip())
        try:
            self._apply(action)
        except mv.IllegalPlayError as exc:
            if isinstance(action, mv.Card) and self.state.phase == "play" and action in self.state.hand(SEAT):
                why = mv.explain_legal(self.state.rules, self.state.hand(SEAT), list(self.state.trick),
                                       self.state.trump_suit, tricks_played=len(self.state.tricks))
                raise RefusedCard(str(exc), why, self.ruleset, list(self.state.trick),
                                  self.state.trump_suit) from None
            raise
        self._advance()

    def next_deal(self) -> None:
        if not self.state.is_over:
            raise mv.IllegalPlayError("the deal is not over yet")
        if self.match.is_over:
            raise mv.IllegalPlayError("the match is over")
        self._deal()

    def record_text(self) -> str:
        deals = list(self.finished)
        if not self.state.is_over:
            deals.append(self.state)
        record = record_from_deals(self.ruleset, deals, seed=self.seed, match=self.match,
                                   players=["you", "bot", "bot", "bot"])
        return dumps_record(record)

    def view(self) -> dict[str, Any]:
        """What you may see: your hand, the trick, legal actions, scores, the last result."""
        state = self.state
        rules = state.rules
        your_turn = not state.is_over and state.to_play == SEAT
        legal = [str(a) for a in state.legal_actions()] if your_turn else []
        trick = [{"seat": (state.leader + i * rules.step) & 3, "card": str(c)} for i, c in enumerate(state.trick)]
        last = state.tricks[-1] if state.tricks else None
        return {
            "id": self.id,
            "ruleset": self.ruleset.name,
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
                "leader": last[0], "cards": [str(c) for c in last[1]], "winner": last[2]},
            "tricks_won": list(state.tricks_won),
            "scores": list(self.match.scores),
            "games": list(self.match.games),
            "target": self.ruleset.match.target,
            "deal_over": state.is_over,
            "match_over": self.match.is_over,
            "winner": self.match.winner,
            "result": _result(state),
            "deals": len(self.finished),
        }


def _result(state: mv.DealState) -> dict[str, Any] | None:
    """The deal's score from team 0's side (you and your partner)."""
    if state.result is None:
        return None
    score = state.result.swapped() if state.dealer_team == 1 else state.result
    return score.to_dict()


class Games:
    """The games: the recent ones in memory (the least recently used forgotten first beyond a
    limit), every one in the store, replayed from there when asked for again."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self._games: OrderedDict[str, Game] = OrderedDict()
        self._lock = threading.Lock()

    def start(self, ruleset: mv.Ruleset, seed: int, bots: str = "heuristic") -> Game:
        game = Game(ruleset, seed, bots)
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
