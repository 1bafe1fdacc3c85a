"""The web game at tables of 2, 3 and 6 seats (issue 19, item 4): a whole deal against bots
through the HTTP API at each size, with the seats, your teammates in this deal, the shown
undealt cards, the layout's face-up cards and a score per player where the dealer plays alone;
the view never shows another seat's hidden cards."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from webtools import client, make_app


@pytest.fixture
def c(tmp_path: Path) -> TestClient:
    return client(make_app(tmp_path / "data"))


def _start(c: TestClient, ruleset: str, seed: int = 3) -> dict[str, Any]:
    answer = c.post("/api/play", json={"ruleset": ruleset, "seed": seed, "bots": "heuristic"})
    assert answer.status_code == 201, answer.text
    view: dict[str, Any] = answer.json()
    return view


def _play_deal(c: TestClient, view: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Play your first legal action until the deal is over: the last view and every view seen."""
    seen = [view]
    for _ in range(200):
        if view["deal_over"]:
            break
        assert view["your_turn"] and view["legal"], view
        answer = c.post(f"/api/play/{view['id']}/act", json={"action": view["legal"][0]})
        assert answer.status_code == 200, answer.text
        view = answer.json()
        seen.append(view)
    assert view["deal_over"]
    return view, seen


@pytest.mark.parametrize(("ruleset", "seats", "hand", "tricks"), [
    ("belgian-six", 6, 5, 5), ("belgian-three", 3, 10, 10), ("belgian-two", 2, 8, 16)])
def test_a_whole_deal_is_played_over_http_at_every_table_size(c: TestClient, ruleset: str, seats: int, hand: int,
                                                               tricks: int) -> None:
    view, seen = _play_deal(c, _start(c, ruleset))
    assert view["seats"] == seats and view["hand_size"] == hand
    assert sum(view["tricks_won"]) == tricks and view["result"] is not None
    assert view["deals"] == 1 and view["hand"] == []
    assert all(len(v["trick"]) < seats for v in seen)
    assert all(0 <= t["seat"] < seats for v in seen for t in v["trick"])
    last = view["last_trick"]
    assert len(last["cards"]) == len(last["seats"]) == seats and sorted(last["seats"]) == list(range(seats))
    following = c.post(f"/api/play/{view['id']}/next", json={})
    assert following.status_code == 200 and following.json()["deal_number"] == 2


def test_at_six_seats_you_see_your_teammates_and_the_undealt_cards(c: TestClient) -> None:
    view = _start(c, "belgian-six")
    assert view["partners"] == [2, 4] and view["per_player"] is False
    assert len(view["undealt"]) == 2 == view["undealt_count"]  # shown to every seat
    assert view["face_up"] == [] and view["face_down"] == []
    assert not set(view["undealt"]) & set(view["hand"])
    page = c.get(f"/play/{view['id']}")
    assert page.status_code == 200 and "undealt_cards" in page.text and "your_team" in page.text


def test_at_three_seats_each_player_keeps_a_score_and_is_credited_the_deal(c: TestClient) -> None:
    view, _ = _play_deal(c, _start(c, "belgian-three"))
    assert view["per_player"] is True and len(view["scores"]) == 3
    assert view["scores"] == view["player_points"]  # the first deal: each score is its credit
    partners = [] if view["dealer"] == 0 else [s for s in (1, 2) if s != view["dealer"]]
    assert view["partners"] == partners
    # each-member (belgian-three's credit): the dealer is credited side A's points, each defender side B's.
    result = view["result"]
    assert view["player_points"] == [result["team_a"] if s == view["dealer"] else result["team_b"] for s in range(3)]


def test_at_two_seats_the_layout_is_shown_and_its_face_up_cards_are_played(c: TestClient) -> None:
    view = _start(c, "belgian-two")
    assert view["partners"] == [] and view["undealt"] == []
    assert [len(cards) for cards in view["face_up"]] == [4, 4] and view["face_down"] == [4, 4]
    assert set(view["face_up"][0]) <= set(view["hand"])  # your face-up cards are played like your hand
    _, seen = _play_deal(c, view)
    # A covered card turns up once the card over it is played: the counts go down during the
    # deal, and at its end every layout card has been played.
    assert sorted({v["face_down"][0] for v in seen}, reverse=True)[:2] == [4, 3]
    assert seen[-1]["face_up"] == [[], []] and seen[-1]["face_down"] == [0, 0]


def test_the_record_of_a_six_seat_game_names_you_and_five_bots(c: TestClient) -> None:
    view = _start(c, "belgian-six")
    record = c.get(f"/api/play/{view['id']}/record")
    assert record.status_code == 200
    assert record.json()["players"] == ["you", "bot", "bot", "bot", "bot", "bot"]


@pytest.mark.parametrize("ruleset", ["belgian-three", "belgian-six", "belgian-two"])
def test_a_card_you_may_not_play_is_refused_with_the_rule_at_every_size(c: TestClient, ruleset: str) -> None:
    # Play on until a hand card is not among the legal ones (the duty to follow, beat or trump,
    # with "partner" this deal's teammate), then try it.
    view = _start(c, ruleset)
    for _ in range(300):
        refused = [card for card in view["hand"] if view["playing_cards"] and card not in view["legal"]]
        if refused:
            break
        view = (c.post(f"/api/play/{view['id']}/next", json={}) if view["deal_over"]
                else c.post(f"/api/play/{view['id']}/act", json={"action": view["legal"][0]})).json()
    assert refused, "no refusable card came up"
    answer = c.post(f"/api/play/{view['id']}/act", json={"action": refused[0]})
    assert answer.status_code == 400
    body = answer.json()
    assert set(body["legal"]) == set(view["legal"]) and body["clause"] and body["code"]
    assert c.get(f"/api/play/{view['id']}").json() == view  # nothing was played
