"""The play readings found beyond the bundled rulesets (docs/rules.md#other-readings): one
scenario per clause and value, on both legality paths.

Every scenario checks that the public ``legal_cards``, the compiled fast path the deal engine
runs and the readable filter ``explain_legal`` give the same cards.  Positions are written
from the seat about to play (see ``test_legal_clauses``); spades are trump unless a test says
otherwise.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import play_settings

import manille_variants as mv
from manille_variants.cards import DECK, Card, Suit, parse_cards
from manille_variants.engine.legality import Legality, legal_mask, parse_trump
from manille_variants.engine.tricks import trick_winner
from manille_variants.errors import RulesetError
from manille_variants.ruleset.loader import read_ruleset_text
from manille_variants.ruleset.schema import PlayRules, Ruleset


def with_play(base: str, **play: Any) -> Ruleset:
    rs = mv.load_ruleset(base)
    return rs.model_copy(update={"play": rs.play.model_copy(update=play)})


def agreed(rs: Ruleset, hand: str, trick: str, trump: str | None = "S") -> Legality:
    """The readable verdict, after checking that both fast paths give the same cards."""
    verdict = mv.explain_legal(rs, hand, trick, trump)
    cards = parse_cards(hand)
    played = parse_cards(trick)
    rules = mv.compile_rules(rs)
    suit = parse_trump(trump)
    t = -1 if suit is None else int(suit)
    mask = sum(c.bit for c in cards)
    if played:
        win = trick_winner(rules, played, suit)
        fast = legal_mask(rules, mask, played[0].suit, played[win].index, len(played) - win == 2, t)
    else:
        fast = legal_mask(rules, mask, -1, -1, False, t)
    assert fast == sum(c.bit for c in verdict.cards)
    assert mv.legal_cards(rs, hand, trick, trump) == verdict.cards
    return verdict


def names(cards: list[Card]) -> list[str]:
    return [str(c) for c in cards]


# --------------------------------------------------------------------------------------
# play.beat_opponent: true | false | trump-lead | plain-lead


@pytest.mark.parametrize("lead", ["trump", "plain", "no-trump"])
def test_beat_opponent_true_on_every_lead(lead: str) -> None:
    rs = with_play("belgian", beat_opponent=True)
    hand, trick, trump = {"trump": ("KS 7S AD", "QS", "S"), "plain": ("KH 7H AD", "QH", "S"),
                          "no-trump": ("KH 7H AD", "QH", None)}[lead]
    verdict = agreed(rs, hand, trick, trump)
    assert len(verdict.cards) == 1 and verdict.clause == "beat-opponent"


@pytest.mark.parametrize(("hand", "trick", "trump"), [("KS 7S AD", "QS", "S"), ("KH 7H AD", "QH", "S"),
                                                      ("KH 7H AD", "QH", None)])
def test_beat_opponent_false_never(hand: str, trick: str, trump: str | None) -> None:
    verdict = agreed(with_play("belgian", beat_opponent=False), hand, trick, trump)
    assert verdict.clause == "follow-suit"
    assert len(verdict.cards) == 2
    assert "no duty to beat" in verdict.reason


def test_beat_opponent_trump_lead_on_a_trump_lead() -> None:
    verdict = agreed(with_play("belgian", beat_opponent="trump-lead"), "KS 7S AD", "QS")
    assert names(verdict.cards) == ["KS"]
    assert verdict.clause == "beat-opponent-trump-lead"
    assert verdict.reason == "an opponent's Q♠ holds the trick and you can beat it: play K♠"



@pytest.mark.parametrize("suit", ["S", "H", "D", "C"])
def test_beat_opponent_trump_lead_whatever_suit_is_trump(suit: str) -> None:
    # docs/rules.md#beat-opponent-trump-lead: a trump lead is a lead of the trump suit, whichever it is.
    rs = with_play("belgian", beat_opponent="trump-lead")
    verdict = agreed(rs, f"K{suit} 7{suit} A{'D' if suit != 'D' else 'H'}", f"Q{suit}", suit)
    assert names(verdict.cards) == [f"K{suit}"]
    assert verdict.clause == "beat-opponent-trump-lead"

def test_beat_opponent_trump_lead_not_on_a_plain_lead() -> None:
    verdict = agreed(with_play("belgian", beat_opponent="trump-lead"), "KH 7H AD", "QH")
    assert names(verdict.cards) == ["KH", "7H"]
    assert verdict.clause == "follow-suit"
    assert verdict.reason == "follow suit (no duty to beat on a plain lead): any ♥"


def test_beat_opponent_trump_lead_at_no_trump_every_lead_counts() -> None:
    verdict = agreed(with_play("belgian", beat_opponent="trump-lead"), "KH 7H AD", "QH", None)
    assert names(verdict.cards) == ["KH"]
    assert verdict.clause == "beat-opponent-trump-lead"
    rs = with_play("belgian", beat_opponent="trump-lead", beat_at_no_trump=False)
    assert names(agreed(rs, "KH 7H AD", "QH", None).cards) == ["KH", "7H"]


def test_beat_opponent_plain_lead_on_a_plain_lead() -> None:
    verdict = agreed(with_play("belgian", beat_opponent="plain-lead"), "KH 7H AD", "QH")
    assert names(verdict.cards) == ["KH"]
    assert verdict.clause == "beat-opponent-plain-lead"


def test_beat_opponent_plain_lead_not_on_a_trump_lead() -> None:
    verdict = agreed(with_play("belgian", beat_opponent="plain-lead"), "KS 7S AD", "QS")
    assert names(verdict.cards) == ["KS", "7S"]
    assert verdict.clause == "follow-suit"
    assert verdict.reason == "follow suit (no duty to beat on a trump lead): any ♠"


def test_beat_opponent_plain_lead_at_no_trump_every_lead_counts() -> None:
    verdict = agreed(with_play("belgian", beat_opponent="plain-lead"), "KH 7H AD", "QH", None)
    assert names(verdict.cards) == ["KH"]
    assert verdict.clause == "beat-opponent-plain-lead"


@pytest.mark.parametrize("reading", [True, "trump-lead", "plain-lead"])
def test_beat_opponent_cannot_beat_any_card_of_the_led_suit(reading: bool | str) -> None:
    verdict = agreed(with_play("belgian", beat_opponent=reading), "QH 7H AD", "AH", None)
    assert names(verdict.cards) == ["QH", "7H"]
    assert "you cannot beat A♥" in verdict.reason



@pytest.mark.parametrize("reading", [True, "trump-lead"])
def test_beat_opponent_on_a_trump_lead_cannot_beat_any_trump(reading: bool | str) -> None:
    # docs/rules.md#beat-opponent: the duty holds on a trump lead, so the reason is the card.
    verdict = agreed(with_play("belgian", beat_opponent=reading), "QS 7S AD", "AS")
    assert names(verdict.cards) == ["QS", "7S"]
    assert verdict.reason == "follow suit (you cannot beat A♠): any ♠"

def test_beat_opponent_true_and_false_keep_their_meaning_in_files() -> None:
    for value, expected in (("true", ["KH"]), ("false", ["KH", "7H"])):
        rs = read_ruleset_text(f"name: x\nextends: belgian\nplay: {{beat_opponent: {value}}}\n",
                               "x.yaml")
        assert names(agreed(rs, "KH 7H AD", "QH").cards) == expected


def test_beat_opponent_unknown_reading_is_a_located_error() -> None:
    with pytest.raises(RulesetError) as caught:
        read_ruleset_text("name: x\nplay:\n  beat_opponent: sometimes\n", "x.yaml")
    text = str(caught.value)
    assert text.startswith("x.yaml:3:3: play.beat_opponent: expected one of true, false, "
                           "'trump-lead', 'plain-lead' (got 'sometimes')")
    assert "'trump-lead'" in text and "(got 'sometimes')" in text


# --------------------------------------------------------------------------------------
# play.beat_partner_at_no_trump: false (default) | true


def test_beat_partner_at_no_trump_false_any_card_of_the_led_suit() -> None:
    verdict = agreed(mv.load_ruleset("belgian"), "KH 8H AS", "QH 7H", None)
    assert names(verdict.cards) == ["KH", "8H"]
    assert verdict.reason == "follow suit (your partner holds the trick): any ♥"


def test_beat_partner_at_no_trump_true_must_beat_partner() -> None:
    rs = with_play("belgian", beat_partner_at_no_trump=True)
    verdict = agreed(rs, "KH 8H AS", "QH 7H", None)
    assert names(verdict.cards) == ["KH"]
    assert verdict.clause == "beat-partner-no-trump"
    assert verdict.reason == "your partner's Q♥ holds the trick and you can beat it: play K♥"


def test_beat_partner_at_no_trump_true_cannot_beat_any_card_of_the_led_suit() -> None:
    rs = with_play("belgian", beat_partner_at_no_trump=True)
    verdict = agreed(rs, "KH 8H AS", "AH 7H", None)
    assert names(verdict.cards) == ["KH", "8H"]
    assert verdict.reason == "follow suit (you cannot beat A♥): any ♥"


def test_beat_partner_at_no_trump_true_only_at_no_trump() -> None:
    rs = with_play("belgian", beat_partner_at_no_trump=True)
    assert names(agreed(rs, "KH 8H AS", "QH 7H", "S").cards) == ["KH", "8H"]
    assert names(agreed(rs, "KS 8S AH", "QS 7S", "S").cards) == ["KS", "8S"]


def test_beat_partner_at_no_trump_needs_beat_at_no_trump() -> None:
    text = "name: x\nplay:\n  beat_at_no_trump: false\n  beat_partner_at_no_trump: true\n"
    with pytest.raises(RulesetError) as caught:
        read_ruleset_text(text, "x.yaml")
    assert str(caught.value) == (
        "x.yaml:4:3: play.beat_partner_at_no_trump: cannot be true while beat_at_no_trump is "
        "false (no duty to beat applies at no-trump)"
    )


# --------------------------------------------------------------------------------------
# play.undertrump_partner: same (default) | allowed | forbidden | forbidden-if-can-overtrump
# Opponent led A♥, partner trumped with A♠ (or 9♠), you are void in hearts.


def test_undertrump_partner_same_follows_undertrump() -> None:
    forbidden = agreed(mv.load_ruleset("belgian"), "9S AD", "QH AS 7D")
    assert names(forbidden.cards) == ["AD"] and forbidden.clause == "no-undertrump"
    allowed = agreed(mv.load_ruleset("french-coinchee"), "9S AD", "QH AS 7D")
    assert names(allowed.cards) == ["9S", "AD"] and allowed.clause == "any-card"


def test_undertrump_partner_forbidden() -> None:
    rs = with_play("french-coinchee", undertrump_partner="forbidden")
    verdict = agreed(rs, "9S AD", "QH AS 7D")
    assert names(verdict.cards) == ["AD"]
    assert verdict.clause == "no-undertrump-partner"
    assert verdict.reason == (
        "no ♥ and your partner's trump A♠ holds the trick: you may not undertrump your partner "
        "while you hold other cards: play A♦"
    )
    # Nothing but lower trumps: any of them.
    only = agreed(rs, "9S 7S", "QH AS 7D")
    assert names(only.cards) == ["9S", "7S"] and only.clause == "only-lower-trumps"
    # The opponent's trump still follows `undertrump` (allowed here).
    assert names(agreed(rs, "9S AD", "QH 7H AS").cards) == ["9S", "AD"]


def test_undertrump_partner_forbidden_if_can_overtrump() -> None:
    rs = with_play("french-coinchee", undertrump_partner="forbidden-if-can-overtrump")
    verdict = agreed(rs, "10S 7S AD", "QH 9S 7D")
    assert names(verdict.cards) == ["10S", "AD"]
    assert verdict.clause == "no-undertrump-partner-when-can-overtrump"
    # No higher trump: a lower one is allowed.
    assert names(agreed(rs, "7S AD", "QH 9S 7D").cards) == ["7S", "AD"]


def test_undertrump_partner_allowed() -> None:
    rs = with_play("belgian", undertrump_partner="allowed")
    verdict = agreed(rs, "9S AD", "QH AS 7D")
    assert names(verdict.cards) == ["9S", "AD"]
    assert verdict.clause == "undertrump-partner-allowed"
    # The opponent's trump still follows `undertrump` (forbidden here).
    assert names(agreed(rs, "9S AD", "QH 7H AS").cards) == ["AD"]


def test_undertrump_required_against_opponent_forbidden_over_partner() -> None:
    # A table's reading: required when an opponent's trump cannot be overtrumped, never on a partner's.
    rs = with_play("french-coinchee", undertrump="required", undertrump_partner="forbidden")
    against = agreed(rs, "9S AD", "QH 7H AS")
    assert names(against.cards) == ["9S"] and against.clause == "undertrump-required"
    over_partner = agreed(rs, "9S AD", "QH AS 7D")
    assert names(over_partner.cards) == ["AD"] and over_partner.clause == "no-undertrump-partner"


def test_undertrump_partner_unknown_value_is_a_located_error() -> None:
    with pytest.raises(RulesetError) as caught:
        read_ruleset_text("name: x\nplay:\n  undertrump_partner: never\n", "x.yaml")
    assert str(caught.value).startswith("x.yaml:3:3: play.undertrump_partner: expected one of")


def test_new_readings_at_their_defaults_keep_the_content_hash() -> None:
    rs = mv.load_ruleset("belgian")
    assert "undertrump_partner" not in rs.content_dump()["play"]
    assert "turned_card" not in rs.content_dump()["trump"]
    changed = with_play("belgian", undertrump_partner="allowed")
    assert changed.content_dump()["play"]["undertrump_partner"] == "allowed"
    assert changed.content_hash() != rs.content_hash()


# --------------------------------------------------------------------------------------
# Random settings over the whole `play:` space, on positions that reach the new clauses.


@st.composite
def reading_positions(draw: st.DrawFn) -> tuple[list[Card], list[Card], Suit | None]:
    """A hand and a trick in progress: often a trumped trick with the follower void in the led
    suit (the undertrump clauses), often a same-suit race (the beat clauses), sometimes no-trump."""
    trump = draw(st.sampled_from([None, *Suit]))
    led = draw(st.sampled_from([s for s in Suit if s != trump] if draw(st.booleans()) else list(Suit)))
    cards = list(draw(st.permutations(DECK)))
    trick_size = draw(st.integers(1, 3))
    trick = [next(c for c in cards if c.suit == led)]
    rest = [c for c in cards if c not in trick]
    trick += rest[: trick_size - 1]
    if trump is not None and led != trump and draw(st.booleans()):  # trumped by someone
        k = draw(st.integers(0, len(trick) - 1))
        if k:
            trick[k] = next(c for c in rest if c.suit == trump and c not in trick)
    pool = [c for c in DECK if c not in trick]
    void = draw(st.booleans())
    if void:  # void in the led suit
        pool = [c for c in pool if c.suit != led]
    size = draw(st.integers(1, 8))
    hand = list(draw(st.permutations(pool))[:size])
    if void and trump is not None and led != trump:  # with a trump or two: the trump and undertrump clauses
        trumps = draw(st.permutations([c for c in pool if c.suit == trump]))
        hand = [c for c in hand if c.suit != trump][: size - 1] + list(trumps[: draw(st.integers(1, 2))])
    return hand, trick, trump


@settings(max_examples=400, deadline=None)
@given(play=play_settings, position=reading_positions())
def test_every_play_setting_fast_path_equals_readable_filter_on_reading_positions(
    play: dict[str, Any], position: tuple[list[Card], list[Card], Suit | None]
) -> None:
    rs = mv.load_ruleset("belgian")
    rs = rs.model_copy(update={"play": PlayRules.model_validate(play)})
    hand, trick, trump = position
    verdict = agreed(rs, " ".join(map(str, hand)), " ".join(map(str, trick)),
                     trump.name if trump is not None else None)
    assert verdict.cards and set(verdict.cards) <= set(hand)
