"""Plug-ins for real: an obligation and a scoring component installed under the entry-point
group ``manille_variants.rules`` (a ``*.dist-info`` folder on a temporary sys.path entry),
named from a ruleset, playing and scoring; unknown names listed in a RulesetError.
"""

from __future__ import annotations

import random
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

import manille_variants as mv
from manille_variants.engine import compile_rules
from manille_variants.engine.actions import LOOK, PASS, trump_action
from manille_variants.ruleset import plugins
from manille_variants.ruleset.schema import Ruleset

MODULE = "mv_test_rule_plugins"

PLUGIN_SOURCE = '''
"""Test plug-ins for manille_variants."""


class NoTrumpLeadFirstTrick:
    """The first trick may not be led with a trump unless the leader holds nothing else."""

    kind = "obligation"

    def restrict(self, ctx, legal):
        if ctx.trick or ctx.tricks_played or ctx.trump is None:
            return legal, None
        plain = [c for c in legal if c.suit != ctx.trump]
        if not plain:
            return legal, None
        return plain, "no trump lead on the first trick while you hold another suit"


class HeartsDouble:
    """A deal with hearts as trump counts double."""

    kind = "scoring"

    def factor(self, ctx):
        return (2, "hearts trump x2") if ctx.trump == "H" else None


class Broken:
    def __init__(self):
        raise RuntimeError("cannot start")
'''

ENTRY_POINTS = f"""
[manille_variants.rules]
no-trump-lead-first-trick = {MODULE}:NoTrumpLeadFirstTrick
hearts-double = {MODULE}:HeartsDouble
broken-rule = {MODULE}:Broken
missing-module = {MODULE}_nowhere:Thing
"""


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A distribution with the two plug-ins, installed on a temporary sys.path entry."""
    (tmp_path / f"{MODULE}.py").write_text(textwrap.dedent(PLUGIN_SOURCE), encoding="utf-8")
    info = tmp_path / "mv_test_rule_plugins-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: mv-test-rule-plugins\nVersion: 1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(ENTRY_POINTS.lstrip(), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    sys.modules.pop(MODULE, None)


def with_rules(
    base: str, extra_rules: list[str] | None = None, adjustments: list[str] | None = None
) -> Ruleset:
    rs = mv.load_ruleset(base)
    update: dict[str, object] = {}
    if extra_rules is not None:
        update["play"] = rs.play.model_copy(update={"extra_rules": extra_rules})
    if adjustments is not None:
        update["scoring"] = rs.scoring.model_copy(update={"adjustments": adjustments})
    return rs.model_copy(update=update)


def test_entry_points_are_discovered(installed: Path) -> None:
    known = plugins.available_rules()
    assert {"no-trump-lead-first-trick", "hearts-double"} <= set(known)


def test_obligation_plugin_narrows_the_legal_cards(installed: Path) -> None:
    rs = with_rules("belgian", extra_rules=["no-trump-lead-first-trick"])
    verdict = mv.explain_legal(rs, "AS 7D", "", "S")
    assert [str(c) for c in verdict.cards] == ["7D"]
    assert verdict.clause == "no-trump-lead-first-trick"
    assert verdict.reason == "no trump lead on the first trick while you hold another suit"
    # Later tricks, only trumps in hand, or no-trump: the built-in answer stands.
    assert mv.explain_legal(rs, "AS 7D", "", "S", tricks_played=1).clause == "lead"
    assert mv.legal_cards(rs, "AS 7S", "", "S") == mv.parse_cards("AS 7S")
    assert mv.legal_cards(rs, "AS 7D", "", None) == mv.parse_cards("AS 7D")


def test_obligation_plugin_drives_a_whole_deal(installed: Path) -> None:
    rs = with_rules("belgian", extra_rules=["no-trump-lead-first-trick"])
    rng = random.Random(5)
    for seed in range(20):
        state = mv.new_deal(rs, seed, 0).apply(LOOK).apply(trump_action(mv.Suit.S))
        state = state.apply(PASS).apply(PASS)
        suits = {c.suit for c in state.hand(state.to_play)}
        if mv.Suit.S in suits and len(suits) > 1:
            assert all(isinstance(c, mv.Card) and c.suit != mv.Suit.S
                       for c in state.legal_actions())
            assert state.explain().startswith("no trump lead on the first trick")
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        assert len(state.tricks) == 8


def test_scoring_plugin_adds_a_named_factor(installed: Path) -> None:
    rs = with_rules("belgian", adjustments=["hearts-double"])
    score = mv.score_deal(rs, 38, 5, trump="H")
    assert (score.factor, score.team_a) == (2, 16)
    assert [(f.name, f.value, f.reason) for f in score.factors] == [
        ("hearts-double", 2, "hearts trump x2")
    ]
    assert mv.score_deal(rs, 38, 5, trump="S").factor == 1


def test_scoring_plugin_scores_a_played_deal(installed: Path) -> None:
    rs = with_rules("table-convention", adjustments=["hearts-double"])
    state = mv.new_deal(rs, 3, 0).apply(trump_action(mv.Suit.H))
    rng = random.Random(1)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.result is not None
    names = {f.name for f in state.result.factors}
    assert ("hearts-double" in names) != state.result.tied


def test_unknown_plugin_name_lists_the_known_ones(installed: Path) -> None:
    rs = with_rules("belgian", extra_rules=["no-such-rule"])
    with pytest.raises(mv.RulesetError) as info:
        compile_rules(rs)
    message = str(info.value)
    assert "play.extra_rules.0: unknown rule plug-in 'no-such-rule'" in message
    assert "hearts-double" in message and "no-trump-lead-first-trick" in message
    with pytest.raises(mv.RulesetError, match=r"scoring\.adjustments\.1: unknown rule plug-in"):
        mv.score_deal(with_rules("belgian", adjustments=["hearts-double", "nope"]), 38, 5)


def test_unknown_plugin_name_is_reported_when_the_deal_starts(installed: Path) -> None:
    with pytest.raises(mv.RulesetError, match="unknown rule plug-in 'nope'"):
        mv.new_deal(with_rules("belgian", extra_rules=["nope"]), 1, 0)


def test_plugin_of_the_wrong_kind_is_a_ruleset_error(installed: Path) -> None:
    with pytest.raises(mv.RulesetError, match="'hearts-double' is not an obligation rule"):
        compile_rules(with_rules("belgian", extra_rules=["hearts-double"]))
    with pytest.raises(mv.RulesetError, match="is not a scoring rule"):
        compile_rules(with_rules("belgian", adjustments=["no-trump-lead-first-trick"]))


def test_plugin_that_fails_to_load_is_a_ruleset_error(installed: Path) -> None:
    with pytest.raises(mv.RulesetError, match=r"'broken-rule' could not be loaded: RuntimeError"):
        compile_rules(with_rules("belgian", extra_rules=["broken-rule"]))
    with pytest.raises(mv.RulesetError, match="'missing-module' could not be loaded"):
        compile_rules(with_rules("belgian", extra_rules=["missing-module"]))


def test_without_plugins_installed_the_error_says_none_are(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(plugins, "available_rules", dict)
    with pytest.raises(mv.RulesetError, match="known: none installed"):
        compile_rules(with_rules("belgian", extra_rules=["anything"]))


class OnlyHighCards:
    """An obligation registered without an entry point."""

    def restrict(
        self, ctx: plugins.LegalContext, legal: list[mv.Card]
    ) -> tuple[list[mv.Card], str | None]:
        return [c for c in legal if c.rank >= mv.Rank.JACK], "high cards only"


def test_register_rule_without_entry_point(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(plugins._registered, "high-cards-only", OnlyHighCards())
    rs = with_rules("table-convention", extra_rules=["high-cards-only"])
    verdict = mv.explain_legal(rs, "AS 7D JC", "", "S")
    assert ([str(c) for c in verdict.cards], verdict.clause) == (["AS", "JC"], "high-cards-only")
    # A plug-in never empties the legal set: an empty answer is ignored.
    assert mv.legal_cards(rs, "7D 8C", "", "S") == mv.parse_cards("7D 8C")


def test_register_rule_is_the_public_way(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(plugins, "_registered", {})
    plugins.register_rule("high-cards-only", OnlyHighCards)
    assert isinstance(plugins.available_rules()["high-cards-only"], type)
    rs = with_rules("table-convention", extra_rules=["high-cards-only"])
    assert mv.legal_cards(rs, "AS 7D", "", "S") == mv.parse_cards("AS")


def test_unknown_plugin_in_a_file_is_reported_at_its_line(installed: Path, tmp_path: Path) -> None:
    path = tmp_path / "club.yaml"
    path.write_text("name: club\nextends: belgian\nplay:\n  extra_rules: [no-trump-lead-first-trick, nope]\n")
    with pytest.raises(mv.RulesetError) as info:
        mv.load_ruleset(path)
    (problem,) = info.value.problems
    assert (problem.line, problem.path) == (4, "play.extra_rules.1")
    assert str(problem).startswith(f"{path}:4:")
    assert "unknown rule plug-in 'nope'" in problem.message


def test_scoring_plugin_sees_the_turned_cards_suit_as_trump(installed: Path) -> None:
    # docs/rules.md#trump-by-the-turned-card: the turned card's suit is trump.
    rs = mv.load_ruleset("french-muette")
    rs = rs.model_copy(update={"scoring": rs.scoring.model_copy(update={"adjustments": ["hearts-double"]})})
    assert mv.score_deal(rs, 40, 6, turned="KH").factor == 2
    assert mv.score_deal(rs, 40, 6, turned="KS").factor == 1


def test_the_search_refuses_a_ruleset_with_plug_ins_as_a_user_error(monkeypatch: pytest.MonkeyPatch) -> None:
    # The solver plays the compiled core's rules: a Python plug-in is refused with a
    # SearchError (a ManilleError, so the CLI prints it and the web answers 400), not a crash.
    from manille_variants.errors import ManilleError, SearchError
    from manille_variants.search.advise import advise

    monkeypatch.setitem(plugins._registered, "high-cards-only", OnlyHighCards())
    rs = with_rules("table-convention", extra_rules=["high-cards-only"])
    with pytest.raises(SearchError, match="without Python plug-ins") as refused:
        advise(rs, mv.parse_cards("10H AH KH QH 10S AS 7C 8D"), samples=2)
    assert isinstance(refused.value, ManilleError) and isinstance(refused.value, ValueError)
    state = mv.new_deal(rs, 1, dealer=0).apply(trump_action(mv.Suit.H))
    assert state.phase == "play"
    with pytest.raises(SearchError, match="without Python plug-ins"):
        mv.solve(state)


def test_the_ismcts_bot_refuses_a_ruleset_with_plug_ins(monkeypatch: pytest.MonkeyPatch) -> None:
    # The IS-MCTS search plays the compiled core's rules, as the search bot does.
    from manille_variants.errors import SearchError
    from manille_variants.search import IsmctsBot

    monkeypatch.setitem(plugins._registered, "high-cards-only", OnlyHighCards())
    rs = with_rules("table-convention", extra_rules=["high-cards-only"])
    state = mv.new_deal(rs, 1, dealer=0).apply(trump_action(mv.Suit.H))
    with pytest.raises(SearchError, match=r"the IS-MCTS bot cannot play .*: it has Python plug-ins"):
        IsmctsBot(0, iterations=10).act(state.view(state.to_play))
