"""Tables of 2, 3 and 6 players (docs/rules.md#tables-of-2-3-and-6-players): the `table`
settings and their checks, the worked cases of the rules chapter as scenarios named after
them, and properties of random deals at every table size played by both engines."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import manille_variants as mv
from manille_variants.bots import make_bots, play_match
from manille_variants.cards import DECK, Card, Suit, parse_cards
from manille_variants.cli import app
from manille_variants.engine import LOOK, PASS, THROW_IN, ScoreInputError, reference, trump_action
from manille_variants.engine.crossing import core_rules_for, to_core
from manille_variants.engine.legality import legal_filter
from manille_variants.engine.match import Match, seat_credits
from manille_variants.engine.rules import Rules
from manille_variants.errors import RulesetError, TableSizeError
from manille_variants.ruleset.loader import load_ruleset, read_ruleset_text
from manille_variants.ruleset.schema import Ruleset

runner = CliRunner()
SIZES = ["belgian-two", "belgian-three", "table-convention", "belgian-six"]
# Both engines deal every table size: the reference engine, and mv.new_deal (the compiled core).
NewDeal = Callable[..., Any]
ENGINES: list[NewDeal] = [reference.new_deal, mv.new_deal]
ENGINE_IDS = ["reference", "core"]


def problems(text: str) -> list[str]:
    with pytest.raises(RulesetError) as info:
        read_ruleset_text(text, "club.yaml")
    return [str(p) for p in info.value.problems]


def rules(name: str) -> Rules:
    return mv.compile_rules(load_ruleset(name))


def cards(text: str) -> list[Card]:
    return parse_cards(text)


# ------------------------------------------------------------------ the schema


def test_the_default_table_is_four_seats_of_eight_in_two_teams_opposite() -> None:
    table = Ruleset(name="x").table
    assert (table.seats, table.hand_size, table.teams, table.undealt.count, table.layout.covered) == (
        4, 8, [[0, 2], [1, 3]], 0, 0)


def test_a_four_seat_ruleset_keeps_its_hash_and_its_dump() -> None:
    rs = load_ruleset("belgian")
    assert "table" not in rs.content_dump()
    assert "table" in load_ruleset("belgian-six").content_dump()


def test_cards_not_dealt_out_are_located_at_the_hand_size() -> None:
    assert problems("name: club\ntable:\n  seats: 6\n  hand_size: 5\ndealing:\n  packets: [3, 2]\n") == [
        "club.yaml:4:3: table.hand_size: 6 seats x (5 in hand) + 0 undealt make 30 cards, not the 32 of the pack"
    ]


def test_a_team_list_that_misses_a_seat_is_located_at_the_teams() -> None:
    text = ("name: club\ntable:\n  seats: 6\n  hand_size: 5\n  teams: [[0, 2], [1, 3, 5]]\n"
            "  undealt: {count: 2}\ndealing:\n  packets: [3, 2]\n")
    assert problems(text) == [
        "club.yaml:5:3: table.teams: seat 4 is in no team (every seat 0-5 plays in one)"
    ]


def test_a_seat_in_two_teams_and_a_seat_off_the_table_are_refused() -> None:
    base = "name: club\ntable:\n  seats: 2\n  hand_size: 16\n  teams: {teams}\n"
    assert problems(base.format(teams="[[0], [0]]"))[0].endswith("table.teams.1: seat 0 is in two teams")
    assert "seat 2 is not a seat at a table of 2" in problems(base.format(teams="[[0], [2]]"))[0]


def test_a_layout_at_six_seats_is_refused() -> None:
    text = ("name: club\ntable:\n  seats: 6\n  hand_size: 1\n  teams: [[0, 2, 4], [1, 3, 5]]\n"
            "  undealt: {count: 2}\n  layout: {covered: 2}\ndealing:\n  packets: [1]\n")
    assert problems(text) == [
        "club.yaml:7:12: table.layout.covered: a layout is played at a table of 2 seats (this one has 6)"
    ]


def test_packets_must_sum_to_the_tables_hand_size() -> None:
    text = "name: club\nextends: belgian-six\ndealing:\n  packets: [3, 3]\n"
    assert problems(text) == ["club.yaml:4:3: dealing.packets: must sum to the hand size 5 (they sum to 6)"]


def test_another_credit_needs_a_temporary_team() -> None:
    assert problems("name: club\ntable:\n  credit: split\n") == [
        "club.yaml:3:3: table.credit: only a temporary team is credited another way (set teams: dealer-alone)"
    ]


def test_delegation_needs_a_partner_and_a_first_dealer_a_seat() -> None:
    assert "trump.delegation: the dealer has no partner" in problems(
        "name: club\nextends: belgian-three\ntrump:\n  delegation: true\n")[0]
    assert "dealing.first_dealer: seat 4 is not a seat at a table of 3" in problems(
        "name: club\nextends: belgian-three\ndealing:\n  first_dealer: 4\n")[0]


def test_trump_by_the_turned_card_needs_every_card_in_the_hands() -> None:
    text = "name: club\nextends: belgian-six\ntrump:\n  turned_card: {}\n  no_trump: {allowed: false}\n" \
           "  blind_no_trump: {allowed: false}\n"
    assert "trump.turned_card: trump by the turned card needs every card dealt" in problems(text)[0]


def test_the_french_half_follows_the_number_of_tricks() -> None:
    six = read_ruleset_text("name: six-fr\nextends: french-coinchee\ntable:\n  seats: 6\n  hand_size: 5\n"
                            "  teams: [[0, 2, 4], [1, 3, 5]]\n  undealt: {count: 2}\ndealing:\n  packets: [3, 2]\n")
    assert (six.deal_total, mv.compile_rules(six).half) == (65, 32)
    assert rules("belgian-six").half == rules("belgian-three").half == rules("belgian-two").half == 30


# ------------------------------------------------------------------ dealing


@pytest.mark.parametrize("name", SIZES)
def test_every_card_is_dealt_once_into_hands_layouts_and_the_undealt(name: str) -> None:
    r = rules(name)
    state = reference.new_deal(r, 5, 1)
    held = [c for s in range(r.seats) for c in (*state.hand(s), *state.face_down(s))] + list(state.undealt)
    assert sorted(c.index for c in held) == list(range(32))
    assert all(len(state.hand(s)) + len(state.face_down(s)) == r.tricks_per_deal for s in range(r.seats))
    assert len(state.undealt) == r.undealt_count


def test_six_players_two_undealt_cards_are_shown_to_every_seat() -> None:
    state = reference.new_deal(load_ruleset("belgian-six"), 3, 0)
    assert all(state.view(seat).undealt == tuple(state.undealt) for seat in range(6))


def test_hidden_undealt_cards_are_seen_once_the_deal_is_over() -> None:
    rs = read_ruleset_text("name: hidden\nextends: belgian-six\ntable:\n  undealt: {shown: false}\n")
    state = reference.new_deal(rs, 3, 0)
    assert state.view(1).undealt == ()
    rng = random.Random(3)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.view(1).undealt == tuple(state.undealt) and len(state.undealt) == 2


def test_six_players_the_dealers_partners_do_not_look_before_trump_is_named() -> None:
    state = mv.new_deal(load_ruleset("belgian-six"), 1, 0)
    assert [state.has_looked(s) for s in range(6)] == [False, True, False, True, False, True]
    state = state.apply(LOOK)
    assert state.has_looked(0) and not state.has_looked(2) and not state.has_looked(4)
    state = state.apply(trump_action(Suit.S))
    assert all(state.has_looked(s) for s in range(6))


def test_three_players_nobody_can_throw_the_deal_in() -> None:
    with pytest.raises(mv.IllegalPlayError, match="belgian-three has no early-look throw-in"):
        mv.new_deal(load_ruleset("belgian-three"), 1, 0).apply(THROW_IN)
    looking = read_ruleset_text("name: looking\nextends: belgian-three\ndealing:\n  early_look_throws_in: true\n")
    with pytest.raises(mv.IllegalPlayError, match="the dealer has no partner at this table"):
        mv.new_deal(looking, 1, 0).apply(THROW_IN)


def test_six_players_the_first_call_goes_round_from_the_dealers_left() -> None:
    state = mv.new_deal(load_ruleset("belgian-six"), 1, 2).apply(LOOK).apply(trump_action(Suit.H))
    assert state.phase == "calls" and state.to_play == 3  # the opponents 3, 5, 1 may go along
    state = state.apply(PASS)
    assert state.to_play == 5


# ------------------------------------------------------------------ legal play


def test_six_players_partner_wins_means_either_teammate() -> None:
    # Seat 1 leads 10H; seats 2, 3, 4 play low; seat 5, void, need not trump: its teammate 1 wins.
    rs = load_ruleset("belgian-six")
    legality = mv.explain_legal(rs, "7S 8C", "10H 7H 8H 9H", "S")
    assert legality.clause == "partner-wins" and len(legality.cards) == 2
    assert mv.explain_legal(rs, "7S 8C", "10H 7H 8H", "S").clause == "trump-opponent"


def test_six_players_the_undertrump_rule_compares_with_the_trump_winning_now() -> None:
    # Hearts led, the opponents' 9S and then KS: a player holding 10S and 7S must overtrump.
    rs = load_ruleset("belgian-six")
    legality = mv.explain_legal(rs, "10S 7S 8C", "AH 9S 7H KS", "S")
    assert [str(c) for c in legality.cards] == ["10S"] and legality.clause == "overtrump-opponent"


def test_three_players_the_defenders_are_partners_and_the_dealer_has_none() -> None:
    rs = load_ruleset("belgian-three")
    assert mv.explain_legal(rs, "7S 8C", "10H", "S", partner_wins=True).clause == "partner-wins"
    assert mv.explain_legal(rs, "7S 8C", "10H", "S", partner_wins=False).clause == "trump-opponent"
    with pytest.raises(mv.CardError, match="dealer-alone"):
        mv.explain_legal(rs, "7S 8C", "10H", "S")


def test_three_players_in_a_deal_the_seats_say_who_is_partner() -> None:
    r = rules("belgian-three")
    assert r.partners(1, dealer=0) == (2,) and r.partners(0, dealer=0) == ()
    assert r.partners(0, dealer=1) == (2,)


@pytest.mark.parametrize(("hand", "face_up", "led", "expected"), [
    ("7H AD", "KH 10S", "9H", ["KH"]),  # two players, case 1: the face-up king must beat the nine
    ("7C 9D", "8S QD", "AH", ["8S"]),  # case 2: void in hearts, the face-up trump must trump
    ("7C", "QD", "AH", ["7C", "QD"]),  # case 3: the face-down 7S under QD does not count
])
def test_two_players_face_up_cards_count_for_follow_beat_and_trump(
        hand: str, face_up: str, led: str, expected: list[str]) -> None:
    rs = load_ruleset("belgian-two")
    legal = mv.legal_cards(rs, cards(hand) + cards(face_up), cards(led), "S")
    assert sorted(map(str, legal)) == sorted(expected)
    from manille_variants import _core  # the compiled core's legality, over the same cards

    core_legal = _core.legal_cards(to_core(rs), cards(hand) + cards(face_up), cards(led), "S")
    assert core_legal is not None and sorted(map(str, core_legal)) == sorted(expected)


@pytest.mark.parametrize("new_deal", ENGINES, ids=ENGINE_IDS)
def test_two_players_the_covered_card_turns_up_at_the_end_of_the_trick(new_deal: NewDeal) -> None:
    rs = load_ruleset("belgian-two")
    state: Any = new_deal(rs, 4, 1).apply(trump_action(Suit.S))
    leader = state.to_play
    up = state.face_up(leader)
    under = dict(reference.new_deal(rs, 4, 1)._covered[leader])[up[0]]  # the card the reference engine put under it
    state = state.apply(up[0])  # the leader plays a face-up card
    assert under not in state.hand(leader) and under in state.face_down(leader)
    state = state.apply(state.legal_actions()[0])  # the trick is complete
    assert under in state.face_up(leader) and under in state.hand(leader)
    assert under not in state.face_down(leader)


# ------------------------------------------------------------------ scoring


def test_three_players_dealers_tricks_27_with_undealt_10h_ks_score_5() -> None:
    score = mv.score_deal(load_ruleset("belgian-three"), 27, 5, undealt=8)
    assert (score.totals, score.team_a, score.team_b) == ((35, 25), 5, 0)


@pytest.mark.parametrize(("credit", "dealer", "defender"), [
    ("each-member", 0, 4), ("split", 0, 2), ("zero-sum", -8, 4)])
def test_three_players_dealers_tricks_22_with_undealt_as_7d_credit(credit: str, dealer: int, defender: int) -> None:
    rs = read_ruleset_text(f"name: three-{credit}\nextends: belgian-three\ntable:\n  credit: {credit}\n")
    r = mv.compile_rules(rs)
    score = mv.score_deal(r, 22, 4, undealt=4)
    assert score.totals == (26, 34) and score.team_b == 4
    assert seat_credits(r, score, dealer=1) == [defender, dealer, defender]


def test_three_players_defenders_take_all_ten_tricks_with_undealt_10s_as_a_sweep_scores_42() -> None:
    score = mv.score_deal(load_ruleset("belgian-three"), 0, 0, undealt=9)
    assert (score.totals, score.team_b, [f.name for f in score.factors]) == ((9, 51), 42, ["sweep"])


def test_six_players_a_sweep_is_all_five_tricks() -> None:
    score = mv.score_deal(load_ruleset("belgian-six"), 50, 5, undealt=4)
    assert score.factors[0].reason == "sweep (all 5 tricks) x2" and score.team_a == 48


def test_undealt_points_for_the_last_trick_need_its_side() -> None:
    rs = read_ruleset_text("name: last\nextends: belgian-six\ntable:\n  undealt: {points_to: last-trick}\n")
    assert mv.score_deal(rs, 20, 3, undealt=6, last_trick="B").totals == (20, 40)
    with pytest.raises(ScoreInputError, match="say who won it"):
        mv.score_deal(rs, 20, 3, undealt=6)


def test_undealt_points_are_refused_where_every_card_is_dealt_or_too_many() -> None:
    with pytest.raises(ScoreInputError, match="deals every card"):
        mv.score_deal(load_ruleset("belgian"), 30, 4, undealt=3)
    with pytest.raises(ScoreInputError, match="between 0 and 10"):
        mv.score_deal(load_ruleset("belgian-six"), 30, 3, undealt=11)


# ------------------------------------------------------------------ matches


def test_three_players_keep_a_score_each_and_the_winner_is_a_seat() -> None:
    match = play_match(load_ruleset("belgian-three"), 7, make_bots("random", 7, seats=3))
    assert match.columns == 3 and match.winner in (0, 1, 2)
    assert max(match.scores) >= 101 and match.scores[match.winner] == max(match.scores)
    assert all(len(o.player_points) == 3 for o in match.deals)


def test_zero_sum_credits_keep_the_sum_of_the_scores_at_zero() -> None:
    rs = read_ruleset_text("name: zs\nextends: belgian-three\ntable:\n  credit: zero-sum\n")
    match = Match(rs, 5)
    rng = random.Random(5)
    for _ in range(6):
        if match.is_over:
            break
        state = match.new_deal()
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        assert state.result is not None
        match.add(state.result)
        assert sum(match.scores) == 0


def test_six_players_keep_two_team_scores_and_deal_round_six_seats() -> None:
    match = play_match(load_ruleset("belgian-six"), 2, make_bots("random", 2, seats=6))
    assert match.columns == 2 and {o.dealer for o in match.deals} <= set(range(6))
    assert [o.dealer for o in match.deals[:7]] == [(match.deals[0].dealer + k) % 6 for k in range(7)][
        :len(match.deals[:7])]


# ------------------------------------------------------------------ what only the core has


CORE_TABLES = ["belgian-six", "belgian-three", "belgian-two"]  # the core deals them all, the layout included


@pytest.mark.parametrize("name", CORE_TABLES)
def test_the_core_deals_six_three_and_two_seats(name: str) -> None:
    rs = load_ruleset(name)
    assert core_rules_for(rs) is not None
    assert type(mv.new_deal(rs, 1, 0)).__name__ == "CoreDeal"


def test_the_core_refuses_teams_that_do_not_alternate_and_the_reference_engine_plays_them() -> None:
    rs = read_ruleset_text("name: side-by-side\nextends: belgian\ntable:\n  teams: [[0, 1], [2, 3]]\n", "club.yaml")
    assert core_rules_for(rs) is None
    assert isinstance(mv.new_deal(rs, 1, 0), reference.ReferenceState)
    with pytest.raises(TableSizeError, match="the compiled core does not deal the table of side-by-side") as caught:
        to_core(rs)
    assert caught.value.message is not None and caught.value.message.code == "table.core-teams"


@pytest.mark.parametrize("name", CORE_TABLES)
def test_the_core_and_the_reference_engine_agree_at_other_tables(name: str) -> None:
    # The differential test of tests/test_core_differential.py at six and three seats: the same
    # deal on both engines in lockstep, compared at every step, results included.
    rs = load_ruleset(name)
    r = mv.compile_rules(rs)
    rng = random.Random(name)
    for seed in range(150):
        dealer = seed % r.seats
        ref = reference.new_deal(rs, seed, dealer, pending_ties=seed % 3, scores=(seed % 50, seed % 70))
        core = mv.new_deal(rs, seed, dealer, pending_ties=seed % 3, scores=(seed % 50, seed % 70))
        assert core.dealt == ref.dealt and tuple(core.undealt) == ref.undealt  # type: ignore[attr-defined]
        while True:
            for s in range(r.seats):  # a layout's cards (none but at two seats)
                assert core.face_up(s) == ref.face_up(s)  # type: ignore[attr-defined]
                assert core.face_down(s) == ref.face_down(s)  # type: ignore[attr-defined]
            assert (core.phase, core.to_play, core.leader, core.win_seat, core.points, core.tricks_won) == (
                ref.phase, ref.to_play, ref.leader, ref.win_seat, ref.points, ref.tricks_won)
            assert [core.has_looked(s) for s in range(r.seats)] == [ref.has_looked(s) for s in range(r.seats)]
            assert core.legal_actions() == ref.legal_actions() and core.played_mask() == ref.played_mask()
            assert core.view(core.to_play) == ref.view(ref.to_play)
            if ref.is_over:
                assert core.result is not None and ref.result is not None
                assert core.result.to_dict() == ref.result.to_dict()
                break
            if ref.phase == "play" and rng.random() < 0.1:
                assert core.explain() == ref.explain()
            action = rng.choice(ref.legal_actions())
            ref, core = ref.apply(action), core.apply(action)
        assert core == ref


def test_the_solver_refuses_another_table() -> None:
    from manille_variants.search.solver import solve

    state = mv.new_deal(load_ruleset("belgian-six"), 1, 0)
    while state.phase != "play":  # look, spades, and every seat passes
        state = state.apply(state.legal_actions()[0])
    with pytest.raises(TableSizeError, match="solver plays the four-seat table only; belgian-six seats 6") as caught:
        solve(state)
    assert caught.value.message is not None and caught.value.message.code == "table.four-seats-only"


# ------------------------------------------------------------------ properties


def _random_deal(name: str, seed: int, dealer: int, new_deal: NewDeal) -> list[Any]:
    r = rules(name)
    state: Any = new_deal(r, seed, dealer % r.seats)
    rng = random.Random(seed)
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


@pytest.mark.parametrize("new_deal", ENGINES, ids=ENGINE_IDS)
@pytest.mark.parametrize("name", SIZES)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**40), dealer=st.integers(0, 5))
def test_cards_are_conserved_and_a_deal_holds_60_card_points(name: str, new_deal: NewDeal, seed: int,
                                                            dealer: int) -> None:
    states = _random_deal(name, seed, dealer, new_deal)
    r = states[0].rules
    for state in states:
        where = [c for s in range(r.seats) for c in (*state.hand(s), *state.face_down(s))]
        where += [*state.undealt, *state.trick, *(c for _, cs, _ in state.tricks for c in cs)]
        assert sorted(c.index for c in where) == list(range(32))
    result = states[-1].result
    assert result is not None and sum(result.card_points) == 60 and sum(result.tricks) == r.tricks_per_deal


@pytest.mark.parametrize("new_deal", ENGINES, ids=ENGINE_IDS)
@pytest.mark.parametrize("name", SIZES)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**40), dealer=st.integers(0, 5))
def test_the_legal_set_is_a_non_empty_subset_of_hand_and_face_up_cards(name: str, new_deal: NewDeal, seed: int,
                                                                      dealer: int) -> None:
    for state in _random_deal(name, seed, dealer, new_deal):
        if state.phase == "play":
            legal = state.legal_actions()
            hand = state.hand(state.to_play)
            assert legal and set(legal) <= set(hand)
            assert not set(legal) & set(state.face_down(state.to_play))


@pytest.mark.parametrize("name", SIZES)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_the_partner_relaxation_only_adds_cards(name: str, data: st.DataObject) -> None:
    r = rules(name)
    picked = data.draw(st.permutations(range(32)))
    hand = [DECK[i] for i in picked[:data.draw(st.integers(1, 10))]]
    led = DECK[picked[20]].suit
    winning = DECK[picked[21]]
    trump = data.draw(st.sampled_from([None, *Suit]))
    if winning.suit not in (led, trump):
        winning = DECK[picked[20]]
    opponent = legal_filter(r, hand, led, winning, False, trump).cards
    partner = legal_filter(r, hand, led, winning, True, trump).cards
    assert set(opponent) <= set(partner)


# ------------------------------------------------------------------ the command line


def test_compare_across_table_sizes_is_a_clear_error() -> None:
    result = runner.invoke(app, ["compare", "belgian", "belgian-six", "-n", "20", "-j", "1"])
    assert result.exit_code == 1
    assert "compare rulesets of one table size: belgian (4 seats), belgian-six (6 seats)" in result.output


def test_legal_and_score_take_face_up_cards_and_undealt_points() -> None:
    legal = runner.invoke(app, ["legal", "-r", "belgian-two", "--trump", "S", "--trick", "9H", "--hand", "7H AD",
                                "--face-up", "KH 10S"])
    assert legal.exit_code == 0 and legal.output.startswith("legal: KH")
    score = runner.invoke(app, ["score", "-r", "belgian-three", "--points", "22", "--tricks", "4", "--undealt", "4"])
    assert score.exit_code == 0 and "the dealer +0, each defender +4" in score.output


def test_play_belgian_three_in_the_terminal(tmp_path: Path) -> None:
    record = tmp_path / "three.json"
    result = runner.invoke(app, ["play", "-r", "belgian-three", "--seed", "2", "--record", str(record)],
                           input="look\nS\npass\n")
    assert "seat 0 of 3, each deal the dealer alone against the others" in result.output
    assert "Undealt, face up:" in result.output and record.exists()


def test_the_score_sheet_keeps_six_players_teams() -> None:
    from manille_variants.table.scoresheet import ScoreSheet

    sheet = ScoreSheet.new(load_ruleset("belgian-six"))
    sheet.add("H 8 0")  # team A dealt: its 8 card points are the undealt ones
    assert sheet.outcomes[-1].team_points == (0, 44)
    assert sheet.summary()["team_b"] == 44


def test_a_shared_score_sheet_for_three_players_has_a_column_per_player(tmp_path: Path) -> None:
    # The worked case of the rules chapter: the dealer's tricks 22 and the undealt 4 in an
    # entry of the dealer's figures (26 card points, 4 tricks): each defender +4.
    path = tmp_path / "three.json"
    result = runner.invoke(app, ["scoresheet", "-f", str(path), "-r", "belgian-three", "--add", "H 26 4",
                                 "--add", "S 35 6"])
    assert result.exit_code == 0, result.output
    assert "P0 +" in result.output and "P2 +" in result.output
    shown = runner.invoke(app, ["scoresheet", "-f", str(path), "--json"])
    summary = json.loads(shown.output)
    assert summary["players"] == [0, 9, 4] and summary["next_dealer"] == "seat 2"
    assert summary["last_deal"]["match_points"] == {"seat 0": 0, "seat 1": 5, "seat 2": 0}
    assert "team_a" not in summary


def test_a_zero_sum_sheet_keeps_the_sum_at_zero() -> None:
    from manille_variants.table.scoresheet import ScoreSheet

    rs = read_ruleset_text("name: zs\nextends: belgian-three\ntable:\n  credit: zero-sum\n")
    sheet = ScoreSheet.new(rs)
    for entry in ("H 26 4", "S 35 6", "nt 40 7"):
        sheet.add(entry)
        assert sum(sheet.match.scores) == 0
    assert sheet.status().startswith("game 1: seat 0 -33, seat 1 -6, seat 2 39 (target 101); seat 0 deals next")


def test_the_web_keeps_a_shared_sheet_of_three_players(tmp_path: Path) -> None:
    from manille_variants.web.storage import Store

    store = Store(tmp_path)
    sheet = store.create_sheet(load_ruleset("belgian-three"), entries=["H 26 4", "S 35 6"])
    assert sheet.score.per_player and list(sheet.score.match.scores) == [0, 9, 4]


def test_legal_takes_whose_card_wins_at_a_dealer_alone_table() -> None:
    args = ["legal", "-r", "belgian-three", "--trump", "S", "--trick", "9H", "--hand", "7S 8C"]
    assert "partner-wins" in runner.invoke(app, [*args, "--winner", "partner"]).output
    assert "trump-opponent" in runner.invoke(app, [*args, "--winner", "opponent"]).output
    assert runner.invoke(app, args).exit_code == 1
