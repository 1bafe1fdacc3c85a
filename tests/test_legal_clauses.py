"""One scenario per play-obligation clause (docs/rules.md, "Play obligations"), Belgian and
French, plus every alternative reading the schema can express.

Every scenario goes through :func:`agreed`: the readable filter (``explain_legal``), the public
``legal_cards`` and the compiled fast path (``legal_mask``) must give the same cards, so a
broken branch in any of them fails the scenario of its clause.

Positions are written from the seat about to play: the trick is in play order from its
leader, so with one card down its leader is an opponent, with two the first card is the
partner's, with three the middle card is the partner's.  Spades are trump unless a test
says otherwise.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from clause_positions import CLAUSE_POSITIONS

import manille_variants as mv
from manille_variants.cards import mask_of, parse_cards
from manille_variants.engine import compile_rules
from manille_variants.engine.legality import CLAUSES, Legality, legal_mask, parse_trump
from manille_variants.engine.tricks import trick_winner
from manille_variants.ruleset.plugins import LegalContext, register_rule
from manille_variants.ruleset.schema import Ruleset

BELGIAN = ["table-convention", "belgian", "belgian-capped"]


def ruleset(name: str) -> Ruleset:
    return mv.load_ruleset(name)


def with_play(base: str | Ruleset, **play: Any) -> Ruleset:
    """A custom ruleset: ``base`` with some play-obligation settings changed."""
    rs = mv.load_ruleset(base) if isinstance(base, str) else base
    return rs.model_copy(update={"play": rs.play.model_copy(update=play)})


def fast_path(rs: Ruleset, hand: str, trick: str, trump: str | mv.Suit | None) -> int:
    """The legal cards as the deal engine computes them: the compiled bitmask fast path."""
    rules = compile_rules(rs)
    cards, played, suit = parse_cards(hand), parse_cards(trick), parse_trump(trump)
    t = -1 if suit is None else int(suit)
    if not played:
        return legal_mask(rules, mask_of(cards), -1, -1, False, t)
    win = trick_winner(rules, played, suit)
    return legal_mask(rules, mask_of(cards), played[0].suit, played[win].index, len(played) - win == 2, t)


def agreed(rs: str | Ruleset, hand: str, trick: str, trump: str | mv.Suit | None = "S") -> Legality:
    """``explain_legal``'s verdict, once ``legal_cards`` and the fast path agree with it."""
    rules = mv.load_ruleset(rs) if isinstance(rs, str) else rs
    verdict = mv.explain_legal(rules, hand, trick, trump)
    assert mv.legal_cards(rules, hand, trick, trump) == verdict.cards, "legal_cards disagrees"
    as_cards = mv.legal_cards(rules, parse_cards(hand), parse_cards(trick), trump)  # the core's answer
    assert as_cards == verdict.cards, "legal_cards on cards disagrees"
    assert fast_path(rules, hand, trick, trump) == mask_of(verdict.cards), "the fast path disagrees"
    return verdict


def legal(
    rs: str | Ruleset, hand: str, trick: str, trump: str | mv.Suit | None = "S"
) -> list[str]:
    return [str(c) for c in agreed(rs, hand, trick, trump).cards]


def explain(
    rs: str | Ruleset, hand: str, trick: str, trump: str | mv.Suit | None = "S"
) -> Legality:
    return agreed(rs, hand, trick, trump)


# --------------------------------------------------------------------------------------
# Belgian 1 (docs/rules.md#belgian-obligations): holding the led suit, you must play it.


@pytest.mark.parametrize("name", BELGIAN)
def test_belgian_holding_led_suit_must_follow_not_trump(name: str) -> None:
    # Partner's A♥ wins; 10♠ would win the trick but following is compulsory.
    assert legal(name, "8H 9H 10S AD", "AH 7H") == ["8H", "9H"]


@pytest.mark.parametrize("name", BELGIAN)
def test_belgian_opponent_wins_with_led_suit_must_beat_if_able(name: str) -> None:
    verdict = explain(name, "QC 7C 8H", "JC", "D")
    assert [str(c) for c in verdict.cards] == ["QC"]
    assert verdict.clause == "beat-opponent"
    assert verdict.reason == "an opponent's J♣ holds the trick and you can beat it: play Q♣"


@pytest.mark.parametrize("name", BELGIAN)
def test_belgian_opponent_wins_with_led_suit_after_partner_must_beat(name: str) -> None:
    # Opponent 7♥, partner 8♥, opponent Q♥ now wins: beat the Q♥.
    assert legal(name, "KH 9H AS", "7H 8H QH") == ["KH"]


@pytest.mark.parametrize("name", BELGIAN)
def test_belgian_cannot_beat_opponent_any_card_of_led_suit(name: str) -> None:
    verdict = explain(name, "QC 7C 8H", "AC", "D")
    assert [str(c) for c in verdict.cards] == ["QC", "7C"]
    assert verdict.clause == "follow-suit"
    assert "you cannot beat A♣" in verdict.reason


@pytest.mark.parametrize("name", BELGIAN)
def test_belgian_beat_opponent_also_on_trump_lead(name: str) -> None:
    assert legal(name, "KS 8S AH", "QS") == ["KS"]


@pytest.mark.parametrize("name", BELGIAN)
def test_belgian_beat_opponent_also_at_no_trump(name: str) -> None:
    assert legal(name, "KH 8H AS", "QH", None) == ["KH"]


@pytest.mark.parametrize("name", BELGIAN)
def test_belgian_partner_wins_any_card_of_led_suit(name: str) -> None:
    verdict = explain(name, "KH 8H AS", "QH 7H")
    assert [str(c) for c in verdict.cards] == ["KH", "8H"]
    assert verdict.clause == "follow-suit"
    assert "your partner holds the trick" in verdict.reason


@pytest.mark.parametrize("name", BELGIAN)
def test_belgian_partner_wins_trump_lead_no_duty_to_beat(name: str) -> None:
    assert legal(name, "KS 8S AH", "QS 7S") == ["KS", "8S"]


@pytest.mark.parametrize("name", BELGIAN)
def test_belgian_trumped_trick_any_card_of_led_suit(name: str) -> None:
    # Partner led Q♥, the opponent trumped with 8♠: follow hearts, no duty to overtrump.
    verdict = explain(name, "KH 7H AD 9S", "QH 8S")
    assert [str(c) for c in verdict.cards] == ["KH", "7H"]
    assert verdict.clause == "follow-suit"
    assert "the trick is trumped" in verdict.reason


# --------------------------------------------------------------------------------------
# Belgian 2 (docs/rules.md#belgian-obligations): void in the led suit.


@pytest.mark.parametrize("name", BELGIAN)
def test_belgian_void_at_no_trump_any_card(name: str) -> None:
    verdict = explain(name, "AS 7D 10C", "QH", None)
    assert [str(c) for c in verdict.cards] == ["AS", "7D", "10C"]
    assert verdict.clause == "discard"


@pytest.mark.parametrize("name", BELGIAN)
def test_belgian_void_without_trumps_any_card(name: str) -> None:
    assert legal(name, "AD 7C", "QH") == ["AD", "7C"]


@pytest.mark.parametrize("name", BELGIAN)
def test_belgian_void_opponent_plain_card_wins_must_trump_any_trump(name: str) -> None:
    verdict = explain(name, "7S AS AD", "QH")
    assert [str(c) for c in verdict.cards] == ["7S", "AS"]
    assert verdict.clause == "trump-opponent"


@pytest.mark.parametrize("name", BELGIAN)
def test_belgian_void_opponent_wins_after_partner_must_trump(name: str) -> None:
    # Opponent 7♥, partner Q♥, opponent K♥ wins.
    assert legal(name, "7S AD", "7H QH KH") == ["7S"]


@pytest.mark.parametrize("name", BELGIAN)
def test_belgian_void_opponent_trump_wins_must_overtrump(name: str) -> None:
    verdict = explain(name, "9S 7S AD", "QH 8S")
    assert [str(c) for c in verdict.cards] == ["9S"]
    assert verdict.clause == "overtrump-opponent"


@pytest.mark.parametrize("name", BELGIAN)
def test_belgian_void_opponent_trump_wins_cannot_overtrump_discards_not_undertrump(
    name: str,
) -> None:
    verdict = explain(name, "9S 7S AD KC", "QH AS")
    assert [str(c) for c in verdict.cards] == ["AD", "KC"]
    assert verdict.clause == "no-undertrump"


@pytest.mark.parametrize("name", BELGIAN)
def test_belgian_only_lower_trumps_left_may_undertrump(name: str) -> None:
    verdict = explain(name, "9S 7S", "QH AS")
    assert [str(c) for c in verdict.cards] == ["9S", "7S"]
    assert verdict.clause == "only-lower-trumps"


@pytest.mark.parametrize("name", BELGIAN)
def test_belgian_void_partner_plain_card_wins_need_not_trump(name: str) -> None:
    verdict = explain(name, "7S AD", "AH 7H")
    assert [str(c) for c in verdict.cards] == ["7S", "AD"]
    assert verdict.clause == "partner-wins"


@pytest.mark.parametrize("name", BELGIAN)
def test_belgian_undertrump_ban_also_when_partner_trump_wins(name: str) -> None:
    # Opponent led Q♥, partner trumped 9♠, opponent discarded 7♦: a higher trump or a
    # non-trump, never the 7♠.
    verdict = explain(name, "10S 7S AD", "QH 9S 7D")
    assert [str(c) for c in verdict.cards] == ["10S", "AD"]
    assert verdict.clause == "no-undertrump"
    assert legal(name, "7S AD", "QH 9S 7D") == ["AD"]


@pytest.mark.parametrize("name", BELGIAN)
def test_belgian_partner_trump_wins_only_lower_trumps_may_undertrump(name: str) -> None:
    assert legal(name, "7S 8S", "QH 9S 7D") == ["7S", "8S"]


@pytest.mark.parametrize("name", BELGIAN)
def test_no_undertrump_ban_on_trump_lead(name: str) -> None:
    # The undertrump ban never excuses failing to follow a trump lead.
    assert legal(name, "7S AD", "AS") == ["7S"]
    assert legal(name, "8S KD", "10S 7S") == ["8S"]


# --------------------------------------------------------------------------------------
# French coinchée (docs/rules.md, "French obligations", source 003 read literally).

FR = "french-coinchee"


def test_french_opponent_wins_with_led_suit_must_beat_if_able() -> None:
    assert legal(FR, "QC 7C 8H", "JC", "D") == ["QC"]


def test_french_partner_wins_with_led_suit_no_duty_to_beat() -> None:
    assert legal(FR, "KH 8H AS", "QH 7H") == ["KH", "8H"]


def test_french_trumped_trick_any_card_of_led_suit() -> None:
    assert legal(FR, "KH 7H AD 9S", "QH 8S") == ["KH", "7H"]


def test_french_void_opponent_plain_card_wins_must_trump() -> None:
    assert legal(FR, "7S AS AD", "QH") == ["7S", "AS"]


def test_french_must_trump_even_when_partner_wins_with_plain_card() -> None:
    verdict = explain(FR, "7S AD", "AH 7H")
    assert [str(c) for c in verdict.cards] == ["7S"]
    assert verdict.clause == "trump-partner"


def test_french_opponent_trump_wins_must_overtrump_if_able() -> None:
    assert legal(FR, "9S 7S AD", "QH 8S") == ["9S"]


def test_french_cannot_overtrump_any_card_lower_trump_allowed_never_required() -> None:
    verdict = explain(FR, "9S AD", "QH AS")
    assert [str(c) for c in verdict.cards] == ["9S", "AD"]
    assert verdict.clause == "any-card"


def test_french_partner_already_trumped_any_card() -> None:
    # "except if the partner has already done so": no duty to trump or overtrump.
    assert legal(FR, "10S 7S AD", "QH 9S 7D") == ["10S", "7S", "AD"]


def test_french_void_at_no_trump_follow_or_discard() -> None:
    assert legal(FR, "7S AD", "QH", None) == ["7S", "AD"]
    assert legal(FR, "KH 8H 7S", "QH", None) == ["KH"]


def test_french_no_undertrump_ban_on_trump_lead() -> None:
    assert legal(FR, "7S AD", "AS") == ["7S"]


# --------------------------------------------------------------------------------------
# Other readings (docs/rules.md#other-readings), as custom rulesets.


def test_beat_partner_on_trump_lead_when_set() -> None:
    rs = with_play("belgian", beat_partner_on_trump_lead=True)
    verdict = explain(rs, "KS 8S AH", "QS 7S")
    assert [str(c) for c in verdict.cards] == ["KS"]
    assert verdict.clause == "beat-partner-trump-lead"
    # Only on a trump lead: a partner's plain card need not be beaten.
    assert legal(rs, "KH 8H AS", "QH 7H") == ["KH", "8H"]


def test_beat_partner_on_trump_lead_when_set_but_cannot_beat() -> None:
    # docs/rules.md#beat-partner-trump-lead: the duty holds, so the reason is the card, not the partner.
    rs = with_play("belgian", beat_partner_on_trump_lead=True)
    verdict = explain(rs, "KS 8S AH", "AS 7S")
    assert [str(c) for c in verdict.cards] == ["KS", "8S"]
    assert verdict.clause == "follow-suit"
    assert verdict.reason == "follow suit (you cannot beat A♠): any ♠"

def test_french_family_without_duty_to_trump_when_partner_wins() -> None:
    rs = with_play(FR, trump_when_partner_wins=False)
    verdict = explain(rs, "7S AD", "AH 7H")
    assert [str(c) for c in verdict.cards] == ["7S", "AD"]
    assert verdict.clause == "partner-wins"
    assert legal(rs, "7S AD", "QH") == ["7S"]  # an opponent's card still must be trumped


def test_belgian_family_with_french_duty_to_trump_when_partner_wins() -> None:
    rs = with_play("table-convention", trump_when_partner_wins=True)
    assert legal(rs, "7S AD", "AH 7H") == ["7S"]


def test_undertrump_forbidden_only_if_can_overtrump() -> None:
    rs = with_play("belgian", undertrump="forbidden-if-can-overtrump")
    # Partner's 9♠ wins; holding the 10♠ you may not play the 7♠.
    verdict = explain(rs, "10S 7S AD", "QH 9S 7D")
    assert [str(c) for c in verdict.cards] == ["10S", "AD"]
    assert verdict.clause == "no-undertrump-when-can-overtrump"
    # Without a higher trump, the lower one is allowed.
    assert legal(rs, "8S 7S AD", "QH 9S 7D") == ["8S", "7S", "AD"]
    # Against an opponent's trump you cannot beat: any card.
    assert legal(rs, "9S AD", "QH AS") == ["9S", "AD"]


def test_undertrump_required_when_opponent_trump_wins_and_cannot_overtrump() -> None:
    rs = with_play("belgian", undertrump="required")
    verdict = explain(rs, "9S AD", "QH AS")
    assert [str(c) for c in verdict.cards] == ["9S"]
    assert verdict.clause == "undertrump-required"
    # Not when the partner's trump wins.
    assert legal(rs, "7S AD", "QH 9S 7D") == ["7S", "AD"]
    # Overtrumping still comes first.
    assert legal(rs, "10S 9S AD", "QH AS") == ["10S"]


def test_undertrump_allowed_any_card() -> None:
    rs = with_play("belgian", undertrump="allowed")
    assert legal(rs, "9S AD", "QH AS") == ["9S", "AD"]
    assert legal(rs, "7S AD", "QH 9S 7D") == ["7S", "AD"]


def test_no_overtaking_at_no_trump_when_beat_at_no_trump_false() -> None:
    rs = with_play("belgian", beat_at_no_trump=False)
    verdict = explain(rs, "KH 8H AS", "QH", None)
    assert [str(c) for c in verdict.cards] == ["KH", "8H"]
    assert "no duty to beat at no-trump" in verdict.reason
    assert legal(rs, "KH 8H AS", "QH", "S") == ["KH"]  # still at a trump deal


def test_overtrump_partner_when_set() -> None:
    rs = with_play("belgian", overtrump_partner=True)
    verdict = explain(rs, "10S 7S AD", "QH 9S 7D")
    assert [str(c) for c in verdict.cards] == ["10S"]
    assert verdict.clause == "overtrump-partner"
    # Cannot overtrump: the undertrump ban still applies.
    assert legal(rs, "7S AD", "QH 9S 7D") == ["AD"]


def test_no_duty_to_beat_opponent_when_beat_opponent_false() -> None:
    rs = with_play("belgian", beat_opponent=False)
    verdict = explain(rs, "QC 7C 8H", "JC", "D")
    assert [str(c) for c in verdict.cards] == ["QC", "7C"]
    assert "no duty to beat" in verdict.reason


def test_no_duty_to_trump_opponent_when_trump_when_opponent_wins_false() -> None:
    rs = with_play("belgian", trump_when_opponent_wins=False)
    verdict = explain(rs, "7S AS AD", "QH")
    assert [str(c) for c in verdict.cards] == ["7S", "AS", "AD"]
    assert verdict.clause == "trump-optional"


def test_no_duty_to_overtrump_opponent_when_overtrump_opponent_false() -> None:
    rs = with_play("belgian", overtrump_opponent=False)
    # The undertrump ban still removes the lower trump.
    assert legal(rs, "9S 7S AD", "QH 8S") == ["9S", "AD"]
    assert legal(with_play(rs, undertrump="allowed"), "9S 7S AD", "QH 8S") == ["9S", "7S", "AD"]


# --------------------------------------------------------------------------------------
# Leading, reasons, errors.


@pytest.mark.parametrize("name", [*BELGIAN, FR])
def test_leading_any_card(name: str) -> None:
    verdict = explain(name, "AS 7D 10C", "")
    assert verdict.clause == "lead"
    assert [str(c) for c in verdict.cards] == ["AS", "7D", "10C"]


def test_a_verdict_allows_exactly_its_cards() -> None:
    verdict = explain("belgian", "QC 7C 8H", "JC", "D")
    assert [verdict.allows(c) for c in mv.parse_cards("QC 7C 8H")] == [True, False, False]


def test_legal_cards_keep_hand_order() -> None:
    assert legal("belgian", "8H 7S 10H AS", "AH 7H") == ["8H", "10H"]


def test_every_builtin_clause_has_a_position_in_the_table() -> None:
    assert set(CLAUSE_POSITIONS) == set(CLAUSES)


@pytest.mark.parametrize("clause", sorted(CLAUSE_POSITIONS))
def test_clause_decides_its_position_on_every_path(clause: str) -> None:
    pos = CLAUSE_POSITIONS[clause]
    verdict = agreed(pos.ruleset(), pos.hand, pos.trick, pos.trump)
    assert verdict.clause == clause
    assert [str(c) for c in verdict.cards] == pos.cards.split()
    assert verdict.reason == pos.reason


@pytest.mark.parametrize(
    ("rs", "hand", "trick", "trump", "reason"),
    [
        ("belgian", "KH 7H AD 9S", "QH 8S", "S", "follow suit (the trick is trumped): any ♥"),
        ("belgian", "KH 8H AS", "QH 7H", "S", "follow suit (your partner holds the trick): any ♥"),
        ("belgian", "QC 7C", "AC", "D", "follow suit (you cannot beat A♣): any ♣"),
        (with_play("belgian", beat_opponent=False), "QC 7C", "JC", "D", "follow suit (no duty to beat): any ♣"),
        (with_play("belgian", beat_at_no_trump=False), "KH 8H", "QH", None,
         "follow suit (no duty to beat at no-trump): any ♥"),
        (with_play("belgian", beat_at_no_trump=False), "QC 7C", "AC", "D", "follow suit (you cannot beat A♣): any ♣"),
    ],
)
def test_follow_suit_says_why_following_is_enough(
    rs: str | Ruleset, hand: str, trick: str, trump: str | None, reason: str
) -> None:
    verdict = explain(rs, hand, trick, trump)
    assert (verdict.clause, verdict.reason) == ("follow-suit", reason)


def test_discard_at_no_trump_says_so() -> None:
    assert explain("belgian", "AS 7D", "QH", None).reason == "no ♥ and no trumps at no-trump: any card"


def test_any_card_without_a_lower_trump_says_so() -> None:
    verdict = explain("belgian", "10S AD", "QH 9S 7D")
    assert verdict.clause == "any-card"
    assert verdict.reason == "no ♥ and your partner's trump 9♠ holds the trick: any card"


# --------------------------------------------------------------------------------------
# Obligation plug-ins (docs/rules.md#other-readings, docs/engine.md#plug-ins).

Card = mv.Card
Answer = Callable[[list[Card]], tuple[list[Card], str | None]]


class Recorder:
    """An obligation plug-in that keeps what it was shown and answers with ``self.answer``."""

    def __init__(self) -> None:
        self.seen: list[tuple[LegalContext, list[Card]]] = []
        self.answer: Answer = lambda legal: (legal, None)

    def restrict(self, ctx: LegalContext, legal: list[Card]) -> tuple[list[Card], str | None]:
        self.seen.append((ctx, list(legal)))
        return self.answer(legal)


RECORDER = Recorder()
register_rule("test-clauses-recorder", RECORDER)  # one instance: compiled rulesets are cached


def with_recorder(answer: Answer) -> Ruleset:
    RECORDER.seen.clear()
    RECORDER.answer = answer
    return with_play("belgian", extra_rules=["test-clauses-recorder"])


def test_obligation_plugin_sees_the_position_after_the_builtin_rules() -> None:
    rs = with_recorder(lambda legal: (legal, None))
    verdict = mv.explain_legal(rs, "10S 7S AD", "QH 9S 7D", "S", tricks_played=3)
    assert verdict.clause == "no-undertrump"
    [(ctx, legal)] = RECORDER.seen
    assert ctx == LegalContext(
        hand=tuple(mv.parse_cards("10S 7S AD")), trick=tuple(mv.parse_cards("QH 9S 7D")), trump=mv.Suit.S,
        winning=mv.parse_card("9S"), partner_wins=True, tricks_played=3,
    )
    assert [str(c) for c in legal] == ["10S", "AD"]


def test_obligation_plugin_sees_an_opponent_win_a_lead_and_the_first_trick() -> None:
    rs = with_recorder(lambda legal: (legal, None))
    mv.explain_legal(rs, "KH 8H", "QH", None)
    mv.explain_legal(rs, "KH 8H", "", "S")
    (opponent, _), (lead, _) = RECORDER.seen
    assert (opponent.winning, opponent.partner_wins, opponent.trump, opponent.tricks_played) == (
        mv.parse_card("QH"), False, None, 0,
    )
    assert (lead.winning, lead.partner_wins, lead.trick) == (None, False, ())


def test_obligation_plugin_narrows_the_choice_in_hand_order_and_names_the_clause() -> None:
    rs = with_recorder(lambda legal: ([*legal[::-1][:2], mv.parse_card("QC")], "two cards only"))
    verdict = mv.explain_legal(rs, "AS 7D 10C 8H", "", "S")
    assert ([str(c) for c in verdict.cards], verdict.clause, verdict.reason) == (
        ["10C", "8H"], "test-clauses-recorder", "two cards only",
    )
    assert mv.legal_cards(rs, "AS 7D 10C 8H", "", "S") == verdict.cards


@pytest.mark.parametrize(
    "answer",
    [lambda legal: ([], "nothing"), lambda legal: (legal[:1], None), lambda legal: (legal, "the same")],
    ids=["empty", "no-reason", "unchanged"],
)
def test_obligation_plugin_answer_that_removes_nothing_leaves_the_builtin_clause(answer: Answer) -> None:
    verdict = mv.explain_legal(with_recorder(answer), "KH 8H AS", "QH 7H", "S")
    assert ([str(c) for c in verdict.cards], verdict.clause) == (["KH", "8H"], "follow-suit")


@pytest.mark.parametrize(
    ("hand", "trick", "message"),
    [
        ("QC 7C", "QC", "card both in the hand and in the trick"),
        ("", "QC", "the hand is empty"),
        ("QC", "7H 8H 9H 10H", "at most 3 cards"),
        ("QC QC", "", "duplicate card"),
        ("11H", "", "not a card: '11H'"),
    ],
)
def test_impossible_positions_are_card_errors(hand: str, trick: str, message: str) -> None:
    with pytest.raises(mv.CardError, match=message):
        mv.legal_cards(ruleset("belgian"), hand, trick, "S")


def test_trump_can_be_named_by_letter_symbol_or_none() -> None:
    rs = ruleset("belgian")
    for suit in ("D", "d", "♦", mv.Suit.D):
        assert legal(rs, "QC 7C 7D", "AC", suit) == ["QC", "7C"]
    for none in (None, "none", "no-trump"):
        assert legal(rs, "7D 8H", "AC", none) == ["7D", "8H"]


def test_obligation_plugin_legal_cards_keeps_the_trump() -> None:
    # docs/rules.md#trump-opponent: void in hearts while an opponent's card wins, trump if you can;
    # through legal_cards the plug-in's ruleset is answered under the trump it was asked.
    rs = with_recorder(lambda legal: (legal, None))
    assert [str(c) for c in mv.legal_cards(rs, "7S 8D", "AH", "S")] == ["7S"]
    assert RECORDER.seen[-1][0].trump == mv.Suit.S


def test_a_position_with_an_empty_hand_is_refused() -> None:
    # docs/rules.md#common-ground: whoever is to play holds a card.
    for ask in (mv.legal_cards, mv.explain_legal):
        with pytest.raises(mv.CardError, match=r"^the hand is empty$"):
            ask(mv.load_ruleset("belgian"), "", "QH", "S")
