"""manille advise and manille analyze through the CLI."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import manille_variants as mv
from manille_variants.bots import make_bots, play_deal
from manille_variants.cli import app
from manille_variants.records.format import DealRecord, record_from_deals, write_record
from manille_variants.records.textdeal import load_game
from manille_variants.search.analyze import analyze_deal, analyze_record

runner = CliRunner()
HAND = "10H AH KH QH 10S AS 7C 8D"


def test_advise_json_ranks_every_choice_of_the_dealer() -> None:
    result = runner.invoke(app, ["advise", "-r", "french-coinchee", "--hand", HAND, "--samples", "4", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    # Every choice is searched, or listed as not searched (far below the best by the decision
    # table); the best (the search's choice) comes first, then the others by their means.
    actions = [c["action"] for c in data["choices"]]
    assert sorted(actions + data["not_searched"]) == sorted(
        ["trump:S", "trump:H", "trump:D", "trump:C", "no-trump", "delegate"])
    assert {"delegate", "trump:H"} <= set(actions)
    means = [c["mean"] for c in data["choices"]]
    assert means[1:] == sorted(means[1:], reverse=True)
    assert data["best"] == actions[0]
    assert all(c["low"] <= c["mean"] <= c["high"] for c in data["choices"])


def _advice(*args: str) -> dict[str, Any]:
    result = runner.invoke(app, ["advise", "--hand", HAND, "--samples", "3", "--json", *args])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


def test_advise_offers_blind_only_when_the_ruleset_does() -> None:
    assert "blind" in [c["action"] for c in _advice("-r", "belgian", "--unseen")["choices"]]
    unseen = _advice("-r", "table-convention", "--unseen")
    assert "blind" not in [c["action"] for c in unseen["choices"]] and unseen["not_offered"] == []


def test_advise_offers_blind_only_for_a_hand_not_yet_seen() -> None:
    seen = _advice("-r", "belgian")
    assert "blind" not in [c["action"] for c in seen["choices"]] and seen["best"] != "blind"
    assert (seen["unseen"], seen["not_offered"]) == (False, ["blind"])
    unseen = _advice("-r", "belgian", "--unseen")
    assert (unseen["unseen"], unseen["not_offered"]) == (True, [])
    # The other choices are valued as for a seen hand; blind is ranked beside them.
    assert [c for c in unseen["choices"] if c["action"] != "blind"] == sorted(
        seen["choices"], key=lambda c: c["action"] != seen["best"])


def test_blind_is_best_for_an_unseen_hand_only_when_it_beats_looking() -> None:
    for hand in (HAND, "7H 8H 9C 8S 9S 7D JC 8C"):
        seen = json.loads(runner.invoke(app, ["advise", "-r", "belgian", "--hand", hand, "--samples", "6", "--json"]
                                        ).output)
        unseen = json.loads(runner.invoke(app, ["advise", "-r", "belgian", "--hand", hand, "--samples", "6",
                                                "--unseen", "--json"]).output)
        blind = next(c["mean"] for c in unseen["choices"] if c["action"] == "blind")
        looked = next(c["mean"] for c in seen["choices"] if c["action"] == seen["best"])
        assert unseen["best"] == ("blind" if blind > looked else seen["best"])
        assert unseen["choices"][0]["action"] == unseen["best"]


def test_advise_table_says_blind_is_not_offered_for_a_seen_hand() -> None:
    text = runner.invoke(app, ["advise", "-r", "belgian", "--hand", HAND, "--samples", "3"]).output
    assert "not offered for a hand already seen: blind (--unseen if the dealer has not looked)" in text
    assert "blind" not in text.split("not offered")[0]


def test_advise_table_marks_the_best_choice() -> None:
    result = runner.invoke(app, ["advise", "-r", "table-convention", "--hand", HAND, "--samples", "3",
                                 "--score", "40-20", "--pending-ties", "1"])
    assert result.exit_code == 0, result.output
    assert "(best)" in result.output and "trump:H" in result.output


@pytest.mark.parametrize(("args", "code", "message"), [
    (["--hand", "10H AH KH"], 1, "8 different cards"),
    (["--hand", HAND, "--score", "ten"], 2, "--score"),
])
def test_advise_refuses_bad_input(args: list[str], code: int, message: str) -> None:
    result = runner.invoke(app, ["advise", "-r", "belgian", *args])
    assert result.exit_code == code
    assert message in result.output


@pytest.mark.parametrize("name", ["french-parlee", "french-muette"])
def test_advise_says_a_turned_trump_leaves_the_dealer_no_choice(name: str) -> None:
    # Rule: trump is the turned card's suit; no trump, no-trump, blind or delegation to choose.
    result = runner.invoke(app, ["advise", "-r", name, "--hand", HAND, "--samples", "2", "--json"])
    assert result.exit_code == 1
    assert f"ruleset {name!r} takes trump from the turned card" in result.output
    assert "Traceback" not in result.output


def _record(tmp_path: Path, name: str) -> Path:
    rs = mv.load_ruleset(name)
    bots = make_bots("heuristic", seed=5)
    deals = [play_deal(mv.new_deal(rs, seed, dealer=seed % 4), bots) for seed in range(2)]
    path = tmp_path / "game.json"
    write_record(record_from_deals(rs, deals, kind="deals"), path)
    return path


@pytest.mark.parametrize("name", ["table-convention", "french-coinchee", "french-parlee"])
def test_analysis_accounts_for_every_point_between_double_dummy_and_play(tmp_path: Path, name: str) -> None:
    # What team A reached is the double-dummy value, less what its seats gave away, plus
    # what the other side's seats gave away.
    analysis = analyze_record(load_game(_record(tmp_path, name)))
    for deal in analysis.deals:
        assert deal.double_dummy is not None and deal.reached is not None
        lost = sum(m.cost for m in deal.mistakes if (m.seat & 1) == (deal.dealer & 1))
        gained = sum(m.cost for m in deal.mistakes if (m.seat & 1) != (deal.dealer & 1))
        assert deal.reached == deal.double_dummy - lost + gained
        assert all(m.cost > 0 and 1 <= m.trick <= 8 for m in deal.mistakes)


def test_analyze_json_and_text(tmp_path: Path) -> None:
    path = _record(tmp_path, "belgian")
    result = runner.invoke(app, ["analyze", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [d["deal"] for d in data["deals"]] == [1, 2]
    assert set(data["seats"]) == {"0", "1", "2", "3"}
    text = runner.invoke(app, ["analyze", str(path)]).output
    assert "double-dummy" in text and "points given away" in text


def test_analyze_a_missing_file_is_bad_input(tmp_path: Path) -> None:
    result = runner.invoke(app, ["analyze", str(tmp_path / "none.json")])
    assert result.exit_code == 1


def test_analyze_a_turned_trump_record_through_the_cli(tmp_path: Path) -> None:
    # Rule: the turned card is the dealer's, unplayable until its take-up; analysis solves
    # every position under it, from the first lead on.
    path = _record(tmp_path, "french-parlee")
    result = runner.invoke(app, ["analyze", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [d["deal"] for d in data["deals"]] == [1, 2]
    for deal in data["deals"]:
        assert 0 <= deal["double_dummy"] <= 68 and 0 <= deal["reached"] <= 68
        assert all(m["cost"] > 0 for m in deal["mistakes"])
    assert set(data["seats"]) == {"0", "1", "2", "3"}


def test_analyze_a_typed_turned_trump_deal_keeps_its_turned_card() -> None:
    # A deal typed in names its turned card (any of the dealer's cards); the analysis replays
    # it with that card turned, so the play recorded is legal and reaches the same total.
    rs = mv.load_ruleset("french-parlee")
    hands = mv.new_deal(rs, 4, dealer=1).dealt_hands
    turned = hands[1][0]
    typed = [[str(c) for c in h] for h in hands]
    state = play_deal(mv.new_deal(rs, 0, dealer=1, hands=typed, turned=turned), make_bots("heuristic", seed=2))
    assert state.turned_card == turned and state.result is not None
    record = DealRecord(dealer=1, actions=state.actions, hands=tuple(tuple(h) for h in hands), turned=turned)
    deal = analyze_deal(rs, record)
    assert deal.double_dummy is not None and deal.reached == state.result.totals[0]


def test_simulate_with_the_search_bot_under_a_turned_trump() -> None:
    result = runner.invoke(app, ["simulate", "-r", "french-parlee", "--bots", "search", "-n", "2", "-j", "1",
                                 "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    (entry,) = data["rulesets"]
    assert entry["name"] == "french-parlee" and data["deals"] == 2
    assert sum(entry["factor_counts"].values()) == 2


@pytest.mark.parametrize("command", ["analyze", "audit", "replay"])
def test_an_empty_file_is_named_as_empty_not_as_a_deal_without_a_dealer(tmp_path: Path, command: str) -> None:
    path = tmp_path / "game.json"
    path.write_text("\n  \n", encoding="utf-8")
    result = runner.invoke(app, [command, str(path)])
    assert result.exit_code == 1
    assert "game.json: the file is empty (expected a game record or typed deals)" in result.output
    assert "Traceback" not in result.output
