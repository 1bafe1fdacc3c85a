"""Scoring a deal: from card points and tricks to match points, with every factor explained."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from manille_variants.engine.plugins import ScoreContext
from manille_variants.engine.rules import Rules, compile_rules
from manille_variants.errors import ManilleError
from manille_variants.schema import HAND_SIZE, Ruleset

__all__ = ["DealScore", "FactorApplied", "ScoreInputError", "pending_factor", "score_deal"]

Mode = Literal["trump", "no-trump", "blind"]
MODES = ("trump", "no-trump", "blind")


class ScoreInputError(ManilleError, ValueError):
    """Deal figures that cannot happen under the ruleset (e.g. 61 card points)."""


@dataclass(frozen=True)
class FactorApplied:
    """One factor of a deal and why it applies."""

    name: str
    value: int
    reason: str


@dataclass(frozen=True)
class DealScore:
    """The full breakdown of one deal.  Team A is the dealer's (contract) side."""

    team_a: int
    team_b: int
    tied: bool
    factor: int
    factors: tuple[FactorApplied, ...]
    card_points: tuple[int, int]
    tricks: tuple[int, int]
    totals: tuple[int, int]
    half: int
    winner: Literal["A", "B"] | None
    excess: int
    uncapped_factor: int
    mode: str
    calls: int
    pending_ties: int
    thrown_in: bool = False
    notes: tuple[str, ...] = field(default=())

    @property
    def capped(self) -> bool:
        return self.factor < self.uncapped_factor

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["factors"] = [asdict(f) for f in self.factors]
        for key in ("card_points", "tricks", "totals"):
            data[key] = list(data[key])
        data["notes"] = list(self.notes)
        data["capped"] = self.capped
        return data

    def swapped(self) -> DealScore:
        """The same deal seen from the other side (A and B exchanged)."""
        winner: Literal["A", "B"] | None = {"A": "B", "B": "A", None: None}[self.winner]  # type: ignore[assignment]
        return DealScore(
            team_a=self.team_b, team_b=self.team_a, tied=self.tied, factor=self.factor,
            factors=self.factors, card_points=self.card_points[::-1], tricks=self.tricks[::-1],
            totals=self.totals[::-1], half=self.half, winner=winner, excess=self.excess,
            uncapped_factor=self.uncapped_factor, mode=self.mode, calls=self.calls,
            pending_ties=self.pending_ties, thrown_in=self.thrown_in, notes=self.notes,
        )

    @classmethod
    def thrown(cls, rules: Rules | Ruleset, pending_ties: int = 0) -> DealScore:
        """A deal thrown in (early look): nothing scored, a pending tie stays pending."""
        half = compile_rules(rules).half
        return cls(
            team_a=0, team_b=0, tied=False, factor=1, factors=(), card_points=(0, 0),
            tricks=(0, 0), totals=(0, 0), half=half, winner=None, excess=0, uncapped_factor=1,
            mode="thrown-in", calls=0, pending_ties=pending_ties, thrown_in=True,
            notes=("thrown in: the dealer's partner looked early; nothing scored",),
        )


def pending_factor(rules: Rules, pending_ties: int) -> int:
    """The factor that ``pending_ties`` ties in a row bring to the next decisive deal."""
    tie = rules.ruleset.scoring.tie
    if pending_ties <= 0 or tie.carry == "none":
        return 1
    return tie.factor if tie.stacking == "single" else tie.factor**pending_ties


def score_deal(
    ruleset: Ruleset | Rules,
    points: int,
    tricks: int,
    mode: str = "trump",
    calls: int = 0,
    pending_ties: int = 0,
    *,
    last_trick: Literal["A", "B"] | None = None,
    trump: str | None = None,
) -> DealScore:
    """Score one deal from team A's card points and tricks (team A: the dealer's side).

    ``mode``: "trump", "no-trump" or "blind"; ``calls``: how many rungs of the call ladder
    were made (0 none, 1 the first call, 2 it and its reply ...); ``pending_ties``: tied
    deals in a row just before this one; ``last_trick``: who won the last trick (needed
    only with a last-trick bonus when the tricks do not say).
    """
    rules = compile_rules(ruleset)
    _check_inputs(rules, points, tricks, mode, calls, pending_ties)
    last = _last_trick_side(rules, tricks, last_trick)
    a_total = points + tricks * rules.trick_points + (rules.last_trick_bonus if last == "A" else 0)
    b_total = rules.deal_total - a_total
    winner: Literal["A", "B"] | None = "A" if a_total > b_total else "B" if b_total > a_total else None
    factors = _factors(rules, points, tricks, mode, calls, pending_ties, winner, trump)
    uncapped = _combine(rules, factors)
    cap = rules.ruleset.scoring.cap
    factor = min(uncapped, cap) if cap is not None else uncapped
    excess = max(a_total, b_total) - rules.half if winner else 0
    notes = (f"capped at x{cap} (x{uncapped} before the cap)",) if factor < uncapped else ()
    return DealScore(
        team_a=excess * factor if winner == "A" else 0,
        team_b=excess * factor if winner == "B" else 0,
        tied=winner is None,
        factor=factor,
        factors=tuple(factors),
        card_points=(points, rules.card_total - points),
        tricks=(tricks, HAND_SIZE - tricks),
        totals=(a_total, b_total),
        half=rules.half,
        winner=winner,
        excess=excess,
        uncapped_factor=uncapped,
        mode=mode,
        calls=calls,
        pending_ties=pending_ties,
        notes=notes,
    )


def _check_inputs(rules: Rules, points: int, tricks: int, mode: str, calls: int, pending: int) -> None:
    if not 0 <= points <= rules.card_total:
        raise ScoreInputError(f"card points must be between 0 and {rules.card_total} (got {points})")
    if not 0 <= tricks <= HAND_SIZE:
        raise ScoreInputError(f"tricks must be between 0 and {HAND_SIZE} (got {tricks})")
    if tricks == 0 and points > 0:
        raise ScoreInputError(f"a side with no trick cannot hold card points (got {points})")
    if tricks == HAND_SIZE and points < rules.card_total:
        raise ScoreInputError(
            f"a side with all {HAND_SIZE} tricks holds all {rules.card_total} card points (got {points})"
        )
    if mode not in MODES:
        raise ScoreInputError(f"mode must be one of trump, no-trump, blind (got {mode!r})")
    if mode == "no-trump" and not rules.no_trump_allowed:
        raise ScoreInputError(f"{rules.ruleset.name} does not allow no-trump")
    if mode == "blind" and not rules.blind_allowed:
        raise ScoreInputError(f"{rules.ruleset.name} does not allow blind no-trump")
    if not 0 <= calls <= len(rules.calls):
        raise ScoreInputError(
            f"calls must be between 0 and {len(rules.calls)} under {rules.ruleset.name} (got {calls})"
        )
    if calls and mode not in rules.calls[calls - 1].modes:
        raise ScoreInputError(f"{rules.calls[calls - 1].name} is not allowed at {mode}")
    if pending < 0:
        raise ScoreInputError(f"pending ties cannot be negative (got {pending})")


def _last_trick_side(rules: Rules, tricks: int, last_trick: str | None) -> str | None:
    if tricks == HAND_SIZE:
        return "A"
    if tricks == 0:
        return "B"
    if last_trick is None and rules.last_trick_bonus:
        raise ScoreInputError("with a last-trick bonus, say who won the last trick (A or B)")
    if last_trick not in (None, "A", "B"):
        raise ScoreInputError(f"last trick must be A or B (got {last_trick!r})")
    return last_trick


def _factors(
    rules: Rules,
    points: int,
    tricks: int,
    mode: str,
    calls: int,
    pending_ties: int,
    winner: str | None,
    trump: str | None,
) -> list[FactorApplied]:
    out: list[FactorApplied] = []
    if mode == "no-trump" and rules.no_trump_factor > 1:
        out.append(FactorApplied("no-trump", rules.no_trump_factor, f"no-trump x{rules.no_trump_factor}"))
    if mode == "blind" and rules.blind_factor > 1:
        out.append(FactorApplied("blind", rules.blind_factor, f"blind no-trump x{rules.blind_factor}"))
    tie = pending_factor(rules, pending_ties)
    if tie > 1:
        times = "" if pending_ties == 1 else f" ({pending_ties} ties in a row)"
        out.append(FactorApplied("tie", tie, f"tie carried x{tie}{times}"))
    sweep = rules.ruleset.scoring.sweep
    if winner is not None and sweep.factor > 1 and _is_sweep(rules, points, tricks, winner):
        what = "all 8 tricks" if sweep.definition == "all-tricks" else "all the card points"
        out.append(FactorApplied("sweep", sweep.factor, f"sweep ({what}) x{sweep.factor}"))
    if calls:
        call = rules.calls[calls - 1]
        if call.factor > 1:
            label = call.label or call.name
            out.append(FactorApplied(call.name, call.factor, f"{label} x{call.factor}"))
    if rules.scoring_plugins:
        ctx = ScoreContext(points, tricks, mode, trump, calls, pending_ties, winner)
        for plugin in rules.scoring_plugins:
            extra = plugin.factor(ctx)
            if extra is not None and extra[0] > 1:
                out.append(FactorApplied(type(plugin).__name__, int(extra[0]), extra[1]))
    return out


def _is_sweep(rules: Rules, points: int, tricks: int, winner: str) -> bool:
    if rules.ruleset.scoring.sweep.definition == "all-tricks":
        return tricks == (HAND_SIZE if winner == "A" else 0)
    return points == (rules.card_total if winner == "A" else 0)


def _combine(rules: Rules, factors: list[FactorApplied]) -> int:
    if rules.ruleset.scoring.combine == "add":
        return 1 + sum(f.value - 1 for f in factors)
    total = 1
    for f in factors:
        total *= f.value
    return total
