"""Cards: parsing every accepted spelling, printing, and the exact errors."""

from __future__ import annotations

import pytest

from manille_variants.cards import (
    DECK,
    Rank,
    Suit,
    card_from_index,
    cards_from_mask,
    mask_of,
    parse_card,
    parse_cards,
    parse_suit,
)
from manille_variants.errors import CardError


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("10H", Rank.TEN, Suit.H),
        ("AS", Rank.ACE, Suit.S),
        ("qc", Rank.QUEEN, Suit.C),
        ("10♥", Rank.TEN, Suit.H),
        ("Q♣", Rank.QUEEN, Suit.C),
        (" 7d ", Rank.SEVEN, Suit.D),
        ("j♠", Rank.JACK, Suit.S),
    ],
)
def test_parse_card_accepts_letters_symbols_and_any_case(text: str, rank: Rank, suit: Suit) -> None:
    card = parse_card(text)
    assert (card.rank, card.suit) == (rank, suit)


def test_cards_print_as_rank_and_suit_letter() -> None:
    assert str(parse_card("10♥")) == "10H"
    assert parse_card("qc").pretty == "Q♣"


def test_cards_are_interned() -> None:
    assert parse_card("10H") is parse_card("10♥") is card_from_index(parse_card("10h").index)


def test_parse_cards_splits_on_spaces_and_commas() -> None:
    assert [str(c) for c in parse_cards("QC 7C, 10S")] == ["QC", "7C", "10S"]


def test_not_a_card_message_lists_ranks_and_suits() -> None:
    with pytest.raises(CardError) as info:
        parse_card("11H")
    assert str(info.value) == "not a card: '11H' (ranks 7 8 9 10 J Q K A, suits S H D C)"


@pytest.mark.parametrize("text", ["6H", "1S", "AX", "", "10", "H10"])
def test_other_non_cards_are_refused(text: str) -> None:
    with pytest.raises(CardError, match=r"^not a card: "):
        parse_card(text)


def test_duplicates_are_an_error() -> None:
    with pytest.raises(CardError) as info:
        parse_cards("QC 7C qc")
    assert str(info.value) == "duplicate card: QC"


def test_duplicates_allowed_when_asked() -> None:
    assert len(parse_cards("QC QC", unique=False)) == 2


def test_parse_suit() -> None:
    assert parse_suit("♦") is Suit.D
    with pytest.raises(CardError, match=r"^not a suit: 'X' \(suits S H D C\)$"):
        parse_suit("X")


def test_deck_has_32_distinct_cards_and_masks_round_trip() -> None:
    assert len(DECK) == len(set(DECK)) == 32
    assert cards_from_mask(mask_of(DECK)) == list(DECK)
    hand = parse_cards("10H AS 7C QD")
    assert set(cards_from_mask(mask_of(hand))) == set(hand)
