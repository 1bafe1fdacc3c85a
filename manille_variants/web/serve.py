"""Running the app: the address to open (with the access token off the loopback) and its QR code."""

from __future__ import annotations

import contextlib
import errno
import io
import socket
from collections.abc import Callable
from pathlib import Path

from manille_variants.errors import ManilleError
from manille_variants.messages import Message, define, msg
from manille_variants.web.security import LOOPBACK, new_token
from manille_variants.web.storage import default_data_dir

__all__ = ["PortError", "allowed_hosts", "listen", "qr_text", "serve", "start_url"]

PORT_IN_USE = ("{host} port {port} is already in use (another manille serve, or another server?): "
               "stop it, or choose another port with --port")
PORT_REFUSED = "cannot listen on {host} port {port}: {reason}"


class PortError(ManilleError):
    """The address to serve on cannot be taken: its port is in use, or the address is not this
    machine's (the CLI says so and exits 1)."""


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


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` and listening, as uvicorn would bind it; PortError when
    the port is taken or the address cannot be had (before anything says "open ...")."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM,
                                                             flags=socket.AI_PASSIVE)[0]
    except socket.gaierror as exc:
        raise PortError(PORT_REFUSED.format(host=host, port=port, reason=exc.strerror)) from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise PortError(PORT_IN_USE.format(host=host, port=port)) from None
        raise PortError(PORT_REFUSED.format(host=host, port=port, reason=exc.strerror or exc)) from None
    sock.set_inheritable(True)
    return sock


DATA_IN = define("serve.data-in", "manille serve: data in {folder}")
OPEN = define("serve.open", "open {url}")
SHARED = define("serve.shared", "anyone with this address (and its token) can use the app; scan to open it on a phone:")


def serve(host: str = "127.0.0.1", port: int = 8000, data: Path | None = None,
          echo: Callable[[Message | str], None] = print) -> None:
    """Start the server (blocking) on ``host:port`` over the data folder ``data``; PortError
    (nothing printed, nothing started) when ``host:port`` cannot be listened on.  ``echo`` says
    the start-up lines (coded sentences; the QR code as text)."""
    import uvicorn

    from manille_variants.web.app import create_app

    token = None if host in LOOPBACK else new_token()
    folder = data or default_data_dir()
    wildcard = host in ("0.0.0.0", "::", "")
    sock = listen(host, port)
    with sock:
        app = create_app(folder, token=token, hosts=allowed_hosts(host), any_ip=wildcard,
                         public_url=start_url(host, port, None).rstrip("/"))
        url = start_url(host, port, token)
        echo(msg(DATA_IN, folder=str(folder)))
        echo(msg(OPEN, url=url))
        if token is not None:
            echo(msg(SHARED))
            echo(qr_text(url))
        uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning")).run(sockets=[sock])
