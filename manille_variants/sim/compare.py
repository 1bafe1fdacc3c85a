"""Duplicate comparison of rulesets: the metrics, their summaries and paired differences.

``run_comparison`` plays the same seeded deals (and matches) under every ruleset and returns a
:class:`Comparison`; ``simulate`` is the one-ruleset case.  Every per-deal metric is paired by
deal index, every per-match metric by match index, against the first ruleset (the baseline).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from manille_variants.errors import TableSizeError
from manille_variants.messages import define, msg
from manille_variants.ruleset.schema import Ruleset
from manille_variants.sim.metrics import DEAL_METRICS, MATCH_METRICS, Metric, Tally
from manille_variants.sim.runner import (
    DealRow,
    Kind,
    Progress,
    RulesetRun,
    SimError,
    run_plan,
)
from manille_variants.sim.stats import (
    PairedDifference,
    Summary,
    paired_difference_counts,
    summarize_counts,
)

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
    def deal_tally(self) -> Tally:
        """The tally the deal metrics are computed from: the independent deals', else the
        deals of the matches."""
        return self.deal_run.tally if self.deal_run.tally.count("net") else self.match_run.tally

    def deal_counts(self, key: str) -> Counter[float]:
        """How many deals gave each value of the deal metric ``key``."""
        return self.deal_tally.values.get(key, Counter())

    @property
    def factor_counts(self) -> dict[int, int]:
        """How many deals were scored with each combined factor."""
        return {int(k): v for k, v in sorted(self.deal_counts("factor").items())}

    @property
    def game_lengths(self) -> dict[int, int]:
        """How many games lasted each number of deals."""
        return dict(sorted(self.match_run.tally.game_lengths.items()))

    @property
    def all_deals(self) -> list[DealRow]:
        """The deal rows, when the runs kept them (``records``); the statistics come from
        the tallies."""
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


def _summaries(deals: Tally, matches: Tally) -> dict[str, Summary]:
    out = {}
    if deals.count("net"):
        out.update({m.key: summarize_counts(deals.values[m.key]) for m in DEAL_METRICS})
    if matches.count(MATCH_METRICS[0].key):
        out.update({m.key: summarize_counts(matches.values[m.key]) for m in MATCH_METRICS})
    return out


def _differences(other: RulesetResult) -> dict[str, PairedDifference]:
    """Paired differences from the baseline, counted in the tallies: deal metrics only on
    independent deals (deal i of a match is not deal i of the same match under another
    ruleset once the scores differ), match metrics on matches."""
    out = {}
    for metrics, tally in ((DEAL_METRICS, other.deal_run.tally),
                           (MATCH_METRICS, other.match_run.tally)):
        if tally.count(metrics[0].key):
            out.update({m.key: paired_difference_counts(tally.diffs[m.key]) for m in metrics})
    return out


NO_RULESET = define("sim.no-ruleset", "give at least one ruleset")
NOTHING_TO_PLAY = define("sim.nothing-to-play", "nothing to play: give a positive number of deals or matches")
ONE_TABLE_SIZE = define("sim.one-table-size", "compare rulesets of one table size: {which}")
SEATS_OF = define("sim.seats-of", "{name} ({seats} seats)")
LISTED = define("sim.listed", "{first}, {rest}")


def run_comparison(rulesets: Sequence[Ruleset], settings: SimSettings, *,
                   progress: Progress | None = None, kind: str = "compare") -> Comparison:
    """Play the deals and matches of ``settings`` under every ruleset (duplicate) and compare."""
    if not rulesets:
        raise SimError(msg(NO_RULESET))
    if settings.deals <= 0 and settings.matches <= 0:
        raise SimError(msg(NOTHING_TO_PLAY))
    check_same_table(rulesets)
    s = settings
    plan: tuple[tuple[Kind, int], ...] = (("deals", max(0, s.deals)), ("matches", max(0, s.matches)))
    deal_runs, match_runs = run_plan(plan, rulesets, s.seed, s.bots, jobs=s.jobs, scheduler=s.scheduler,
                                     records=s.records, progress=progress)
    results: list[RulesetResult] = []
    for rs, deal_run, match_run in zip(rulesets, deal_runs, match_runs, strict=True):
        deals = deal_run.tally if deal_run.tally.count("net") else match_run.tally
        summary = _summaries(deals, match_run.tally)
        results.append(RulesetResult(rs, deal_run, match_run, summary, None))
    for result in results[1:]:
        result.difference = _differences(result)
    return Comparison(kind, settings, results)


def check_same_table(rulesets: Sequence[Ruleset]) -> None:
    """Raise :class:`TableSizeError` unless every ruleset seats as many players: duplicate
    deals are the same cards dealt to the same seats, which tables of different sizes do not
    share."""
    sizes = {rs.table.seats for rs in rulesets}
    if len(sizes) > 1:
        which = [msg(SEATS_OF, name=rs.name, seats=rs.table.seats) for rs in rulesets]
        listed = which[-1]
        for item in reversed(which[:-1]):
            listed = msg(LISTED, first=item, rest=listed)
        raise TableSizeError(msg(ONE_TABLE_SIZE, which=listed))


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
