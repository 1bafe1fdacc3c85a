"""The application factory: routes, templates, static files, the guard and error answers.

>>> import tempfile
>>> app = create_app(Path(tempfile.mkdtemp()))
>>> sorted({r.path for r in app.routes if r.path.startswith("/api/rulesets")})
['/api/rulesets']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from http import HTTPStatus
from pathlib import Path
from typing import Any

import jinja2
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

from manille_variants.errors import ManilleError, RulesetError
from manille_variants.messages import Message, define, msg
from manille_variants.web import api, evenings, offline, pages, table_routes, views
from manille_variants.web.compare import Jobs
from manille_variants.web.play import Games
from manille_variants.web.render import Refusal, page_language, render, wants_json
from manille_variants.web.security import LOOPBACK, Guard, RateLimit, SecurityHeaders
from manille_variants.web.storage import (
    EveningNotFound,
    GameNotFound,
    SheetNotFound,
    Store,
    TableNotFound,
    default_data_dir,
)
from manille_variants.web.tables import PACE, Tables

__all__ = ["create_app"]

HERE = Path(__file__).resolve().parent


def create_app(data: Path | None = None, *, token: str | None = None,
               hosts: Iterable[str] = LOOPBACK, any_ip: bool = False, rate: RateLimit | None = None,
               public_url: str | None = None, table_pace: float = PACE) -> Starlette:
    """The web app over the data folder ``data`` (default: the per-user data folder).

    ``hosts``: the names the ``Host`` header may carry (and any IP address with ``any_ip``);
    ``token``: the access token every request must carry (as a cookie after the first visit),
    or None on the loopback; ``rate``: the heavy work each client may ask for (default
    :class:`~manille_variants.web.security.RateLimit`'s); ``public_url``: the address other
    phones reach (shared from a page opened on this machine); ``table_pace``: seconds between
    two bots' actions at a shared table."""
    routes = [*views.ROUTES, *api.ROUTES, *pages.ROUTES, *offline.ROUTES, *table_routes.ROUTES, *evenings.ROUTES,
              Mount("/static", StaticFiles(directory=HERE / "static"), name="static")]
    app = Starlette(
        routes=routes,
        middleware=[Middleware(SecurityHeaders),
                    Middleware(Guard, hosts=hosts, token=token, any_ip=any_ip, no_access=_no_access,
                               open_paths=table_routes.SEAT_PATHS)],
        exception_handlers={
            HTTPException: _http_error,
            SheetNotFound: _not_found,
            GameNotFound: _no_game,
            TableNotFound: _no_table,
            EveningNotFound: _no_evening,
            RulesetError: _ruleset_error,
            ManilleError: _user_error,
        },
    )
    app.state.token = token
    app.state.public_url = public_url
    app.state.store = Store(data or default_data_dir())
    app.state.games = Games(app.state.store)
    app.state.tables = Tables(app.state.store, table_pace)
    app.state.jobs = Jobs()
    app.state.rate = rate or RateLimit()
    app.state.templates = jinja2.Environment(
        loader=jinja2.FileSystemLoader(HERE / "templates"), autoescape=True,
        undefined=jinja2.StrictUndefined,
    )
    return app


def _no_access(scope: Scope, refusal: Message) -> Response:
    """The answer to a request without the access token: for a browser, a page in its
    language saying what to do (scan the QR code shown on the host); JSON for a script (the
    English ``error``, its ``code`` and ``params``, and ``message`` in the request's language)."""
    request = Request(scope)
    if wants_json(request):
        coded = refusal.json()
        return JSONResponse({"error": coded["text"], "code": coded["code"], "params": coded["params"],
                             "message": refusal.text(page_language(request))}, 401)
    return render(request, "noaccess.html", 401, message=refusal.text(page_language(request)))


def _error(request: Request, status: int, text: str, headers: Mapping[str, str] | None = None,
           **extra: Any) -> Response:
    if wants_json(request):
        response: Response = JSONResponse({"error": text, **extra}, status)
    else:
        response = render(request, "error.html", status, message=extra.get("message", text), code=status)
    response.headers.update(headers or {})
    return response


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    if isinstance(exc, Refusal):
        return _coded(request, exc.status_code, exc.message, exc.headers)
    phrase = _PHRASES.get(exc.status_code)
    if phrase is not None and exc.detail == HTTPStatus(exc.status_code).phrase:  # the router's own answer
        return _coded(request, exc.status_code, msg(phrase), exc.headers)
    return _error(request, exc.status_code, str(exc.detail), exc.headers)


# The router's answers (Starlette's detail is the status's phrase).
_PHRASES = {404: define("web.not-found", "Not Found"), 405: define("web.method-not-allowed", "Method Not Allowed")}


def _coded(request: Request, status: int, message: Message, headers: Mapping[str, str] | None = None) -> Response:
    """The error ``message``: its English, ``code`` and ``params`` in JSON, beside ``message``
    in the page's language (the page shows that one)."""
    coded = message.json()
    return _error(request, status, coded["text"], headers, code=coded["code"], params=coded["params"],
                  message=message.text(page_language(request)))


NO_SHEET = define("web.no-sheet", "no score sheet {id}")
NO_GAME = define("web.no-game", "no game {id}: it was not started on this server, or its data folder changed")
NO_TABLE = define("web.no-table", "no table {id}: it was not opened on this server, or its data folder changed")
NO_EVENING = define("web.no-evening", "no club evening {id}")


async def _not_found(request: Request, exc: Exception) -> Response:
    return _coded(request, 404, msg(NO_SHEET, id=str(exc)))


async def _no_game(request: Request, exc: Exception) -> Response:
    return _coded(request, 404, msg(NO_GAME, id=str(exc)))


async def _no_table(request: Request, exc: Exception) -> Response:
    return _coded(request, 404, msg(NO_TABLE, id=str(exc)))


async def _no_evening(request: Request, exc: Exception) -> Response:
    return _coded(request, 404, msg(NO_EVENING, id=str(exc)))


async def _ruleset_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RulesetError)
    lang = page_language(request)
    coded = exc.coded()
    return _error(request, 400, str(exc), problems=[api.problem_json(p, lang) for p in exc.problems],
                  code=coded.code, params=coded.json()["params"], message=coded.text(lang))


async def _user_error(request: Request, exc: Exception) -> Response:
    # The API's error is the CLI's message; ``message`` says it in the page's language.
    assert isinstance(exc, ManilleError)
    coded = exc.json()
    return _error(request, 400, str(exc), code=coded["code"], params=coded["params"],
                  message=exc.text(page_language(request)))
