"""Rule components from code: obligation and scoring plug-ins.

A plug-in is registered under the entry-point group ``manille_variants.rules`` (or with
:func:`register_rule`) and named from YAML: ``play.extra_rules: [name]`` for an obligation,
``scoring.adjustments: [name]`` for a scoring component.  An unknown name is a
:class:`~manille_variants.errors.RulesetError` listing the known ones.

An obligation receives the legal cards the built-in rules allow and may narrow them::

    class NoLeadingTrumpFirstTrick:
        kind = "obligation"
        def restrict(self, ctx: LegalContext, legal: list[Card]) -> tuple[list[Card], str | None]:
            ...

A scoring component may add a factor to a deal::

    class DoubleOnHearts:
        kind = "scoring"
        def factor(self, ctx: ScoreContext) -> tuple[int, str] | None:
            return (2, "hearts are worth double") if ctx.trump == "H" else None
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.metadata import EntryPoint, entry_points
from typing import Protocol, runtime_checkable

from manille_variants.cards import Card, Suit
from manille_variants.errors import Problem, RulesetError

__all__ = [
    "ENTRY_POINT_GROUP",
    "LegalContext",
    "ObligationRule",
    "ScoreContext",
    "ScoringRule",
    "available_rules",
    "load_obligations",
    "load_scorings",
    "register_rule",
    "rule_name",
]

ENTRY_POINT_GROUP = "manille_variants.rules"


@dataclass(frozen=True)
class LegalContext:
    """What an obligation plug-in sees: the hand, the trick so far and the trump."""

    hand: tuple[Card, ...]
    trick: tuple[Card, ...]
    trump: Suit | None
    winning: Card | None
    partner_wins: bool
    tricks_played: int


@dataclass(frozen=True)
class ScoreContext:
    """What a scoring plug-in sees about a deal (team A is the dealer's side)."""

    points: int
    tricks: int
    mode: str
    trump: str | None
    calls: int
    pending_ties: int
    winner: str | None


@runtime_checkable
class ObligationRule(Protocol):
    def restrict(self, ctx: LegalContext, legal: list[Card]) -> tuple[list[Card], str | None]:
        """Narrow the legal cards; return them and a reason (None if unchanged)."""


@runtime_checkable
class ScoringRule(Protocol):
    def factor(self, ctx: ScoreContext) -> tuple[int, str] | None:
        """A factor (integer >= 1) and its reason, or None."""


_registered: dict[str, object] = {}
# Loaded components by id (the object is kept so the id stays unique): their YAML names.
_names: dict[int, tuple[object, str]] = {}


def register_rule(name: str, component: object) -> None:
    """Register a component under a name without an entry point (tests, notebooks).

    Rulesets compiled before the registration do not see it (compiling is cached per
    ruleset object): load the ruleset again.
    """
    _registered[name] = component


def available_rules() -> dict[str, object]:
    """All known components by name: entry points first, explicit registrations win."""
    found: dict[str, object] = {}
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        found[ep.name] = ep
    found.update(_registered)
    return found


def rule_name(component: object) -> str:
    """The name a loaded component was given in the ruleset (its class name otherwise)."""
    hit = _names.get(id(component))
    if hit is not None and hit[0] is component:
        return hit[1]
    return type(component).__name__


def _instantiate(obj: object) -> object:
    if isinstance(obj, EntryPoint):
        obj = obj.load()
    return obj() if isinstance(obj, type) else obj


def _load(names: list[str], protocol: type, key: str, kind: str) -> tuple[object, ...]:
    if not names:
        return ()
    known = available_rules()
    loaded: list[object] = []
    problems: list[Problem] = []
    for i, name in enumerate(names):
        where = f"{key}.{i}"
        if name not in known:
            listing = ", ".join(sorted(known)) or "none installed"
            message = f"unknown rule plug-in {name!r} (known: {listing})"
            problems.append(Problem("<ruleset>", None, None, where, message))
            continue
        try:
            component = _instantiate(known[name])
        except Exception as exc:  # a broken plug-in is the plug-in's fault, not a crash
            message = f"rule plug-in {name!r} could not be loaded: {type(exc).__name__}: {exc}"
            problems.append(Problem("<ruleset>", None, None, where, message))
            continue
        if not isinstance(component, protocol):
            message = f"rule plug-in {name!r} is not {kind}"
            problems.append(Problem("<ruleset>", None, None, where, message))
            continue
        _names[id(component)] = (component, name)
        loaded.append(component)
    if problems:
        raise RulesetError(problems)
    return tuple(loaded)


def load_obligations(names: list[str]) -> tuple[ObligationRule, ...]:
    """The obligation plug-ins named in ``play.extra_rules``, loaded and checked."""
    kind = "an obligation rule (it has no restrict(ctx, legal) method)"
    return _load(names, ObligationRule, "play.extra_rules", kind)  # type: ignore[return-value]


def load_scorings(names: list[str]) -> tuple[ScoringRule, ...]:
    """The scoring plug-ins named in ``scoring.adjustments``, loaded and checked."""
    kind = "a scoring rule (it has no factor(ctx) method)"
    return _load(names, ScoringRule, "scoring.adjustments", kind)  # type: ignore[return-value]
