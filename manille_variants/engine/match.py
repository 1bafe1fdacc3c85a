"""Matches: deals until a side reaches the target, games (boams) until a side wins the match.

The match keeps score by team: team 0 sits in seats 0 and 2, team 1 in seats 1 and 3.
Deal scores arrive from the dealer's side's point of view (:class:`DealScore` team A).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from manille_variants.engine.compiled import CompiledRules, compile_rules
from manille_variants.engine.deal import DealState, new_deal
from manille_variants.engine.rules import Rules
from manille_variants.engine.scoring import DealScore
from manille_variants.ruleset.schema import Ruleset

__all__ = ["DealOutcome", "Match", "deal_seed"]

_MIX_A = 0x9E3779B97F4A7C15
_MIX_B = 0xBF58476D1CE4E5B9


def deal_seed(match_seed: int, index: int) -> int:
    """The seed of deal ``index`` of a match: a fixed integer mix, the same on every machine."""
    x = (match_seed * _MIX_A + (index + 1) * _MIX_B) & 0xFFFFFFFFFFFFFFFF
    x ^= x >> 31
    return (x * _MIX_B & 0xFFFFFFFFFFFFFFFF) >> 1


@dataclass(frozen=True)
class DealOutcome:
    """One deal of a match, as the score sheet shows it."""

    index: int
    game: int
    dealer: int
    score: DealScore
    team_points: tuple[int, int]
    scores_after: tuple[int, int]
    pending_after: int
    game_winner: int | None


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
        if self.first_dealer is None:
            setting = self.rules.first_dealer
            self.first_dealer = random.Random(deal_seed(self.seed, -1)).randrange(4) if setting is None else setting
        self.dealer = self.first_dealer

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
            pending_ties=self.pending_ties, scores=(self.scores[0], self.scores[1]),
        )

    def add(self, score: DealScore) -> DealOutcome:
        """Record a finished deal (scored from the current dealer's side) and move on."""
        if self.is_over:
            raise ValueError("the match is over")
        team = self.dealer & 1
        gained = [0, 0]
        gained[team] = score.team_a
        gained[1 - team] = score.team_b
        self.scores[0] += gained[0]
        self.scores[1] += gained[1]
        if score.tied:
            # A tie that carries nothing (a void deal) leaves nothing pending.
            if self.rules.tie_carry == "next-deal":
                self.pending_ties += 1
        elif not score.thrown_in:
            self.pending_ties = 0
        game_winner = self._game_winner()
        outcome = DealOutcome(
            index=len(self.deals), game=self.game, dealer=self.dealer, score=score,
            team_points=(gained[0], gained[1]), scores_after=(self.scores[0], self.scores[1]),
            pending_after=self.pending_ties, game_winner=game_winner,
        )
        self.deals.append(outcome)
        self.dealer = (self.dealer + self.rules.next_dealer_offset) % 4
        if game_winner is not None:
            self._finish_game(game_winner)
        return outcome

    def _game_winner(self) -> int | None:
        target = self.rules.target
        leaders = [t for t in (0, 1) if self.scores[t] >= target]
        if not leaders:
            return None
        return max(leaders, key=lambda t: self.scores[t])

    def _finish_game(self, winner: int) -> None:
        self.games[winner] += 1
        if self.games[winner] >= self.games_needed:
            self.winner = winner
            return
        self.game += 1
        self.scores = [0, 0]
        self.pending_ties = 0
