"""The bots known by name (to :func:`make_bot` and the ``--bots`` options), listed here.

Importing a bot's module registers nothing: a new bot is added to :data:`BOTS` below (or,
from outside the package, with :func:`register_bot`).

A seat's bot is written ``NAME`` or ``NAME:KEY=VALUE:...`` with the options the bot takes
(:data:`OPTIONS`): ``search:worlds=64``, ``search:think_ms=40``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from manille_variants.bots.base import Bot, RandomBot
from manille_variants.bots.heuristic import HeuristicBot
from manille_variants.bots.search_prior import default_choice, prior_choices
from manille_variants.engine.rules import Rules
from manille_variants.errors import BotOptionError, ManilleError, SearchError
from manille_variants.messages import Message, define, msg
from manille_variants.search.bot import SearchBot
from manille_variants.search.ismcts import IsmctsBot

if TYPE_CHECKING:
    from manille_variants._core import CoreHeuristic

__all__ = [
    "BOTS",
    "OPTIONS",
    "BotFactory",
    "BotOptionError",
    "UnknownBotError",
    "budgeted",
    "ismcts_bot",
    "make_bot",
    "make_bots",
    "parse_seat",
    "register_bot",
    "search_bot",
    "search_model",
]


class UnknownBotError(ManilleError, ValueError):
    """A bot name that is not registered."""


BotFactory = Callable[..., Bot]  # a seed (and the bot's options) -> a new bot
_HEURISTIC = HeuristicBot(0)


def search_model(rules: Rules) -> CoreHeuristic:
    """The search bot's model of play under ``rules``: the core's heuristic bot with the
    ruleset's decision table."""
    return _HEURISTIC.core(rules)


def ismcts_bot(seed: int = 0, **options: Any) -> IsmctsBot:
    """The IS-MCTS bot, its rollouts played by the heuristic bot with the ruleset's decision
    model (:func:`search_model`)."""
    return IsmctsBot(seed, model=search_model, **options)


def search_bot(seed: int = 0, **options: Any) -> SearchBot:
    """The search bot, with the heuristic bot (and the ruleset's decision table) as its model
    of play (:func:`search_model`)."""
    return SearchBot(seed, model=search_model, default_rule=default_choice, prior_rule=prior_choices, **options)
BOTS: dict[str, BotFactory] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "search": search_bot,
    "ismcts": ismcts_bot,
}
def _flag(value: str) -> bool:
    if value not in ("0", "1", "true", "false"):
        raise ValueError(value)
    return value in ("1", "true")


# The options each bot takes by name, and how a value written in a spec is read.
OPTIONS: dict[str, dict[str, Callable[[str], object]]] = {
    "search": {"worlds": int, "think_ms": float, "z": float, "inference": _flag, "loss": float,
               "card_loss": float, "tolerance": int, "call_tolerance": int},
    "ismcts": {"iterations": int, "think_ms": float},
}
# The options that are a budget (a time budget for every bot is set on each that has one).
BUDGETS = ("worlds", "think_ms", "iterations")


def register_bot(name: str, factory: BotFactory, options: dict[str, Callable[[str], object]] | None = None) -> None:
    """Make a bot available by name (to ``make_bot`` and the ``--bots`` options), with the
    options its factory takes as keywords."""
    BOTS[name] = factory
    OPTIONS[name] = dict(options or {})


UNKNOWN_BOT = define("bots.unknown", "unknown bot {name} (known: {known})")
NO_OPTION = define("bots.no-option", "bot {name} has no option {option} (its options: {known})")
NONE = define("bots.none", "none")
NOT_A_NUMBER = define("bots.not-a-number", "bot {name}: {key} must be a number (got {value})")
NOT_A_FLAG = define("bots.not-a-flag", "bot {name}: {key} must be a number (0 or 1) (got {value})")
REFUSED = define("bots.refused", "bot {name}: {error}")
NO_BUDGET = define("bots.no-budget", "a time budget (think_ms) needs a bot that takes one (search, ismcts), not {spec}")
THINK_MS = define("bots.think-ms", "think_ms must be a positive number of milliseconds (got {think_ms})")
COUNT = define("bots.count", "give one bot, one per team, or {each} (got {count})")
FOUR = define("bots.four", "four")


def _error(exc: Exception) -> Message | str:
    """An error's sentence: its coded message when it has one, else its text."""
    if isinstance(exc, ManilleError) and exc.message is not None:
        return exc.message
    return exc.args[0] if exc.args and isinstance(exc.args[0], Message) else str(exc)


def parse_seat(text: str) -> tuple[str, dict[str, object]]:
    """A seat's bot as written in a spec: its name and options (``search:worlds=64``)."""
    name, *parts = [p.strip() for p in text.split(":")]
    if name not in BOTS:
        raise UnknownBotError(msg(UNKNOWN_BOT, name=repr(name), known=", ".join(sorted(BOTS))))
    options: dict[str, object] = {}
    for part in parts:
        key, eq, value = (p.strip() for p in part.partition("="))
        readers = OPTIONS.get(name, {})
        if not eq or key not in readers:
            known = ", ".join(sorted(readers)) or msg(NONE)
            raise BotOptionError(msg(NO_OPTION, name=repr(name), option=repr(part), known=known))
        try:
            options[key] = readers[key](value)
        except ValueError:
            code = NOT_A_FLAG if readers[key] is _flag else NOT_A_NUMBER
            raise BotOptionError(msg(code, name=repr(name), key=key, value=repr(value))) from None
    return name, options


def budgeted(name: str) -> bool:
    """Whether the bot ``name`` takes a time budget (``think_ms``)."""
    return "think_ms" in OPTIONS.get(name, {})


def make_bot(name: str, seed: int = 0, **options: object) -> Bot:
    """A new bot of the registered kind ``name`` (or ``NAME:KEY=VALUE...``), seeded, with
    ``options`` as keywords (those of the name first)."""
    name, given = parse_seat(name)
    given.update(options)
    unknown = sorted(set(given) - set(OPTIONS.get(name, {})))
    if unknown:
        known = ", ".join(sorted(OPTIONS.get(name, {}))) or msg(NONE)
        raise BotOptionError(msg(NO_OPTION, name=repr(name), option=repr(unknown[0]), known=known))
    try:
        return BOTS[name](seed, **given)
    except (SearchError, ValueError) as e:  # a budget or option value the bot refuses
        raise BotOptionError(msg(REFUSED, name=repr(name), error=_error(e))) from None


def make_bots(spec: str | Sequence[str], seed: int = 0, *, think_ms: float | None = None,
              seats: int = 4) -> list[Bot]:
    """Four bots (``seats`` at another table) from ``"heuristic"`` (all seats),
    ``"heuristic,random"`` (alternate seats: team 0, team 1) or one name a seat (seat order);
    each seeded from ``seed`` and its seat.  ``think_ms`` gives every bot that takes a time
    budget that budget (an error if none does)."""
    names = seat_names(spec, seats)
    if think_ms is not None and not any(budgeted(parse_seat(n)[0]) for n in names):
        raise BotOptionError(msg(NO_BUDGET, spec=", ".join(names)))
    bots = []
    for seat, text in enumerate(names):
        name, options = parse_seat(text)
        if think_ms is not None and budgeted(name):
            options = {k: v for k, v in options.items() if k not in BUDGETS} | {"think_ms": think_ms}
        bots.append(make_bot(name, seed * max(4, seats) + seat, **options))
    return bots


def with_think_ms(spec: str, think_ms: float | None) -> str:
    """``spec`` with every bot that takes a time budget given ``think_ms`` instead of its own
    budget (``search`` -> ``search:think_ms=40``); BotOptionError if no bot of the spec takes
    one, or if ``think_ms`` is not a positive number."""
    if think_ms is None:
        return spec
    if not 0 < think_ms < float("inf"):
        raise BotOptionError(msg(THINK_MS, think_ms=f"{think_ms:g}"))
    seats = [n.strip() for n in spec.split(",")]
    if not any(budgeted(parse_seat(n)[0]) for n in seats):
        raise BotOptionError(msg(NO_BUDGET, spec=repr(spec)))
    out = []
    for text in seats:
        name, *parts = [p.strip() for p in text.split(":")]
        if budgeted(name):
            parts = [p for p in parts if p.partition("=")[0].strip() not in BUDGETS] + [f"think_ms={think_ms:g}"]
        out.append(":".join([name, *parts]))
    return ",".join(out)


def check_spec(spec: str, seats: int = 4) -> None:
    """Raise UnknownBotError (or BotOptionError) for a spec ``make_bots`` would refuse at a
    table of ``seats``."""
    for text in seat_names(spec, seats):
        name, options = parse_seat(text)
        make_bot(name, 0, **options)


def seat_names(spec: str | Sequence[str], seats: int = 4) -> list[str]:
    """The seats' bots of a spec: one name for all, two for alternate seats (the teams of
    four), or one a seat."""
    names = [n.strip() for n in spec.split(",")] if isinstance(spec, str) else list(spec)
    if len(names) == 1:
        names = names * seats
    elif len(names) == 2 and seats != 2:
        names = [names[seat % 2] for seat in range(seats)]
    if len(names) != seats:
        each = msg(FOUR) if seats == 4 else str(seats)
        raise UnknownBotError(msg(COUNT, each=each, count=len(names)))
    return names
