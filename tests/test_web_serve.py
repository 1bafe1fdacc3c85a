"""`manille serve`: a thin command that starts uvicorn on the app, over the data folder, with
a token (printed with its QR code) off the loopback; and the store's operations against a
plain list of entries (a hypothesis property)."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from typer.testing import CliRunner

from manille_variants.cli import app as cli_app
from manille_variants.errors import ScoresheetError
from manille_variants.ruleset.loader import load_ruleset
from manille_variants.web import serve as serve_module
from manille_variants.web.serve import PortError
from manille_variants.web.serve import listen as real_listen
from manille_variants.web.storage import Store

runner = CliRunner()


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """``manille serve`` up to the start of uvicorn: the address it was asked to listen on (a
    free port is taken instead) and the app it would serve."""
    seen: dict[str, Any] = {}

    def fake_listen(host: str, port: int) -> socket.socket:
        seen.update(host=host, port=port)
        return real_listen("127.0.0.1", 0)

    def fake_run(server: Any, sockets: list[socket.socket]) -> None:
        seen.update(app=server.config.app, served=[s.getsockname() for s in sockets])

    import uvicorn

    monkeypatch.setattr(serve_module, "listen", fake_listen)
    monkeypatch.setattr(uvicorn.Server, "run", fake_run)
    return seen


def test_serve_binds_the_loopback_by_default_without_a_token(started: dict[str, Any], tmp_path: Path) -> None:
    result = runner.invoke(cli_app, ["serve", "--data", str(tmp_path / "d")])
    assert result.exit_code == 0, result.output
    assert (started["host"], started["port"]) == ("127.0.0.1", 8000)
    assert "open http://127.0.0.1:8000/\n" in result.output and "token" not in result.output
    assert (tmp_path / "d" / "manille.sqlite3").is_file()
    page = TestClient(started["app"], base_url="http://127.0.0.1:8000").get("/")
    assert page.status_code == 200


def test_serve_on_another_host_needs_the_printed_token(started: dict[str, Any], tmp_path: Path) -> None:
    result = runner.invoke(cli_app, ["serve", "--host", "0.0.0.0", "--port", "9000", "--data", str(tmp_path)])
    assert result.exit_code == 0, result.output
    url = next(line for line in result.output.splitlines() if line.startswith("open ")).removeprefix("open ")
    assert ":9000/?token=" in url
    assert "█" in result.output or "▀" in result.output  # the QR code
    c = TestClient(started["app"], base_url="http://127.0.0.1:9000")
    assert c.get("/").status_code == 401
    token = url.split("token=")[1]
    assert c.get("/", params={"token": token}).status_code == 200
    assert c.get("/sheets").status_code == 200  # the cookie now


def test_serve_refuses_a_bad_port() -> None:
    assert runner.invoke(cli_app, ["serve", "--port", "0"]).exit_code == 2


def test_serve_on_a_busy_port_says_so_once_and_exits_1(tmp_path: Path) -> None:
    with socket.socket() as other:  # another server, already listening
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        result = runner.invoke(cli_app, ["serve", "--port", str(port), "--data", str(tmp_path)])
    assert result.exit_code == 1
    assert result.stdout == ""  # no "open http://..." pointing at the other server
    assert result.stderr == (f"error: 127.0.0.1 port {port} is already in use (another manille serve, or "
                             "another server?): stop it, or choose another port with --port\n")


def test_serve_on_an_address_of_another_machine_says_so() -> None:
    with pytest.raises(PortError, match=r"cannot listen on 192\.0\.2\.1 port"):
        real_listen("192.0.2.1", 8000)  # TEST-NET-1: never this machine's


def test_the_socket_listened_on_is_the_one_served(started: dict[str, Any], tmp_path: Path) -> None:
    runner.invoke(cli_app, ["serve", "--data", str(tmp_path)])
    ((address, port),) = started["served"]
    assert address == "127.0.0.1" and port > 0


_ENTRY = st.sampled_from(["H 38 5", "S 30 4", "no-trump 20 2", "D 60 8", "C 0 0", "blind 35 5"])
_OPS = st.lists(st.one_of(
    st.tuples(st.just("add"), _ENTRY, st.integers(0, 0)),
    st.tuples(st.just("put"), _ENTRY, st.integers(1, 6)),
    st.tuples(st.just("del"), st.just(""), st.integers(0, 6)),
), max_size=12)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=_OPS)
def test_the_store_changes_entries_as_a_plain_list_would_or_not_at_all(
        tmp_path_factory: pytest.TempPathFactory, ops: list[tuple[str, str, int]]) -> None:
    store = Store(tmp_path_factory.mktemp("store"))
    sheet = store.create_sheet(load_ruleset("belgian"))
    for op, entry, n in ops:
        before = store.sheet(sheet.id).entries
        expected = _expected(before, op, entry, n)
        try:
            if op == "add":
                store.add_deal(sheet.id, entry)
            elif op == "put":
                store.replace_deal(sheet.id, n, entry)
            else:
                store.remove_deal(sheet.id, n or None)
        except ScoresheetError:
            assert store.sheet(sheet.id).entries == before  # refused: nothing changed
            continue
        after = store.sheet(sheet.id)
        assert after.entries == expected
        assert after.summary()["deals"] == len(expected)


def _expected(entries: list[str], op: str, entry: str, n: int) -> list[str] | None:
    out = list(entries)
    if op == "add":
        return [*out, entry]
    index = (n or len(out)) - 1
    if not 0 <= index < len(out):
        return None
    if op == "put":
        out[index] = entry
    else:
        del out[index]
    return out
