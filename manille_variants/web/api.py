"""The JSON API (the pages use it; scripts and tests may too).  Thin handlers: the work lives
in :mod:`~manille_variants.web.storage`, :mod:`~manille_variants.web.sheets`,
:mod:`~manille_variants.web.scoring`, :mod:`~manille_variants.web.play`,
:mod:`~manille_variants.web.compare` and :mod:`~manille_variants.web.search`."""

from __future__ import annotations

import json
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from manille_variants.errors import Problem, RulesetError
from manille_variants.table.scoresheet import ScoreSheet
from manille_variants.web.engine_words import game_view, refusal_message
from manille_variants.web.i18n import localize
from manille_variants.web.play import Game, Games, RefusedCard
from manille_variants.web.render import page_language
from manille_variants.web.rulesets import check_text, choices, resolve, values
from manille_variants.web.scoring import score_across
from manille_variants.web.search import advice_json, analysis_json
from manille_variants.web.sheets import entry_problem, sheet_json
from manille_variants.web.storage import Store

__all__ = ["ROUTES", "problem_json"]

_TEXT_LIMIT = 200  # team names, notes, who entered a deal


def problem_json(problem: Problem) -> dict[str, Any]:
    return {"line": problem.line, "column": problem.column, "path": problem.path, "message": problem.message}


async def _body(request: Request) -> dict[str, Any]:
    try:
        data = json.loads(await request.body())
    except (ValueError, UnicodeDecodeError):
        raise HTTPException(400, "the body is not JSON") from None
    if not isinstance(data, dict):
        raise HTTPException(400, "the body must be a JSON object")
    return data


def _str(data: dict[str, Any], key: str, default: str | None = None, limit: int = _TEXT_LIMIT) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise HTTPException(400, f"{key}: expected a string (got {json.dumps(value)})")
    if len(value) > limit:
        raise HTTPException(400, f"{key}: at most {limit} characters")
    return value


def _int(data: dict[str, Any], key: str, default: int | None = None) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise HTTPException(400, f"{key}: expected a whole number (got {json.dumps(value)})")
    return value


def _store(request: Request) -> Store:
    store: Store = request.app.state.store
    return store


# ------------------------------------------------------------------------- rulesets
async def list_rulesets(request: Request) -> Response:
    found = await run_in_threadpool(choices, _store(request))
    return JSONResponse([c.as_json() for c in found])


async def save_ruleset(request: Request) -> Response:
    text = _str(await _body(request), "yaml", limit=1024 * 1024)
    rs = await run_in_threadpool(check_text, text)
    await run_in_threadpool(_store(request).save_ruleset, rs.name, text)
    return JSONResponse({"ok": True, "name": rs.name, "title": rs.title}, 201)


async def validate(request: Request) -> Response:
    text = _str(await _body(request), "yaml", limit=1024 * 1024)
    try:
        rs = await run_in_threadpool(check_text, text)
    except RulesetError as exc:
        return JSONResponse({"ok": False, "problems": [problem_json(p) for p in exc.problems]})
    return JSONResponse({"ok": True, "problems": [], "name": rs.name, "values": values(rs)})


async def score(request: Request) -> Response:
    data = await _body(request)
    names = data.get("rulesets")
    if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names) or len(names) > 20:
        raise HTTPException(400, "rulesets: expected a list of 1 to 20 ruleset names")
    last = data.get("last_trick")
    turned = data.get("turned")
    results = await run_in_threadpool(
        lambda: score_across(_store(request), names, points=_int(data, "points"), tricks=_int(data, "tricks"),
                             mode=_str(data, "mode", "trump"), calls=_int(data, "calls", 0),
                             pending_ties=_int(data, "pending_ties", 0),
                             last_trick=last if isinstance(last, str) else None,
                             turned=turned if isinstance(turned, str) and turned else None,
                             lang=page_language(request)))
    return JSONResponse({"results": results})


# ------------------------------------------------------------------------- sheets
async def list_sheets(request: Request) -> Response:
    sheets = await run_in_threadpool(_store(request).sheets)
    return JSONResponse([sheet_json(s, page_language(request)) for s in sheets])


async def create_sheet(request: Request) -> Response:
    data = await _body(request)
    store = _store(request)
    rs = await run_in_threadpool(resolve, store, _str(data, "ruleset"))
    sheet = await run_in_threadpool(lambda: store.create_sheet(
        rs, team_a=_str(data, "team_a", ""), team_b=_str(data, "team_b", ""), note=_str(data, "note", "")))
    return JSONResponse(sheet_json(sheet, page_language(request)), 201)


async def import_sheet(request: Request) -> Response:
    """``{sheet: <the JSON of a manille scoresheet file>, team_a, team_b, note}``."""
    data = await _body(request)
    parsed = ScoreSheet.from_json(data.get("sheet"), "sheet")
    store = _store(request)
    sheet = await run_in_threadpool(lambda: store.create_sheet(
        parsed.ruleset, team_a=_str(data, "team_a", ""), team_b=_str(data, "team_b", ""),
        note=_str(data, "note", ""), entries=[e.text for e in parsed.entries], by=_str(data, "by", "")))
    return JSONResponse(sheet_json(sheet, page_language(request)), 201)


async def get_sheet(request: Request) -> Response:
    """The sheet; with ``?since=REVISION``, 204 No Content while it has not changed (for polling)."""
    store, sheet_id = _store(request), request.path_params["id"]
    since = request.query_params.get("since", "")
    if since.isdigit() and await run_in_threadpool(store.revision, sheet_id) == int(since):
        return Response(status_code=204)
    sheet = await run_in_threadpool(store.sheet, sheet_id)
    return JSONResponse(sheet_json(sheet, page_language(request)))


async def describe_sheet(request: Request) -> Response:
    data = await _body(request)
    sheet = await run_in_threadpool(lambda: _store(request).describe_sheet(
        request.path_params["id"], team_a=_str(data, "team_a", ""), team_b=_str(data, "team_b", ""),
        note=_str(data, "note", "")))
    return JSONResponse(sheet_json(sheet, page_language(request)))


async def check_entry(request: Request) -> Response:
    """Would ``entry`` be accepted as the next deal (or as deal ``number``)?  Nothing is saved."""
    data = await _body(request)
    entry = _str(data, "entry")
    number = data.get("number")
    sheet = await run_in_threadpool(_store(request).sheet, request.path_params["id"])
    error = await run_in_threadpool(entry_problem, sheet, entry, number if isinstance(number, int) else None)
    message = localize(page_language(request), error) if error is not None else None
    return JSONResponse({"ok": error is None, "error": error, "message": message})


async def add_deal(request: Request) -> Response:
    data = await _body(request)
    client_id = data.get("id")
    if client_id is not None and (not isinstance(client_id, str) or len(client_id) > 100):
        raise HTTPException(400, "id: expected a string of at most 100 characters")
    sheet = await run_in_threadpool(lambda: _store(request).add_deal(
        request.path_params["id"], _str(data, "entry"), client_id=client_id, by=_str(data, "by", "")))
    return JSONResponse(sheet_json(sheet, page_language(request)))


async def undo_deal(request: Request) -> Response:
    sheet = await run_in_threadpool(_store(request).remove_deal, request.path_params["id"])
    return JSONResponse(sheet_json(sheet, page_language(request)))


async def replace_deal(request: Request) -> Response:
    data = await _body(request)
    sheet = await run_in_threadpool(lambda: _store(request).replace_deal(
        request.path_params["id"], request.path_params["n"], _str(data, "entry"), by=_str(data, "by", "")))
    return JSONResponse(sheet_json(sheet, page_language(request)))


async def remove_deal(request: Request) -> Response:
    sheet = await run_in_threadpool(_store(request).remove_deal, request.path_params["id"],
                                    request.path_params["n"])
    return JSONResponse(sheet_json(sheet, page_language(request)))


# ------------------------------------------------------------------------- play
def _games(request: Request) -> Games:
    games: Games = request.app.state.games
    return games


def _view(request: Request, game: Game, status: int = 200) -> Response:
    """The game as you may see it, the last deal's factors and notes also in the page's language."""
    return JSONResponse(game_view(page_language(request), game), status)


async def start_game(request: Request) -> Response:
    data = await _body(request)
    rs = await run_in_threadpool(resolve, _store(request), _str(data, "ruleset", "table-convention"))
    seed = _int(data, "seed", 0)
    game = await run_in_threadpool(_games(request).start, rs, seed, _str(data, "bots", "heuristic"))
    return _view(request, game, 201)


async def game_state(request: Request) -> Response:
    game = await run_in_threadpool(_games(request).get, request.path_params["id"])
    return _view(request, game)


async def game_act(request: Request) -> Response:
    action = _str(await _body(request), "action")
    try:
        game = await run_in_threadpool(_games(request).act, request.path_params["id"], action)
    except RefusedCard as exc:
        message = refusal_message(page_language(request), exc)  # `error` keeps the English
        return JSONResponse({"error": str(exc), "message": message, "clause": exc.clause, "legal": exc.legal}, 400)
    return _view(request, game)


async def game_next(request: Request) -> Response:
    game = await run_in_threadpool(_games(request).next_deal, request.path_params["id"])
    return _view(request, game)


async def game_record(request: Request) -> Response:
    game = await run_in_threadpool(_games(request).get, request.path_params["id"])
    text = await run_in_threadpool(game.record_text)
    return Response(text, media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="manille-{game.id}.json"'})


# ------------------------------------------------------------------------- compare
async def start_compare(request: Request) -> Response:
    data = await _body(request)
    names = data.get("rulesets")
    if not isinstance(names, list) or not 1 <= len(names) <= 8 or not all(isinstance(n, str) for n in names):
        raise HTTPException(400, "rulesets: expected a list of 1 to 8 ruleset names")
    store = _store(request)
    rulesets = [await run_in_threadpool(resolve, store, n) for n in names]
    job = request.app.state.jobs.start(rulesets, _int(data, "deals", 1000), _str(data, "bots", "heuristic"),
                                       _int(data, "seed", 1))
    return JSONResponse(job.as_json(), 201)


async def compare_state(request: Request) -> Response:
    job = request.app.state.jobs.get(request.path_params["id"])
    if job is None:
        raise HTTPException(404, "no such comparison")
    return JSONResponse(job.as_json())


# ------------------------------------------------------------------------- search
async def advice(request: Request) -> Response:
    """``{ruleset, hand, score?, pending_ties?, samples?, seed?}``: the JSON of ``manille advise --json``."""
    data = await _body(request)
    answer = await run_in_threadpool(lambda: advice_json(
        _store(request), _str(data, "ruleset"), _str(data, "hand"), score=_str(data, "score", "0-0"),
        pending_ties=_int(data, "pending_ties", 0), samples=_int(data, "samples", 24), seed=_int(data, "seed", 1)))
    return JSONResponse(answer)


async def analysis(request: Request) -> Response:
    """``{record, name?, ruleset?}`` (``record``: the file's text): the JSON of ``manille analyze --json``."""
    data = await _body(request)
    answer = await run_in_threadpool(lambda: analysis_json(
        _store(request), _str(data, "record", limit=1024 * 1024), _str(data, "name", ""), _str(data, "ruleset", "")))
    return JSONResponse(answer)


ROUTES = [
    Route("/api/rulesets", list_rulesets, methods=["GET"]),
    Route("/api/rulesets", save_ruleset, methods=["POST"]),
    Route("/api/validate", validate, methods=["POST"]),
    Route("/api/score", score, methods=["POST"]),
    Route("/api/sheets", list_sheets, methods=["GET"]),
    Route("/api/sheets", create_sheet, methods=["POST"]),
    Route("/api/sheets/import", import_sheet, methods=["POST"]),
    Route("/api/sheets/{id}", get_sheet, methods=["GET"]),
    Route("/api/sheets/{id}", describe_sheet, methods=["PUT"]),
    Route("/api/sheets/{id}/check", check_entry, methods=["POST"]),
    Route("/api/sheets/{id}/deals", add_deal, methods=["POST"]),
    Route("/api/sheets/{id}/deals/last", undo_deal, methods=["DELETE"]),
    Route("/api/sheets/{id}/deals/{n:int}", replace_deal, methods=["PUT"]),
    Route("/api/sheets/{id}/deals/{n:int}", remove_deal, methods=["DELETE"]),
    Route("/api/play", start_game, methods=["POST"]),
    Route("/api/play/{id}", game_state, methods=["GET"]),
    Route("/api/play/{id}/act", game_act, methods=["POST"]),
    Route("/api/play/{id}/next", game_next, methods=["POST"]),
    Route("/api/play/{id}/record", game_record, methods=["GET"]),
    Route("/api/compare", start_compare, methods=["POST"]),
    Route("/api/compare/{id}", compare_state, methods=["GET"]),
    Route("/api/advise", advice, methods=["POST"]),
    Route("/api/analyze", analysis, methods=["POST"]),
]
