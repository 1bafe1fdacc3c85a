"""Shared tables over HTTP (issue 21): people at their own phones, bots in the other seats.

A whole match of two people and two bots, every response (views, actions, events) checked
for the other seats' unplayed cards; wrong-seat and out-of-turn actions refused (409), an
illegal card refused with the rule (422, in the seat's language); two taps at once played
once; a restart mid-deal resumes exactly (the same views, the same bot replies); a person
replaced by a bot and back; the table's sheet in the sheets list; LAN mode."""

from __future__ import annotations

import json
import re
import shutil
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from webtools import BASE

from manille_variants.web.app import create_app
from manille_variants.web.tables import Tables

CARD = re.compile(r'"((?:10|[2-9AKQJ])[SHDC])"')  # a card as a JSON string or an HTML attribute


def make(folder: Path, pace: float = 0, token: str | None = None) -> TestClient:
    return TestClient(create_app(folder, table_pace=pace, token=token), base_url=BASE)


# A table's shuffle seed is drawn at random: the tests that play a whole match pin it, so that
# what they count (a deal with a factor, the answers of a match) does not hang on luck.
FACTOR_SEED = 4


def pin_seed(monkeypatch: pytest.MonkeyPatch, seed: int = FACTOR_SEED) -> None:
    """New tables shuffle from ``seed`` instead of a random one."""
    monkeypatch.setattr("manille_variants.web.tables.secrets.randbelow", lambda n: seed)


def new_table(c: TestClient, **body: Any) -> dict[str, Any]:
    body = {"ruleset": "table-convention", "bots": {"1": "heuristic", "3": "heuristic"},
            "names": {"0": "An", "2": "Bo"}, **body}
    answer = c.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


class Seats:
    """The people's seats of a table, with a check of every answer for hidden cards."""

    def __init__(self, c: TestClient, created: dict[str, Any]) -> None:
        self.c, self.id = c, created["id"]
        self.tokens = {int(s): v["token"] for s, v in created["seats"].items()}
        self.answers = 0

    def hidden(self, seat: int) -> set[str]:
        """The other seats' unplayed cards, as the server holds them now."""
        tables: Tables = self.c.app.state.tables  # type: ignore[attr-defined]
        state = tables.get(self.id).table.state
        assert state is not None
        return {str(card) for s, hand in enumerate(state.hands) if s != seat for card in hand}

    def check(self, seat: int, text: str) -> None:
        leaked = set(CARD.findall(text)) & self.hidden(seat)
        assert not leaked, f"seat {seat} was shown {leaked}"
        self.answers += 1

    def view(self, seat: int) -> dict[str, Any]:
        answer = self.c.get(f"/api/tables/{self.id}", headers=auth(self.tokens[seat]))
        assert answer.status_code == 200, answer.text
        self.check(seat, answer.text)
        found: dict[str, Any] = answer.json()
        return found

    def act(self, seat: int, action: str, status: int = 200, **headers: str) -> dict[str, Any]:
        answer = self.c.post(f"/api/tables/{self.id}/act", json={"action": action},
                             headers={**auth(self.tokens[seat]), **headers})
        assert answer.status_code == status, answer.text
        self.check(seat, answer.text)
        found: dict[str, Any] = answer.json()
        return found

    def events(self, seat: int, count: int = 1) -> list[dict[str, Any]]:
        answer = self.c.get(f"/api/tables/{self.id}/events?max={count}", headers=auth(self.tokens[seat]))
        assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/event-stream")
        self.check(seat, answer.text)
        return [json.loads(line[6:]) for line in answer.text.splitlines() if line.startswith("data: ")]

    def page(self, seat: int) -> None:
        """The seat's page, as its script fetches it."""
        answer = self.c.get(f"/t/{self.id}?part=1", headers=auth(self.tokens[seat]))
        assert answer.status_code == 200
        self.check(seat, answer.text)

    def step(self) -> dict[str, Any]:
        """The person to play plays the first legal action (or starts the next deal)."""
        view = self.view(0)
        if view["deal_over"]:
            return self.act(0, "next")
        seat = view["to_play"]
        mine = self.view(seat)
        assert mine["your_turn"] and mine["legal"]
        return self.act(seat, mine["legal"][0])


@pytest.fixture
def c(tmp_path: Path) -> TestClient:
    return make(tmp_path / "data")


def test_a_new_table_gives_a_link_and_token_per_person_and_one_for_the_host(c: TestClient) -> None:
    created = new_table(c)
    assert set(created["seats"]) == {"0", "2"} and {"id", "sheet", "host", "watch"} <= set(created)
    tokens = [v["token"] for v in created["seats"].values()] + [created["host"]["token"]]
    assert len(set(tokens)) == 3 and all(len(t) >= 32 for t in tokens)
    assert created["seats"]["0"]["url"].endswith(f"/t/{created['id']}/join/{created['seats']['0']['token']}")


def test_without_a_token_of_this_table_the_view_is_refused(c: TestClient) -> None:
    one, two = new_table(c), new_table(c)
    assert c.get(f"/api/tables/{one['id']}").status_code == 401
    assert c.get(f"/api/tables/{one['id']}", headers=auth(two["seats"]["0"]["token"])).status_code == 401
    assert c.get(f"/api/tables/{one['id']}/events", headers=auth("x" * 32)).status_code == 401
    assert c.post(f"/api/tables/{one['id']}/act", json={"action": "next"}).status_code == 401
    assert c.get(f"/t/{one['id']}").status_code == 401


def test_a_match_of_two_people_and_two_bots_never_shows_another_seat_s_cards(
        c: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    pin_seed(monkeypatch)
    seats = Seats(c, new_table(c))
    view = seats.view(0)
    for _ in range(2000):
        if view["match_over"]:
            break
        view = seats.step()
        if view["deal"] % 3 == 0:
            seats.events(2)
        if view["deal"] % 4 == 1:
            seats.page(view["to_play"] if view["to_play"] is not None else 0)
    assert view["match_over"] and view["winner"] in (0, 1)
    assert max(view["score"]) >= view["target"] and seats.answers > 200
    sheet = c.get(f"/api/sheets/{view['sheet']}").json()
    first = 0 if sheet["names"]["A"].startswith("An") else 1
    assert [sheet["team_a"], sheet["team_b"]] == [view["score"][first], view["score"][1 - first]]
    assert sheet["deals"] == view["deal"] and sheet["winner"] == "AB"[view["winner"] ^ first]
    assert view["sheet"] in {s["id"] for s in c.get("/api/sheets").json()}


def test_the_view_holds_what_the_seat_may_know(c: TestClient) -> None:
    seats = Seats(c, new_table(c))
    view = seats.view(0)
    for key in ("seat", "phase", "to_play", "hand", "legal", "trick", "tricks_taken", "trump", "calls", "score",
                "names", "result"):
        assert key in view
    assert view["names"] == {"0": "An", "1": "heuristic (bot)", "2": "Bo", "3": "heuristic (bot)"}
    assert view["to_play"] in (0, 2)  # the bots have acted: a person is to decide


def test_the_people_take_every_decision_of_their_seats(c: TestClient) -> None:
    seats = Seats(c, new_table(c))
    decided: set[str] = set()
    view = seats.view(0)
    for _ in range(600):
        if view["match_over"] or "trump" in decided:
            break
        turn = view["to_play"]
        if turn is not None:
            mine = seats.view(turn)
            choices = [a for a in mine["legal"] if a not in mine["hand"]]
            if choices:
                assert mine["phase"] != "play"
                decided.add(mine["phase"])
                view = seats.act(turn, choices[-1])
                continue
        view = seats.step()
    assert "trump" in decided  # a person names trump (or no-trump) when their side deals


def test_a_deal_s_result_stays_until_a_person_starts_the_next(c: TestClient) -> None:
    seats = Seats(c, new_table(c))
    view = seats.view(0)
    while not view["deal_over"]:
        view = seats.step()
    assert view["result"] is not None and view["phase"] == "over"
    assert seats.view(2)["result"] == seats.view(0)["result"]
    after = seats.act(2, "next")
    assert after["result"] is None and after["deal"] == 2


def test_wrong_seat_and_out_of_turn_actions_are_refused(c: TestClient) -> None:
    seats = Seats(c, new_table(c))
    view = seats.view(0)
    turn = view["to_play"]
    waiting = 2 - turn
    legal = seats.view(turn)["legal"]
    refused = seats.act(waiting, legal[0], 409)
    assert "turn" in refused["error"]
    assert seats.act(turn, "next", 409)["error"] == "the deal is not over yet"
    nobody = c.post(f"/api/tables/{seats.id}/act", json={"action": legal[0]}, headers=auth("nobody"))
    assert nobody.status_code == 401


def test_an_illegal_card_is_refused_with_the_rule_in_the_seat_s_language(c: TestClient) -> None:
    seats = Seats(c, new_table(c))
    for _ in range(400):
        view = seats.view(0)
        turn = view["to_play"]
        if turn is not None:
            mine = seats.view(turn)
            wrong = [card for card in mine["hand"] if card not in mine["legal"]]
            if wrong and mine["phase"] == "play":
                refused = seats.act(turn, wrong[0], 422, **{"Accept-Language": "nl"})
                assert refused["legal"] == mine["legal"] and refused["message"] != refused["error"]
                assert seats.view(turn) == mine  # nothing changed
                return
        seats.step()
    pytest.fail("no illegal card came up")


def test_two_taps_at_once_play_one_card(c: TestClient) -> None:
    seats = Seats(c, new_table(c))
    view = seats.view(0)
    while True:
        mine = seats.view(view["to_play"]) if view["to_play"] is not None else view
        # A lead, so that after the first tap the bot beside plays and the other person is to
        # act: the second tap then finds it is not its turn (after a trick's last card, the
        # bots could bring the turn back to this seat before the second tap is read).
        if mine["phase"] == "play" and len(mine["legal"]) >= 2 and not mine["trick"]:
            break
        view = seats.step()
    seat, first, second = mine["seat"], mine["legal"][0], mine["legal"][1]
    answers: list[int] = []

    def tap(card: str) -> None:
        answer = c.post(f"/api/tables/{seats.id}/act", json={"action": card}, headers=auth(seats.tokens[seat]))
        answers.append(answer.status_code)

    threads = [threading.Thread(target=tap, args=(card,)) for card in (first, second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers) == [200, 409]
    tables: Tables = c.app.state.tables  # type: ignore[attr-defined]
    log = tables.get(seats.id).table.log[-1]
    assert (first in log) != (second in log)


def test_a_restart_mid_deal_resumes_exactly(tmp_path: Path) -> None:
    before = make(tmp_path / "data")
    seats = Seats(before, new_table(before))
    for _ in range(9):
        seats.step()
    shutil.copytree(tmp_path / "data", tmp_path / "copy")
    after = Seats(make(tmp_path / "copy"), {"id": seats.id, "seats": {
        str(s): {"token": t} for s, t in seats.tokens.items()}})
    for seat in seats.tokens:
        assert after.view(seat) == seats.view(seat)
    link = after.c.get(f"/t/{seats.id}/join/{seats.tokens[0]}", follow_redirects=False)  # phones reconnect
    assert link.status_code == 303 and after.c.get(link.headers["location"]).status_code == 200
    for _ in range(40):  # the same actions from here: the same bot replies on both
        assert after.step() == seats.step()


def test_a_person_who_left_is_replaced_by_a_bot_and_takes_the_seat_back(c: TestClient) -> None:
    created = new_table(c)
    seats = Seats(c, created)
    host = created["host"]["token"]
    gone = c.post(f"/api/tables/{seats.id}/seats/2", json={"away": True}, headers=auth(seats.tokens[0]))
    assert gone.status_code == 200 and gone.json()["away"] == [2]
    view = seats.view(0)
    assert view["to_play"] in (0, None) and view["names"]["2"] == "Bo"
    refused = c.post(f"/api/tables/{seats.id}/seats/2", json={"away": False}, headers=auth(seats.tokens[0]))
    assert refused.status_code == 403
    back = c.post(f"/api/tables/{seats.id}/seats/2", json={"away": False}, headers=auth(seats.tokens[2]))
    assert back.status_code == 200 and back.json()["away"] == []
    public = c.get(f"/api/tables/{seats.id}", headers=auth(host)).json()
    assert public["seat"] is None and public["hand"] == [] and public["legal"] == []
    assert c.post(f"/api/tables/{seats.id}/seats/1", json={"away": True}, headers=auth(host)).status_code == 422


def test_the_events_stream_pushes_each_change(c: TestClient) -> None:
    seats = Seats(c, new_table(c))
    first = seats.events(0)[0]
    assert first["revision"] == seats.view(0)["revision"]
    seats.step()
    again = seats.events(0)[0]
    assert again["revision"] > first["revision"]


def test_polling_answers_204_while_nothing_changed(c: TestClient) -> None:
    seats = Seats(c, new_table(c))
    revision = seats.view(0)["revision"]
    answer = c.get(f"/api/tables/{seats.id}?since={revision}", headers=auth(seats.tokens[0]))
    assert answer.status_code == 204


def test_bots_act_at_a_pace_people_can_follow(tmp_path: Path) -> None:
    c = make(tmp_path / "data", pace=0.3)
    created = new_table(c, bots={"1": "random", "2": "random", "3": "random"}, names={"0": "An"})
    seats = Seats(c, created)
    start = seats.view(0)
    moves = len(seats.c.app.state.tables.get(seats.id).table.log[-1])  # type: ignore[attr-defined]
    assert moves <= 1
    time.sleep(1.0)
    later = seats.view(0)
    assert later["revision"] > start["revision"] or later["to_play"] == 0


def test_bad_requests_get_one_error_format(c: TestClient) -> None:
    assert c.post("/api/tables", json={"ruleset": "nope"}).status_code == 400
    assert c.post("/api/tables", json={"bots": {"x": "heuristic"}}).json()["error"].startswith("bots:")
    answer = c.post("/api/tables", json={"bots": {"0": "heuristic", "1": "heuristic", "2": "heuristic",
                                                  "3": "heuristic"}})
    assert answer.status_code == 400 and "at least one person" in answer.json()["error"]
    assert c.post("/api/tables", json={"bots": {"1": "genius"}}).status_code == 400
    three = c.post("/api/tables", json={"ruleset": "belgian-three"})
    assert three.status_code == 400 and "seats four for now" in three.json()["error"]
    assert c.get("/api/tables/abcdef123456", headers=auth("x")).status_code == 404


def test_on_the_lan_a_seat_token_opens_its_table_but_not_the_app(tmp_path: Path) -> None:
    lan = make(tmp_path / "data", token="server-token")
    assert lan.post("/api/tables", json={}).status_code == 401
    created = lan.post("/api/tables", json={}, headers=auth("server-token"))
    assert created.status_code == 201
    table = created.json()
    seat = table["seats"]["0"]["token"]
    assert lan.get(f"/api/tables/{table['id']}", headers=auth(seat)).status_code == 200
    assert lan.get("/api/sheets", headers=auth(seat)).status_code == 401
    link = lan.get(table["seats"]["0"]["url"].removeprefix(BASE), follow_redirects=False)
    assert link.status_code == 303 and lan.get(link.headers["location"]).status_code == 200
    other_site = lan.post(f"/api/tables/{table['id']}/act", json={"action": "next"},
                          headers={**auth(seat), "Origin": "http://evil.example"})
    assert other_site.status_code == 403


def test_a_seat_s_link_sets_the_table_s_cookie_and_opens_its_page(c: TestClient) -> None:
    created = new_table(c, names={"0": "An", "2": "Bo"})
    link = created["seats"]["2"]["url"].removeprefix(BASE)
    answer = c.get(link, follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"] == f"/t/{created['id']}"
    page = c.get(f"/t/{created['id']}")
    assert page.status_code == 200 and "Bo" in page.text and 'class="hand"' in page.text
    assert "<script>" not in page.text and " onclick=" not in page.text and ' style="' not in page.text
    host = c.get(created["host"]["url"].removeprefix(BASE))
    assert host.status_code == 200 and host.text.count("<svg") >= 2


def test_the_seat_s_page_lets_a_bot_play_and_takes_the_seat_back(c: TestClient) -> None:
    created = new_table(c)
    c.get(created["seats"]["2"]["url"].removeprefix(BASE))
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    left = c.post(f"/t/{created['id']}/away", content="seat=2&away=1", headers=form, follow_redirects=False)
    assert left.status_code == 303
    page = c.get(f"/t/{created['id']}")
    assert 'id="take-back"' in page.text
    c.post(f"/t/{created['id']}/away", content="seat=2&away=0", headers=form)
    assert 'id="leave"' in c.get(f"/t/{created['id']}").text
    refused = c.post(f"/t/{created['id']}/away", content="seat=0&away=0", headers=form, follow_redirects=False)
    assert refused.status_code == 403


def test_a_spectator_s_link_shows_the_public_table_only(c: TestClient) -> None:
    created = new_table(c)
    watch = created["watch"]["token"]
    assert watch not in (created["host"]["token"], *(v["token"] for v in created["seats"].values()))
    seats = Seats(c, created)
    view = c.get(f"/api/tables/{seats.id}", headers=auth(watch))
    assert view.status_code == 200 and view.json()["seat"] is None and view.json()["hand"] == []
    seats.check(-1, view.text)  # no hand at all
    turn = seats.view(0)["to_play"]
    legal = seats.view(turn)["legal"]
    acted = c.post(f"/api/tables/{seats.id}/act", json={"action": legal[0]}, headers=auth(watch))
    assert acted.status_code == 409
    away = c.post(f"/api/tables/{seats.id}/seats/0", json={"away": True}, headers=auth(watch))
    assert away.status_code == 403
    page = c.get(created["watch"]["url"].removeprefix(BASE))
    assert page.status_code == 200 and 'class="hand"' not in page.text


@pytest.mark.parametrize("path", ["/api/tables/{id}?since=" + "9" * 5000, "/api/tables/{id}/events?max=" + "9" * 5000])
def test_huge_numbers_in_a_query_are_no_numbers(c: TestClient, path: str) -> None:
    created = new_table(c)
    answer = c.get(path.format(id=created["id"]) + ("&max=1" if "since" not in path else ""),
                   headers=auth(created["seats"]["0"]["token"]))
    assert answer.status_code == 200


def test_a_seat_beyond_the_table_or_as_huge_digits_is_refused(c: TestClient) -> None:
    created = new_table(c)
    mine = auth(created["seats"]["0"]["token"])
    assert c.post(f"/api/tables/{created['id']}/seats/7", json={"away": True}, headers=mine).status_code == 422
    assert c.post(f"/api/tables/{created['id']}/seats/{'9' * 5000}", json={"away": True},
                  headers=mine).status_code == 404


def test_opening_tables_and_drawing_evenings_spend_the_client_s_tokens(tmp_path: Path) -> None:
    from manille_variants.web.security import RateLimit

    c = TestClient(create_app(tmp_path / "data", table_pace=0, rate=RateLimit(capacity=2, per_second=0.001)),
                   base_url=BASE)
    assert c.post("/api/tables", json={}).status_code == 201
    players = ["An", "Bo", "Cas", "Dirk"]
    assert c.post("/api/evenings", json={"players": players}).status_code == 201
    refused = c.post("/api/tables", json={})
    assert refused.status_code == 429 and "Retry-After" in refused.headers
    assert c.post("/api/evenings", json={"players": players}).status_code == 429


def test_a_deals_result_at_the_table_is_worded_in_the_seats_language(c: TestClient,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    pin_seed(monkeypatch)  # its first match has a deal with a factor
    seats = Seats(c, new_table(c))
    view = seats.view(0)
    factors: list[dict[str, Any]] = []
    for _ in range(3000):  # deals until one has a factor (no-trump, a call, a carried tie, a sweep)
        if view["deal_over"]:
            answer = c.get(f"/api/tables/{seats.id}", headers={**auth(seats.tokens[0]), "Accept-Language": "nl"})
            factors = answer.json()["result"]["factors"]
            if factors or view["match_over"]:
                break
        view = seats.step()
    assert factors, "no deal with a factor came up"
    for factor in factors:  # the rule's words in Dutch, from the factor's code
        assert factor["code"].startswith("factor.") and factor["text"] and factor["text"] != factor["reason"]
