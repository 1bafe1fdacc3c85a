"""Shared edge of the CLI: turning user errors into messages and exit codes.

Exit codes: 0 success, 1 bad input (a ruleset, card, record, entry ...), 2 bad usage (typer's own).
No traceback for a user's mistake unless ``manille --debug ...``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

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
from manille_variants.messages import LANGUAGES, Message, define, env_language, msg, templates
from manille_variants.ruleset.loader import bundled_names, load_ruleset
from manille_variants.ruleset.schema import Ruleset

F = TypeVar("F", bound=Callable[..., Any])


def english(code: str) -> str:
    """The English words of a declared help text, as typer is given them: ``help=english(define(
    "help.simulate.deals", "Play ..."))`` declares the sentence once for the catalog; ``--help``
    shows it in the CLI's language (:class:`Command`, :class:`Group`)."""
    return msg(code).text("en")


def documented(code: str) -> Callable[[F], F]:
    """A command's help, declared as a catalog sentence (one line per paragraph, paragraphs
    apart by a blank line), set as the command function's docstring (what typer shows)."""

    def decorate(function: F) -> F:
        function.__doc__ = english(code)
        return function

    return decorate


RULESET_HELP = english(define("help.common.ruleset", "A bundled ruleset (name or alias) or a .yaml file."))

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
            typer.echo(problem.text(language()), err=True)
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


def _help_codes() -> dict[str, str]:
    """English help text -> its code, for every help text declared (``help.*``)."""
    return {english(code): code for code in templates() if code.startswith("help.")}


def translated_help(text: str | None, lang: str, codes: dict[str, str] | None = None) -> str | None:
    """A help text typer was given in English, in ``lang`` (as it is when it is no declared
    one); ``codes``: :func:`_help_codes`, when the caller looks up several."""
    if text is None or lang == "en":
        return text
    code = (codes if codes is not None else _help_codes()).get(text)
    return text if code is None else msg(code).text(lang)


# Click's and typer's own words in --help (click's gettext reads no catalog of ours): the help
# option's text is a help text like any other; typer's panel titles and labels are the module
# settings typer formats the help with, set while it does; "Usage:" starts click's usage line.
define("help.help-option", "Show this message and exit.")
USAGE = define("help.usage", "Usage:")
_TYPER_WORDS = {
    "ARGUMENTS_PANEL_TITLE": define("help.panel.arguments", "Arguments"),
    "OPTIONS_PANEL_TITLE": define("help.panel.options", "Options"),
    "COMMANDS_PANEL_TITLE": define("help.panel.commands", "Commands"),
    "DEFAULT_STRING": define("help.label.default", "[default: {{}}]"),
    "REQUIRED_LONG_STRING": define("help.label.required", "[required]"),
}


@contextmanager
def _help_in(lang: str, command: Any, ctx: Any) -> Iterator[None]:
    """While its help is formatted: the command's help, its options' and (a group) its
    commands', and typer's words, in ``lang``; the English words are back afterwards."""
    import typer.rich_utils  # as typer imports it: only to format a help or an error

    subcommands = list(getattr(command, "commands", {}).values())
    targets = [command, *subcommands, *command.get_params(ctx)]
    saved = [(target, target.help, getattr(target, "short_help", None)) for target in targets]
    words = {name: getattr(typer.rich_utils, name) for name, code in _TYPER_WORDS.items()
             if getattr(typer.rich_utils, name, None) == english(code)}
    codes = _help_codes()  # once for every text of this help
    try:
        for target, help_text, short_help in saved:
            target.help = translated_help(help_text, lang, codes)
            if short_help is not None:
                target.short_help = translated_help(short_help, lang, codes)
        for name in words:
            setattr(typer.rich_utils, name, msg(_TYPER_WORDS[name]).text(lang))
        yield
    finally:
        for target, help_text, short_help in saved:
            target.help = help_text
            if short_help is not None:
                target.short_help = short_help
        for name, word in words.items():
            setattr(typer.rich_utils, name, word)


def _usage_in(lang: str, usage: str) -> str:
    """Click's usage line with its "Usage:" in ``lang``."""
    prefix = english(USAGE)
    if lang == "en" or not usage.startswith(prefix):
        return usage
    return msg(USAGE).text(lang) + usage[len(prefix):]


def lang_of(args: list[str], commands: Any) -> str | None:
    """The ``--lang`` of a command line, read before click parses it (``--help`` is eager:
    the help is printed before the callback that reads ``--lang`` runs); None if not given
    before the command's name, or not one we speak."""
    value: str | None = None
    for i, arg in enumerate(args):
        if arg in commands:
            break
        if arg == "--lang" and i + 1 < len(args):
            value = args[i + 1]
        elif arg.startswith("--lang="):
            value = arg.split("=", 1)[1]
    return value if value in LANGUAGES else None


class Command(TyperCommand):
    """A command whose help shows flags bare, in the CLI's language."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _bare_flags(super().get_params(ctx))

    def format_help(self, ctx: Any, formatter: Any) -> None:
        with _help_in(language(), self, ctx):
            super().format_help(ctx, formatter)

    def get_usage(self, ctx: Any) -> str:
        return _usage_in(language(), super().get_usage(ctx))


class Group(TyperGroup):
    """The application group: its help shows flags bare (``--debug``, ``--help``), in the
    language of ``--lang`` or the environment."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _bare_flags(super().get_params(ctx))

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        set_language(lang_of(args, self.commands))
        return super().parse_args(ctx, args)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        with _help_in(language(), self, ctx):
            super().format_help(ctx, formatter)

    def get_usage(self, ctx: Any) -> str:
        return _usage_in(language(), super().get_usage(ctx))
