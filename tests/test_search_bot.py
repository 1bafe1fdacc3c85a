"""The search bot: legal, seeded and deterministic, and blind to the cards it cannot see."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from strategies import BUNDLED as ALL_BUNDLED

import manille_variants as mv
from manille_variants.bots import make_bot, make_bots, play_deal
from manille_variants.bots.registry import search_bot
from manille_variants.bots.search_prior import prior_choices
from manille_variants.cards import Suit
from manille_variants.engine.actions import NO_TRUMP, PASS, trump_action
from manille_variants.engine.deal import DealState
from manille_variants.search.bot import SearchBot, knowledge

BUNDLED = list(ALL_BUNDLED)
TURNED = ["french-parlee", "french-muette"]  # trump by the turned card


@cache
def _rules(name: str) -> mv.Ruleset:
    return mv.load_ruleset(name)


def _small() -> SearchBot:
    return SearchBot(seed=7, samples=3, decision_samples=2)


@pytest.mark.parametrize("name", BUNDLED)
def test_search_bot_plays_legal_actions_to_the_end(name: str) -> None:
    bots = [_small(), make_bot("heuristic", 1), _small(), make_bot("heuristic", 3)]
    for seed in range(2):
        state = mv.new_deal(_rules(name), seed, dealer=seed)
        while not state.is_over:
            view = state.view(state.to_play)
            action = bots[state.to_play].act(view)
            assert action in view.legal
            state = state.apply(action)
        assert state.result is not None


def test_search_is_registered_by_name() -> None:
    bots = make_bots("search,random", seed=2)
    assert [b.name for b in bots] == ["search", "random", "search", "random"]


def _first_lead(seed: int) -> DealState:
    state = mv.new_deal(_rules("table-convention"), seed, dealer=0)
    return state.apply(mv.parse_action("trump:H"))


def _swap_hidden(state: DealState, a: int, b: int) -> DealState:
    """The same deal with the hands of seats ``a`` and ``b`` exchanged, its decisions replayed
    (before any card is played)."""
    hands = list(state.dealt_hands)
    hands[a], hands[b] = hands[b], hands[a]
    twin = mv.new_deal(state.rules, state.seed, dealer=state.dealer, hands=[[str(c) for c in h] for h in hands])
    for action in state.actions:
        twin = twin.apply(action)
    return twin


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_same_view_same_choice_whatever_the_hidden_hands(seed: int) -> None:
    # Rule: a bot sees only its seat's view; hands it cannot see must not change its play.
    state = _first_lead(seed)
    leader = state.to_play
    others = [s for s in range(4) if s != leader]
    twin = _swap_hidden(state, others[0], others[1])
    assert twin.hand(leader) == state.hand(leader)
    assert twin.hand(others[0]) != state.hand(others[0])
    view, twin_view = state.view(leader), twin.view(leader)
    assert knowledge(view) == knowledge(twin_view)
    assert _small().act(view) == _small().act(twin_view)


def test_the_same_seed_gives_the_same_choice() -> None:
    state = _first_lead(4)
    view = state.view(state.to_play)
    assert SearchBot(seed=5, samples=4).act(view) == SearchBot(seed=5, samples=4).act(view)


@pytest.mark.parametrize("name", BUNDLED)
def test_knowledge_replays_to_the_view(name: str) -> None:
    # The decisions and cards the bot hands to the sampler rebuild the very same position.
    from manille_variants._core import CoreDeal
    from manille_variants.engine.crossing import to_core

    rs = _rules(name)
    bots = make_bots("heuristic", seed=3)
    for seed in range(6):
        state = mv.new_deal(rs, seed, dealer=seed % 4, scores=(0, 90))
        while not state.is_over and len(state.tricks) < 2:
            view = state.view(state.to_play)
            k = knowledge(view)
            hands = [sum(c.bit for c in h) for h in state.dealt_hands]
            core = CoreDeal.from_hands(to_core(rs), hands, state.dealer, state.pending_ties, state.scores, k.turned)
            for code in [*k.decisions, *k.played]:
                core = core.apply_code(code)
            assert (core.phase, core.mode, core.call_count) == (state.phase, state.mode, len(state.calls))
            assert core.to_play == state.to_play
            assert k.played == [c.index for c in _played(state)]
            assert k.turned == (state.turned_card.index if state.turned_card is not None else None)
            state = state.apply(bots[state.to_play].act(view))


def _played(state: DealState) -> list[mv.Card]:
    return [c for _, cards, _ in state.tricks for c in cards] + list(state.trick)


def test_search_bot_deal_through_play_deal() -> None:
    state = play_deal(mv.new_deal(_rules("french-coinchee"), 3, dealer=2), [_small() for _ in range(4)])
    assert state.is_over


def _before_play(name: str, seed: int, phase: str) -> DealState:
    """A seeded deal brought (by the heuristic) to its first decision in ``phase``."""
    bots = make_bots("heuristic", seed=seed)
    state = mv.new_deal(_rules(name), seed, dealer=seed % 4)
    while state.phase != phase:
        assert not state.is_over and state.phase != "play"
        state = state.apply(bots[state.to_play].act(state.view(state.to_play)))
    return state


@pytest.mark.parametrize(("name", "phase"), [("table-convention", "trump"), ("french-coinchee", "trump"),
                                             ("belgian", "calls"), ("french-coinchee", "calls")])
@pytest.mark.parametrize("prior", [True, False])
def test_decisions_before_play_are_blind_to_the_hidden_hands(name: str, phase: str, prior: bool) -> None:
    # Rule: a bot sees only its seat's view: the trump, delegation and the calls too.
    for seed in range(4):
        try:
            state = _before_play(name, seed, phase)
        except AssertionError:
            continue  # no such decision in this deal (no call asked before play)
        seat = state.to_play
        others = [s for s in range(4) if s != seat]
        twin = _swap_hidden(state, others[0], others[1])
        view, twin_view = state.view(seat), twin.view(seat)
        assert knowledge(view) == knowledge(twin_view)
        bot = search_bot(3, decision_samples=3, prior=prior)
        choice = bot.act(view)
        assert choice in view.legal
        assert choice == search_bot(3, decision_samples=3, prior=prior).act(twin_view)


def test_the_prior_keeps_legal_choices_and_names_no_trump_more_often_when_it_pays_more(tmp_path: Path) -> None:
    # Rule: the no-trump factor multiplies the deal's score; the search's choices before play
    # are ranked by match points under the ruleset, so a richer factor makes no-trump win more.
    shares = []
    for factor in (2, 8):
        path = tmp_path / f"nt{factor}.yaml"
        path.write_text(f"name: nt{factor}\nextends: table-convention\ntrump:\n  no_trump:\n    factor: {factor}\n")
        rs = mv.load_ruleset(str(path))
        named = 0
        for seed in range(60):
            view = mv.new_deal(rs, seed, dealer=0).view(0)
            kept = prior_choices(view)
            assert kept and set(kept) <= set(view.legal)
            named += kept == [NO_TRUMP]
        shares.append(named)
    assert shares[1] > shares[0]


def test_the_earlier_search_takes_a_clear_choice_by_the_table_without_a_search() -> None:
    # Seven hearts from the manille down: no-trump (x2) is far ahead of any trump by the table.
    # With prior=True (the earlier search, kept for comparison) the table's choice is taken
    # without a search.  The budgeted search values every choice and names hearts: at
    # no-trump the other side leads and cashes its suits first (the table's one number per
    # hand cannot see that the hand has one suit only).
    hand = ["10H", "AH", "KH", "QH", "JH", "9H", "8H", "7S"]
    rs = _rules("table-convention")
    state = mv.new_deal(rs, 1, dealer=0, hands=[hand, *_rest(hand)])
    view = state.view(0)
    assert prior_choices(view) == [NO_TRUMP]
    assert search_bot(1, prior=True).values(view) == [(NO_TRUMP, 0.0)]
    assert len(SearchBot(seed=1, worlds=2).values(view)) == len(view.legal)
    assert SearchBot(seed=1, worlds=2).act(view) == trump_action(Suit.H)


def _rest(hand: list[str]) -> list[list[str]]:
    rest = [str(c) for c in mv.DECK if str(c) not in hand]
    return [rest[0:8], rest[8:16], rest[16:24]]


def test_a_call_without_a_reply_is_worth_twice_the_pass_over_the_same_worlds(tmp_path: Path) -> None:
    # Rule: "Ik ga mee" doubles the deal for whichever side wins it; asked last, with no reply
    # in the ladder, nothing follows it, so over the same worlds the call is worth twice the pass.
    from manille_variants._core import search_decisions
    from manille_variants.engine.crossing import action_code, to_core

    path = tmp_path / "mee.yaml"
    path.write_text("name: mee\nextends: belgian\ncalls:\n  - {name: ik-ga-mee, label: Ik ga mee, by: opponents,"
                    " factor: 2}\n")
    rs = mv.load_ruleset(str(path))
    checked = 0
    for seed in range(8):
        state = _play_until(mv.new_deal(rs, seed, dealer=0), "calls")
        if state is None or state.apply(PASS).phase != "play":
            continue  # not asked last
        checked += 1
        view = state.view(state.to_play)
        k = knowledge(view)
        _, rows = search_decisions(to_core(view.rules), k.seat, k.dealer, k.own, k.decisions, k.turned,
                                   k.pending_ties, k.scores, 4, 1, None, 2, 2.0, 4)
        values = {code: mean for code, mean, _, _ in rows}
        call = action_code(view.rules, mv.parse_action("call:ik-ga-mee"))
        assert values[call] == pytest.approx(2 * values[action_code(view.rules, PASS)])
    assert checked >= 2


def _play_until(state: DealState, phase: str) -> DealState | None:
    bots = make_bots("heuristic", seed=1)
    while state.phase != phase or (phase == "calls" and state.apply(PASS).phase != "play"):
        if state.phase == "play" or state.is_over:
            return None
        state = state.apply(bots[state.to_play].act(state.view(state.to_play)))
    return state


@pytest.mark.parametrize("name", ["table-convention", "belgian", "french-coinchee"])
def test_the_guided_search_keeps_the_heuristics_choice_without_a_clear_margin(name: str) -> None:
    # guided=True (the earlier search, kept for comparison) starts from the heuristic's choice
    # (its decision table, its call thresholds) and departs from it only for an option better
    # by z standard errors: with an infinite z, every decision before play is the heuristic's.
    from manille_variants.bots.search_prior import default_choice

    rs = _rules(name)
    never = search_bot(2, guided=True, decision_samples=3, z=float("inf"), call_z=float("inf"))
    checked = 0
    for seed in range(12):
        state = mv.new_deal(rs, seed, dealer=seed % 4)
        while state.phase != "play" and not state.is_over:
            view = state.view(state.to_play)
            if len(view.legal) > 1:
                assert never.act(view) == default_choice(view)
                checked += 1
            state = state.apply(never.act(view))
    assert checked >= 12


@pytest.mark.parametrize("name", TURNED)
def test_the_turned_card_is_not_played_before_its_take_up(name: str) -> None:
    # Rule: the dealer's turned card lies on the table, unplayable until its take-up; the
    # search bot plays only legal cards, and never the turned card while it lies there.
    bots = [_small() for _ in range(4)]
    for seed in range(2):
        state = mv.new_deal(_rules(name), seed, dealer=seed)
        turned = state.turned_card
        assert turned is not None
        while not state.is_over:
            view = state.view(state.to_play)
            assert knowledge(view).turned == turned.index
            action = bots[state.to_play].act(view)
            assert action in view.legal
            if view.turned_on_table:
                assert action != turned
            state = state.apply(action)
        played = [c for _, cards, _ in state.tricks for c in cards]
        assert turned in played


@pytest.mark.parametrize("name", TURNED)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_same_view_same_choice_under_a_turned_trump(name: str, seed: int) -> None:
    # Rule: a bot sees only its seat's view; under a turned trump the turned card is seen by
    # all and is the dealer's, and the hands it cannot see must not change its play.
    state = mv.new_deal(_rules(name), seed, dealer=seed % 4)
    assert state.phase == "play" and state.turned_card is not None
    leader = state.to_play
    others = [s for s in range(4) if s not in (leader, state.dealer)]
    hands = list(state.dealt_hands)
    hands[others[0]], hands[others[1]] = hands[others[1]], hands[others[0]]
    twin = mv.new_deal(state.rules, state.seed, dealer=state.dealer, hands=[[str(c) for c in h] for h in hands],
                       turned=state.turned_card)
    assert twin.turned_card == state.turned_card and twin.hand(others[0]) != state.hand(others[0])
    view, twin_view = state.view(leader), twin.view(leader)
    assert knowledge(view) == knowledge(twin_view)
    assert _small().act(view) == _small().act(twin_view)
