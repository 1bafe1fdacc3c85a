"""One compiled form of a ruleset: a frozen :class:`Rules` holding every setting the engine
reads, and one engine-side object holding what the engine builds from it."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

import manille_variants as mv
from manille_variants.engine import Rules, compile_rules
from manille_variants.engine.compiled import CompiledRules, compiled
from manille_variants.ruleset.schema import Ruleset

ENGINE = Path(mv.__file__).resolve().parent / "engine"


def changed(rs: Ruleset, section: str, **settings: object) -> Ruleset:
    model = getattr(rs, section)
    return rs.model_copy(update={section: model.model_copy(update=settings)})


def test_rules_is_frozen_and_holds_no_cache() -> None:
    rules = compile_rules(mv.load_ruleset("belgian"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.cap = 1  # type: ignore[misc]
    mutable = [f.name for f in dataclasses.fields(rules) if isinstance(getattr(rules, f.name), (dict, list, set))]
    assert mutable == []


def test_one_compile_step_serves_the_ruleset_its_rules_and_an_equal_copy() -> None:
    rs = mv.load_ruleset("french-coinchee")
    engine = compiled(rs)
    assert isinstance(engine, CompiledRules)
    assert engine.rules is compile_rules(rs)
    assert compiled(engine.rules) is engine
    assert compiled(rs.model_copy(deep=True)) is engine
    assert compile_rules(engine.rules) is engine.rules


def test_rules_built_elsewhere_get_their_own_tables() -> None:
    rules = dataclasses.replace(compile_rules(mv.load_ruleset("belgian")), undertrump="allowed")
    engine = compiled(rules)
    assert engine.rules is rules and compiled(rules) is engine


def test_scoring_and_match_settings_reach_rules() -> None:
    rs = mv.load_ruleset("table-convention")
    assert compile_rules(changed(rs, "scoring", cap=3, combine="add")).cap == 3
    assert compile_rules(changed(rs, "scoring", combine="add")).combine == "add"
    tie = rs.scoring.tie.model_copy(update={"factor": 3, "stacking": "per-tie"})
    assert compile_rules(changed(rs, "scoring", tie=tie)).pending_factor(2) == 9
    sweep = rs.scoring.sweep.model_copy(update={"factor": 5})
    assert compile_rules(changed(rs, "scoring", sweep=sweep)).sweep_factor == 5
    rules = compile_rules(changed(rs, "match", target=51, best_of=3))
    assert (rules.target, rules.best_of, rules.games_needed) == (51, 3, 2)
    assert compile_rules(changed(rs, "dealing", first_dealer=2)).first_dealer == 2


def test_a_changed_setting_changes_the_score() -> None:
    rs = mv.load_ruleset("table-convention")
    capped = changed(rs, "scoring", cap=2)
    assert mv.score_deal(rs, 38, 5, mode="no-trump", pending_ties=1).factor == 4
    assert mv.score_deal(capped, 38, 5, mode="no-trump", pending_ties=1).factor == 2


@pytest.mark.parametrize("path", sorted(ENGINE.glob("*.py")), ids=lambda p: p.name)
def test_the_engine_reads_settings_from_rules_not_from_the_ruleset_document(path: Path) -> None:
    if path.name == "rules.py":  # where Rules is built from the document
        return
    sections = {"dealing", "trump", "play", "scoring", "match"}
    reads = [
        ast.unparse(node)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute) and node.attr in sections
        and isinstance(node.value, ast.Attribute) and node.value.attr == "ruleset"
    ]
    assert reads == []


def test_rules_is_what_seats_and_states_carry() -> None:
    state = mv.new_deal(mv.load_ruleset("belgian"), seed=3)
    assert isinstance(state.rules, Rules)
    assert state.view(0).rules is state.rules
