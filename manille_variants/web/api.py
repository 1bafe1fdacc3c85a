"""The JSON API's writes and actions (the pages' scripts use it; scripts and tests may too).

Thin handlers: each body is read by its model (:mod:`~manille_variants.web.bodies`), the work
lives in :mod:`~manille_variants.web.storage`, :mod:`~manille_variants.web.sheets`,
:mod:`~manille_variants.web.play`, :mod:`~manille_variants.web.compare` and
:mod:`~manille_variants.web.search`.  What a page also shows (the rulesets, the sheets, a
game, a score across rulesets, the advice) is answered by its one view in
:mod:`~manille_variants.web.views`."""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.convertors import Convertor, register_url_convertor
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from manille_variants.errors import Problem, RulesetError
from manille_variants.messages import define, from_json, msg
from manille_variants.table.scoresheet import ScoreSheet
from manille_variants.web.bodies import (
    ActBody,
    AddDealBody,
    AnalyzeBody,
    CheckBody,
    CompareBody,
    DescribeBody,
    EditDealBody,
    FormYamlBody,
    ImportBody,
    PlayBody,
    RestoreBody,
    SheetBody,
    YamlBody,
    read,
)
from manille_variants.web.engine_words import game_view, refusal_message
from manille_variants.web.play import Games, RefusedCard
from manille_variants.web.render import Refusal, page_language
from manille_variants.web.rulesets import check_text, extends_of, form_yaml, resolve, values
from manille_variants.web.search import analysis_json
from manille_variants.web.security import spend
from manille_variants.web.sheets import entry_check, entry_refusal, entry_text, refusal_json, sheet_json
from manille_variants.web.storage import Store
from manille_variants.web.views import game_context, respond

__all__ = ["ROUTES", "DealNumber", "problem_json"]


class DealNumber(Convertor[int]):
    """A deal's number in a path: at most 9 digits, so that no path makes the server convert
    thousands of digits (Starlette's ``int`` takes any length)."""

    regex = "[0-9]{1,9}"

    def convert(self, value: str) -> int:
        return int(value)

    def to_string(self, value: int) -> str:
        return str(value)


register_url_convertor("deal", DealNumber())


NO_ENTRY = define("web.no-entry", "entry: expected a string (got null)")
NO_COMPARISON = define("web.no-such-comparison", "no such comparison")


def problem_json(problem: Problem, lang: str = "en") -> dict[str, Any]:
    """A ruleset problem: its place, its English ``message``, its ``code`` and ``params``, and
    ``text``, its words in ``lang``."""
    coded = problem.json()
    return {"line": problem.line, "column": problem.column, "path": problem.path, "message": problem.message,
            "code": coded["code"], "params": coded["params"], "text": problem.message_text(lang)}


def _store(request: Request) -> Store:
    store: Store = request.app.state.store
    return store


# ------------------------------------------------------------------------- rulesets
async def save_ruleset(request: Request) -> Response:
    text = (await read(request, YamlBody)).yaml
    rs = await run_in_threadpool(check_text, text)
    await run_in_threadpool(_store(request).save_ruleset, rs.name, text)
    return JSONResponse({"ok": True, "name": rs.name, "title": rs.title}, 201)


async def form_yaml_text(request: Request) -> Response:
    """``{yaml, values, parent}``: the editor's YAML after a change in its form (``{yaml}``),
    written by the server: the header of ``yaml`` and the values that differ from the parent's."""
    body = await read(request, FormYamlBody)
    parent = await run_in_threadpool(resolve, _store(request), extends_of(body.yaml) or body.parent)
    return JSONResponse({"yaml": form_yaml(body.yaml, dict(body.values), parent)})


async def validate(request: Request) -> Response:
    text = (await read(request, YamlBody)).yaml
    try:
        rs = await run_in_threadpool(check_text, text)
    except RulesetError as exc:
        lang = page_language(request)
        return JSONResponse({"ok": False, "problems": [problem_json(p, lang) for p in exc.problems]})
    return JSONResponse({"ok": True, "problems": [], "name": rs.name, "values": values(rs)})


# ------------------------------------------------------------------------- sheets
async def create_sheet(request: Request) -> Response:
    body = await read(request, SheetBody)
    store = _store(request)
    rs = await run_in_threadpool(resolve, store, body.ruleset)
    sheet = await run_in_threadpool(lambda: store.create_sheet(
        rs, team_a=body.team_a, team_b=body.team_b, note=body.note, players=body.player_names))
    return JSONResponse(sheet_json(sheet, page_language(request)), 201)


async def import_sheet(request: Request) -> Response:
    """``{sheet: <the JSON of a manille scoresheet file>, team_a, team_b, note}``."""
    body = await read(request, ImportBody)
    parsed = ScoreSheet.from_json(body.sheet, "sheet")
    store = _store(request)
    sheet = await run_in_threadpool(lambda: store.create_sheet(
        parsed.ruleset, team_a=body.team_a, team_b=body.team_b, note=body.note,
        entries=[e.text for e in parsed.entries], by=body.by))
    return JSONResponse(sheet_json(sheet, page_language(request)), 201)


async def describe_sheet(request: Request) -> Response:
    body = await read(request, DescribeBody)
    sheet = await run_in_threadpool(lambda: _store(request).describe_sheet(
        request.path_params["id"], team_a=body.team_a, team_b=body.team_b, note=body.note, by=body.by,
        players=body.player_names))
    return JSONResponse(sheet_json(sheet, page_language(request)))


async def check_entry(request: Request) -> Response:
    """Would the deal be accepted as the next one (or as deal ``number``)?  Nothing is saved.

    ``{ok, error, message}`` for an ``entry``; for a form's ``fields``, also ``entry``, the entry
    as the server writes it, and ``other``, the other side's figures (the page never reads or
    writes the entry's grammar)."""
    body = await read(request, CheckBody)
    sheet = await run_in_threadpool(_store(request).sheet, request.path_params["id"])
    if body.fields is not None:
        answer = await run_in_threadpool(entry_check, sheet, body.fields, body.number)
    elif body.entry is not None:
        refusal = await run_in_threadpool(entry_refusal, sheet, body.entry, body.number)
        answer = {"ok": refusal is None, **refusal_json(refusal)}
    else:
        raise Refusal(400, msg(NO_ENTRY))
    message = None
    if answer["error"] is not None:
        known = answer["code"] != "error"
        message = from_json(answer).text(page_language(request)) if known else answer["error"]
    return JSONResponse({**answer, "message": message})


async def add_deal(request: Request) -> Response:
    body = await read(request, AddDealBody)
    store, sheet_id = _store(request), request.path_params["id"]
    if (fields := body.fields) is not None:
        entry = await run_in_threadpool(lambda: entry_text(store.sheet(sheet_id), fields))
    elif body.entry is not None:
        entry = body.entry
    else:
        raise Refusal(400, msg(NO_ENTRY))
    sheet = await run_in_threadpool(lambda: store.add_deal(sheet_id, entry, client_id=body.id, by=body.by))
    return JSONResponse(sheet_json(sheet, page_language(request)))


def _by(request: Request) -> str:
    """Who asks for a removal (``?by=``, as a body's ``by``)."""
    return request.query_params.get("by", "")[:200]


async def undo_deal(request: Request) -> Response:
    sheet = await run_in_threadpool(lambda: _store(request).remove_deal(request.path_params["id"], by=_by(request)))
    return JSONResponse(sheet_json(sheet, page_language(request)))


async def restore_deal(request: Request) -> Response:
    """Undo a removal (``{removal, by}``: the removal's id in the sheet's ``history``)."""
    body = await read(request, RestoreBody)
    sheet = await run_in_threadpool(lambda: _store(request).restore_deal(
        request.path_params["id"], body.removal, by=body.by))
    return JSONResponse(sheet_json(sheet, page_language(request)))


async def replace_deal(request: Request) -> Response:
    body = await read(request, EditDealBody)
    sheet = await run_in_threadpool(lambda: _store(request).replace_deal(
        request.path_params["id"], request.path_params["n"], body.entry, by=body.by))
    return JSONResponse(sheet_json(sheet, page_language(request)))


async def remove_deal(request: Request) -> Response:
    sheet = await run_in_threadpool(lambda: _store(request).remove_deal(
        request.path_params["id"], request.path_params["n"], by=_by(request)))
    return JSONResponse(sheet_json(sheet, page_language(request)))


# ------------------------------------------------------------------------- play
def _games(request: Request) -> Games:
    games: Games = request.app.state.games
    return games


async def start_game(request: Request) -> Response:
    body = await read(request, PlayBody)
    spend(request)
    rs = await run_in_threadpool(resolve, _store(request), body.ruleset)
    game = await run_in_threadpool(_games(request).start, rs, body.seed, body.bots)
    return await respond(request, game_context(request, game_view(page_language(request), game), 201))


async def game_act(request: Request) -> Response:
    action = (await read(request, ActBody)).action
    try:
        game = await run_in_threadpool(_games(request).act, request.path_params["id"], action)
    except RefusedCard as exc:
        message = refusal_message(page_language(request), exc)  # `error` keeps the English
        coded = exc.json()
        return JSONResponse({"error": str(exc), "code": coded["code"], "params": coded["params"], "message": message,
                             "clause": exc.clause, "legal": exc.legal, "why": exc.why.json()}, 400)
    return await respond(request, game_context(request, game_view(page_language(request), game)))


async def game_next(request: Request) -> Response:
    game = await run_in_threadpool(_games(request).next_deal, request.path_params["id"])
    return await respond(request, game_context(request, game_view(page_language(request), game)))


async def game_record(request: Request) -> Response:
    game = await run_in_threadpool(_games(request).get, request.path_params["id"])
    text = await run_in_threadpool(game.record_text)
    return Response(text, media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="manille-{game.id}.json"'})


# ------------------------------------------------------------------------- compare
async def start_compare(request: Request) -> Response:
    body = await read(request, CompareBody)
    spend(request)
    store = _store(request)
    rulesets = [await run_in_threadpool(resolve, store, n) for n in body.rulesets]
    job = request.app.state.jobs.start(rulesets, body.deals, body.bots, body.seed)
    return JSONResponse(job.as_json(), 201)


async def compare_state(request: Request) -> Response:
    job = request.app.state.jobs.get(request.path_params["id"])
    if job is None:
        raise Refusal(404, msg(NO_COMPARISON))
    return JSONResponse(job.as_json(page_language(request)))


# ------------------------------------------------------------------------- search
async def analysis(request: Request) -> Response:
    """``{record, name?, ruleset?}`` (``record``: the file's text): the JSON of ``manille analyze --json``."""
    body = await read(request, AnalyzeBody)
    spend(request)
    answer = await run_in_threadpool(lambda: analysis_json(_store(request), body.record, body.name, body.ruleset))
    return JSONResponse(answer)


ROUTES = [
    Route("/api/rulesets", save_ruleset, methods=["POST"]),
    Route("/api/rulesets/yaml", form_yaml_text, methods=["POST"]),
    Route("/api/validate", validate, methods=["POST"]),
    Route("/api/sheets", create_sheet, methods=["POST"]),
    Route("/api/sheets/import", import_sheet, methods=["POST"]),
    Route("/api/sheets/{id}", describe_sheet, methods=["PUT"]),
    Route("/api/sheets/{id}/check", check_entry, methods=["POST"]),
    Route("/api/sheets/{id}/deals", add_deal, methods=["POST"]),
    Route("/api/sheets/{id}/deals/last", undo_deal, methods=["DELETE"]),
    Route("/api/sheets/{id}/restore", restore_deal, methods=["POST"]),
    Route("/api/sheets/{id}/deals/{n:deal}", replace_deal, methods=["PUT"]),
    Route("/api/sheets/{id}/deals/{n:deal}", remove_deal, methods=["DELETE"]),
    Route("/api/play", start_game, methods=["POST"]),
    Route("/api/play/{id}/act", game_act, methods=["POST"]),
    Route("/api/play/{id}/next", game_next, methods=["POST"]),
    Route("/api/play/{id}/record", game_record, methods=["GET"]),
    Route("/api/compare", start_compare, methods=["POST"]),
    Route("/api/compare/{id}", compare_state, methods=["GET"]),
    Route("/api/analyze", analysis, methods=["POST"]),
]
