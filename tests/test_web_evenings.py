"""A club evening in the web app: 8 players at 2 tables over 3 rounds, each table's deals
entered on its own sheet, the standings per player, their CSV, and the ladder over evenings."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from webtools import client, make_app

EIGHT = ["An", "Bo", "Cas", "Dirk", "Eva", "Fien", "Geert", "Hanne"]


@pytest.fixture
def c(tmp_path: Path) -> TestClient:
    return client(make_app(tmp_path / "data"))


def new_evening(c: TestClient, **body: Any) -> dict[str, Any]:
    answer = c.post("/api/evenings", json={"name": "Vrijdag", "ruleset": "belgian", "players": EIGHT,
                                          "rounds": 3, "seed": 4, **body})
    assert answer.status_code == 201, answer.text
    found: dict[str, Any] = answer.json()
    return found


def test_an_evening_of_eight_players_at_two_tables_over_three_rounds_has_standings(c: TestClient) -> None:
    evening = new_evening(c)
    assert [(t["round"], t["table"]) for t in evening["tables"]] == [(r, t) for r in (1, 2, 3) for t in (1, 2)]
    for rnd in evening["schedule"]["rounds"]:
        seated = sorted(p for table in rnd["tables"] for team in table["teams"] for p in team)
        assert seated == sorted(EIGHT) and rnd["sitting_out"] == []
    # Every table plays a no-trump deal won by its team A, and round 1's first table a second deal.
    for table in evening["tables"]:
        assert c.post(f"/api/sheets/{table['sheet']}/deals", json={"entry": "nt 38 5"}).status_code == 200
    first = evening["tables"][0]
    assert c.post(f"/api/sheets/{first['sheet']}/deals", json={"entry": "H 10 1 1"}).status_code == 200
    found = c.get(f"/api/evenings/{evening['id']}").json()
    rows = {r["name"]: r for r in found["standings"]}
    assert set(rows) == set(EIGHT) and all(r["rounds"] == 3 for r in rows.values())
    winners_a = [p for table in found["tables"] for p in table["teams"][0]]
    for name in EIGHT:
        assert rows[name]["deals_won"] >= winners_a.count(name)
    assert sum(r["points_for"] for r in rows.values()) == sum(r["points_against"] for r in rows.values())
    assert found["tables"][0]["score"] is not None and found["tables"][0]["deals"] == 2
    order = [r["name"] for r in found["standings"]]
    keys = [(rows[n]["matches_won"], rows[n]["games_won"], rows[n]["difference"], rows[n]["points_for"])
            for n in order]
    assert keys == sorted(keys, reverse=True)
    lines = list(csv.DictReader(io.StringIO(c.get(f"/api/evenings/{evening['id']}/standings.csv").text)))
    assert [line["name"] for line in lines] == order and lines[0]["rank"] == "1"


def test_the_evening_s_sheets_are_in_the_sheets_list_with_the_teams_names(c: TestClient) -> None:
    evening = new_evening(c)
    sheets = {s["id"]: s for s in c.get("/api/sheets").json()}
    table = evening["tables"][0]
    assert sheets[table["sheet"]]["names"] == {"A": " & ".join(table["teams"][0]), "B": " & ".join(table["teams"][1])}
    assert "round 1, table 1" in sheets[table["sheet"]]["note"]


def test_the_ladder_adds_every_evening_up(c: TestClient) -> None:
    one = new_evening(c)
    two = new_evening(c, players=[*EIGHT[:4], "Ilse", "Jan", "Kris", "Lien"], rounds=2, seed=9)
    for table in [*one["tables"], *two["tables"]]:
        c.post(f"/api/sheets/{table['sheet']}/deals", json={"entry": "nt 38 5"})
    ladder = {r["name"]: r for r in c.get("/api/ladder").json()}
    assert ladder["An"]["rounds"] == 5 and ladder["Eva"]["rounds"] == 3 and ladder["Ilse"]["rounds"] == 2
    text = c.get("/api/ladder.csv").text
    assert text.splitlines()[0].startswith("rank,name,rounds,matches_won,games_won")
    assert len(text.splitlines()) == 1 + 12


def test_the_evening_pages_show_the_schedule_and_the_standings_in_dutch(c: TestClient) -> None:
    assert c.get("/evenings?lang=nl").status_code == 200
    answer = c.post("/evenings", content="name=Vrijdag&ruleset=belgian&rounds=3&seed=4&players=" +
                    "%0A".join(EIGHT), headers={"Content-Type": "application/x-www-form-urlencoded"},
                    follow_redirects=False)
    assert answer.status_code == 303
    page = c.get(answer.headers["location"])
    assert page.status_code == 200
    assert "Ronde 3" in page.text and "Tafel 2" in page.text and "Partijen gewonnen" in page.text
    assert page.text.count('class="evening-table"') == 6
    listing = c.get("/evenings")
    assert "Vrijdag" in listing.text and "Ranglijst" in listing.text


@pytest.mark.parametrize(("body", "message"), [
    ({"players": ["An", "Bo", "Cas"]}, "players: expected a list of 4 to 200 names"),
    ({"players": ["An", "Bo", "An", "Cas"]}, "two players are called 'An'"),
    ({"rounds": 0}, "at least one round"),
    ({"rounds": 10**6}, "at most 50 rounds"),
    ({"ruleset": "nope"}, "unknown ruleset"),
    ({"ruleset": "belgian-six"}, "seats four a table for now"),
])
def test_an_evening_that_cannot_be_drawn_is_refused_with_the_reason(c: TestClient, body: dict[str, Any],
                                                                    message: str) -> None:
    answer = c.post("/api/evenings", json={"players": EIGHT, **body})
    assert answer.status_code == 400 and message in answer.json()["error"]


def test_an_unknown_evening_is_a_404(c: TestClient) -> None:
    assert c.get("/api/evenings/abc").status_code == 404


def test_an_evening_s_table_can_be_played_at_a_shared_table_its_sheet_keeping_the_score(c: TestClient) -> None:
    evening = new_evening(c)
    first = evening["tables"][0]
    answer = c.post(f"/evenings/{evening['id']}/tables/1/1", follow_redirects=False)
    assert answer.status_code == 303
    table_id = answer.headers["location"].rsplit("/", 1)[1]
    live = c.app.state.tables.get(table_id)  # type: ignore[attr-defined]
    assert live.sheet == first["sheet"] and sorted(live.names.values()) == sorted(first["teams"][0] + first["teams"][1])
    starter = live.table.match.first_dealer & 1
    assert [live.names[s] for s in range(4) if s % 2 == starter] == first["teams"][0]  # team A deals first
    view: dict[str, Any] = {}
    for _ in range(200):
        state = live.table.state
        if state.is_over:
            break
        token = live.tokens[state.to_play]
        view = c.post(f"/api/tables/{table_id}/act", json={"action": str(state.legal_actions()[0])},
                      headers={"Authorization": f"Bearer {token}"}).json()
    assert view["deal_over"]
    found = c.get(f"/api/evenings/{evening['id']}").json()
    assert found["tables"][0]["deals"] == 1 and found["tables"][0]["shared"] == table_id
    score = found["tables"][0]["score"]
    assert score == [view["score"][starter], view["score"][1 - starter]]
    again = c.post(f"/evenings/{evening['id']}/tables/1/1", follow_redirects=False)
    assert again.status_code == 400  # its sheet has a deal now
