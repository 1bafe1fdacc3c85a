"""A table several people share, bots in the empty seats: the match the web app's shared
tables play (each person from their own phone).

A :class:`SharedTable` holds the ruleset, the match seed, who sits where (a person, or a bot
by its ``make_bots`` name), the bots' seed and every seat's actions, one list per deal: it
replays from exactly that.  A bot is made afresh for each of its decisions, seeded from the
bots' seed, the deal and the action's place in it, so that its replies are the same whether
the table was played in one go or replayed after a restart.  A person who leaves may be
replaced by a bot (``away``) and take the seat back.

A deal that is over stays on the table, with its result, until a person starts the next one.

>>> import manille_variants as mv
>>> table = SharedTable(mv.load_ruleset("belgian"), seed=3, bots={1: "heuristic", 3: "heuristic"})
>>> table.start()
>>> while table.bot_step():
...     pass
>>> table.state.to_play in table.people and not table.state.is_over
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from manille_variants.bots.registry import make_bot, parse_seat
from manille_variants.cards import Card, Suit
from manille_variants.engine.actions import parse_action
from manille_variants.engine.deal import DealState
from manille_variants.engine.legality import Legality, explain_legal
from manille_variants.engine.match import Match
from manille_variants.errors import IllegalPlayError, ManilleError
from manille_variants.messages import Message, define, msg
from manille_variants.ruleset.schema import Ruleset
from manille_variants.table.scoresheet import parse_entry

__all__ = ["NotYourTurn", "RefusedAction", "SharedTable", "TableReplayError", "sheet_entry"]

# The sentences of the errors (one constant each, for the catalogs).
NOT_YOUR_TURN = define("table.not-your-turn", "it is seat {to_play}'s turn, not seat {seat}'s")
DEAL_OVER = define("table.deal-over", "the deal is over: start the next deal")
DEAL_NOT_OVER = define("table.deal-not-over", "the deal is not over yet")
MATCH_OVER = define("table.match-over", "the match is over")
NO_SEAT = define("table.no-seat", "no seat {seat} at this table (seats 0 to {last})")
NOT_A_PERSON = define("table.not-a-person", "seat {seat} is a bot's")
NOBODY = define("table.nobody", "a table needs at least one person: every seat is a bot's")
NO_REPLAY = define("table.no-replay", "table {id}: deal {deal} no longer replays ({reason})")
NO_DEAL = define("table.no-deal", "no deal yet: start the first deal")
FOUR_SEATS = define("table.four-seats", "a shared table seats four for now ({name} seats {seats})")


class NotYourTurn(IllegalPlayError):
    """An action from a seat whose turn it is not (or for a deal that is over)."""


class RefusedAction(IllegalPlayError):
    """An action the rules refuse now; for a card, the rule's reason and the legal cards."""

    def __init__(self, message: str | Message, legal: list[str], why: Legality | None = None,
                 trick: list[Card] | None = None, trump: Suit | None = None) -> None:
        super().__init__(message)
        self.legal, self.why, self.trick, self.trump = legal, why, list(trick or []), trump
        self.clause = why.clause if why is not None else None


class TableReplayError(ManilleError):
    """A stored table whose actions no longer replay."""


@dataclass
class SharedTable:
    """A match of people and bots: ``bots`` maps a seat to its bot, every other seat is a person's."""

    ruleset: Ruleset
    seed: int = 0
    bots: Mapping[int, str] = field(default_factory=dict)
    bot_seed: int | None = None
    away: set[int] = field(default_factory=set)  # people's seats a bot plays for now
    away_bot: str = "heuristic"
    match: Match = field(init=False)
    state: DealState | None = field(init=False, default=None)
    finished: list[DealState] = field(init=False, default_factory=list)
    log: list[list[str]] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        if self.bot_seed is None:
            self.bot_seed = self.seed
        if self.ruleset.table.seats != 4:  # the sheet, the views' teams and the bots assume four
            raise ManilleError(msg(FOUR_SEATS, name=self.ruleset.name, seats=self.ruleset.table.seats))
        self.match = Match(self.ruleset, self.seed)
        self.bots = {int(s): b for s, b in self.bots.items()}
        for seat, spec in self.bots.items():
            self._seat(seat)
            parse_seat(spec)  # an unknown bot or option is refused now
        if not self.people:
            raise ManilleError(msg(NOBODY))

    # ------------------------------------------------------------------ seats
    @property
    def seats(self) -> int:
        """The seats at the table: the deal's, or the ruleset's before the first deal."""
        if self.state is not None:
            return len(self.state.hands)
        return self.ruleset.table.seats

    @property
    def people(self) -> list[int]:
        """The seats of people (whether here or away)."""
        return [s for s in range(self.seats) if s not in self.bots]

    def _seat(self, seat: int) -> int:
        if not 0 <= seat < self.seats:
            raise ManilleError(msg(NO_SEAT, seat=seat, last=self.seats - 1))
        return seat

    def bot_plays(self, seat: int) -> bool:
        return seat in self.bots or seat in self.away

    def set_away(self, seat: int, away: bool) -> None:
        """A person leaves (a bot plays the seat) or takes it back."""
        if self._seat(seat) in self.bots:
            raise ManilleError(msg(NOT_A_PERSON, seat=seat))
        (self.away.add if away else self.away.discard)(seat)

    # ------------------------------------------------------------------ play
    def start(self) -> None:
        """The first deal (or the next, once a deal is over)."""
        if self.state is not None and not self.state.is_over:
            raise IllegalPlayError(msg(DEAL_NOT_OVER))
        if self.match.is_over:
            raise IllegalPlayError(msg(MATCH_OVER))
        self.state = self.match.new_deal()
        self.log.append([])

    def next_deal(self, seat: int) -> None:
        """A person at the table starts the next deal."""
        self._seat(seat)
        self.start()

    def act(self, seat: int, text: str) -> DealState:
        """Seat ``seat``'s action: NotYourTurn when it is not its turn, RefusedAction when the
        rules refuse it."""
        state = self._current()
        if state.is_over:
            raise NotYourTurn(msg(DEAL_OVER))
        if state.to_play != self._seat(seat) or self.bot_plays(seat):
            raise NotYourTurn(msg(NOT_YOUR_TURN, to_play=state.to_play, seat=seat))
        try:
            action = parse_action(text.strip())
        except ManilleError as exc:
            raise RefusedAction(exc.message or str(exc), self._legal()) from None
        if action not in state.legal_actions():
            raise self._refusal(state, action)
        return self._apply(action)

    def _refusal(self, state: DealState, action: Any) -> RefusedAction:
        try:
            state.apply(action)
        except IllegalPlayError as exc:
            message: str | Message = exc.message or str(exc)
        else:  # pragma: no cover - legal_actions and apply agree
            message = f"{action} may not be played now"
        if isinstance(action, Card) and state.phase == "play":
            why = explain_legal(state.rules, state.hand(state.to_play), list(state.trick), state.trump_suit,
                                tricks_played=len(state.tricks))
            return RefusedAction(message, [str(c) for c in why.cards], why, list(state.trick), state.trump_suit)
        return RefusedAction(message, self._legal())

    def _legal(self) -> list[str]:
        return [str(a) for a in self._current().legal_actions()]

    def bot_due(self) -> bool:
        """Whether a bot is to act now."""
        state = self.state
        return state is not None and not state.is_over and self.bot_plays(state.to_play)

    def bot_step(self) -> bool:
        """One bot action if a bot is to play; whether one acted."""
        if not self.bot_due():
            return False
        state = self._current()
        seat = state.to_play
        spec = self.bots.get(seat, self.away_bot)
        assert self.bot_seed is not None
        seed = (self.bot_seed * 1_000_003 + len(self.log) * 1009 + len(self.log[-1])) * 8 + seat
        self._apply(make_bot(spec, seed).act(state.view(seat)))
        return True

    def _current(self) -> DealState:
        if self.state is None:
            raise IllegalPlayError(msg(NO_DEAL))
        return self.state

    def _apply(self, action: Any) -> DealState:
        self.state = self._current().apply(action)
        self.log[-1].append(str(action))
        if self.state.is_over:
            assert self.state.result is not None
            self.match.add(self.state.result)
            self.finished.append(self.state)
        return self.state

    # ------------------------------------------------------------------ replay
    @classmethod
    def replay(cls, ruleset: Ruleset, seed: int, bots: Mapping[int, str], bot_seed: int,
               actions: list[list[str]], away: set[int] | None = None, table_id: str = "") -> SharedTable:
        """The table again from its stored actions (every seat's, one list per deal)."""
        table = cls(ruleset, seed, bots, bot_seed, set(away or ()))
        for number, deal in enumerate(actions, 1):
            try:
                table.start()
                for text in deal:
                    table._apply(parse_action(text))
            except ManilleError as exc:
                why = exc.message or str(exc)
                raise TableReplayError(msg(NO_REPLAY, id=table_id, deal=number, reason=why)) from None
        return table

    # ------------------------------------------------------------------ views
    def view(self, seat: int | None) -> dict[str, Any]:
        """What seat ``seat`` may see (None: a spectator, who sees no hand)."""
        state = self._current()
        rules = state.rules
        n = self.seats
        seen = state.view(seat) if seat is not None else None
        mine = seat is not None and not state.is_over and state.to_play == seat and not self.bot_plays(seat)
        last = state.tricks[-1] if state.tricks else None
        result = state.result
        return {
            "seat": seat,
            "seats": n,
            "ruleset": self.ruleset.name,
            "dealer": state.dealer,
            "phase": "over" if state.is_over else state.phase,
            "to_play": None if state.is_over else state.to_play,
            "your_turn": mine,
            "hand": [] if seen is None else [str(c) for c in sorted(seen.hand, key=rules.sort_key)],
            "legal": [str(a) for a in seen.legal] if mine and seen is not None else [],
            "mode": state.mode,
            "trump": state.trump,
            "turned": str(state.turned_card) if state.turned_card is not None and state.turned_on_table else None,
            "calls": list(state.calls),
            "call_labels": {c.name: c.label or c.name for c in rules.calls},
            "trick": [{"seat": (state.leader + i * rules.step) % n, "card": str(c)}
                      for i, c in enumerate(state.trick)],
            "last_trick": None if last is None else {
                "leader": last[0], "cards": [str(c) for c in last[1]], "winner": last[2]},
            "tricks_taken": list(state.tricks_won),
            "card_points": list(state.points) if state.is_over else None,
            "score": list(self.match.scores),
            "games": list(self.match.games),
            "target": self.ruleset.match.target,
            "best_of": self.ruleset.match.best_of,
            "deal": len(self.log),
            "deal_over": state.is_over,
            "match_over": self.match.is_over,
            "winner": self.match.winner,
            "result": None if result is None else _oriented(result, state.dealer_team),
            "bots": {str(s): self.bots.get(s, self.away_bot) for s in range(n) if self.bot_plays(s)},
            "away": sorted(self.away),
        }


def _oriented(result: Any, dealer_team: int) -> dict[str, Any]:
    """The deal's score with team 0 (seats 0 and 2) first, each factor and note with its code
    and parameters (:meth:`DealScore.json`)."""
    data: dict[str, Any] = (result.swapped() if dealer_team == 1 else result).json()
    return data


def sheet_entry(state: DealState, first_team: int) -> str:
    """The score sheet's entry of a deal that is over, its figures those of ``first_team``
    (the team that dealt first: the sheet's team A)."""
    result = state.result
    assert result is not None
    if result.thrown_in:
        return "thrown-in"
    side = 0 if state.dealer_team == first_team else 1  # the sheet's A in the result's order
    head = state.trump_suit.name if result.mode == "trump" and state.trump_suit is not None else result.mode
    words = [head, str(result.card_points[side]), str(result.tricks[side])]
    if result.calls:
        words.append(str(result.calls))
    if state.rules.last_trick_bonus and state.tricks:
        words.append(f"last:{'A' if state.tricks[-1][2] % 2 == first_team else 'B'}")
    if result.turned is not None:
        words.append(f"turned:{result.turned}")
    return parse_entry(" ".join(words)).text
