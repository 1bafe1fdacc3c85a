"""One vocabulary: every word for a suit, no-trump or blind is read the same way by every place
that reads a contract (legal, score, score-sheet entries, typed deals, the terminal)."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from typer.testing import CliRunner

import manille_variants as mv
from manille_variants.cli import app
from manille_variants.engine.actions import BLIND, LOOK, NO_TRUMP, trump_action
from manille_variants.errors import CardError, RecordError, ScoresheetError
from manille_variants.records.textdeal import parse_seat, parse_typed
from manille_variants.table.scoresheet import parse_entry
from manille_variants.table.terminal import parse_decision
from manille_variants.words import (
    BLIND_WORDS,
    NO_TRUMP_WORDS,
    SEAT_NAMES,
    SUIT_NAMES,
    WordError,
    contract_text,
    parse_contract,
    parse_mode,
    parse_team,
    seat_number,
)

runner = CliRunner()
RULES = mv.compile_rules(mv.load_ruleset("belgian"))  # allows no-trump and blind

SUIT_SPELLINGS = [
    (text, suit)
    for suit in mv.Suit
    for text in (suit.name, suit.name.lower(), suit.symbol, SUIT_NAMES[suit], SUIT_NAMES[suit].upper())
]
WORDS: list[tuple[str, str, mv.Suit | None]] = [
    *((text, "trump", suit) for text, suit in SUIT_SPELLINGS),
    *((word, "no-trump", None) for word in NO_TRUMP_WORDS),
    *((word.upper(), "no-trump", None) for word in NO_TRUMP_WORDS),
    *((word, "blind", None) for word in BLIND_WORDS),
]


def via_legal(word: str) -> tuple[str, mv.Suit | None]:
    result = runner.invoke(app, ["legal", "-r", "belgian", "--trump", word, "--hand", "7C", "--json"])
    assert result.exit_code == 0, result.output
    trump = json.loads(result.stdout)["trump"]
    return "?", (mv.Suit[trump] if trump else None)  # legal knows the suit, not the mode


def via_score(word: str) -> tuple[str, mv.Suit | None]:
    args = ["score", "-r", "belgian", "--points", "38", "--tricks", "5", "--mode", word, "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["mode"], None  # score knows the mode, not the suit


def via_scoresheet(word: str) -> tuple[str, mv.Suit | None]:
    entry = parse_entry(f"{word} 38 5")
    return entry.mode, entry.trump


def via_typed_deal(word: str) -> tuple[str, mv.Suit | None]:
    deal = parse_typed(f"dealer: N\ntrump: {word}\n").deals[0]
    mode = deal.trump if deal.trump in ("no-trump", "blind") else "trump"
    return mode, (mv.Suit[deal.trump] if mode == "trump" and deal.trump else None)


def via_terminal(word: str) -> tuple[str, mv.Suit | None]:
    if parse_decision(word, [LOOK, BLIND], RULES) == BLIND:
        return "blind", None
    action = parse_decision(word, [*(trump_action(s) for s in mv.Suit), NO_TRUMP], RULES)
    assert action is not None, word
    if action == NO_TRUMP:
        return "no-trump", None
    return "trump", next(s for s in mv.Suit if action == trump_action(s))


PLACES: dict[str, Callable[[str], tuple[str, mv.Suit | None]]] = {
    "legal": via_legal,
    "score": via_score,
    "scoresheet": via_scoresheet,
    "typed-deal": via_typed_deal,
    "terminal": via_terminal,
}


@pytest.mark.parametrize("place", PLACES)
@pytest.mark.parametrize(("word", "mode", "suit"), WORDS)
def test_every_contract_word_is_read_the_same_everywhere(
    place: str, word: str, mode: str, suit: mv.Suit | None
) -> None:
    got_mode, got_suit = PLACES[place](word)
    if place != "legal":
        assert got_mode == mode
    if place != "score":
        assert got_suit == suit  # legal plays blind as no-trump: no trump suit either


@pytest.mark.parametrize("word", ["purple", "muulen", "X", "trumps"])
def test_a_word_that_is_no_contract_is_refused_everywhere(word: str) -> None:
    with pytest.raises(WordError, match="not a contract"):
        parse_contract(word)
    with pytest.raises(ScoresheetError, match="MODE must be"):
        parse_entry(f"{word} 38 5")
    with pytest.raises(RecordError, match="is not S, H, D, C"):
        parse_typed(f"dealer: N\ntrump: {word}\n")
    with pytest.raises(CardError, match="not a suit"):
        mv.legal_cards(mv.load_ruleset("belgian"), "7C", "", word)
    assert parse_decision(word, [trump_action(mv.Suit.S), NO_TRUMP], RULES) is None
    result = runner.invoke(app, ["score", "--points", "38", "--tricks", "5", "--mode", word])
    assert result.exit_code == 1 and "mode must be one of trump, no-trump, blind" in result.stderr


def test_mode_accepts_trump_and_any_contract_word() -> None:
    assert [parse_mode(w) for w in ("trump", "Trump", "H", "♣", "nt", "blind-nt")] == [
        "trump", "trump", "trump", "trump", "no-trump", "blind",
    ]


def test_thrown_in_is_a_contract_only_where_asked() -> None:
    assert parse_contract("throw-in", thrown_in=True).mode == "thrown-in"
    with pytest.raises(WordError):
        parse_contract("throw-in")


@pytest.mark.parametrize(("text", "seat"), [("N", 0), ("east", 1), ("S", 2), ("West", 3), ("2", 2)])
def test_seat_words_are_shared_by_typed_deals(text: str, seat: int) -> None:
    assert seat_number(text) == parse_seat(text) == seat
    deal = parse_typed(f"dealer: {text}\nhand {text}: AS KS QS JS 10S 9S 8S 7S\n").deals[0]
    assert deal.dealer == seat and list(deal.hands) == [seat]
    assert SEAT_NAMES[seat] == SEAT_NAMES[seat_number(SEAT_NAMES[seat])]


def test_team_words() -> None:
    assert parse_team(" b ") == "B"
    with pytest.raises(WordError, match="not a team: 'C'"):
        parse_team("C")


def test_contracts_print_in_full_and_short() -> None:
    assert contract_text("trump", mv.Suit.H) == "♥ hearts"
    assert contract_text("trump", mv.Suit.S, short=True) == "♠ S"
    assert [contract_text(m, None, short=True) for m in ("no-trump", "blind", "thrown-in")] == [
        "NT", "blind NT", "thrown in",
    ]


@pytest.mark.parametrize(("text", "seat"), [("W", 3), ("north", 0), ("2", 2)])
def test_play_takes_the_same_seat_words(text: str, seat: int) -> None:
    result = runner.invoke(app, ["play", "-r", "belgian", "--seat", text], input="quit\n")
    assert result.exit_code == 0 and f"You sit in seat {seat} " in result.output


def test_play_refuses_a_seat_that_is_none_as_bad_usage() -> None:
    result = runner.invoke(app, ["play", "-r", "belgian", "--seat", "X"], input="")
    assert result.exit_code == 2 and "not a seat: 'X' (0-3 or N E S W)" in result.stderr


def test_cli_md_lists_every_contract_word() -> None:
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "cli.md").read_text(encoding="utf-8")
    for word in (*NO_TRUMP_WORDS, *BLIND_WORDS):
        assert f"`{word}`" in text, word
