"""The installable web app: its manifest, its icons and the service worker (at the root, so
that it serves every page) that keeps the pages on the phone for when the host is out of reach.

Deals typed while the host is away are kept by the page itself (``app.js``, in the phone's
``localStorage``) and sent when it is back, with the id made on the phone, so none is doubled.

>>> png = icon_png(48)
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n", len(png) > 100
(True, True)
"""

from __future__ import annotations

import json
import struct
import zlib
from functools import cache
from pathlib import Path

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from manille_variants.web.i18n import translate
from manille_variants.web.render import page_language, render

__all__ = ["ROUTES", "icon_png", "manifest"]

HERE = Path(__file__).resolve().parent
GREEN, WHITE = (0x0B, 0x6E, 0x4F), (0xFF, 0xFF, 0xFF)


def manifest(lang: str) -> dict[str, object]:
    """The web app manifest, named in ``lang``."""
    return {
        "name": translate(lang, "app"), "short_name": "Manille", "lang": lang,
        "start_url": "/sheets", "scope": "/", "display": "standalone",
        "background_color": "#f7f8fa", "theme_color": "#1d2430",
        "icons": [
            {"src": "/static/icon.svg", "sizes": "any", "type": "image/svg+xml"},
            {"src": "/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any maskable"},
            {"src": "/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any maskable"},
        ],
    }


def _in_spade(x: float, y: float) -> bool:
    """The spade of ``static/icon.svg`` (two lobes, a point, a stem) on the unit square."""
    lobes = min((x - 0.36) ** 2, (x - 0.64) ** 2) + (y - 0.56) ** 2 <= 0.15**2
    point = 0.18 <= y <= 0.60 and abs(x - 0.5) <= 0.27 * (y - 0.18) / 0.42
    stem = 0.55 <= y <= 0.82 and abs(x - 0.5) <= 0.10 * (y - 0.55) / 0.27
    return lobes or point or stem


@cache
def icon_png(size: int) -> bytes:
    """The app's icon as a ``size`` × ``size`` PNG: a white spade on the app's green."""
    rows = b"".join(
        b"\x00" + b"".join(bytes(WHITE if _in_spade((i + 0.5) / size, (j + 0.5) / size) else GREEN)
                           for i in range(size))
        for j in range(size))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


def manifest_file(request: Request) -> Response:
    return Response(json.dumps(manifest(page_language(request)), ensure_ascii=False),
                    media_type="application/manifest+json")


def service_worker(request: Request) -> Response:
    """``/sw.js``: served from the root so that its scope is every page; never cached itself."""
    return Response((HERE / "static" / "sw.js").read_text(encoding="utf-8"), media_type="text/javascript",
                    headers={"Cache-Control": "no-cache"})


def icon(request: Request) -> Response:
    size = 192 if request.url.path.endswith("192.png") else 512
    return Response(icon_png(size), media_type="image/png", headers={"Cache-Control": "max-age=86400"})


def offline_page(request: Request) -> Response:
    """The page the service worker shows for a page never opened on this phone while the host
    is out of reach."""
    return render(request, "offline.html")


ROUTES = [
    Route("/manifest.webmanifest", manifest_file),
    Route("/sw.js", service_worker),
    Route("/icon-192.png", icon),
    Route("/icon-512.png", icon),
    Route("/offline", offline_page),
]
