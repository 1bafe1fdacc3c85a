"""Matches: deals until a side reaches the target, games (boams) until a side wins the match.

The match keeps score by team: team 0 sits in seats 0 and 2, team 1 in seats 1 and 3 (the
ruleset's ``table.teams`` at other tables).  Where the dealer plays alone against the others
(``teams: dealer-alone``) each player keeps their own score: ``scores``, ``games`` and
``winner`` are then per seat, and the ruleset's ``table.credit`` says how a temporary team
is credited.  Deal scores arrive from the dealer's side's point of view (:class:`DealScore`
team A).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from manille_variants.engine.compiled import CompiledRules, compile_rules
from manille_variants.engine.deal import DealState, new_deal
from manille_variants.engine.rules import Rules
from manille_variants.engine.scoring import DealScore
from manille_variants.ruleset.schema import Ruleset

__all__ = ["DealOutcome", "Match", "deal_seed", "seat_credits"]

_MIX_A = 0x9E3779B97F4A7C15
_MIX_B = 0xBF58476D1CE4E5B9


def deal_seed(match_seed: int, index: int) -> int:
    """The seed of deal ``index`` of a match: a fixed integer mix, the same on every machine."""
    x = (match_seed * _MIX_A + (index + 1) * _MIX_B) & 0xFFFFFFFFFFFFFFFF
    x ^= x >> 31
    return (x * _MIX_B & 0xFFFFFFFFFFFFFFFF) >> 1


def seat_credits(rules: Rules, score: DealScore, dealer: int) -> list[int]:
    """Each seat's match points from a deal where ``dealer`` played alone (side A) against a
    temporary team (side B), per ``table.credit`` (docs/rules.md#tables-of-2-3-and-6-players).

    >>> import manille_variants as mv
    >>> rules = mv.compile_rules(mv.load_ruleset("belgian-three"))
    >>> seat_credits(rules, mv.score_deal(rules, 22, 4, undealt=4), dealer=0)
    [0, 4, 4]
    """
    seats = rules.seats
    defenders = seats - 1
    if rules.credit == "zero-sum":  # each defender gains (or loses) the side's points, the dealer the opposite
        each = score.team_b - score.team_a
        return [-each * defenders if seat == dealer else each for seat in range(seats)]
    # each-member: every defender is credited the side's points; split: shared, rounded down.
    each = score.team_b if rules.credit == "each-member" else score.team_b // defenders
    return [score.team_a if seat == dealer else each for seat in range(seats)]


@dataclass(frozen=True)
class DealOutcome:
    """One deal of a match, as the score sheet shows it."""

    index: int
    game: int
    dealer: int
    score: DealScore
    team_points: tuple[int, int]
    scores_after: tuple[int, ...]
    pending_after: int
    game_winner: int | None
    # Where each player keeps a score (teams: dealer-alone): the match points each seat
    # gained in this deal (empty where teams keep the score).
    player_points: tuple[int, ...] = ()


@dataclass
class Match:
    """The running state of a match under one ruleset."""

    ruleset: Ruleset | Rules | CompiledRules
    seed: int = 0
    first_dealer: int | None = None
    rules: Rules = field(init=False)
    dealer: int = field(init=False)
    scores: list[int] = field(init=False, default_factory=lambda: [0, 0])
    games: list[int] = field(init=False, default_factory=lambda: [0, 0])
    pending_ties: int = field(init=False, default=0)
    game: int = field(init=False, default=0)
    deals: list[DealOutcome] = field(init=False, default_factory=list)
    winner: int | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        self.rules = compile_rules(self.ruleset)
        seats = self.rules.seats
        if self.first_dealer is None:
            setting = self.rules.first_dealer
            self.first_dealer = random.Random(deal_seed(self.seed, -1)).randrange(seats) if setting is None else setting
        self.dealer = self.first_dealer
        if self.rules.temporary_teams:  # a score per player
            self.scores, self.games = [0] * seats, [0] * seats

    @property
    def columns(self) -> int:
        """How many scores the match keeps: two teams, or one per player (dealer-alone)."""
        return len(self.scores)

    def deal_scores(self) -> tuple[int, int]:
        """The scores a new deal is told (for blind no-trump "only when behind"): the two
        teams', or at a dealer-alone table the dealer's and the best of the others'."""
        if not self.rules.temporary_teams:
            return (self.scores[0], self.scores[1])
        others = [score for seat, score in enumerate(self.scores) if seat != self.dealer]
        return (self.scores[self.dealer], max(others))

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def games_needed(self) -> int:
        return self.rules.games_needed

    def next_seed(self) -> int:
        return deal_seed(self.seed, len(self.deals))

    def new_deal(self) -> DealState:
        """The next deal, shuffled from the match seed and the deal's number."""
        if self.is_over:
            raise ValueError("the match is over")
        return new_deal(
            self.rules, self.next_seed(), self.dealer,
            pending_ties=self.pending_ties, scores=self.deal_scores(),
        )

    def add(self, score: DealScore) -> DealOutcome:
        """Record a finished deal (scored from the current dealer's side) and move on."""
        if self.is_over:
            raise ValueError("the match is over")
        team = self.rules.side(self.dealer, self.dealer)
        gained = [0, 0]
        gained[team] = score.team_a
        gained[1 - team] = score.team_b
        players = self._credit(score) if self.rules.temporary_teams else []
        for column, points in enumerate(players or gained):
            self.scores[column] += points
        if score.tied:
            # A tie that carries nothing (a void deal) leaves nothing pending.
            if self.rules.tie_carry == "next-deal":
                self.pending_ties += 1
        elif not score.thrown_in:
            self.pending_ties = 0
        game_winner = self._game_winner()
        outcome = DealOutcome(
            index=len(self.deals), game=self.game, dealer=self.dealer, score=score,
            team_points=(gained[0], gained[1]), scores_after=tuple(self.scores),
            pending_after=self.pending_ties, game_winner=game_winner, player_points=tuple(players),
        )
        self.deals.append(outcome)
        self.dealer = (self.dealer + self.rules.next_dealer_offset) % self.rules.seats
        if game_winner is not None:
            self._finish_game(game_winner)
        return outcome

    def _credit(self, score: DealScore) -> list[int]:
        return seat_credits(self.rules, score, self.dealer)

    def _game_winner(self) -> int | None:
        target = self.rules.target
        leaders = [t for t in range(self.columns) if self.scores[t] >= target]
        if not leaders:
            return None
        return max(leaders, key=lambda t: self.scores[t])

    def _finish_game(self, winner: int) -> None:
        self.games[winner] += 1
        if self.games[winner] >= self.games_needed:
            self.winner = winner
            return
        self.game += 1
        self.scores = [0] * self.columns
        self.pending_ties = 0
