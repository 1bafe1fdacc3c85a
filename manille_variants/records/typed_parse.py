"""Typed deals read: the lines of the format of :mod:`~manille_variants.records.textdeal` as
:class:`TextDeal` values, before a ruleset turns them into actions."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from manille_variants.cards import Card, parse_cards
from manille_variants.errors import ManilleError, RecordError
from manille_variants.messages import define, msg
from manille_variants.words import SEAT_WORDS, WordError, parse_contract, seat_number

__all__ = [
    "TextDeal",
    "TypedGame",
    "parse_seat",
    "parse_typed",
    "read_typed",
]


_SEATS = SEAT_WORDS
_SEAT_RE = "|".join(sorted(SEAT_WORDS, key=len, reverse=True))  # "north" before "n"
_KEY = re.compile(rf"^\s*([a-z][a-z -]*?)\s*(?:\b({_SEAT_RE}))?\s*:\s*(.*)$", re.IGNORECASE)


# The defects of typed deals (the line they are on is added where the file is read).
AT_LINE = define("typed.at-line", "{source}:{line}: {problem}")
NOT_KEY_VALUE = define("typed.not-key-value", "{source}:{line}: expected 'key: value' (got {got!r})")
NO_DEAL = define("typed.no-deal", "{source}: no deal found (a deal needs at least a 'dealer:' line)")
TWICE = define("typed.twice", "'{key}' given twice in one deal (first on line {first}; start the next deal with a"
                              " line 'deal')")
RULESET_LINE = define("typed.ruleset-line", "'ruleset:' goes once at the top of the file, before the first deal")
UNKNOWN_KEY = define("typed.unknown-key", "unknown key {key!r} (keys: ruleset, dealer, trump, turned, calls,"
                                          " pending-ties, scores, hand SEAT, trick, result)")
ONE_CARD = define("typed.one-card", "{what}: give one card (got {got!r})")
BAD_TRUMP = define("typed.bad-trump", "trump: {got!r} is not S, H, D, C, no-trump, blind or thrown-in")
EMPTY_CALL = define("typed.empty-call", "calls: an empty call in {got!r}")
COUNT = define("typed.count", "{what}: expected a whole number (got {got!r})")
PAIR = define("typed.pair", "{what}: expected two numbers, N-S then E-W (got {got!r})")
WHOSE_HAND = define("typed.whose-hand", "say whose hand: 'hand N: ...' (a seat 0-3 or N E S W)")
HAND_TWICE = define("typed.hand-twice", "seat {seat}'s hand is given twice (first on line {first})")
TRICK_SIZE = define("typed.trick-size", "a trick holds 1 to 4 cards (got {count})")


def parse_seat(text: str) -> int:
    """A seat: ``0``-``3`` or ``N E S W`` (``north`` ...), case-insensitive."""
    try:
        return seat_number(text)
    except WordError as exc:
        raise RecordError(exc.message or str(exc)) from None


@dataclass
class TextDeal:
    """One typed deal as read, before a ruleset turns it into actions."""

    line: int
    dealer: int | None = None
    trump: str | None = None  # "S" .. "C", "no-trump", "blind", "thrown-in"
    delegated: bool = False
    calls: list[tuple[str, int | None, int]] = field(default_factory=list)  # name, by, line
    pending_ties: int = 0
    scores: tuple[int, int] = (0, 0)
    hands: dict[int, tuple[list[Card], int]] = field(default_factory=dict)
    tricks: list[tuple[int | None, list[Card], int]] = field(default_factory=list)
    result: tuple[int, int] | None = None
    lines: dict[str, int] = field(default_factory=dict)
    turned: Card | None = None


@dataclass
class TypedGame:
    """A typed file: its ruleset line (if any) and its deals."""

    source: str
    ruleset: str | None
    ruleset_line: int | None
    deals: list[TextDeal]


def read_typed(path: str) -> TypedGame:
    """Read a typed deal file (see the module text for the format)."""
    with open(path, encoding="utf-8") as handle:
        return parse_typed(handle.read(), path)


def parse_typed(text: str, source: str = "<text>") -> TypedGame:
    """Parse typed deals; a :class:`RecordError` names the line of any mistake."""
    game = TypedGame(source, None, None, [])
    current: TextDeal | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.lower() in ("deal", "---"):
            current = TextDeal(number)
            game.deals.append(current)
            continue
        match = _KEY.match(line)
        if match is None:
            raise RecordError(msg(NOT_KEY_VALUE, source=source, line=number, got=line))
        key = " ".join(match[1].lower().replace("-", " ").split())
        seat, value = match[2], match[3].strip()
        if key == "ruleset" and current is None:
            game.ruleset, game.ruleset_line = value, number
            continue
        if current is None:
            current = TextDeal(number)
            game.deals.append(current)
        try:
            _read_line(current, key, seat, value, number)
        except ManilleError as exc:
            raise RecordError(msg(AT_LINE, source=source, line=number, problem=exc.message or str(exc))) from None
    if not game.deals:
        raise RecordError(msg(NO_DEAL, source=source))
    return game


def _read_line(deal: TextDeal, key: str, seat: str | None, value: str, number: int) -> None:
    if key in deal.lines and key not in ("hand", "trick"):
        raise RecordError(msg(TWICE, key=key, first=deal.lines[key]))
    deal.lines.setdefault(key, number)
    if key == "dealer":
        deal.dealer = parse_seat(value)
    elif key == "trump":
        deal.trump, deal.delegated = _trump(value)
    elif key == "turned":
        deal.turned = _one_card(value, "turned")
    elif key == "calls":
        deal.calls = _calls(value, number)
    elif key == "pending ties":
        deal.pending_ties = _count(value, "pending ties")
    elif key == "scores":
        deal.scores = _pair(value, "scores")
    elif key == "result":
        deal.result = _pair(value, "result")
    elif key == "hand":
        _hand(deal, seat, value, number)
    elif key == "trick":
        _trick(deal, seat, value, number)
    elif key == "ruleset":
        raise RecordError(msg(RULESET_LINE))
    else:
        raise RecordError(msg(UNKNOWN_KEY, key=key))


def _one_card(value: str, what: str) -> Card:
    cards = parse_cards(value)
    if len(cards) != 1:
        raise RecordError(msg(ONE_CARD, what=what, got=value))
    return cards[0]


def _trump(value: str) -> tuple[str, bool]:
    words = value.lower().split()
    delegated = False
    if len(words) >= 3 and words[-2] == "by" and words[-1] in ("partner", *_SEATS):
        delegated = True
        words = words[:-2]
    try:
        contract = parse_contract(" ".join(words), thrown_in=True)
    except WordError:
        raise RecordError(msg(BAD_TRUMP, got=value)) from None
    return (contract.trump.name if contract.trump is not None else contract.mode), delegated


def _calls(value: str, number: int) -> list[tuple[str, int | None, int]]:
    out: list[tuple[str, int | None, int]] = []
    if value.strip().lower() in ("", "none", "-"):
        return out
    for chunk in value.split(","):
        words = chunk.split()
        by = None
        if len(words) >= 3 and words[-2].lower() == "by":
            by = parse_seat(words[-1])
            words = words[:-2]
        if not words:
            raise RecordError(msg(EMPTY_CALL, got=value))
        out.append((" ".join(words), by, number))
    return out


def _count(value: str, what: str) -> int:
    if not value.isdigit():
        raise RecordError(msg(COUNT, what=what, got=value))
    return int(value)


def _pair(value: str, what: str) -> tuple[int, int]:
    parts = value.replace(",", " ").replace("-", " ").split()
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise RecordError(msg(PAIR, what=what, got=value))
    return int(parts[0]), int(parts[1])


def _hand(deal: TextDeal, seat: str | None, value: str, number: int) -> None:
    if seat is None:
        raise RecordError(msg(WHOSE_HAND))
    index = parse_seat(seat)
    if index in deal.hands:
        raise RecordError(msg(HAND_TWICE, seat=index, first=deal.hands[index][1]))
    deal.hands[index] = (parse_cards(value), number)


def _trick(deal: TextDeal, seat: str | None, value: str, number: int) -> None:
    words = value.split()
    leader = None
    if words and words[0].lower() in _SEATS:
        leader = parse_seat(words[0])
        words = words[1:]
    cards = parse_cards(" ".join(words))
    if not 1 <= len(cards) <= 4:
        raise RecordError(msg(TRICK_SIZE, count=len(cards)))
    deal.tricks.append((leader, cards, number))


# ------------------------------------------------------------------------- to a record
