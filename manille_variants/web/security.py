"""The guard in front of every request: host allow-list, access token, same-site writes, sizes.

- The ``Host`` header must name an allowed host (against DNS rebinding); a server listening on
  every address (``0.0.0.0``) also takes any IP address, which no rebinding can forge.
- With a token (any ``--host`` other than the loopback), every request needs it: a first
  visit with ``?token=...`` turns it into a cookie; scripts may send ``Authorization: Bearer``.
- A state-changing request whose ``Origin`` (or ``Sec-Fetch-Site``) says another site is refused.
- A shared table's seat pages and API (``open_paths``) check the seat's own token instead.
- JSON API writes must say ``Content-Type: application/json``.
- A request body larger than the limit is refused (413) before any handler reads it.
"""

from __future__ import annotations

import ipaddress
import re
import secrets
from collections.abc import Iterable
from http.cookies import CookieError, SimpleCookie
from urllib.parse import parse_qsl, urlencode, urlsplit

from starlette.datastructures import Headers
from starlette.responses import PlainTextResponse, RedirectResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["COOKIE", "LOOPBACK", "MAX_BODY", "Guard", "host_name", "new_token"]

COOKIE = "manille_token"
LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})
MAX_BODY = 1024 * 1024 + 4096  # the loader's limit for a ruleset's YAML, plus the JSON around it
_UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def new_token() -> str:
    return secrets.token_urlsafe(18)


def host_name(host: str) -> str:
    """The name in a ``Host`` header, without the port: ``[::1]:8000`` -> ``::1``."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


class Guard:
    """ASGI middleware applying the rules above to every HTTP request."""

    def __init__(self, app: ASGIApp, *, hosts: Iterable[str], token: str | None = None,
                 max_body: int = MAX_BODY, any_ip: bool = False, open_paths: str | None = None) -> None:
        self.app = app
        # Paths that check a token of their own (a shared table's seat): no access token there.
        self.open_paths = re.compile(open_paths) if open_paths else None
        self.hosts = frozenset(h.lower() for h in hosts)
        self.any_ip = any_ip
        self.token = token
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        refusal = self._refusal(scope, headers)
        if refusal is not None:
            await refusal(scope, receive, send)
            return
        if scope["method"] in _UNSAFE:
            body = await _read_limited(receive, self.max_body)
            if body is None:
                await PlainTextResponse("request body too large", 413)(scope, receive, send)
                return
            receive = _replay(body)
        await self.app(scope, receive, send)

    def _refusal(self, scope: Scope, headers: Headers) -> Response | None:
        host = headers.get("host", "")
        if not self._allowed(host_name(host)):
            return PlainTextResponse(f"unknown host {host!r}", 400)
        if self.token is not None and not (self.open_paths and self.open_paths.match(scope["path"])):
            answer = self._token_answer(scope, headers)
            if answer is not None:
                return answer
        if scope["method"] in _UNSAFE:
            return _write_refusal(scope, headers, host, self.max_body)
        return None

    def _allowed(self, name: str) -> bool:
        if name in self.hosts:
            return True
        if not self.any_ip:
            return False
        try:
            ipaddress.ip_address(name)
        except ValueError:
            return False
        return True

    def _token_answer(self, scope: Scope, headers: Headers) -> Response | None:
        assert self.token is not None
        query = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1")))
        given = query.get("token")
        if given is not None and secrets.compare_digest(given, self.token):
            rest = {k: v for k, v in query.items() if k != "token"}
            target = scope["path"] + (f"?{urlencode(rest)}" if rest else "")
            response = RedirectResponse(target, 303)
            response.set_cookie(COOKIE, self.token, httponly=True, samesite="strict", max_age=30 * 24 * 3600)
            return response
        if secrets.compare_digest(_presented(headers), self.token):
            return None
        return PlainTextResponse("an access token is needed: open the address printed when the server "
                                 "started (or scan its QR code)", 401)


def _presented(headers: Headers) -> str:
    auth = headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip()
    cookie: SimpleCookie = SimpleCookie()
    try:
        cookie.load(headers.get("cookie", ""))
    except CookieError:
        return ""
    morsel = cookie.get(COOKIE)
    return morsel.value if morsel is not None else ""


def _write_refusal(scope: Scope, headers: Headers, host: str, limit: int) -> Response | None:
    origin = headers.get("origin")
    if origin is not None and (origin == "null" or urlsplit(origin).netloc.lower() != host.lower()):
        return PlainTextResponse(f"refused: a write from another site ({origin})", 403)
    if headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
        return PlainTextResponse("refused: a write from another site", 403)
    if scope["path"].startswith("/api/") and scope["method"] in ("POST", "PUT", "PATCH"):
        kind = headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            return PlainTextResponse(f"JSON API writes need Content-Type: application/json (got {kind or 'none'})",
                                     415)
    length = headers.get("content-length")
    if length is not None and length.isdigit() and int(length) > limit:
        return PlainTextResponse("request body too large", 413)
    return None


async def _read_limited(receive: Receive, limit: int) -> bytes | None:
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


def _replay(body: bytes) -> Receive:
    sent = {"done": False}

    async def receive() -> Message:
        if sent["done"]:
            return {"type": "http.disconnect"}
        sent["done"] = True
        return {"type": "http.request", "body": body, "more_body": False}

    return receive
