"""The guard in front of every request: host allow-list, access token, same-site writes, sizes,
the pages that compute, and the rate of the heavy ones.

- The ``Host`` header must name an allowed host (against DNS rebinding); a server listening on
  every address (``0.0.0.0``) also takes any IP address, which no rebinding can forge.
- With a token (any ``--host`` other than the loopback), every request needs it: a first
  visit with ``?token=...`` turns it into a cookie; scripts may send ``Authorization: Bearer``.
  A request without it gets 401: a page saying what to do when the app gives one
  (``no_access``), for a browser; the static files, service worker, manifest and icons need
  no token (they hold nothing of the table's).
- A state-changing request whose ``Origin`` (or ``Sec-Fetch-Site``) says another site is refused.
- A shared table's seat pages and API (``open_paths``) check the seat's own token instead.
- JSON API writes must say ``Content-Type: application/json``.
- A request body larger than the limit is refused (413) before any handler reads it.
- A page that computes (advice, analysis, scores, comparisons, games, diffs) and every ``/api/``
  read is refused (403) when the browser says another site asked for it (``Sec-Fetch-Site:
  cross-site`` or ``same-site``): an ``<img>`` on another page cannot make this server search.
  A request without the header (a script, an old browser) or typed in the address bar passes.
- The heavy actions (advice, analysis, a comparison, a new game) spend tokens from a bucket
  per client address (:class:`RateLimit`); an empty bucket answers 429 with ``Retry-After``.
- Every response carries :data:`SECURITY_HEADERS` (:class:`SecurityHeaders`): a
  Content-Security-Policy that runs only the app's own script file and style sheet (no inline
  script, style or handler), refuses framing by any other page, and sends no referrer off-site.

Refusals are answered as every error is: ``{"error": ...}`` in JSON at the ``/api/`` routes,
an error page in the page's language elsewhere.
"""

from __future__ import annotations

import ipaddress
import math
import re
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from http.cookies import CookieError, SimpleCookie
from urllib.parse import parse_qsl, quote, urlencode, urlsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from manille_variants.messages import Message as MessageWords  # starlette's Message is an ASGI message
from manille_variants.messages import define, msg
from manille_variants.web.render import Refusal

__all__ = ["COMPUTING", "COOKIE", "CSP", "LOOPBACK", "MAX_BODY", "SECURITY_HEADERS", "Guard", "RateLimit",
           "SecurityHeaders", "host_name", "new_token", "safe_path", "spend"]

COOKIE = "manille_token"
LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})
MAX_BODY = 1024 * 1024 + 4096  # the loader's limit for a ruleset's YAML, plus the JSON around it
_UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})
# What a browser fetches on its own, without the cookie (the install prompt, the service worker),
# and the static files (the same for everyone): the no-access page is styled too.
_OPEN = frozenset({"/manifest.webmanifest", "/sw.js", "/icon-192.png", "/icon-512.png"})
NO_ACCESS = define("web.no-access",
                   "an access token is needed: open the address printed when the server started (or scan its QR code)")

# Only the app's own files run or style a page (web/static/); ``data:`` images are the report's
# embedded charts; no page may frame one of ours (``frame-ancestors``, and X-Frame-Options for
# older browsers); forms post only here.  The comparison report, framed by the Compare page,
# sends its own policy (:func:`manille_variants.web.pages.compare_report`).
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
SECURITY_HEADERS = {
    "content-security-policy": CSP,
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
}
# The pages that compute on GET, and every JSON read: refused when another site asks.
COMPUTING = ("/advise", "/analyze", "/score", "/compare", "/play", "/diff", "/api")
_OTHER_SITE = frozenset({"cross-site", "same-site"})

BODY_TOO_LARGE = define("web.body-too-large", "request body too large: at most {limit} bytes")
OTHER_SITE = define("web.other-site",
                    "refused: another site asked this server for {path} (open it from the app's own pages)")
WRITE_OTHER_SITE = define("web.write-other-site", "refused: a write from another site ({origin})")
WRITE_OTHER_SITE_BARE = define("web.write-other-site-bare", "refused: a write from another site")
JSON_WRITES = define("web.json-writes", "JSON API writes need Content-Type: application/json (got {kind})")
UNKNOWN_HOST = define("web.unknown-host", "unknown host {host!r}")
TOO_MANY = define("web.too-many", "too many requests for heavy work from {client}: try again in {seconds} s")


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
                 max_body: int = MAX_BODY, any_ip: bool = False,
                 no_access: Callable[[Scope, MessageWords], Response] | None = None,
                 open_paths: str | None = None) -> None:
        self.app = app
        self.no_access = no_access
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
        if isinstance(refusal, HTTPException):
            refusal = await usual_error(scope, refusal)
        if refusal is not None:
            await refusal(scope, receive, send)
            return
        if scope["method"] in _UNSAFE:
            body = await _read_limited(receive, self.max_body)
            if body is None:
                too_large = Refusal(413, msg(BODY_TOO_LARGE, limit=self.max_body))
                await (await usual_error(scope, too_large))(scope, receive, send)
                return
            receive = _replay(body)
        await self.app(scope, receive, send)

    def _refusal(self, scope: Scope, headers: Headers) -> Response | HTTPException | None:
        host = headers.get("host", "")
        if not self._allowed(host_name(host)):
            return Refusal(400, msg(UNKNOWN_HOST, host=host[:100]))
        if self.token is not None and not (self.open_paths and self.open_paths.match(scope["path"])):
            answer = self._token_answer(scope, headers)
            if answer is not None:
                return answer
        if scope["method"] in _UNSAFE:
            return _write_refusal(scope, headers, host, self.max_body)
        if _computes(scope["path"]) and headers.get("sec-fetch-site", "") in _OTHER_SITE:
            return Refusal(403, msg(OTHER_SITE, path=scope["path"][:100]))
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
            target = safe_path(scope["path"]) + (f"?{urlencode(rest)}" if rest else "")
            response = RedirectResponse(target, 303)
            response.set_cookie(COOKIE, self.token, httponly=True, samesite="strict", max_age=30 * 24 * 3600)
            return response
        if secrets.compare_digest(_presented(headers), self.token):
            return None
        if scope["method"] == "GET" and (scope["path"] in _OPEN or scope["path"].startswith("/static/")):
            return None
        if self.no_access is not None:
            return self.no_access(scope, msg(NO_ACCESS))
        return PlainTextResponse(msg(NO_ACCESS).text("en"), 401)


def safe_path(path: str) -> str:
    r"""``path`` as a redirect target that stays on this server: the slashes and backslashes it
    starts with (``//host`` and ``/\host`` name another host) become one slash, and what a
    browser would drop or read as a separator later on (tabs, backslashes) is escaped.

    >>> safe_path("//evil.example/"), safe_path("/\\evil.example"), safe_path("/a/\t/b\\c d")
    ('/evil.example/', '/evil.example', '/a/%09/b%5Cc%20d')
    """
    return "/" + quote(path.lstrip("/\\"), safe="/-._~!$&'()*+,;=:@")


def _computes(path: str) -> bool:
    return any(path == p or path.startswith(p + "/") for p in COMPUTING)


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


def _write_refusal(scope: Scope, headers: Headers, host: str, limit: int) -> HTTPException | None:
    origin = headers.get("origin")
    if origin is not None and (origin == "null" or _netloc(origin) != host.lower()):
        return Refusal(403, msg(WRITE_OTHER_SITE, origin=origin[:100]))
    if headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
        return Refusal(403, msg(WRITE_OTHER_SITE_BARE))
    if scope["path"].startswith("/api/") and scope["method"] in ("POST", "PUT", "PATCH"):
        kind = headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            return Refusal(415, msg(JSON_WRITES, kind=kind[:100] or "none"))
    length = headers.get("content-length", "")
    if length.isascii() and length.isdigit() and (len(length) > 18 or int(length) > limit):
        return Refusal(413, msg(BODY_TOO_LARGE, limit=limit))
    return None


def _netloc(origin: str) -> str | None:
    try:
        return urlsplit(origin).netloc.lower()
    except ValueError:  # e.g. an unclosed [ in the host
        return None


async def usual_error(scope: Scope, exc: HTTPException) -> Response:
    """The refusal ``exc`` answered as the app answers every error (its HTTPException handler):
    JSON at the API, an error page in the page's language elsewhere."""
    app = scope.get("app")
    handlers: dict[object, Callable[..., object]] = getattr(app, "exception_handlers", {})
    handler = handlers.get(HTTPException)
    if handler is None:
        return PlainTextResponse(str(exc.detail), exc.status_code, exc.headers)
    response = handler(Request(scope), exc)
    if not isinstance(response, Response):
        response = await response  # type: ignore[misc]
    assert isinstance(response, Response)
    return response


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


class SecurityHeaders:
    """ASGI middleware: :data:`SECURITY_HEADERS` on every response (a response that sets one of
    them itself keeps its own, as the framed comparison report does)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    if name not in headers:
                        headers[name] = value
            await send(message)

        await self.app(scope, receive, send_with_headers)


class RateLimit:
    """A token bucket per client address: ``capacity`` tokens, refilled at ``per_second``; a
    heavy request spends tokens (its cost), or is told how long to wait.  Only the
    ``clients`` most recently seen are remembered (a forgotten one starts full again).

    >>> limit = RateLimit(capacity=2, per_second=0.5, clock=lambda: 0.0)
    >>> limit.spend("10.0.0.5", 1), limit.spend("10.0.0.5", 1), limit.spend("10.0.0.5", 1)
    (0.0, 0.0, 2.0)
    >>> limit.spend("10.0.0.6", 2)
    0.0
    """

    def __init__(self, capacity: float = 20, per_second: float = 1 / 3, *, clients: int = 1000,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.capacity, self.per_second, self.clients, self.clock = capacity, per_second, clients, clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # tokens, when
        self._lock = threading.Lock()

    def spend(self, client: str, cost: float = 1) -> float:
        """0.0 when ``client`` may go ahead (``cost`` spent), else the seconds to wait."""
        cost = min(cost, self.capacity)
        now = self.clock()
        with self._lock:
            tokens, then = self._buckets.pop(client, (self.capacity, now))
            tokens = min(self.capacity, tokens + (now - then) * self.per_second)
            wait = 0.0 if tokens >= cost else (cost - tokens) / self.per_second
            self._buckets[client] = (tokens - cost if wait == 0.0 else tokens, now)
            while len(self._buckets) > self.clients:
                self._buckets.popitem(last=False)
        return wait


def spend(request: Request, cost: float = 1) -> None:
    """Spend ``cost`` of the client's tokens for heavy work, or refuse it: HTTPException 429
    with ``Retry-After`` (whole seconds)."""
    limit: RateLimit | None = getattr(request.app.state, "rate", None)
    if limit is None:
        return
    client = request.client.host if request.client is not None else "unknown"
    wait = limit.spend(client, cost)
    if wait > 0:
        seconds = max(1, math.ceil(wait))
        raise Refusal(429, msg(TOO_MANY, client=client, seconds=seconds), headers={"Retry-After": str(seconds)})
