"""Game records: the JSON format round-trips, replays, and rejects corrupt input precisely."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import manille_variants as mv
from manille_variants.bots import make_bots, play_match
from manille_variants.cli import app
from manille_variants.engine.deal import DealState
from manille_variants.errors import ManilleError, RecordError
from manille_variants.records.audit import audit_record
from manille_variants.records.format import (
    FORMAT,
    VERSION,
    GameRecord,
    dumps_record,
    loads_record,
    read_record,
    record_from_deals,
    record_json,
    write_record,
)

runner = CliRunner()


def played(name: str = "belgian", seed: int = 4, bots: str = "heuristic,random") -> GameRecord:
    rs = mv.load_ruleset(name)
    finals: list[DealState] = []
    match = play_match(rs, seed, make_bots(bots, seed), on_deal=finals.append)
    return record_from_deals(rs, finals, seed=seed, match=match, players=["a", "b", "c", "d"])


@pytest.fixture(scope="module")
def record() -> GameRecord:
    return played()


@pytest.fixture(scope="module")
def text(record: GameRecord) -> str:
    return dumps_record(record)


def doc(text: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(text)
    return data


def message(text: str) -> str:
    with pytest.raises(RecordError) as info:
        loads_record(text, "game.json")
    return str(info.value)


# ----------------------------------------------------------------------------- format


def test_record_holds_ruleset_content_hash_seeds_dealers_actions_and_results(record: GameRecord, text: str) -> None:
    data = doc(text)
    assert data["format"] == FORMAT and data["version"] == VERSION
    rs = mv.load_ruleset("belgian")
    assert data["ruleset"] == {"name": "belgian", "hash": rs.content_hash(), "content": rs.content_dump()}
    assert data["seed"] == 4 and data["kind"] == "match" and data["players"] == ["a", "b", "c", "d"]
    first = data["deals"][0]
    assert set(first) >= {"seed", "dealer", "pending_ties", "scores", "hands", "actions", "result", "scores_after"}
    assert len(first["hands"]) == 4 and all(len(h.split()) == 8 for h in first["hands"])
    assert sum(1 for a in first["actions"] if a[0].isdigit() or a[0] in "JQKA") == 32
    assert data["outcome"]["complete"] is True and data["outcome"]["winner"] in (0, 1)


def test_record_round_trips(record: GameRecord, text: str) -> None:
    assert loads_record(text) == record
    assert dumps_record(loads_record(text)) == text


def test_each_recorded_deal_replays_to_its_recorded_result(record: GameRecord) -> None:
    rs = record.ruleset
    assert rs is not None
    for deal in record.deals:
        assert deal.seed is not None
        state = mv.replay(rs, deal.seed, deal.dealer, deal.actions, pending_ties=deal.pending_ties, scores=deal.scores)
        assert state.result is not None and state.result.to_dict() == deal.result
        assert [set(h) for h in mv.new_deal(rs, deal.seed, deal.dealer).hands] == [set(h) for h in deal.hands or ()]


def test_unfinished_deal_is_recorded_without_result() -> None:
    rs = mv.load_ruleset("table-convention")
    state = mv.new_deal(rs, 3, 1)
    bots = make_bots("random", 3)
    for _ in range(10):
        state = state.apply(bots[state.to_play].act(state.view(state.to_play)))
    rec = record_from_deals(rs, [state], seed=None)
    back = loads_record(dumps_record(rec))
    assert back.deals[0].result is None and back.deals[0].cards_played == 9
    assert audit_record(back).ok


def test_write_record_refuses_to_overwrite_unless_forced(tmp_path: Path, record: GameRecord) -> None:
    target = tmp_path / "game.json"
    write_record(record, target)
    with pytest.raises(RecordError, match="exists"):
        write_record(record, target, force=False)
    write_record(record, target, force=True)
    assert read_record(target) == record


def test_simulation_deal_entries_are_record_deals(record: GameRecord) -> None:
    # The entries `manille simulate --records` writes use the same keys as a record's deals.
    data = record_json(record)
    entry = {k: data["deals"][0][k] for k in ("seed", "dealer", "pending_ties", "scores", "actions", "result")}
    data["deals"] = [entry]
    data["kind"] = "deals"
    data["outcome"] = None
    assert audit_record(loads_record(json.dumps(data))).ok


# ----------------------------------------------------------------------------- hands as dealt
# docs/records.md, a deal's `hands`: the four hands as dealt; its `seed` only when the seed
# deals them (and they must then agree).

GIVEN = ("AS JS 8S QH 7H QD 9D 7C", "QS 9S 10H AH 10D AD 7D 10C",
         "KS KH JH KD JD 8D QC 8C", "10S 7S 9H 8H AC KC JC 9C")


def play_given(name: str, seed: int, dealer: int, **given: Any) -> DealState:
    state = mv.new_deal(mv.load_ruleset(name), seed, dealer, **given)
    bots = make_bots("heuristic,random", seed)
    while not state.is_over:
        state = state.apply(bots[state.to_play].act(state.view(state.to_play)))
    return state


def assert_records_as_dealt(state: DealState, hands: tuple[str, ...]) -> GameRecord:
    rs = state.rules.ruleset
    back = loads_record(dumps_record(record_from_deals(rs, [state], kind="deals")))
    (deal,) = back.deals
    assert [set(h) for h in deal.hands or ()] == [set(mv.parse_cards(h)) for h in hands]
    assert deal.seed is None  # the seed deals other cards
    report = audit_record(back)
    assert report.ok, [str(p) for p in report.problems]
    assert report.walks[0].hands is not None
    assert [set(h) for h in report.walks[0].hands] == [set(mv.parse_cards(h)) for h in hands]
    assert report.walks[0].score is not None and state.result is not None
    assert report.walks[0].score.to_dict() == state.result.to_dict() == deal.result
    replayed = mv.replay(rs, 0, deal.dealer, deal.actions, hands=deal.hands, turned=deal.turned)
    assert replayed.result is not None and replayed.result.to_dict() == deal.result
    return back


def test_a_deal_with_given_hands_records_those_hands() -> None:
    state = play_given("belgian", 0, 2, hands=GIVEN)
    assert [set(h) for h in state.dealt_hands] != [set(h) for h in mv.new_deal(state.rules, 0, 2).dealt_hands]
    assert_records_as_dealt(state, GIVEN)


def test_a_deal_with_a_given_turned_card_records_that_card_and_those_hands() -> None:
    # The dealer (seat 1) holds 9S, QS, 10H...: turn the 9S, not what seed 0 would turn.
    state = play_given("french-parlee", 0, 1, hands=GIVEN, turned="9S")
    assert str(state.turned_card) == "9S"
    back = assert_records_as_dealt(state, GIVEN)
    assert str(back.deals[0].turned) == "9S"
    assert back.deals[0].result is not None and back.deals[0].result["turned"] == "9S"


def test_given_hands_equal_to_the_seeds_keep_the_seed() -> None:
    rs = mv.load_ruleset("french-parlee")
    dealt = mv.new_deal(rs, 5, 3)
    state = play_given("french-parlee", 5, 3, hands=[list(h) for h in dealt.dealt_hands],
                       turned=dealt.turned_card)
    (deal,) = record_from_deals(rs, [state], kind="deals").deals
    assert deal.seed == 5 and deal.turned == dealt.turned_card
    other = next(c for c in dealt.dealt_hands[3] if c != dealt.turned_card)
    moved = play_given("french-parlee", 5, 3, hands=[list(h) for h in dealt.dealt_hands], turned=other)
    (deal,) = record_from_deals(rs, [moved], kind="deals").deals
    assert deal.seed is None and deal.turned == other  # the seed turns another card
    assert audit_record(record_from_deals(rs, [moved], kind="deals")).ok


# ----------------------------------------------------------------------------- corrupt input


def test_empty_file() -> None:
    assert "the file is empty" in message("  \n")


def test_not_json() -> None:
    assert message("hello") == "game.json:1:1: not valid JSON: Expecting value"


def test_truncated_record_names_where_it_ends(text: str) -> None:
    cut = text[: len(text) // 2]
    got = message(cut)
    assert got.startswith("game.json:") and "truncated" in got


def test_not_a_record() -> None:
    assert "format: not a game record" in message('{"format": "something else"}')
    assert "a game record is a JSON object" in message("[1, 2]")


def test_newer_version_asks_for_an_upgrade(text: str) -> None:
    data = doc(text)
    data["version"] = VERSION + 1
    assert "newer than this program reads" in message(json.dumps(data))


def edited(text: str, change: Any) -> str:
    data = doc(text)
    change(data)
    return json.dumps(data)


def test_missing_key_is_named_with_its_place(text: str) -> None:
    got = message(edited(text, lambda d: d["deals"][2].pop("dealer")))
    assert "deals[2].dealer: missing" in got


def test_unknown_key_is_named(text: str) -> None:
    got = message(edited(text, lambda d: d["deals"][0].update(dealr=1)))
    assert "deals[0].dealr: unknown key" in got


def test_bad_seat(text: str) -> None:
    got = message(edited(text, lambda d: d["deals"][1].update(dealer=7)))
    assert "deals[1].dealer" in got and "7" in got


def test_bad_card_in_a_hand(text: str) -> None:
    def change(d: dict[str, Any]) -> None:
        d["deals"][1]["hands"][3] = d["deals"][1]["hands"][3].replace(d["deals"][1]["hands"][3].split()[0], "1X")

    assert "deals[1].hands[3]: not a card: '1X'" in message(edited(text, change))


def test_short_and_duplicated_hands(text: str) -> None:
    def short(d: dict[str, Any]) -> None:
        d["deals"][0]["hands"][0] = " ".join(d["deals"][0]["hands"][0].split()[:7])

    def twice(d: dict[str, Any]) -> None:
        first = d["deals"][0]["hands"][0].split()[0]
        cards = d["deals"][0]["hands"][1].split()
        d["deals"][0]["hands"][1] = " ".join([first, *cards[1:]])

    assert "deals[0].hands[0]: a hand holds 8 cards (got 7)" in message(edited(text, short))
    assert "is dealt to seat 0 and seat 1" in message(edited(text, twice))


def test_bad_action(text: str) -> None:
    got = message(edited(text, lambda d: d["deals"][2]["actions"].__setitem__(9, "XX")))
    assert "deals[2].actions[9]: not an action: 'XX'" in got


def test_invalid_embedded_ruleset(text: str) -> None:
    got = message(edited(text, lambda d: d["ruleset"]["content"]["scoring"].update(cap=0)))
    assert "embedded ruleset" in got and "scoring.cap" in got


def test_binary_file(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b"\xff\xfe\x00\x01")
    with pytest.raises(RecordError, match="not a text file"):
        read_record(path)


@pytest.mark.parametrize("content", ["", "{", '{"format": "manille-record"}', "[]", "null"])
def test_cli_reports_corrupt_records_without_traceback(tmp_path: Path, content: str) -> None:
    path = tmp_path / "game.json"
    path.write_text(content, encoding="utf-8")
    for command in (["audit", str(path)], ["replay", str(path)]):
        result = runner.invoke(app, command)
        assert result.exit_code == 1, result.output
        assert "error:" in result.output and "Traceback" not in result.output


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_damage_gives_a_record_error_or_an_audit_never_a_crash(data: st.DataObject) -> None:
    text = dumps_record(played("table-convention", 2))
    start = data.draw(st.integers(0, len(text) - 1))
    stop = data.draw(st.integers(start, min(len(text), start + 40)))
    filler = data.draw(st.sampled_from(["", "0", '"', "}", "x", "[", "10H", "true", "-1"]))
    damaged = text[:start] + filler + text[stop:]
    try:
        rec = loads_record(damaged)
        audit_record(rec)
    except ManilleError:
        pass
