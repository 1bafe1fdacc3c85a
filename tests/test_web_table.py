"""The app at a real table: a removal undone and every change kept with who made it, a deal
sent from a form's fields (what a phone kept while offline), the share link and QR code that
carry access, the no-access page, the installable app's files, a score link's own figures and
a game's own page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from webtools import TIE, client, make_app, new_sheet

from manille_variants.web.storage import Store

TOKEN = "s3cret-token"


@pytest.fixture
def c(tmp_path: Path) -> TestClient:
    return client(make_app(tmp_path / "data"))


@pytest.fixture
def lan(tmp_path: Path) -> TestClient:
    app = make_app(tmp_path / "data", token=TOKEN, hosts={"127.0.0.1", "192.168.1.20"})
    return client(app, "http://192.168.1.20:8000")


def _add(c: TestClient, sheet_id: str, entry: str, by: str = "An") -> dict[str, object]:
    answer = c.post(f"/api/sheets/{sheet_id}/deals", json={"entry": entry, "by": by})
    assert answer.status_code == 200, answer.text
    body: dict[str, object] = answer.json()
    return body


# ------------------------------------------------------------------ mistakes undone
def test_a_removed_deal_is_put_back_in_its_place_and_the_history_says_who(c: TestClient) -> None:
    sheet_id = new_sheet(c)
    for entry in ("H 40 5", TIE, "S 45 6"):
        _add(c, sheet_id, entry)
    removed = c.delete(f"/api/sheets/{sheet_id}/deals/2", params={"by": "Bo"}).json()
    assert removed["entries"] == ["H 40 5", "S 45 6"]
    removal = removed["history"][-1]
    assert removal | {"id": 0, "at": ""} == {"id": 0, "action": "remove", "number": 2, "entry": TIE, "before": None,
                                             "by": "Bo", "at": "", "restorable": True}
    back = c.post(f"/api/sheets/{sheet_id}/restore", json={"removal": removal["id"], "by": "Cas"}).json()
    assert back["entries"] == ["H 40 5", TIE, "S 45 6"]
    assert [(h["action"], h["by"]) for h in back["history"]] == [
        ("create", ""), ("add", "An"), ("add", "An"), ("add", "An"), ("remove", "Bo"), ("restore", "Cas")]
    assert back["history"][-2]["restorable"] is False


def test_a_removal_is_undone_once(c: TestClient) -> None:
    sheet_id = new_sheet(c)
    _add(c, sheet_id, TIE)
    removal = c.delete(f"/api/sheets/{sheet_id}/deals/last").json()["history"][-1]["id"]
    assert c.post(f"/api/sheets/{sheet_id}/restore", json={"removal": removal}).status_code == 200
    again = c.post(f"/api/sheets/{sheet_id}/restore", json={"removal": removal})
    assert again.status_code == 400 and "already undone" in again.json()["error"]
    assert c.post(f"/api/sheets/{sheet_id}/restore", json={"removal": 999}).status_code == 400


def test_a_correction_keeps_the_entry_it_replaced(c: TestClient) -> None:
    sheet_id = new_sheet(c)
    _add(c, sheet_id, "H 40 5")
    answer = c.put(f"/api/sheets/{sheet_id}/deals/1", json={"entry": "H 45 6", "by": "Bo"}).json()
    assert answer["history"][-1] | {"id": 0, "at": ""} == {
        "id": 0, "action": "correct", "number": 1, "entry": "H 45 6", "before": "H 40 5", "by": "Bo", "at": "",
        "restorable": False}


def test_no_entry_is_ever_deleted_from_the_database(tmp_path: Path) -> None:
    c = client(make_app(tmp_path / "data"))
    sheet_id = new_sheet(c)
    _add(c, sheet_id, TIE)
    c.delete(f"/api/sheets/{sheet_id}/deals/last")
    import sqlite3
    with sqlite3.connect(Store(tmp_path / "data").path) as db:
        assert db.execute("SELECT entry, removed IS NOT NULL FROM deals").fetchall() == [(TIE, 1)]


def test_the_sheet_page_heads_the_columns_with_the_team_names_and_shows_the_dealer(c: TestClient) -> None:
    sheet_id = new_sheet(c, team_a="Noord", team_b="Zuid")
    _add(c, sheet_id, "H 40 5")
    page = c.get(f"/sheets/{sheet_id}", params={"lang": "nl"}).text
    assert '<th class="num team-a" id="head-a">Noord</th>' in page
    assert "<th>Gever</th>" in page and '<td class="dealer">Noord</td>' in page


# ------------------------------------------------------------------ offline: what a phone kept
def test_a_deal_sent_as_the_forms_fields_is_written_by_the_server_and_added_once(c: TestClient) -> None:
    sheet_id = new_sheet(c)
    body = {"fields": {"mode": "H", "side": "B", "points": 40, "tricks": 6}, "id": "phone-1", "by": "An"}
    first = c.post(f"/api/sheets/{sheet_id}/deals", json=body).json()
    second = c.post(f"/api/sheets/{sheet_id}/deals", json=body).json()
    assert first["entries"] == second["entries"] == ["H 20 2"]
    assert c.post(f"/api/sheets/{sheet_id}/deals", json={"id": "x"}).status_code == 400


def test_the_installable_app_files_need_no_token(lan: TestClient) -> None:
    manifest = lan.get("/manifest.webmanifest", headers={"accept-language": "nl"})
    assert manifest.status_code == 200 and manifest.json()["name"] == "Manille aan tafel"
    assert manifest.json()["scope"] == "/"
    worker = lan.get("/sw.js")
    assert worker.status_code == 200 and "javascript" in worker.headers["content-type"]
    assert lan.get("/icon-192.png").content[:4] == b"\x89PNG"
    assert lan.get("/static/icon.svg").status_code == 200
    assert lan.get("/sheets").status_code == 401


# ------------------------------------------------------------------ sharing and access
def test_the_share_link_of_a_sheet_carries_the_token_and_its_qr_code(lan: TestClient) -> None:
    lan.get("/", params={"token": TOKEN})
    sheet_id = new_sheet(lan)
    page = lan.get(f"/sheets/{sheet_id}").text
    assert f'value="http://192.168.1.20:8000/sheets/{sheet_id}?token={TOKEN}"' in page
    assert re.search(r'<svg[^>]*class="qr"', page) and "style=" not in page.split('class="qr"')[1][:2000]


def test_a_page_opened_on_the_host_shares_the_address_the_phones_reach(tmp_path: Path) -> None:
    from manille_variants.web.app import create_app

    app = create_app(tmp_path / "data", token=TOKEN, public_url="http://192.168.1.20:8000")
    c = client(app)
    c.get("/", params={"token": TOKEN})
    sheet_id = new_sheet(c)
    assert f"http://192.168.1.20:8000/sheets/{sheet_id}?token={TOKEN}" in c.get(f"/sheets/{sheet_id}").text


def test_on_the_loopback_the_share_dialog_says_how_to_let_phones_in(c: TestClient) -> None:
    sheet_id = new_sheet(c)
    page = c.get(f"/sheets/{sheet_id}").text
    assert "--host 0.0.0.0" in page and f'value="http://127.0.0.1:8000/sheets/{sheet_id}"' in page


@pytest.mark.parametrize(("lang", "words"), [("en", "scan its QR code"), ("nl", "scan de QR-code"),
                                             ("fr", "scannez le code QR")])
def test_a_phone_without_access_gets_a_page_in_its_language(lan: TestClient, lang: str, words: str) -> None:
    answer = lan.get("/sheets", headers={"accept-language": lang})
    assert answer.status_code == 401 and "text/html" in answer.headers["content-type"]
    assert words in answer.text and f'<html lang="{lang}">' in answer.text


def test_a_script_without_access_still_gets_json(lan: TestClient) -> None:
    answer = lan.get("/api/sheets")
    assert answer.status_code == 401 and "token" in answer.json()["error"]


# ------------------------------------------------------------------ score links and games
def test_a_score_link_fills_the_form_with_its_own_figures(c: TestClient) -> None:
    page = c.get("/score", params={"points": 38, "tricks": 5, "mode": "no-trump", "calls": 1}).text
    assert '<option value="no-trump" selected>' in page
    assert 'name="calls" type="number" min="0" max="2" value="1"' in page
    assert 'name="points" type="number" min="0" max="60" value="38"' in page


def test_a_games_own_page_shows_its_ruleset_deal_and_teams(c: TestClient) -> None:
    game = c.post("/api/play", json={"ruleset": "belgian", "seed": 3}).json()
    page = c.get(f"/play/{game['id']}", params={"lang": "nl"}).text
    assert "<option selected>belgian</option>" in page
    assert 'name="seed" type="number" value="3"' in page
    assert "Jij en je maat" in page and "Spel 1" in page and "wijzerzin" in page
    assert game["step"] == 1 and game["direction"] == "clockwise"
    french = c.post("/api/play", json={"ruleset": "french-coinchee", "seed": 3}).json()
    assert french["step"] == -1 and french["direction"] == "counter-clockwise"
