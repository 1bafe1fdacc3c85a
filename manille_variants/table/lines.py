"""Typed lines in a terminal: the reader both terminal sessions ask (the game, the score sheet).

A :class:`LineReader` reads standard input by default, so a test or a script can drive a
session with any text stream; end of input raises :class:`EndOfInput`.
"""

from __future__ import annotations

import sys
from typing import TextIO

from rich.console import Console

__all__ = ["EndOfInput", "LineReader"]


class EndOfInput(Exception):
    """The input ended (or the player typed quit)."""


class LineReader:
    """Reads one typed line per prompt from a text stream (standard input by default)."""

    def __init__(self, console: Console, stream: TextIO | None = None) -> None:
        self.console = console
        self.stream = stream

    def ask(self, prompt: str) -> str:
        """Print ``prompt`` and return the next line, stripped; EndOfInput at end of input."""
        self.console.print(prompt, end=" ", markup=True, highlight=False)
        line = (self.stream or sys.stdin).readline()
        if not line:
            self.console.print()
            raise EndOfInput
        return line.strip()
