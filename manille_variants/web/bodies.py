"""The request bodies, one pydantic model each: the one place a request's JSON is checked.

Strict (``"4"`` is not a number, ``true`` is not 1), frozen; keys a model does not name are
ignored.  A refused body answers 400 with ``{"error": "KEY: PROBLEM"}``, the first problem:

>>> from starlette.exceptions import HTTPException
>>> try:
...     parse(AdviseBody, {"ruleset": "belgian", "hand": 8})
... except HTTPException as exc:
...     print(exc.status_code, exc.detail)
400 hand: expected a string (got 8)
>>> parse(AdviseBody, {"ruleset": "belgian", "hand": "AS"}).samples
24
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal, TypeVar

from annotated_types import Ge, Le
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic_core import ErrorDetails
from starlette.requests import Request

from manille_variants.messages import Message, define, is_defined, msg, templates
from manille_variants.web.render import Refusal

__all__ = [
    "ActBody", "AddDealBody", "AdviseBody", "AnalyzeBody", "AwayBody", "Body", "CheckBody", "CompareBody",
    "DescribeBody", "EditDealBody", "EntryFields", "EveningBody", "FormYamlBody", "ImportBody", "PlayBody",
    "RestoreBody", "ScoreBody", "SheetBody", "TableActBody", "TableBody", "YamlBody", "parse", "read",
]

TEXT_LIMIT = 200  # team names, notes, who entered a deal, an entry, a ruleset's name
FILE_LIMIT = 1024 * 1024  # a ruleset file, a game record
MAX_DEPTH = 20  # arrays and objects inside each other (an imported sheet needs 4)
MAX_NUMBER = 10**9  # any figure of a deal, a count, a deal's number
MAX_SEED = 2**63 - 1  # what a seed is turned into: the core's 64-bit seeds

# What a key expects: its field's description (the JSON Schema's) and, by its code, the refusal's words.
STRING = define("body.string", "a string")
NUMBER = define("body.number", "a whole number")
SETTINGS_OBJECT = define("body.settings-object", "an object of setting paths and their values")
RULESETS_20 = define("body.rulesets-20", "a list of 1 to 20 ruleset names")
SIDE_OR_NULL = define("body.side-or-null", "A, B or null")
CARD_OR_NULL = define("body.card-or-null", "a card or null")
SIDE = define("body.side", "A or B")
FIELDS = define("body.fields", "an object of a deal's fields")
DEAL_NUMBER = define("body.deal-number", "a deal's number or null")
ID = define("body.id", "a string of at most 100 characters")
REMOVAL = define("body.removal", "a removal's id")
RULESETS_8 = define("body.rulesets-8", "a list of 1 to 8 ruleset names")
BOOLEAN = define("body.boolean", "true or false")
BOTS = define("body.bots", "an object of seats and bot names")
NAMES = define("body.names", "an object of seats and names")
PLAYERS = define("body.players", "a list of 4 to 200 names")
PLAYER_NAMES = define("body.player-names", "a name per seat, in seat order")
SOMETHING_ELSE = define("body.something-else", "something else")
NOT_JSON = define("body.not-json", "the body is not JSON")
NOT_OBJECT = define("body.not-object", "the body must be a JSON object")
TOO_DEEP = define("body.too-deep", "the body is nested too deeply: at most {limit} levels of arrays and objects")
TOO_LONG = define("body.too-long", "{key}: at most {limit} characters")
EXPECTED = define("body.expected", "{key}: expected {expected}")
EXPECTED_GOT = define("body.expected-got", "{key}: expected {expected} (got {got})")
EXPECTED_RANGE = define("body.expected-range", "{key}: expected {expected} from {low} to {high} (got {got})")
TOO_LARGE_NUMBER = define("body.number-too-large", "a number too large to print")


def expects(code: str) -> dict[str, Any]:
    """A field's description, the English of ``code``, and the code itself for the refusal."""
    return {"description": templates()[code], "json_schema_extra": {"expects": code}}


Text = Annotated[str, Field(max_length=TEXT_LIMIT, **expects(STRING))]
FileText = Annotated[str, Field(max_length=FILE_LIMIT, **expects(STRING))]
Number = Annotated[int, Field(ge=-MAX_NUMBER, le=MAX_NUMBER, **expects(NUMBER))]
Seed = Annotated[int, Field(ge=0, le=MAX_SEED, **expects(NUMBER))]
_RANGE_ERRORS = frozenset({"greater_than_equal", "less_than_equal", "greater_than", "less_than"})


class Body(BaseModel):
    """A request body: strict, frozen, unknown keys ignored."""

    model_config = ConfigDict(strict=True, frozen=True, extra="ignore")


Model = TypeVar("Model", bound=Body)


async def read(request: Request, model: type[Model]) -> Model:
    """The request's JSON body as ``model``, or a 400 naming the first problem."""
    try:
        data = json.loads(await request.body())
    except RecursionError:
        raise Refusal(400, msg(TOO_DEEP, limit=MAX_DEPTH)) from None
    except (ValueError, UnicodeDecodeError):  # also a number of more digits than Python converts
        raise Refusal(400, msg(NOT_JSON)) from None
    return parse(model, data)


def parse(model: type[Model], data: Any) -> Model:
    """``data`` (decoded JSON) as ``model``, or a 400 naming the first problem."""
    if not isinstance(data, dict):
        raise Refusal(400, msg(NOT_OBJECT))
    if depth(data) > MAX_DEPTH:
        raise Refusal(400, msg(TOO_DEEP, limit=MAX_DEPTH))
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise Refusal(400, _message(model, exc.errors()[0])) from None


def depth(data: Any) -> int:
    """How deep arrays and objects are nested in decoded JSON (a scalar: 0), without recursion.

    >>> depth({"a": [1, {"b": []}]}), depth("x")
    (4, 0)
    """
    deepest, todo = 0, [(data, 1)]
    while todo:
        node, level = todo.pop()
        if isinstance(node, dict | list):
            deepest = max(deepest, level)
            todo.extend((child, level + 1) for child in (node.values() if isinstance(node, dict) else node))
    return deepest


def _message(model: type[Body], error: ErrorDetails) -> Message:
    key = str(error["loc"][0]) if error["loc"] else ""
    if error["type"] == "string_too_long" and len(error["loc"]) == 1:
        return msg(TOO_LONG, key=key, limit=error.get("ctx", {}).get("max_length"))
    field = model.model_fields.get(key)
    extra = field.json_schema_extra if field is not None else None
    code = extra.get("expects") if isinstance(extra, dict) else None
    if isinstance(code, str) and is_defined(code):
        expected: str | Message = msg(code)
    else:  # a field declared without expects(): its description as it is, else "something else"
        expected = field.description if field is not None and field.description else msg(SOMETHING_ELSE)
    got = None if error["type"] == "missing" else error["input"]
    if error["type"] in _RANGE_ERRORS and field is not None:
        low = next((m.ge for m in field.metadata if isinstance(m, Ge)), None)
        high = next((m.le for m in field.metadata if isinstance(m, Le)), None)
        return msg(EXPECTED_RANGE, key=key, expected=expected, low=low, high=high, got=_shown(got))
    if code not in (STRING, NUMBER):
        return msg(EXPECTED, key=key, expected=expected)
    return msg(EXPECTED_GOT, key=key, expected=expected, got=_shown(got))


def _shown(value: Any, limit: int = 40) -> str:
    """``value`` as JSON, cut short: a refusal quotes the input, not a megabyte of it."""
    try:
        text = json.dumps(value)
    except ValueError:  # an integer of more digits than Python prints
        text = msg(TOO_LARGE_NUMBER).text("en")
    return text if len(text) <= limit else text[:limit] + "…"


class YamlBody(Body):
    """``POST /api/rulesets``, ``POST /api/validate``."""

    yaml: FileText


class FormYamlBody(Body):
    """``POST /api/rulesets/yaml``: the editor's form; the server writes the YAML."""

    yaml: FileText
    values: dict[str, bool | int | str | None] = Field(
        default_factory=dict, **expects(SETTINGS_OBJECT))
    parent: Text = Field("table-convention", **expects(STRING))


class ScoreBody(Body):
    """``POST /api/score`` (and ``GET /score``'s query)."""

    rulesets: list[str] = Field(min_length=1, max_length=20, **expects(RULESETS_20))
    points: Number
    tricks: Number
    mode: Text = "trump"
    calls: Number = 0
    pending_ties: Number = 0
    last_trick: str | None = Field(None, max_length=TEXT_LIMIT, **expects(SIDE_OR_NULL))
    turned: str | None = Field(None, max_length=TEXT_LIMIT, **expects(CARD_OR_NULL))


class SheetBody(Body):
    """``POST /api/sheets``."""

    ruleset: Text
    team_a: Text = ""
    team_b: Text = ""
    note: Text = ""
    player_names: list[Text] = Field([], max_length=6, **expects(PLAYER_NAMES))


class DescribeBody(Body):
    """``PUT /api/sheets/{id}``."""

    by: Text = ""
    team_a: Text = ""
    team_b: Text = ""
    note: Text = ""
    # A name per seat where each player keeps a score; None keeps the names.
    player_names: list[Text] | None = Field(None, max_length=6, **expects(PLAYER_NAMES))


class ImportBody(DescribeBody):
    """``POST /api/sheets/import``: ``sheet`` is the JSON of a ``manille scoresheet`` file."""

    sheet: Any = None
    by: Text = ""


class EntryFields(Body):
    """A deal as a form's fields: the figures of ``side`` (the server writes them as team A's)."""

    mode: Text
    side: Literal["A", "B"] = Field("A", **expects(SIDE))
    points: Number = 0
    tricks: Number = 0
    calls: Number = 0
    last: Literal["A", "B"] | None = Field(None, **expects(SIDE_OR_NULL))
    turned: str | None = Field(None, max_length=TEXT_LIMIT, **expects(CARD_OR_NULL))


class CheckBody(Body):
    """``POST /api/sheets/{id}/check``: an ``entry``, or a form's ``fields``."""

    entry: Text | None = None
    fields: EntryFields | None = Field(None, **expects(FIELDS))
    number: int | None = Field(None, strict=False, ge=-MAX_NUMBER, le=MAX_NUMBER, **expects(DEAL_NUMBER))


class EditDealBody(Body):
    """``PUT /api/sheets/{id}/deals/{n}``."""

    entry: Text
    by: Text = ""


class AddDealBody(EditDealBody):
    """``POST /api/sheets/{id}/deals``: an ``entry``, or a form's ``fields`` (the server writes
    the entry, as for ``check``: a phone that kept a deal while offline sends what was typed);
    the same ``id`` again adds nothing."""

    entry: Text | None = None  # type: ignore[assignment]
    fields: EntryFields | None = Field(None, **expects(FIELDS))
    id: str | None = Field(None, max_length=100, **expects(ID))


class RestoreBody(Body):
    """``POST /api/sheets/{id}/restore``: undo the removal ``removal`` (a change's id in the
    sheet's ``history``)."""

    removal: int = Field(strict=False, ge=1, le=2**62, **expects(REMOVAL))
    by: Text = ""


class PlayBody(Body):
    """``POST /api/play``."""

    ruleset: Text = "table-convention"
    seed: Seed = 0
    bots: Text = "heuristic"


class ActBody(Body):
    """``POST /api/play/{id}/act``."""

    action: Text


class CompareBody(Body):
    """``POST /api/compare``."""

    rulesets: list[str] = Field(min_length=1, max_length=8, **expects(RULESETS_8))
    deals: Number = 1000
    bots: Text = "heuristic"
    seed: Seed = 1


class AdviseBody(Body):
    """``POST /api/advise`` (and ``GET /advise``'s query)."""

    ruleset: Text
    hand: Text
    score: Text = "0-0"
    pending_ties: Number = 0
    samples: Number = 24
    seed: Seed = 1
    unseen: bool = Field(False, **expects(BOOLEAN))


class AnalyzeBody(Body):
    """``POST /api/analyze``: ``record`` is the file's text."""

    record: FileText
    name: Text = ""
    ruleset: Text = ""


class TableBody(Body):
    """``POST /api/tables``: the ruleset, the bots by seat (``{"1": "heuristic"}``), the people's names."""

    ruleset: Text = "table-convention"
    bots: dict[str, Text] = Field(default_factory=dict, **expects(BOTS))
    names: dict[str, Text] = Field(default_factory=dict, **expects(NAMES))


class TableActBody(Body):
    """``POST /api/tables/{id}/act``: a card, a choice, or ``next`` (the next deal)."""

    action: Text


class AwayBody(Body):
    """``POST /api/tables/{id}/seats/{seat}``: a bot plays for the person (``true``) or not."""

    away: bool = Field(**expects(BOOLEAN))


class EveningBody(Body):
    """``POST /api/evenings``: the players (their names), the rounds, the seed of the draw."""

    name: Text = ""
    ruleset: Text = "table-convention"
    players: list[Text] = Field(min_length=4, max_length=200, **expects(PLAYERS))
    rounds: Number = 3
    seed: Number = 0
