"""Games against the bots survive a restart: each is stored as what replays it (ruleset, seed,
seats, bots, actions) and replayed when asked for by a new app over the same data folder; the
schema's migration from version 1 keeps the score sheets."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from webtools import client, make_app

from manille_variants.ruleset.loader import load_ruleset
from manille_variants.web.storage import DB_NAME, SCHEMA_VERSION, Store


def _restart(folder: Path) -> TestClient:
    """A new app over the same data folder: nothing of the old one's memory."""
    return client(make_app(folder))


def _act(c: TestClient, view: dict[str, Any]) -> dict[str, Any]:
    answer = c.post(f"/api/play/{view['id']}/act", json={"action": view["legal"][-1]})
    assert answer.status_code == 200, answer.text
    result: dict[str, Any] = answer.json()
    return result


def test_a_game_continues_after_a_restart_with_the_same_state_legal_cards_and_bot_replies(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    before = client(make_app(folder))
    view = before.post("/api/play", json={"ruleset": "table-convention", "seed": 3}).json()
    while not (view["playing_cards"] and len(view["hand"]) <= 6):
        view = _act(before, view)
    assert sum(view["tricks_won"]) == 2  # two tricks down, your turn in the third
    after = _restart(folder)
    resumed = after.get(f"/api/play/{view['id']}").json()
    assert resumed == view and resumed["legal"] == view["legal"]
    # The same action from here gets the same bot replies with and without the restart.
    for _ in range(200):
        view, resumed = _act(before, view), _act(after, resumed)
        assert resumed == view
        if view["deal_over"]:
            break
    assert view["deal_over"] and view["result"] is not None
    view = before.post(f"/api/play/{view['id']}/next", json={}).json()
    again = _restart(folder).get(f"/api/play/{view['id']}").json()
    assert again == view and again["deals"] == 1
    records = [c.get(f"/api/play/{view['id']}/record") for c in (before, _restart(folder))]
    assert records[0].status_code == records[1].status_code == 200
    assert json.loads(records[0].text) == json.loads(records[1].text)


def test_the_play_page_of_a_game_shows_it_after_a_restart(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    view = client(make_app(folder)).post("/api/play", json={"seed": 5}).json()
    page = _restart(folder).get(f"/play/{view['id']}")
    assert page.status_code == 200 and 'id="game-data"' in page.text and view["id"] in page.text


def test_a_game_that_does_not_exist_is_a_404_with_a_clear_message(tmp_path: Path) -> None:
    c = client(make_app(tmp_path / "data"))
    for answer in (c.get("/api/play/0123abcd"), c.post("/api/play/0123abcd/act", json={"action": "7H"}),
                   c.post("/api/play/0123abcd/next", json={}), c.get("/api/play/0123abcd/record")):
        assert answer.status_code == 404
        assert answer.json()["error"].startswith("no game 0123abcd: it was not started on this server")
    page = c.get("/play/0123abcd")
    assert page.status_code == 404 and "no game 0123abcd" in page.text


def test_a_stored_game_whose_bot_actions_no_longer_replay_is_refused_by_name(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    view = client(make_app(folder)).post("/api/play", json={"seed": 3}).json()
    with sqlite3.connect(folder / DB_NAME) as db:
        actions = json.loads(db.execute("SELECT actions FROM games").fetchone()[0])
        actions[0].insert(0, "throw-in")  # not what the first bot does now
        db.execute("UPDATE games SET actions = ?", (json.dumps(actions),))
    answer = _restart(folder).get(f"/api/play/{view['id']}")
    assert answer.status_code == 400
    assert answer.json()["error"].startswith(f"game {view['id']}: deal 1")


_SCHEMA_1 = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE sheets (id TEXT PRIMARY KEY, created TEXT NOT NULL, ruleset TEXT NOT NULL,
    team_a TEXT NOT NULL DEFAULT '', team_b TEXT NOT NULL DEFAULT '', note TEXT NOT NULL DEFAULT '',
    revision INTEGER NOT NULL DEFAULT 0);
CREATE TABLE deals (seq INTEGER PRIMARY KEY AUTOINCREMENT,
    sheet TEXT NOT NULL REFERENCES sheets(id) ON DELETE CASCADE, client_id TEXT, entry TEXT NOT NULL,
    by TEXT NOT NULL DEFAULT '', at TEXT NOT NULL, UNIQUE (sheet, client_id));
CREATE INDEX deals_by_sheet ON deals (sheet, seq);
CREATE TABLE rulesets (name TEXT PRIMARY KEY, yaml TEXT NOT NULL, saved TEXT NOT NULL);
INSERT INTO meta VALUES ('schema_version', '1');
"""


def test_the_migration_from_schema_version_1_keeps_the_sheets(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    content = json.dumps(load_ruleset("table-convention").model_dump(mode="json"))
    with sqlite3.connect(folder / DB_NAME) as db:
        db.executescript(_SCHEMA_1)
        db.execute("INSERT INTO sheets (id, created, ruleset, team_a, team_b, note, revision) "
                   "VALUES ('s1', '2026-11-30T20:00:00+00:00', ?, 'Noord', 'Zuid', 'club night', 2)", (content,))
        db.executemany("INSERT INTO deals (sheet, client_id, entry, by, at) VALUES ('s1', ?, ?, 'An', 'then')",
                       [("x1", "no-trump 38 5"), ("x2", "H 20 2")])
        db.execute("INSERT INTO rulesets VALUES ('club', 'name: club', 'then')")
    store = Store(folder)
    assert store.schema_version() == SCHEMA_VERSION == 5
    sheet = store.sheet("s1")
    assert sheet.entries == ["no-trump 38 5", "H 20 2"] and (sheet.team_a, sheet.note) == ("Noord", "club night")
    assert sheet.summary()["team_a"] == 16 and sheet.revision == 2
    assert store.add_deal("s1", "no-trump 38 5", client_id="x1").entries == sheet.entries  # ids kept
    assert [r.name for r in store.saved_rulesets()] == ["club"]
    view = client(make_app(folder)).post("/api/play", json={"seed": 1}).json()
    assert Store(folder).game(view["id"]).seed == 1  # the new table, and a second open migrates nothing


def test_a_database_from_a_newer_version_is_refused(tmp_path: Path) -> None:
    from manille_variants.web.storage import StoreError

    folder = tmp_path / "data"
    Store(folder)
    with sqlite3.connect(folder / DB_NAME) as db:
        db.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    with pytest.raises(StoreError, match="schema version 99 is newer"):
        Store(folder)
