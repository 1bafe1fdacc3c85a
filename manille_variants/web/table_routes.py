"""The shared tables' HTTP side: the JSON API, the event stream, the seat's page and the host's.

- ``POST /api/tables`` ``{"ruleset", "bots": {"1": "heuristic"}, "names": {"0": "An"}}`` ->
  ``201 {"id", "sheet", "seats": {"0": {"token", "url"}, ...}, "host": {...}, "watch": {...}}``,
  one seat entry per person.
- ``GET /api/tables/{id}`` with ``Authorization: Bearer TOKEN`` or the seat's cookie: the
  seat's view (the host's token: the public table); 401 without a token of this table.
  ``?since=REVISION``: 204 while nothing changed (polling).
- ``POST /api/tables/{id}/act`` ``{"action": "QC"}`` (or ``"next"``): 200 and the view; 409
  when it is not that seat's turn; 422 with the rule's reason, in the seat's language.
- ``GET /api/tables/{id}/events``: Server-Sent Events, one ``table`` event with the seat's
  view at each change (``?max=N``: close after N events).
- The ``watch`` link of the answer shows the public table only (no hand), to spectators.
- ``POST /api/tables/{id}/seats/{seat}`` ``{"away": true}``: a bot plays for the person who
  left (the host, or anyone at the table); ``false`` gives the seat back (its own token or the host).
"""

from __future__ import annotations

import asyncio
import io
import json
import time
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import parse_qsl

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route

from manille_variants.bots import BOTS
from manille_variants.errors import IllegalPlayError, ManilleError
from manille_variants.messages import define, msg
from manille_variants.table.shared import NotYourTurn, RefusedAction
from manille_variants.web.bodies import AwayBody, TableActBody, TableBody, parse, read
from manille_variants.web.engine_words import refusal_message, score_words
from manille_variants.web.play import RefusedCard
from manille_variants.web.render import Refusal, page_language, render
from manille_variants.web.rulesets import choices, resolve
from manille_variants.web.security import spend
from manille_variants.web.storage import Store
from manille_variants.web.tables import HOST, WATCH, LiveTable, Tables

__all__ = ["COOKIE_PREFIX", "ROUTES", "SEAT_PATHS", "qr_svg"]

COOKIE_PREFIX = "manille_seat_"
# The paths a seat's token opens by itself (the server's access token is not needed there).
SEAT_PATHS = r"^/(?:t/[0-9a-f]+(?:/.*)?|api/tables/[0-9a-f]+(?:/.*)?|static/.*)$"
NO_TOKEN = define("table.no-token", "this table needs a seat's token: open your seat's link (or scan its QR code)")
NOT_YOURS = define("table.not-yours", "seat {seat} is not yours")
BAD_SEAT = define("table.bad-seat", "{key}: expected a seat number (got {value!r})")
NO_SUCH_SEAT = define("table.no-such-seat", "no such seat at this table")
_TICK = 0.15  # seconds between two looks at the table in the event stream
_STREAM_FOR = 300.0  # an event stream ends after this long (the browser reconnects)


def small_number(text: str | None) -> int | None:
    """A whole number of at most nine digits from a query or a form, else None (never a huge
    ``int()``)."""
    return int(text) if text is not None and text.isdigit() and len(text) <= 9 else None


def _tables(request: Request) -> Tables:
    tables: Tables = request.app.state.tables
    return tables


def _store(request: Request) -> Store:
    store: Store = request.app.state.store
    return store


def _presented(request: Request, table_id: str) -> str:
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip()
    return request.cookies.get(COOKIE_PREFIX + table_id, "")


async def _seat(request: Request) -> tuple[LiveTable, int]:
    """The table and the seat the request's token opens (HOST for the host, WATCH for a
    spectator); 401 otherwise."""
    table_id = request.path_params["id"]
    live = await run_in_threadpool(_tables(request).get, table_id)
    token = _presented(request, table_id)
    seat = live.seat_of(token) if token else None
    if seat is None:
        raise Refusal(401, msg(NO_TOKEN))
    return live, seat


def _view(request: Request, live: LiveTable, seat: int) -> dict[str, Any]:
    view = live.view(None if seat < 0 else seat)
    if view["result"] is not None:
        score_words(page_language(request), live.table.ruleset, view["result"]["factors"], view["result"])
    return view


def _refused(exc: ManilleError, message: str) -> dict[str, Any]:
    """A refused action's answer: the English ``error``, its ``code`` and ``params``, and
    ``message``, its words in the page's language."""
    coded = exc.json()
    return {"error": str(exc), "code": coded["code"], "params": coded["params"], "message": message}


def _refusal(status: int, exc: ManilleError) -> HTTPException:
    """``exc`` as the answer ``status``, coded when it carries a message."""
    return Refusal(status, exc.message) if exc.message is not None else HTTPException(status, str(exc))


def _seats_of(values: dict[str, str], key: str) -> dict[int, str]:
    found = {}
    for seat, value in values.items():
        if small_number(seat) is None:
            raise Refusal(400, msg(BAD_SEAT, key=key, value=seat))
        found[int(seat)] = value
    return found


def _links(request: Request, live: LiveTable) -> dict[str, Any]:
    base = str(request.base_url).rstrip("/")
    return {
        "id": live.id, "sheet": live.sheet,
        "seats": {str(s): {"token": t, "url": f"{base}/t/{live.id}/join/{t}"} for s, t in live.tokens.items()},
        "host": {"token": live.host_token, "url": f"{base}/t/{live.id}/join/{live.host_token}"},
        "watch": {"token": live.watch_token, "url": f"{base}/t/{live.id}/join/{live.watch_token}"},
    }


# ------------------------------------------------------------------------- API
async def create_table(request: Request) -> Response:
    body = await read(request, TableBody)
    live = await _create(request, body)
    return JSONResponse(_links(request, live), 201)


async def _create(request: Request, body: TableBody) -> LiveTable:
    spend(request)  # a new table deals and lets bots play, as a new game does
    rs = await run_in_threadpool(resolve, _store(request), body.ruleset)
    bots, names = _seats_of(dict(body.bots), "bots"), _seats_of(dict(body.names), "names")
    return await run_in_threadpool(_tables(request).create, rs, bots, names)


async def table_view(request: Request) -> Response:
    live, seat = await _seat(request)
    tables = _tables(request)
    await run_in_threadpool(tables.catch_up, live)
    since = small_number(request.query_params.get("since"))
    if since is not None and since == live.revision:
        return Response(status_code=204)
    return JSONResponse(_view(request, live, seat))


async def table_act(request: Request) -> Response:
    live, seat = await _seat(request)
    action = (await read(request, TableActBody)).action
    answer = await _act(request, live, seat, action)
    return answer if answer is not None else JSONResponse(_view(request, live, seat))


async def _act(request: Request, live: LiveTable, seat: int, action: str) -> Response | None:
    """The action, or the refusal to answer (409, 422)."""
    lang = page_language(request)
    try:
        if seat < 0:
            raise NotYourTurn(msg(NOT_YOURS, seat=live.table.state.to_play if live.table.state else 0))
        await run_in_threadpool(_tables(request).act, live, seat, action)
    except NotYourTurn as exc:
        return JSONResponse(_refused(exc, exc.text(lang)), 409)
    except RefusedAction as exc:
        message = exc.text(lang)
        if exc.why is not None:
            message = refusal_message(lang, RefusedCard(exc.message or str(exc), exc.why, live.table.ruleset,
                                                        exc.trick, exc.trump))
        return JSONResponse({**_refused(exc, message), "legal": exc.legal, "clause": exc.clause}, 422)
    except IllegalPlayError as exc:
        return JSONResponse(_refused(exc, exc.text(lang)), 409)
    return None


async def table_away(request: Request) -> Response:
    live, by = await _seat(request)
    body = await read(request, AwayBody)
    seat = small_number(request.path_params["seat"])
    if seat is None:
        raise Refusal(404, msg(NO_SUCH_SEAT))
    if by == WATCH or (not body.away and by not in (seat, HOST)):
        raise Refusal(403, msg(NOT_YOURS, seat=seat))
    try:
        await run_in_threadpool(_tables(request).set_away, live, seat, body.away)
    except ManilleError as exc:
        raise _refusal(422, exc) from None
    return JSONResponse(_view(request, live, by))


async def table_events(request: Request) -> Response:
    live, seat = await _seat(request)
    limit = small_number(request.query_params.get("max")) or 0
    tables = _tables(request)

    async def stream() -> AsyncIterator[str]:
        sent, count, end = -1, 0, time.monotonic() + _STREAM_FOR
        yield "retry: 2000\n\n"
        while time.monotonic() < end:
            now = await run_in_threadpool(tables.get, live.id)  # the table in memory now, not a copy
            await run_in_threadpool(tables.catch_up, now)
            if now.revision != sent:
                sent = now.revision
                data = json.dumps(_view(request, now, seat), ensure_ascii=False)
                yield f"id: {sent}\nevent: table\ndata: {data}\n\n"
                count += 1
                if limit and count >= limit:
                    return
            await asyncio.sleep(_TICK)

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


# ------------------------------------------------------------------------- pages
def qr_svg(url: str) -> str:
    """The QR code of ``url`` as inline SVG markup (no style, no script)."""
    import segno

    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=4, xmldecl=False, svgns=True, svgclass="qr",
                                    lineclass=None)
    return out.getvalue().decode()


async def join(request: Request) -> Response:
    """A seat's link: its token becomes the table's cookie, then the seat's page.  The cookie is
    ``SameSite=Lax`` so that a link opened from another app (a chat, the camera's QR reader)
    carries it on to the page; writes are guarded by the Origin checks."""
    table_id, token = request.path_params["id"], request.path_params["token"]
    live = await run_in_threadpool(_tables(request).get, table_id)
    seat = live.seat_of(token)
    if seat is None:
        raise Refusal(401, msg(NO_TOKEN))
    target = f"/tables/{table_id}" if seat == HOST else f"/t/{table_id}"
    response = RedirectResponse(target, 303, headers={"Referrer-Policy": "no-referrer"})
    response.set_cookie(COOKIE_PREFIX + table_id, token, httponly=True, samesite="lax", max_age=7 * 24 * 3600)
    return response


async def seat_page(request: Request) -> Response:
    """``GET /t/{id}``: the seat's page (``?part=1``: only the live part, for the page's script)."""
    live, seat = await _seat(request)
    await run_in_threadpool(_tables(request).catch_up, live)
    view = _view(request, live, seat)
    template = "table_live.html" if request.query_params.get("part") else "table_seat.html"
    return render(request, template, data=view, error=request.query_params.get("error", ""),
                  places=_places(view))


def _places(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The seats round the table as the seat sees them: itself at the bottom (south), then
    the others clockwise (west, north, east for four)."""
    n = view["seats"]
    me = view["seat"] if view["seat"] is not None else 0
    spots = {4: ["south", "west", "north", "east"]}.get(n, [f"spot{i}" for i in range(n)])
    played = {t["seat"]: t["card"] for t in view["trick"]}
    places = []
    for i in range(n):
        seat = (me + i) % n
        places.append({"seat": seat, "spot": spots[i], "name": view["names"][str(seat)],
                       "card": played.get(seat), "to_play": view["to_play"] == seat,
                       "away": seat in view["away"]})
    return places


async def seat_act(request: Request) -> Response:
    """``POST /t/{id}/act``: the seat's form without script; back to the page."""
    live, seat = await _seat(request)
    form = dict(parse_qsl((await request.body()).decode("utf-8", "replace")))
    answer = await _act(request, live, seat, form.get("action", ""))
    error = "" if answer is None else json.loads(bytes(answer.body))["message"]
    target = f"/t/{live.id}" + (f"?error={error}" if error else "")
    return RedirectResponse(target.replace(" ", "+"), 303)


async def seat_away(request: Request) -> Response:
    """``POST /t/{id}/away`` (a form: ``seat``, ``away`` 1 or 0): a bot for a person who left, or
    the seat taken back; then back to the page it came from."""
    live, by = await _seat(request)
    form = dict(parse_qsl((await request.body()).decode("utf-8", "replace")))
    seat = small_number(form.get("seat"))
    seat = by if seat is None else seat
    away = form.get("away") == "1"
    if by == WATCH or (not away and by not in (seat, HOST)):
        raise Refusal(403, msg(NOT_YOURS, seat=seat))
    try:
        await run_in_threadpool(_tables(request).set_away, live, seat, away)
    except ManilleError as exc:
        raise _refusal(422, exc) from None
    return RedirectResponse(f"/tables/{live.id}" if by == HOST else f"/t/{live.id}", 303)


async def tables_page(request: Request) -> Response:
    """``GET /tables``: the host's form for a new table; ``POST /tables``: create it."""
    if request.method == "POST":
        form = dict(parse_qsl((await request.body()).decode("utf-8", "replace")))
        bots = {k[4:]: v for k, v in form.items() if k.startswith("bot_") and v and v != "person"}
        names = {k[5:]: v for k, v in form.items() if k.startswith("name_") and v}
        body = parse(TableBody, {"ruleset": form.get("ruleset", "table-convention"), "bots": bots, "names": names})
        live = await _create(request, body)
        response = RedirectResponse(f"/tables/{live.id}", 303)
        response.set_cookie(COOKIE_PREFIX + live.id, live.host_token, httponly=True, samesite="lax",
                            max_age=7 * 24 * 3600)
        return response
    known = [c.name for c in await run_in_threadpool(choices, _store(request))]
    return render(request, "tables.html", rulesets=known, bots=sorted(BOTS),
                  default="table-convention" if "table-convention" in known else known[0])


async def host_page(request: Request) -> Response:
    """``GET /tables/{id}``: the seats' links and QR codes, and the public table (the host's cookie)."""
    live, seat = await _seat(request)
    if seat != HOST:
        raise Refusal(403, msg(NOT_YOURS, seat="host"))
    links = _links(request, live)
    seats = [{"seat": int(s), "name": live.names.get(int(s), ""), "url": link["url"], "qr": qr_svg(link["url"]),
              "away": int(s) in live.table.away} for s, link in links["seats"].items()]
    watch = links["watch"]["url"]
    return render(request, "table_host.html", data=_view(request, live, HOST), seats=seats,
                  watch={"url": watch, "qr": qr_svg(watch)})


ROUTES = [
    Route("/api/tables", create_table, methods=["POST"]),
    Route("/api/tables/{id}", table_view, methods=["GET"]),
    Route("/api/tables/{id}/act", table_act, methods=["POST"]),
    Route("/api/tables/{id}/events", table_events, methods=["GET"]),
    Route("/api/tables/{id}/seats/{seat}", table_away, methods=["POST"]),
    Route("/t/{id}/join/{token}", join, methods=["GET"]),
    Route("/t/{id}", seat_page, methods=["GET"]),
    Route("/t/{id}/act", seat_act, methods=["POST"]),
    Route("/t/{id}/away", seat_away, methods=["POST"]),
    Route("/tables", tables_page, methods=["GET", "POST"]),
    Route("/tables/{id}", host_page, methods=["GET"]),
]
