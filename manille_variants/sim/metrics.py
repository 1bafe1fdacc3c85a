"""The numbers measured per deal and per match, and their exact tallies.

A :class:`Tally` counts, per metric, how many units gave each value (and, against the first
ruleset of a duplicate comparison, each paired difference): tallies of chunks merge by
adding counts, so the statistics do not depend on how the units were split, and
:func:`~manille_variants.sim.stats.summarize_counts` gives from them the very figures the
values themselves would give.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["DEAL_METRICS", "MATCH_METRICS", "Metric", "Tally"]


@dataclass(frozen=True)
class Metric:
    """One number measured per deal or per match."""

    key: str
    label: str
    description: str
    value: Callable[[Any], float]


DEAL_METRICS: tuple[Metric, ...] = (
    Metric("net", "dealer net", "match points of the dealer's side minus the other side's",
           lambda r: r.team_a - r.team_b),
    Metric("points", "points/deal", "match points scored in the deal (by either side)",
           lambda r: r.team_a + r.team_b),
    Metric("dealer_card_points", "dealer card pts",
           "card points taken by the dealer's side", lambda r: r.dealer_card_points),
    Metric("dealer_win", "dealer wins", "share of deals the dealer's side wins",
           lambda r: float(r.dealer_won)),
    Metric("tie", "tie", "share of tied deals", lambda r: float(r.tied)),
    Metric("sweep", "sweep", "share of deals where one side took all 8 tricks",
           lambda r: float(r.sweep)),
    Metric("no_trump", "no-trump", "share of deals played at no-trump (named after looking)",
           lambda r: float(r.mode == "no-trump")),
    Metric("blind", "blind", "share of deals played at blind no-trump",
           lambda r: float(r.mode == "blind")),
    Metric("call", "call", "share of deals with at least one doubling call",
           lambda r: float(r.calls >= 1)),
    Metric("recall", "call answered", "share of deals where the call was answered (2nd rung)",
           lambda r: float(r.calls >= 2)),
    Metric("factor", "factor", "combined factor applied to the deal's score",
           lambda r: r.factor),
    Metric("capped", "capped", "share of deals whose factor was cut by the cap",
           lambda r: float(r.capped)),
)

MATCH_METRICS: tuple[Metric, ...] = (
    Metric("deals_per_match", "deals/match", "deals played in a match", lambda m: m.deals),
    Metric("games_per_match", "games/match", "games (boams) played in a match",
           lambda m: m.games),
    Metric("deals_per_game", "deals/game", "deals per game, averaged within each match",
           lambda m: m.deals / m.games),
)



@dataclass
class Tally:
    """Counts of metric values over a run's units (see the module's docstring).

    ``values[key]``: value -> count; ``diffs[key]``: paired difference from the baseline
    ruleset's unit of the same index -> count (empty for the baseline itself);
    ``game_lengths``: deals per game -> count of games.
    """

    values: dict[str, Counter[float]] = field(default_factory=dict)
    diffs: dict[str, Counter[float]] = field(default_factory=dict)
    game_lengths: Counter[int] = field(default_factory=Counter)

    def merge(self, other: Tally) -> None:
        """Add the counts of ``other``."""
        for mine, theirs in ((self.values, other.values), (self.diffs, other.diffs)):
            for key, counts in theirs.items():
                mine.setdefault(key, Counter()).update(counts)
        self.game_lengths.update(other.game_lengths)

    def count(self, key: str) -> int:
        """How many units the metric ``key`` was measured on."""
        return sum(self.values.get(key, {}).values())

    def add_values(self, metrics: Sequence[Metric], rows: Iterable[Any]) -> None:
        """Count the metrics' values over ``rows``."""
        rows = list(rows)
        for m in metrics:
            self.values.setdefault(m.key, Counter()).update(map(m.value, rows))

    def add_diffs(self, metrics: Sequence[Metric], base: Sequence[Any], rows: Sequence[Any]
                  ) -> None:
        """Count the paired differences ``metric(rows[i]) - metric(base[i])``."""
        for m in metrics:
            self.diffs.setdefault(m.key, Counter()).update(
                m.value(o) - m.value(b) for b, o in zip(base, rows, strict=True))

    def add_counts(self, counts: dict[str, dict[int, int]], *, diffs: bool = False) -> None:
        """Add counts by metric key (as the compiled core returns them)."""
        target = self.diffs if diffs else self.values
        for key, c in counts.items():
            target.setdefault(key, Counter()).update(c)
