"""A match against three bots in the browser: you sit in seat 0, your partner in seat 2.

The games live in memory (a restart ends them); each is a :class:`~manille_variants.engine.match.Match`
and the deal in progress, moved on by the bots until it is your turn.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import manille_variants as mv
from manille_variants.bots import Bot, make_bots
from manille_variants.engine.legality import Legality
from manille_variants.records.format import dumps_record, record_from_deals

__all__ = ["Game", "Games", "RefusedCard"]

SEAT = 0
_MAX_GAMES = 200


class RefusedCard(mv.IllegalPlayError):
    """A card that may not be played now: the engine's reason, the rule clause, the legal cards
    (and the trick and trump they were decided on, to say it in another language)."""

    def __init__(self, message: str, why: Legality, trick: list[mv.Card], trump: mv.Suit | None) -> None:
        super().__init__(message)
        self.clause, self.legal = why.clause, [str(c) for c in why.cards]
        self.why, self.trick, self.trump = why, trick, trump


@dataclass
class Game:
    """One match of you and three bots."""

    ruleset: mv.Ruleset
    seed: int
    bots: str = "heuristic"
    id: str = field(default_factory=lambda: secrets.token_hex(8))
    match: mv.Match = field(init=False)
    state: mv.DealState = field(init=False)
    finished: list[mv.DealState] = field(init=False, default_factory=list)
    players: list[Bot] = field(init=False)
    lock: threading.Lock = field(init=False, default_factory=threading.Lock)

    def __post_init__(self) -> None:
        self.players = make_bots(self.bots, self.seed)
        self.match = mv.Match(self.ruleset, self.seed)
        self.state = self.match.new_deal()
        self._advance()

    def _advance(self) -> None:
        """Let the bots act until it is your turn or the deal is over."""
        state = self.state
        while not state.is_over and state.to_play != SEAT:
            seat = state.to_play
            state = state.apply(self.players[seat].act(state.view(seat)))
        self.state = state
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
            self.state = self.state.apply(action)
        except mv.IllegalPlayError as exc:
            if isinstance(action, mv.Card) and self.state.phase == "play" and action in self.state.hand(SEAT):
                why = mv.explain_legal(self.state.rules, self.state.hand(SEAT), list(self.state.trick),
                                       self.state.trump_suit, tricks_played=len(self.state.tricks))
                raise RefusedCard(str(exc), why, list(self.state.trick), self.state.trump_suit) from None
            raise
        self._advance()

    def next_deal(self) -> None:
        if not self.state.is_over:
            raise mv.IllegalPlayError("the deal is not over yet")
        if self.match.is_over:
            raise mv.IllegalPlayError("the match is over")
        self.state = self.match.new_deal()
        self._advance()

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
    """The games in progress, the oldest forgotten first beyond a limit."""

    def __init__(self) -> None:
        self._games: OrderedDict[str, Game] = OrderedDict()
        self._lock = threading.Lock()

    def start(self, ruleset: mv.Ruleset, seed: int, bots: str = "heuristic") -> Game:
        game = Game(ruleset, seed, bots)
        with self._lock:
            self._games[game.id] = game
            while len(self._games) > _MAX_GAMES:
                self._games.popitem(last=False)
        return game

    def get(self, game_id: str) -> Game | None:
        with self._lock:
            return self._games.get(game_id)
