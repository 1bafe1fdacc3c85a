"""Game records: one versioned JSON format for played games (see ``docs/records.md``), the
codec of the records of :mod:`~manille_variants.records.model` (whose names are importable
from here too).

A record holds the resolved ruleset (its content and hash), the match seed, and for every
deal its seed, dealer, the four hands as dealt, every action in order and the result, so a
game can be replayed and audited without this program's shuffle.

>>> import manille_variants as mv
>>> from manille_variants.bots import make_bots, play_match
>>> finals = []
>>> match = play_match(mv.load_ruleset("table-convention"), 3, make_bots("heuristic", 3),
...                    on_deal=finals.append)
>>> record = record_from_deals(match.rules.ruleset, finals, seed=3, match=match)
>>> loads_record(dumps_record(record)) == record
True
"""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from manille_variants.cards import Card, format_cards, parse_card, parse_cards
from manille_variants.engine.actions import AnyAction, parse_action
from manille_variants.errors import CardError, OutputExistsError, RecordError
from manille_variants.messages import Message, define, msg
from manille_variants.records.model import (
    DealRecord,
    GameRecord,
    Seat,
    check_hands,
    deal_record,
    default_generator,
    record_from_deals,
)
from manille_variants.ruleset.schema import Ruleset

__all__ = [
    "FORMAT",
    "VERSION",
    "DealRecord",
    "GameRecord",
    "RecordExistsError",
    "check_hands",
    "deal_record",
    "dumps_record",
    "loads_record",
    "parse_json",
    "read_record",
    "record_from_deals",
    "write_record",
]

class RecordExistsError(RecordError, OutputExistsError):
    """A record file in the way of :func:`write_record` (``force`` false)."""


FORMAT = "manille-record"
VERSION = 1

# The defects of a record file, each naming its place.
AT = define("record.at", "{where}: {problem}")
NO_RULESET = define("record.no-ruleset", "a record needs a ruleset to be written")
NOT_TEXT = define("record.not-text", "{source}: not a text file (expected a JSON game record)")
NOT_OBJECT = define("record.not-object", "{source}: a game record is a JSON object (got {kind})")
PLAYERS = define("record.players", "{source}: players: give four names, one per seat (got {count})")
EMPTY = define("record.empty", "{source}: the file is empty (expected a JSON game record)")
TRUNCATED = define("record.truncated",
                   "{source}:{line}:{column}: the record is truncated (the JSON ends before it is complete)")
NOT_JSON = define("record.not-json", "{source}:{line}:{column}: not valid JSON: {reason}")
NOT_A_RECORD = define("record.format", "{source}: format: not a game record (expected {expected!r}, got {got})")
NEWER = define("record.newer", "{source}: version: record version {version} is newer than this program reads"
                               " ({reads}); upgrade manille_variants")
EXISTS = define("record.exists", "{path} exists")
# A record (or its embedded ruleset) the schema refuses: a title, then one line per defect,
# pydantic's own sentence ({reason}) where no plainer one is known.
INVALID = define("record.invalid", "{source}: not a valid game record:")
INVALID_RULESET = define("record.invalid-ruleset", "{source}: the embedded ruleset (ruleset.content) is not valid:")
DEFECT = define("record.defect", "  {place}: {problem}")
TOP = define("record.top", "(top)")
UNKNOWN_KEY = define("record.unknown-key", "unknown key")
MISSING = define("record.missing", "missing")
REASON = define("record.reason", "{reason}")
REASON_GOT = define("record.reason-got", "{reason} (got {got})")
LINES = define("record.lines", "{first}\n{rest}")
_INTEGER = define("record.integer", "expected an integer (got {got})")
_MAPPING = define("record.mapping", "expected a JSON object (got {got})")
_LIST = define("record.list", "expected a list (got {got})")
# pydantic's error type -> the defect (its ``ctx`` and the value ``got`` as parameters); another
# type keeps pydantic's own sentence.
_SCHEMA = {
    "string_type": define("record.string", "expected a string (got {got})"),
    "int_type": _INTEGER,
    "int_parsing": _INTEGER,
    "int_from_float": _INTEGER,
    "bool_type": define("record.boolean", "expected true or false (got {got})"),
    "list_type": _LIST,
    "tuple_type": _LIST,
    "dict_type": _MAPPING,
    "model_type": _MAPPING,
    "greater_than_equal": define("record.at-least", "must be at least {ge} (got {got})"),
    "less_than_equal": define("record.at-most", "must be at most {le} (got {got})"),
}
_LENGTHS = {
    "too_short": define("record.too-short", "expected at least {min_length} items (got {actual_length})"),
    "too_long": define("record.too-long", "expected at most {max_length} items (got {actual_length})"),
}
OLD_VERSION = define("record.old-version", "{source}: version: must be at least 1 (got {version})")


# ------------------------------------------------------------------------- writing


def record_json(record: GameRecord) -> dict[str, Any]:
    """The JSON document of a record."""
    if record.ruleset is None:
        raise RecordError(msg(NO_RULESET))
    return {
        "format": FORMAT,
        "version": VERSION,
        "generator": record.generator or default_generator(),
        "ruleset": {
            "name": record.ruleset.name,
            "hash": record.ruleset_hash or record.ruleset.content_hash(),
            "content": record.ruleset.content_dump(),
        },
        "kind": record.kind,
        "seed": record.seed,
        "first_dealer": record.first_dealer,
        "players": list(record.players),
        "deals": [_deal_json(d) for d in record.deals],
        "outcome": copy.deepcopy(record.outcome),
    }


def _deal_json(deal: DealRecord) -> dict[str, Any]:
    data: dict[str, Any] = {
        "game": deal.game,
        "seed": deal.seed,
        "dealer": deal.dealer,
        "pending_ties": deal.pending_ties,
        "scores": list(deal.scores),
        "hands": [format_cards(h) for h in deal.hands] if deal.hands is not None else None,
        "actions": [str(a) for a in deal.actions],
        "result": copy.deepcopy(deal.result),
    }
    if deal.scores_after is not None:
        data["scores_after"] = list(deal.scores_after)
    if deal.turned is not None:
        data["turned"] = str(deal.turned)
    return data


def dumps_record(record: GameRecord) -> str:
    """The record as JSON text: indented, with lists of plain values (actions, hands,
    scores) each on one line so that a record stays short and readable."""
    return _format(record_json(record), "") + "\n"


def _format(value: Any, indent: str) -> str:
    inner = indent + "  "
    compact = json.dumps(value, ensure_ascii=False)
    if len(compact) + len(indent) <= 96:
        return compact
    if isinstance(value, dict) and value:
        items = [f"{inner}{json.dumps(k)}: {_format(v, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if isinstance(value, list) and any(isinstance(v, dict | list) for v in value):
        return "[\n" + ",\n".join(inner + _format(v, inner) for v in value) + "\n" + indent + "]"
    return json.dumps(value, ensure_ascii=False)


def write_record(record: GameRecord, path: str | Path, *, force: bool = True) -> None:
    """Write a record atomically (a temporary file renamed over the target).

    With ``force`` false an existing file is an error.
    """
    target = Path(path)
    if not force and target.exists():
        raise RecordExistsError(msg(EXISTS, path=str(target)))
    text = dumps_record(record)
    tmp = target.with_name(f".{target.name}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, target)


# ------------------------------------------------------------------------- reading


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _RulesetEntry(_Model):
    name: str
    hash: str
    content: dict[str, Any]


class _DealEntry(_Model):
    game: int = Field(0, ge=0, strict=True)
    seed: int | None = Field(None, strict=True)
    dealer: Seat
    pending_ties: int = Field(0, ge=0, strict=True)
    scores: tuple[int, int] = (0, 0)
    hands: list[str] | None = Field(None, min_length=4, max_length=4)
    actions: list[str]
    result: dict[str, Any] | None = None
    scores_after: tuple[int, ...] | None = None
    turned: str | None = None


class _RecordFile(_Model):
    format: str
    version: int = Field(strict=True)
    generator: str = ""
    ruleset: _RulesetEntry
    kind: Literal["match", "deals"] = "match"
    seed: int | None = Field(None, strict=True)
    first_dealer: Seat | None = None
    players: list[str] = Field(default_factory=lambda: ["seat 0", "seat 1", "seat 2", "seat 3"])
    deals: list[_DealEntry]
    outcome: dict[str, Any] | None = None


def read_record(path: str | Path) -> GameRecord:
    """Read a JSON record file; every defect is a :class:`RecordError` naming the place."""
    source = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise RecordError(msg(NOT_TEXT, source=source)) from None
    return loads_record(text, source)


def loads_record(text: str, source: str = "<record>") -> GameRecord:
    """Parse a record from JSON text (``source`` names it in messages)."""
    data = parse_json(text, source)
    if not isinstance(data, dict):
        raise RecordError(msg(NOT_OBJECT, source=source, kind=type(data).__name__))
    _check_header(data, source)
    try:
        raw = _RecordFile.model_validate(data)
    except ValidationError as exc:
        raise RecordError(_validation_message(msg(INVALID, source=source), exc)) from None
    ruleset = _ruleset(raw.ruleset, source)
    deals = tuple(_deal(entry, i, source) for i, entry in enumerate(raw.deals))
    if len(raw.players) != 4:
        raise RecordError(msg(PLAYERS, source=source, count=len(raw.players)))
    return GameRecord(
        ruleset=ruleset,
        deals=deals,
        kind=raw.kind,
        seed=raw.seed,
        first_dealer=raw.first_dealer,
        players=tuple(raw.players),
        outcome=raw.outcome,
        ruleset_hash=raw.ruleset.hash,
        generator=raw.generator,
        source=source,
    )


TOO_DEEP = define("record.too-deep", "{source}: not a game record: its JSON is nested too deeply")
UNREADABLE_NUMBER = define("record.unreadable-number", "{source}: not a game record: {reason}")


def parse_json(text: str, source: str) -> Any:
    """The JSON document in ``text``; a clear :class:`RecordError` (file:line:col) when it is
    empty, truncated or not JSON."""
    if not text.strip():
        raise RecordError(msg(EMPTY, source=source))
    try:
        return json.loads(text)
    except RecursionError:
        raise RecordError(msg(TOO_DEEP, source=source)) from None
    except json.JSONDecodeError as exc:
        if _open_at_end(text) or not text[exc.pos:].strip():
            body = text.rstrip()
            line = body.count("\n") + 1
            column = len(body) - (body.rfind("\n") + 1)
            raise RecordError(msg(TRUNCATED, source=source, line=line, column=column)) from None
        raise RecordError(msg(NOT_JSON, source=source, line=exc.lineno, column=exc.colno, reason=exc.msg)) from None
    except ValueError as exc:  # a number of more digits than Python converts
        raise RecordError(msg(UNREADABLE_NUMBER, source=source, reason=str(exc))) from None


def _open_at_end(text: str) -> bool:
    """Whether the text ends inside a string or with brackets still open."""
    depth = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
    return in_string or depth > 0


def _check_header(data: dict[str, Any], source: str) -> None:
    fmt = data.get("format")
    if fmt != FORMAT:
        raise RecordError(msg(NOT_A_RECORD, source=source, expected=FORMAT, got=repr(fmt)))
    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        raise RecordError(msg(NEWER, source=source, version=version, reads=VERSION))
    if isinstance(version, int) and version < 1:
        raise RecordError(msg(OLD_VERSION, source=source, version=version))


def _validation_message(title: Message, exc: ValidationError) -> Message:
    """The title, then one line per defect the schema found: its place and what is wrong."""
    message = title
    for error in exc.errors():
        message = msg(LINES, first=message, rest=msg(DEFECT, place=_loc(error["loc"]), problem=_short(error)))
    return message


def _short(error: Any) -> Message:
    """What is wrong at one place: our sentence for the schema's common refusals, else pydantic's
    own (``reason``); the value got is shown unless it is an object or a list."""
    kind, got, ctx = error["type"], error.get("input"), error.get("ctx") or {}
    if kind == "extra_forbidden":
        return msg(UNKNOWN_KEY)
    if kind == "missing":
        return msg(MISSING)
    if kind in _LENGTHS:
        return msg(_LENGTHS[kind], min_length=ctx.get("min_length"), max_length=ctx.get("max_length"),
                   actual_length=ctx.get("actual_length"))
    shown = not isinstance(got, dict | list)
    known = _SCHEMA.get(kind)
    if known is not None and shown:
        return msg(known, got=repr(got), **ctx)
    reason = str(error["msg"])  # pydantic's sentence
    return msg(REASON_GOT, reason=reason, got=repr(got)) if shown else msg(REASON, reason=reason)


def _loc(loc: Iterable[Any]) -> str | Message:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or msg(TOP)


def _ruleset(entry: _RulesetEntry, source: str) -> Ruleset:
    try:
        return Ruleset.model_validate(entry.content)
    except ValidationError as exc:
        raise RecordError(_validation_message(msg(INVALID_RULESET, source=source), exc)) from None


def _deal(entry: _DealEntry, index: int, source: str) -> DealRecord:
    where = f"{source}: deals[{index}]"
    return DealRecord(
        dealer=entry.dealer,
        actions=tuple(_action(text, f"{where}.actions[{k}]") for k, text in enumerate(entry.actions)),
        seed=entry.seed,
        hands=_hands(entry.hands, where) if entry.hands is not None else None,
        pending_ties=entry.pending_ties,
        scores=entry.scores,
        game=entry.game,
        result=entry.result,
        scores_after=entry.scores_after,
        turned=_turned(entry.turned, where) if entry.turned is not None else None,
    )


def _turned(text: str, where: str) -> Card:
    try:
        return parse_card(text)
    except CardError as exc:
        raise RecordError(msg(AT, where=f"{where}.turned", problem=exc.message or str(exc))) from None


def _action(text: str, where: str) -> AnyAction:
    try:
        return parse_action(text)
    except RecordError as exc:
        raise RecordError(msg(AT, where=where, problem=exc.message or str(exc))) from None


def _hands(texts: list[str], where: str) -> tuple[tuple[Card, ...], ...]:
    hands: list[tuple[Card, ...]] = []
    for seat, text in enumerate(texts):
        try:
            hands.append(tuple(parse_cards(text)))
        except CardError as exc:
            raise RecordError(msg(AT, where=f"{where}.hands[{seat}]", problem=exc.message or str(exc))) from None
    check_hands(hands, f"{where}.hands")
    return tuple(hands)
