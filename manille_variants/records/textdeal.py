"""A text format a person can type for a real deal, read by ``manille audit``.

One ``key: value`` per line, ``#`` starts a comment, keys are case-insensitive::

    ruleset: belgian              # optional (audit -r RULESET also sets it)
    dealer: S                     # a seat: 0-3 or N E S W (clockwise: N=0, E=1, S=2, W=3)
    trump: H                      # S H D C, no-trump, blind, thrown-in; "H by partner" if delegated
    turned: 10H                   # the card turned up for trump (rulesets that turn one; trump optional)
    calls: ik-ga-mee              # optional: the calls made, in order ("NAME by SEAT" to say who)
    pending-ties: 0               # optional: tied deals in a row before this one
    scores: 0 0                   # optional: match points of N-S and E-W before the deal
    hand N: 10S AS 7H 8H 10D KD 9C JC     # the four hands as dealt (or leave them all out)
    trick: 7S 10S AS 8S           # every trick in play order from its leader; "trick: E 7S ..."
    result: 16 0                  # optional: match points the deal gave N-S and E-W

Without the hands, all eight tricks are needed: each hand is then the cards its seat played.
A line ``deal`` (or ``---``) starts the next deal of the same file.

The lines are read in :mod:`~manille_variants.records.typed_parse`, turned into a record in
:mod:`~manille_variants.records.typed_infer` and written back in
:mod:`~manille_variants.records.typed_write` (every name importable from here).
"""

from __future__ import annotations

from pathlib import Path

from manille_variants.errors import RecordError
from manille_variants.messages import define, msg
from manille_variants.records.format import GameRecord, loads_record
from manille_variants.records.typed_infer import typed_record
from manille_variants.records.typed_parse import TextDeal, TypedGame, parse_seat, parse_typed, read_typed
from manille_variants.records.typed_write import deal_to_text
from manille_variants.ruleset.schema import Ruleset

__all__ = [
    "TextDeal",
    "TypedGame",
    "deal_to_text",
    "load_game",
    "loads_game",
    "looks_like_text",
    "parse_seat",
    "parse_typed",
    "read_typed",
    "typed_record",
]


NOT_TEXT = define("record.game-not-text", "{source}: not a text file (expected a game record or typed deals)")
EMPTY = define("record.game-empty", "{source}: the file is empty (expected a game record or typed deals)")


def looks_like_text(text: str) -> bool:
    """Whether a file's text is the typed format rather than a JSON record."""
    return not text.lstrip().startswith("{")


def load_game(path: str | Path, ruleset: Ruleset | str | None = None) -> GameRecord:
    """A game from a file: a JSON record, or typed deals (which need a ruleset: their own
    'ruleset:' line or ``ruleset``)."""
    source = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise RecordError(msg(NOT_TEXT, source=source)) from None
    return loads_game(text, source, ruleset)


def loads_game(text: str, source: str = "<record>", ruleset: Ruleset | str | None = None) -> GameRecord:
    """A game from a file's text (``source`` names it in errors): a JSON record or typed deals."""
    if not text.strip():
        raise RecordError(msg(EMPTY, source=source))
    if looks_like_text(text):
        return typed_record(parse_typed(text, source), ruleset)
    return loads_record(text, source)
