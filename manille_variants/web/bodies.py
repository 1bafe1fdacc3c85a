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

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic_core import ErrorDetails
from starlette.exceptions import HTTPException
from starlette.requests import Request

__all__ = [
    "ActBody", "AddDealBody", "AdviseBody", "AnalyzeBody", "AwayBody", "Body", "CheckBody", "CompareBody",
    "DescribeBody", "EditDealBody", "EntryFields", "EveningBody", "FormYamlBody", "ImportBody", "PlayBody",
    "ScoreBody", "SheetBody", "TableActBody", "TableBody", "YamlBody", "parse", "read",
]

TEXT_LIMIT = 200  # team names, notes, who entered a deal, an entry, a ruleset's name
FILE_LIMIT = 1024 * 1024  # a ruleset file, a game record

STRING = "a string"
NUMBER = "a whole number"
Text = Annotated[str, Field(max_length=TEXT_LIMIT, description=STRING)]
FileText = Annotated[str, Field(max_length=FILE_LIMIT, description=STRING)]
Number = Annotated[int, Field(description=NUMBER)]


class Body(BaseModel):
    """A request body: strict, frozen, unknown keys ignored."""

    model_config = ConfigDict(strict=True, frozen=True, extra="ignore")


Model = TypeVar("Model", bound=Body)


async def read(request: Request, model: type[Model]) -> Model:
    """The request's JSON body as ``model``, or a 400 naming the first problem."""
    try:
        data = json.loads(await request.body())
    except (ValueError, UnicodeDecodeError):
        raise HTTPException(400, "the body is not JSON") from None
    return parse(model, data)


def parse(model: type[Model], data: Any) -> Model:
    """``data`` (decoded JSON) as ``model``, or a 400 naming the first problem."""
    if not isinstance(data, dict):
        raise HTTPException(400, "the body must be a JSON object")
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise HTTPException(400, _message(model, exc.errors()[0])) from None


def _message(model: type[Body], error: ErrorDetails) -> str:
    key = str(error["loc"][0]) if error["loc"] else ""
    if error["type"] == "string_too_long" and len(error["loc"]) == 1:
        return f"{key}: at most {error.get('ctx', {}).get('max_length')} characters"
    field = model.model_fields.get(key)
    expected = field.description if field is not None and field.description else "something else"
    if expected not in (STRING, NUMBER):
        return f"{key}: expected {expected}"
    got = None if error["type"] == "missing" else error["input"]
    return f"{key}: expected {expected} (got {json.dumps(got)})"


class YamlBody(Body):
    """``POST /api/rulesets``, ``POST /api/validate``."""

    yaml: FileText


class FormYamlBody(Body):
    """``POST /api/rulesets/yaml``: the editor's form; the server writes the YAML."""

    yaml: FileText
    values: dict[str, bool | int | str | None] = Field(
        default_factory=dict, description="an object of setting paths and their values")
    parent: Text = Field("table-convention", description=STRING)


class ScoreBody(Body):
    """``POST /api/score`` (and ``GET /score``'s query)."""

    rulesets: list[str] = Field(min_length=1, max_length=20, description="a list of 1 to 20 ruleset names")
    points: Number
    tricks: Number
    mode: Text = "trump"
    calls: Number = 0
    pending_ties: Number = 0
    last_trick: str | None = Field(None, max_length=TEXT_LIMIT, description="A, B or null")
    turned: str | None = Field(None, max_length=TEXT_LIMIT, description="a card or null")


class SheetBody(Body):
    """``POST /api/sheets``."""

    ruleset: Text
    team_a: Text = ""
    team_b: Text = ""
    note: Text = ""


class DescribeBody(Body):
    """``PUT /api/sheets/{id}``."""

    team_a: Text = ""
    team_b: Text = ""
    note: Text = ""


class ImportBody(DescribeBody):
    """``POST /api/sheets/import``: ``sheet`` is the JSON of a ``manille scoresheet`` file."""

    sheet: Any = None
    by: Text = ""


class EntryFields(Body):
    """A deal as a form's fields: the figures of ``side`` (the server writes them as team A's)."""

    mode: Text
    side: Literal["A", "B"] = Field("A", description="A or B")
    points: Number = 0
    tricks: Number = 0
    calls: Number = 0
    last: Literal["A", "B"] | None = Field(None, description="A, B or null")
    turned: str | None = Field(None, max_length=TEXT_LIMIT, description="a card or null")


class CheckBody(Body):
    """``POST /api/sheets/{id}/check``: an ``entry``, or a form's ``fields``."""

    entry: Text | None = None
    fields: EntryFields | None = Field(None, description="an object of a deal's fields")
    number: int | None = Field(None, strict=False, description="a deal's number or null")


class EditDealBody(Body):
    """``PUT /api/sheets/{id}/deals/{n}``."""

    entry: Text
    by: Text = ""


class AddDealBody(EditDealBody):
    """``POST /api/sheets/{id}/deals``: the same ``id`` again adds nothing."""

    id: str | None = Field(None, max_length=100, description="a string of at most 100 characters")


class PlayBody(Body):
    """``POST /api/play``."""

    ruleset: Text = "table-convention"
    seed: Number = 0
    bots: Text = "heuristic"


class ActBody(Body):
    """``POST /api/play/{id}/act``."""

    action: Text


class CompareBody(Body):
    """``POST /api/compare``."""

    rulesets: list[str] = Field(min_length=1, max_length=8, description="a list of 1 to 8 ruleset names")
    deals: Number = 1000
    bots: Text = "heuristic"
    seed: Number = 1


class AdviseBody(Body):
    """``POST /api/advise`` (and ``GET /advise``'s query)."""

    ruleset: Text
    hand: Text
    score: Text = "0-0"
    pending_ties: Number = 0
    samples: Number = 24
    seed: Number = 1


class AnalyzeBody(Body):
    """``POST /api/analyze``: ``record`` is the file's text."""

    record: FileText
    name: Text = ""
    ruleset: Text = ""


class TableBody(Body):
    """``POST /api/tables``: the ruleset, the bots by seat (``{"1": "heuristic"}``), the people's names."""

    ruleset: Text = "table-convention"
    bots: dict[str, Text] = Field(default_factory=dict, description="an object of seats and bot names")
    names: dict[str, Text] = Field(default_factory=dict, description="an object of seats and names")


class TableActBody(Body):
    """``POST /api/tables/{id}/act``: a card, a choice, or ``next`` (the next deal)."""

    action: Text


class AwayBody(Body):
    """``POST /api/tables/{id}/seats/{seat}``: a bot plays for the person (``true``) or not."""

    away: bool = Field(description="true or false")


class EveningBody(Body):
    """``POST /api/evenings``: the players (their names), the rounds, the seed of the draw."""

    name: Text = ""
    ruleset: Text = "table-convention"
    players: list[Text] = Field(min_length=4, max_length=200, description="a list of 4 to 200 names")
    rounds: Number = 3
    seed: Number = 0
