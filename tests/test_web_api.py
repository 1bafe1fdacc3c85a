"""The web app's JSON API: the names and keys promised in issue 13, the CLI's messages for an
impossible entry, and a sheet recomputed from its first deal after a correction."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner
from webtools import TIE, client, make_app, new_sheet

from manille_variants.cli import app as cli_app

SCORESHEET_KEYS = {"team_a", "team_b", "pending_ties", "deals", "winner"}


@pytest.fixture
def c(tmp_path: Path) -> TestClient:
    return client(make_app(tmp_path / "data"))


def test_get_rulesets_lists_name_title_extends_aliases(c: TestClient) -> None:
    found = c.get("/api/rulesets").json()
    belgian = next(r for r in found if r["name"] == "belgian")
    assert {"name", "title", "extends", "aliases"} <= set(belgian)
    assert belgian["extends"] == "table-convention" and "manillen" in belgian["aliases"]


def test_validate_locates_each_problem_at_line_and_column(c: TestClient) -> None:
    text = "name: club\nextends: belgian\nscoring:\n  cap: 0\n"
    answer = c.post("/api/validate", json={"yaml": text}).json()
    assert answer["ok"] is False
    assert [{k: p[k] for k in ("line", "column", "path", "message")} for p in answer["problems"]] == [
        {"line": 4, "column": 3, "path": "scoring.cap", "message": "must be at least 1 (got 0)"}]
    first = answer["problems"][0]
    assert (first["code"], first["params"]) == ("ruleset.at-least", {"got": "0", "ge": 1})


def test_validate_accepts_a_good_ruleset(c: TestClient) -> None:
    answer = c.post("/api/validate", json={"yaml": "name: club\nextends: belgian\nmatch:\n  target: 151\n"}).json()
    assert (answer["ok"], answer["problems"], answer["name"]) == (True, [], "club")
    assert answer["values"]["match.target"] == 151 and answer["values"]["match.best_of"] == 3


def test_a_saved_ruleset_is_listed_and_usable_for_a_sheet(c: TestClient) -> None:
    saved = c.post("/api/rulesets", json={"yaml": "name: club\nextends: belgian\nmatch:\n  target: 151\n"})
    assert saved.status_code == 201
    assert any(r["name"] == "club" for r in c.get("/api/rulesets").json())
    sheet = c.post("/api/sheets", json={"ruleset": "club"}).json()
    assert sheet["ruleset"] == "club" and sheet["target"] == 151


def test_an_invalid_ruleset_is_not_saved(c: TestClient) -> None:
    answer = c.post("/api/rulesets", json={"yaml": "name: club\nextends: belgian\nscoring:\n  cap: 0\n"})
    assert answer.status_code == 400
    assert answer.json()["problems"][0]["line"] == 4
    assert not any(r["name"] == "club" for r in c.get("/api/rulesets").json())


@pytest.mark.parametrize("extends", ["/etc/passwd.yaml", "../secret.yaml", "rulesets/belgian.yaml"])
def test_extends_never_names_a_file(c: TestClient, extends: str) -> None:
    answer = c.post("/api/validate", json={"yaml": f"name: club\nextends: {extends}\n"}).json()
    assert answer["ok"] is False
    assert answer["problems"][0]["path"] == "extends" and answer["problems"][0]["line"] == 2


def test_a_ruleset_name_from_a_request_is_never_a_path(c: TestClient) -> None:
    answer = c.post("/api/sheets", json={"ruleset": "rulesets/belgian.yaml"})
    assert answer.status_code == 400 and "unknown ruleset" in answer.json()["error"]


def test_score_gives_each_ruleset_side_by_side_with_every_factor(c: TestClient) -> None:
    body = {"rulesets": ["table-convention", "belgian"], "points": 38, "tricks": 5, "mode": "no-trump",
            "calls": 0, "pending_ties": 1}
    results = c.post("/api/score", json=body).json()["results"]
    assert [r["ruleset"] for r in results] == ["table-convention", "belgian"]
    for r in results:
        assert {"ruleset", "team_a", "team_b", "tied", "factor", "factors"} <= set(r)
    names = [f["name"] for f in results[1]["factors"]]
    assert "tie" in names and results[1]["factor"] >= 4


def test_score_refuses_absurd_pending_ties(c: TestClient) -> None:
    body = {"rulesets": ["belgian"], "points": 38, "tricks": 5, "mode": "trump", "calls": 0, "pending_ties": 10**9}
    answer = c.post("/api/score", json=body)
    assert answer.status_code == 400 and "pending ties must be between 0 and 50" in answer.json()["error"]


def test_sheet_answers_carry_the_keys_of_scoresheet_json(c: TestClient) -> None:
    sheet_id = new_sheet(c)
    added = c.post(f"/api/sheets/{sheet_id}/deals", json={"entry": "no-trump 38 5"}).json()
    assert set(added) >= SCORESHEET_KEYS
    assert (added["team_a"], added["team_b"], added["deals"]) == (16, 0, 1)
    assert c.get(f"/api/sheets/{sheet_id}").json()["team_a"] == 16


def test_an_impossible_entry_is_refused_with_the_cli_message_and_changes_nothing(
        c: TestClient, tmp_path: Path) -> None:
    sheet_id = new_sheet(c)
    answer = c.post(f"/api/sheets/{sheet_id}/deals", json={"entry": "H 20 0"})
    cli = CliRunner().invoke(cli_app, ["scoresheet", "--file", str(tmp_path / "s.json"), "-r",
                                       "table-convention", "--add", "H 20 0"])
    assert answer.status_code == 400
    assert f"error: {answer.json()['error']}" == cli.output.strip().splitlines()[-1]
    assert c.get(f"/api/sheets/{sheet_id}").json()["deals"] == 0


def test_check_says_why_an_entry_would_be_refused_without_saving(c: TestClient) -> None:
    sheet_id = new_sheet(c)
    assert c.post(f"/api/sheets/{sheet_id}/check", json={"entry": "H 61 5"}).json() == {
        "ok": False, "error": "POINTS must be between 0 and 60 (got 61)",
        "code": "sheet.points-range", "params": {"total": 60, "points": 61},
        "message": "POINTS must be between 0 and 60 (got 61)"}
    assert c.post(f"/api/sheets/{sheet_id}/check", json={"entry": "H 38 5"}).json()["ok"] is True
    assert c.get(f"/api/sheets/{sheet_id}").json()["deals"] == 0


@pytest.mark.parametrize(("lang", "message"), [
    ("nl", "ploeg A haalde geen slag, dus ook geen kaartpunten (niet 20)"),
    ("fr", "l'équipe A n'a fait aucun pli, donc aucun point de cartes (pas 20)"),
])
def test_a_refusal_keeps_the_cli_error_and_says_it_in_the_page_language(
        c: TestClient, lang: str, message: str) -> None:
    sheet_id = new_sheet(c)
    answer = c.post(f"/api/sheets/{sheet_id}/deals", json={"entry": "H 20 0"}, headers={"Accept-Language": lang})
    assert answer.json() == {"error": "team A took no trick, so it cannot hold card points (got 20)",
                             "code": "sheet.no-trick-no-points", "params": {"points": 20}, "message": message}
    checked = c.post(f"/api/sheets/{sheet_id}/check", json={"entry": "H 20 0", "number": 1},
                     headers={"Accept-Language": lang}).json()
    assert checked["message"] == message or checked["message"].startswith(("no deal", "spel", "donne"))


def test_a_retried_add_with_the_same_id_adds_once(c: TestClient) -> None:
    sheet_id = new_sheet(c)
    for _ in range(3):
        answer = c.post(f"/api/sheets/{sheet_id}/deals", json={"entry": "H 38 5", "id": "deal-1", "by": "An"})
    assert answer.json()["deals"] == 1
    assert answer.json()["rows"][0]["by"] == "An"


def test_undo_removes_the_last_deal(c: TestClient) -> None:
    sheet_id = new_sheet(c)
    c.post(f"/api/sheets/{sheet_id}/deals", json={"entry": "no-trump 38 5"})
    c.post(f"/api/sheets/{sheet_id}/deals", json={"entry": "H 20 3"})
    answer = c.delete(f"/api/sheets/{sheet_id}/deals/last").json()
    assert answer["entries"] == ["no-trump 38 5"] and answer["team_b"] == 0


def test_correcting_an_early_deal_recomputes_every_later_total_and_the_pending_tie(c: TestClient) -> None:
    sheet_id = new_sheet(c)
    for entry in ("H 38 5", "S 30 4", "D 40 5"):
        c.post(f"/api/sheets/{sheet_id}/deals", json={"entry": entry})
    tied = c.get(f"/api/sheets/{sheet_id}").json()
    assert tied["rows"][1]["pending"] == 1  # deal 2 was a tie: deal 3 counted double
    before = tied
    after = c.put(f"/api/sheets/{sheet_id}/deals/2", json={"entry": "S 40 5"}).json()
    assert after["rows"][1]["pending"] == 0
    assert after["rows"][2]["factor"] < before["rows"][2]["factor"]
    assert after["rows"][-1]["totals"] == [after["team_a"], after["team_b"]]


def test_a_pending_tie_shows_the_factor_on_the_next_deal(c: TestClient) -> None:
    sheet_id = new_sheet(c, ruleset="belgian")
    sheet = c.post(f"/api/sheets/{sheet_id}/deals", json={"entry": "H 30 4"}).json()
    assert (sheet["pending_ties"], sheet["pending_factor"]) == (1, 2)
    sheet = c.post(f"/api/sheets/{sheet_id}/deals", json={"entry": "H 30 4"}).json()
    assert (sheet["pending_ties"], sheet["pending_factor"]) == (2, 4)


def test_removing_a_deal_from_the_middle_keeps_the_others(c: TestClient) -> None:
    sheet_id = new_sheet(c)
    for entry in ("H 38 5", "S 30 4", "D 40 5"):
        c.post(f"/api/sheets/{sheet_id}/deals", json={"entry": entry})
    answer = c.delete(f"/api/sheets/{sheet_id}/deals/2").json()
    assert answer["entries"] == ["H 38 5", "D 40 5"]


def test_a_correction_that_cannot_be_scored_is_refused_and_changes_nothing(c: TestClient) -> None:
    sheet_id = new_sheet(c)
    c.post(f"/api/sheets/{sheet_id}/deals", json={"entry": "H 38 5"})
    answer = c.put(f"/api/sheets/{sheet_id}/deals/1", json={"entry": "H 99 5"})
    assert answer.status_code == 400 and "POINTS must be between 0 and 60" in answer.json()["error"]
    assert c.get(f"/api/sheets/{sheet_id}").json()["entries"] == ["H 38 5"]
    assert c.put(f"/api/sheets/{sheet_id}/deals/5", json={"entry": "H 38 5"}).status_code == 400


def test_polling_with_since_answers_204_until_the_sheet_changes(c: TestClient) -> None:
    sheet_id = new_sheet(c)
    revision = c.get(f"/api/sheets/{sheet_id}").json()["revision"]
    assert c.get(f"/api/sheets/{sheet_id}", params={"since": revision}).status_code == 204
    c.post(f"/api/sheets/{sheet_id}/deals", json={"entry": TIE})
    changed = c.get(f"/api/sheets/{sheet_id}", params={"since": revision})
    assert changed.status_code == 200 and changed.json()["revision"] > revision


def test_the_teams_and_note_can_be_renamed(c: TestClient) -> None:
    sheet_id = new_sheet(c, team_a="A1")
    answer = c.put(f"/api/sheets/{sheet_id}", json={"team_a": "Noord", "team_b": "Zuid", "note": "kermis"})
    assert answer.json()["names"] == {"A": "Noord", "B": "Zuid"} and answer.json()["note"] == "kermis"
    assert c.put("/api/sheets/nope", json={"team_a": "x"}).status_code == 404


def test_an_unknown_sheet_is_404(c: TestClient) -> None:
    assert c.get("/api/sheets/nope").status_code == 404
    assert c.post("/api/sheets/nope/deals", json={"entry": TIE}).status_code == 404


def test_export_json_is_a_scoresheet_file_the_cli_reads(c: TestClient, tmp_path: Path) -> None:
    sheet_id = new_sheet(c)
    c.post(f"/api/sheets/{sheet_id}/deals", json={"entry": "no-trump 38 5"})
    path = tmp_path / "exported.json"
    path.write_text(c.get(f"/sheets/{sheet_id}/export.json").text, encoding="utf-8")
    shown = CliRunner().invoke(cli_app, ["scoresheet", "--file", str(path), "--json"])
    assert shown.exit_code == 0 and json.loads(shown.output)["team_a"] == 16


def test_import_takes_a_scoresheet_file_of_the_cli(c: TestClient, tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    CliRunner().invoke(cli_app, ["scoresheet", "--file", str(path), "-r", "belgian", "--add", "H 38 5",
                                 "--add", "S 20 2"])
    answer = c.post("/api/sheets/import", json={"sheet": json.loads(path.read_text())})
    assert answer.status_code == 201
    assert answer.json()["entries"] == ["H 38 5", "S 20 2"] and answer.json()["ruleset"] == "belgian"


def test_import_refuses_an_edited_ruleset(c: TestClient, tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    CliRunner().invoke(cli_app, ["scoresheet", "--file", str(path), "-r", "belgian"])
    data = json.loads(path.read_text())
    data["ruleset"]["content"]["match"]["target"] = 5
    answer = c.post("/api/sheets/import", json={"sheet": data})
    assert answer.status_code == 400 and "hash does not match" in answer.json()["error"]


def test_csv_export_has_a_line_per_deal(c: TestClient) -> None:
    sheet_id = new_sheet(c)
    for entry in ("H 38 5", "S 20 2"):
        c.post(f"/api/sheets/{sheet_id}/deals", json={"entry": entry, "by": "Bo"})
    lines = c.get(f"/sheets/{sheet_id}/export.csv").text.splitlines()
    assert lines[0].startswith("deal,game,dealer,entry") and len(lines) == 3
    assert lines[1].split(",")[3] == "H 38 5" and lines[2].endswith(lines[2].split(",")[-1])


def test_play_refuses_an_illegal_card_with_the_engine_reason(c: TestClient) -> None:
    view = c.post("/api/play", json={"ruleset": "table-convention", "seed": 3}).json()
    game = view["id"]
    for _ in range(20):
        if view["playing_cards"]:
            break
        view = c.post(f"/api/play/{game}/act", json={"action": view["legal"][0]}).json()
    illegal = [card for card in view["hand"] if card not in view["legal"]]
    if illegal:
        answer = c.post(f"/api/play/{game}/act", json={"action": illegal[0]})
        assert answer.status_code == 400 and "is not legal" in answer.json()["error"]
        assert answer.json()["legal"] == view["legal"] and answer.json()["clause"]
        dutch = c.post(f"/api/play/{game}/act", json={"action": illegal[0]}, headers={"Accept-Language": "nl"})
        assert "mag je nu niet spelen: " in dutch.json()["message"] and dutch.json()["error"] == answer.json()["error"]
    while not view["deal_over"]:
        view = c.post(f"/api/play/{game}/act", json={"action": view["legal"][0]}).json()
    assert view["result"]["factors"] is not None and sum(view["tricks_won"]) == 8
    record = c.get(f"/api/play/{game}/record")
    assert record.status_code == 200 and json.loads(record.text)["deals"]


def test_compare_runs_in_the_background_and_gives_the_report(c: TestClient) -> None:
    job = c.post("/api/compare", json={"rulesets": ["table-convention", "belgian"], "deals": 40,
                                       "bots": "random"}).json()
    second = c.post("/api/compare", json={"rulesets": ["belgian"], "deals": 40, "bots": "random"})
    assert second.status_code == 400 or c.get(f"/api/compare/{job['id']}").json()["finished"]
    for _ in range(600):
        state = c.get(f"/api/compare/{job['id']}").json()
        if state["finished"]:
            break
        time.sleep(0.05)
    assert state["error"] is None and state["done"] == state["total"] == 40
    report = c.get(f"/compare/{job['id']}/report")
    assert report.status_code == 200 and "Paired differences" in report.text
