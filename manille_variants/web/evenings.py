"""Club evenings in the web app: the host lists the players, the app draws the seating of each
round (:func:`~manille_variants.table.evening.draw_schedule`), opens a score sheet for each
table of each round, and adds the standings up from those sheets; the ladder adds up every
evening.

- ``POST /api/evenings`` ``{"name", "ruleset", "players": [...], "rounds", "seed"}`` ->
  ``201`` the evening: ``{"id", "name", "ruleset", "schedule", "tables": [{"round", "table",
  "teams", "sheet"}], "standings": [...]}``.
- ``GET /api/evenings/{id}`` (``/evenings/{id}`` the page), ``GET /api/evenings/{id}/standings.csv``.
- ``POST /evenings/{id}/tables/{round}/{table}``: that table played at a shared table, its
  score on the table's sheet.
- ``GET /api/evenings`` (``/evenings``: the page, its form and the ladder), ``GET /api/ladder``,
  ``GET /api/ladder.csv``: the standings over every evening.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from manille_variants.errors import ManilleError
from manille_variants.messages import define, msg
from manille_variants.table.evening import (
    PlayerStanding,
    Schedule,
    TableResult,
    draw_schedule,
    standings,
    standings_csv,
)
from manille_variants.web.bodies import EveningBody, parse, read
from manille_variants.web.render import Refusal, wants_json
from manille_variants.web.rulesets import choices, resolve
from manille_variants.web.security import spend
from manille_variants.web.storage import SheetNotFound, Store, StoredEvening
from manille_variants.web.table_routes import COOKIE_PREFIX, small_number
from manille_variants.web.views import Context, respond

__all__ = ["ROUTES", "evening_json", "ladder"]

NO_TABLE = define("evening.no-table", "no table {table} in round {round} of this evening")
FOUR_SEATS = define("evening.four-seats", "a club evening seats four a table for now ({name} seats {seats})")


def _store(request: Request) -> Store:
    store: Store = request.app.state.store
    return store


def create_evening(store: Store, body: EveningBody) -> StoredEvening:
    """Draw the evening and open a sheet for each table of each round."""
    rs = resolve(store, body.ruleset)
    if rs.table.seats != 4:  # two teams of two partners a table, as the sheets and standings have it
        raise ManilleError(msg(FOUR_SEATS, name=rs.name, seats=rs.table.seats))
    schedule = draw_schedule(body.players, body.rounds, body.seed)
    title = body.name or f"evening {body.seed}"
    sheets = {}
    for rnd in schedule.rounds:
        for table in rnd.tables:
            a, b = (" & ".join(team) for team in table.teams[:2])
            sheet = store.create_sheet(rs, team_a=a, team_b=b,
                                       note=f"{title}: round {rnd.number}, table {table.number}")
            sheets[f"{rnd.number}:{table.number}"] = sheet.id
    return store.create_evening(title, rs, schedule.to_json(), sheets)


def _results(store: Store, evening: StoredEvening) -> list[TableResult]:
    """Each table of each round whose sheet is still there, as played so far."""
    schedule = Schedule.from_json(evening.schedule)
    results = []
    for rnd in schedule.rounds:
        for table in rnd.tables:
            try:
                sheet = store.sheet(evening.sheets[f"{rnd.number}:{table.number}"])
            except (KeyError, SheetNotFound):
                continue
            results.append(TableResult(rnd.number, table.number, (table.teams[0], table.teams[1]), sheet.score))
    return results


def evening_json(store: Store, evening: StoredEvening) -> dict[str, Any]:
    schedule = Schedule.from_json(evening.schedule)
    results = {(r.round, r.table): r for r in _results(store, evening)}
    tables = []
    for rnd in schedule.rounds:
        for table in rnd.tables:
            found = results.get((rnd.number, table.number))
            summary = found.sheet.summary() if found is not None else None
            sheet = evening.sheets.get(f"{rnd.number}:{table.number}")
            tables.append({"round": rnd.number, "table": table.number, "teams": [list(t) for t in table.teams],
                           "sheet": sheet, "shared": store.table_of_sheet(sheet) if sheet else None,
                           "score": None if summary is None else [summary["team_a"], summary["team_b"]],
                           "deals": None if summary is None else summary["deals"],
                           "winner": None if summary is None else summary["winner"]})
    rows = standings(results.values(), schedule.players)
    return {"id": evening.id, "name": evening.name, "created": evening.created, "ruleset": evening.ruleset.name,
            "schedule": schedule.to_json(), "tables": tables, "standings": [r.to_json() for r in rows]}


def ladder(store: Store) -> list[PlayerStanding]:
    """The standings over every evening."""
    results = [r for e in store.evenings() for r in _results(store, e)]
    players = [p for e in store.evenings() for p in e.schedule["players"]]
    return standings(results, dict.fromkeys(players))


# ------------------------------------------------------------------------- routes
async def evenings(request: Request) -> Response:
    """``GET /api/evenings``, ``GET /evenings`` (the form and the ladder); ``POST /evenings``:
    the form (no script needed), then the evening's page."""
    store = _store(request)
    if request.method == "POST":
        form = dict(parse_qsl((await request.body()).decode("utf-8", "replace")))
        players = [line.strip() for line in form.get("players", "").splitlines() if line.strip()]
        body = parse(EveningBody, {"name": form.get("name", ""), "ruleset": form.get("ruleset", "table-convention"),
                                   "players": players, "rounds": _number(form.get("rounds"), 3),
                                   "seed": _number(form.get("seed"), 0)})
        spend(request)  # the draw is a search
        evening = await run_in_threadpool(create_evening, store, body)
        return RedirectResponse(f"/evenings/{evening.id}", 303)
    found = await run_in_threadpool(store.evenings)
    data = [{"id": e.id, "name": e.name, "created": e.created, "ruleset": e.ruleset.name,
             "players": len(e.schedule["players"]), "rounds": len(e.schedule["rounds"])} for e in found]

    def page() -> dict[str, Any]:
        names = [c.name for c in choices(store)]
        return {"names": names, "default": "table-convention" if "table-convention" in names else names[0],
                "ladder": [r.to_json() for r in ladder(store)]}

    return await respond(request, Context(data, "evenings.html", page))


def _number(text: str | None, default: int) -> int:
    found = small_number(text.strip() if text is not None else None)
    return default if found is None else found


async def new_evening(request: Request) -> Response:
    body = await read(request, EveningBody)
    spend(request)  # the draw is a search
    store = _store(request)
    evening = await run_in_threadpool(create_evening, store, body)
    return JSONResponse(await run_in_threadpool(evening_json, store, evening), 201)


async def evening(request: Request) -> Response:
    store = _store(request)
    found = await run_in_threadpool(store.evening, request.path_params["id"])
    data = await run_in_threadpool(evening_json, store, found)
    return await respond(request, Context(data, "evening.html"))


async def share_table(request: Request) -> Response:
    """``POST /evenings/{id}/tables/{round}/{table}``: play that table at a shared table (its
    sheet keeps the score), then the host's page with the seats' links."""
    store, tables = _store(request), request.app.state.tables
    found = await run_in_threadpool(store.evening, request.path_params["id"])
    number, table = small_number(request.path_params["round"]), small_number(request.path_params["table"])
    sheet = found.sheets.get(f"{number}:{table}")
    schedule = Schedule.from_json(found.schedule)
    seating = next((t for r in schedule.rounds if r.number == number for t in r.tables if t.number == table), None)
    if sheet is None or seating is None:
        raise Refusal(404, msg(NO_TABLE, round=number, table=table))
    spend(request)
    live = await run_in_threadpool(tables.create_for, found.ruleset, seating.teams, sheet)
    response = RedirectResponse(f"/tables/{live.id}", 303)
    response.set_cookie(COOKIE_PREFIX + live.id, live.host_token, httponly=True, samesite="lax",
                        max_age=7 * 24 * 3600)
    return response


async def evening_csv(request: Request) -> Response:
    store = _store(request)
    found = await run_in_threadpool(store.evening, request.path_params["id"])
    rows = standings(await run_in_threadpool(_results, store, found), found.schedule["players"])
    return _csv(standings_csv(rows), f"manille-evening-{found.id}.csv")


async def ladder_view(request: Request) -> Response:
    rows = await run_in_threadpool(ladder, _store(request))
    if request.url.path.endswith(".csv"):
        return _csv(standings_csv(rows), "manille-ladder.csv")
    if not wants_json(request):  # pragma: no cover - the ladder is on the evenings page
        return RedirectResponse("/evenings", 303)
    return JSONResponse([r.to_json() for r in rows])


def _csv(text: str, name: str) -> Response:
    return Response(text, media_type="text/csv; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


ROUTES = [
    Route("/api/evenings", evenings, methods=["GET"]),
    Route("/api/evenings", new_evening, methods=["POST"]),
    Route("/evenings", evenings, methods=["GET", "POST"]),
    Route("/api/evenings/{id}", evening, methods=["GET"]),
    Route("/evenings/{id}", evening, methods=["GET"]),
    Route("/api/evenings/{id}/standings.csv", evening_csv, methods=["GET"]),
    Route("/evenings/{id}/tables/{round}/{table}", share_table, methods=["POST"]),
    Route("/api/ladder", ladder_view, methods=["GET"]),
    Route("/api/ladder.csv", ladder_view, methods=["GET"]),
]
