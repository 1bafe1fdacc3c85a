"""Rule-aware decisions before play for the heuristic bot, learned by the solver once per
ruleset play: a model of the dealer's side's expected total (card points plus trick points)
for each choice from features of a hand (:class:`DecisionModel`, the bot's default), and the
older table of that total per choice and hand class (:class:`DecisionTable`, which the file
keeps: the search's prior reads it, and ``HeuristicBot(model="table")`` decides by it).

The model: per seat's role (its offset from the dealer) and candidate kind (a trump,
no-trump), a ridge fit of the double-dummy total of each candidate on the features of that
seat's hand for it (``decision_features`` in the core: trumps held, their points, the top
three trumps, side tops, side points, voids, singletons, ...).  The dealer names the choice
with the best ``factor x (expected total - half)``; delegates when a random hand's best is
worth more; the calls come from a second set of fits, on the choice the dealer makes only
(a seat that sees the trump named knows the dealer chose it), and two margins fitted to
the learning deals' values (an opponent calls when the total is expected below half by more
than one, the contract side answers when above half by more than the other; the ladder
taken as x2 then x4).

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

__all__ = ["DecisionModel", "DecisionTable", "cache_dir", "decision_table", "hand_class", "learn", "tabled"]

DATA = Path(__file__).resolve().parent / "data"
CLASSES = 17  # half tricks 0 .. 8
DEALS = 2000  # deals learned from (the model)
TABLE_DEALS = 400  # the first of them make the class table (as before the model)
VERSION = 2  # the file format: 1 the table alone, 2 the table and the model
FEATURES = 16
ROLES = 4
RIDGE = 4.0  # the ridge penalty, in squared points per unit of a feature
_MIN_COUNT = 12
_memory: dict[str, DecisionTable | None] = {}


def hand_class(estimate: float) -> int:
    """The class of an estimate of tricks: half tricks, 0-16."""
    return round(min(8.0, max(0.0, estimate)) * 2)


@dataclass(frozen=True)
class DecisionModel:
    """The learned model (see the module): ``models`` per role 0-3 in four runs (naming a
    trump, naming no-trump, a trump named, no-trump named), each (weights, spread)."""

    deals: int
    models: tuple[tuple[tuple[float, ...], float], ...]
    call_margin: float
    reply_margin: float

    def as_tuple(self, half: float) -> tuple[float, list[tuple[list[float], float]], float, float]:
        """The core's form (``CoreHeuristic(model=...)``)."""
        return (half, [(list(w), sd) for w, sd in self.models], self.call_margin, self.reply_margin)

    def expected_total(self, rules: Rules, run: int, role: int, hand: Sequence[Card], trump: Suit | None) -> float:
        """The model's expected total (run 0: naming a trump, 1: no-trump, 2 and 3: once named)."""
        from manille_variants._core import decision_features
        from manille_variants.engine.crossing import to_core

        x = decision_features(to_core(rules), sum(c.bit for c in hand), None if trump is None else int(trump))
        weights, _ = self.models[run * ROLES + role]
        return sum(w * v for w, v in zip(weights, x, strict=True))

    def to_json(self) -> dict[str, object]:
        return {"features": FEATURES, "deals": self.deals, "call_margin": self.call_margin,
                "reply_margin": self.reply_margin, "models": [[list(w), sd] for w, sd in self.models]}

    @staticmethod
    def from_json(data: dict[str, object]) -> DecisionModel:
        if data.get("features") != FEATURES:
            raise ValueError("a model of other features")
        models = tuple((tuple(float(x) for x in w), float(sd)) for w, sd in data["models"])  # type: ignore[attr-defined]
        if len(models) != 4 * ROLES or any(len(w) != FEATURES for w, _ in models):
            raise ValueError("a model of another shape")
        deals, call, reply = data["deals"], data["call_margin"], data["reply_margin"]
        return DecisionModel(int(deals), models, float(call), float(reply))  # type: ignore[call-overload, arg-type]


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
    # The learned model (format 2); None in a table of format 1.
    model: DecisionModel | None = None

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
            "format": "manille-decisions", "version": 1 if self.model is None else VERSION, "key": self.key,
            "deals": self.deals, "half": self.half,
            "trump": [list(r) for r in self.trump], "no_trump": [list(r) for r in self.no_trump]}
        if self.trump_sd is not None and self.no_trump_sd is not None:
            data.update(trump_sd=self.trump_sd, no_trump_sd=self.no_trump_sd)
        if self.model is not None:
            data["model"] = self.model.to_json()
        return data

    @staticmethod
    def from_json(data: dict[str, object]) -> DecisionTable:
        def rows(key: str) -> tuple[tuple[float, int], ...]:
            return tuple((float(m), int(n)) for m, n in data[key])  # type: ignore[attr-defined]

        def spread(key: str) -> float | None:
            value = data.get(key)
            return None if value is None else float(value)  # type: ignore[arg-type]

        if data.get("format") != "manille-decisions":
            raise ValueError("not a decision table")
        version = data.get("version")
        if version not in (1, VERSION):
            raise ValueError(f"a decision table of format {version!r}")
        model = DecisionModel.from_json(data["model"]) if version == VERSION else None  # type: ignore[arg-type]
        return DecisionTable(str(data["key"]), int(data["deals"]),  # type: ignore[call-overload]
                             float(data["half"]), rows("trump"), rows("no_trump"),  # type: ignore[arg-type]
                             spread("trump_sd"), spread("no_trump_sd"), model)


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

    from manille_variants.engine.crossing import rules_input

    data = rules_input(rules)
    keyed = {k: data.get(k) for k in _PLAY_KEYS}
    if not rules.default_table:  # another table is another game (the four-seat keys stay as they were)
        keyed["table"] = rules.ruleset.table.model_dump(mode="json")
    text = json.dumps(keyed, sort_keys=True)
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
            table = DecisionTable.from_json(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError, KeyError, TypeError):
            continue
        if table.model is not None:
            return table
        # A table of format 1 (before the model): learned again, and replaced.
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
    """Learn the table and the model from ``deals`` seeded deals (the table from the first
    ``TABLE_DEALS`` of them), each choice solved double-dummy; a hand's class for a choice is
    ``estimate(rules, hand, trump)`` in half tricks.  Deterministic: the same seed, the same
    table and model."""
    from manille_variants._core import CoreDeal, decision_features, solve_value
    from manille_variants.engine.crossing import to_core

    core = to_core(rules)
    table_deals = min(deals, TABLE_DEALS)
    sums = {"trump": [[0.0, 0, 0.0] for _ in range(CLASSES)], "no-trump": [[0.0, 0, 0.0] for _ in range(CLASSES)]}
    codes = {suit: 32 + int(suit) for suit in SUITS}
    # Per deal: per candidate (each suit, then no-trump): (total, the features of each role's hand).
    solved: list[list[tuple[float, list[list[float]]]]] = []
    for i in range(deals):
        start = CoreDeal(core, seed * 1_000_003 + i, 0)
        if start.phase == "blind":
            start = start.apply_code(37)  # look
        hands = [int(start.dealt_masks[seat]) for seat in range(ROLES)]
        hand: list[Card] = [DECK[c] for c in range(32) if start.dealt_masks[0] >> c & 1]
        options: list[tuple[str, int, Suit | None]] = [("trump", codes[s], s) for s in SUITS]
        if rules.no_trump_allowed:
            options.append(("no-trump", 36, None))
        row: list[tuple[float, list[list[float]]]] = []
        for kind, code, suit in options:
            deal = start.apply_code(code)
            while deal.phase == "calls":
                deal = deal.apply_code(40)  # pass
            value = solve_value(deal)
            trump = None if suit is None else int(suit)
            row.append((float(value), [decision_features(core, h, trump) for h in hands]))
            if i < table_deals:
                cell = sums[kind][hand_class(estimate(rules, hand, suit))]
                cell[0] += value
                cell[1] += 1
                cell[2] += value * value
        solved.append(row)
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
    model = _fit(rules, solved, half)
    return DecisionTable(table_key(rules), table_deals, half, means("trump"), means("no-trump"),
                         spread("trump"), spread("no-trump"), model)


Model = tuple[tuple[float, ...], float]


def _ridge(rows: list[list[float]], targets: list[float]) -> Model:
    from manille_variants._core import ridge_fit

    weights, sd = ridge_fit(rows, targets, RIDGE)
    return tuple(weights), sd


def _predict(model: Model, x: list[float]) -> float:
    return sum(w * v for w, v in zip(model[0], x, strict=True))


def _fit(rules: Rules, solved: list[list[tuple[float, list[list[float]]]]], half: float) -> DecisionModel:
    """The model's fits over the solved candidates of each deal (the last one no-trump where
    allowed): see the module."""
    nt = 4  # the index of no-trump among a deal's candidates
    choose: list[Model] = []
    for kind in ("trump", "no-trump"):
        for role in range(ROLES):
            rows = [f[role] for deal in solved for k, (_, f) in enumerate(deal) if (k == nt) == (kind == "no-trump")]
            targets = [v for deal in solved for k, (v, _) in enumerate(deal) if (k == nt) == (kind == "no-trump")]
            choose.append(_ridge(rows, targets))
    # The dealer's choice in each deal, by the dealer's fits under the learning ruleset's factors.
    f_trump, f_no_trump = _mode_factor(rules, "trump"), _mode_factor(rules, "no-trump")
    chosen: list[tuple[float, list[list[float]], bool]] = []
    for deal in solved:
        pick = max(range(len(deal)), key=lambda k: (
            (_predict(choose[ROLES if k == nt else 0], deal[k][1][0]) - half) * (f_no_trump if k == nt else f_trump)))
        chosen.append((deal[pick][0], deal[pick][1], pick == nt))
    called: list[Model] = []
    for run, no_trump in ((2, False), (3, True)):
        for role in range(ROLES):
            rows = [f[role] for _, f, n in chosen if n == no_trump]
            targets = [v for v, _, n in chosen if n == no_trump]
            # Too few deals where the dealer chose it: the fit over every candidate stands.
            called.append(_ridge(rows, targets) if len(rows) >= 4 * FEATURES else choose[(run - 2) * ROLES + role])
    # The margins, fitted to the deals: (total, the opponents' and the contract side's figures).
    seen = [(v, [_predict(called[(ROLES if n else 0) + role], f[role]) - half for role in range(ROLES)])
            for v, f, n in chosen]
    grid = [m / 4 for m in range(120, -61, -1)]  # 30 .. -15 points, the fewest calls first

    def calls(margin: float) -> list[bool]:
        return [min(e[1], e[3]) < -margin for _, e in seen]

    def replies(margin: float) -> list[bool]:
        return [max(e[0], e[2]) > margin for _, e in seen]

    def best(gain: Callable[[float], float]) -> float:
        top, found = 0.0, grid[0]
        for m in grid:
            g = gain(m)
            if g > top:
                top, found = g, m
        return found

    # Net for the calling side against passing: x2 for a call, x4 once answered.
    call_margin = best(lambda m: sum(half - v for (v, _), c in zip(seen, calls(m), strict=True) if c))
    made = calls(call_margin)
    reply_margin = best(lambda m: sum(2 * (v - half) for (v, _), c, r in zip(seen, made, replies(m), strict=True)
                                      if c and r))
    answered = replies(reply_margin)
    call_margin = best(lambda m: sum((3 if r else 1) * (half - v)
                                     for (v, _), c, r in zip(seen, calls(m), answered, strict=True) if c))
    return DecisionModel(len(solved), tuple(choose + called), call_margin, reply_margin)


def _mode_factor(rules: Rules, mode: str) -> int:
    """The deal's factor in ``mode`` (decisive, no call, no tie pending, no sweep)."""
    from manille_variants.engine.scoring import score_deal

    if mode == "no-trump" and not rules.no_trump_allowed:
        return 1
    return score_deal(rules, rules.card_total // 2 + 1, 4, mode=mode).factor
