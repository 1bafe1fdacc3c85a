"""The narrow error classes of the package.

Every error a user can cause derives from :class:`ManilleError`; the CLI turns them into
plain messages with exit code 1 (bad input) and never shows a traceback unless ``--debug``.
Messages speak of the library's arguments, never of a front end's options: the CLI adds its
own option to the message of an error that one answers (:class:`OutputExistsError`,
:class:`RulesetMissingError`, :class:`SheetMissingError`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from manille_variants.messages import Message, define, msg

OVERWRITE_IT = define("error.overwrite-it", "overwrite it")
# A located problem ("club.yaml:12:5: scoring.cap: must be at least 1"), several one a line.
_LOCATED = define("error.located", "{place}: {problem}")
_LINES = define("error.lines", "{first}\n{rest}")
_PLAIN = define("error.plain", "{text}")


class ManilleError(Exception):
    """Base class of the errors caused by user input.

    Raised with a :class:`~manille_variants.messages.Message`, it keeps it as ``message`` (its
    code and parameters) while ``str(error)`` stays the English sentence; raised with a plain
    string, ``message`` is None.

    >>> from manille_variants.messages import define, msg
    >>> error = ManilleError(msg(define("doc.empty", "the hand is empty")))
    >>> str(error), error.message.code
    ('the hand is empty', 'doc.empty')
    """

    message: Message | None

    def __init__(self, *args: Any) -> None:
        self.message = args[0] if args and isinstance(args[0], Message) else None
        if self.message is not None:
            args = (self.message.text("en"), *args[1:])
        super().__init__(*args)

    def text(self, lang: str) -> str:
        """The error in ``lang`` (its English when it carries no message)."""
        return self.message.text(lang) if self.message is not None else str(self)

    def json(self) -> dict[str, Any]:
        """``code``, ``params`` and the English ``text`` (code ``error`` for a plain string)."""
        return self.message.json() if self.message is not None else {"code": "error", "params": {},
                                                                      "text": str(self)}


class CardError(ManilleError, ValueError):
    """A card string that is not a card, or a duplicate card."""


@dataclass(frozen=True)
class Problem:
    """One problem in a ruleset document, in compiler form; ``detail`` is the coded
    ``message`` (its English), when the problem was found with one.

    >>> from manille_variants.messages import define, msg
    >>> least = msg(define("doc.least", "must be at least {ge}"), ge=1)
    >>> Problem.of("club.yaml", 12, 5, "scoring.cap", least).text("en")
    'club.yaml:12:5: scoring.cap: must be at least 1'
    """

    file: str
    line: int | None
    column: int | None
    path: str
    message: str
    detail: Message | None = field(default=None, compare=False)

    @classmethod
    def of(cls, file: str, line: int | None, column: int | None, path: str, message: str | Message) -> Problem:
        """The problem, its message coded or plain."""
        if isinstance(message, Message):
            return cls(file, line, column, path, message.text("en"), message)
        return cls(file, line, column, path, message)

    def message_text(self, lang: str) -> str:
        """The problem's own words (without the place) in ``lang``."""
        return self.detail.text(lang) if self.detail is not None else self.message

    def json(self) -> dict[str, Any]:
        """``code``, ``params`` and the English ``text`` of the problem's words."""
        if self.detail is not None:
            return self.detail.json()
        return {"code": "error", "params": {}, "text": self.message}

    def text(self, lang: str) -> str:
        """The problem in compiler form, its words in ``lang``."""
        return self.coded().text(lang)

    def coded(self) -> Message:
        """The problem in compiler form as a message: the place, then its words."""
        words = self.detail if self.detail is not None else msg(_PLAIN, text=self.message)
        return msg(_LOCATED, place=self._place(), problem=words)

    def __str__(self) -> str:
        return f"{self._place()}: {self.message}"

    def _place(self) -> str:
        where = self.file
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        return f"{where}: {self.path}" if self.path else where


class RulesetError(ManilleError, ValueError):
    """A ruleset that cannot be loaded; carries every problem found, not just the first."""

    def __init__(self, problems: list[Problem] | Problem | str | Message) -> None:
        if isinstance(problems, Message):  # one problem of the whole ruleset, as a coded sentence
            problems = [Problem.of("<ruleset>", None, None, "", problems)]
        elif isinstance(problems, str):
            problems = [Problem("<ruleset>", None, None, "", problems)]
        elif isinstance(problems, Problem):
            problems = [problems]
        self.problems: list[Problem] = list(problems)
        lines = [p.coded() for p in self.problems] or [msg(_PLAIN, text="")]
        self._coded = lines[-1]
        for line in reversed(lines[:-1]):
            self._coded = msg(_LINES, first=line, rest=self._coded)
        super().__init__(self._coded)

    def coded(self) -> Message:
        """Every problem, one a line, as one message."""
        return self._coded


class IllegalPlayError(ManilleError, ValueError):
    """An action that is not legal in the current state; the message says why."""


class OutputExistsError(ManilleError, FileExistsError):
    """An output file, or a non-empty output directory, is in the way and the call may not
    replace it (its ``force`` argument is false); ``replacing`` says what forcing does."""

    def __init__(self, message: str | Message, replacing: str | Message | None = None) -> None:
        super().__init__(message)
        self.replacing = replacing if replacing is not None else msg(OVERWRITE_IT)


class RecordError(ManilleError, ValueError):
    """A game record or typed deal that is corrupt, truncated or inconsistent."""


class RulesetMissingError(RecordError):
    """A record or typed deal that names no ruleset, read without a ``ruleset`` argument."""


class ScoresheetError(ManilleError, ValueError):
    """A score sheet entry or file that cannot be used."""


class SheetMissingError(ScoresheetError):
    """A score sheet file that does not exist, opened without a ``ruleset`` to start one."""


class SearchError(ManilleError, ValueError):
    """A ruleset or position the search cannot serve: Python plug-ins (the solver plays the
    compiled core's rules), or nothing to advise (trump taken from the turned card)."""


class BotOptionError(ManilleError, ValueError):
    """A bot option the bot does not take, or a value it refuses (a budget that is not a
    positive number, ``--think-ms`` for bots without a time budget): bad usage, exit 2."""


class TableSizeError(ManilleError, ValueError):
    """Something only the four-seat table supports (the compiled core's bots, search and
    solver; comparing rulesets) asked of a ruleset with another table, or of rulesets whose
    tables differ."""
