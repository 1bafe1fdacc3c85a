"""The crossing to the compiled core: :func:`rules_input` exports a compiled :class:`Rules`
as plain data (switches, tables, factors), the only form in which a ruleset crosses over:
:class:`RulesInput`, declared field for field on the other side by the core's struct of the
same name (``core/python/src/crossing.rs``, a ``#[derive(FromPyObject)]`` struct; a test
holds the two declarations to the same fields); the core's action codes; which engine
plays a ruleset (:func:`core_rules_for`).

The schema and :func:`~manille_variants.engine.compiled.compile_rules` stay the one place where
a ruleset becomes rules; the core (``manille_variants._core``) builds its own tables from
this dict and never reads YAML.  Settings the schema does not have yet take the values that
mean today's behaviour.

"Core" means the compiled core and nothing else: the module was ``manille_variants.engine.core``
and some names were others (``CoreRulesData``, ``CoreCall``, ``core_rules``, ``core_for``);
the old module and the old names still import the same objects.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from manille_variants.cards import DECK, SUITS, Card, Suit, parse_suit
from manille_variants.engine.actions import (
    BLIND,
    DELEGATE,
    LOOK,
    NO_TRUMP,
    PASS,
    THROW_IN,
    Action,
    AnyAction,
    call_action,
    trump_action,
)
from manille_variants.engine.compiled import CompiledRules, compile_rules, compiled
from manille_variants.engine.legality import python_legal_cards
from manille_variants.engine.rules import Rules
from manille_variants.errors import TableSizeError
from manille_variants.messages import define, msg
from manille_variants.ruleset.schema import Ruleset

if TYPE_CHECKING:
    from manille_variants._core import CoreRules

__all__ = [
    "MAX_CALLS", "CallInput", "CoreCall", "CoreRulesData", "RulesInput", "action_code", "code_action", "core_for",
    "core_rules", "core_rules_for", "core_table", "has_plugins", "legal_cards", "require_four_seats", "rules_input",
    "to_core",
]


FOUR_SEATS_ONLY = define(
    "table.four-seats-only",
    "{player} plays the four-seat table only; {ruleset} seats {seats} ({hand_size} cards each): "
    "the random and heuristic bots play every table size",
)


CORE_TEAMS = define(
    "table.core-teams",
    "the compiled core does not deal the table of {ruleset} (teams that do not alternate seats): the reference "
    "engine plays it",
)


def require_four_seats(rules: Rules, player: str) -> None:
    """Raise :class:`TableSizeError` unless ``rules`` play at the four-seat table, which is
    all the core's search and solver know (docs/engine.md#other-tables); ``player`` is the
    name of the bot or command as typed (``search``, ``ismcts``, ``solver``)."""
    if not rules.default_table:
        raise TableSizeError(msg(FOUR_SEATS_ONLY, player=player, ruleset=rules.ruleset.name, seats=rules.seats,
                                 hand_size=rules.hand_size))


class CallInput(TypedDict):
    """One call of the ladder as it crosses to the core (``CallInput``)."""

    name: str
    label: NotRequired[str]
    by: str  # opponents, contract-side, anyone
    after: NotRequired[int | None]  # the index of the call it answers
    factor: int
    modes: list[str]  # trump, no-trump, blind


class RulesInput(TypedDict):
    """Every setting the core plays by (``RulesInput``); words are the schema's own.  A key
    marked ``NotRequired`` takes, when absent, the value that means the Belgian table."""

    seats: NotRequired[int]
    hand_size: NotRequired[int]
    layout: NotRequired[int]  # face-down cards in front of each seat, each under a face-up one (0: none)
    undealt: NotRequired[int]  # cards left undealt (the last of the cut pack)
    undealt_to_last_trick: NotRequired[bool]  # their points to the last trick's side, else the dealer's
    undealt_shown: NotRequired[bool]  # they lie face up (the core's own bots know them out of play)
    dealer_alone: NotRequired[bool]  # the dealer alone against the others, else alternate seats
    strength: list[int]  # per card index, 0 weakest .. 7 strongest in its suit
    values: list[int]  # card points per card index
    step: int  # +1 clockwise, -1 counter-clockwise
    packets: list[int]
    cutter_offset: int
    leader_offset: int
    next_dealer_offset: int
    trump_source: NotRequired[str]  # choice, turned
    take_up: NotRequired[str]  # before-first-trick, after-first-card, after-first-trick
    turned_bonus: NotRequired[str]  # none, ten, honour
    delegation: bool
    no_trump_allowed: bool
    no_trump_factor: int
    blind_allowed: bool
    blind_factor: int
    blind_only_when_behind_by: NotRequired[int | None]
    early_look_throws_in: bool
    calls: list[CallInput]
    beat_opponent: NotRequired[str]  # true, false, trump-lead, plain-lead
    beat_partner_on_trump_lead: bool
    beat_at_no_trump: bool
    beat_partner_at_no_trump: NotRequired[bool]
    trump_when_opponent_wins: bool
    trump_when_partner_wins: bool
    overtrump_opponent: bool
    overtrump_partner: bool
    undertrump: str  # forbidden, allowed, forbidden-if-can-overtrump, required
    undertrump_partner: NotRequired[str]  # same, or one of the first three above
    trick_points: int
    last_trick_bonus: int
    tie_carries: bool
    tie_factor: int
    tie_per_tie: bool
    sweep_factor: int
    sweep_all_tricks: bool
    combine_add: bool
    cap: NotRequired[int | None]
    target: int
    best_of: int
    credit: NotRequired[str]  # each-member, split, zero-sum: the others' credit where the dealer plays alone


def has_plugins(rules: Rules | CompiledRules) -> bool:
    """Whether the ruleset has Python plug-ins (the core cannot play those)."""
    settings = rules.rules if isinstance(rules, CompiledRules) else rules
    return bool(settings.obligation_plugins or settings.scoring_plugins)


def rules_input(ruleset: Ruleset | Rules | CompiledRules) -> RulesInput:
    """The plain-data form of a compiled ruleset that the core builds its rules from.

    >>> import manille_variants as mv
    >>> data = rules_input(mv.load_ruleset("french-coinchee"))
    >>> data["step"], data["packets"], data["undertrump"], data["trick_points"]
    (-1, [4, 4], 'allowed', 1)
    """
    rules = compile_rules(ruleset)
    data: RulesInput = {
        "seats": rules.seats,
        "hand_size": rules.hand_size,
        "strength": list(rules.strength),
        "values": list(rules.values),
        "step": rules.step,
        "packets": list(rules.packets),
        "cutter_offset": rules.cutter_offset,
        "leader_offset": rules.leader_offset,
        "next_dealer_offset": rules.next_dealer_offset,
        "trump_source": "choice" if rules.turned_take_up is None else "turned",
        "delegation": rules.delegation,
        "no_trump_allowed": rules.no_trump_allowed,
        "no_trump_factor": rules.no_trump_factor,
        "blind_allowed": rules.blind_allowed,
        "blind_factor": rules.blind_factor,
        "blind_only_when_behind_by": rules.blind_only_when_behind_by,
        # Nobody throws the deal in where the dealer has no partner (docs/rules.md#tables-of-2-3-and-6-players).
        "early_look_throws_in": rules.early_look_throws_in and bool(rules.partners(0, 0)),
        "calls": [_call(rules, i) for i in range(len(rules.calls))],
        "beat_opponent": _beat_opponent(rules.beat_opponent),
        "beat_partner_on_trump_lead": rules.beat_partner_on_trump_lead,
        "beat_at_no_trump": rules.beat_at_no_trump,
        "beat_partner_at_no_trump": rules.beat_partner_at_no_trump,
        "trump_when_opponent_wins": rules.trump_when_opponent_wins,
        "trump_when_partner_wins": rules.trump_when_partner_wins,
        "overtrump_opponent": rules.overtrump_opponent,
        "overtrump_partner": rules.overtrump_partner,
        "undertrump": rules.undertrump,
        "undertrump_partner": rules.undertrump_partner,
        "trick_points": rules.trick_points,
        "last_trick_bonus": rules.last_trick_bonus,
        "tie_carries": rules.tie_carry == "next-deal",
        "tie_factor": rules.tie_factor,
        "tie_per_tie": rules.tie_stacking == "per-tie",
        "sweep_factor": rules.sweep_factor,
        "sweep_all_tricks": rules.sweep_definition == "all-tricks",
        "combine_add": rules.combine == "add",
        "cap": rules.cap,
        "target": rules.target,
        "best_of": rules.best_of,
    }
    if not rules.default_table:  # the undealt cards and the dealer-alone teams (four seats: as before)
        data["undealt"] = rules.undealt_count
        data["undealt_to_last_trick"] = rules.undealt_to == "last-trick"
        data["undealt_shown"] = rules.undealt_shown
        data["dealer_alone"] = rules.temporary_teams
    if rules.temporary_teams:  # a score per player: how the others are credited
        data["credit"] = rules.credit
    if rules.layout_covered:  # the layout of the two-seat table (no key without one: as before)
        data["layout"] = rules.layout_covered
    if rules.turned_take_up is not None:  # who names trump: the turned card, taken up when, and its bonus
        data["take_up"] = rules.turned_take_up
        data["turned_bonus"] = rules.turned_bonus
    return data


def to_core(ruleset: Ruleset | Rules | CompiledRules) -> CoreRules:
    """The core's rules for a ruleset, built once per compiled ruleset."""
    from manille_variants._core import CoreRules
    from manille_variants.engine import callbacks

    engine = compiled(ruleset)
    found = engine.memo.get("core")
    if found is None:
        rules = engine.rules
        if not core_table(rules):
            raise TableSizeError(msg(CORE_TEAMS, ruleset=rules.ruleset.name))
        objects = [*DECK, *_DECISIONS, *(call_action(c.name) for c in rules.calls)]
        found = engine.memo["core"] = CoreRules(rules_input(rules), objects, (rules, list(SUITS), callbacks))
    return found


def legal_cards(
    ruleset: Ruleset | Rules | CompiledRules,
    hand: str | Sequence[Card | str],
    trick: str | Sequence[Card | str],
    trump: str | Suit | None,
) -> list[Card]:
    """The legal cards of ``hand``, in hand order: ``explain_legal(...).cards``.

    The compiled core answers when the ruleset has no plug-ins and the hand and the trick are
    lists (or tuples) of cards; otherwise (text to parse, a position to refuse, obligation
    plug-ins) :func:`~manille_variants.engine.legality.python_legal_cards` does, with the
    same cards and the same errors.
    """
    engine = compiled(ruleset)
    core = (engine.memo.get("core") or core_rules_for(engine)) if engine.rules.default_table else None
    if core is not None and _core_legal is not None:
        found = _core_legal(core, hand, trick, trump)
        if found is not None:
            return found
    return python_legal_cards(engine, hand, trick, trump)


_CoreLegal = Callable[[Any, object, object, object], "list[Card] | None"]
try:
    from manille_variants._core import legal_cards as _core_legal_fn

    _core_legal: _CoreLegal | None = _core_legal_fn
except ImportError:  # a checkout whose core is not built: the readable filter answers
    _core_legal = None

MAX_CALLS = 5  # the longest call ladder the core plays


def core_rules_for(ruleset: Ruleset | Rules | CompiledRules) -> CoreRules | None:
    """The core's rules, or None where the reference engine plays (plug-ins, a ladder of more
    than five calls, a table the core does not deal (:func:`core_table`), or a checkout whose
    core is not built)."""
    engine = compiled(ruleset)
    found: CoreRules | None = engine.memo.get("core")
    if found is not None:
        return found
    rules = engine.rules
    if has_plugins(rules) or len(rules.calls) > MAX_CALLS or engine.memo.get("no-core"):
        return None
    if not core_table(rules):  # teams that do not alternate seats: the reference engine plays them
        return None
    try:
        return to_core(engine)
    except ImportError:
        engine.memo["no-core"] = True
        return None


def core_table(rules: Rules) -> bool:
    """Whether the core deals this table: fixed teams of alternate seats (team 0 the even
    seats) or the dealer alone against the others, with or without a layout at two seats
    (docs/engine.md#other-tables)."""
    if rules.teams is None:
        return True
    return rules.teams == (tuple(range(0, rules.seats, 2)), tuple(range(1, rules.seats, 2)))


def _beat_opponent(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _call(rules: Rules, index: int) -> CallInput:
    call = rules.calls[index]
    names = [c.name for c in rules.calls]
    return {
        "name": call.name,
        "label": call.label,
        "by": call.by,
        "after": names.index(call.after) if call.after is not None else None,
        "factor": call.factor,
        "modes": list(call.modes),
    }


# The core's action codes: 0-31 the cards, then the decisions, then the calls in ladder order.
_FIRST_CALL = 42
_DECISIONS: tuple[Action, ...] = (*(trump_action(s) for s in SUITS), NO_TRUMP, LOOK, BLIND, DELEGATE, PASS, THROW_IN)
_CODES = {action: 32 + i for i, action in enumerate(_DECISIONS)}


def action_code(ruleset: Ruleset | Rules, action: AnyAction) -> int:
    """The core's code of an action (a card's index, or a decision's code)."""
    if isinstance(action, Card):
        return action.index
    code = _CODES.get(action)
    if code is not None:
        return code
    if action.kind == "trump" and action.arg is not None:  # a trump action built another way
        return 32 + int(parse_suit(action.arg))
    names = [c.name for c in compile_rules(ruleset).calls]
    if action.kind == "call" and action.arg in names:
        return _FIRST_CALL + names.index(action.arg)
    raise ValueError(f"{action} has no code in the core")


def code_action(ruleset: Ruleset | Rules, code: int) -> AnyAction:
    """The action (a Card or an Action) of a core action code."""
    if code < 32:
        return DECK[code]
    if code < _FIRST_CALL:
        return _DECISIONS[code - 32]
    return call_action(compile_rules(ruleset).calls[code - _FIRST_CALL].name)


# The names of before, kept importable (the Python API adds names, never renames them).
CoreCall = CallInput
CoreRulesData = RulesInput
core_rules = rules_input
core_for = core_rules_for
