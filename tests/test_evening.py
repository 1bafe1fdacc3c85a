"""A club evening: the draw (partners rotate evenly, sit-outs in turn, seeded), the standings
added up from the tables' sheets, their CSV, and ``manille evening``."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import manille_variants as mv
from manille_variants.cli import app
from manille_variants.table.evening import (
    EveningError,
    Schedule,
    TableResult,
    draw_schedule,
    player_names,
    standings,
    standings_csv,
)
from manille_variants.table.scoresheet import ScoreSheet

runner = CliRunner()
EIGHT = ["An", "Bo", "Cas", "Dirk", "Eva", "Fien", "Geert", "Hanne"]


def spread(values: Iterable[int]) -> int:
    found = list(values)
    return max(found) - min(found)


@settings(max_examples=60, deadline=None)
@given(count=st.integers(4, 40), rounds=st.integers(1, 12), seed=st.integers(0, 2**32))
def test_every_pair_partners_at_most_once_more_than_any_other(count: int, rounds: int, seed: int) -> None:
    schedule = draw_schedule(player_names(count), rounds, seed)
    assert spread(schedule.partner_counts().values()) <= 1
    assert spread(schedule.sit_out_counts().values()) <= 1


@settings(max_examples=40, deadline=None)
@given(count=st.integers(4, 40), rounds=st.integers(1, 8), seed=st.integers(0, 2**32))
def test_each_round_seats_everybody_once_at_full_tables(count: int, rounds: int, seed: int) -> None:
    schedule = draw_schedule(player_names(count), rounds, seed)
    for rnd in schedule.rounds:
        seated = [p for t in rnd.tables for p in t.players]
        assert len(rnd.sitting_out) == count % 4 and len(rnd.tables) == count // 4
        assert sorted([*seated, *rnd.sitting_out]) == sorted(schedule.players)
        assert all(len(t.teams) == 2 and all(len(team) == 2 for team in t.teams) for t in rnd.tables)


@pytest.mark.parametrize("count", [4, 5, 6, 7, 8, 9, 10, 11, 12])
def test_a_long_evening_keeps_partners_even_round_after_round(count: int) -> None:
    schedule = draw_schedule(player_names(count), 2 * count, seed=7)
    for done in range(1, len(schedule.rounds) + 1):
        part = Schedule(schedule.players, 4, 7, schedule.rounds[:done])
        assert spread(part.partner_counts().values()) <= 1
        assert spread(part.sit_out_counts().values()) <= 1


def test_with_four_players_everybody_partners_everybody_in_three_rounds() -> None:
    schedule = draw_schedule(["An", "Bo", "Cas", "Dirk"], 3, seed=1)
    assert set(schedule.partner_counts().values()) == {1}


def test_the_same_seed_draws_the_same_evening_and_another_seed_another() -> None:
    assert draw_schedule(EIGHT, 3, seed=5) == draw_schedule(EIGHT, 3, seed=5)
    assert any(draw_schedule(EIGHT, 3, seed=5) != draw_schedule(EIGHT, 3, seed=s) for s in range(6, 10))


def test_a_six_seat_table_seats_three_teams_of_partners() -> None:
    schedule = draw_schedule(player_names(13), 4, seed=2, seats=6)
    assert all(len(t.teams) == 3 for r in schedule.rounds for t in r.tables)
    assert spread(schedule.partner_counts().values()) <= 1 and len(schedule.rounds[0].sitting_out) == 1


def test_the_schedule_comes_back_from_its_json() -> None:
    schedule = draw_schedule(EIGHT, 3, seed=4)
    assert Schedule.from_json(json.loads(json.dumps(schedule.to_json()))) == schedule


@pytest.mark.parametrize(("players", "rounds", "seats", "message"), [
    (["An", "Bo", "Cas"], 1, 4, "at least 4 players"),
    (EIGHT, 0, 4, "at least one round"),
    (["An", "Bo", "An", "Cas"], 1, 4, "two players are called 'An'"),
    (["An", " ", "Bo", "Cas"], 1, 4, "cannot be empty"),
    (EIGHT, 1, 5, "even number of players"),
    (EIGHT, 51, 4, "at most 50 rounds"),
])
def test_an_evening_that_cannot_be_drawn_says_why(players: list[str], rounds: int, seats: int,
                                                  message: str) -> None:
    with pytest.raises(EveningError, match=message):
        draw_schedule(players, rounds, seats=seats)


# ----------------------------------------------------------------------------- standings
def evening_results(schedule: Schedule, entries: dict[tuple[int, int], list[str]]) -> list[TableResult]:
    rs = mv.load_ruleset("belgian")  # with a call ("Ik ga mee") and its reply
    results = []
    for rnd in schedule.rounds:
        for table in rnd.tables:
            sheet = ScoreSheet(rs)
            for entry in entries.get((rnd.number, table.number), ["nt 38 5"]):
                sheet.add(entry)
            teams = (table.teams[0], table.teams[1])
            results.append(TableResult(rnd.number, table.number, teams, sheet))
    return results


def test_an_evening_of_eight_players_two_tables_three_rounds_has_standings() -> None:
    schedule = draw_schedule(EIGHT, 3, seed=3)
    assert [len(r.tables) for r in schedule.rounds] == [2, 2, 2]
    # Round 1, table 1: team A wins a no-trump deal 16-0, then team B a trump deal.
    results = evening_results(schedule, {(1, 1): ["nt 38 5", "H 10 1"], (2, 2): ["H 30 4", "S 50 6 1"]})
    rows = standings(results)
    assert sorted(r.name for r in rows) == sorted(EIGHT)
    assert all(r.rounds == 3 for r in rows)
    first = schedule.rounds[0].tables[0]
    assert results[0].sheet.summary()["deals"] == 2
    for name in first.teams[0]:
        row = next(r for r in rows if r.name == name)
        assert row.deals >= 2
    assert sum(r.points_for for r in rows) == sum(r.points_against for r in rows)
    assert sum(r.card_points_for for r in rows) == sum(r.card_points_against for r in rows)
    assert [r.key() for r in rows] == sorted((r.key() for r in rows), reverse=True)
    assert sum(r.calls_made for r in rows) == 2  # one call, made by a team of two


def test_the_ladder_adds_evenings_up_and_lists_those_who_have_not_played() -> None:
    one = evening_results(draw_schedule(EIGHT, 3, seed=1), {})
    two = evening_results(draw_schedule(EIGHT, 2, seed=2), {})
    ladder = standings([*one, *two], players=[*EIGHT, "Ilse"])
    assert {r.name: r.rounds for r in ladder} == {**dict.fromkeys(EIGHT, 5), "Ilse": 0}
    assert ladder[-1].name == "Ilse"


def test_the_standings_csv_has_a_header_and_a_line_per_player_best_first() -> None:
    rows = standings(evening_results(draw_schedule(EIGHT, 3, seed=3), {(1, 1): ["nt 38 5"]}))
    lines = list(csv.DictReader(io.StringIO(standings_csv(rows))))
    assert [line["name"] for line in lines] == [r.name for r in rows]
    assert lines[0]["rank"] == "1" and int(lines[0]["points_for"]) == rows[0].points_for


# ----------------------------------------------------------------------------- the command
def test_evening_prints_each_round_s_tables_and_who_sits_out() -> None:
    result = runner.invoke(app, ["evening", *EIGHT[:5], "--rounds", "2", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "Round 1" in result.output and "Round 2" in result.output
    assert "sitting out:" in result.output and "table 1:" in result.output


def test_evening_json_is_the_schedule_with_the_partner_spread() -> None:
    result = runner.invoke(app, ["evening", "--players", "10", "--rounds", "4", "--seed", "3", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["players"][0] == "P1" and len(data["rounds"]) == 4
    assert data["partnered"]["max"] - data["partnered"]["min"] <= 1
    assert data["rounds"][0]["tables"][0]["seats"][0] in data["players"]
    assert Schedule.from_json(data) == draw_schedule(player_names(10), 4, 3)


def test_evening_refuses_too_few_players_without_a_traceback() -> None:
    result = runner.invoke(app, ["evening", "--players", "3"])
    assert result.exit_code == 1
    assert "at least 4 players" in result.output and "Traceback" not in result.output


def test_evening_refuses_names_and_a_count_together() -> None:
    result = runner.invoke(app, ["evening", "An", "Bo", "Cas", "Dirk", "--players", "4"])
    assert result.exit_code == 2 and "not both" in result.output
