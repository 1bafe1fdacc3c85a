"""One view per resource: each builds one context, answered as its page (HTML) or as JSON.

A resource that both a page and a script read (the rulesets, the sheets, a sheet, a game, a
deal scored across rulesets, the dealer's advice) has one view here.  Its context's ``data`` is
the JSON answer; the page shows the same ``data`` with what only a page needs beside it (the
forms' choices, the charts), computed only for the page.  JSON is answered at the ``/api/``
routes and to a request that asks for it first (``Accept: application/json``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from manille_variants.bots import BOTS
from manille_variants.errors import ManilleError
from manille_variants.messages import define, msg
from manille_variants.web.bodies import MAX_NUMBER, MAX_SEED, AdviseBody, ScoreBody, parse, read
from manille_variants.web.engine_words import game_view
from manille_variants.web.i18n import PAGE_WORDS
from manille_variants.web.play import Games
from manille_variants.web.render import Refusal, page_language, render, wants_json
from manille_variants.web.rulesets import choices
from manille_variants.web.scoring import score_across
from manille_variants.web.search import MAX_SAMPLES, advice_cost, advice_json
from manille_variants.web.security import spend
from manille_variants.web.share import share
from manille_variants.web.sheets import chart_svg, sheet_json
from manille_variants.web.storage import Store

__all__ = ["ROUTES", "Context", "bot_names", "respond"]


@dataclass(frozen=True)
class Context:
    """What a view shows: ``data`` (the JSON answer), and for its page the template and what
    the page adds beside ``data`` (called only for the page)."""

    data: Any
    template: str
    page: Callable[[], dict[str, Any]] = field(default=dict)
    status: int = 200


async def respond(request: Request, context: Context) -> Response:
    """The context as JSON, or as its page (the template sees ``data`` and the page's additions)."""
    if wants_json(request):
        return JSONResponse(context.data, context.status)
    extra = await run_in_threadpool(context.page)
    return render(request, context.template, context.status, data=context.data, **extra)


def _store(request: Request) -> Store:
    store: Store = request.app.state.store
    return store


def _games(request: Request) -> Games:
    games: Games = request.app.state.games
    return games


def bot_names() -> list[str]:
    return sorted(BOTS)


# ------------------------------------------------------------------------- rulesets
async def rulesets(request: Request) -> Response:
    """``GET /api/rulesets``, ``GET /rulesets``: ``[{name, title, extends, aliases, custom}]``."""
    found = await run_in_threadpool(choices, _store(request))
    return await respond(request, Context([c.as_json() for c in found], "rulesets.html"))


# ------------------------------------------------------------------------- sheets
async def sheets(request: Request) -> Response:
    """``GET /api/sheets``, ``GET /sheets``: every sheet, newest first (the page adds the new
    sheet's form and a small chart per sheet)."""
    store, lang = _store(request), page_language(request)
    found = await run_in_threadpool(store.sheets)
    data = [sheet_json(s, lang) for s in found]

    def page() -> dict[str, Any]:
        names = [c.name for c in choices(store)]
        return {"charts": [chart_svg(s, 300, 90) for s in found], "names": names,
                "default": "table-convention" if "table-convention" in names else names[0]}

    return await respond(request, Context(data, "sheets.html", page))


async def sheet(request: Request) -> Response:
    """``GET /api/sheets/{id}``, ``GET /sheets/{id}``; with ``?since=REVISION``, 204 No Content
    while the sheet has not changed (for polling)."""
    store, sheet_id = _store(request), request.path_params["id"]
    since = query_number(request, "since", None)
    if since is not None and await run_in_threadpool(store.revision, sheet_id) == since:
        return Response(status_code=204)
    found = await run_in_threadpool(store.sheet, sheet_id)
    data = sheet_json(found, page_language(request))
    return await respond(request, Context(data, "sheet.html", lambda: {"chart": chart_svg(found),
                                                                        "share": share(request)}))


# ------------------------------------------------------------------------- play
async def game(request: Request) -> Response:
    """``GET /api/play/{id}``, ``GET /play/{id}``: the game as you may see it (replayed if the
    server restarted); the page adds the new game's form."""
    found = await run_in_threadpool(_games(request).get, request.path_params["id"])
    return await respond(request, game_context(request, game_view(page_language(request), found)))


def game_context(request: Request, view: dict[str, Any] | None, status: int = 200) -> Context:
    """A game's context (None: the form for a new game only)."""
    def page() -> dict[str, Any]:
        shared = share(request, f"/play/{view['id']}") if view is not None else None
        return {"rulesets": choices(_store(request)), "bots": bot_names(), "share": shared}

    return Context(view, "play.html", page, status)


# ------------------------------------------------------------------------- score
async def score(request: Request) -> Response:
    """``POST /api/score`` (a JSON body), ``GET /score`` (the form; with its figures in the
    query, a browser without script, the results too): ``{results}``."""
    form = await read(request, ScoreBody) if request.method == "POST" else _score_query(request)
    store = _store(request)
    results = None if form is None else await run_in_threadpool(lambda: score_across(
        store, form.rulesets, points=form.points, tricks=form.tricks, mode=form.mode, calls=form.calls,
        pending_ties=form.pending_ties, last_trick=form.last_trick, turned=form.turned or None,
        lang=page_language(request)))

    def page() -> dict[str, Any]:
        found = choices(store)
        shown = form.model_dump() if form is not None else {
            "rulesets": [c.name for c in found[:4]], "mode": "trump", "points": 38, "tricks": 5, "calls": 0,
            "pending_ties": 0, "last_trick": None, "turned": None}
        return {"rulesets": found, "form": shown,
                "factor_words": {key for key in PAGE_WORDS if key.startswith("factor_")}}

    return await respond(request, Context({"results": results}, "score.html", page))


def _score_query(request: Request) -> ScoreBody | None:
    q = request.query_params
    points, tricks = query_number(request, "points", None), query_number(request, "tricks", None)
    if points is None or tricks is None:
        return None
    names = q.getlist("rulesets") or [c.name for c in choices(_store(request))[:4]]
    return parse(ScoreBody, {"rulesets": names, "points": points, "tricks": tricks,
                             "mode": q.get("mode", "trump"), "calls": query_number(request, "calls", 0),
                             "pending_ties": query_number(request, "pending_ties", 0),
                             "last_trick": q.get("last_trick") or None, "turned": q.get("turned") or None})


QUERY_NUMBER = define("web.query-number", "{key}: expected a whole number from 0 to {limit} (got {got!r})")


def query_number(request: Request, key: str, default: int | None, limit: int = MAX_NUMBER) -> int | None:
    """The query's ``key`` as a whole number from 0 to ``limit``; ``default`` when it is absent
    or empty; a 400 for anything else (read before any int() is taken of it: no 5 000 digits)."""
    text = request.query_params.get(key, "").strip()
    if not text:
        return default
    if not (text.isascii() and text.isdigit() and len(text) <= len(str(limit)) and int(text) <= limit):
        raise Refusal(400, msg(QUERY_NUMBER, key=key, limit=limit, got=text[:40]))
    return int(text)


def _number(request: Request, key: str, default: int, limit: int = MAX_NUMBER) -> int:
    found = query_number(request, key, default, limit)
    assert found is not None
    return found


# ------------------------------------------------------------------------- advise
async def advise(request: Request) -> Response:
    """``POST /api/advise`` (a JSON body: the JSON of ``manille advise --json``), ``GET /advise``
    (the form; with a hand in the query, a browser without script, the advice too, or the
    refusal under the form)."""
    form = await read(request, AdviseBody) if request.method == "POST" else _advise_query(request)
    store, advice, error = _store(request), None, None
    if form.hand or wants_json(request):
        spend(request, advice_cost(form.samples))
        try:
            advice = await run_in_threadpool(lambda: advice_json(
                store, form.ruleset, form.hand, score=form.score, pending_ties=form.pending_ties,
                samples=form.samples, seed=form.seed, unseen=form.unseen))
        except (ManilleError, HTTPException) as exc:
            if wants_json(request):
                raise
            error = _refusal_text(exc, page_language(request))

    def page() -> dict[str, Any]:
        return {"rulesets": choices(store), "form": form.model_dump(), "error": error, "max_samples": MAX_SAMPLES}

    return await respond(request, Context(advice, "advise.html", page))


def _refusal_text(exc: ManilleError | HTTPException, lang: str) -> str:
    """A refusal's words in ``lang`` (an uncoded HTTP error's detail as it is)."""
    if isinstance(exc, Refusal):
        return exc.message.text(lang)
    return str(exc.detail) if isinstance(exc, HTTPException) else exc.text(lang)


def _advise_query(request: Request) -> AdviseBody:
    q = request.query_params
    return parse(AdviseBody, {"ruleset": q.get("ruleset", "table-convention"), "hand": q.get("hand", ""),
                              "score": q.get("score", "0-0"), "pending_ties": _number(request, "pending_ties", 0),
                              "samples": _number(request, "samples", 24),
                              "seed": _number(request, "seed", 1, MAX_SEED),
                              "unseen": q.get("unseen", "").lower() in ("1", "true", "on", "yes")})


ROUTES = [
    Route("/api/rulesets", rulesets, methods=["GET"]),
    Route("/rulesets", rulesets),
    Route("/api/sheets", sheets, methods=["GET"]),
    Route("/sheets", sheets),
    Route("/api/sheets/{id}", sheet, methods=["GET"]),
    Route("/sheets/{id}", sheet),
    Route("/api/play/{id}", game, methods=["GET"]),
    Route("/play/{id}", game),
    Route("/api/score", score, methods=["POST"]),
    Route("/score", score),
    Route("/api/advise", advise, methods=["POST"]),
    Route("/advise", advise),
]
