"""The compiled core's binding: errors as the package's classes, batch calls, and the settings
the core already reads as data before the schema has them (the other readings of
docs/rules.md)."""

from __future__ import annotations

import random
import re
import threading
from pathlib import Path
from typing import Any, NotRequired, get_origin, get_type_hints

import pytest

import manille_variants as mv
from manille_variants import _core
from manille_variants.cards import parse_cards
from manille_variants.engine.crossing import CallInput, RulesInput, action_code, code_action, rules_input, to_core
from manille_variants.engine.reference import new_deal as reference_deal
from manille_variants.errors import RulesetError


def mask(text: str) -> int:
    return sum(c.bit for c in parse_cards(text))


def codes(text: str) -> list[int]:
    return [c.index for c in parse_cards(text)]


def rules_with(**changes: Any) -> _core.CoreRules:
    data: dict[str, Any] = {**rules_input(mv.load_ruleset("table-convention")), **changes}
    return _core.CoreRules(data)


def test_an_illegal_card_raises_illegal_play_error() -> None:
    deal = _core.CoreDeal(to_core(mv.load_ruleset("table-convention")), 7, 0).apply_code(32)
    held = deal.hand_masks[deal.to_play]
    missing = next(i for i in range(32) if not held >> i & 1)
    with pytest.raises(mv.IllegalPlayError, match="is not in seat"):
        deal.apply_code(missing)


def test_a_decision_out_of_turn_names_the_options() -> None:
    deal = _core.CoreDeal(to_core(mv.load_ruleset("table-convention")), 7, 0)
    with pytest.raises(mv.IllegalPlayError, match=r"pass is not possible now \(trump phase, seat 0 to act: "
                       r"trump:S, trump:H, trump:D, trump:C, no-trump\)"):
        deal.apply_code(40)


def test_throw_in_refused_where_the_ruleset_has_none() -> None:
    deal = _core.CoreDeal(to_core(mv.load_ruleset("french-coinchee")), 7, 0)
    with pytest.raises(mv.IllegalPlayError, match="no early-look throw-in"):
        deal.apply_code(41)


def test_rules_the_core_cannot_play_raise_ruleset_error() -> None:
    with pytest.raises(RulesetError, match="packets"):
        rules_with(packets=[3, 3])


def test_malformed_rules_data_raises_a_readable_error() -> None:
    with pytest.raises(ValueError, match="undertrump must be one of"):
        rules_with(undertrump="sometimes")
    with pytest.raises(TypeError, match=r"RulesInput\.step"):
        rules_with(step="left")
    with pytest.raises(TypeError, match=r"RulesInput\.strength"):
        rules_with(strength=[0] * 31)
    with pytest.raises(ValueError, match=r"calls\.by must be one of opponents, contract-side, anyone"):
        rules_with(calls=[{"name": "x", "by": "dealer", "factor": 2, "modes": ["trump"]}])


def test_bad_arguments_raise_instead_of_crashing() -> None:
    core = to_core(mv.load_ruleset("belgian"))
    with pytest.raises(ValueError, match="dealer must be a seat"):
        _core.CoreDeal(core, 1, 9)
    with pytest.raises(ValueError):
        _core.legal_mask(core, 0xFF, [1, 2, 3, 4], 0)
    with pytest.raises(ValueError):
        _core.CoreDeal.from_hands(core, [0xFF, 0xFF00, 0xFF0000, 0xFF0000])
    hands = [0xFF, 0xFF00, 0xFF0000, 0xFF000000]
    with pytest.raises(ValueError, match="turned card exactly when"):
        _core.CoreDeal.from_hands(core, hands, 0, turned=3)  # the Belgian dealer names trump
    with pytest.raises(ValueError, match="turned card exactly when"):
        _core.CoreDeal.from_hands(to_core(mv.load_ruleset("french-parlee")), hands, 0)
    assert _core.CoreDeal.from_hands(to_core(mv.load_ruleset("french-parlee")), hands, 0, turned=3).trump_code == 0


def test_action_codes_map_to_the_python_actions() -> None:
    rs = mv.load_ruleset("belgian")
    core = to_core(rs)
    for code in range(44):
        assert str(code_action(rs, code)) == core.action_text(code)


def test_random_deals_are_seeded_and_run_in_threads() -> None:
    core = to_core(mv.load_ruleset("belgian"))
    seeds = list(range(2000))
    alone = _core.random_deals(core, seeds, 5)
    assert all(a == 0 or b == 0 for a, b in alone)
    results: list[list[tuple[int, int]]] = []
    threads = [threading.Thread(target=lambda: results.append(_core.random_deals(core, seeds, 5))) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [alone, alone]


def test_random_matches_end() -> None:
    core = to_core(mv.load_ruleset("belgian"))
    for winner, games, _scores, deals in _core.random_matches(core, [1, 2, 3], [0, 1, 2], 3):
        assert winner in (0, 1) and games[winner] == 2 and deals > 0


# --- readings the core reads as data before the schema has them (docs/rules.md) -------------

def test_beat_opponent_on_plain_leads_only() -> None:
    core = rules_with(beat_opponent="plain-lead")
    assert _core.legal_mask(core, mask("7S AS"), codes("JS"), 0) == mask("7S AS")
    assert _core.legal_mask(core, mask("7S AS"), codes("JS"), 1) == mask("AS")


def test_beat_opponent_on_trump_leads_only() -> None:
    core = rules_with(beat_opponent="trump-lead")
    assert _core.legal_mask(core, mask("7S AS"), codes("JS"), 0) == mask("AS")
    assert _core.legal_mask(core, mask("7S AS"), codes("JS"), 1) == mask("7S AS")
    assert _core.legal_mask(core, mask("7S AS"), codes("JS"), None) == mask("AS")


def test_beat_partner_at_no_trump() -> None:
    core = rules_with(beat_partner_at_no_trump=True)
    # The partner led J hearts, an opponent followed 7 hearts: the partner's card wins.
    assert _core.legal_mask(core, mask("8H AH"), codes("JH 7H"), None) == mask("AH")
    assert _core.legal_mask(core, mask("8H AH"), codes("JH 7H"), 0) == mask("8H AH")


@pytest.mark.parametrize(
    ("setting", "expected"),
    [("same", "8D"), ("allowed", "7S 8D"), ("forbidden", "8D"), ("forbidden-if-can-overtrump", "7S 8D")],
)
def test_undertrump_partner(setting: str, expected: str) -> None:
    core = rules_with(undertrump_partner=setting)
    # Hearts led by the partner's opponent, the partner trumped with 10S... then an opponent
    # played 8H: the partner's 10S wins; holding 7S (lower) and 8D.
    assert _core.legal_mask(core, mask("7S 8D"), codes("QH 10S 8H"), 0) == mask(expected)


@pytest.mark.parametrize("take_up", ["before-first-trick", "after-first-card", "after-first-trick"])
def test_the_turned_card_is_trump_and_waits_to_be_taken_up(take_up: str) -> None:
    core = rules_with(trump_source="turned", take_up=take_up, turned_bonus="honour",
                      no_trump_allowed=False, leader_offset=0)  # the dealer leads trick 1
    deal = _core.CoreDeal(core, 11, 1)
    turned = deal.turned
    assert turned >= 0 and deal.phase == "play" and deal.trump_code == turned >> 3
    assert deal.dealt_masks[1] >> turned & 1
    playable = deal.legal_mask() >> turned & 1
    assert playable == (take_up == "before-first-trick")
    while not deal.is_over:
        deal = deal.apply_code(deal.legal_codes()[0])
    result = deal.result_data()
    assert result is not None
    assert result["turned_bonus"] == [0, 0, 0, 5, 1, 2, 3, 4][turned & 7]


@pytest.mark.parametrize(("bonus", "ten", "king"), [("none", 0, 0), ("ten", 5, 0), ("honour", 5, 3)])
def test_the_turned_card_bonus_goes_to_the_dealers_side(bonus: str, ten: int, king: int) -> None:
    core = rules_with(trump_source="turned", turned_bonus=bonus, no_trump_allowed=False)
    for card, expected in ((3, ten), (6, king)):  # 10S, KS
        lost = _core.score_deal(core, 10, 1, "trump", 0, 0, False, card)
        assert lost["turned_bonus"] == expected
        assert lost["team_a"] == expected and lost["team_b"] > 0


def test_one_deal_class_answers_in_the_packages_objects_and_in_codes() -> None:
    rs = mv.load_ruleset("belgian")
    core = to_core(rs)
    state = reference_deal(rs, 21, 2)
    deal = _core.CoreDeal(core, 21, 2)
    rng = random.Random(4)
    while not state.is_over:
        assert deal.legal_actions() == state.legal_actions()
        assert list(deal.legal_codes()) == [action_code(rs, a) for a in state.legal_actions()]
        action = rng.choice(state.legal_actions())
        by_object, by_code = deal.apply(action), deal.apply_code(action_code(rs, action))
        assert by_object == by_code and by_object.hand_masks == by_code.hand_masks
        state, deal = state.apply(action), by_object
    assert deal.result is not None and deal.match_points() == (deal.result.team_a, deal.result.team_b)
    with pytest.raises(mv.IllegalPlayError, match=r"^the deal is over$"):
        deal.apply("10H")
    with pytest.raises(mv.IllegalPlayError, match=r"^10H is not possible now \(blind phase"):
        _core.CoreDeal(core, 21, 2).apply("10H")


def test_a_deal_of_rules_without_objects_is_driven_by_codes_alone() -> None:
    deal = _core.CoreDeal(rules_with(), 7, 0)
    assert deal == deal and deal != _core.CoreDeal(rules_with(), 7, 0)  # itself, nothing else
    assert repr(deal) == "<CoreDeal dealer=0 phase=trump to_play=0>" and hash(deal) == hash(deal)
    with pytest.raises(ValueError, match="without their Python objects"):
        deal.legal_actions()
    assert deal.apply_code(deal.legal_codes()[0]).phase == "play"


@pytest.mark.parametrize("name", ["belgian", "french-coinchee"])
def test_every_code_is_either_applied_or_refused(name: str) -> None:
    core = to_core(mv.load_ruleset(name))
    rng = random.Random(name)
    for seed in range(20):
        deal = _core.CoreDeal(core, seed, seed % 4)
        while True:
            legal = set(deal.legal_codes())
            for code in range(256):
                try:
                    deal.apply_code(code)
                except mv.IllegalPlayError:
                    assert code not in legal
                else:
                    assert code in legal or code == 41  # the throw-in is never listed
            if deal.is_over:
                break
            deal = deal.apply_code(rng.choice(deal.legal_codes()))


def _rust_fields(struct: str) -> dict[str, bool]:
    """field -> whether it has a default, of a ``#[derive(FromPyObject)]`` struct of the core's
    crossing (core/python/src/crossing.rs)."""
    source = (Path(__file__).parents[1] / "core" / "python" / "src" / "crossing.rs").read_text(encoding="utf-8")
    body = source.split(f"pub(crate) struct {struct} {{", 1)[1].split("\n}", 1)[0]
    fields: dict[str, bool] = {}
    default = False
    for line in body.splitlines():
        line = line.strip()
        if line.startswith("#[pyo3(default"):
            default = True
        elif ":" in line and not line.startswith("//"):
            fields[line.split(":")[0].strip()] = default
            default = False
    return fields


@pytest.mark.parametrize(("typed", "struct"), [(RulesInput, "RulesInput"), (CallInput, "CallInput")])
def test_the_typed_crossing_declares_the_same_fields_on_both_sides(typed: Any, struct: str) -> None:
    rust = _rust_fields(struct)
    hints = get_type_hints(typed, include_extras=True)
    assert set(hints) == set(rust)
    # What Python may leave out is what the core has a default for.
    optional = {k for k, hint in hints.items() if get_origin(hint) is NotRequired}
    assert {k for k, has_default in rust.items() if has_default} == optional


@pytest.mark.parametrize("name", ["belgian", "french-parlee", "table-convention"])
def test_core_rules_write_every_required_key_of_the_crossing(name: str) -> None:
    data = rules_input(mv.load_ruleset(name))
    hints = get_type_hints(RulesInput, include_extras=True)
    assert {k for k, hint in hints.items() if get_origin(hint) is not NotRequired} <= set(data)
    assert set(data) <= set(hints)


def test_every_call_the_core_makes_into_python_is_declared_in_callbacks() -> None:
    from manille_variants.engine import callbacks

    sources = (Path(__file__).parents[1] / "core" / "python" / "src").glob("*.rs")
    called = {name for path in sources
              for name in re.findall(r'helper\([^,()]*(?:\(\))?, "(\w+)"\)', path.read_text(encoding="utf-8"))}
    assert called and called <= set(callbacks.__all__), sorted(called - set(callbacks.__all__))
    assert all(callable(getattr(callbacks, name)) for name in called)


def test_each_callback_of_the_core_answers() -> None:
    rs = mv.load_ruleset("belgian")
    state = mv.new_deal(rs, seed=3)
    assert type(state).__name__ == "CoreDeal"
    other = mv.new_deal(rs, seed=3)
    assert state == other and hash(state) == hash(other)  # equal, key
    assert repr(state) == "<DealState belgian seed=3 dealer=0 phase=blind to_play=0>"  # describe
    assert state.explain() == "blind: seat 0 chooses one of look, blind"  # explain
    assert state.view(state.to_play).seat == state.to_play  # view
    with pytest.raises(mv.IllegalPlayError, match="look is not possible now"):  # illegal
        state.apply(state.legal_actions()[0]).apply(state.legal_actions()[0])
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    assert state.result is not None and state.result.totals  # score or thrown
