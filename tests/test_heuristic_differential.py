"""The heuristic bot in the core against the Python bot, decision by decision, for every
bundled ruleset and for random play settings (run before the Python card play was removed)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import BUNDLED, play_settings
from test_core_differential import rulesets

import manille_variants as mv
from manille_variants.bots import decisions
from manille_variants.bots.decisions import CLASSES, DecisionTable
from manille_variants.bots.heuristic import HeuristicBot, Thresholds, core_act
from manille_variants.engine.compiled import compile_rules
from manille_variants.engine.deal import new_deal
from manille_variants.engine.scoring import ScoreInputError
from manille_variants.ruleset.schema import PlayRules, Ruleset


def compare(rs: Ruleset, seed: int, bot: HeuristicBot, *, dealer: int, pending: int, scores: tuple[int, int]) -> int:
    state = new_deal(rs, seed, dealer, pending_ties=pending, scores=scores)
    n = 0
    rng = random.Random(seed)
    while not state.is_over:
        view = state.view(state.to_play)
        try:
            expected = bot.act(view)
        except ScoreInputError:  # the Python bot's factor crashed with a last-trick bonus
            expected = core_act(bot, view)
            assert expected in view.legal
        assert core_act(bot, view) == expected, (rs.name, seed, view)
        n += 1
        # now and then another legal action, to reach positions the bot would avoid
        state = state.apply(expected if rng.random() < 0.8 else rng.choice(view.legal))
    return n


@pytest.mark.parametrize("name", BUNDLED)
def test_same_choices_per_bundled_ruleset(name: str) -> None:
    rs = mv.load_ruleset(name)
    n = 0
    for seed in range(300):
        bot = HeuristicBot(seed) if seed % 3 else HeuristicBot(seed, Thresholds(blind_danger=0.2, blind_deficit=0.1))
        n += compare(rs, seed, bot, dealer=seed % 4, pending=seed % 3, scores=(seed * 37 % 100, seed * 53 % 100))
    assert n > 5000


@st.composite
def any_rulesets(draw: st.DrawFn) -> Ruleset:
    """Random settings of the core's rulesets, or random play settings of any bundled one."""
    if draw(st.booleans()):
        return draw(rulesets())
    rs = mv.load_ruleset(draw(st.sampled_from(BUNDLED)))
    data: dict[str, Any] = rs.model_dump(mode="python")
    data["play"] = PlayRules.model_validate(draw(play_settings)).model_dump()
    return Ruleset.model_validate(data)


@settings(max_examples=120, deadline=None)
@given(rs=any_rulesets(), seed=st.integers(0, 2**40), dealer=st.integers(0, 3), pending=st.integers(0, 3),
       behind=st.integers(-100, 100), rule_aware=st.booleans())
def test_same_choices_under_random_settings(rs: Ruleset, seed: int, dealer: int, pending: int, behind: int,
                                            rule_aware: bool) -> None:
    bot = HeuristicBot(0, rule_aware=rule_aware)
    if rule_aware:  # a made-up table: sparse classes take the fitted line
        rng = random.Random(seed)
        rows = tuple((rng.uniform(20, 120), rng.choice([0, 3, 11, 12, 40])) for _ in range(CLASSES))
        nt_rows = tuple((rng.uniform(0, 130), rng.choice([0, 0, 5, 12, 30])) for _ in range(CLASSES))
        decisions._memory[compile_rules(rs).content_hash] = DecisionTable("made-up", 1, 65.0, rows, nt_rows)
    scores = (max(0, behind), max(0, -behind))
    for k in range(3):
        compare(rs, seed + k, bot, dealer=dealer, pending=pending, scores=scores)
