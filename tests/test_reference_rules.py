"""Scenario tests of the reference engine (``engine/reference.py``) and the sentences it refuses
with (``engine/refusals.py``), each named after the rule clause it pins (docs/rules.md).  The
engine is the oracle of the compiled core, so these drive it directly (``reference.new_deal``),
not through ``mv.new_deal`` (which answers with the core); the scenarios of the two-seat layout
run on both (the core deals it too)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Literal

import pytest

import manille_variants as mv
from manille_variants.cards import DECK, Card, Suit, parse_cards
from manille_variants.engine import reference, refusals
from manille_variants.engine.actions import BLIND, DELEGATE, LOOK, NO_TRUMP, PASS, THROW_IN, call_action, trump_action
from manille_variants.engine.compiled import compile_rules
from manille_variants.engine.reference import ReferenceState
from manille_variants.ruleset import plugins

WriteFile = Callable[[str, str], str]

BELGIAN = mv.load_ruleset("belgian")
CONVENTION = mv.load_ruleset("table-convention")
COINCHEE = mv.load_ruleset("french-coinchee")
PARLEE = mv.load_ruleset("french-parlee")
MEE, TEGEN = call_action("ik-ga-mee"), call_action("ik-ga-tegen")


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def play_out(state: ReferenceState, seed: int = 0) -> ReferenceState:
    rng = random.Random(seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def to_play_phase(state: ReferenceState) -> ReferenceState:
    """Name hearts (after looking, where blind is offered) and pass every call."""
    if state.phase == "blind":
        state = state.apply(LOOK)
    state = state.apply(trump_action(Suit.H))
    while state.phase == "calls":
        state = state.apply(PASS)
    return state


# --- dealing (docs/rules.md: dealing) --------------------------------------------------------

def test_the_pack_is_cut_then_dealt_in_packets_from_the_player_after_the_dealer() -> None:
    order, cut = reference.shuffled_deck(5)
    pack = [DECK[i] for i in [*order[cut:], *order[:cut]]]
    state = reference.new_deal(CONVENTION, 5, dealer=2)
    # Clockwise, packets 3, 2, 3: seat 3 (after the dealer) first, the dealer last.
    expected: list[list[Card]] = [[], [], [], []]
    for packet in (3, 2, 3):
        for seat in (3, 0, 1, 2):
            expected[seat] += pack[:packet]
            pack = pack[packet:]
    assert [sorted(h, key=lambda c: c.index) for h in expected] == list(state.dealt_hands)
    assert state.cut == cut and 1 <= cut <= 31


def test_counter_clockwise_rulesets_deal_to_the_dealers_right_first() -> None:
    order, cut = reference.shuffled_deck(9)
    first = DECK[[*order[cut:], *order[:cut]][0]]
    state = reference.new_deal(COINCHEE, 9, dealer=0)
    assert first in state.dealt_hands[3] and state.leader == 3


def test_given_hands_replace_the_shuffle_and_are_checked() -> None:
    hands = [" ".join(str(c) for c in DECK[8 * s:8 * s + 8]) for s in range(4)]
    state = reference.new_deal(CONVENTION, 0, dealer=1, hands=hands)
    assert [list(h) for h in state.dealt_hands] == [list(DECK[8 * s:8 * s + 8]) for s in range(4)]
    with pytest.raises(mv.CardError, match=r"^give four hands in seat order \(got 3\)$"):
        reference.new_deal(CONVENTION, 0, hands=hands[:3])
    with pytest.raises(mv.CardError, match=r"^seat 1: a hand holds 8 cards \(got 7\)$"):
        reference.new_deal(CONVENTION, 0, hands=[hands[0], " ".join(hands[1].split()[:7]), *hands[2:]])
    with pytest.raises(mv.CardError, match=r"^seat 1: 7H 7S already in another hand$"):
        reference.new_deal(CONVENTION, 0, hands=["7S 7H 8S 9S 10S JS QS KS", "7S 7H AS 8H 9H 10H JH QH", *hands[2:]])


def test_typed_hands_at_another_table_hold_its_hand_size_one_per_seat() -> None:
    three = [" ".join(str(c) for c in DECK[10 * s:10 * s + 10]) for s in range(3)]
    state = reference.new_deal(THREE, 0, dealer=0, hands=three)
    assert [len(h) for h in state.dealt_hands] == [10, 10, 10] and list(state.undealt) == list(DECK[30:])
    with pytest.raises(mv.CardError, match=r"^give 3 hands in seat order \(got 2\)$"):
        reference.new_deal(THREE, 0, hands=three[:2])
    with pytest.raises(mv.CardError, match=r"^a deal with a layout cannot be typed in: deal it from a seed$"):
        reference.new_deal(TWO, 0, hands=three[:2])


def test_a_seat_outside_the_table_cannot_deal() -> None:
    with pytest.raises(ValueError, match=r"^dealer must be a seat 0-3 \(got 4\)$"):
        reference.new_deal(CONVENTION, 0, dealer=4)


def test_the_turned_card_is_the_dealers_last_card_dealt_and_names_trump() -> None:
    order, cut = reference.shuffled_deck(4)
    state = reference.new_deal(PARLEE, 4, dealer=1)
    card = DECK[order[cut - 1]]
    assert state.turned_card is card and card in state.dealt_hands[1]
    assert state.trump_suit is card.suit and state.mode == "trump" and state.chooser is None
    assert state.phase == "play" and state.turned_on_table


def test_a_typed_deal_under_a_turned_trump_says_which_card_was_turned() -> None:
    hands = [" ".join(str(c) for c in DECK[8 * s:8 * s + 8]) for s in range(4)]
    with pytest.raises(mv.CardError, match=r"^the ruleset takes trump from the turned card: say which card was "
                       "turned$"):
        reference.new_deal(PARLEE, 0, hands=hands)
    with pytest.raises(mv.CardError, match=r"is not in the dealer's hand \(seat 0\)$"):
        reference.new_deal(PARLEE, 0, hands=hands, turned=str(DECK[31]))
    with pytest.raises(mv.CardError, match="names trump: no card is turned"):
        reference.new_deal(CONVENTION, 0, hands=hands, turned=str(DECK[0]))
    assert reference.new_deal(PARLEE, 0, hands=hands, turned=str(DECK[3])).turned == 3


def test_the_first_card_of_the_pack_turned_names_trump_too() -> None:
    # The card of index 0 (7 of spades) turned: a turned card, not "no card turned".
    hands = [" ".join(str(c) for c in DECK[8 * s:8 * s + 8]) for s in range(4)]
    state = reference.new_deal(PARLEE, 0, hands=hands, turned="7S")
    assert (state.turned, state.trump, state.mode, state.phase) == (0, "S", "trump", "play")
    done = play_out(state)
    assert done.result is not None and done.result.turned == "7S"


# --- naming trump -------------------------------------------------------------------------

def test_the_dealer_names_a_suit_or_no_trump_and_leads_are_from_the_dealers_left() -> None:
    state = reference.new_deal(CONVENTION, 3, dealer=1)
    assert state.phase == "trump" and state.to_play == 1
    assert (state.mode, state.result, state.turned, state.pending_ties, state.calls) == (None, None, -1, 0, ())
    assert state.explain() == "trump: seat 1 chooses one of trump:S, trump:H, trump:D, trump:C, no-trump"
    assert state.legal_card_mask() == 0 and state.view(2).seat == 2 and list(state.view(2).hand) == state.hand(2)
    assert state.legal_actions() == [*(trump_action(s) for s in Suit), NO_TRUMP]
    played = state.apply(NO_TRUMP)
    assert (played.phase, played.mode, played.trump, played.chooser, played.to_play) == ("play", "no-trump", None,
                                                                                        1, 2)


def test_blind_no_trump_is_decided_before_the_dealer_looks() -> None:
    state = reference.new_deal(BELGIAN, 3, dealer=0)
    assert state.phase == "blind" and state.legal_actions() == [LOOK, BLIND]
    assert not state.has_looked(0) and not state.has_looked(2) and state.has_looked(1)
    looked = state.apply(LOOK)
    assert looked.phase == "trump" and looked.has_looked(0) and not looked.has_looked(2)
    blind = state.apply(BLIND)
    assert (blind.mode, blind.chooser, blind.phase) == ("blind", 0, "calls")


def test_blind_only_when_behind_is_offered_to_a_side_trailing_by_enough() -> None:
    rules = BELGIAN.model_copy(update={"trump": BELGIAN.trump.model_copy(
        update={"blind_no_trump": BELGIAN.trump.blind_no_trump.model_copy(update={"only_when_behind_by": 20})})})
    assert reference.new_deal(rules, 1, dealer=0, scores=(0, 20)).phase == "blind"
    assert reference.new_deal(rules, 1, dealer=0, scores=(0, 19)).phase == "trump"
    assert reference.new_deal(rules, 1, dealer=1, scores=(0, 20)).phase == "trump"  # seat 1's side leads
    assert reference.new_deal(rules, 1, dealer=1, scores=(20, 0)).phase == "blind"
    assert reference.new_deal(rules, 1, dealer=0, scores=(10, 25)).phase == "trump"  # behind by 15 only


def test_delegation_goes_to_the_partner_opposite_who_must_name_trump() -> None:
    state = reference.new_deal(COINCHEE, 2, dealer=1)
    assert DELEGATE in state.legal_actions() and not state.has_looked(3)
    delegated = state.apply(DELEGATE)
    assert (delegated.phase, delegated.to_play, delegated.chooser) == ("trump", 3, 3)
    assert DELEGATE not in delegated.legal_actions() and delegated.has_looked(3)
    named = delegated.apply(trump_action(Suit.S))
    assert named.chooser == 3 and named.dealer_team == 1


def test_delegation_goes_to_the_dealers_first_teammate_after_the_dealer(write: WriteFile) -> None:
    # Teams side by side: seats 0 and 1 against 2 and 3.
    side_by_side = mv.load_ruleset(write("pairs.yaml", "name: pairs\nextends: french-coinchee\n"
                                                 "table:\n  teams: [[0, 1], [2, 3]]\n"))
    # Counter-clockwise: after dealer 1 comes seat 0, the teammate; after dealer 0 come the
    # opponents 3 and 2, then the teammate 1.
    state = reference.new_deal(side_by_side, 2, dealer=1).apply(DELEGATE)
    assert (state.to_play, state.chooser) == (0, 0)
    state = reference.new_deal(side_by_side, 2, dealer=0).apply(DELEGATE)
    assert (state.to_play, state.chooser) == (1, 1)


# --- the doubling calls --------------------------------------------------------------------

def test_ik_ga_mee_is_asked_of_the_opponents_from_the_first_leader() -> None:
    state = reference.new_deal(BELGIAN, 3, dealer=0).apply(LOOK).apply(trump_action(Suit.H))
    assert (state.mode, state.trump, state.chooser) == ("trump", "H", 0)
    assert (state.phase, state.to_play) == ("calls", 1)
    assert state.legal_actions() == [PASS, MEE]
    after_pass = state.apply(PASS)
    assert after_pass.to_play == 3 and after_pass.legal_actions() == [PASS, MEE]
    assert after_pass.apply(PASS).phase == "play"


def test_ik_ga_tegen_answers_ik_ga_mee_by_the_contract_side_only() -> None:
    state = reference.new_deal(BELGIAN, 3, dealer=0).apply(LOOK).apply(trump_action(Suit.H)).apply(MEE)
    assert state.calls == ("ik-ga-mee",) and (state.phase, state.to_play) == ("calls", 2)
    assert state.legal_actions() == [PASS, TEGEN]
    answered = state.apply(TEGEN)
    assert answered.calls == ("ik-ga-mee", "ik-ga-tegen") and answered.phase == "play"
    assert answered.to_play == 1
    # Called by the last opponent asked (seat 3): the reply is asked from the seat after the caller.
    late = reference.new_deal(BELGIAN, 3, dealer=0).apply(LOOK).apply(trump_action(Suit.H)).apply(PASS).apply(MEE)
    assert (late.to_play, late.legal_actions()) == (0, [PASS, TEGEN])
    assert late.apply(PASS).to_play == 2
    with pytest.raises(mv.IllegalPlayError, match=r"^call:ik-ga-tegen is not possible now \(calls phase, "
                       r"seat 1 to act: pass, call:ik-ga-mee\)$"):
        reference.new_deal(BELGIAN, 3, dealer=0).apply(LOOK).apply(trump_action(Suit.H)).apply(TEGEN)


def test_a_call_doubles_the_deal_for_whichever_side_wins_it() -> None:
    called = reference.new_deal(BELGIAN, 3, dealer=0).apply(LOOK).apply(trump_action(Suit.H)).apply(MEE)
    while called.phase == "calls":
        called = called.apply(PASS)
    plain = to_play_phase(reference.new_deal(BELGIAN, 3, dealer=0))
    a, b = play_out(called, 1), play_out(plain, 1)
    assert a.result is not None and b.result is not None
    assert a.points == b.points and a.result.factor == 2 * b.result.factor


def test_after_a_call_the_caller_is_not_asked_again(write: WriteFile) -> None:
    dares = mv.load_ruleset(write("dares.yaml", "name: dares\nextends: table-convention\ncalls:\n"
                                   "  - {name: dare, label: Dare, by: anyone, factor: 2}\n"
                                   "  - {name: redare, label: Redare, by: anyone, after: dare, factor: 4}\n"))
    state = reference.new_deal(dares, 3, dealer=0).apply(trump_action(Suit.H)).apply(call_action("dare"))
    asked = []
    while state.phase == "calls":
        asked.append(state.to_play)
        state = state.apply(PASS)
    assert asked == [2, 3, 0]  # seat 1 called


def test_a_call_by_anyone_is_asked_of_every_seat_from_the_first_leader(write: WriteFile) -> None:
    dare = mv.load_ruleset(write("dare.yaml", "name: dare\nextends: table-convention\ncalls:\n"
                                          "  - {name: dare, label: Dare, by: anyone, factor: 2}\n"))
    state = reference.new_deal(dare, 3, dealer=0).apply(trump_action(Suit.H))
    asked = []
    while state.phase == "calls":
        assert state.legal_actions() == [PASS, call_action("dare")]
        asked.append(state.to_play)
        state = state.apply(PASS)
    assert asked == [1, 2, 3, 0]


# --- the early look ------------------------------------------------------------------------

def test_the_early_look_may_throw_the_deal_in_while_blind_is_being_decided() -> None:
    state = reference.new_deal(BELGIAN, 3, dealer=0)
    assert state.phase == "blind" and state.apply(THROW_IN).thrown_in


def test_a_dealer_without_a_partner_throws_no_deal_in(write: WriteFile) -> None:
    alone = mv.load_ruleset(write("alone.yaml", "name: alone\nextends: belgian-three\ndealing:\n"
                                  "  early_look_throws_in: true\n"))
    with pytest.raises(mv.IllegalPlayError, match=r"^the dealer has no partner at this table: no deal is thrown in$"):
        reference.new_deal(alone, 3, dealer=0).apply(THROW_IN)
    assert reference.new_deal(alone, 3, dealer=0).has_looked(1)  # no partner waits for trump to be named


def test_the_early_look_throws_the_deal_in_before_trump_is_named() -> None:
    state = reference.new_deal(CONVENTION, 3, dealer=0, pending_ties=1)
    thrown = state.apply(THROW_IN)
    assert thrown.is_over and thrown.thrown_in and thrown.actions == (THROW_IN,)
    assert thrown.result is not None and thrown.result.totals == (0, 0) and thrown.result.pending_ties == 1
    with pytest.raises(mv.IllegalPlayError, match=r"^a deal can be thrown in only before trump is named$"):
        state.apply(NO_TRUMP).apply(THROW_IN)
    with pytest.raises(mv.IllegalPlayError, match=r"^french-coinchee has no early-look throw-in$"):
        reference.new_deal(COINCHEE, 3).apply(THROW_IN)
    with pytest.raises(mv.IllegalPlayError, match=r"^the deal is over$"):
        thrown.apply(THROW_IN)


# --- play ----------------------------------------------------------------------------------

def test_a_card_not_in_hand_is_refused_naming_the_hand() -> None:
    state = to_play_phase(reference.new_deal(CONVENTION, 3, dealer=0))
    seat = state.to_play
    other = next(c for c in DECK if c not in state.hand(seat))
    hand = " ".join(str(c) for c in state.hand(seat))
    with pytest.raises(mv.IllegalPlayError, match=rf"^{other} is not in seat {seat}'s hand \({hand}\)$"):
        state.apply(other)
    with pytest.raises(mv.IllegalPlayError, match=r"^pass is not possible now \(play phase, seat 1 to act: "):
        state.apply(PASS)


def test_a_card_that_breaks_an_obligation_is_refused_with_the_clause() -> None:
    for seed in range(40):
        state = to_play_phase(reference.new_deal(CONVENTION, seed, dealer=0))
        state = state.apply(state.legal_actions()[0])
        illegal = [c for c in state.hand(state.to_play) if c not in state.legal_actions()]
        if illegal:
            with pytest.raises(mv.IllegalPlayError) as refused:
                state.apply(illegal[0])
            assert str(refused.value) == f"{illegal[0]} is not legal for seat {state.to_play}: {state.explain()}"
            return
    raise AssertionError("no refused card in 40 deals")


def test_the_highest_card_of_the_led_suit_wins_without_trump_and_its_seat_leads_next() -> None:
    state = reference.new_deal(CONVENTION, 3, dealer=0).apply(NO_TRUMP)
    for _ in range(4):
        state = state.apply(state.legal_actions()[0])
    leader, trick, winner = state.tricks[0]
    led = [c for c in trick if c.suit is trick[0].suit]
    best = min(led, key=lambda c: CONVENTION.scoring.rank_order.index(str(c)[:-1]))  # 10 A K Q J 9 8 7
    assert leader == 1 and winner == (leader + trick.index(best)) % 4
    assert state.to_play == winner and state.leader == winner and state.trick == ()


def test_the_dealers_card_that_breaks_an_obligation_is_refused_as_not_legal() -> None:
    for seed in range(40):
        state = to_play_phase(reference.new_deal(CONVENTION, seed, dealer=0))
        while state.to_play != 0:
            state = state.apply(state.legal_actions()[0])
        illegal = [c for c in state.hand(0) if c not in state.legal_actions()]
        if illegal:
            with pytest.raises(mv.IllegalPlayError, match=rf"^{illegal[0]} is not legal for seat 0: "):
                state.apply(illegal[0])
            return
    raise AssertionError("no refused card of the dealer in 40 deals")


def test_win_seat_and_win_idx_follow_the_trick_in_progress() -> None:
    state = to_play_phase(reference.new_deal(CONVENTION, 6, dealer=0))
    assert state.legal_card_mask() == sum(c.bit for c in state.legal_actions() if isinstance(c, Card))
    assert all(state.hand_mask(s) == sum(c.bit for c in state.hand(s)) for s in range(4))
    assert (state.win_seat, state.win_idx) == (-1, -1)
    first = state.hand(1)[0]
    state = state.apply(first)
    assert (state.win_seat, state.win_idx, state.leader) == (1, first.index, 1)


def test_every_card_point_is_won_and_the_tricks_add_up_to_eight() -> None:
    for seed in range(6):
        state = play_out(reference.new_deal(BELGIAN, seed, dealer=seed % 4), seed)
        assert state.result is not None
        if state.thrown_in:
            continue
        assert sum(state.points) == 60 and sum(state.tricks_won) == 8
        assert state.legal_actions() == [] and state.legal_card_mask() == 0
        assert state.played_mask() == (1 << 32) - 1 and state.explain() == "over: the deal is over"


def test_the_turned_card_stays_on_the_table_until_the_first_card_is_played() -> None:
    state = reference.new_deal(PARLEE, 4, dealer=3)
    assert state.turned_on_table and state.to_play == 2  # counter-clockwise: the dealer's right leads
    assert not state.apply(state.legal_actions()[0]).turned_on_table


def _take_up_after_the_first_trick() -> mv.Ruleset:
    turned = PARLEE.trump.turned_card
    assert turned is not None
    return PARLEE.model_copy(update={"trump": PARLEE.trump.model_copy(
        update={"turned_card": turned.model_copy(update={"take_up": "after-first-trick"})})})


def test_the_dealer_may_not_play_the_turned_card_while_it_waits() -> None:
    state = reference.new_deal(_take_up_after_the_first_trick(), 4, dealer=3)
    for _ in range(3):
        state = state.apply(state.legal_actions()[0])
    card = state.turned_card
    assert state.to_play == 3 and state.turned_on_table and card is not None
    assert card not in state.legal_actions()
    with pytest.raises(mv.IllegalPlayError, match=rf"^{card} is the turned card: it stays on the table until the "
                       "first trick is complete$"):
        state.apply(card)
    assert state.explain().endswith(f"(the turned {card.pretty} stays on the table until the first trick is "
                                    "complete)")
    assert not state.apply(state.legal_actions()[0]).turned_on_table


# --- tables of 2 and 3 (docs/rules.md#tables-of-2-3-and-6-players) -----------------------

TWO = mv.load_ruleset("belgian-two")
THREE = mv.load_ruleset("belgian-three")
THREE_VALUES = {"10": 5, "A": 4, "K": 3, "Q": 2, "J": 1, "9": 0, "8": 0, "7": 0}  # card points by rank


def _pack(seed: int) -> list[Card]:
    order, cut = reference.shuffled_deck(seed)
    return [DECK[i] for i in [*order[cut:], *order[:cut]]]


def test_deal_hands_gives_the_hands_of_the_deal() -> None:
    order, cut = reference.shuffled_deck(11)
    rules = compile_rules(COINCHEE)
    for dealer in range(4):
        assert reference.deal_hands(rules, order, cut, dealer) == reference.deal_table(rules, order, cut, dealer).hands
        dealt = reference.new_deal(COINCHEE, 11, dealer=dealer).dealt_hands
        hands = reference.deal_hands(rules, order, cut, dealer)
        assert [sorted(h, key=lambda c: c.index) for h in hands] == list(dealt)


@pytest.mark.parametrize("new_deal", [reference.new_deal, mv.new_deal], ids=["reference", "core"])
def test_a_layout_is_dealt_first_face_down_then_face_up_from_the_player_after_the_dealer(
        new_deal: Callable[..., Any]) -> None:
    pack, state = _pack(5), new_deal(TWO, 5, dealer=0)
    assert state.face_down(1) == pack[0:4] and state.face_down(0) == pack[4:8]
    assert state.face_up(1) == sorted(pack[8:12], key=lambda c: c.index)
    assert state.face_up(0) == sorted(pack[12:16], key=lambda c: c.index)
    assert all(c in state.hand(0) for c in state.face_up(0)) and len(state.hand(0)) == 12
    assert sorted(state.dealt_hands[0], key=lambda c: c.index) == state.dealt_hands[0]
    assert len(state.dealt_hands[0]) == 16  # hand, face-up and face-down cards


@pytest.mark.parametrize("new_deal", [reference.new_deal, mv.new_deal], ids=["reference", "core"])
def test_the_card_a_face_up_card_covered_turns_up_after_the_trick(new_deal: Callable[..., Any]) -> None:
    for seed in range(30):
        state = new_deal(TWO, seed, dealer=0).apply(NO_TRUMP)
        seat = state.to_play
        up = [c for c in state.legal_actions() if isinstance(c, Card) and c in state.face_up(seat)]
        if not up:
            continue
        down_before = state.face_down(seat)
        state = state.apply(up[0])
        assert up[0] not in state.face_up(seat) and state.face_down(seat) == down_before  # not before the trick ends
        state = state.apply(state.legal_actions()[0])
        turned = [c for c in down_before if c not in state.face_down(seat)]
        assert len(turned) == 1 and turned[0] in state.face_up(seat) and turned[0] in state.hand(seat)
        assert state.played_mask() == up[0].bit | state.tricks[0][1][1].bit
        return
    raise AssertionError("no face-up card led in 30 deals")


def test_at_three_seats_the_last_cards_of_the_pack_stay_undealt() -> None:
    pack, state = _pack(5), reference.new_deal(THREE, 5, dealer=0)
    assert list(state.undealt) == sorted(pack[-2:], key=lambda c: c.index)
    assert state.undealt_points == sum(THREE_VALUES[str(c)[:-1]] for c in pack[-2:])
    assert [len(h) for h in state.dealt_hands] == [10, 10, 10]
    assert not set(state.undealt) & {c for h in state.dealt_hands for c in h}


# --- the deal's score (docs/rules.md: scoring) -------------------------------------------

def _scored_as_the_rules_say(rules: mv.Ruleset, state: ReferenceState) -> mv.DealScore:
    """The deal's score from its figures, read off the finished state: team A is the dealer's
    side, the last trick's side and the undealt cards' points as the ruleset says."""
    compiled_rules = compile_rules(rules)
    team = state.dealer_team
    last: Literal["A", "B"] = "A" if compiled_rules.side(state.tricks[-1][2], state.dealer) == team else "B"
    return mv.score_deal(rules, state.points[team], state.tricks_won[team], state.mode or "trump", len(state.calls),
                         state.pending_ties, last_trick=last, trump=state.trump,
                         turned=state.turned_card, undealt=state.undealt_points if state.undealt else None)


@pytest.mark.parametrize("name", ["belgian", "belgian-three", "french-parlee", "french-coinchee"])
def test_a_played_deal_is_scored_from_the_dealers_side_with_its_calls_and_last_trick(name: str) -> None:
    rules = mv.load_ruleset(name)
    for seed in range(8):
        state = play_out(reference.new_deal(rules, seed, dealer=seed % rules.table.seats, pending_ties=seed % 2), seed)
        if not state.thrown_in:
            assert state.result == _scored_as_the_rules_say(rules, state)


def test_the_last_tricks_bonus_and_the_undealt_cards_go_to_the_last_tricks_side(write: WriteFile) -> None:
    rules = mv.load_ruleset(write("last.yaml", "name: last\nextends: belgian-three\nscoring:\n  last_trick_bonus: 10\n"
                                  "table:\n  undealt: {count: 2, shown: true, points_to: last-trick}\n"))
    sides = set()
    for seed in range(12):
        state = play_out(reference.new_deal(rules, seed, dealer=seed % 3), seed)
        assert state.result is not None and state.result == _scored_as_the_rules_say(rules, state)
        sides.add(compile_rules(rules).side(state.tricks[-1][2], state.dealer) == state.dealer_team)
    assert sides == {True, False}  # both sides took the last trick in these deals


# --- identity ------------------------------------------------------------------------------

def test_two_deals_with_the_same_history_are_equal_and_hash_alike() -> None:
    a = reference.new_deal(CONVENTION, 8, dealer=2).apply(NO_TRUMP)
    b = reference.new_deal(CONVENTION, 8, dealer=2).apply(NO_TRUMP)
    assert a == b and hash(a) == hash(b) and a != reference.new_deal(CONVENTION, 8, dealer=2)
    spades = reference.new_deal(CONVENTION, 8, dealer=2).apply(trump_action(Suit.S))
    assert a != spades and hash(a) != hash(spades)  # the same number of actions, another one
    assert a != "a deal" and repr(a) == "<DealState table-convention seed=8 dealer=2 phase=play to_play=3>"


# --- the refusals' sentences ---------------------------------------------------------------

def test_each_refusal_says_its_sentence_with_its_values() -> None:
    assert refusals.deal_over().text("en") == "the deal is over"
    assert refusals.over().text("en") == "over: the deal is over"
    assert refusals.choosing("trump", 2, [NO_TRUMP, PASS]).text("en") == "trump: seat 2 chooses one of no-trump, pass"
    assert refusals.no_throw_in("club").text("en") == "club has no early-look throw-in"
    assert refusals.throw_in_too_late().text("en") == "a deal can be thrown in only before trump is named"
    assert refusals.throw_in_no_partner().text("en") == (
        "the dealer has no partner at this table: no deal is thrown in")
    assert refusals.not_in_hand("KS", 3, cards("7H 8H")).text("en") == "KS is not in seat 3's hand (7H 8H)"
    assert refusals.not_legal("KS", 1, "follow suit").text("en") == "KS is not legal for seat 1: follow suit"
    assert refusals.not_possible("pass", "play", 0, cards("7H 8H")).text("en") == (
        "pass is not possible now (play phase, seat 0 to act: 7H, 8H)")
    assert refusals.turned_refused("10S", "after-first-trick").text("en") == (
        "10S is the turned card: it stays on the table until the first trick is complete")
    assert refusals.waiting("follow suit", "10♠", "after-first-card").text("en") == (
        "follow suit (the turned 10♠ stays on the table until the first card of the first trick is played)")


def test_a_refusal_carries_its_code_and_values_beside_the_words() -> None:
    message = refusals.not_in_hand("KS", 3, cards("7H 8H"))
    assert message.code == "refused.not-in-hand" and message.params == {"action": "KS", "seat": 3, "hand": "7H 8H"}
    assert refusals.not_possible(PASS, "play", 0, []).params["options"] == ""


# --- plug-ins, the waiting turned card, calls under a turned trump (mutation survivors) -----

class _NoTrumpLeadOnTheFirstTrick:
    """An obligation plug-in: the first trick may not be led with a trump while the leader holds
    another suit (it reads ``tricks_played``)."""

    def restrict(self, ctx: plugins.LegalContext, legal: list[Card]) -> tuple[list[Card], str | None]:
        if ctx.trick or ctx.tricks_played != 0 or ctx.trump is None:
            return legal, None
        return [c for c in legal if c.suit is not ctx.trump], "no trump lead on the first trick"


class _HeartsCountDouble:
    """A scoring plug-in: a deal with hearts as trump counts double (it reads the trump)."""

    def factor(self, ctx: plugins.ScoreContext) -> tuple[int, str] | None:
        return (2, "hearts count double") if ctx.trump == "H" else None


def _with_plugins(monkeypatch: pytest.MonkeyPatch, *, obligation: bool = False, scoring: bool = False) -> mv.Ruleset:
    """The table convention with the plug-ins above, registered for this test only."""
    update: dict[str, object] = {}
    if obligation:
        monkeypatch.setitem(plugins._registered, "no-trump-lead-first-trick-ref", _NoTrumpLeadOnTheFirstTrick())
        update["play"] = CONVENTION.play.model_copy(update={"extra_rules": ["no-trump-lead-first-trick-ref"]})
    if scoring:
        monkeypatch.setitem(plugins._registered, "hearts-count-double-ref", _HeartsCountDouble())
        update["scoring"] = CONVENTION.scoring.model_copy(update={"adjustments": ["hearts-count-double-ref"]})
    return CONVENTION.model_copy(update=update)


def _lead_with_trump_and_another_suit(rules: mv.Ruleset, trick_number: int) -> ReferenceState:
    """A deal under hearts at the lead of trick ``trick_number`` (0: the first), the leader
    holding a heart and another suit."""
    for seed in range(60):
        state = reference.new_deal(rules, seed, dealer=0).apply(trump_action(Suit.H))
        while len(state.tricks) < trick_number and not state.is_over:
            state = state.apply(state.legal_actions()[-1])
        suits = {c.suit for c in state.hand(state.to_play)}
        if not state.is_over and Suit.H in suits and len(suits) > 1:
            return state
    raise AssertionError(f"no lead of trick {trick_number} with a trump and another suit in 60 deals")


def test_an_obligation_plug_in_refuses_a_card_in_its_own_words(monkeypatch: pytest.MonkeyPatch) -> None:
    # docs/rules.md (play.extra_rules): a plug-in narrows the legal cards and says why itself.
    state = _lead_with_trump_and_another_suit(_with_plugins(monkeypatch, obligation=True), 0)
    seat, heart = state.to_play, next(c for c in state.hand(state.to_play) if c.suit is Suit.H)
    assert heart not in state.legal_actions()
    assert state.legal_actions() == [c for c in state.hand(seat) if c.suit is not Suit.H]
    assert state.explain() == "no trump lead on the first trick"
    assert state.explanation().text("fr") == "no trump lead on the first trick"  # as the plug-in wrote it
    with pytest.raises(mv.IllegalPlayError, match=rf"^{heart} is not legal for seat {seat}: no trump lead on the "
                       "first trick$"):
        state.apply(heart)


def test_an_obligation_plug_in_knows_how_many_tricks_were_played(monkeypatch: pytest.MonkeyPatch) -> None:
    # The same plug-in lets a trump be led from the second trick on.
    state = _lead_with_trump_and_another_suit(_with_plugins(monkeypatch, obligation=True), 1)
    assert state.legal_actions() == state.hand(state.to_play)
    assert state.explain() == "you lead: any card"


def test_a_scoring_plug_in_sees_the_trump_of_the_played_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = _with_plugins(monkeypatch, scoring=True)
    hearts = play_out(reference.new_deal(rules, 3, dealer=0).apply(trump_action(Suit.H)), 2)
    spades = play_out(reference.new_deal(rules, 3, dealer=0).apply(trump_action(Suit.S)), 2)
    assert hearts.result is not None and spades.result is not None
    assert [f.reason for f in hearts.result.factors if f.name == "hearts-count-double-ref"] == ["hearts count double"]
    assert not [f for f in spades.result.factors if f.name == "hearts-count-double-ref"]


def _dealer_waiting_with_the_turned_card(seed: int = 4) -> ReferenceState:
    """A deal whose turned card waits until the first trick is complete, the dealer (seat 3)
    to play the trick's last card."""
    state = reference.new_deal(_take_up_after_the_first_trick(), seed, dealer=3)
    for _ in range(3):
        state = state.apply(state.legal_actions()[0])
    assert state.to_play == 3 and state.turned_on_table
    return state


def test_the_dealers_reason_while_the_turned_card_waits_is_said_in_every_language() -> None:
    # docs/rules.md#trump-by-the-turned-card: the dealer's duty is read from the hand without
    # the turned card, and the sentence says so, in the player's language.
    state = _dealer_waiting_with_the_turned_card()
    card = state.turned_card
    assert card is not None
    rest = [c for c in state.hand(3) if c is not card]
    verdict = mv.explain_legal(state.rules, rest, list(state.trick), state.trump_suit)
    assert state.legal_actions() == verdict.cards
    english, french = state.explanation().text("en"), state.explanation().text("fr")
    assert english == state.explain() == (f"{verdict.text('en')} (the turned {card.pretty} stays on the table until "
                                          "the first trick is complete)")
    assert verdict.text("fr") != verdict.text("en")
    assert french.startswith(f"{verdict.text('fr')} (la {card.pretty} retournée reste sur la table")
    assert state.explanation().text("nl").startswith(verdict.text("nl"))
    assert state.explanation().text("nl") != english


def test_the_dealers_other_card_refused_while_the_turned_card_waits_is_refused_as_not_legal() -> None:
    for seed in range(40):
        state = _dealer_waiting_with_the_turned_card(seed)
        illegal = [c for c in state.hand(3) if c not in state.legal_actions() and c is not state.turned_card]
        if illegal:
            with pytest.raises(mv.IllegalPlayError) as refused:
                state.apply(illegal[0])
            assert str(refused.value) == f"{illegal[0]} is not legal for seat 3: {state.explain()}"
            return
    raise AssertionError("no refused card of the dealer beside the turned card in 40 deals")


def test_the_turned_card_taken_up_and_played_against_a_duty_is_refused_as_not_legal() -> None:
    # Once taken up the turned card is a card of the dealer's hand like any other.
    for seed in range(60):
        state = reference.new_deal(PARLEE, seed, dealer=0)
        card = state.turned_card
        while not state.is_over and card in state.hand(0):
            if state.to_play == 0 and card not in state.legal_actions():
                assert not state.turned_on_table
                with pytest.raises(mv.IllegalPlayError) as refused:
                    state.apply(card)
                assert str(refused.value) == f"{card} is not legal for seat 0: {state.explain()}"
                return
            options = [c for c in state.legal_actions() if c is not card]
            state = state.apply(options[0] if options else card)
    raise AssertionError("no turned card refused after its take-up in 60 deals")


def test_under_a_turned_trump_the_calls_are_asked_before_the_first_lead(write: WriteFile) -> None:
    # docs/rules.md: the doubling calls follow trump, however trump was decided.
    dare = mv.load_ruleset(write("turned-dare.yaml", "name: turned-dare\nextends: french-parlee\ncalls:\n"
                                 "  - {name: dare, label: Dare, by: anyone, factor: 2}\n"))
    state = reference.new_deal(dare, 4, dealer=1)
    assert state.turned_card is not None and state.trump_suit is state.turned_card.suit
    assert state.legal_actions() == [PASS, call_action("dare")]
    asked = []
    while state.phase == "calls":
        asked.append(state.to_play)
        state = state.apply(PASS)
    assert asked == [0, 3, 2, 1]  # counter-clockwise from the first leader, the dealer's right
    assert (state.phase, state.to_play, state.turned_on_table) == ("play", 0, True)
