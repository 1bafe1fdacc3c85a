"""Pages in the request's language."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import jinja2
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse

from manille_variants._version import __version__
from manille_variants.messages import Message, format_datetime, format_number
from manille_variants.web.i18n import LANGUAGE_NAMES, LANGUAGES, language, translate

__all__ = ["Refusal", "page_language", "render", "wants_json"]


class Refusal(HTTPException):
    """An HTTP error whose detail is a coded message: ``detail`` stays the English sentence,
    the JSON answer adds its ``code`` and ``params``, a page says it in the page's language."""

    def __init__(self, status: int, message: Message, headers: Mapping[str, str] | None = None) -> None:
        super().__init__(status, message.text("en"), headers)
        self.message = message


def wants_json(request: Request) -> bool:
    """JSON at the ``/api/`` routes, and wherever the request asks for it first (``Accept``)."""
    accept = request.headers.get("accept", "")
    return request.url.path.startswith("/api/") or accept.split(",")[0].split(";")[0].strip() == "application/json"


def page_language(request: Request) -> str:
    """The language asked for (``?lang=``), kept (cookie) or the browser's."""
    return language(request.query_params.get("lang"), request.cookies.get("lang"),
                    request.headers.get("accept-language"))


def render(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    """A page in the request's language; ``?lang=`` is remembered in a cookie."""
    asked = request.query_params.get("lang")
    lang = page_language(request)
    env: jinja2.Environment = request.app.state.templates
    html = env.get_template(template).render(
        t=lambda key: translate(lang, key), when=lambda iso: format_datetime(iso, lang),
        number=lambda n: format_number(n, lang), lang=lang, languages=LANGUAGES, language_names=LANGUAGE_NAMES,
        path=request.url.path, version=__version__, **context,
    )
    response = HTMLResponse(html, status)
    if asked in LANGUAGES:
        response.set_cookie("lang", asked, max_age=365 * 24 * 3600, samesite="lax")
    return response
