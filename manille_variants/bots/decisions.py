"""Rule-aware decisions before play for the heuristic bot: a table, learned by the search once
per ruleset, of the dealer's side's expected total (card points plus trick points) for each
choice and hand class.

A hand's class for a choice is its estimated tricks (:func:`~manille_variants.bots.heuristic.
hand_tricks`) with that trump (or at no-trump), in half tricks.  The table is learned from
seeded deals: each choice is played out double-dummy in the compiled core and its value
averaged per class.  Since a deal scores ``factor x (total - half)`` for the dealer's side
(net, the sweep aside), the bot then ranks its choices by that figure under the ruleset's
factors, cap and pending ties: a richer no-trump factor makes no-trump pay for weaker hands.
The spread of totals within a class (pooled, per choice kind) lets the bot weigh blind no-trump
against looking in match points given the score: over sampled hands, the expected points each
side can still use (none beyond the target), blind at the blind factor, looking at the choice
it would make seeing the hand.

Tables are keyed by a hash of the play settings (:func:`table_key`): shipped in the package for the bundled
rulesets (``bots/data``, written by ``python bench/learn_decisions.py``), cached in the user's
cache folder for others (learned on first use, about a minute, with a progress bar on a
terminal; ``MANILLE_LEARN=0`` turns learning off, and the bot decides by its thresholds).
"""

from __future__ import annotations

import json
import math
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from manille_variants.cards import DECK, SUITS, Card, Suit
from manille_variants.engine.rules import Rules

__all__ = ["DecisionTable", "cache_dir", "decision_table", "hand_class", "learn", "tabled"]

DATA = Path(__file__).resolve().parent / "data"
CLASSES = 17  # half tricks 0 .. 8
DEALS = 400
_MIN_COUNT = 12
_memory: dict[str, DecisionTable | None] = {}


def hand_class(estimate: float) -> int:
    """The class of an estimate of tricks: half tricks, 0-16."""
    return round(min(8.0, max(0.0, estimate)) * 2)


@dataclass(frozen=True)
class DecisionTable:
    """Mean double-dummy total of the dealer's side per choice kind and hand class."""

    key: str  # table_key of the rulesets it serves
    deals: int
    half: float
    trump: tuple[tuple[float, int], ...]  # per class: (mean total, deals)
    no_trump: tuple[tuple[float, int], ...]
    # The spread (standard deviation) of totals within a class, pooled over the classes, per
    # choice kind; None in tables learned before it was kept (the bot then decides blind
    # no-trump by its thresholds).
    trump_sd: float | None = None
    no_trump_sd: float | None = None

    def expected_total(self, kind: str, cls: int) -> float:
        """The class's mean where enough deals fell in it, else the straight line fitted
        through all classes (weighted by their deals), within 0 and the deal's total."""
        rows = self.no_trump if kind == "no-trump" else self.trump
        mean, count = rows[cls]
        if count >= _MIN_COUNT:
            return mean
        n = sum(c for _, c in rows)
        if n == 0:
            return self.half
        mx = sum(k * c for k, (_, c) in enumerate(rows)) / n
        my = sum(m * c for m, c in rows) / n
        sxx = sum(c * (k - mx) ** 2 for k, (_, c) in enumerate(rows))
        sxy = sum(c * (k - mx) * (m - my) for k, (m, c) in enumerate(rows))
        slope = sxy / sxx if sxx else 0.0
        return min(2 * self.half, max(0.0, my + slope * (cls - mx)))

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "format": "manille-decisions", "version": 1, "key": self.key, "deals": self.deals, "half": self.half,
            "trump": [list(r) for r in self.trump], "no_trump": [list(r) for r in self.no_trump]}
        if self.trump_sd is not None and self.no_trump_sd is not None:
            data.update(trump_sd=self.trump_sd, no_trump_sd=self.no_trump_sd)
        return data

    @staticmethod
    def from_json(data: dict[str, object]) -> DecisionTable:
        def rows(key: str) -> tuple[tuple[float, int], ...]:
            return tuple((float(m), int(n)) for m, n in data[key])  # type: ignore[attr-defined]

        def spread(key: str) -> float | None:
            value = data.get(key)
            return None if value is None else float(value)  # type: ignore[arg-type]

        return DecisionTable(str(data["key"]), int(data["deals"]),  # type: ignore[call-overload]
                             float(data["half"]), rows("trump"), rows("no_trump"),  # type: ignore[arg-type]
                             spread("trump_sd"), spread("no_trump_sd"))


def cache_dir() -> Path:
    """The user's cache folder for learned tables (``$XDG_CACHE_HOME/manille-variants``)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "manille-variants"


# The settings a table depends on: the play (who leads, obligations, what cards and tricks are
# worth), not the factors, calls or match settings (applied when the bot decides).
_PLAY_KEYS = ("strength", "values", "step", "leader_offset", "trump_source", "take_up", "no_trump_allowed",
              "beat_opponent", "beat_partner_on_trump_lead", "beat_at_no_trump", "beat_partner_at_no_trump",
              "trump_when_opponent_wins", "trump_when_partner_wins", "overtrump_opponent", "overtrump_partner",
              "undertrump", "undertrump_partner", "trick_points", "last_trick_bonus")


def table_key(rules: Rules) -> str:
    """The hash of the settings the table depends on (equal for rulesets that differ only
    in factors, calls or match settings)."""
    import hashlib

    from manille_variants.engine.core import core_rules

    data = core_rules(rules)
    text = json.dumps({k: data.get(k) for k in _PLAY_KEYS}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _file_name(rules: Rules) -> str:
    return f"decisions-{table_key(rules)}.json"


Estimate = Callable[[Rules, Sequence[Card], Suit | None], float]


def decision_table(rules: Rules, estimate: Estimate) -> DecisionTable | None:
    """The ruleset's table (shipped, cached or learned now with ``estimate`` as the hand
    classifier); None where the core cannot play the ruleset (Python plug-ins), or where
    the table would have to be learned and ``MANILLE_LEARN=0`` says not to."""
    key = rules.content_hash
    if key in _memory:
        return _memory[key]
    table = _load(rules, estimate)
    _memory[key] = table
    return table


def tabled(rules: Rules) -> bool:
    """Whether the ruleset has a decision table: the search plays it (no Python plug-ins) and
    the dealer names trump (with trump by the turned card there is no trump to choose, and
    the heuristic keeps its threshold rules for the calls)."""
    from manille_variants.search.solver import searchable

    return searchable(rules) and getattr(rules, "turned_take_up", None) is None


def _load(rules: Rules, estimate: Estimate) -> DecisionTable | None:
    if not tabled(rules):
        return None
    for folder in (DATA, cache_dir()):
        path = folder / _file_name(rules)
        try:
            return DecisionTable.from_json(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError, KeyError, TypeError):
            continue
    if os.environ.get("MANILLE_LEARN", "1") == "0":
        return None
    try:
        table = learn(rules, estimate, progress=_progress_bar(rules))
    except ImportError:
        return None
    _save(cache_dir() / _file_name(rules), table)
    return table


def _save(path: Path, table: DecisionTable) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_text(json.dumps(table.to_json()), encoding="utf-8")
        os.replace(temporary, path)
    except OSError:
        pass  # a read-only home: learn again next time


def _progress_bar(rules: Rules) -> Callable[[int, int], None] | None:
    if not sys.stderr.isatty():
        return None
    from rich.progress import Progress

    bar = Progress(transient=True)
    task = bar.add_task(f"learning decisions for {rules.ruleset.name}", total=DEALS)
    bar.start()

    def advance(done: int, total: int) -> None:
        bar.update(task, completed=done, total=total)
        if done >= total:
            bar.stop()

    return advance


def learn(rules: Rules, estimate: Estimate, deals: int = DEALS, seed: int = 1,
          progress: Callable[[int, int], None] | None = None) -> DecisionTable:
    """Learn the table from ``deals`` seeded deals, each choice solved double-dummy; a hand's
    class for a choice is ``estimate(rules, hand, trump)`` in half tricks."""
    from manille_variants._core import CoreDeal, solve_value
    from manille_variants.engine.core import to_core

    core = to_core(rules)
    sums = {"trump": [[0.0, 0, 0.0] for _ in range(CLASSES)], "no-trump": [[0.0, 0, 0.0] for _ in range(CLASSES)]}
    codes = {suit: 32 + int(suit) for suit in SUITS}
    for i in range(deals):
        start = CoreDeal(core, seed * 1_000_003 + i, 0)
        if start.phase == "blind":
            start = start.apply(37)  # look
        hand: list[Card] = [DECK[c] for c in range(32) if start.dealt[0] >> c & 1]
        options: list[tuple[str, int, float]] = [("trump", codes[s], estimate(rules, hand, s)) for s in SUITS]
        if rules.no_trump_allowed:
            options.append(("no-trump", 36, estimate(rules, hand, None)))
        for kind, code, tricks in options:
            deal = start.apply(code)
            while deal.phase == "calls":
                deal = deal.apply(40)  # pass
            row = sums[kind][hand_class(tricks)]
            value = solve_value(deal)
            row[0] += value
            row[1] += 1
            row[2] += value * value
        if progress is not None:
            progress(i + 1, deals)

    def means(kind: str) -> tuple[tuple[float, int], ...]:
        return tuple((s / n if n else 0.0, int(n)) for s, n, _ in sums[kind])

    def spread(kind: str) -> float | None:
        """The standard deviation within a class, pooled over the classes."""
        used = [(s, n, q) for s, n, q in sums[kind] if n]
        freedom = sum(n for _, n, _ in used) - len(used)
        if freedom <= 0:
            return None
        return math.sqrt(max(0.0, sum(q - s * s / n for s, n, q in used)) / freedom)

    half = (rules.card_total + 8 * rules.trick_points + rules.last_trick_bonus) / 2
    return DecisionTable(table_key(rules), deals, half, means("trump"), means("no-trump"),
                         spread("trump"), spread("no-trump"))

