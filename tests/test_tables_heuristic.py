"""The heuristic bot at tables of 2, 3 and 6 seats (issue 19, item 4): it plays whole matches
with only legal actions, reads this deal's teammates and the shown undealt cards, and beats the
random bot over duplicate deals; the search bots and the solver stay four-seat, refused with
one coded message; `simulate` and `compare` play the heuristic at every size."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

import manille_variants as mv
from manille_variants.bots import Bot, RandomBot, make_bot, make_bots, play_deal, play_match
from manille_variants.bots.heuristic import HeuristicBot
from manille_variants.cards import parse_cards
from manille_variants.cli import app
from manille_variants.engine.actions import AnyAction
from manille_variants.engine.crossing import FOUR_SEATS_ONLY
from manille_variants.engine.match import seat_credits
from manille_variants.errors import TableSizeError
from manille_variants.sim import default_bots

runner = CliRunner()
SIZES = ["belgian-two", "belgian-three", "belgian-six"]
CATALOG = Path(__file__).resolve().parent.parent / "manille_variants" / "locale"
DOCS = Path(__file__).resolve().parent.parent / "docs"


class CheckedBot:
    """A bot wrapper that asserts every action it takes is one of the view's legal ones."""

    name = "checked"

    def __init__(self, bot: Bot) -> None:
        self.bot, self.actions = bot, 0

    def act(self, view: mv.SeatView) -> AnyAction:
        action = self.bot.act(view)
        assert action in view.legal, (view.seat, action, view.legal)
        self.actions += 1
        return action


@pytest.mark.parametrize("name", SIZES)
def test_the_heuristic_plays_whole_matches_with_only_legal_actions(name: str) -> None:
    rs = mv.load_ruleset(name)
    seats = mv.compile_rules(rs).seats
    for seed in range(2):
        bots = [CheckedBot(bot) for bot in make_bots("heuristic", seed, seats=seats)]
        match = play_match(rs, seed, bots)
        assert match.is_over and match.winner is not None
        assert max(match.scores) >= rs.match.target
        assert all(bot.actions > 0 for bot in bots)


def position(name: str, *, seat: int, dealer: int, hand: str, trick: str = "", leader: int | None = None,
             undealt: str = "") -> mv.SeatView:
    """A seat's view built by hand at any table (hearts trump, nothing played before this
    trick); the legal cards from the engine's filter, told whose card wins."""
    rules = mv.compile_rules(mv.load_ruleset(name))
    cards, played = tuple(parse_cards(hand)), tuple(parse_cards(trick))
    leader = seat if leader is None else leader
    winning = None
    if played:
        from manille_variants.engine.tricks import trick_winner

        winning = rules.seat_after(leader, trick_winner(rules, played, mv.Suit.H))
    partner_wins = None if winning is None else winning in rules.partners(seat, dealer)
    legal = mv.explain_legal(rules, list(cards), list(played), mv.Suit.H, partner_wins=partner_wins).cards
    return mv.SeatView(
        seat=seat, rules=rules, phase="play", to_play=seat, dealer=dealer, hand=cards, looked=True,
        trump=mv.Suit.H, mode="trump", chooser=dealer, calls=(), trick=played, trick_leader=leader,
        winning_seat=winning, tricks=(), points=(0, 0), tricks_won=(0, 0), scores=(0, 0), pending_ties=0,
        legal=tuple(legal), undealt=tuple(parse_cards(undealt)),
    )


def choice(view: mv.SeatView) -> str:
    return str(HeuristicBot(1).act(view))


def test_at_six_seats_a_teammate_four_seats_back_is_fed_points() -> None:
    # Seat 2 (seat 0's teammate, with seat 4) leads the manille of clubs; seats 3, 4 and 5
    # follow; nobody after seat 0 is known void, so the trick is safe: seat 0 gives its king.
    view = position("belgian-six", seat=0, dealer=1, hand="KC 8C 7D", trick="10C 7C JC 9C", leader=2)
    assert choice(view) == "KC"


def test_at_six_seats_an_opponent_holding_the_trick_gets_the_cheapest_card() -> None:
    # The same cards led by seat 1 (an opponent): seat 0 cannot beat the manille and keeps the king.
    view = position("belgian-six", seat=0, dealer=1, hand="KC 8C 7D", trick="10C 7C JC 9C", leader=1)
    assert choice(view) == "8C"


def test_at_three_seats_a_defender_feeds_the_other_defender() -> None:
    # The dealer (seat 0) led, seat 1 took the lead with the manille; seat 2 plays last.
    view = position("belgian-three", seat=2, dealer=0, hand="KC 8C 7D QS JS 9S 8S 7S 9D AD", trick="7C 10C",
                    leader=0)
    assert choice(view) == "KC"


def test_at_three_seats_the_dealer_alone_feeds_nobody() -> None:
    # Seat 1 leads the manille, seat 2 follows low: for the dealer (seat 0) both are opponents.
    view = position("belgian-three", seat=0, dealer=0, hand="KC 8C 7D QS JS 9S 8S 7S 9D AD", trick="10C 7C",
                    leader=1)
    assert choice(view) == "8C"


def test_a_shown_undealt_card_makes_the_next_card_of_its_suit_a_master() -> None:
    # The manille of clubs lies undealt, face up: the ace is the master and is cashed; with
    # the manille unaccounted for the ace would be exposed, and a low card is led instead.
    hand = "AC 7D 8S 9S JD"
    assert choice(position("belgian-six", seat=0, dealer=1, hand=hand, undealt="10C 7H")) == "AC"
    assert choice(position("belgian-six", seat=0, dealer=1, hand=hand)) != "AC"


def test_at_two_seats_the_face_up_cards_are_played_from_the_hand() -> None:
    # belgian-two: the legal set holds the face-up cards (the view's hand does); over many
    # deals the heuristic plays a face-up card at some point, and only legal ones.
    rs = mv.load_ruleset("belgian-two")
    played_face_up = 0
    for seed in range(3):
        state = mv.new_deal(rs, seed, seed % 2)
        bots = [HeuristicBot(seed), HeuristicBot(seed + 1)]
        while not state.is_over:
            seat_view = state.view(state.to_play)
            action = bots[state.to_play].act(seat_view)
            assert action in seat_view.legal
            played_face_up += seat_view.face_up != () and action in seat_view.face_up[state.to_play]
            state = state.apply(action)
        assert state.result is not None
    assert played_face_up > 0


# ------------------------------------------------------------------ stronger than random
def _net(rs: mv.Ruleset, seed: int, heuristic_side: int) -> float:
    """The match points the heuristic's side gains over the random side in one deal (fixed
    teams), or at a dealer-alone table the credit of the heuristic seat over the random
    seats' mean credit (the heuristic in seat ``heuristic_side``)."""
    rules = mv.compile_rules(rs)
    seats, dealer = rules.seats, seed % rules.seats
    if rules.temporary_teams:
        bots: list[Bot] = [HeuristicBot(seed) if s == heuristic_side else RandomBot(seed * 7 + s) for s in range(seats)]
    else:
        bots = [HeuristicBot(seed * 7 + s) if rules.side(s, 0) == heuristic_side else RandomBot(seed * 7 + s)
                for s in range(seats)]
    final = play_deal(mv.new_deal(rs, seed, dealer), bots)
    assert final.result is not None
    if rules.temporary_teams:
        credits = seat_credits(rules, final.result, dealer)
        others = [c for s, c in enumerate(credits) if s != heuristic_side]
        return credits[heuristic_side] - sum(others) / len(others)
    score = final.result if rules.side(dealer, dealer) == 0 else final.result.swapped()
    gained = (score.team_a, score.team_b)
    return gained[heuristic_side] - gained[1 - heuristic_side]


def _interval(values: list[float]) -> tuple[float, float]:
    """The mean and three standard errors of it."""
    mean = sum(values) / len(values)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))
    return mean, 3 * sd / math.sqrt(len(values))


@pytest.mark.parametrize(("name", "deals"), [("belgian-six", 300), ("belgian-three", 200), ("belgian-two", 100)])
def test_the_heuristic_beats_the_random_bot_over_duplicate_deals(name: str, deals: int) -> None:
    # Each deal is played twice with the same cards, the heuristic on each side in turn (at
    # three seats in each seat in turn): the pair's sum leaves the luck of the cards out.
    rs = mv.load_ruleset(name)
    sides = range(mv.compile_rules(rs).seats) if mv.compile_rules(rs).temporary_teams else range(2)
    pairs = [sum(_net(rs, seed, side) for side in sides) for seed in range(deals)]
    mean, margin = _interval(pairs)
    assert mean - margin > 0, (mean, margin)


# ------------------------------------------------------------------ commands
def test_the_heuristic_is_the_default_bot_at_every_table_size() -> None:
    assert {default_bots([mv.load_ruleset(name)]) for name in [*SIZES, "belgian"]} == {"heuristic"}


@pytest.mark.parametrize("name", SIZES)
def test_simulate_plays_the_heuristic_by_default_at_every_size(name: str) -> None:
    result = runner.invoke(app, ["simulate", "-r", name, "-n", "60", "-j", "1", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["bots"] == "heuristic" and data["deals"] == 60
    assert data["rulesets"][0]["summary"]["net"]["n"] == 60


def test_simulate_with_the_heuristic_repeats_itself_at_six_seats() -> None:
    args = ["simulate", "-r", "belgian-six", "-n", "40", "--seed", "5", "-j", "1", "--json"]
    first, second = runner.invoke(app, args), runner.invoke(app, args)
    assert first.exit_code == 0 and first.output == second.output


def test_compare_same_size_rulesets_with_the_heuristic(tmp_path: Path) -> None:
    hidden = tmp_path / "belgian-six-hidden.yaml"
    hidden.write_text("name: belgian-six-hidden\nextends: belgian-six\ntable:\n  undealt: {shown: false}\n",
                      encoding="utf-8")
    result = runner.invoke(app, ["compare", "belgian-six", str(hidden), "-n", "60", "-j", "1", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["bots"] == "heuristic"
    assert [r["name"] for r in data["rulesets"]] == ["belgian-six", "belgian-six-hidden"]


# ------------------------------------------------------------------ four seats only
@pytest.mark.parametrize("bot", ["search", "ismcts"])
@pytest.mark.parametrize("name", SIZES)
def test_the_search_bots_refuse_other_tables_with_one_coded_message(bot: str, name: str) -> None:
    state = mv.new_deal(mv.load_ruleset(name), 1, 0)
    with pytest.raises(TableSizeError) as caught:
        make_bot(bot, 1).act(state.view(state.to_play))
    assert caught.value.message is not None and caught.value.message.code == FOUR_SEATS_ONLY
    assert caught.value.message.params["player"] == bot
    assert "the random and heuristic bots play every table size" in str(caught.value)


def test_the_four_seat_refusal_is_translated_and_in_the_docs() -> None:
    from babel.messages.pofile import read_po

    for lang in ("nl", "fr"):
        with (CATALOG / lang / "LC_MESSAGES" / "manille.po").open("rb") as po:
            catalog = read_po(po)
        entries = [m for m in catalog if m.context == FOUR_SEATS_ONLY]
        assert len(entries) == 1 and entries[0].string and "{player}" in entries[0].string
    for page in ("engine.md", "search.md"):
        text = (DOCS / page).read_text(encoding="utf-8")
        assert "plays the four-seat table only" in text
        assert "| random | heuristic | search | ismcts | solver | advise |" in text.replace("`", "")


def test_advise_refuses_other_tables_with_the_same_message() -> None:
    result = runner.invoke(app, ["advise", "-r", "belgian-six", "--hand", "10H AH KH QH JH"])
    assert result.exit_code == 1
    assert "advise plays the four-seat table only; belgian-six seats 6" in result.output


def test_play_in_the_terminal_seats_heuristic_bots_at_six_seats(tmp_path: Path) -> None:
    record = tmp_path / "six.json"
    result = runner.invoke(app, ["play", "-r", "belgian-six", "--seed", "2", "--record", str(record)], input="")
    assert result.exit_code == 0, result.output
    assert json.loads(record.read_text(encoding="utf-8"))["players"] == ["you", *["heuristic"] * 5]
