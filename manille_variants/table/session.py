"""One human against three bots: the match both fronts play (``manille play`` in a terminal,
the *Play* page of ``manille serve``).

A :class:`Session` holds the ruleset, the seed, the human's seat, the bots (and their seed) and
every seat's actions, one list per deal; it deals, takes the human's actions and lets the bots
act until it is the human's turn again.  Asking the human, showing the table and storing the
game are the fronts' work.  A session replays from what it holds: the same ruleset, seed, seat,
bots and bot seed deal the same cards and draw the same bot replies.

>>> import manille_variants as mv
>>> session = Session(mv.load_ruleset("belgian"), seed=3)
>>> state = session.deal()
>>> state = session.advance()
>>> session.your_turn and state.to_play == session.seat
True
>>> len(session.log), session.deals() == [state]
(1, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from manille_variants._version import __version__
from manille_variants.bots import Bot, make_bots
from manille_variants.engine.actions import AnyAction
from manille_variants.engine.deal import DealState
from manille_variants.engine.match import Match
from manille_variants.errors import IllegalPlayError
from manille_variants.records.format import GameRecord, record_from_deals
from manille_variants.ruleset.schema import Ruleset

__all__ = ["OnAction", "Session", "generator"]

OnAction = Callable[[DealState, DealState, int, AnyAction], None]
"""Told of every action, the bots' and the human's: the state before, after, the seat, the action."""


@dataclass
class Session:
    """A match of the human in ``seat`` and bots (``bots``, seeded by ``bot_seed``, the match
    ``seed`` unless given) in the other three seats."""

    ruleset: Ruleset
    seed: int = 0
    seat: int = 0
    bots: str = "heuristic"
    bot_seed: int | None = None
    on_action: OnAction | None = None
    match: Match = field(init=False)
    players: list[Bot] = field(init=False)
    state: DealState | None = field(init=False, default=None)  # the deal in progress or just over
    finished: list[DealState] = field(init=False, default_factory=list)
    log: list[list[str]] = field(init=False, default_factory=list)  # every seat's actions, per deal

    def __post_init__(self) -> None:
        if self.bot_seed is None:
            self.bot_seed = self.seed
        self.match = Match(self.ruleset, self.seed)
        self.players = make_bots(self.bots, self.bot_seed, seats=self.match.rules.seats)

    @property
    def your_turn(self) -> bool:
        """Whether the deal waits for the human."""
        return self.state is not None and not self.state.is_over and self.state.to_play == self.seat

    def deal(self) -> DealState:
        """The next deal (the bots have not acted yet: see :meth:`advance`)."""
        if self.state is not None and not self.state.is_over:
            raise IllegalPlayError("the deal is not over yet")
        if self.match.is_over:
            raise IllegalPlayError("the match is over")
        self.state = self.match.new_deal()
        self.log.append([])
        return self.state

    def act(self, action: AnyAction) -> DealState:
        """The human's action; the engine's IllegalPlayError if it may not be taken now."""
        state = self._current()
        if state.is_over:
            raise IllegalPlayError("the deal is over: start the next deal")
        if state.to_play != self.seat:
            raise IllegalPlayError(f"it is seat {state.to_play}'s turn, not yours")
        return self._apply(action)

    def advance(self) -> DealState:
        """Let the bots act until it is the human's turn or the deal is over (then scored)."""
        state = self._current()
        while not state.is_over and state.to_play != self.seat:
            seat = state.to_play
            state = self._apply(self.players[seat].act(state.view(seat)))
        if state.is_over and (not self.finished or self.finished[-1] is not state):
            assert state.result is not None
            self.match.add(state.result)
            self.finished.append(state)
        return state

    def deals(self) -> list[DealState]:
        """Every deal so far: the finished ones and the one in progress."""
        live = [self.state] if self.state is not None and not self.state.is_over else []
        return [*self.finished, *live]

    def record(self, players: list[str], command: str = "") -> GameRecord:
        """The game record of the deals so far (``players``: a name per seat)."""
        return record_from_deals(self.ruleset, self.deals(), seed=self.seed, match=self.match, players=players,
                                 generator=generator(command) if command else "")

    def _current(self) -> DealState:
        if self.state is None:
            raise IllegalPlayError("no deal yet: deal first")
        return self.state

    def _apply(self, action: AnyAction) -> DealState:
        before = self._current()
        self.state = before.apply(action)
        self.log[-1].append(str(action))
        if self.on_action is not None:
            self.on_action(before, self.state, before.to_play, action)
        return self.state


def generator(command: str) -> str:
    """The ``generator`` a record written by ``command`` names."""
    return f"manille_variants {__version__} ({command})"
