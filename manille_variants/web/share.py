"""Sharing a page with another phone at the table: its address and the QR code of it.

Off the loopback (``manille serve --host ...``) every request needs the access token, so the
shared address carries it (``?token=...``: the first visit turns it into a cookie).  A page
opened on the host itself (``127.0.0.1``) shares the address the other phones reach, the one
``manille serve`` printed.  The QR code is drawn here, as SVG (no request leaves the server).

>>> share_url("http://192.168.1.10:8000", "/sheets/ab12", "T0k")
'http://192.168.1.10:8000/sheets/ab12?token=T0k'
>>> "<path" in qr_svg("http://192.168.1.10:8000/")
True
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request

from manille_variants.web.security import LOOPBACK, host_name

__all__ = ["qr_svg", "share", "share_url"]


def share_url(base: str, path: str, token: str | None) -> str:
    """The address of ``path`` on the server at ``base``, with the access token if there is one."""
    return base.rstrip("/") + path + (f"?{urlencode({'token': token})}" if token else "")


def qr_svg(text: str) -> str:
    """The QR code of ``text`` as an inline SVG (scalable, dark on white, no style attribute)."""
    import segno

    code = segno.make(text, error="m")
    svg: str = code.svg_inline(scale=1, border=2, omitsize=True, svgclass="qr", lineclass=None,
                               dark="#000", light="#fff")
    return svg


def share(request: Request, path: str | None = None) -> dict[str, Any]:
    """What the share button of a page shows: ``url`` (carrying access), ``qr`` (its SVG) and
    ``lan`` (False when only this machine can reach the server)."""
    state = request.app.state
    token: str | None = getattr(state, "token", None)
    base = str(request.base_url)
    public: str | None = getattr(state, "public_url", None)
    if host_name(request.headers.get("host", "")) in LOOPBACK and public:
        base = public
    url = share_url(base, path or request.url.path, token)
    return {"url": url, "qr": qr_svg(url), "lan": token is not None}
