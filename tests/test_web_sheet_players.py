"""The shared web score sheet where each player keeps a score (the dealer alone against a
temporary team, ``belgian-three``): a column per player in the JSON, the page and the CSV,
scored by the CLI's sheet (table/scoresheet.py), with its refusals."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from webtools import client, make_app

from manille_variants.ruleset.loader import load_ruleset
from manille_variants.table.scoresheet import ScoreSheet

ENTRIES = ["H 26 4", "S 35 6", "nt 40 7"]


@pytest.fixture
def c(tmp_path: Path) -> TestClient:
    return client(make_app(tmp_path / "data"))


def _three(c: TestClient, entries: list[str] = ENTRIES) -> dict[str, object]:
    made = c.post("/api/sheets", json={"ruleset": "belgian-three", "note": "drie"})
    assert made.status_code == 201, made.text
    sheet: dict[str, object] = made.json()
    for entry in entries:
        answer = c.post(f"/api/sheets/{sheet['id']}/deals", json={"entry": entry, "by": "An"})
        assert answer.status_code == 200, answer.text
        sheet = answer.json()
    return sheet


def _cli(entries: list[str]) -> ScoreSheet:
    sheet = ScoreSheet.new(load_ruleset("belgian-three"))
    for entry in entries:
        sheet.add(entry)
    return sheet


def test_a_three_player_sheet_is_created_with_a_column_per_seat(c: TestClient) -> None:
    sheet = _three(c, [])
    assert sheet["per_player"] is True and sheet["seats"] == 3
    assert sheet["columns"] == [{"key": f"P{s}", "seat": s, "name": ""} for s in range(3)]
    assert sheet["players"] == [0, 0, 0] and sheet["scores"] == [0, 0, 0]
    assert sheet["next_dealer"] == "seat 0" and sheet["next_dealer_key"] == "P0"
    assert sheet["settings"]["tricks_per_deal"] == 10  # type: ignore[index]
    assert "team_a" not in sheet and "names" in sheet and "to_target" in sheet  # the CLI's summary, then ours


def test_the_per_player_totals_are_the_cli_sheets(c: TestClient) -> None:
    sheet = _three(c)
    cli = _cli(ENTRIES)
    assert sheet["players"] == list(cli.match.scores) == sheet["scores"]
    assert sheet["to_target"] == [max(0, 101 - s) for s in cli.match.scores]
    rows = sheet["rows"]
    assert isinstance(rows, list)
    for row, mine in zip(rows, cli.rows(), strict=True):
        assert row["points"] == list(mine.points) and row["totals"] == list(mine.totals)
        assert row["dealer"] == mine.dealer == row["dealer_key"]
    assert [r["dealer_seat"] for r in rows] == [0, 1, 2]
    assert sheet["next_dealer_key"] == "P0"
    assert sheet["winner"] is None and sheet["winner_key"] is None
    assert c.get(f"/api/sheets/{sheet['id']}").json()["players"] == list(cli.match.scores)


def test_the_form_figures_give_the_other_sides_with_ten_tricks(c: TestClient) -> None:
    sheet = _three(c, [])
    fields = {"mode": "H", "side": "B", "points": 34, "tricks": 6}
    answer = c.post(f"/api/sheets/{sheet['id']}/check", json={"fields": fields}).json()
    assert answer["ok"] is True and answer["entry"] == "H 26 4"
    assert answer["other"] == {"side": "A", "points": 26, "tricks": 4}
    added = c.post(f"/api/sheets/{sheet['id']}/deals", json={"fields": fields}).json()
    assert added["players"] == list(_cli(["H 26 4"]).match.scores)


def test_a_bad_entry_is_refused_with_the_clis_message(c: TestClient) -> None:
    sheet = _three(c, ["H 26 4"])
    url = f"/api/sheets/{sheet['id']}"
    for entry, message in (("H 26 11", "TRICKS must be between 0 and 10 (got 11)"),
                           ("H 61 4", "POINTS must be between 0 and 60 (got 61)"),
                           ("X 26 4", "MODE must be S, H, D, C, no-trump or blind")):
        refused = c.post(f"{url}/deals", json={"entry": entry})
        assert refused.status_code == 400 and message in refused.text, refused.text
        checked = c.post(f"{url}/check", json={"entry": entry}).json()
        assert checked["ok"] is False and message in checked["error"]
    assert c.get(url).json()["deals"] == 1  # nothing changed


def test_a_correction_scores_the_later_deals_again(c: TestClient) -> None:
    sheet = _three(c)
    fixed = c.put(f"/api/sheets/{sheet['id']}/deals/1", json={"entry": "H 35 6"}).json()
    assert fixed["players"] == list(_cli(["H 35 6", *ENTRIES[1:]]).match.scores)


def test_the_csv_has_a_column_per_player(c: TestClient) -> None:
    sheet = _three(c)
    text = c.get(f"/sheets/{sheet['id']}/export.csv").text
    lines = list(csv.reader(io.StringIO(text)))
    assert lines[0] == ["deal", "game", "dealer", "entry", "points_p0", "points_p1", "points_p2",
                        "total_p0", "total_p1", "total_p2", "pending_ties", "by", "at"]
    cli = _cli(ENTRIES)
    for line, row in zip(lines[1:], cli.rows(), strict=True):
        assert line[2] == row.dealer and [int(v) for v in line[4:10]] == [*row.points, *row.totals]
    assert len(lines) == 1 + len(ENTRIES)


def test_a_four_seat_csv_keeps_its_columns(c: TestClient) -> None:
    sheet = c.post("/api/sheets", json={"ruleset": "table-convention", "team_a": "Noord"}).json()
    head = c.get(f"/sheets/{sheet['id']}/export.csv").text.splitlines()[0]
    assert head == "deal,game,dealer,entry,points_a (Noord),points_b,total_a (Noord),total_b,pending_ties,by,at"
    assert sheet["columns"][0] == {"key": "A", "seat": None, "name": "Noord"}
    assert sheet["per_player"] is False and sheet["scores"] == [sheet["team_a"], sheet["team_b"]]


@pytest.mark.parametrize("lang, seat, dealer", [("en", "Seat", "The dealer"), ("nl", "Plaats", "De gever"),
                                                ("fr", "Place", "Le donneur")])
def test_the_page_draws_a_column_per_player(c: TestClient, lang: str, seat: str, dealer: str) -> None:
    sheet = _three(c)
    page = c.get(f"/sheets/{sheet['id']}?lang={lang}").text
    for s in range(3):
        assert f'id="head-p{s}"' in page and f'data-team="P{s}"' in page
    assert f"{seat} 0" in page and f"{seat} 2" in page and f"{dealer} (A)" in page
    assert 'max="10"' in page
    assert 'name="team_a"' not in page  # no team names where each player keeps a score
    assert page.count('class="deal-row"') == len(ENTRIES)
    chart = c.get(f"/sheets/{sheet['id']}/chart.svg").text
    assert chart.count("<polyline") == 3 and 'class="player p2"' in chart
    listing = c.get(f"/sheets?lang={lang}").text
    assert f"{seat} 1 <b>" in listing


@pytest.mark.parametrize("ruleset, tricks", [("belgian-six", 5), ("belgian-two", 16)])
def test_a_sheet_of_six_or_two_keeps_two_teams_with_the_tables_tricks(c: TestClient, ruleset: str,
                                                                        tricks: int) -> None:
    sheet = c.post("/api/sheets", json={"ruleset": ruleset}).json()
    assert sheet["per_player"] is False and sheet["settings"]["tricks_per_deal"] == tricks
    fields = {"mode": "H", "side": "B", "points": 20, "tricks": 2}
    answer = c.post(f"/api/sheets/{sheet['id']}/check", json={"fields": fields}).json()
    assert answer["ok"] is True and answer["other"] == {"side": "A", "points": 40, "tricks": tricks - 2}
    added = c.post(f"/api/sheets/{sheet['id']}/deals", json={"fields": fields}).json()
    cli = ScoreSheet.new(load_ruleset(ruleset))
    cli.add(answer["entry"])
    assert [added["team_a"], added["team_b"]] == list(cli.match.scores) == added["scores"]


# ------------------------------------------------------------------ a name per seat
def test_a_three_player_sheet_takes_a_name_per_seat_and_shows_it(c: TestClient) -> None:
    sheet = _three(c)
    named = c.put(f"/api/sheets/{sheet['id']}", json={"player_names": ["An", "Bo", "Cas"], "note": "drie",
                                                     "by": "An"})
    assert named.status_code == 200, named.text
    data = named.json()
    assert data["player_names"] == ["An", "Bo", "Cas"]
    assert [col["name"] for col in data["columns"]] == ["An", "Bo", "Cas"]
    assert data["players"] == sheet["players"]  # the CLI's per-player scores, unchanged
    assert data["history"][-1]["entry"] == "An · Bo · Cas · drie"
    page = c.get(f"/sheets/{sheet['id']}")
    assert 'value="Bo"' in page.text
    assert "Cas" in c.get("/sheets").text  # the sheets list names the players


def test_a_name_per_seat_is_kept_by_a_rename_without_names_and_given_at_creation(c: TestClient) -> None:
    made = c.post("/api/sheets", json={"ruleset": "belgian-three", "player_names": ["An", "Bo", "Cas"]})
    assert made.status_code == 201 and made.json()["player_names"] == ["An", "Bo", "Cas"]
    kept = c.put(f"/api/sheets/{made.json()['id']}", json={"note": "later"})
    assert kept.json()["player_names"] == ["An", "Bo", "Cas"] and kept.json()["note"] == "later"


@pytest.mark.parametrize(("ruleset", "names", "code"), [
    ("belgian-three", ["An", "Bo"], "sheet.players-count"),
    ("belgian", ["An", "Bo", "Cas", "Dirk"], "sheet.players-teams"),
])
def test_player_names_that_do_not_fit_the_sheet_are_refused_in_the_pages_language(
        c: TestClient, ruleset: str, names: list[str], code: str) -> None:
    answer = c.post("/api/sheets?lang=nl", json={"ruleset": ruleset, "player_names": names})
    assert answer.status_code == 400 and answer.json()["code"] == code
    assert answer.json()["message"] != answer.json()["error"]  # said in Dutch


def test_six_seats_keep_team_names_and_refuse_player_names(c: TestClient) -> None:
    answer = c.post("/api/sheets", json={"ruleset": "belgian-six", "team_a": "Noord", "player_names": ["An"] * 6})
    assert answer.status_code == 400 and answer.json()["code"] == "sheet.players-teams"
