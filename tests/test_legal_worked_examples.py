"""The play examples of docs/rules.md#worked-examples (test names give the source they come
from, docs/rules.md#sources), under every ruleset they fit.

The scoring examples are in test_scoring.py, the same examples through the CLI in
test_cli_engine.py.
"""

from __future__ import annotations

import pytest

import manille_variants as mv

ALL = ["table-convention", "belgian", "belgian-capped", "french-coinchee"]
BELGIAN = ["table-convention", "belgian", "belgian-capped"]


def legal(name: str, hand: str, trick: str, trump: str | None) -> list[str]:
    return [str(c) for c in mv.legal_cards(mv.load_ruleset(name), hand, trick, trump)]


@pytest.mark.parametrize("name", ALL)
def test_seed_000_diamonds_trump_jack_of_clubs_led_must_play_queen(name: str) -> None:
    # "Diamonds are trumps. An opponent leads J♣ and your available clubs are Q♣ and 7♣.
    #  You must play Q♣ because it can beat the opponent."
    assert legal(name, "Q♣ 7♣", "J♣", "D") == ["QC"]
    assert legal(name, "QC 7C 8H", "JC", "D") == ["QC"]


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("trump", ["S", "H", "D", "C", None])
def test_seed_001_queen_of_hearts_led_must_overtake_with_king(
    name: str, trump: str | None
) -> None:
    # "You hold K♥ and 8♥ after an opponent leads Q♥. You must follow with K♥ because you
    #  can overtake; saving it by playing 8♥ is illegal."
    assert legal(name, "KH 8H", "QH", trump) == ["KH"]


@pytest.mark.parametrize("name", ALL)
def test_seed_002_leaders_partner_follows_any_heart_after_a_trump(name: str) -> None:
    # "Spades are trumps. The first player leads the Queen of hearts, the second player
    #  trumps with the 8 of spades. The third player still has to follow suit in hearts —
    #  any heart will do, say the 7, since no heart can win the trick any more."
    assert legal(name, "7H KH AH 9S AD", "QH 8S", "S") == ["7H", "KH", "AH"]


@pytest.mark.parametrize("name", ALL)
def test_seed_002_trumpers_partner_void_in_hearts_need_not_trump(name: str) -> None:
    # "The fourth player doesn't have to trump, since their partner already holds the
    #  trick: instead they play a high card of another suit, an Ace for example."
    assert "AD" in legal(name, "AD 7C", "QH 8S 7H", "S")
    assert "AD" in legal(name, "AD 9S 7C", "QH 8S 7H", "S")


@pytest.mark.parametrize("name", BELGIAN)
def test_seed_002_undertrumping_is_illegal_unless_only_small_trumps(name: str) -> None:
    # "No player may ever play a lower trump than the one currently winning the trick,
    #  unless they have nothing but small trumps left in hand."
    assert legal(name, "7S AD", "QH 8S 7H", "S") == ["AD"]
    assert legal(name, "7S", "QH 8S 7H", "S") == ["7S"]


@pytest.mark.parametrize("name", BELGIAN)
def test_seed_000_with_partner_winning_need_not_overtake_or_trump(name: str) -> None:
    # "If your partner is winning, you need not overtake or trump."
    assert legal(name, "KH 8H", "QH 7H", "S") == ["KH", "8H"]
    assert legal(name, "9S AD", "QH 7H", "S") == ["9S", "AD"]


@pytest.mark.parametrize("name", BELGIAN)
def test_seed_000_without_trumps_following_is_compulsory_and_no_cutting(name: str) -> None:
    # "Without trumps, following suit is still compulsory and there is no cutting."
    assert legal(name, "KH 8H AS", "QH", None) == ["KH"]
    assert legal(name, "AS 7D", "QH", None) == ["AS", "7D"]


def test_seed_003_when_an_opponent_trumps_lower_trump_not_obliged() -> None:
    # "When an opponent trumps, you must over-trump if possible, but you are not obliged to
    #  under-trump (throw a lower trump). In that case you may discard any card."
    assert legal("french-coinchee", "10S 7S AD", "QH 9S", "S") == ["10S"]
    assert legal("french-coinchee", "7S AD", "QH 9S", "S") == ["7S", "AD"]
