"""The IS-MCTS bot: legal, seeded and deterministic with an iteration budget, blind to the
cards it cannot see, its budgets checked, and the same choices in the core's simulations."""

from __future__ import annotations

import math
from functools import cache

import pytest
from strategies import BUNDLED as ALL_BUNDLED
from typer.testing import CliRunner

import manille_variants as mv
from manille_variants import search
from manille_variants.bots import BOTS, make_bot, make_bots
from manille_variants.cli import app
from manille_variants.engine.deal import DealState
from manille_variants.search import IsmctsBot
from manille_variants.search.bot import knowledge
from manille_variants.sim.runner import CORE_BOTS, Chunk, RulesetRun, play_one_deal, run_in_core


@cache
def _rules(name: str) -> mv.Ruleset:
    return mv.load_ruleset(name)


def _small(seed: int = 7) -> IsmctsBot:
    return IsmctsBot(seed, iterations=40)


def _first_lead(seed: int) -> DealState:
    state = mv.new_deal(_rules("table-convention"), seed, dealer=0)
    return state.apply(mv.parse_action("trump:H"))


@pytest.mark.parametrize("name", list(ALL_BUNDLED))
def test_ismcts_bot_plays_legal_actions_to_the_end(name: str) -> None:
    bots = [_small(1), make_bot("heuristic", 1), _small(3), make_bot("heuristic", 3)]
    state = mv.new_deal(_rules(name), 2, dealer=1, scores=(0, 80))
    while not state.is_over:
        view = state.view(state.to_play)
        action = bots[state.to_play].act(view)
        assert action in view.legal
        state = state.apply(action)
    assert state.result is not None


def test_ismcts_is_registered_by_name_and_played_by_the_core() -> None:
    assert search.IsmctsBot is IsmctsBot and IsmctsBot.name == "ismcts"
    assert BOTS["ismcts"] is CORE_BOTS["ismcts"]
    assert isinstance(make_bot("ismcts:iterations=5", 1), IsmctsBot)
    bots = make_bots("ismcts,random", seed=2)
    assert [b.name for b in bots] == ["ismcts", "random", "ismcts", "random"]
    assert "ismcts" in mv._core.sim_bots()


def test_the_same_seed_and_view_give_the_same_search() -> None:
    state = _first_lead(4)
    view = state.view(state.to_play)
    first = IsmctsBot(5, iterations=120).search(view)
    assert first == IsmctsBot(5, iterations=120).search(view)
    code, children, iterations = first
    assert iterations == 120 and sum(n for _, n, _ in children) == 120
    assert max(children, key=lambda c: (c[1], c[2]))[0] == code  # most visits, then best mean


def test_a_forced_move_is_played_without_a_search() -> None:
    state = _first_lead(1)
    while len(state.view(state.to_play).legal) > 1:
        state = state.apply(make_bot("heuristic", 0).act(state.view(state.to_play)))
    view = state.view(state.to_play)
    assert IsmctsBot(0, iterations=10**6).act(view) == view.legal[0]


def test_same_view_same_choice_whatever_the_hidden_hands() -> None:
    # Rule: a bot sees only its seat's view; hands it cannot see must not change its play.
    state = _first_lead(2)
    leader = state.to_play
    others = [s for s in range(4) if s != leader]
    hands = list(state.dealt_hands)
    hands[others[0]], hands[others[1]] = hands[others[1]], hands[others[0]]
    twin = mv.new_deal(state.rules, state.seed, dealer=state.dealer, hands=[[str(c) for c in h] for h in hands])
    for action in state.actions:
        twin = twin.apply(action)
    view, twin_view = state.view(leader), twin.view(leader)
    assert knowledge(view) == knowledge(twin_view)
    assert _small().search(view) == _small().search(twin_view)


def test_a_time_budget_runs_the_search_for_that_long() -> None:
    view = _first_lead(3).view(_first_lead(3).to_play)
    _, children, iterations = IsmctsBot(0, think_ms=20).search(view)
    assert iterations >= 8 and sum(n for _, n, _ in children) == iterations


@pytest.mark.parametrize("budget", [{"iterations": 0}, {"iterations": -5}, {"think_ms": 0}, {"think_ms": -1.5},
                                    {"think_ms": math.nan}, {"think_ms": math.inf}, {"iterations": "100"},
                                    {"iterations": True}, {"iterations": 2.5}, {"think_ms": 0.5}])
def test_a_budget_that_is_not_a_positive_number_is_refused(budget: dict[str, object]) -> None:
    with pytest.raises(ValueError, match=r"IsmctsBot: (iterations|think_ms) must be"):
        IsmctsBot(0, **budget)  # type: ignore[arg-type]


def test_other_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="not both"):
        IsmctsBot(0, iterations=10, think_ms=10)
    with pytest.raises(ValueError, match="rollout is 'heuristic' or 'random'"):
        IsmctsBot(0, rollout="smart")
    with pytest.raises(ValueError, match="exploration must be a number at least 0"):
        IsmctsBot(0, exploration=-1)
    assert IsmctsBot(0).iterations == search.ismcts.DEFAULT_ITERATIONS
    assert IsmctsBot(0, think_ms=5).iterations is None


def test_random_rollouts_play_legally_too() -> None:
    state = _first_lead(5)
    view = state.view(state.to_play)
    assert IsmctsBot(1, iterations=60, rollout="random").act(view) in view.legal


@pytest.mark.parametrize("name", ["table-convention", "belgian"])
def test_ismcts_deals_in_the_core_equal_the_python_loop(name: str) -> None:
    # The core's simulations play "ismcts" with the default budget and the heuristic's
    # settings for the rollouts, exactly as the Python class does.
    rules = mv.compile_rules(_rules(name))
    expected = RulesetRun()
    for index in range(2):
        play_one_deal(rules, index, 11, "ismcts,heuristic", False, expected)
    got = run_in_core(Chunk("deals", (rules.ruleset,), 0, 2, 11, "ismcts,heuristic"), rules)
    assert got is not None
    assert got.deals == expected.deals


def test_simulate_cli_plays_the_ismcts_bot() -> None:
    result = CliRunner().invoke(app, ["simulate", "-r", "table-convention", "-n", "4", "--bots", "ismcts"],
                                env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.stderr
    assert "table-convention: 4 deals, seed 1, bots ismcts" in result.stdout
