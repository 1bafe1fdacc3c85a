"""Duplicate comparison of rulesets: the metrics, their summaries and paired differences.

``run_comparison`` plays the same seeded deals (and matches) under every ruleset and returns a
:class:`Comparison`; ``simulate`` is the one-ruleset case.  Every per-deal metric is paired by
deal index, every per-match metric by match index, against the first ruleset (the baseline).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from manille_variants.ruleset.schema import Ruleset
from manille_variants.sim.runner import (
    DealRow,
    Kind,
    MatchRow,
    Progress,
    RulesetRun,
    SimError,
    run_units,
)
from manille_variants.sim.stats import PairedDifference, Summary, paired_difference, summarize

__all__ = [
    "DEAL_METRICS",
    "FORMAT",
    "MATCH_METRICS",
    "Comparison",
    "Metric",
    "RulesetResult",
    "SimSettings",
    "run_comparison",
]

FORMAT = "manille-sim"
VERSION = 1


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


@dataclass(frozen=True)
class SimSettings:
    """What to play: ``deals`` independent deals and ``matches`` whole matches."""

    deals: int = 0
    matches: int = 0
    seed: int = 1
    bots: str = "random"
    jobs: int = 1
    scheduler: str | None = None
    records: bool = False


@dataclass
class RulesetResult:
    """The raw results and statistics of one ruleset."""

    ruleset: Ruleset
    deal_run: RulesetRun
    match_run: RulesetRun
    summary: dict[str, Summary]
    difference: dict[str, PairedDifference] | None

    @property
    def factor_counts(self) -> dict[int, int]:
        """How many deals were scored with each combined factor."""
        return dict(sorted(Counter(row.factor for row in self.all_deals).items()))

    @property
    def game_lengths(self) -> dict[int, int]:
        """How many games lasted each number of deals."""
        lengths = Counter(n for m in self.match_run.matches for n in m.game_lengths)
        return dict(sorted(lengths.items()))

    @property
    def all_deals(self) -> list[DealRow]:
        """The deal rows the deal metrics are computed from."""
        return self.deal_run.deals or self.match_run.deals


@dataclass
class Comparison:
    """The outcome of a (duplicate) comparison; the first ruleset is the baseline."""

    kind: str
    settings: SimSettings
    results: list[RulesetResult]

    @property
    def metrics(self) -> list[Metric]:
        """The metrics measured in this run, deal metrics first."""
        found = self.results[0].summary
        return [m for m in (*DEAL_METRICS, *MATCH_METRICS) if m.key in found]

    def to_json(self) -> dict[str, Any]:
        """The machine-readable result (stable keys, documented in comparing-variants.md)."""
        s = self.settings
        return {
            "format": FORMAT, "version": VERSION, "kind": self.kind,
            "seed": s.seed, "bots": s.bots, "deals": s.deals, "matches": s.matches,
            "baseline": self.results[0].ruleset.name,
            "metrics": {m.key: m.description for m in self.metrics},
            "rulesets": [_ruleset_json(r) for r in self.results],
        }

    def csv_rows(self) -> list[dict[str, Any]]:
        """One row per (ruleset, metric): summary and difference against the baseline."""
        rows = []
        for result in self.results:
            for metric in self.metrics:
                summary = result.summary[metric.key].as_dict()
                paired = (result.difference or {}).get(metric.key)
                diff = paired.as_dict() if paired is not None else {}
                row = {"ruleset": result.ruleset.name, "metric": metric.key, **summary}
                row.update({f"diff_{k}": diff.get(k) for k in DIFF_KEYS})
                rows.append(row)
        return rows


DIFF_KEYS = ("mean", "ci95_low", "ci95_high", "p", "significant")


def _ruleset_json(result: RulesetResult) -> dict[str, Any]:
    rs = result.ruleset
    diff = result.difference
    return {
        "name": rs.name, "title": rs.title, "hash": rs.content_hash(),
        "summary": {k: v.as_dict() for k, v in result.summary.items()},
        "difference": {k: v.as_dict() for k, v in diff.items()} if diff is not None else None,
        "factor_counts": {str(k): v for k, v in result.factor_counts.items()},
        "game_lengths": {str(k): v for k, v in result.game_lengths.items()},
    }


def _values(metric: Metric, rows: Sequence[DealRow] | Sequence[MatchRow]) -> list[float]:
    return [metric.value(row) for row in rows]


def _summaries(deals: Sequence[DealRow], matches: Sequence[MatchRow]) -> dict[str, Summary]:
    out = {m.key: summarize(_values(m, deals)) for m in DEAL_METRICS} if deals else {}
    if matches:
        out.update({m.key: summarize(_values(m, matches)) for m in MATCH_METRICS})
    return out


def _differences(base: RulesetResult, other: RulesetResult) -> dict[str, PairedDifference]:
    out = {}
    # Deal metrics are paired only on independent deals: deal i of a match is not deal i
    # of the same match under another ruleset once the scores differ.
    if other.deal_run.deals:
        for m in DEAL_METRICS:
            out[m.key] = paired_difference(_values(m, base.deal_run.deals),
                                           _values(m, other.deal_run.deals))
    if other.match_run.matches:
        for m in MATCH_METRICS:
            out[m.key] = paired_difference(_values(m, base.match_run.matches),
                                           _values(m, other.match_run.matches))
    return out


def run_comparison(rulesets: Sequence[Ruleset], settings: SimSettings, *,
                   progress: Progress | None = None, kind: str = "compare") -> Comparison:
    """Play the deals and matches of ``settings`` under every ruleset (duplicate) and compare."""
    if not rulesets:
        raise SimError("give at least one ruleset")
    if settings.deals <= 0 and settings.matches <= 0:
        raise SimError("nothing to play: give a positive number of deals or matches")
    s = settings
    plan: tuple[tuple[Kind, int], ...] = (("deals", max(0, s.deals)), ("matches", max(0, s.matches)))
    deal_runs, match_runs = (
        run_units(kind, rulesets, count, s.seed, s.bots, jobs=s.jobs, scheduler=s.scheduler,
                  records=s.records, progress=progress)
        for kind, count in plan
    )
    results: list[RulesetResult] = []
    for rs, deal_run, match_run in zip(rulesets, deal_runs, match_runs, strict=True):
        deals = deal_run.deals or match_run.deals
        summary = _summaries(deals, match_run.matches)
        results.append(RulesetResult(rs, deal_run, match_run, summary, None))
    for result in results[1:]:
        result.difference = _differences(results[0], result)
    return Comparison(kind, settings, results)


def is_rate(metric: Metric) -> bool:
    """True for the metrics that are shares of deals (shown as percentages)."""
    return metric.key in RATE_KEYS


RATE_KEYS = frozenset(
    {"dealer_win", "tie", "sweep", "no_trump", "blind", "call", "recall", "capped"}
)


def fmt(metric: Metric, value: float | None, *, signed: bool = False) -> str:
    """A figure of ``metric`` for tables: rates as percentages, the rest with 2 decimals."""
    if value is None or math.isnan(value):
        return "-"
    sign = "+" if signed else ""
    if is_rate(metric):
        return f"{value * 100:{sign}.1f}%"
    return f"{value:{sign}.2f}"
