"""Running the app: the address to open (with the access token off the loopback) and its QR code."""

from __future__ import annotations

import contextlib
import io
import socket
from collections.abc import Callable
from pathlib import Path

from manille_variants.web.security import LOOPBACK, new_token
from manille_variants.web.storage import default_data_dir

__all__ = ["allowed_hosts", "qr_text", "serve", "start_url"]


def allowed_hosts(host: str) -> set[str]:
    """The names a browser may use for this server: the loopback, the bound address, and for
    a wildcard bind this machine's name and addresses."""
    hosts = set(LOOPBACK) | {host.strip("[]").lower()}
    if host in ("0.0.0.0", "::", ""):
        name = socket.gethostname()
        hosts.add(name.lower())
        with contextlib.suppress(OSError):
            hosts.update(str(info[4][0]).lower() for info in socket.getaddrinfo(name, None))
    return hosts


def start_url(host: str, port: int, token: str | None) -> str:
    shown = host
    if host in ("0.0.0.0", "::"):
        shown = _lan_address()
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/" + (f"?token={token}" if token else "")


def _lan_address() -> str:
    """This machine's first IPv4 address that is not the loopback (else its name)."""
    name = socket.gethostname()
    try:
        found = [str(info[4][0]) for info in socket.getaddrinfo(name, None, socket.AF_INET)]
    except OSError:
        found = []
    return next((a for a in found if not a.startswith("127.")), name)


def qr_text(url: str) -> str:
    """The QR code of ``url`` drawn with text blocks, for a terminal."""
    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()


def serve(host: str = "127.0.0.1", port: int = 8000, data: Path | None = None,
          echo: Callable[[str], None] = print) -> None:
    """Start the server (blocking) on ``host:port`` over the data folder ``data``."""
    import uvicorn

    from manille_variants.web.app import create_app

    token = None if host in LOOPBACK else new_token()
    folder = data or default_data_dir()
    wildcard = host in ("0.0.0.0", "::", "")
    app = create_app(folder, token=token, hosts=allowed_hosts(host), any_ip=wildcard,
                     public_url=start_url(host, port, None).rstrip("/"))
    url = start_url(host, port, token)
    echo(f"manille serve: data in {folder}")
    echo(f"open {url}")
    if token is not None:
        echo("anyone with this address (and its token) can use the app; scan to open it on a phone:")
        echo(qr_text(url))
    uvicorn.run(app, host=host, port=port, log_level="warning")
