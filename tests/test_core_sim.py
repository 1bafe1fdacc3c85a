"""Simulation chunks played whole by the core: the same rows as the Python loop, so results
stay identical whatever runs them."""

from __future__ import annotations

import pytest
from core_helpers import core_bundled
from strategies import BUNDLED as ALL_BUNDLED

import manille_variants as mv
from manille_variants.sim.runner import Chunk, RulesetRun, play_one_deal, play_one_match, run_in_core

BUNDLED = core_bundled(ALL_BUNDLED)


@pytest.mark.parametrize("name", BUNDLED)
@pytest.mark.parametrize("master", [0, 12345, -7, 2**70 + 3])
def test_random_bot_deals_in_the_core_equal_the_python_loop(name: str, master: int) -> None:
    rules = mv.compile_rules(mv.load_ruleset(name))
    expected = RulesetRun()
    for index in range(100, 300):
        play_one_deal(rules, index, master, "random", False, expected)
    got = run_in_core(Chunk("deals", (rules.ruleset,), 100, 300, master, "random"), rules)
    assert got is not None
    assert got.deals == expected.deals


@pytest.mark.parametrize("name", BUNDLED)
def test_random_bot_matches_in_the_core_equal_the_python_loop(name: str) -> None:
    rules = mv.compile_rules(mv.load_ruleset(name))
    expected = RulesetRun()
    for index in range(4):
        play_one_match(rules, index, 99, "random", False, expected)
    got = run_in_core(Chunk("matches", (rules.ruleset,), 0, 4, 99, "random"), rules)
    assert got is not None
    assert got.matches == expected.matches
    assert got.deals == expected.deals


def test_the_core_leaves_other_bots_and_records_to_python() -> None:
    rules = mv.compile_rules(mv.load_ruleset("belgian"))
    assert run_in_core(Chunk("deals", (rules.ruleset,), 0, 5, 1, "search"), rules) is None
    assert run_in_core(Chunk("deals", (rules.ruleset,), 0, 5, 1, "random,search"), rules) is None
    assert run_in_core(Chunk("deals", (rules.ruleset,), 0, 5, 1, "random", records=True), rules) is None
