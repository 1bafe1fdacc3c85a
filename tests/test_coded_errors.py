"""Errors a person reads are coded messages: the English stays what ``str(error)`` always
said, the code and parameters ride beside it, and each renders in Dutch and French."""

from __future__ import annotations

from pathlib import Path

import pytest

from manille_variants.errors import ManilleError, RecordError, RulesetError
from manille_variants.records.format import loads_record
from manille_variants.records.textdeal import loads_game
from manille_variants.ruleset.loader import load_ruleset, read_ruleset_text
from manille_variants.table.evening import draw_schedule


def _ruleset_error(text: str) -> RulesetError:
    with pytest.raises(RulesetError) as caught:
        read_ruleset_text(text, "club.yaml")
    return caught.value


def test_an_unknown_key_is_a_coded_problem_that_keeps_its_english_and_its_place() -> None:
    error = _ruleset_error("name: club\nextends: belgian\nscoring:\n  kap: 2\n")
    problem = error.problems[0]
    assert str(error) == ("club.yaml:4:3: scoring.kap: unknown key 'kap', did you mean 'cap'? (expected one of: "
                          "rank_order, card_values, trick_points, last_trick_bonus, tie, sweep, combine, cap, "
                          "adjustments)")
    assert problem.detail is not None and problem.detail.code == "ruleset.unknown-key-hint"
    assert problem.json()["params"]["close"] == "cap"
    assert problem.text("nl").startswith("club.yaml:4:3: scoring.kap: onbekende sleutel 'kap'")


def test_a_range_problem_says_its_bound_in_french() -> None:
    error = _ruleset_error("name: club\nextends: belgian\nscoring:\n  cap: 0\n")
    assert error.problems[0].message == "must be at least 1 (got 0)"
    assert error.text("fr") == "club.yaml:4:3: scoring.cap: doit valoir au moins 1 (reçu : 0)"


def test_several_problems_are_one_message_a_line() -> None:
    error = _ruleset_error("name: club\nextends: belgian\nscoring:\n  cap: 0\n  kap: 2\n")
    assert len(error.problems) == 2
    assert error.text("nl").count("\n") == 1 and str(error).count("\n") == 1
    assert error.json()["code"] == "error.lines"


def test_an_unknown_ruleset_name_is_coded() -> None:
    with pytest.raises(RulesetError) as caught:
        load_ruleset("belgain")
    assert caught.value.problems[0].json()["code"] == "ruleset.unknown-hint"
    assert "did you mean 'belgian'?" in str(caught.value)
    assert "bedoelde je 'belgian'?" in caught.value.text("nl")


def test_a_yaml_syntax_error_is_coded_with_pyyamls_words_as_a_parameter() -> None:
    error = _ruleset_error("name: [club\n")
    assert error.problems[0].json()["code"].startswith("ruleset.syntax")
    assert str(error).startswith("club.yaml:2:1: YAML syntax error: ")
    assert "YAML-syntaxfout: " in error.text("nl")


def test_a_cycle_of_extends_is_coded(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("name: a\nextends: b.yaml\n")
    (tmp_path / "b.yaml").write_text("name: b\nextends: a.yaml\n")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(str(tmp_path / "a.yaml"))
    assert caught.value.problems[0].json()["code"] == "ruleset.cycle"
    assert "kringverwijzing: " in caught.value.text("nl")


def test_a_truncated_record_is_coded_with_its_place() -> None:
    with pytest.raises(RecordError) as caught:
        loads_record('{"format": "manille-record"', "game.json")
    assert str(caught.value) == "game.json:1:27: the record is truncated (the JSON ends before it is complete)"
    assert caught.value.json()["params"] == {"source": "game.json", "line": 1, "column": 27}
    assert caught.value.text("fr").startswith("game.json:1:27 : l'enregistrement est tronqué")


def test_a_typed_line_problem_carries_the_inner_message() -> None:
    with pytest.raises(RecordError) as caught:
        loads_game("ruleset: belgian\ndealer: N\npending ties: many\n", "deals.txt")
    assert str(caught.value) == "deals.txt:3: pending ties: expected a whole number (got 'many')"
    assert caught.value.json()["params"]["problem"]["code"] == "typed.count"
    assert caught.value.text("nl") == "deals.txt:3: pending ties: verwacht een geheel getal (gekregen: 'many')"


def test_a_club_evening_refusal_is_coded() -> None:
    with pytest.raises(ManilleError) as caught:
        draw_schedule(["An", "An", "Cas", "Dirk"], 1)
    assert str(caught.value) == "two players are called 'An': every player needs a name of their own"
    assert caught.value.json()["code"] == "evening.same-name"
    assert caught.value.text("nl") == "twee spelers heten 'An': elke speler heeft een eigen naam nodig"


def test_a_settings_own_check_is_coded_and_located_below_its_field() -> None:
    error = _ruleset_error("name: club\nextends: belgian\ncalls:\n  - {name: mee, by: opponents, factor: 2}\n"
                           "  - {name: mee, by: opponents, factor: 4}\n")
    problem = error.problems[0]
    assert (problem.path, problem.message) == ("calls.1.name", "duplicate call name 'mee'")
    assert problem.json()["params"]["text"]["code"] == "schema.duplicate-call"
    assert problem.message_text("nl") == "dubbele naam van een roep 'mee'"


def test_a_field_check_keeps_its_english_after_the_key() -> None:
    error = _ruleset_error("name: club\nextends: belgian\nmatch:\n  best_of: 2\n")
    assert error.problems[0].message == "must be odd (got 2)"
    assert error.problems[0].message_text("fr") == "doit être impair (reçu : 2)"


def test_a_table_that_does_not_deal_the_pack_is_a_coded_problem_located_at_the_hand_size() -> None:
    error = _ruleset_error("name: club\nextends: belgian\ntable:\n  seats: 6\n")
    problem = error.problems[0]
    assert problem.path == "table.hand_size"
    assert problem.message == "6 seats x (8 in hand) + 0 undealt make 48 cards, not the 32 of the pack"
    assert problem.detail is not None and problem.detail.code == "ruleset.invalid"
    assert "48 kaarten, niet de 32" in problem.text("nl") and "48 cartes, pas les 32" in problem.text("fr")


def test_a_team_list_that_misses_a_seat_is_said_in_dutch() -> None:
    error = _ruleset_error("name: club\nextends: belgian\ntable:\n  teams: [[0, 2], [1]]\n")
    assert error.problems[0].path == "table.teams"
    assert error.problems[0].message == "seat 3 is in no team (every seat 0-3 plays in one)"
    assert "plaats 3 zit in geen enkele ploeg" in error.text("nl")
