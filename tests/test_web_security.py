"""The guard in front of the web app: hosts, the access token, same-site writes, JSON writes,
body sizes, and user text escaped on every page."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient
from webtools import client, make_app, new_sheet

from manille_variants.web.security import COOKIE, host_name
from manille_variants.web.serve import allowed_hosts, qr_text, start_url

TOKEN = "s3cret-token"


@pytest.fixture
def c(tmp_path: Path) -> TestClient:
    return client(make_app(tmp_path / "data"))


@pytest.fixture
def lan(tmp_path: Path) -> TestClient:
    app = make_app(tmp_path / "data", token=TOKEN, hosts={"127.0.0.1", "192.168.1.20"})
    return client(app, "http://192.168.1.20:8000")


def test_an_unknown_host_header_is_refused(c: TestClient) -> None:
    assert c.get("/", headers={"host": "evil.example:8000"}).status_code == 400
    assert c.get("/", headers={"host": "localhost:8000"}).status_code == 200


def test_a_wildcard_server_takes_any_ip_address_but_no_unknown_name(tmp_path: Path) -> None:
    app = make_app(tmp_path / "data", hosts={"127.0.0.1"}, any_ip=True)
    c = client(app)
    assert c.get("/", headers={"host": "10.1.2.3:8000"}).status_code == 200
    assert c.get("/", headers={"host": "[fe80::1]:8000"}).status_code == 200
    assert c.get("/", headers={"host": "rebind.example:8000"}).status_code == 400


@pytest.mark.parametrize(("header", "name"), [("[::1]:8000", "::1"), ("LocalHost:80", "localhost"),
                                              ("127.0.0.1", "127.0.0.1")])
def test_host_name_drops_the_port(header: str, name: str) -> None:
    assert host_name(header) == name


def test_without_the_token_every_request_is_refused(lan: TestClient) -> None:
    assert lan.get("/").status_code == 401
    assert lan.get("/api/rulesets").status_code == 401
    assert lan.get("/", params={"token": "wrong"}).status_code == 401


def test_the_first_visit_with_the_token_turns_it_into_a_cookie(lan: TestClient) -> None:
    first = lan.get("/sheets", params={"token": TOKEN, "lang": "nl"}, follow_redirects=False)
    assert first.status_code == 303 and first.headers["location"] == "/sheets?lang=nl"
    assert COOKIE in first.cookies
    assert "httponly" in first.headers["set-cookie"].lower()
    assert lan.get("/sheets").status_code == 200
    assert lan.get("/api/rulesets").status_code == 200


def test_a_script_may_send_the_token_as_a_bearer_header(lan: TestClient) -> None:
    answer = lan.get("/api/rulesets", headers={"Authorization": f"Bearer {TOKEN}"})
    assert answer.status_code == 200


def test_a_write_from_another_site_is_refused(c: TestClient) -> None:
    answer = c.post("/api/sheets", json={"ruleset": "belgian"}, headers={"Origin": "http://evil.example"})
    assert answer.status_code == 403
    answer = c.post("/api/sheets", json={"ruleset": "belgian"}, headers={"Sec-Fetch-Site": "cross-site"})
    assert answer.status_code == 403
    same = c.post("/api/sheets", json={"ruleset": "belgian"}, headers={"Origin": "http://127.0.0.1:8000"})
    assert same.status_code == 201


def test_json_writes_need_the_json_content_type(c: TestClient) -> None:
    answer = c.post("/api/sheets", content=b'{"ruleset": "belgian"}', headers={"Content-Type": "text/plain"})
    assert answer.status_code == 415
    form = c.post("/api/sheets", data={"ruleset": "belgian"})
    assert form.status_code == 415


def test_a_body_larger_than_the_limit_is_refused(c: TestClient) -> None:
    big = '{"yaml": "' + "#" * (2 * 1024 * 1024) + '"}'
    answer = c.post("/api/validate", content=big.encode(), headers={"Content-Type": "application/json"})
    assert answer.status_code == 413


def test_a_body_that_is_not_json_is_a_400(c: TestClient) -> None:
    answer = c.post("/api/sheets", content=b"{", headers={"Content-Type": "application/json"})
    assert answer.status_code == 400 and answer.json()["error"] == "the body is not JSON"


def test_user_text_is_escaped_on_every_page(c: TestClient) -> None:
    evil = "<script>alert(1)</script>"
    sheet_id = new_sheet(c, team_a=evil, note=evil)
    c.post(f"/api/sheets/{sheet_id}/deals", json={"entry": "H 38 5", "by": evil})
    c.post("/api/rulesets", json={"yaml": 'name: club\ntitle: "<img src=x onerror=alert(1)>"\nextends: belgian\n'})
    for page in (f"/sheets/{sheet_id}", "/sheets", "/rulesets", "/rulesets/club", "/diff?a=club&b=belgian"):
        text = c.get(page).text
        assert evil not in text and "<img src=x" not in text, page
    assert "&lt;script&gt;" in c.get("/sheets").text


def test_the_start_url_carries_the_token_and_its_qr_code_prints() -> None:
    url = start_url("192.168.1.20", 8000, "abc")
    assert url == "http://192.168.1.20:8000/?token=abc"
    drawn = qr_text(url)
    assert len(drawn.splitlines()) > 10


def test_a_wildcard_bind_allows_this_machine_and_the_loopback() -> None:
    hosts = allowed_hosts("0.0.0.0")
    assert {"127.0.0.1", "localhost", "::1"} <= hosts
    assert allowed_hosts("127.0.0.1") == {"127.0.0.1", "localhost", "::1"}
