"""The deal lifecycle: shuffle, cut and packets, first leader, trump choice (delegation,
blind no-trump), the call ladder, the early-look throw-in, card play and the result.

Seats are numbered clockwise, so the player after seat d clockwise (d + 1) is d's left
neighbour and d - 1 its right neighbour.
"""

from __future__ import annotations

import hashlib
import random
import struct

import pytest

import manille_variants as mv
from manille_variants.cards import DECK, Card, Suit
from manille_variants.engine import compile_rules
from manille_variants.engine.actions import (
    BLIND,
    DELEGATE,
    LOOK,
    NO_TRUMP,
    PASS,
    THROW_IN,
    AnyAction,
    call_action,
    trump_action,
)
from manille_variants.engine.deal import DealState, shuffled_deck
from manille_variants.engine.reference import _from_digest
from manille_variants.engine.tricks import trick_winner
from manille_variants.ruleset.schema import Ruleset

BELGIAN = ["table-convention", "belgian", "belgian-capped"]
FR = "french-coinchee"
SPADES = trump_action(Suit.S)


def rs(name: str) -> Ruleset:
    return mv.load_ruleset(name)


def expected_hands(seed: int, dealer: int, packets: list[int], step: int) -> list[set[Card]]:
    """Deal by hand: cut the shuffled pack, then packets in turn from the player after the
    dealer in the direction of play, the dealer last."""
    order, cut = shuffled_deck(seed)
    pack = [DECK[i] for i in order[cut:] + order[:cut]]
    hands: list[set[Card]] = [set(), set(), set(), set()]
    for size in packets:
        for k in range(1, 5):
            seat = (dealer + k * step) % 4
            hands[seat].update(pack[:size])
            pack = pack[size:]
    assert not pack
    return hands


def to_play_phase(state: DealState, first: AnyAction | None = None) -> DealState:
    """Make ``first`` the dealer's first decision (default: look, then spades), then name
    spades when asked and pass every call."""
    if first is not None:
        state = state.apply(LOOK if state.phase == "blind" and first is not BLIND else first)
        if first is not BLIND and state.phase == "trump" and state.chooser is None:
            state = state.apply(first)
    while state.phase != "play":
        if state.phase == "blind":
            state = state.apply(LOOK)
        elif state.phase == "trump":
            state = state.apply(SPADES)
        else:
            state = state.apply(PASS)
    return state


def play_out(state: DealState, seed: int = 0) -> DealState:
    rng = random.Random(seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


# --------------------------------------------------------------------------------------
# Shuffle, cut, packets.


@pytest.mark.parametrize("name", BELGIAN)
@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_belgian_deals_3_2_3_clockwise_starting_left(name: str, dealer: int) -> None:
    for seed in (1, 2, 99):
        state = mv.new_deal(rs(name), seed=seed, dealer=dealer)
        assert [set(h) for h in state.hands] == expected_hands(seed, dealer, [3, 2, 3], +1)


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_french_deals_4_4_counter_clockwise_starting_right(dealer: int) -> None:
    for seed in (1, 2, 99):
        state = mv.new_deal(rs(FR), seed=seed, dealer=dealer)
        assert [set(h) for h in state.hands] == expected_hands(seed, dealer, [4, 4], -1)


def test_belgian_left_neighbour_receives_the_first_three_cards() -> None:
    order, cut = shuffled_deck(5)
    pack = order[cut:] + order[:cut]
    state = mv.new_deal(rs("belgian"), seed=5, dealer=2)
    assert {DECK[i] for i in pack[:3]} <= set(state.hand(3))
    assert {DECK[i] for i in pack[9:12]} <= set(state.hand(2))  # the dealer, last of the round


def test_french_right_neighbour_receives_the_first_four_cards() -> None:
    order, cut = shuffled_deck(5)
    pack = order[cut:] + order[:cut]
    state = mv.new_deal(rs(FR), seed=5, dealer=2)
    assert {DECK[i] for i in pack[:4]} <= set(state.hand(1))
    assert {DECK[i] for i in pack[4:8]} <= set(state.hand(0))


def test_shuffle_is_a_seeded_permutation_with_a_real_cut() -> None:
    order, cut = shuffled_deck(7)
    assert sorted(order) == list(range(32)) and 1 <= cut <= 31
    assert shuffled_deck(7) == (order, cut)
    assert shuffled_deck(8) != (order, cut)
    assert mv.new_deal(rs("belgian"), 7, 0).cut == cut


def _reference_shuffle(digest: bytes) -> tuple[list[int], int]:
    """The shuffle as defined: cards sorted by the 32-bit little-endian words of the digest
    (ties: lower card first), the 33rd word giving the cut."""
    words = struct.unpack("<33I", digest)
    return sorted(range(32), key=words.__getitem__), 1 + words[32] % 31


def test_shuffle_matches_its_definition_for_many_seeds() -> None:
    for seed in [*range(3000), 2**40 + 7, 10**30, -5]:
        digest = hashlib.shake_128(b"manille:%d" % seed).digest(132)
        assert shuffled_deck(seed) == _reference_shuffle(digest)


@pytest.mark.parametrize(
    "words",
    [
        [0] * 33,  # every key tied: the cards in index order
        [7, 7, 3, 3, 0xFFFFFFFF, 0xFFFFFFFF, 0, 0] * 4 + [30],  # ties and extreme keys
        [*range(31, -1, -1), 0],  # reversed
        [random.Random(s).getrandbits(32) for s in range(33)],
    ],
)
def test_shuffle_fast_sort_equals_the_definition_on_ties_and_extremes(words: list[int]) -> None:
    digest = struct.pack("<33I", *words)
    order, cut = _from_digest(digest)
    assert (list(order), cut) == _reference_shuffle(digest)


def test_custom_packets_are_dealt_as_given() -> None:
    data = rs("table-convention").model_dump()
    data["dealing"]["packets"] = [2, 3, 3]
    custom = Ruleset.model_validate(data)
    state = mv.new_deal(custom, seed=11, dealer=1)
    assert [set(h) for h in state.hands] == expected_hands(11, 1, [2, 3, 3], +1)


def test_cutter_is_the_right_neighbour_in_belgium_and_the_left_in_france() -> None:
    assert compile_rules(rs("belgian")).cutter_offset == -1  # dealer - 1: right neighbour
    assert compile_rules(rs(FR)).cutter_offset == +1  # dealer + 1: left neighbour


# --------------------------------------------------------------------------------------
# First leader, direction of play.


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_belgian_first_leader_is_the_dealers_left(dealer: int) -> None:
    state = to_play_phase(mv.new_deal(rs("belgian"), seed=3, dealer=dealer))
    assert state.to_play == state.leader == (dealer + 1) % 4


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_french_first_leader_is_the_dealers_right(dealer: int) -> None:
    state = to_play_phase(mv.new_deal(rs(FR), seed=3, dealer=dealer))
    assert state.to_play == state.leader == (dealer - 1) % 4


@pytest.mark.parametrize(("name", "step"), [("belgian", 1), (FR, -1)])
def test_play_goes_round_in_the_rulesets_direction(name: str, step: int) -> None:
    state = to_play_phase(mv.new_deal(rs(name), seed=3, dealer=0))
    seats = []
    for _ in range(4):
        seats.append(state.to_play)
        state = state.apply(state.legal_actions()[0])
    assert seats == [(seats[0] + k * step) % 4 for k in range(4)]


def test_trick_winner_leads_the_next_trick() -> None:
    state = to_play_phase(mv.new_deal(rs("belgian"), seed=4, dealer=1))
    for _ in range(4):
        state = state.apply(state.legal_actions()[-1])
    leader, cards, winner = state.tricks[0]
    assert state.trick == () and state.to_play == state.leader == winner
    assert len(cards) == 4 and leader == 2


def test_an_empty_trick_has_no_winner() -> None:
    # docs/rules.md#common-ground: a trick is won by a card played to it; none played, no winner.
    with pytest.raises(ValueError, match=r"^an empty trick has no winner$"):
        trick_winner(compile_rules(rs("belgian")), [], Suit.S)


# --------------------------------------------------------------------------------------
# Trump choice: dealer alone vs delegation; blind no-trump.


@pytest.mark.parametrize("name", BELGIAN)
def test_belgian_dealer_names_trump_alone_and_cannot_pass(name: str) -> None:
    state = mv.new_deal(rs(name), seed=1, dealer=3)
    if state.phase == "blind":
        state = state.apply(LOOK)
    assert state.phase == "trump" and state.to_play == 3
    actions = state.legal_actions()
    assert DELEGATE not in actions and PASS not in actions
    assert actions == [*(trump_action(s) for s in Suit), NO_TRUMP]
    with pytest.raises(mv.IllegalPlayError, match="delegate is not possible now"):
        state.apply(DELEGATE)


def test_french_dealer_may_delegate_to_the_partner_who_must_choose() -> None:
    state = mv.new_deal(rs(FR), seed=1, dealer=3)
    assert state.phase == "trump" and DELEGATE in state.legal_actions()
    assert not state.has_looked(1)
    state = state.apply(DELEGATE)
    assert (state.to_play, state.chooser) == (1, 1)
    assert state.has_looked(1)
    assert DELEGATE not in state.legal_actions() and PASS not in state.legal_actions()
    state = state.apply(trump_action(Suit.H))
    assert (state.trump, state.chooser, state.mode) == ("H", 1, "trump")


def test_french_contract_side_is_the_dealers_team_when_the_partner_names_trump() -> None:
    state = play_out(to_play_phase(mv.new_deal(rs(FR), seed=8, dealer=3), DELEGATE), seed=3)
    team = state.dealer_team
    assert state.result is not None
    assert state.result.card_points[0] == state.points[team]
    assert state.result.tricks[0] == state.tricks_won[team]


def test_blind_no_trump_is_offered_before_the_dealer_looks() -> None:
    state = mv.new_deal(rs("belgian"), seed=2, dealer=1)
    assert state.phase == "blind" and state.to_play == 1
    assert state.legal_actions() == [LOOK, BLIND]
    assert not state.has_looked(1) and state.view(1).hand == ()
    looked = state.apply(LOOK)
    assert looked.phase == "trump" and BLIND not in looked.legal_actions()
    assert len(looked.view(1).hand) == 8
    blind = state.apply(BLIND)
    assert (blind.mode, blind.trump, blind.chooser) == ("blind", None, 1)
    assert blind.phase == "calls"


@pytest.mark.parametrize("name", ["table-convention", FR])
def test_blind_no_trump_not_offered_where_not_allowed(name: str) -> None:
    state = mv.new_deal(rs(name), seed=2, dealer=1)
    assert state.phase == "trump" and BLIND not in state.legal_actions()
    with pytest.raises(mv.IllegalPlayError):
        state.apply(BLIND)


def test_blind_no_trump_only_when_behind_by() -> None:
    data = rs("belgian").model_dump()
    data["trump"]["blind_no_trump"]["only_when_behind_by"] = 20
    custom = Ruleset.model_validate(data)
    assert mv.new_deal(custom, 1, dealer=0, scores=(0, 0)).phase == "trump"
    assert mv.new_deal(custom, 1, dealer=0, scores=(0, 19)).phase == "trump"
    assert mv.new_deal(custom, 1, dealer=0, scores=(0, 20)).phase == "blind"
    assert mv.new_deal(custom, 1, dealer=2, scores=(10, 45)).phase == "blind"
    assert mv.new_deal(custom, 1, dealer=1, scores=(0, 20)).phase == "trump"  # ahead
    assert mv.new_deal(custom, 1, dealer=1, scores=(30, 5)).phase == "blind"


def test_blind_deal_scores_with_the_blind_factor() -> None:
    state = play_out(to_play_phase(mv.new_deal(rs("belgian"), seed=6, dealer=0), BLIND))
    assert state.result is not None and state.result.mode == "blind"
    if not state.result.tied:
        assert {f.name: f.value for f in state.result.factors}.get("blind") == 4


def test_dealers_partner_does_not_see_the_hand_before_trump() -> None:
    state = mv.new_deal(rs("belgian"), seed=2, dealer=1).apply(LOOK)
    assert not state.has_looked(3) and state.view(3).hand == ()
    assert state.has_looked(0) and state.has_looked(2)
    state = state.apply(SPADES)
    assert state.has_looked(3)


# --------------------------------------------------------------------------------------
# The call ladder.


def test_belgian_ik_ga_mee_by_an_opponent_then_ik_ga_tegen_by_the_contract_side() -> None:
    mee, tegen = call_action("ik-ga-mee"), call_action("ik-ga-tegen")
    state = mv.new_deal(rs("belgian"), seed=3, dealer=2).apply(LOOK).apply(SPADES)
    # Opponents are asked first, from the first leader (seat 3), in the direction of play.
    assert (state.phase, state.to_play) == ("calls", 3)
    assert state.legal_actions() == [PASS, mee]
    state = state.apply(PASS)
    assert (state.to_play, state.legal_actions()) == (1, [PASS, mee])
    state = state.apply(mee)
    # Only the contract side may reply, never with another mee: asked in the direction of
    # play after the caller (seat 1), so the dealer (2) first, then the partner (0).
    assert (state.to_play, state.legal_actions()) == (2, [PASS, tegen])
    state = state.apply(PASS)
    assert (state.to_play, state.legal_actions()) == (0, [PASS, tegen])
    state = state.apply(tegen)
    assert (state.phase, state.to_play, state.calls) == ("play", 3, ("ik-ga-mee", "ik-ga-tegen"))


def test_calls_end_when_every_opponent_passes() -> None:
    state = mv.new_deal(rs("belgian"), seed=3, dealer=2).apply(LOOK).apply(SPADES)
    state = state.apply(PASS).apply(PASS)
    assert (state.phase, state.calls) == ("play", ())


def test_contract_side_cannot_open_and_reply_needs_the_call_before() -> None:
    state = mv.new_deal(rs("belgian"), seed=3, dealer=2).apply(LOOK).apply(SPADES)
    with pytest.raises(mv.IllegalPlayError, match="call:ik-ga-tegen is not possible now"):
        state.apply(call_action("ik-ga-tegen"))


def test_french_contre_then_surcontre() -> None:
    state = mv.new_deal(rs(FR), seed=3, dealer=2).apply(NO_TRUMP)
    assert (state.to_play, state.legal_actions()) == (1, [PASS, call_action("contre")])
    state = state.apply(call_action("contre"))
    assert state.to_play in (0, 2)
    assert state.legal_actions() == [PASS, call_action("surcontre")]
    state = state.apply(call_action("surcontre"))
    assert (state.phase, state.calls) == ("play", ("contre", "surcontre"))


def test_calls_are_allowed_at_no_trump_and_stack_with_it() -> None:
    state = mv.new_deal(rs("belgian"), seed=9, dealer=0).apply(LOOK).apply(NO_TRUMP)
    state = state.apply(call_action("ik-ga-mee")).apply(PASS).apply(PASS)
    state = play_out(state, seed=1)
    assert state.result is not None and state.result.calls == 1
    if not state.result.tied:
        assert state.result.factor == 4


def test_table_convention_has_no_calls() -> None:
    state = mv.new_deal(rs("table-convention"), seed=3, dealer=2).apply(SPADES)
    assert state.phase == "play"


# --------------------------------------------------------------------------------------
# Early look: thrown in.


@pytest.mark.parametrize("name", BELGIAN)
def test_early_look_throws_the_deal_in(name: str) -> None:
    state = mv.new_deal(rs(name), seed=3, dealer=2, pending_ties=1)
    assert THROW_IN not in state.legal_actions()
    thrown = state.apply(THROW_IN)
    assert thrown.is_over and thrown.thrown_in
    assert thrown.result is not None
    assert (thrown.result.team_a, thrown.result.team_b, thrown.result.pending_ties) == (0, 0, 1)


def test_no_throw_in_once_trump_is_named_or_in_france() -> None:
    state = to_play_phase(mv.new_deal(rs("belgian"), seed=3, dealer=2))
    with pytest.raises(mv.IllegalPlayError, match="only before trump is named"):
        state.apply(THROW_IN)
    with pytest.raises(mv.IllegalPlayError, match="no early-look throw-in"):
        mv.new_deal(rs(FR), seed=3, dealer=2).apply(THROW_IN)


# --------------------------------------------------------------------------------------
# Playing cards.


def test_apply_returns_a_new_state_and_leaves_the_old_one_unchanged() -> None:
    state = to_play_phase(mv.new_deal(rs("belgian"), seed=4, dealer=0))
    hands = [list(h) for h in state.hands]
    card = state.legal_actions()[0]
    after = state.apply(card)
    assert [list(h) for h in state.hands] == hands and state.trick == ()
    assert after.trick == (card,) and card not in after.hand(state.to_play)


def test_branching_from_a_decision_keeps_every_branch_intact() -> None:
    # A search may try several trumps from the same state: each branch plays its own trump,
    # and creating (or replaying) one branch changes nothing in another.
    state = mv.new_deal(rs("table-convention"), seed=11, dealer=1)
    rng = random.Random(3)
    branches: dict[Suit, list[DealState]] = {}
    for suit in (Suit.S, Suit.H, Suit.S, Suit.C):
        branch = state.apply(trump_action(suit))
        for _ in range(9):
            branch = branch.apply(rng.choice(branch.legal_actions()))
        branches.setdefault(suit, []).append(branch)
    for suit, found in branches.items():
        for branch in found:
            assert branch.trump == suit.name
            assert branch.legal_card_mask() == sum(c.bit for c in mv.explain_legal(
                rs("table-convention"), branch.hand(branch.to_play), list(branch.trick), branch.trump).cards)
            assert mv.replay(rs("table-convention"), 11, 1, branch.actions) == branch
    root = mv.new_deal(rs("belgian"), seed=11, dealer=1)
    thrown = root.apply(THROW_IN)
    played = to_play_phase(root)  # the same deal, played on after all
    assert thrown.thrown_in and thrown.actions == (THROW_IN,) and thrown.trump is None
    assert not played.is_over and played.trump == "S" and THROW_IN not in played.actions


def test_a_card_not_in_the_hand_is_illegal_and_says_so() -> None:
    state = to_play_phase(mv.new_deal(rs("belgian"), seed=4, dealer=0))
    other = state.hand((state.to_play + 1) % 4)[0]
    with pytest.raises(mv.IllegalPlayError, match=f"{other} is not in seat"):
        state.apply(other)


def test_an_illegal_card_says_why() -> None:
    # Find a position where the legal set is smaller than the hand, then play a card outside.
    state = to_play_phase(mv.new_deal(rs("belgian"), seed=4, dealer=0))
    rng = random.Random(0)
    while set(state.legal_actions()) == set(state.hand(state.to_play)):
        state = state.apply(rng.choice(state.legal_actions()))
    wrong = next(c for c in state.hand(state.to_play) if c not in state.legal_actions())
    with pytest.raises(mv.IllegalPlayError, match=f"{wrong} is not legal for seat") as info:
        state.apply(wrong)
    assert state.explain() in str(info.value)


def test_a_card_before_the_play_is_illegal() -> None:
    state = mv.new_deal(rs("table-convention"), seed=4, dealer=0)
    with pytest.raises(mv.IllegalPlayError, match="not possible now"):
        state.apply(state.hand(0)[0])


@pytest.mark.parametrize("action", [PASS, SPADES])
def test_a_decision_during_the_play_is_an_illegal_play_error(action: AnyAction) -> None:
    state = to_play_phase(mv.new_deal(rs("belgian"), seed=4, dealer=0))
    with pytest.raises(mv.IllegalPlayError, match="not possible now"):
        state.apply(action)


def test_a_finished_deal_accepts_no_action() -> None:
    state = play_out(to_play_phase(mv.new_deal(rs("belgian"), seed=4, dealer=0)))
    assert state.legal_actions() == []
    with pytest.raises(mv.IllegalPlayError, match="the deal is over"):
        state.apply(PASS)


def test_result_is_scored_from_the_dealers_side() -> None:
    for dealer in range(4):
        state = play_out(to_play_phase(mv.new_deal(rs("belgian"), seed=10, dealer=dealer)))
        result = state.result
        assert result is not None
        team = dealer & 1
        assert result.card_points == (state.points[team], state.points[1 - team])
        assert result.tricks == (state.tricks_won[team], state.tricks_won[1 - team])


def test_pending_ties_reach_the_result() -> None:
    state = play_out(to_play_phase(mv.new_deal(rs("belgian"), seed=12, dealer=0, pending_ties=2)))
    assert state.result is not None and state.result.pending_ties == 2
    if not state.result.tied:
        assert {f.name: f.value for f in state.result.factors}["tie"] == 4


def test_replay_from_record_texts_gives_an_equal_state() -> None:
    state = play_out(to_play_phase(mv.new_deal(rs("belgian"), seed=13, dealer=3)))
    texts = [str(a) for a in state.actions]
    assert texts[0] in ("look", "blind")
    again = mv.replay(rs("belgian"), 13, 3, texts)
    assert again == state and again.result == state.result


def test_given_hands_replace_the_shuffle_and_replay() -> None:
    ruleset = rs("belgian")
    shuffled = mv.new_deal(ruleset, seed=3, dealer=1)
    typed = [" ".join(map(str, hand)) for hand in shuffled.hands]
    state = mv.new_deal(ruleset, seed=99, dealer=1, hands=typed)
    assert state.hands == shuffled.hands == state.dealt_hands
    rng = random.Random(5)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    assert mv.replay(ruleset, 99, 1, state.actions, hands=typed) == state
    assert state.dealt_hands == shuffled.hands
    assert mv.replay(ruleset, 99, 1, []) != mv.new_deal(ruleset, 99, 1, hands=typed)


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        (["AS KS"], "give four hands in seat order"),
        (["AS KS QS JS 10S 9S 8S 7S"] * 4, "already in another hand"),
        (["AS KS QS JS 10S 9S 8S", "AH", "AD", "AC"], "seat 0: a hand holds 8 cards"),
        (["AS KS QS JS 10S 9S 8S 11S", "", "", ""], "not a card: '11S'"),
    ],
)
def test_given_hands_are_checked(hands: list[str], message: str) -> None:
    with pytest.raises(mv.CardError, match=message):
        mv.new_deal(rs("belgian"), seed=1, dealer=0, hands=hands)
