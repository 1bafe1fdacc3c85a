"""The narrow error classes of the package.

Every error a user can cause derives from :class:`ManilleError`; the CLI turns them into
plain messages with exit code 1 (bad input) and never shows a traceback unless ``--debug``.
"""

from __future__ import annotations

from dataclasses import dataclass


class ManilleError(Exception):
    """Base class of the errors caused by user input."""


class CardError(ManilleError, ValueError):
    """A card string that is not a card, or a duplicate card."""


@dataclass(frozen=True)
class Problem:
    """One problem in a ruleset document, in compiler form."""

    file: str
    line: int | None
    column: int | None
    path: str
    message: str

    def __str__(self) -> str:
        where = self.file
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        return f"{where}: {self.path}: {self.message}" if self.path else f"{where}: {self.message}"


class RulesetError(ManilleError, ValueError):
    """A ruleset that cannot be loaded; carries every problem found, not just the first."""

    def __init__(self, problems: list[Problem] | Problem | str) -> None:
        if isinstance(problems, str):
            problems = [Problem("<ruleset>", None, None, "", problems)]
        elif isinstance(problems, Problem):
            problems = [problems]
        self.problems: list[Problem] = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class IllegalPlayError(ManilleError, ValueError):
    """An action that is not legal in the current state; the message says why."""


class RecordError(ManilleError, ValueError):
    """A game record or typed deal that is corrupt, truncated or inconsistent."""


class ScoresheetError(ManilleError, ValueError):
    """A score sheet entry or file that cannot be used."""
