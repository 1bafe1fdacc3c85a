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
    assert (answer.status_code, answer.json()) == (400, {"error": message})


def test_a_deal_sent_with_a_long_id_is_refused(c: TestClient) -> None:
    sheet_id = new_sheet(c)
    answer = c.post(f"/api/sheets/{sheet_id}/deals", json={"entry": TIE, "id": "x" * 101})
    assert (answer.status_code, answer.json()["error"]) == (400, "id: at most 100 characters")
