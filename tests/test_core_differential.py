"""The compiled core against the reference engine (``engine/reference.py``, the oracle): the
same deals, legal actions, results and matches, for every bundled ruleset and for random
settings."""

from __future__ import annotations

import hashlib
import itertools
import json
import random
from pathlib import Path
from typing import Any

import pytest
from core_helpers import core_bundled, core_result, playout_both, python_result
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import BUNDLED as ALL_BUNDLED
from strategies import play_settings

import manille_variants as mv
from manille_variants import _core
from manille_variants.cards import DECK, SUITS
from manille_variants.engine.crossing import action_code, rules_input, to_core
from manille_variants.engine.legality import python_legal_cards
from manille_variants.engine.match import Match, deal_seed
from manille_variants.engine.reference import new_deal as reference_deal
from manille_variants.engine.reference import shuffled_deck
from manille_variants.engine.scoring import core_breakdown
from manille_variants.ruleset.schema import PlayRules, Ruleset

SEEDS_PER_RULESET = 1000

BUNDLED = core_bundled(ALL_BUNDLED)


@pytest.mark.parametrize("name", BUNDLED)
def test_same_deals_legal_actions_and_results_per_bundled_ruleset(name: str) -> None:
    rs = mv.load_ruleset(name)
    rng = random.Random(name)
    for seed in range(SEEDS_PER_RULESET):
        playout_both(rs, seed, seed % 4, rng, pending_ties=seed % 3, throw_in=0.05)


@pytest.mark.parametrize("seed", [0, 1, 7, -3, 2**40, 10**30, -(2**70)])
def test_same_shuffle_and_cut(seed: int) -> None:
    order, cut = shuffled_deck(seed)
    core_order, core_cut = _core.shuffle(seed)
    assert (list(core_order), core_cut) == (order, cut)


@st.composite
def rulesets(draw: st.DrawFn) -> Ruleset:
    """A bundled ruleset with random play obligations, dealing, trump choice and scoring."""
    rs = mv.load_ruleset(draw(st.sampled_from(BUNDLED)))
    data: dict[str, Any] = rs.model_dump(mode="python")
    data["play"] = PlayRules.model_validate(draw(play_settings)).model_dump()
    direction = draw(st.sampled_from(["clockwise", "counter-clockwise"]))
    data["dealing"].update(
        direction=direction,
        packets=draw(st.sampled_from([[3, 2, 3], [4, 4], [2, 2, 2, 2], [8], [1, 7]])),
        cutter=draw(st.sampled_from(["right", "left"])),
        first_leader=draw(st.sampled_from(["after-dealer", "dealer", "before-dealer"])),
        next_dealer=draw(st.sampled_from(["after-dealer", "before-dealer"])),
        early_look_throws_in=draw(st.booleans()),
    )
    data["trump"].update(
        delegation=draw(st.booleans()),
        no_trump={"allowed": draw(st.booleans()), "factor": draw(st.integers(1, 4))},
        blind_no_trump={
            "allowed": draw(st.booleans()),
            "factor": draw(st.integers(1, 8)),
            "only_when_behind_by": draw(st.none() | st.integers(1, 40)),
        },
    )
    data["scoring"].update(
        trick_points=draw(st.integers(0, 2)),
        last_trick_bonus=draw(st.sampled_from([0, 0, 10])),
        tie={
            "carry": draw(st.sampled_from(["next-deal", "none"])),
            "factor": draw(st.integers(1, 3)),
            "stacking": draw(st.sampled_from(["single", "per-tie"])),
        },
        sweep={
            "factor": draw(st.integers(1, 3)),
            "definition": draw(st.sampled_from(["all-tricks", "all-card-points"])),
        },
        combine=draw(st.sampled_from(["multiply", "add"])),
        cap=draw(st.none() | st.integers(1, 8)),
    )
    if draw(st.booleans()):
        data["calls"] = []
    data["trump"]["turned_card"] = None
    if draw(st.integers(0, 3)) == 0:  # trump by the turned card (nobody chooses trump)
        data["trump"].update(
            turned_card={"take_up": draw(st.sampled_from(["before-first-trick", "after-first-card",
                                                          "after-first-trick"])),
                         "bonus": draw(st.sampled_from(["none", "ten", "honour"]))},
            delegation=False,
            no_trump={"allowed": False, "factor": 1},
            blind_no_trump={"allowed": False, "factor": 1, "only_when_behind_by": None},
        )
        if draw(st.booleans()):  # a 9 and a 7 worth points: no bonus for them, honours only
            data["scoring"]["card_values"] = {"7": 1, "8": 0, "9": 2, "10": 5, "J": 1, "Q": 2, "K": 3, "A": 4}
    return Ruleset.model_validate(data)


@settings(max_examples=150, deadline=None)
@given(rs=rulesets(), seed=st.integers(-(2**63), 2**63), dealer=st.integers(0, 3),
       pending=st.integers(0, 3), behind=st.integers(-60, 60))
def test_same_playouts_under_random_settings(rs: Ruleset, seed: int, dealer: int, pending: int, behind: int) -> None:
    rng = random.Random(seed)
    scores = (max(0, behind), max(0, -behind))
    for k in range(3):
        playout_both(rs, seed + k, dealer, rng, pending_ties=pending, scores=scores, throw_in=0.05)


@pytest.mark.parametrize("name", [*BUNDLED, "belgian-six", "belgian-three", "split", "zero-sum"])
def test_same_matches(name: str, tmp_path: Path) -> None:
    # Every bundled ruleset the core plays, and belgian-three with its other credits: the
    # dealer alone, each player's score credited per table.credit.
    if name in ("split", "zero-sum"):
        path = tmp_path / f"three-{name}.yaml"
        path.write_text(f"name: three-{name}\nextends: belgian-three\ntable:\n  credit: {name}\n", encoding="utf-8")
        name = str(path)
    rs = mv.load_ruleset(name)
    core = to_core(rs)
    for seed in range(3):
        rng = random.Random(seed)
        match = Match(rs, seed=seed)
        assert match.first_dealer is not None
        cm = _core.CoreMatch(core, seed, match.first_dealer)
        while not match.is_over:
            assert (cm.dealer, cm.scores, cm.pending_ties, cm.games, cm.game) == (
                match.dealer, tuple(match.scores), match.pending_ties, tuple(match.games), match.game)
            assert cm.next_seed() == match.next_seed()
            state = reference_deal(rs, match.next_seed(), match.dealer, pending_ties=match.pending_ties,
                                    scores=match.deal_scores())
            deal = cm.new_deal()
            while not state.is_over:
                action = rng.choice(state.legal_actions())
                state = state.apply(action)
                deal = deal.apply_code(action_code(rs, action))
            assert state.result is not None
            assert deal.match_points() == (state.result.team_a, state.result.team_b)
            if match.rules.default_table:  # the breakdown of other tables: tests/test_tables.py
                assert core_result(deal) == python_result(state)
            outcome = match.add(state.result)
            index, game, dealer, points, after, pending, game_winner = cm.add(deal)
            assert (index, game, dealer, points, after, pending, game_winner) == (
                outcome.index, outcome.game, outcome.dealer, outcome.team_points, outcome.scores_after,
                outcome.pending_after, outcome.game_winner)

        assert cm.is_over and cm.winner == match.winner


def test_core_match_takes_no_deal_after_the_match_is_over() -> None:
    # docs/rules.md#the-match: as tests/test_match.py::test_no_deal_after_the_match_is_over.
    core = to_core(mv.load_ruleset("table-convention"))
    cm = _core.CoreMatch(core, 1, 0)
    rng = random.Random(1)
    last = None
    while not cm.is_over:
        deal = cm.new_deal()
        while not deal.is_over:
            deal = deal.apply_code(rng.choice(deal.legal_codes()))
        cm.add(deal)
        last = deal
    assert last is not None
    before = (cm.deals, cm.scores, cm.games, cm.winner)
    with pytest.raises(ValueError, match=r"^the match is over$"):
        cm.new_deal()
    with pytest.raises(ValueError, match=r"^the match is over$"):
        cm.add(last)
    assert (cm.deals, cm.scores, cm.games, cm.winner) == before


@pytest.mark.parametrize("index", [-1, 0, 1, 99])
@pytest.mark.parametrize("seed", [0, 5, 2**63 + 11])
def test_same_deal_seeds(seed: int, index: int) -> None:
    assert _core.deal_seed(seed % 2**64, index) == deal_seed(seed, index)


@pytest.mark.parametrize("name", BUNDLED)
def test_same_scores_for_every_possible_figure(name: str) -> None:
    rs = mv.load_ruleset(name)
    core = to_core(rs)
    rules = mv.compile_rules(rs)
    modes = ["trump", *(["no-trump"] if rules.no_trump_allowed else []), *(["blind"] if rules.blind_allowed else [])]
    turns = [None, 3, 6, 14, 2] if rules.turned_take_up else [None]  # none given, 10S KS 8H 9S
    for points in range(0, 61, 3):
        for tricks in range(9):
            for mode in modes:
                for calls, pending, turned in itertools.product(range(len(rules.calls) + 1), range(3), turns):
                    try:
                        expected = mv.score_deal(rs, points, tricks, mode, calls, pending, last_trick="A"
                                                 if tricks == 8 else "B" if tricks == 0 else None,
                                                 turned=None if turned is None else DECK[turned])
                    except mv.ManilleError:
                        continue
                    got = core_breakdown(_core.score_deal(core, points, tricks, mode, calls, pending, tricks == 8,
                                                          turned))
                    if turned is None:
                        assert got.pop("turned_bonus") == 0
                    assert got == expected.to_dict()


@settings(max_examples=200, deadline=None)
@given(rs=rulesets(), cards=st.permutations(range(32)), size=st.integers(1, 8), played=st.integers(0, 3),
       trump=st.none() | st.integers(0, 3))
def test_same_legal_cards_on_random_positions(
    rs: Ruleset, cards: list[int], size: int, played: int, trump: int | None
) -> None:
    hand = [DECK[i] for i in cards[:size]]
    trick = [DECK[i] for i in cards[size:size + played]]
    suit = None if trump is None else SUITS[trump]
    expected = python_legal_cards(rs, hand, trick, suit)
    mask = _core.legal_mask(to_core(rs), sum(c.bit for c in hand), [c.index for c in trick], trump)
    assert [c for c in hand if c.bit & mask] == expected
    letter = None if suit is None else suit.name
    assert _core.legal_cards(to_core(rs), hand, trick, suit) == expected
    assert mv.legal_cards(rs, tuple(hand), tuple(trick), letter) == expected  # answered by the core
    assert mv.legal_cards(rs, " ".join(map(str, hand)), [str(c) for c in trick], letter) == expected


@pytest.mark.parametrize(
    ("hand", "trick", "trump"),
    [("QC 7C 8H", "JC", "X"),  # not a trump
     ("QC 7C 8H", "QC", "D"),  # a card in the hand and the trick
     ("", "JC", "D"),  # an empty hand
     ("QC 7C", "JC 8C 9C 10C", "D"),  # a trick of four
     ("QC QC", "", "D"),  # a card twice
     ("QC 7C", "JC JC", "D"),
     ("QC 11C", "", "D")],  # not a card
)
def test_legal_cards_refuses_bad_positions_with_the_python_errors(hand: str, trick: str, trump: str) -> None:
    rs = mv.load_ruleset("belgian")
    as_cards = [mv.parse_card(t) if t != "11C" else t for t in hand.split()]
    played = [mv.parse_card(t) for t in trick.split()]
    with pytest.raises(mv.CardError) as python:
        python_legal_cards(rs, hand, trick, trump)
    with pytest.raises(mv.CardError) as core:
        mv.legal_cards(rs, as_cards, played, trump)
    assert str(core.value) == str(python.value)


def test_legal_cards_come_from_the_core_as_the_packages_cards() -> None:
    rs = mv.load_ruleset("french-coinchee")
    hand, trick = mv.parse_cards("QC 7C 8H AS"), mv.parse_cards("JC")
    core = _core.legal_cards(to_core(rs), hand, trick, mv.Suit.D)
    assert core is not None and core[0] is hand[0] and core == python_legal_cards(rs, hand, trick, "D")
    assert _core.legal_cards(to_core(rs), "QC 7C", trick, "D") is None  # text: parsed in Python
    assert _core.legal_cards(to_core(rs), hand, trick, "hearts") is None
    assert _core.legal_cards(to_core(rs), [*hand, ["QH"]], trick, "D") is None  # unhashable: Python's error


# The fingerprint of 6,000 deals (1,500 per bundled ruleset: the deal, every random choice,
# the result) taken from the Python engine before the core existed.
FINGERPRINT = "79356a247b3afc7baaba589a414770696646cfd7f16cb5943e175a1b006cefa7"
FINGERPRINT_DEALS = 1500
FINGERPRINT_RULESETS = ("table-convention", "belgian", "belgian-capped", "french-coinchee")


def _fingerprint(engine: str) -> str:
    digest = hashlib.sha256()
    for name in FINGERPRINT_RULESETS:
        rs = mv.load_ruleset(name)
        core = to_core(rs)
        for seed in range(FINGERPRINT_DEALS):
            rng = random.Random(seed)
            if engine == "python":
                state = reference_deal(rs, seed, seed % 4, pending_ties=seed % 2)
                hands = [sum(c.bit for c in h) for h in state.dealt_hands]
                while not state.is_over:
                    state = state.apply(rng.choice(state.legal_actions()))
                result = python_result(state)
            else:
                deal = _core.CoreDeal(core, seed, seed % 4, seed % 2)
                hands = deal.dealt_masks
                while not deal.is_over:
                    deal = deal.apply_code(rng.choice(deal.legal_codes()))
                result = core_result(deal)
            digest.update(json.dumps([hands, result], sort_keys=True).encode())
    return digest.hexdigest()


@pytest.mark.parametrize("engine", ["python", "core"])
def test_the_fingerprint_from_before_the_core_is_reproduced(engine: str) -> None:
    assert _fingerprint(engine) == FINGERPRINT


def test_core_rules_are_plain_data() -> None:
    data = rules_input(mv.load_ruleset("belgian"))
    assert json.loads(json.dumps(data)) == data
    assert data["calls"][1]["after"] == 0
    assert data["seats"] == 4 and data["hand_size"] == 8


@pytest.mark.parametrize("name", BUNDLED)
def test_same_play_from_given_hands(name: str) -> None:
    rs = mv.load_ruleset(name)
    core = to_core(rs)
    for seed in range(30):
        rng = random.Random(seed)
        cards = list(DECK)
        rng.shuffle(cards)
        hands = [cards[8 * s:8 * s + 8] for s in range(4)]
        turned = rng.choice(hands[seed % 4]) if rs.trump.turned_card else None
        state = reference_deal(rs, 0, seed % 4, hands=hands, turned=turned)
        deal = _core.CoreDeal.from_hands(core, [sum(c.bit for c in h) for h in hands], seed % 4,
                                         turned=None if turned is None else turned.index)
        while not state.is_over:
            assert list(deal.legal_codes()) == [action_code(rs, a) for a in state.legal_actions()]
            action = rng.choice(state.legal_actions())
            state = state.apply(action)
            deal = deal.apply_code(action_code(rs, action))
        assert core_result(deal) == python_result(state)
