"""The web app command: serve.

A thin typer command: the app lives in :mod:`manille_variants.web`.
"""

from __future__ import annotations

from pathlib import Path

import typer

from manille_variants.cli.common import documented, echo, english, fail, user_errors
from manille_variants.messages import define, msg

WEB_EXTRA = define("cli.serve.web-extra",
                   "the web app needs the 'web' extra: pip install 'manille-variants[web]' ({error})")


@documented(define(
    "help.serve",
    "Run the web app: rulesets, house rules, deal scoring, shared score sheets, play, compare.",
))
def serve_command(
    host: str = typer.Option(
        "127.0.0.1", "--host", metavar="HOST",
        help=english(define("help.serve.host",
                            "Address to listen on. Any other than 127.0.0.1/localhost (e.g. 0.0.0.0 for the table's "
                            "network) needs an access token: the address to open is printed with it, and a QR code.")),
    ),
    port: int = typer.Option(8000, "--port", min=1, max=65535, metavar="PORT", help=english(define("help.serve.port",
                                                                                   "Port to listen on."))),
    data: Path | None = typer.Option(
        None, "--data", metavar="DIR",
        help=english(define("help.serve.data",
                            "Folder of the app's database (score sheets, saved rulesets); created if missing. "
                            "Default: $XDG_DATA_HOME/manille_variants (~/.local/share/manille_variants).")),
    ),
) -> None:
    with user_errors():
        try:
            from manille_variants.web.serve import serve
        except ImportError as exc:
            raise fail(msg(WEB_EXTRA, error=str(exc))) from None
        serve(host, port, data, echo=echo)
