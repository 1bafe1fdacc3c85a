"""Scoring a deal: from card points and tricks to match points, with every factor explained."""

from __future__ import annotations

from dataclasses import dataclass, field
from dataclasses import fields as dataclass_fields
from functools import lru_cache
from typing import Any, Literal, NamedTuple

from manille_variants.cards import Card, Rank, parse_card
from manille_variants.engine.compiled import CompiledRules, compiled
from manille_variants.engine.frozen import build
from manille_variants.engine.rules import Rules
from manille_variants.errors import CardError, ManilleError
from manille_variants.messages import Message, define, msg
from manille_variants.ruleset.callwords import call_label
from manille_variants.ruleset.plugins import ScoreContext, rule_name
from manille_variants.ruleset.schema import MODES, Ruleset

__all__ = [
    "DealFigures",
    "DealScore",
    "FactorApplied",
    "ScoreInputError",
    "core_breakdown",
    "pending_note",
    "pending_note_message",
    "pending_short",
    "pending_short_message",
    "score_deal",
    "score_lines",
    "score_sentences",
    "turned_bonus",
    "turned_line",
    "turned_message",
    "turned_sentences",
]

# Why a factor applies.
FACTOR_NO_TRUMP = define("factor.no-trump", "no-trump x{value}")
FACTOR_BLIND = define("factor.blind", "blind no-trump x{value}")
FACTOR_TIE = define("factor.tie", "tie carried x{value}")
FACTOR_TIES = define("factor.ties", "tie carried x{value} ({ties} ties in a row)")
FACTOR_SWEEP_TRICKS = define("factor.sweep.tricks", "sweep (all {tricks} tricks) x{value}")
FACTOR_SWEEP_POINTS = define("factor.sweep.points", "sweep (all the card points) x{value}")
FACTOR_CALL = define("factor.call", "{label} x{value}")
# The notes under a deal's score.
NOTE_CAPPED = define("note.capped", "capped at x{factor} (x{uncapped} before the cap)")
NOTE_TIE_VOID = define("note.tie-void", "a tie is void under this ruleset: earlier ties carry nothing")
NOTE_VOID_DEAL = define("note.tie-void-deal", "tie {a}-{b}: the deal is void, nobody scores")
NOTE_TIE_CARRIES = define("note.tie-carries", "tie {a}-{b}: nobody scores; the next decisive deal carries x{factor}")
NOTE_NOT_TURNED = define("note.turned-not-given", "the turned card was not given: its bonus is not counted")
NOTE_THROWN_IN = define("note.thrown-in", "thrown in: the dealer's partner looked early; nothing scored")
# Figures that cannot happen.
INPUT_POINTS = define("score.points-range", "card points must be between 0 and {total} (got {points})")
INPUT_TRICKS = define("score.tricks-range", "tricks must be between 0 and {most} (got {tricks})")
INPUT_MODE = define("score.mode", "mode must be one of trump, no-trump, blind (got {mode})")
INPUT_NO_TRUMP = define("score.no-trump-not-allowed", "{ruleset} does not allow no-trump")
INPUT_BLIND = define("score.blind-not-allowed", "{ruleset} does not allow blind no-trump")
INPUT_CALLS = define("score.calls-range", "calls must be between 0 and {most} under {ruleset} ({ladder}) (got {calls})")
INPUT_NO_CALLS = define("score.no-calls", "no calls")
INPUT_CALL_MODE = define("score.call-not-at-mode", "{call} is not allowed at {mode}")
INPUT_PENDING = define("score.pending-negative", "pending ties cannot be negative (got {pending})")
INPUT_MOST = define("score.points-too-many", "{tricks} trick(s) hold at most {most} card points (got {points})")
INPUT_LEAST = define("score.points-too-few", "the other side's {other} trick(s) hold at most {most} card points, "
                     "so {tricks} trick(s) hold at least {least} (got {points})")
INPUT_LAST = define("score.last-trick", "last trick must be A or B (got {last})")
INPUT_LAST_SWEEP = define("score.last-trick-sweep", "side {side} took every trick, so also the last one")
INPUT_LAST_NEEDED = define("score.last-trick-needed", "with a last-trick bonus, say who won the last trick (A or B)")
INPUT_UNDEALT_LAST = define("score.undealt-last-trick",
                            "the undealt cards go to the last trick's side: say who won it (A or B)")
INPUT_NOT_TURNED = define("score.no-turned-card", "{ruleset} names trump: no card is turned")
INPUT_TURNED = define("score.turned-card", "turned card: {error}")
INPUT_TURNED_TRUMP = define("score.turned-trump", "the turned card {card} makes {suit} trump (got trump {trump})")


class ScoreInputError(ManilleError, ValueError):
    """Deal figures that cannot happen under the ruleset (e.g. 61 card points)."""


@dataclass(frozen=True)
class FactorApplied:
    """One factor of a deal and why it applies: ``reason`` in English, ``message`` coded (None
    for a plug-in's own sentence)."""

    name: str
    value: int
    reason: str
    message: Message | None = field(default=None, compare=False)

    @classmethod
    def said(cls, name: str, value: int, code: str, **params: Any) -> FactorApplied:
        message = msg(code, value=value, **params)
        return cls(name, value, message.text("en"), message)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "value": self.value, "reason": self.reason}

    def json(self) -> dict[str, Any]:
        """:meth:`to_dict` with ``code`` and ``params`` (a plug-in's: ``plugin.<name>``)."""
        coded = self.message.json() if self.message is not None else {"code": f"plugin.{self.name}", "params": {}}
        return {**self.to_dict(), "code": coded["code"], "params": coded["params"]}

    def text(self, lang: str) -> str:
        return self.message.text(lang) if self.message is not None else self.reason


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
    # The notes as coded sentences (``notes`` is their English).
    note_messages: tuple[Message, ...] = field(default=(), compare=False)
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
        """The breakdown as plain data (what records and frozen outputs keep: English sentences)."""
        data = {f.name: getattr(self, f.name) for f in dataclass_fields(self) if f.name != "note_messages"}
        data["factors"] = [f.to_dict() for f in self.factors]
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

    def json(self) -> dict[str, Any]:
        """:meth:`to_dict` with ``code`` and ``params`` beside every factor, and ``note_codes``
        (each note's ``code`` and ``params``, in the order of ``notes``)."""
        data = self.to_dict()
        data["factors"] = [f.json() for f in self.factors]
        data["note_codes"] = [{"code": m.code, "params": m.json()["params"]} for m in self.note_messages]
        return data

    def note_texts(self, lang: str) -> list[str]:
        """The notes in ``lang``."""
        return [m.text(lang) for m in self.note_messages] if self.note_messages else list(self.notes)

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
            note_messages=self.note_messages,
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
            notes=(msg(NOTE_THROWN_IN).text("en"),), note_messages=(msg(NOTE_THROWN_IN),),
        )


def core_breakdown(result: dict[str, Any]) -> dict[str, Any]:
    """A result of the compiled core (``CoreDeal.result_data()``: codes and parameters, no words)
    as :meth:`DealScore.to_dict` gives it: each factor's ``reason`` and the notes in English."""
    factors = [{"name": f["name"], "value": f["value"], "reason": msg(f["code"], **f["params"]).text("en")}
               for f in result["factors"]]
    notes = [msg(n["code"], **n["params"]).text("en") for n in result["notes"]]
    return {**result, "factors": factors, "notes": notes}


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
        note = msg(NOTE_NOT_TURNED)
        return build(DealScore, **{**score.__dict__, "notes": (*score.notes, note.text("en")),
                                   "note_messages": (*score.note_messages, note)})
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
        raise ScoreInputError(msg(INPUT_NOT_TURNED, ruleset=rules.ruleset.name))
    try:
        card = parse_card(turned) if isinstance(turned, str) else turned
    except CardError as exc:
        raise ScoreInputError(msg(INPUT_TURNED, error=exc.message or str(exc))) from None
    if trump is not None and trump != card.suit.name:
        raise ScoreInputError(msg(INPUT_TURNED_TRUMP, card=str(card), suit=card.suit.name, trump=trump))
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
    notes = _notes(rules, winner, factor, uncapped, pending_ties, (a_total, b_total))
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
        notes=tuple(m.text("en") for m in notes),
        note_messages=notes,
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
) -> tuple[Message, ...]:
    notes: list[Message] = []
    void = rules.tie_carry == "none"
    if factor < uncapped:
        notes.append(msg(NOTE_CAPPED, factor=factor, uncapped=uncapped))
    if pending_ties and void:
        notes.append(msg(NOTE_TIE_VOID))
    if winner is None:
        a, b = totals
        if void:
            notes.append(msg(NOTE_VOID_DEAL, a=a, b=b))
        else:
            notes.append(msg(NOTE_TIE_CARRIES, a=a, b=b, factor=rules.pending_factor(pending_ties + 1)))
    return tuple(notes)


def _check_inputs(
    rules: Rules, points: int, tricks: int, mode: str, calls: int, pending: int
) -> None:
    total = rules.card_total
    if not 0 <= points <= total:
        raise ScoreInputError(msg(INPUT_POINTS, total=total, points=points))
    if not 0 <= tricks <= rules.tricks_per_deal:
        raise ScoreInputError(msg(INPUT_TRICKS, most=rules.tricks_per_deal, tricks=tricks))
    _check_points_fit_tricks(rules, points, tricks)
    if mode not in MODES:
        raise ScoreInputError(msg(INPUT_MODE, mode=repr(mode)))
    if mode == "no-trump" and not rules.no_trump_allowed:
        raise ScoreInputError(msg(INPUT_NO_TRUMP, ruleset=rules.ruleset.name))
    if mode == "blind" and not rules.blind_allowed:
        raise ScoreInputError(msg(INPUT_BLIND, ruleset=rules.ruleset.name))
    if not 0 <= calls <= len(rules.calls):
        ladder: str | Message = " then ".join(c.name for c in rules.calls) or msg(INPUT_NO_CALLS)
        raise ScoreInputError(msg(INPUT_CALLS, most=len(rules.calls), ruleset=rules.ruleset.name, ladder=ladder,
                                  calls=calls))
    if calls and mode not in rules.calls[calls - 1].modes:
        raise ScoreInputError(msg(INPUT_CALL_MODE, call=rules.calls[calls - 1].name, mode=mode))
    if pending < 0:
        raise ScoreInputError(msg(INPUT_PENDING, pending=pending))


def _check_points_fit_tricks(rules: Rules, points: int, tricks: int) -> None:
    """``tricks`` tricks hold a card a seat each: at most the seats x tricks most valuable
    cards (with the undealt cards, at a table that leaves some, counted on either side)."""
    most = [m + (_most_points(rules.values, 1)[rules.undealt_count]) for m in _most_points(rules.values, rules.seats)]
    all_tricks = rules.tricks_per_deal
    most = most[: all_tricks + 1]
    if points > most[tricks]:
        raise ScoreInputError(msg(INPUT_MOST, tricks=tricks, most=most[tricks], points=points))
    least = rules.card_total - most[all_tricks - tricks]
    if points < least:
        other = all_tricks - tricks
        raise ScoreInputError(msg(INPUT_LEAST, other=other, most=most[other], tricks=tricks, least=least,
                                  points=points))


@lru_cache(maxsize=64)
def _most_points(values: tuple[int, ...], per: int = 4) -> tuple[int, ...]:
    """most[k]: the card points of the ``per`` x k most valuable cards (k = 0 .. 32 / per)."""
    ranked = sorted(values, reverse=True)
    return tuple(sum(ranked[: per * k]) for k in range(len(values) // per + 1))


def _last_trick_side(rules: Rules, tricks: int, last_trick: str | None, undealt: int | None = None) -> str | None:
    if last_trick not in (None, "A", "B"):
        raise ScoreInputError(msg(INPUT_LAST, last=repr(last_trick)))
    if tricks in (0, rules.tricks_per_deal):
        side = "A" if tricks == rules.tricks_per_deal else "B"
        if last_trick not in (None, side):
            raise ScoreInputError(msg(INPUT_LAST_SWEEP, side=side))
        return side
    if last_trick is None and rules.last_trick_bonus:
        raise ScoreInputError(msg(INPUT_LAST_NEEDED))
    if last_trick is None and undealt and rules.undealt_to == "last-trick":
        raise ScoreInputError(msg(INPUT_UNDEALT_LAST))
    return last_trick


def _factors(rules: Rules, deal: DealFigures, sweep: bool) -> list[FactorApplied]:
    out = _mode_factors(rules, deal.mode)
    pending = deal.pending_ties
    tie = rules.pending_factor(pending)
    if tie > 1:
        out.append(FactorApplied.said("tie", tie, FACTOR_TIE) if pending == 1 else
                   FactorApplied.said("tie", tie, FACTOR_TIES, ties=pending))
    factor = rules.sweep_factor
    if sweep and factor > 1:
        out.append(FactorApplied.said("sweep", factor, FACTOR_SWEEP_TRICKS, tricks=rules.tricks_per_deal)
                   if rules.sweep_definition == "all-tricks"
                   else FactorApplied.said("sweep", factor, FACTOR_SWEEP_POINTS))
    if deal.calls:
        call = rules.calls[deal.calls - 1]
        if call.factor > 1:
            out.append(FactorApplied.said(call.name, call.factor, FACTOR_CALL, label=call_label(call.label or call.name,
                                                                                              call.name),
                                          call=call.name))
    if rules.scoring_plugins:
        ctx = ScoreContext(deal.points, deal.tricks, deal.mode, deal.trump, deal.calls, pending, deal.winner)
        out.extend(_plugin_factors(rules, ctx))
    return out


def _mode_factors(rules: Rules, mode: str) -> list[FactorApplied]:
    if mode == "no-trump" and rules.no_trump_factor > 1:
        value = rules.no_trump_factor
        return [FactorApplied.said("no-trump", value, FACTOR_NO_TRUMP)]
    if mode == "blind" and rules.blind_factor > 1:
        value = rules.blind_factor
        return [FactorApplied.said("blind", value, FACTOR_BLIND)]
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
SUM_THROWN = define("sum.thrown-in", "thrown in: nothing scored")
SUM_THROWN_PENDING = define("sum.thrown-in-pending", "thrown in: nothing scored; {ties} pending tie(s) stay pending")
SUM_UNDEALT = define("sum.undealt", "{sentence} (the undealt cards' {points} card points included)")
SUM_FIGURES = define("sum.figures", "card points {a} {points_a}, {b} {points_b}; tricks {a} {tricks_a}, {b} {tricks_b}")
SUM_TOTALS = define("sum.totals", "totals with trick points {a} {total_a}, {b} {total_b}")
SUM_TIE = define("sum.tie", "tie at {half}-{half}: nobody scores")
SUM_TIE_ROW = define("sum.tie-in-a-row", "tie at {half}-{half}: nobody scores ({ties} ties in a row)")
SUM_OVER = define("sum.over", "{winner}: {excess} over {half}")
SUM_FACTOR = define("sum.with-factor", "{sentence}, {reason}")
SUM_CAPPED = define("sum.capped", "{sentence}, capped at x{factor}")
SUM_IN_ALL = define("sum.in-all", "{sentence} (x{factor} in all)")
SUM_POINT = define("sum.match-point", "{sentence} = {points} match point")
SUM_POINTS = define("sum.match-points", "{sentence} = {points} match points")
TURNED_NONE = define("sum.turned-no-bonus", "turned {card}: no bonus")
TURNED_POINT = define("sum.turned-point", "turned {card}: {side} (the dealer's side) + {bonus} match point, "
                      "after every factor")
TURNED_POINTS = define("sum.turned-points", "turned {card}: {side} (the dealer's side) + {bonus} match points, "
                       "after every factor")
PENDING_SHORT_ONE = define("pending.short-one", "tie: next x{factor}")
PENDING_SHORT = define("pending.short", "{ties} ties: next x{factor}")
PENDING_NOTE_ONE = define("pending.note-one", "a tie pending: the next decisive deal counts x{factor}")
PENDING_NOTE = define("pending.note", "{ties} ties in a row pending: the next decisive deal counts x{factor}")


def score_sentences(score: DealScore, labels: tuple[str, str] = ("A", "B")) -> list[str]:
    """How the match points of a deal came about, in a few plain sentences (what the table
    and a replay print after a deal).

    ``labels`` name team A (the dealer's side) and team B."""
    return [line.text("en") for line in score_lines(score, labels)]


def score_lines(score: DealScore, labels: tuple[str, str] = ("A", "B")) -> list[Message]:
    """:func:`score_sentences` as coded sentences."""
    if score.thrown_in:
        return [msg(SUM_THROWN_PENDING, ties=score.pending_ties) if score.pending_ties else msg(SUM_THROWN)]
    a, b = labels
    lines = [msg(SUM_FIGURES, a=a, b=b, points_a=score.card_points[0], points_b=score.card_points[1],
                 tricks_a=score.tricks[0], tricks_b=score.tricks[1])]
    if score.undealt is not None:
        lines[0] = msg(SUM_UNDEALT, sentence=lines[0], points=score.undealt)
    if score.totals != score.card_points:
        lines.append(msg(SUM_TOTALS, a=a, b=b, total_a=score.totals[0], total_b=score.totals[1]))
    if score.tied:
        lines.append(msg(SUM_TIE_ROW, half=score.half, ties=score.pending_ties + 1) if score.pending_ties
                     else msg(SUM_TIE, half=score.half))
        return lines + _turned_lines(score, labels)
    winner = a if score.winner == "A" else b
    sentence = msg(SUM_OVER, winner=winner, excess=score.excess, half=score.half)
    for f in score.factors:
        sentence = msg(SUM_FACTOR, sentence=sentence, reason=f.message or f.reason)
    if score.capped:
        sentence = msg(SUM_CAPPED, sentence=sentence, factor=score.factor)
    elif len(score.factors) > 1:
        sentence = msg(SUM_IN_ALL, sentence=sentence, factor=score.factor)
    points = score.excess * score.factor
    lines.append(msg(SUM_POINT if points == 1 else SUM_POINTS, sentence=sentence, points=points))
    return lines + _turned_lines(score, labels)


def turned_sentences(score: DealScore, labels: tuple[str, str] = ("A", "B")) -> list[str]:
    """The turned card's bonus, its own line of a breakdown (none when trump was named)."""
    return [line.text("en") for line in _turned_lines(score, labels)]


def _turned_lines(score: DealScore, labels: tuple[str, str]) -> list[Message]:
    if score.turned is None:
        return []
    side = labels[0] if score.turned_side == "A" else labels[1]
    return [turned_message(score.turned, score.turned_bonus, side)]


def turned_line(card: str, bonus: int, side: str) -> str:
    """The turned card's line: ``card`` as text, its ``bonus`` to ``side`` (the dealer's)."""
    return turned_message(card, bonus, side).text("en")


def turned_message(card: str, bonus: int, side: str) -> Message:
    """:func:`turned_line` as a coded sentence."""
    pretty = parse_card(card).pretty
    if not bonus:
        return msg(TURNED_NONE, card=pretty)
    return msg(TURNED_POINT if bonus == 1 else TURNED_POINTS, card=pretty, side=side, bonus=bonus)


def pending_short(rules: Rules, pending: int) -> str:
    """A table cell for pending ties: ``tie: next x2``, ``2 ties: next x4``."""
    found = pending_short_message(rules, pending)
    return found.text("en") if found is not None else ""


def pending_short_message(rules: Rules, pending: int) -> Message | None:
    """:func:`pending_short` as a coded sentence (None when nothing is pending)."""
    factor = rules.pending_factor(pending)
    if factor <= 1:
        return None
    return msg(PENDING_SHORT_ONE, factor=factor) if pending == 1 else msg(PENDING_SHORT, ties=pending, factor=factor)


def pending_note(rules: Rules, pending: int) -> str:
    """What a number of pending ties means for the next deal, in words."""
    found = pending_note_message(rules, pending)
    return found.text("en") if found is not None else ""


def pending_note_message(rules: Rules, pending: int) -> Message | None:
    """:func:`pending_note` as a coded sentence (None when nothing is pending)."""
    factor = rules.pending_factor(pending)
    if factor <= 1:
        return None
    return msg(PENDING_NOTE_ONE, factor=factor) if pending == 1 else msg(PENDING_NOTE, ties=pending, factor=factor)
