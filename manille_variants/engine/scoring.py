"""Scoring a deal: from card points and tricks to match points, with every factor explained."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import Any, Literal, NamedTuple

from manille_variants.cards import Card, Rank, parse_card
from manille_variants.engine.compiled import CompiledRules, compiled
from manille_variants.engine.frozen import build
from manille_variants.engine.rules import Rules
from manille_variants.errors import CardError, ManilleError
from manille_variants.ruleset.plugins import ScoreContext, rule_name
from manille_variants.ruleset.schema import MODES, Ruleset

__all__ = [
    "DealFigures", "DealScore", "FactorApplied", "ScoreInputError", "pending_note", "pending_short",
    "score_deal", "score_sentences", "turned_bonus", "turned_line", "turned_sentences",
]


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
    # Trump by the turned card: the card (its text), and the bonus it brings to the dealer's
    # side (side A before :meth:`swapped`), already counted in that side's match points.
    turned: str | None = None
    turned_bonus: int = 0
    turned_side: Literal["A", "B"] = "A"
    # The card points of the undealt cards (already counted in ``card_points``), None at a
    # table that deals every card.
    undealt: int | None = None

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
        if self.turned is None:  # the keys of a deal whose trump was named stay as they were
            for key in ("turned", "turned_bonus", "turned_side"):
                del data[key]
        if self.undealt is None:  # so do those of a table that deals every card
            del data["undealt"]
        return data

    def with_turned(self, card: str, bonus: int) -> DealScore:
        """This score with the turned card's bonus added to the dealer's side (side A)."""
        fields = {**self.__dict__, "turned": card, "turned_bonus": bonus, "turned_side": "A",
                  "team_a": self.team_a + bonus}
        return build(DealScore, **fields)

    def swapped(self) -> DealScore:
        """The same deal seen from the other side (A and B exchanged)."""
        winner: Literal["A", "B"] | None = {"A": "B", "B": "A", None: None}[self.winner]
        return DealScore(
            team_a=self.team_b, team_b=self.team_a, tied=self.tied, factor=self.factor,
            factors=self.factors, card_points=self.card_points[::-1], tricks=self.tricks[::-1],
            totals=self.totals[::-1], half=self.half, winner=winner, excess=self.excess,
            uncapped_factor=self.uncapped_factor, mode=self.mode, calls=self.calls,
            pending_ties=self.pending_ties, thrown_in=self.thrown_in, notes=self.notes,
            turned=self.turned, turned_bonus=self.turned_bonus,
            turned_side="B" if self.turned_side == "A" and self.turned is not None else "A",
            undealt=self.undealt,
        )

    @classmethod
    def thrown(cls, rules: Ruleset | Rules | CompiledRules, pending_ties: int = 0) -> DealScore:
        """A deal thrown in (early look): nothing scored, a pending tie stays pending."""
        half = compiled(rules).rules.half
        return cls(
            team_a=0, team_b=0, tied=False, factor=1, factors=(), card_points=(0, 0),
            tricks=(0, 0), totals=(0, 0), half=half, winner=None, excess=0, uncapped_factor=1,
            mode="thrown-in", calls=0, pending_ties=pending_ties, thrown_in=True,
            notes=("thrown in: the dealer's partner looked early; nothing scored",),
        )


class DealFigures(NamedTuple):
    """What a deal's factors depend on, from team A's side (the dealer's)."""

    points: int
    tricks: int
    mode: str
    calls: int
    pending_ties: int
    winner: Literal["A", "B"] | None
    trump: str | None


def score_deal(
    ruleset: Ruleset | Rules | CompiledRules,
    points: int,
    tricks: int,
    mode: str = "trump",
    calls: int = 0,
    pending_ties: int = 0,
    *,
    last_trick: Literal["A", "B"] | None = None,
    trump: str | None = None,
    turned: str | Card | None = None,
    undealt: int | None = None,
) -> DealScore:
    """Score one deal from team A's card points and tricks (team A: the dealer's side).

    ``mode``: "trump", "no-trump" or "blind"; ``calls``: how many rungs of the call ladder
    were made (0 none, 1 the first call, 2 it and its reply ...); ``pending_ties``: tied
    deals in a row just before this one; ``last_trick``: who won the last trick (needed
    only with a last-trick bonus when the tricks do not say); ``trump``: the trump suit
    letter, passed on to scoring plug-ins; ``turned``: the card turned up for trump, under a
    ruleset that takes trump from it (its bonus goes to team A after every factor; without
    it no bonus is counted); ``undealt``: at a table with undealt cards, their card points,
    counted for the side the ruleset gives them to (``points`` are then those of team A's
    tricks alone; without it, ``points`` are team A's whole total).  Raises
    :class:`ScoreInputError` for figures that cannot happen under the ruleset.

    >>> import manille_variants as mv
    >>> mv.score_deal(mv.load_ruleset("table-convention"), 38, 5, mode="no-trump").team_a
    16
    """
    engine = compiled(ruleset)
    rules = engine.rules
    last = _last_trick_side(rules, tricks, last_trick, undealt)
    points = _with_undealt(rules, points, undealt, last)
    _check_inputs(rules, points, tricks, mode, calls, pending_ties)
    card = _turned_input(rules, turned, trump)
    score = score_checked(engine, points, tricks, mode, calls, pending_ties, last,
                          card.suit.name if card is not None else trump,
                          undealt=undealt if rules.undealt_count else None)
    if card is not None:
        return score.with_turned(str(card), turned_bonus(rules, card))
    if rules.turned_take_up is not None and rules.turned_bonus != "none":
        return build(DealScore, **{**score.__dict__, "notes": (
            *score.notes, "the turned card was not given: its bonus is not counted")})
    return score


def _with_undealt(rules: Rules, points: int, undealt: int | None, last: str | None) -> int:
    """Team A's card points with the undealt cards' points where they are A's."""
    if undealt is None:
        return points
    if not rules.undealt_count:
        raise ScoreInputError(f"{rules.ruleset.name} deals every card: no undealt points")
    most = _most_points(rules.values, 1)[rules.undealt_count]
    if not 0 <= undealt <= most:
        raise ScoreInputError(f"{rules.undealt_count} undealt card(s) hold between 0 and {most} card points "
                              f"(got {undealt})")
    if rules.undealt_to == "dealer-side" or last == "A":
        return points + undealt
    return points


def turned_bonus(rules: Rules, card: Card) -> int:
    """The match points the turned ``card`` brings to the dealer's side."""
    if (rules.turned_bonus == "ten" and card.rank == Rank.TEN) or (
        rules.turned_bonus == "honour" and card.rank in HONOURS
    ):
        return rules.values[card.index]
    return 0


HONOURS = frozenset((Rank.TEN, Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK))


def _turned_input(rules: Rules, turned: str | Card | None, trump: str | None) -> Card | None:
    if turned is None:
        return None
    if rules.turned_take_up is None:
        raise ScoreInputError(f"{rules.ruleset.name} names trump: no card is turned")
    try:
        card = parse_card(turned) if isinstance(turned, str) else turned
    except CardError as exc:
        raise ScoreInputError(f"turned card: {exc}") from None
    if trump is not None and trump != card.suit.name:
        raise ScoreInputError(f"the turned card {card} makes {card.suit.name} trump (got trump {trump})")
    return card


def score_checked(
    engine: CompiledRules, points: int, tricks: int, mode: str, calls: int, pending_ties: int,
    last: str | None, trump: str | None, *, undealt: int | None = None,
) -> DealScore:
    """:func:`score_deal` for figures known to be possible (the deal engine's own): no checks.
    ``points`` are team A's card points in all, the undealt ones included where they are A's."""
    rules = engine.rules
    bonus = rules.last_trick_bonus
    a_total = points + tricks * rules.trick_points + (bonus if last == "A" else 0)
    b_total = rules.deal_total - a_total
    winner: Literal["A", "B"] | None = (
        "A" if a_total > b_total else "B" if b_total > a_total else None
    )
    figures = DealFigures(points, tricks, mode, calls, pending_ties, winner, trump)
    factors, uncapped, factor = _all_factors(engine, figures)
    excess = max(a_total, b_total) - rules.half if winner else 0
    return build(  # the deal engine scores every deal
        DealScore,
        team_a=excess * factor if winner == "A" else 0,
        team_b=excess * factor if winner == "B" else 0,
        tied=winner is None,
        factor=factor,
        factors=factors,
        card_points=(points, rules.card_total - points),
        tricks=(tricks, rules.tricks_per_deal - tricks),
        totals=(a_total, b_total),
        half=rules.half,
        winner=winner,
        excess=excess,
        uncapped_factor=uncapped,
        mode=mode,
        calls=calls,
        pending_ties=pending_ties,
        thrown_in=False,
        notes=_notes(rules, winner, factor, uncapped, pending_ties, (a_total, b_total)),
        turned=None,
        turned_bonus=0,
        turned_side="A",
        undealt=undealt,
    )


def _all_factors(
    engine: CompiledRules, deal: DealFigures
) -> tuple[tuple[FactorApplied, ...], int, int]:
    """The factors applied, their combination and the capped factor (memoised per ruleset
    when no scoring plug-in may look at the deal)."""
    rules = engine.rules
    sweep = deal.winner is not None and _is_sweep(rules, deal.points, deal.tricks, deal.winner)
    key = ("factors", deal.mode, deal.calls, deal.pending_ties, deal.winner, sweep)
    found = None if rules.scoring_plugins else engine.memo.get(key)
    if found is None:
        factors = _factors(rules, deal, sweep)
        uncapped = _combine(rules, factors)
        cap = rules.cap
        found = (tuple(factors), uncapped, min(uncapped, cap) if cap is not None else uncapped)
        if not rules.scoring_plugins:
            engine.memo[key] = found
    return found


def _notes(
    rules: Rules,
    winner: str | None,
    factor: int,
    uncapped: int,
    pending_ties: int,
    totals: tuple[int, int],
) -> tuple[str, ...]:
    notes: list[str] = []
    void = rules.tie_carry == "none"
    if factor < uncapped:
        notes.append(f"capped at x{factor} (x{uncapped} before the cap)")
    if pending_ties and void:
        notes.append("a tie is void under this ruleset: earlier ties carry nothing")
    if winner is None:
        split = f"{totals[0]}-{totals[1]}"
        if void:
            notes.append(f"tie {split}: the deal is void, nobody scores")
        else:
            carried = rules.pending_factor(pending_ties + 1)
            notes.append(
                f"tie {split}: nobody scores; the next decisive deal carries x{carried}"
            )
    return tuple(notes)


def _check_inputs(
    rules: Rules, points: int, tricks: int, mode: str, calls: int, pending: int
) -> None:
    total = rules.card_total
    if not 0 <= points <= total:
        raise ScoreInputError(f"card points must be between 0 and {total} (got {points})")
    if not 0 <= tricks <= rules.tricks_per_deal:
        raise ScoreInputError(f"tricks must be between 0 and {rules.tricks_per_deal} (got {tricks})")
    _check_points_fit_tricks(rules, points, tricks)
    if mode not in MODES:
        raise ScoreInputError(f"mode must be one of trump, no-trump, blind (got {mode!r})")
    if mode == "no-trump" and not rules.no_trump_allowed:
        raise ScoreInputError(f"{rules.ruleset.name} does not allow no-trump")
    if mode == "blind" and not rules.blind_allowed:
        raise ScoreInputError(f"{rules.ruleset.name} does not allow blind no-trump")
    if not 0 <= calls <= len(rules.calls):
        ladder = " then ".join(c.name for c in rules.calls) or "no calls"
        raise ScoreInputError(
            f"calls must be between 0 and {len(rules.calls)} under {rules.ruleset.name} "
            f"({ladder}) (got {calls})"
        )
    if calls and mode not in rules.calls[calls - 1].modes:
        raise ScoreInputError(f"{rules.calls[calls - 1].name} is not allowed at {mode}")
    if pending < 0:
        raise ScoreInputError(f"pending ties cannot be negative (got {pending})")


def _check_points_fit_tricks(rules: Rules, points: int, tricks: int) -> None:
    """``tricks`` tricks hold a card a seat each: at most the seats x tricks most valuable
    cards (with the undealt cards, at a table that leaves some, counted on either side)."""
    most = [m + (_most_points(rules.values, 1)[rules.undealt_count]) for m in _most_points(rules.values, rules.seats)]
    all_tricks = rules.tricks_per_deal
    most = most[: all_tricks + 1]
    if points > most[tricks]:
        raise ScoreInputError(
            f"{tricks} trick(s) hold at most {most[tricks]} card points (got {points})"
        )
    least = rules.card_total - most[all_tricks - tricks]
    if points < least:
        other = all_tricks - tricks
        raise ScoreInputError(
            f"the other side's {other} trick(s) hold at most {most[other]} card points, "
            f"so {tricks} trick(s) hold at least {least} (got {points})"
        )


@lru_cache(maxsize=64)
def _most_points(values: tuple[int, ...], per: int = 4) -> tuple[int, ...]:
    """most[k]: the card points of the ``per`` x k most valuable cards (k = 0 .. 32 / per)."""
    ranked = sorted(values, reverse=True)
    return tuple(sum(ranked[: per * k]) for k in range(len(values) // per + 1))


def _last_trick_side(rules: Rules, tricks: int, last_trick: str | None, undealt: int | None = None) -> str | None:
    if last_trick not in (None, "A", "B"):
        raise ScoreInputError(f"last trick must be A or B (got {last_trick!r})")
    if tricks in (0, rules.tricks_per_deal):
        side = "A" if tricks == rules.tricks_per_deal else "B"
        if last_trick not in (None, side):
            raise ScoreInputError(f"side {side} took every trick, so also the last one")
        return side
    if last_trick is None and rules.last_trick_bonus:
        raise ScoreInputError("with a last-trick bonus, say who won the last trick (A or B)")
    if last_trick is None and undealt and rules.undealt_to == "last-trick":
        raise ScoreInputError("the undealt cards go to the last trick's side: say who won it (A or B)")
    return last_trick


def _factors(rules: Rules, deal: DealFigures, sweep: bool) -> list[FactorApplied]:
    out = _mode_factors(rules, deal.mode)
    pending = deal.pending_ties
    tie = rules.pending_factor(pending)
    if tie > 1:
        times = "" if pending == 1 else f" ({pending} ties in a row)"
        out.append(FactorApplied("tie", tie, f"tie carried x{tie}{times}"))
    factor = rules.sweep_factor
    if sweep and factor > 1:
        every = rules.sweep_definition == "all-tricks"
        what = f"all {rules.tricks_per_deal} tricks" if every else "all the card points"
        out.append(FactorApplied("sweep", factor, f"sweep ({what}) x{factor}"))
    if deal.calls:
        call = rules.calls[deal.calls - 1]
        if call.factor > 1:
            label = call.label or call.name
            out.append(FactorApplied(call.name, call.factor, f"{label} x{call.factor}"))
    if rules.scoring_plugins:
        ctx = ScoreContext(deal.points, deal.tricks, deal.mode, deal.trump, deal.calls, pending, deal.winner)
        out.extend(_plugin_factors(rules, ctx))
    return out


def _mode_factors(rules: Rules, mode: str) -> list[FactorApplied]:
    if mode == "no-trump" and rules.no_trump_factor > 1:
        value = rules.no_trump_factor
        return [FactorApplied("no-trump", value, f"no-trump x{value}")]
    if mode == "blind" and rules.blind_factor > 1:
        value = rules.blind_factor
        return [FactorApplied("blind", value, f"blind no-trump x{value}")]
    return []


def _plugin_factors(rules: Rules, ctx: ScoreContext) -> list[FactorApplied]:
    out: list[FactorApplied] = []
    for plugin in rules.scoring_plugins:
        extra = plugin.factor(ctx)
        if extra is not None and int(extra[0]) > 1:
            out.append(FactorApplied(rule_name(plugin), int(extra[0]), extra[1]))
    return out


def _is_sweep(rules: Rules, points: int, tricks: int, winner: str) -> bool:
    if rules.sweep_definition == "all-tricks":
        return tricks == (rules.tricks_per_deal if winner == "A" else 0)
    return points == (rules.card_total if winner == "A" else 0)


def _combine(rules: Rules, factors: list[FactorApplied]) -> int:
    if rules.combine == "add":
        return 1 + sum(f.value - 1 for f in factors)
    total = 1
    for f in factors:
        total *= f.value
    return total


# ---------------------------------------------------------------------- in words
def score_sentences(score: DealScore, labels: tuple[str, str] = ("A", "B")) -> list[str]:
    """How the match points of a deal came about, in a few plain sentences (what the table
    and a replay print after a deal).

    ``labels`` name team A (the dealer's side) and team B."""
    if score.thrown_in:
        pending = f"; {score.pending_ties} pending tie(s) stay pending" if score.pending_ties else ""
        return [f"thrown in: nothing scored{pending}"]
    a, b = labels
    lines = [
        f"card points {a} {score.card_points[0]}, {b} {score.card_points[1]}; "
        f"tricks {a} {score.tricks[0]}, {b} {score.tricks[1]}"
    ]
    if score.undealt is not None:
        lines[0] += f" (the undealt cards' {score.undealt} card points included)"
    if score.totals != score.card_points:
        lines.append(f"totals with trick points {a} {score.totals[0]}, {b} {score.totals[1]}")
    if score.tied:
        lines.append(f"tie at {score.half}-{score.half}: nobody scores" + _ties_in_a_row(score))
        return lines + turned_sentences(score, labels)
    winner = a if score.winner == "A" else b
    sentence = f"{winner}: {score.excess} over {score.half}"
    if score.factors:
        sentence += ", " + ", ".join(f.reason for f in score.factors)
    if score.capped:
        sentence += f", capped at x{score.factor}"
    elif len(score.factors) > 1:
        sentence += f" (x{score.factor} in all)"
    points = score.excess * score.factor
    lines.append(f"{sentence} = {points} match point{'s' if points != 1 else ''}")
    return lines + turned_sentences(score, labels)


def turned_sentences(score: DealScore, labels: tuple[str, str] = ("A", "B")) -> list[str]:
    """The turned card's bonus, its own line of a breakdown (none when trump was named)."""
    if score.turned is None:
        return []
    side = labels[0] if score.turned_side == "A" else labels[1]
    return [turned_line(score.turned, score.turned_bonus, side)]


def turned_line(card: str, bonus: int, side: str) -> str:
    """The turned card's line: ``card`` as text, its ``bonus`` to ``side`` (the dealer's)."""
    pretty = parse_card(card).pretty
    if not bonus:
        return f"turned {pretty}: no bonus"
    points = f"{bonus} match point{'s' if bonus != 1 else ''}"
    return f"turned {pretty}: {side} (the dealer's side) + {points}, after every factor"


def _ties_in_a_row(score: DealScore) -> str:
    if score.pending_ties:
        return f" ({score.pending_ties + 1} ties in a row)"
    return ""


def pending_short(rules: Rules, pending: int) -> str:
    """A table cell for pending ties: ``tie: next x2``, ``2 ties: next x4``."""
    factor = rules.pending_factor(pending)
    if factor <= 1:
        return ""
    return f"{'tie' if pending == 1 else f'{pending} ties'}: next x{factor}"


def pending_note(rules: Rules, pending: int) -> str:
    """What a number of pending ties means for the next deal, in words."""
    factor = rules.pending_factor(pending)
    if factor <= 1:
        return ""
    ties = "a tie" if pending == 1 else f"{pending} ties in a row"
    return f"{ties} pending: the next decisive deal counts x{factor}"
