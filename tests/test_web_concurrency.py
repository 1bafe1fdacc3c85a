"""No entry lost or doubled under concurrent writers: four clients adding 15 deals each to one
sheet keep all 60, through the web API (real threads) and through `manille scoresheet`
(real processes sharing one sheet file)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import threading
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner
from webtools import TIE, client, make_app, new_sheet

from manille_variants.cli import app as cli_app
from manille_variants.table.scoresheet import ScoreSheet
from manille_variants.table.terminal import EndOfInput, LineReader, ScoresheetSession
from manille_variants.web.storage import SCHEMA_VERSION, Store

CLIENTS, DEALS = 4, 15


def test_four_api_clients_adding_fifteen_deals_each_keep_all_sixty(tmp_path: Path) -> None:
    app = make_app(tmp_path / "data")
    sheet_id = new_sheet(client(app))
    errors: list[str] = []
    start = threading.Barrier(CLIENTS)

    def writer(number: int) -> None:
        with client(app) as c:
            start.wait()
            for i in range(DEALS):
                body = {"entry": TIE, "id": f"c{number}-{i}", "by": f"phone {number}"}
                answer = c.post(f"/api/sheets/{sheet_id}/deals", json=body)
                if answer.status_code != 200:
                    errors.append(answer.text)
                if i % 5 == 0:  # a retry of the same request adds nothing
                    c.post(f"/api/sheets/{sheet_id}/deals", json=body)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(CLIENTS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    sheet = client(app).get(f"/api/sheets/{sheet_id}").json()
    assert sheet["deals"] == CLIENTS * DEALS
    by = [row["by"] for row in sheet["rows"]]
    assert all(by.count(f"phone {n}") == DEALS for n in range(CLIENTS))
    added = [change["by"] for change in sheet["history"] if change["action"] == "add"]  # each kept once
    assert sorted(added) == sorted(by)


def test_two_stores_on_one_folder_share_the_sheet(tmp_path: Path) -> None:
    first, second = Store(tmp_path), Store(tmp_path)
    from manille_variants.ruleset.loader import load_ruleset

    sheet = first.create_sheet(load_ruleset("belgian"))
    second.add_deal(sheet.id, "H 38 5", client_id="x")
    assert first.sheet(sheet.id).entries == ["H 38 5"]
    assert first.schema_version() == SCHEMA_VERSION


def test_a_database_of_a_newer_version_is_refused_with_a_message(tmp_path: Path) -> None:
    import sqlite3

    Store(tmp_path)
    with sqlite3.connect(tmp_path / "manille.sqlite3") as db:
        db.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION + 1),))
    result = CliRunner().invoke(cli_app, ["serve", "--data", str(tmp_path)])
    assert result.exit_code == 1 and "is newer than this program's" in result.output


_WRITER = """
import sys
from manille_variants.cli import app
for i in range({deals}):
    try:
        app(["scoresheet", "--file", sys.argv[1], "--add", "{tie}"], standalone_mode=False)
    except SystemExit as exc:
        if exc.code:
            raise
"""


def test_four_cli_processes_adding_fifteen_deals_each_keep_all_sixty(tmp_path: Path) -> None:
    path = tmp_path / "sheet.json"
    created = CliRunner().invoke(cli_app, ["scoresheet", "--file", str(path), "-r", "table-convention"])
    assert created.exit_code == 0, created.output
    code = _WRITER.format(deals=DEALS, tie=TIE)
    procs = [subprocess.Popen([sys.executable, "-c", code, str(path)], stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True) for _ in range(CLIENTS)]
    failures = [p.communicate(timeout=240)[1] for p in procs]
    assert [p.returncode for p in procs] == [0] * CLIENTS, failures
    data = json.loads(path.read_text(encoding="utf-8"))
    assert len(data["entries"]) == CLIENTS * DEALS
    assert not list(tmp_path.glob("*.tmp")) and not list(tmp_path.glob(".*.tmp"))


class _TypedWhileAnotherWrites(LineReader):
    """Typed entries; before each, another writer adds a deal to the same file."""

    def __init__(self, path: Path, typed: list[str]) -> None:
        super().__init__(Console(file=io.StringIO()))
        self.path, self.typed = path, typed

    def ask(self, prompt: str) -> str:
        if not self.typed:
            raise EndOfInput
        result = CliRunner().invoke(cli_app, ["scoresheet", "--file", str(self.path), "--add", "H 38 5"])
        assert result.exit_code == 0, result.output
        return self.typed.pop(0)


def test_an_interactive_sheet_keeps_the_deals_another_writer_adds_meanwhile(tmp_path: Path) -> None:
    path = tmp_path / "sheet.json"
    CliRunner().invoke(cli_app, ["scoresheet", "--file", str(path), "-r", "belgian"])
    session = ScoresheetSession(ScoreSheet.load(path), path, console=Console(file=io.StringIO()),
                                reader=_TypedWhileAnotherWrites(path, ["S 20 2", "D 30 4"]))
    assert session.run() == 0
    entries = json.loads(path.read_text(encoding="utf-8"))["entries"]
    assert entries == ["H 38 5", "S 20 2", "H 38 5", "D 30 4"]
