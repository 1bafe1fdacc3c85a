"""Shared edge of the CLI: turning user errors into messages and exit codes.

Exit codes: 0 success, 1 bad input (a ruleset, card, record, entry ...), 2 bad usage (typer's own).
No traceback for a user's mistake unless ``manille --debug ...``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

import typer
from typer.core import TyperCommand, TyperGroup

from manille_variants.errors import (
    BotOptionError,
    ManilleError,
    OutputExistsError,
    RulesetError,
    RulesetMissingError,
    SheetMissingError,
)
from manille_variants.messages import Message, define, env_language, msg
from manille_variants.ruleset.loader import bundled_names, load_ruleset
from manille_variants.ruleset.schema import Ruleset

RULESET_HELP = "A bundled ruleset (name or alias) or a .yaml file."

_state: dict[str, Any] = {"debug": False, "lang": None}

ERROR = define("cli.error", "error: {message}")
INTERRUPTED = define("cli.interrupted", "interrupted")
USE_FORCE = define("cli.use-force", "{error}; use --force to {replacing}")
GIVE_RULESET = define("cli.give-ruleset", "{error}; give one with -r RULESET")
NEW_SHEET = define("cli.new-sheet", "{error}; give -r RULESET to start a new sheet")
EXISTS = define("cli.output.exists", "{path} exists; use --force to overwrite it")
WROTE = define("cli.output.wrote", "wrote {path}")


def set_debug(value: bool) -> None:
    _state["debug"] = value


def debug_enabled() -> bool:
    return bool(_state["debug"])


def set_language(lang: str | None) -> None:
    """The language the CLI speaks: ``--lang``, else (None) the environment's, as gettext reads it."""
    _state["lang"] = lang


def language() -> str:
    """``en``, ``nl`` or ``fr``: ``--lang``, else ``LANGUAGE``/``LC_ALL``/``LC_MESSAGES``/``LANG``."""
    return str(_state["lang"] or env_language())


def say(message: Message | str) -> str:
    """A message in the CLI's language (a plain string as it is)."""
    return message.text(language()) if isinstance(message, Message) else message


def echo(message: Message | str, *, err: bool = False) -> None:
    """Print a message in the CLI's language."""
    typer.echo(say(message), err=err)


def fail(message: str | Message, code: int = 1) -> typer.Exit:
    """Print an error message to stderr and return the Exit to raise."""
    if isinstance(message, str) and message.startswith("error"):
        typer.echo(message, err=True)
    else:
        echo(msg(ERROR, message=message), err=True)
    return typer.Exit(code)


@contextmanager
def user_errors() -> Iterator[None]:
    """Run a command body: a ManilleError becomes its message(s) on stderr and exit 1."""
    try:
        yield
    except RulesetError as exc:
        if debug_enabled():
            raise
        for problem in exc.problems:
            if exc.message is not None:  # one problem of the whole ruleset, coded
                problem = replace(problem, message=exc.text(language()))
            typer.echo(str(problem), err=True)
        raise typer.Exit(1) from None
    except BotOptionError as exc:  # a bot option or budget the bot refuses: bad usage
        if debug_enabled():
            raise
        raise fail(exc.message or str(exc), 2) from None
    except ManilleError as exc:
        if debug_enabled():
            raise
        raise fail(with_option(exc)) from None
    except OSError as exc:
        if debug_enabled():
            raise
        name = getattr(exc, "filename", None)
        reason = exc.strerror or str(exc)
        raise fail(f"{name}: {reason}" if name else reason) from None
    except KeyboardInterrupt:
        echo(msg(INTERRUPTED), err=True)
        raise typer.Exit(130) from None


def with_option(exc: ManilleError) -> Message | str:
    """The library's message, plus this command line's option that answers it."""
    error = exc.message or str(exc)
    if isinstance(exc, OutputExistsError):
        return msg(USE_FORCE, error=error, replacing=exc.replacing)
    if isinstance(exc, RulesetMissingError):
        return msg(GIVE_RULESET, error=error)
    if isinstance(exc, SheetMissingError):
        return msg(NEW_SHEET, error=error)
    return error


def echo_json(data: Any) -> None:
    """Print data as indented JSON on stdout."""
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def ruleset_option(default: Any = ..., help: str = RULESET_HELP) -> Any:
    """The one ``-r/--ruleset RULESET`` option; each command gives its default and help."""
    return typer.Option(default, "-r", "--ruleset", metavar="RULESET", help=help)


def load_rulesets(names: list[str]) -> list[Ruleset]:
    """The rulesets of a repeated ``-r``, in order and once each; ``all`` is every bundled one
    of the four-seat table (a hand, a trick or a deal's figures are of one table size: the
    rulesets of other tables are named one by one)."""
    wanted = [n for name in names for n in (_four_seat_names() if name.strip().lower() == "all" else [name])]
    rulesets: dict[str, Ruleset] = {}
    for name in wanted:
        rs = load_ruleset(name)
        rulesets.setdefault(rs.name, rs)
    return list(rulesets.values())


def _four_seat_names() -> list[str]:
    return [name for name in bundled_names() if load_ruleset(name).table.seats == 4]


def _bare_flags(params: list[Any]) -> list[Any]:
    # A flag takes no value: show it bare in --help, not as "--json <bool>"; an argument named
    # by its metavar (FILE, RULESET, PATH...) needs no "<path>" or "<list[str]>" beside it.
    for param in params:
        if getattr(param, "is_flag", False) and param.metavar is None:
            param.metavar = ""
        elif param.param_type_name == "argument" and param.metavar is not None:
            param.display_type_rich = _no_type
    return params


def _no_type(ctx: Any) -> None:
    return None


class Command(TyperCommand):
    """A command whose help shows flags bare."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _bare_flags(super().get_params(ctx))


class Group(TyperGroup):
    """The application group: its help shows flags bare (``--debug``, ``--help``)."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _bare_flags(super().get_params(ctx))
