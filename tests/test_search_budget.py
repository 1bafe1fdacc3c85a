"""The search bot's budgets and options: worlds (deterministic) or think_ms (anytime), the
registry's bot options, the CLI's --think-ms, advice and the bot naming the same choice, and
the example hand of the strength issue."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import manille_variants as mv
from manille_variants.bots.registry import make_bot, make_bots, parse_seat, search_bot, search_model, with_think_ms
from manille_variants.cards import parse_cards
from manille_variants.cli import app
from manille_variants.engine.actions import trump_action
from manille_variants.errors import BotOptionError, SearchError
from manille_variants.search.advise import advise
from manille_variants.search.bot import SearchBot

runner = CliRunner()
# The dealer's hand of the issue: the search ranks clubs first, the heuristic's estimate
# rates spades and clubs alike (3.75 tricks each).
EXAMPLE = "9S JS AS 9H AD 10C QC AC"


def _dealer_view(ruleset: str, hand: str) -> mv.SeatView:
    cards = [str(c) for c in parse_cards(hand)]
    rest = [str(c) for c in mv.DECK if str(c) not in cards]
    state = mv.new_deal(mv.load_ruleset(ruleset), 1, dealer=0, hands=[cards, rest[0:8], rest[8:16], rest[16:24]])
    while state.phase == "blind":
        state = state.apply(mv.parse_action("look"))
    return state.view(0)


def _first_lead_view() -> mv.SeatView:
    """The first lead of a table-convention deal (the heuristic's decisions before it)."""
    state = mv.new_deal(mv.load_ruleset("table-convention"), 3, dealer=0)
    bots = make_bots("heuristic", seed=1)
    while state.phase != "play":
        state = state.apply(bots[state.to_play].act(state.view(state.to_play)))
    return state.view(state.to_play)


def test_the_search_bot_as_dealer_names_clubs_for_the_example_hand() -> None:
    view = _dealer_view("table-convention", EXAMPLE)
    from manille_variants.cards import Suit

    assert search_bot(1, worlds=24).act(view) == trump_action(Suit.C)


@pytest.mark.parametrize("ruleset", ["table-convention", "belgian", "french-coinchee"])
@pytest.mark.parametrize("seed", [1, 5])
def test_advice_and_the_bot_name_the_same_choice_at_the_same_budget(ruleset: str, seed: int) -> None:
    for hand in (EXAMPLE, "10H AH KH QH 10S AS 7C 8D"):
        view = _dealer_view(ruleset, hand)
        advice = advise(mv.load_ruleset(ruleset), parse_cards(hand), samples=6, seed=seed, model=search_model)
        assert str(search_bot(seed, worlds=6).act(view)) == advice.best


def test_a_budget_of_worlds_is_deterministic_and_a_time_budget_gives_a_legal_action() -> None:
    rs = mv.load_ruleset("belgian")
    state = mv.new_deal(rs, 4, dealer=1)
    while not state.is_over:
        view = state.view(state.to_play)
        chosen = search_bot(3, worlds=2).act(view)
        assert chosen == search_bot(3, worlds=2).act(view)
        assert search_bot(3, think_ms=2).act(view) in view.legal
        state = state.apply(chosen)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"worlds": 0}, "worlds must be a positive whole number"),
    ({"worlds": 2.5}, "worlds must be a positive whole number"),
    ({"think_ms": 0}, "think_ms must be a positive number"),
    ({"think_ms": float("nan")}, "think_ms must be a positive number"),
    ({"worlds": 4, "think_ms": 10}, "not both"),
])
def test_a_budget_that_is_not_a_positive_number_is_refused(kwargs: dict[str, float], message: str) -> None:
    with pytest.raises(SearchError, match=message):
        SearchBot(1, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("loss", [-1, float("nan"), float("inf"), True, "0.5"])
def test_a_loss_that_is_not_a_number_of_zero_or_more_is_refused(loss: object) -> None:
    with pytest.raises(SearchError, match="loss must be a number of match points, 0 or more"):
        SearchBot(1, loss=loss)  # type: ignore[arg-type]


def test_a_loss_stops_a_close_decision_before_play_sooner() -> None:
    # The dealer's choice of the example hand: with no loss (0) the search draws worlds until a
    # suit leads by z standard errors or the budget is spent; with a loss of a few match points
    # it stops once the suits left are that close, on no fewer than 8 worlds.
    view = _dealer_view("table-convention", EXAMPLE)
    _, off = search_bot(1, worlds=24, loss=0).choose(view)
    _, cheap = search_bot(1, worlds=24, loss=5).choose(view)
    worlds = max(n for _, _, _, n in off)
    cheap_worlds = max(n for _, _, _, n in cheap)
    assert 8 <= cheap_worlds < worlds


def test_the_defaults_are_tolerances_of_eight_and_twenty_points_and_a_card_loss_of_one() -> None:
    # docs/search.md: the defaults chosen for speed at no strength measured.
    view = _dealer_view("table-convention", EXAMPLE)
    chosen = search_bot(1).choose(view)
    assert chosen == search_bot(1, loss=0, card_loss=1, tolerance=8, call_tolerance=20).choose(view)
    assert chosen != search_bot(1, tolerance=0).choose(view)  # the estimates move with the tolerance
    assert chosen[0] == search_bot(1, tolerance=0).choose(view)[0]  # the choice does not


def test_a_card_loss_stops_a_close_card_sooner() -> None:
    view = _first_lead_view()
    _, off = search_bot(1, worlds=24, card_loss=0).choose(view)
    _, cheap = search_bot(1, worlds=24, card_loss=50).choose(view)
    assert max(n for _, _, _, n in cheap) < max(n for _, _, _, n in off)


@pytest.mark.parametrize("loss", [-1, float("nan"), True])
def test_a_card_loss_that_is_not_a_number_of_zero_or_more_is_refused(loss: object) -> None:
    with pytest.raises(SearchError, match="card_loss must be a number of match points, 0 or more"):
        SearchBot(1, card_loss=loss)  # type: ignore[arg-type]


@pytest.mark.parametrize("tolerance", [-1, 1.5, True, "3"])
def test_a_tolerance_that_is_not_a_whole_number_of_zero_or_more_is_refused(tolerance: object) -> None:
    with pytest.raises(SearchError, match="tolerance must be a whole number of points, 0 or more"):
        SearchBot(1, tolerance=tolerance)  # type: ignore[arg-type]
    with pytest.raises(SearchError, match="call_tolerance must be a whole number of points, 0 or more"):
        SearchBot(1, call_tolerance=tolerance)  # type: ignore[arg-type]


def test_bot_options_are_read_from_the_spec() -> None:
    assert parse_seat("search:worlds=48:z=3") == ("search", {"worlds": 48, "z": 3.0})
    assert parse_seat("search:loss=0.5") == ("search", {"loss": 0.5})
    loss_bot = make_bot("search:loss=0.5", 2)
    assert isinstance(loss_bot, SearchBot) and loss_bot.loss == 0.5
    exact = make_bot("search:tolerance=0:call_tolerance=4", 2)
    assert isinstance(exact, SearchBot) and (exact.tolerance, exact.call_tolerance) == (0, 4)
    bot = make_bot("search:think_ms=40", 2)
    assert isinstance(bot, SearchBot) and bot.think_ms == 40.0 and bot.worlds is None
    assert with_think_ms("search:worlds=4,heuristic", 25) == "search:think_ms=25,heuristic"
    with pytest.raises(BotOptionError, match="has no option"):
        make_bot("search:depth=3")
    with pytest.raises(BotOptionError, match="has no option"):
        make_bot("heuristic:worlds=3")
    with pytest.raises(BotOptionError, match="must be a positive"):
        make_bot("search:worlds=-2")
    with pytest.raises(BotOptionError, match="time budget"):
        make_bots("heuristic,random", think_ms=10)


@pytest.mark.parametrize(("args", "message"), [
    (["--bots", "search", "--think-ms", "0"], "think_ms must be a positive number"),
    (["--bots", "search", "--think-ms", "-5"], "think_ms must be a positive number"),
    (["--bots", "heuristic", "--think-ms", "10"], "a time budget (think_ms) needs a bot that takes one"),
    (["--bots", "search:foo=1"], "bot 'search' has no option 'foo=1'"),
    (["--bots", "search:worlds=0"], "worlds must be a positive whole number"),
    (["--bots", "search:loss=-1"], "loss must be a number of match points, 0 or more"),
    (["--bots", "search:tolerance=-1"], "tolerance must be a whole number of points, 0 or more"),
    (["--bots", "search:call_tolerance=x"], "call_tolerance must be a number"),
])
def test_the_cli_refuses_bad_bot_options_as_bad_usage(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["simulate", "-r", "table-convention", "-n", "2", *args])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_simulate_and_compare_take_a_search_budget() -> None:
    result = runner.invoke(app, ["simulate", "-r", "table-convention", "-n", "2", "--bots",
                                 "search:worlds=1,heuristic", "--json", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["bots"] == "search:worlds=1,heuristic"
    result = runner.invoke(app, ["compare", "table-convention", "belgian", "-n", "2", "--matches", "0",
                                 "--bots", "search", "--think-ms", "1", "--json", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["bots"] == "search:think_ms=1"


def test_progress_goes_to_standard_error_in_lines_when_not_a_terminal(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from manille_variants.cli import sim_cmds

    clock = iter(float(t) for t in range(1000))
    monkeypatch.setattr("manille_variants.cli.sim_cmds.time.monotonic", lambda: next(clock))
    with sim_cmds._progress_lines(100, "compare") as advance:
        assert advance is not None
        for _ in range(100):
            advance(1)
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert captured.out == ""
    assert len(lines) == 20
    assert lines[0].startswith("compare: 5 of 100 (5%)")
    assert lines[-1].startswith("compare: 100 of 100 (100%)")
