"""The search in the web app: the dealer's advice and the analysis of a played game, answering
the JSON of ``manille advise --json`` and ``manille analyze --json`` and the CLI's messages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner
from webtools import client, make_app

import manille_variants as mv
from manille_variants.bots import make_bots, play_deal
from manille_variants.cli import app as cli_app
from manille_variants.records.format import dumps_record, record_from_deals
from manille_variants.web.i18n import LANGUAGES, translate
from manille_variants.web.search import MAX_SAMPLES

runner = CliRunner()
HAND = "10H AH KH QH 10S AS 7C 8D"
CROSS_SITE = {"Origin": "http://evil.example"}


@pytest.fixture
def c(tmp_path: Path) -> TestClient:
    return client(make_app(tmp_path / "data"))


def _cli_json(*args: str) -> object:
    result = runner.invoke(cli_app, list(args))
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _cli_error(*args: str) -> str:
    result = runner.invoke(cli_app, list(args))
    assert result.exit_code != 0
    return result.stderr.strip().removeprefix("error: ")


def _record_text(name: str = "belgian", deals: int = 2) -> str:
    rs = mv.load_ruleset(name)
    bots = make_bots("heuristic", seed=5)
    played = [play_deal(mv.new_deal(rs, seed, dealer=seed % 4), bots) for seed in range(deals)]
    return dumps_record(record_from_deals(rs, played, kind="deals"))


# ------------------------------------------------------------------ advice
def test_advice_answers_the_json_of_manille_advise(c: TestClient) -> None:
    body = {"ruleset": "belgian", "hand": HAND, "score": "40-20", "pending_ties": 1, "samples": 4, "seed": 3}
    answer = c.post("/api/advise", json=body)
    assert answer.status_code == 200, answer.text
    assert answer.json() == _cli_json("advise", "-r", "belgian", "--hand", HAND, "--score", "40-20",
                                      "--pending-ties", "1", "--samples", "4", "--seed", "3", "--json")
    assert set(answer.json()) == {"choices", "best", "not_searched", "unseen", "not_offered"}
    assert {"action", "mean", "low", "high"} == set(answer.json()["choices"][0])


def test_advice_defaults_are_the_cli_defaults(c: TestClient) -> None:
    answer = c.post("/api/advise", json={"ruleset": "table-convention", "hand": HAND})
    assert answer.json() == _cli_json("advise", "-r", "table-convention", "--hand", HAND, "--json")


def test_advice_uses_the_tables_saved_house_rules(c: TestClient) -> None:
    assert c.post("/api/rulesets", json={"yaml": "name: club\nextends: belgian\n"}).status_code == 201
    answer = c.post("/api/advise", json={"ruleset": "club", "hand": HAND, "samples": 3, "unseen": True})
    assert answer.status_code == 200, answer.text
    assert "blind" in [choice["action"] for choice in answer.json()["choices"]]


@pytest.mark.parametrize("hand", ["10H AH KH", "10H AH KH QH 10S AS 7C 7C", "10H AH KH QH 10S AS 7C ZZ"])
def test_a_bad_hand_is_refused_with_the_clis_message(c: TestClient, hand: str) -> None:
    answer = c.post("/api/advise", json={"ruleset": "belgian", "hand": hand, "samples": 2})
    assert answer.status_code == 400
    assert answer.json()["error"] == _cli_error("advise", "-r", "belgian", "--hand", hand, "--samples", "2")


@pytest.mark.parametrize("name", ["french-parlee", "french-muette"])
def test_advice_refuses_a_ruleset_that_takes_trump_from_the_turned_card(c: TestClient, name: str) -> None:
    # Rule: trump is the turned card's suit, so the dealer has no choice to rank.
    answer = c.post("/api/advise", json={"ruleset": name, "hand": HAND, "samples": 2})
    assert answer.status_code == 400
    assert answer.json()["error"] == _cli_error("advise", "-r", name, "--hand", HAND, "--samples", "2")
    assert "takes trump from the turned card" in answer.json()["error"]


def test_advice_refuses_an_unknown_ruleset(c: TestClient) -> None:
    answer = c.post("/api/advise", json={"ruleset": "nope", "hand": HAND})
    assert answer.status_code == 400
    assert "unknown ruleset 'nope'" in answer.json()["error"]


@pytest.mark.parametrize(("samples", "status"), [(MAX_SAMPLES + 1, 400), (1, 400), (10_000, 400)])
def test_advice_caps_the_samples(c: TestClient, samples: int, status: int) -> None:
    answer = c.post("/api/advise", json={"ruleset": "belgian", "hand": HAND, "samples": samples})
    assert answer.status_code == status
    assert answer.json()["error"] == f"samples: between 2 and {MAX_SAMPLES} worlds per choice (got {samples})"


@pytest.mark.parametrize(("body", "message"), [
    ({"score": "ten"}, "score: give the match points as A-B, the dealer's side first (got 'ten')"),
    ({"pending_ties": -1}, "pending_ties: at least 0 (got -1)"),
    ({"samples": "4"}, 'samples: expected a whole number (got "4")'),
    ({"hand": 8}, "hand: expected a string (got 8)"),
])
def test_advice_refuses_bad_fields(c: TestClient, body: dict[str, object], message: str) -> None:
    answer = c.post("/api/advise", json={"ruleset": "belgian", "hand": HAND, **body})
    assert (answer.status_code, answer.json()["error"]) == (400, message)


def test_the_score_message_is_the_clis() -> None:
    assert _cli_error("advise", "-r", "belgian", "--hand", HAND, "--score", "ten") == \
        "--score: give the match points as A-B, the dealer's side first (got 'ten')"


# ------------------------------------------------------------------ analysis
def test_analysis_answers_the_json_of_manille_analyze(c: TestClient, tmp_path: Path) -> None:
    text = _record_text()
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    answer = c.post("/api/analyze", json={"record": text, "name": str(path)})
    assert answer.status_code == 200, answer.text
    assert answer.json() == _cli_json("analyze", str(path), "--json")
    assert set(answer.json()) == {"file", "deals", "seats"}


def test_analysis_of_typed_deals_under_a_chosen_ruleset(c: TestClient, tmp_path: Path) -> None:
    rs = mv.load_ruleset("belgian")
    state = play_deal(mv.new_deal(rs, 7, dealer=2), make_bots("heuristic", seed=1))
    hands = "\n".join(f"hand {seat}: {' '.join(str(card) for card in hand)}"
                      for seat, hand in enumerate(state.dealt_hands))
    tricks = "\n".join(f"trick: {leader} {' '.join(str(card) for card in cards)}" for leader, cards, _ in state.tricks)
    trump = "blind" if state.mode == "blind" else "no-trump" if state.trump is None else str(state.trump)
    text = f"dealer: 2\ntrump: {trump}\n{hands}\n{tricks}\n"
    path = tmp_path / "deal.txt"
    path.write_text(text, encoding="utf-8")
    answer = c.post("/api/analyze", json={"record": text, "ruleset": "belgian"})
    assert answer.status_code == 200, answer.text
    expected = _cli_json("analyze", str(path), "-r", "belgian", "--json")
    assert answer.json() == {**expected, "file": "<record>"}  # type: ignore[dict-item]


@pytest.mark.parametrize(("body", "piece"), [
    ({"record": "{not json"}, "<record>"),
    ({"record": "  \n"}, "<record>: the file is empty"),
    ({"record": "{not json", "name": "mine.json"}, "mine.json"),
    ({"record": "dealer: 0\ntrump: H\n"}, "names no ruleset"),
    ({"record": "dealer: 9\n", "ruleset": "belgian"}, "<record>"),
    ({"record": "{}", "ruleset": "nope"}, "unknown ruleset 'nope'"),
])
def test_a_bad_record_is_refused_with_its_name(c: TestClient, body: dict[str, str], piece: str) -> None:
    answer = c.post("/api/analyze", json=body)
    assert answer.status_code == 400
    assert piece in answer.json()["error"]


def test_a_bad_record_gets_the_clis_message(c: TestClient, tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "manille-record"', encoding="utf-8")
    answer = c.post("/api/analyze", json={"record": path.read_text(), "name": str(path)})
    assert answer.status_code == 400
    assert answer.json()["error"] == _cli_error("analyze", str(path))


# ------------------------------------------------------------------ guard and pages
@pytest.mark.parametrize(("url", "body"), [
    ("/api/advise", {"ruleset": "belgian", "hand": HAND}),
    ("/api/analyze", {"record": "{}"}),
])
def test_a_cross_site_search_request_is_refused(c: TestClient, url: str, body: dict[str, str]) -> None:
    assert c.post(url, json=body, headers=CROSS_SITE).status_code == 403
    assert c.post(url, content=json.dumps(body), headers={"Content-Type": "text/plain"}).status_code == 415


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("page", "words"), [
    ("/advise", ["advise", "advise_intro", "hand", "samples", "advise_button"]),
    ("/analyze", ["analyze", "analyze_intro", "record_file", "records_own", "analyze_button"]),
])
def test_the_search_pages_speak_every_language(c: TestClient, lang: str, page: str, words: list[str]) -> None:
    text = c.get(page, params={"lang": lang}).text
    for key in words:
        assert translate(lang, key).replace("'", "&#39;") in text, key


def test_the_advice_page_answers_without_script(c: TestClient) -> None:
    expected = _cli_json("advise", "-r", "belgian", "--hand", HAND, "--samples", "3", "--json")
    text = c.get("/advise", params={"ruleset": "belgian", "hand": HAND, "samples": "3", "lang": "nl"}).text
    assert f'<tr data-action="{expected["best"]}" class="best">' in text  # type: ignore[index]
    assert "★ beste" in text


def test_blind_is_offered_only_for_a_hand_not_yet_seen(c: TestClient) -> None:
    body = {"ruleset": "belgian", "hand": HAND, "samples": 3}
    seen = c.post("/api/advise", json=body).json()
    assert "blind" not in [ch["action"] for ch in seen["choices"]] and seen["not_offered"] == ["blind"]
    unseen = c.post("/api/advise", json={**body, "unseen": True}).json()
    assert unseen == _cli_json("advise", "-r", "belgian", "--hand", HAND, "--samples", "3", "--unseen", "--json")
    assert "blind" in [ch["action"] for ch in unseen["choices"]]
    query = {"ruleset": "belgian", "hand": HAND, "samples": "3"}
    assert c.get("/advise", params={**query, "unseen": "1"}, headers={"Accept": "application/json"}).json() == unseen
    answer = c.post("/api/advise", json={**body, "unseen": "yes"})
    assert answer.status_code == 400 and answer.json()["error"] == "unseen: expected true or false"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_advice_page_has_the_unseen_box_and_says_what_is_not_offered(c: TestClient, lang: str) -> None:
    query = {"ruleset": "belgian", "hand": HAND, "samples": "3", "lang": lang}
    seen = c.get("/advise", params=query).text
    assert 'name="unseen" type="checkbox" value="1">' in seen and 'data-action="blind"' not in seen
    assert translate(lang, "not_offered").replace("'", "&#39;") in seen
    unseen = c.get("/advise", params={**query, "unseen": "1"}).text
    assert 'name="unseen" type="checkbox" value="1" checked>' in unseen and 'data-action="blind"' in unseen
    assert 'class="hint not-offered"' not in unseen


def test_the_advice_page_shows_the_clis_error_inline(c: TestClient) -> None:
    text = c.get("/advise", params={"ruleset": "french-parlee", "hand": HAND}).text
    assert "takes trump from the turned card" in text
    text = c.get("/advise", params={"ruleset": "belgian", "hand": "10H AH"}).text
    assert "a hand is 8 different cards" in text


def test_a_record_larger_than_the_body_limit_is_refused(c: TestClient) -> None:
    answer = c.post("/api/analyze", json={"record": "#" * (2 * 1024 * 1024)})
    assert answer.status_code == 413
