"""Trump by the turned card (docs/rules.md#trump-by-the-turned-card; the French parlée and
muette, docs/rules.md#bundled-rulesets): the dealer's 32nd card is
dealt face up, its suit is trump, it waits on the table until the take-up moment, and the
dealer's side scores its bonus after every factor."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import play_settings
from typer.testing import CliRunner

import manille_variants as mv
from manille_variants.bots import make_bots, play_match
from manille_variants.cards import DECK, parse_card, parse_cards
from manille_variants.cli import app
from manille_variants.engine.compiled import compile_rules
from manille_variants.engine.deal import DealState, shuffled_deck
from manille_variants.engine.scoring import score_sentences, turned_sentences
from manille_variants.errors import RulesetError
from manille_variants.records.audit import audit_record
from manille_variants.records.format import (
    DealRecord,
    GameRecord,
    dumps_record,
    loads_record,
    record_from_deals,
)
from manille_variants.records.textdeal import parse_typed, typed_record
from manille_variants.ruleset.loader import read_ruleset_text
from manille_variants.ruleset.schema import PlayRules, Ruleset, TrumpChoice
from manille_variants.table.scoresheet import ScoreSheet

# Seat 0 deals; hearts will be trump (the turned 10♥ is seat 0's).
HANDS = [
    "10H 7H AS 7S AD 7D AC 7C",  # seat 0, the dealer
    "AH KS QS JS KD QD KC QC",
    "KH QH JH 9S 8S JD 9D JC",
    "9H 8H 10S 10D 8D 10C 9C 8C",
]
TEN_H = parse_card("10H")


def turned(base: str = "french-parlee", *, take_up: str = "after-first-card", bonus: str = "ten",
           first_leader: str | None = None, **trump: Any) -> Ruleset:
    rs = mv.load_ruleset(base)
    choice = TrumpChoice.model_validate({
        **rs.trump.model_dump(), "turned_card": {"take_up": take_up, "bonus": bonus},
        "delegation": False, "no_trump": {"allowed": False}, "blind_no_trump": {"allowed": False},
        **trump,
    })
    dealing = rs.dealing if first_leader is None else rs.dealing.model_copy(update={"first_leader": first_leader})
    return rs.model_copy(update={"trump": choice, "dealing": dealing})


def deal(rs: Ruleset, hands: list[str] = HANDS, card: str = "10H") -> DealState:
    return mv.new_deal(rs, 0, 0, hands=hands, turned=card)


def names(actions: list[Any]) -> list[str]:
    return [str(a) for a in actions]


# --------------------------------------------------------------------------------------
# The card and the trump.


@pytest.mark.parametrize("name", ["french-parlee", "french-muette"])
def test_turned_card_is_the_dealers_32nd_card_and_makes_trump(name: str) -> None:
    rs = mv.load_ruleset(name)
    for seed in range(40):
        state = mv.new_deal(rs, seed, seed % 4)
        order, cut = shuffled_deck(seed)
        card = DECK[order[cut - 1]]  # the last card dealt lies just before the cut
        assert state.turned_card == card
        assert card in state.hands[seed % 4]
        assert state.trump == card.suit.name and state.mode == "trump"
        assert state.phase == "play" and state.chooser is None


def test_turned_card_keeps_the_seeded_deal() -> None:
    # The same seed deals the same hands as a ruleset that names trump with the same dealing.
    named = mv.load_ruleset("french-coinchee")
    named = named.model_copy(update={"dealing": mv.load_ruleset("french-parlee").dealing})
    for seed in range(20):
        assert mv.new_deal(mv.load_ruleset("french-parlee"), seed, 1).hands == \
            mv.new_deal(named, seed, 1).hands


def test_turned_card_of_a_typed_deal_must_be_given_and_be_the_dealers() -> None:
    rs = turned()
    with pytest.raises(mv.CardError, match="say which card was turned"):
        mv.new_deal(rs, 0, 0, hands=HANDS)
    with pytest.raises(mv.CardError, match="not in the dealer's hand"):
        mv.new_deal(rs, 0, 0, hands=HANDS, turned="AH")
    with pytest.raises(mv.CardError, match="no card is turned"):
        mv.new_deal(mv.load_ruleset("belgian"), 0, 0, turned="10H")


def test_turned_card_with_calls_goes_to_the_calls_with_trump_set() -> None:
    rs = turned("french-coinchee")
    state = deal(rs)
    assert state.phase == "calls" and state.trump == "H"
    assert state.turned_on_table
    assert all(a.kind in ("pass", "call") for a in state.legal_actions())  # type: ignore[union-attr]


# --------------------------------------------------------------------------------------
# Take-up moments: the card cannot be played before.


def test_turned_card_take_up_before_first_trick_dealer_may_lead_it() -> None:
    state = deal(turned(take_up="before-first-trick", first_leader="dealer"))
    assert state.to_play == 0 and not state.turned_on_table
    assert TEN_H in state.legal_actions()
    assert state.view(1).turned == TEN_H and not state.view(1).turned_on_table


def test_turned_card_take_up_after_first_card_dealer_cannot_lead_it() -> None:
    state = deal(turned(take_up="after-first-card", first_leader="dealer"))
    assert state.to_play == 0 and state.turned_on_table
    assert TEN_H not in state.legal_actions()
    assert len(state.legal_actions()) == 7
    with pytest.raises(mv.IllegalPlayError, match="10H is the turned card: it stays on the table "
                                                 "until the first card of the first trick is played"):
        state.apply(TEN_H)
    assert "stays on the table" in state.explain()
    after = state.apply(parse_card("7C"))
    assert not after.turned_on_table


def test_turned_card_take_up_after_first_card_dealer_playing_later_may_play_it() -> None:
    state = deal(turned(take_up="after-first-card"))  # counter-clockwise: seat 1 leads, dealer last
    assert state.to_play == 3 or state.to_play == 1
    while state.to_play != 0:
        state = state.apply(state.legal_actions()[0])
    assert not state.turned_on_table
    assert TEN_H in state.hand(0)


def test_turned_card_take_up_after_first_trick_dealer_cannot_play_it_in_trick_one() -> None:
    # Hearts led; the dealer's only other heart is 7♥: it must be played (the 10♥ waits).
    state = deal(turned(take_up="after-first-trick", first_leader="after-dealer"))
    leader = state.to_play
    assert leader != 0
    state = state.apply(parse_card("AH") if leader == 1 else parse_card("9H"))
    while state.to_play != 0:
        state = state.apply(state.legal_actions()[0])
    assert state.turned_on_table
    assert names(state.legal_actions()) == ["7H"]
    with pytest.raises(mv.IllegalPlayError, match="until the first trick is complete"):
        state.apply(TEN_H)
    view = state.view(0)
    assert view.turned == TEN_H and view.turned_on_table and TEN_H not in view.hand
    state = state.apply(parse_card("7H"))
    while len(state.tricks) < 1:
        state = state.apply(state.legal_actions()[0])
    assert not state.turned_on_table
    assert TEN_H in state.hand(0)


def test_turned_card_on_the_table_leaves_the_dealer_void_in_its_suit() -> None:
    # The dealer's only heart is the turned card: hearts led in trick 1 and it waits: void.
    hands = ["10H AS 7S AD 7D AC 7C 8C", "AH KS QS JS KD QD KC QC",
             "KH QH JH 9S 8S JD 9D JC", "9H 8H 7H 10S 10D 8D 10C 9C"]
    state = deal(turned(take_up="after-first-trick"), hands)
    state = state.apply(parse_card("AH") if state.to_play == 1 else parse_card("9H"))
    while state.to_play != 0:
        state = state.apply(state.legal_actions()[0])
    legal = state.legal_actions()
    assert TEN_H not in legal and len(legal) == 7  # void in hearts with no trump: any card


@pytest.mark.parametrize("take_up", ["before-first-trick", "after-first-card", "after-first-trick"])
def test_turned_card_every_seat_sees_it_on_the_table_before_the_take_up(take_up: str) -> None:
    state = deal(turned("french-coinchee", take_up=take_up))  # calls first: it lies on the table
    for seat in range(4):
        view = state.view(seat)
        assert view.turned == TEN_H and view.turned_on_table
    assert TEN_H not in state.view(0).hand


@st.composite
def turned_rulesets(draw: st.DrawFn) -> Ruleset:
    rs = turned(draw(st.sampled_from(["french-parlee", "french-muette", "french-coinchee"])),
                take_up=draw(st.sampled_from(["before-first-trick", "after-first-card", "after-first-trick"])),
                bonus=draw(st.sampled_from(["none", "ten", "honour"])),
                first_leader=draw(st.sampled_from(["after-dealer", "dealer", "before-dealer"])))
    if draw(st.booleans()):
        rs = rs.model_copy(update={"play": PlayRules.model_validate(draw(play_settings))})
    return rs


@settings(max_examples=80, deadline=None)
@given(rs=turned_rulesets(), seed=st.integers(0, 2**32), dealer=st.integers(0, 3))
def test_turned_card_deals_play_out_and_replay(rs: Ruleset, seed: int, dealer: int) -> None:
    rng = random.Random(seed)
    state = mv.new_deal(rs, seed, dealer)
    card = state.turned_card
    assert card is not None
    while not state.is_over:
        legal = state.legal_actions()
        if state.phase == "play":
            hand = state.hand(state.to_play)
            if state.turned_on_table and state.to_play == dealer:
                assert card not in legal
                hand = [c for c in hand if c != card]
            assert mv.explain_legal(rs, hand, state.trick, state.trump).cards == legal
        state = state.apply(rng.choice(legal))
    result = state.result
    assert result is not None and result.turned == str(card)
    again = mv.score_deal(rs, result.card_points[0], result.tricks[0], result.mode, result.calls,
                          result.pending_ties, last_trick=None if result.tricks[0] in (0, 8) else
                          ("A" if state.tricks[-1][2] & 1 == dealer & 1 else "B"), turned=card)
    assert again == result
    assert mv.replay(rs, seed, dealer, state.actions) == state


# --------------------------------------------------------------------------------------
# The bonus: after every factor, to the dealer's side, whoever wins.


@pytest.mark.parametrize(("bonus", "card", "points"), [
    ("none", "10H", 0), ("none", "AH", 0),
    ("ten", "10H", 5), ("ten", "AH", 0), ("ten", "7H", 0),
    ("honour", "10H", 5), ("honour", "AH", 4), ("honour", "KH", 3), ("honour", "QH", 2),
    ("honour", "JH", 1), ("honour", "9H", 0),
])
def test_turned_card_bonus(bonus: str, card: str, points: int) -> None:
    rs = turned(bonus=bonus)
    # Team B wins 10 over 34 with a pending tie? (no: ties are void here); team A gets the bonus.
    score = mv.score_deal(rs, 20, 3, turned=card)
    assert score.winner == "B" and score.team_b == 45 - 34
    assert score.team_a == points and score.turned_bonus == points and score.turned == card


def test_turned_card_bonus_comes_after_every_factor() -> None:
    rs = turned("belgian", bonus="honour")  # a pending tie doubles the next deal
    score = mv.score_deal(rs, 40, 6, pending_ties=1, turned="AH")
    assert score.factor == 2
    assert score.team_a == (40 - 30) * 2 + 4
    assert score.to_dict()["turned_bonus"] == 4


def test_turned_card_bonus_on_a_tied_deal_still_goes_to_the_dealers_side() -> None:
    score = mv.score_deal(mv.load_ruleset("french-parlee"), 30, 4, turned="10S")
    assert score.tied and (score.team_a, score.team_b) == (5, 0)


def test_turned_card_bonus_lines_in_every_breakdown() -> None:
    from manille_variants.engine.scoring import score_sentences as breakdown_lines
    from manille_variants.table.render import breakdown_table

    score = mv.score_deal(mv.load_ruleset("french-muette"), 40, 6, turned="KH")
    lines = breakdown_lines(score)
    assert lines[-1] == "turned K♥: A (the dealer's side) + 3 match points, after every factor"
    assert lines[-2].endswith("= 12 match points")
    assert breakdown_lines(score.swapped(), ("N-S", "E-W"))[-1].startswith("turned K♥: E-W")
    assert breakdown_table(score).row_count == 6


@pytest.mark.parametrize(("card", "line"), [
    ("JH", "turned J♥: A (the dealer's side) + 1 match point, after every factor"),
    ("QH", "turned Q♥: A (the dealer's side) + 2 match points, after every factor"),
])
def test_turned_card_bonus_line_counts_one_match_point_or_several(card: str, line: str) -> None:
    # docs/rules.md#trump-by-the-turned-card: an honour turned brings its card points.
    score = mv.score_deal(turned(bonus="honour"), 20, 3, turned=card)
    assert turned_sentences(score) == [line]


def test_turned_card_bonus_is_named_on_side_a_which_it_is_added_to() -> None:
    score = mv.score_deal(turned(bonus="honour"), 20, 3, turned="AH").swapped()
    assert score.turned_side == "B"
    again = score.with_turned("KH", 3)
    assert (again.turned_side, again.team_a, again.turned_bonus) == ("A", score.team_a + 3, 3)


def test_turned_card_that_is_not_a_card_is_a_clear_error() -> None:
    with pytest.raises(mv.ManilleError, match=r"^turned card: not a card: 'ZZ'"):
        mv.score_deal(mv.load_ruleset("french-muette"), 40, 6, turned="ZZ")

def test_turned_card_score_of_a_ruleset_that_names_trump_is_refused() -> None:
    with pytest.raises(mv.ManilleError, match="names trump: no card is turned"):
        mv.score_deal(mv.load_ruleset("belgian"), 40, 6, turned="KH")
    with pytest.raises(mv.ManilleError, match="makes H trump"):
        mv.score_deal(mv.load_ruleset("french-muette"), 40, 6, trump="S", turned="KH")
    note = mv.score_deal(mv.load_ruleset("french-muette"), 40, 6).notes
    assert "the turned card was not given: its bonus is not counted" in note


def test_score_command_turned_line() -> None:
    result = CliRunner().invoke(app, ["score", "-r", "parlee", "--points", "30", "--tricks", "5",
                                      "--turned", "10H"])
    assert result.exit_code == 0, result.output
    assert "  10H: 5 to A, the dealer's side" in result.output
    assert "A   6   B   0" in result.output


def test_scoresheet_entry_with_the_turned_card() -> None:
    sheet = ScoreSheet.new(mv.load_ruleset("muette"))
    row = sheet.add("H 30 5 turned:KH")
    assert row.points == (4, 0) and "turned K♥ +3 A" in row.note
    row = sheet.add("S 30 5 turned:10S")  # team B deals now: the bonus is B's
    assert row.points == (1, 5) and "turned 10♠ +5 B" in row.note
    assert [e.text for e in sheet.entries] == ["H 30 5 turned:KH", "S 30 5 turned:10S"]


# --------------------------------------------------------------------------------------
# Cross-field checks.


@pytest.mark.parametrize(("setting", "where"), [
    ("no_trump: {allowed: true}", "4:14: trump.no_trump.allowed"),
    ("blind_no_trump: {allowed: true}", "4:20: trump.blind_no_trump.allowed"),
    ("delegation: true", "4:3: trump.delegation"),
])
def test_turned_card_excludes_no_trump_blind_and_delegation(setting: str, where: str) -> None:
    text = f"name: x\ntrump:\n  turned_card: {{take_up: after-first-card}}\n  {setting}\n"
    if not setting.startswith("no_trump"):
        text += "  no_trump: {allowed: false}\n"
    with pytest.raises(RulesetError) as caught:
        read_ruleset_text(text, "x.yaml")
    assert str(caught.value).startswith(f"x.yaml:{where}: must be false while trump comes from the turned card")


def test_turned_card_alone_must_turn_off_no_trump() -> None:
    with pytest.raises(RulesetError) as caught:
        read_ruleset_text("name: x\ntrump:\n  turned_card: {bonus: ten}\n", "x.yaml")
    assert str(caught.value) == (
        "x.yaml:2:1: trump.no_trump.allowed: must be false while trump comes from the turned card "
        "(nobody chooses trump; set no_trump.allowed to false)"
    )


def test_turned_card_unknown_moment_is_a_located_error() -> None:
    text = "name: x\ntrump:\n  no_trump: {allowed: false}\n  turned_card: {take_up: later}\n"
    with pytest.raises(RulesetError) as caught:
        read_ruleset_text(text, "x.yaml")
    assert str(caught.value).startswith("x.yaml:4:17: trump.turned_card.take_up: expected one of")


# --------------------------------------------------------------------------------------
# Whole matches, records, audit, typed deals, bots.


@pytest.mark.parametrize(("name", "target"), [("french-parlee", 50), ("french-muette", 100)])
def test_whole_match_under_the_new_bundled_ruleset(name: str, target: int) -> None:
    finals: list[DealState] = []
    rs = mv.load_ruleset(name)
    match = play_match(rs, 11, make_bots("heuristic", 11), on_deal=finals.append)
    assert match.is_over and match.winner in (0, 1)
    assert max(match.scores) >= target
    rules = compile_rules(rs)
    gained = [0, 0]
    for state in finals:
        result = state.result
        assert result is not None and result.turned == str(state.turned_card)
        card = state.turned_card
        assert card is not None
        bonus = rules.values[card.index] if (name == "french-muette" and card.rank >= 3) or (
            name == "french-parlee" and card.rank == 3) else 0
        assert result.turned_bonus == bonus
        assert result.team_a + result.team_b == result.excess * result.factor + bonus
        team = state.dealer & 1
        gained[team] += result.team_a
        gained[1 - team] += result.team_b
    assert gained == list(match.scores)
    record = record_from_deals(rs, finals, seed=11, match=match)
    assert loads_record(dumps_record(record)) == record
    assert audit_record(record).ok


def early_record(take_up: str = "after-first-trick") -> tuple[GameRecord, Ruleset]:
    rs = turned(take_up=take_up, first_leader="dealer")
    # The dealer leads the turned 10♥ at once.
    state = deal(turned(take_up="before-first-trick", first_leader="dealer")).apply(TEN_H)
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    hands = tuple(tuple(parse_cards(h)) for h in HANDS)
    record = GameRecord(rs, (DealRecord(dealer=0, actions=state.actions, hands=hands, turned=TEN_H),),
                        kind="deals")
    return record, rs


@pytest.mark.parametrize("take_up", ["after-first-card", "after-first-trick"])
def test_audit_flags_the_turned_card_played_too_early(take_up: str) -> None:
    record, rs = early_record(take_up)
    report = audit_record(record, rs)
    problem = report.problems[0]
    assert problem.clause == "turned-card"
    assert (problem.trick, problem.seat, problem.card) == (1, 0, "10H")
    assert str(problem.message).startswith("10H is the turned card: it stays on the table until")
    # Taken up at the start of the first trick, the same play is fine.
    assert audit_record(record, turned(take_up="before-first-trick", first_leader="dealer")).ok


def test_audit_command_flags_the_turned_card_played_too_early(tmp_path: Path) -> None:
    (tmp_path / "club.yaml").write_text(
        "name: club\nextends: french-parlee\ndealing: {first_leader: dealer}\n"
        "trump:\n  turned_card: {take_up: after-first-trick, bonus: ten}\n", encoding="utf-8")
    (tmp_path / "deal.txt").write_text(
        "dealer: N\nturned: 10H\n" + "".join(f"hand {s}: {h}\n" for s, h in zip("NESW", HANDS, strict=True))
        + "trick: 10H KS 9S 10S\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["audit", str(tmp_path / "deal.txt"), "-r", str(tmp_path / "club.yaml")])
    assert result.exit_code == 1
    assert "10H is the turned card: it stays on the table until the first trick is complete" in result.output


def test_typed_deal_with_the_turned_card_round_trips_through_the_audit() -> None:
    lines = ["ruleset: french-parlee", "dealer: N", "turned: 10H",
             *(f"hand {s}: {h}" for s, h in zip("NESW", HANDS, strict=True))]
    record = typed_record(parse_typed("\n".join(lines) + "\n"))
    assert record.deals[0].turned == TEN_H
    report = audit_record(record)
    assert report.ok and report.walks[0].trump == TEN_H.suit
    with pytest.raises(mv.RecordError, match="add a line 'turned: CARD'"):
        typed_record(parse_typed("\n".join(lines[:2] + lines[3:] + ["trump: H"]) + "\n"))
    with pytest.raises(mv.RecordError, match="makes H trump"):
        typed_record(parse_typed("\n".join([*lines, "trump: S"]) + "\n"))


def test_heuristic_bot_plays_the_turned_card_only_when_taken_up() -> None:
    # What the bot knows of the turned card is pinned in the core
    # (heuristic::tests::the_turned_card_is_known_to_be_the_dealers); here: it never plays it early.
    bots = make_bots("heuristic", 3)
    state = deal(turned(take_up="after-first-trick"))
    while not state.is_over:
        action = bots[state.to_play].act(state.view(state.to_play))
        if len(state.tricks) == 0:
            assert action != TEN_H
        state = state.apply(action)


def test_simulation_runs_on_the_new_bundled_rulesets() -> None:
    for name in ("french-parlee", "french-muette"):
        result = CliRunner().invoke(app, ["simulate", "-r", name, "-n", "40", "-j", "1", "--json"])
        assert result.exit_code == 0, result.output


def test_compare_runs_on_all_six_bundled_rulesets() -> None:
    names = ["table-convention", "belgian", "belgian-capped", "french-coinchee", "french-parlee",
             "french-muette"]
    result = CliRunner().invoke(app, ["compare", *names, "-n", "60", "--matches", "2", "-j", "1", "--json"])
    assert result.exit_code == 0, result.output


def test_audit_reports_a_wrong_turned_bonus_with_why() -> None:
    finals: list[DealState] = []
    rs = mv.load_ruleset("french-muette")
    match = play_match(rs, 5, make_bots("heuristic", 5), on_deal=finals.append)
    record = record_from_deals(rs, finals, seed=5, match=match)
    first = next(i for i, d in enumerate(record.deals) if d.result and d.result["turned_bonus"])
    deal0 = record.deals[first]
    assert deal0.result is not None
    wrong = {**deal0.result, "turned_bonus": deal0.result["turned_bonus"] + 1}
    deals = list(record.deals)
    deals[first] = DealRecord(**{**deal0.__dict__, "result": wrong})
    report = audit_record(GameRecord(rs, tuple(deals), kind="deals"))
    messages = [p.message for p in report.problems]
    assert any(m.startswith(f"recorded turned_bonus {wrong['turned_bonus']}, the ruleset gives "
                            f"{deal0.result['turned_bonus']}") and "turned " in m for m in messages)


def test_web_game_view_shows_the_turned_card(tmp_path: Path) -> None:
    from manille_variants.web.play import Games
    from manille_variants.web.storage import Store

    game = Games(Store(tmp_path)).start(mv.load_ruleset("french-parlee"), seed=2)
    view = game.view()
    assert view["turned"] == str(game.state.turned_card)
    assert view["trump"] == game.state.turned_card.suit.name  # type: ignore[union-attr]
    assert isinstance(view["turned_on_table"], bool)
    if game.state.turned_on_table and game.state.dealer == 0:
        assert view["turned"] not in view["hand"]


def test_web_score_across_counts_the_turned_card_where_the_ruleset_turns_one(tmp_path: Path) -> None:
    from manille_variants.web.scoring import score_across
    from manille_variants.web.storage import Store

    results = score_across(Store(tmp_path), ["french-muette", "french-coinchee"], points=40,
                           tricks=6, turned="KH")
    muette, coinchee = results
    assert muette["breakdown"]["turned_bonus"] == 3 and muette["team_a"] == 12 + 3
    assert "turned" not in coinchee["breakdown"] and coinchee["team_a"] == 12


def test_scoresheet_rescored_under_a_ruleset_that_names_trump_drops_the_turned_card() -> None:
    sheet = ScoreSheet.new(mv.load_ruleset("french-muette"))
    sheet.add("H 40 6 turned:KH")
    assert sheet.summary()["team_a"] == 12 + 3
    assert sheet.rescored(mv.load_ruleset("french-coinchee")).summary()["team_a"] == 12


def test_score_command_several_rulesets_counts_the_turned_card_where_it_is_turned() -> None:
    result = CliRunner().invoke(app, ["score", "-r", "muette", "-r", "coinchee", "--points", "40",
                                      "--tricks", "6", "--turned", "KH", "--json"])
    assert result.exit_code == 0, result.output
    import json

    muette, coinchee = json.loads(result.output)["results"]
    assert (muette["team_a"], muette["turned_bonus"]) == (15, 3)
    assert coinchee["team_a"] == 12 and "turned" not in coinchee


def test_turned_card_bonus_line_of_a_tied_deal_names_the_side_by_its_label() -> None:
    # docs/rules.md#trump-by-the-turned-card: the bonus goes to the dealer's side on a tie too.
    score = mv.score_deal(mv.load_ruleset("french-parlee"), 30, 4, turned="10S").swapped()
    assert score.tied
    assert score_sentences(score, ("N-S", "E-W"))[-1].startswith("turned 10♠: E-W (the dealer's side) + 5")


def test_turned_card_bonus_is_zero_in_a_deal_without_a_turned_card() -> None:
    score = mv.score_deal(mv.load_ruleset("belgian"), 38, 5)
    assert score.turned is None and score.turned_bonus == 0


def test_turned_card_not_given_is_noted_only_where_it_would_bring_a_bonus() -> None:
    assert not any("not given" in note for note in mv.score_deal(turned(bonus="none"), 40, 6).notes)
    assert "the turned card was not given: its bonus is not counted" in mv.score_deal(turned(), 40, 6).notes
