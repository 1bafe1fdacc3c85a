"""One view per resource: a page's address answers the JSON of its API route when asked for
JSON first, from the same context; and every request body is read by one model, refused in one
format (``{"error": "KEY: PROBLEM"}``, 400)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from webtools import TIE, client, make_app, new_sheet

JSON = {"Accept": "application/json"}


@pytest.fixture
def c(tmp_path: Path) -> TestClient:
    return client(make_app(tmp_path / "data"))


def test_a_page_asked_for_json_answers_its_api_route(c: TestClient) -> None:
    sheet_id = new_sheet(c, team_a="Noord")
    c.post(f"/api/sheets/{sheet_id}/deals", json={"entry": TIE})
    game = c.post("/api/play", json={"seed": 3}).json()
    for page, api in [("/rulesets", "/api/rulesets"), ("/sheets", "/api/sheets"),
                      (f"/sheets/{sheet_id}", f"/api/sheets/{sheet_id}"),
                      (f"/play/{game['id']}", f"/api/play/{game['id']}")]:
        answer = c.get(page, headers=JSON)
        assert answer.headers["content-type"] == "application/json", page
        assert answer.json() == c.get(api).json(), page
        assert c.get(page).headers["content-type"].startswith("text/html"), page


def test_the_score_page_and_the_score_route_are_one_view(c: TestClient) -> None:
    query: dict[str, Any] = {"rulesets": ["belgian", "table-convention"], "points": 38, "tricks": 5,
                             "mode": "no-trump"}
    page = c.get("/score", params=query, headers=JSON).json()
    assert page == c.post("/api/score", json=query).json()
    assert [r["team_a"] for r in page["results"]] == [16, 16]
    assert "<table class=\"list cross\">" in c.get("/score", params=query).text


def test_the_advice_page_asked_for_json_refuses_as_the_route_does(c: TestClient) -> None:
    answer = c.get("/advise", params={"ruleset": "belgian", "hand": "AS KS"}, headers=JSON)
    route = c.post("/api/advise", json={"ruleset": "belgian", "hand": "AS KS"})
    assert answer.status_code == route.status_code == 400
    assert answer.json() == route.json()
    page = c.get("/advise", params={"ruleset": "belgian", "hand": "AS KS"})
    assert page.status_code == 200 and route.json()["error"] in page.text.replace("&#39;", "'")


@pytest.mark.parametrize(("url", "body", "message"), [
    ("/api/sheets", {}, "ruleset: expected a string (got null)"),
    ("/api/sheets", {"ruleset": "belgian", "note": None}, "note: expected a string (got null)"),
    ("/api/sheets", {"ruleset": "belgian", "team_a": "x" * 201}, "team_a: at most 200 characters"),
    ("/api/play", {"seed": True}, "seed: expected a whole number (got true)"),
    ("/api/play", {"seed": 1.5}, "seed: expected a whole number (got 1.5)"),
    ("/api/score", {"rulesets": [], "points": 1, "tricks": 1}, "rulesets: expected a list of 1 to 20 ruleset names"),
    ("/api/score", {"rulesets": [3], "points": 1, "tricks": 1}, "rulesets: expected a list of 1 to 20 ruleset names"),
    ("/api/compare", {"rulesets": ["belgian"] * 9}, "rulesets: expected a list of 1 to 8 ruleset names"),
    ("/api/validate", [], "the body must be a JSON object"),
])
def test_every_body_is_refused_in_one_format(c: TestClient, url: str, body: object, message: str) -> None:
    answer = c.post(url, json=body)
    assert (answer.status_code, answer.json()["error"]) == (400, message)
    assert answer.json()["code"].startswith("body.") and answer.json()["message"] == message


def test_a_deal_sent_with_a_long_id_is_refused(c: TestClient) -> None:
    sheet_id = new_sheet(c)
    answer = c.post(f"/api/sheets/{sheet_id}/deals", json={"entry": TIE, "id": "x" * 101})
    assert (answer.status_code, answer.json()["error"]) == (400, "id: at most 100 characters")


def test_the_server_writes_the_entry_from_a_forms_fields(c: TestClient) -> None:
    sheet_id = new_sheet(c)
    check = f"/api/sheets/{sheet_id}/check"
    from_b = c.post(check, json={"fields": {"mode": "H", "side": "B", "points": 40, "tricks": 6}}).json()
    assert (from_b["ok"], from_b["entry"]) == (True, "H 20 2")
    assert from_b["other"] == {"side": "A", "points": 20, "tricks": 2}
    called = c.post(check, json={"fields": {"mode": "no-trump", "points": 38, "tricks": 5, "calls": 1}}).json()
    assert (called["entry"], called["other"]) == ("no-trump 38 5 1", {"side": "B", "points": 22, "tricks": 3})
    assert "calls must be between 0 and 0" in called["error"]  # table-convention has no calls
    too_many = c.post(check, json={"fields": {"mode": "H", "side": "B", "points": 61, "tricks": 6}}).json()
    assert too_many == {"ok": False, "error": "POINTS must be between 0 and 60 (got 61)", "entry": None,
                        "other": None, "message": "POINTS must be between 0 and 60 (got 61)",
                        "code": "sheet.points-range", "params": {"total": 60, "points": 61}}
    no_trick = c.post(check, json={"fields": {"mode": "S", "points": 20, "tricks": 0}}).json()
    assert no_trick["ok"] is False and "took no trick" in no_trick["error"] and no_trick["entry"] == "S 20 0"
    thrown = c.post(check, json={"fields": {"mode": "thrown-in"}}).json()
    assert (thrown["entry"], thrown["other"]) == ("thrown-in", None)
    assert c.post(check, json={}).json()["error"] == "entry: expected a string (got null)"
    bad_side = c.post(check, json={"fields": {"mode": "H", "side": "C", "points": 1, "tricks": 1}})
    assert (bad_side.status_code, bad_side.json()["error"]) == (400, "fields: expected an object of a deal's fields")


def test_a_sheets_rows_carry_their_entry_as_the_server_read_it(c: TestClient) -> None:
    sheet_id = new_sheet(c, "belgian")
    assert c.post(f"/api/sheets/{sheet_id}/deals", json={"entry": "no-trump 38 5 1"}).status_code == 200
    [row] = c.get(f"/api/sheets/{sheet_id}").json()["rows"]
    assert row["fields"] == {"mode": "no-trump", "points": 38, "tricks": 5, "calls": 1, "last": None, "turned": None}


def test_the_server_writes_the_editors_yaml(c: TestClient) -> None:
    values = c.post("/api/validate", json={"yaml": "name: club\nextends: belgian\n"}).json()["values"]
    values = {**values, "match.target": 151, "trump.blind_no_trump.allowed": False, "nope": 3}
    answer = c.post("/api/rulesets/yaml", json={"yaml": "name: club\ntitle: 'Our: club'\n# a note\n",
                                               "values": values, "parent": "belgian"}).json()
    assert answer["yaml"] == ("name: club\ntitle: 'Our: club'\nextends: belgian\n"
                              "trump:\n  blind_no_trump:\n    allowed: false\nmatch:\n  target: 151\n")
    assert c.post("/api/validate", json={"yaml": answer["yaml"]}).json()["ok"] is True
    same = c.post("/api/rulesets/yaml", json={"yaml": "name: club\nextends: belgian\n",
                                             "values": {"match.target": values["match.target"] - 151 + 101}})
    assert same.json()["yaml"].startswith("name: club\nextends: belgian\n")
