"""What the browser tests share: the app served by uvicorn on a local port (stopped and started
again by the offline test), Debian's Chromium, and the screenshots copied into docs/img/ when
``UPDATE_SCREENSHOTS`` is set (``make screenshots``)."""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright
from starlette.applications import Starlette

CHROMIUM = Path("/usr/bin/chromium")
DOCS_IMG = Path(__file__).resolve().parent.parent / "docs" / "img"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class LiveServer:
    """The app served by uvicorn on one local port, that a test may stop and start again."""

    def __init__(self, app: Starlette, port: int = 0) -> None:
        self.app = app
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._server: object = None

    def start(self) -> None:
        import uvicorn

        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", self.port))
        server = uvicorn.Server(uvicorn.Config(self.app, log_level="warning"))
        self._thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
        self._thread.start()
        self._server, self._sock = server, sock
        deadline = time.monotonic() + 20
        while not server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)

    def stop(self) -> None:
        import uvicorn

        assert isinstance(self._server, uvicorn.Server)
        self._server.should_exit = True
        self._thread.join(10)
        self._sock.close()


def serve(app: Starlette) -> Iterator[str]:
    """A module fixture's body: the app served while the module's tests run; yields its URL."""
    server = LiveServer(app)
    server.start()
    yield server.url
    server.stop()


def chromium() -> Iterator[Browser]:
    """A module fixture's body: Debian's Chromium, headless."""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        yield browser
        browser.close()


def screenshots(folder: Path) -> Iterator[Path]:
    """A module fixture's body: the folder the tests take pictures into, copied into docs/img/
    afterwards when asked."""
    yield folder
    if os.environ.get("UPDATE_SCREENSHOTS"):
        DOCS_IMG.mkdir(parents=True, exist_ok=True)
        for shot in folder.glob("*.png"):
            shutil.copy(shot, DOCS_IMG / shot.name)
