"""`manille legal` and `manille score` through typer's CliRunner, including the worked
examples of docs/rules.md#worked-examples."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from manille_variants.cli import app

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def legal_json(*args: str) -> dict[str, object]:
    code, out, err = run("legal", *args, "--json")
    assert code == 0, err
    data: dict[str, object] = json.loads(out)
    return data


def score_json(*args: str) -> dict[str, object]:
    code, out, err = run("score", *args, "--json")
    assert code == 0, err
    data: dict[str, object] = json.loads(out)
    return data


# --------------------------------------------------------------------------------------
# manille legal


def test_legal_prints_the_cards_the_reason_and_the_clause() -> None:
    code, out, _ = run("legal", "-r", "belgian", "--trump", "D", "--trick", "JC", "--hand",
                       "QC 7C 8H")
    assert code == 0
    assert out.splitlines() == [
        "legal: QC",
        "why: an opponent's J♣ holds the trick and you can beat it: play Q♣",
        "clause: beat-opponent (belgian)",
    ]


def test_legal_json_seed_000_example() -> None:
    data = legal_json("-r", "belgian", "--trump", "D", "--trick", "JC", "--hand", "QC 7C 8H")
    assert data["legal"] == ["QC"]
    assert data["clause"] == "beat-opponent"
    assert data["reason"] == "an opponent's J♣ holds the trick and you can beat it: play Q♣"
    assert (data["trump"], data["trick"], data["ruleset"]) == ("D", ["JC"], "belgian")


@pytest.mark.parametrize("trump", ["S", "D", "none"])
def test_legal_seed_001_example(trump: str) -> None:
    data = legal_json("-r", "table-convention", "--trump", trump, "--trick", "QH", "--hand",
                      "KH 8H")
    assert data["legal"] == ["KH"]


def test_legal_seed_002_examples() -> None:
    third = legal_json("-r", "belgian", "--trump", "S", "--trick", "QH 8S", "--hand",
                       "7H KH AS AD")
    assert third["legal"] == ["7H", "KH"]
    fourth = legal_json("-r", "belgian", "--trump", "S", "--trick", "QH 8S 7H", "--hand",
                        "AD 7C")
    assert fourth["legal"] == ["AD", "7C"]
    assert fourth["clause"] == "discard"


def test_legal_french_duty_to_trump_when_partner_wins() -> None:
    data = legal_json("-r", "fr", "--trump", "S", "--trick", "AH 7H", "--hand", "7S AD")
    assert (data["legal"], data["clause"]) == (["7S"], "trump-partner")
    belgian = legal_json("-r", "belgian", "--trump", "S", "--trick", "AH 7H", "--hand", "7S AD")
    assert belgian["legal"] == ["7S", "AD"]


def test_legal_no_trump_and_leading() -> None:
    data = legal_json("-r", "belgian", "--trump", "none", "--hand", "AS 7D")
    assert (data["legal"], data["clause"], data["trump"], data["trick"]) == (
        ["AS", "7D"], "lead", None, [],
    )


def test_legal_defaults_to_table_convention() -> None:
    assert legal_json("--trump", "S", "--trick", "AH 7H", "--hand", "7S AD")["ruleset"] == (
        "table-convention"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--trump", "S", "--hand", "11H 7C"],
         "error: not a card: '11H' (ranks 7 8 9 10 J Q K A, suits S H D C)"),
        (["--trump", "S", "--trick", "QX", "--hand", "7C"], "error: not a card: 'QX'"),
        (["--trump", "X", "--hand", "7C"], "error: not a suit: 'X' (suits S H D C)"),
        (["--trump", "S", "--trick", "7C", "--hand", "7C 8C"],
         "error: card both in the hand and in the trick: 7♣"),
        (["--trump", "S", "--trick", "7C 8C 9C 10C", "--hand", "AC"], "at most 3 cards"),
        (["--trump", "S", "--hand", ""], "error: the hand is empty"),
        (["-r", "nope", "--trump", "S", "--hand", "7C"], "nope"),
    ],
)
def test_legal_bad_input_is_a_clear_error(args: list[str], message: str) -> None:
    code, out, err = run("legal", *args)
    assert code == 1
    assert message in err
    assert "Traceback" not in err + out


def test_legal_without_trump_is_a_usage_error() -> None:
    code, _, err = run("legal", "--hand", "7C")
    assert code == 2 and "--trump" in err


# --------------------------------------------------------------------------------------
# manille score


def test_score_seed_000_no_trump_example_breakdown() -> None:
    code, out, _ = run("score", "-r", "table-convention", "--points", "38", "--tricks", "5",
                       "--mode", "no-trump")
    assert code == 0
    assert "card points (this deal)" in out
    assert "  A  38   B  22   of 60 in the pack" in out
    assert "excess 38 - 30 = 8" in out
    assert "x2   no-trump       no-trump x2" in out
    assert "match points (the running score)" in out
    assert "  A  16   B   0   (A scores 8 x 2; the other side 0)" in out


def test_score_json_has_the_documented_keys() -> None:
    data = score_json("-r", "table-convention", "--points", "38", "--tricks", "5", "--mode",
                      "no-trump")
    assert (data["team_a"], data["team_b"], data["tied"], data["factor"]) == (16, 0, False, 2)
    assert data["factors"] == [{"name": "no-trump", "value": 2, "reason": "no-trump x2",  # and its code
                                "code": "factor.no-trump", "params": {"value": 2}}]
    assert data["card_points"] == [38, 22] and data["ruleset"] == "table-convention"


def test_score_seed_002_opponents_score_9() -> None:
    data = score_json("-r", "belgian", "--points", "21", "--tricks", "3")
    assert (data["team_a"], data["team_b"], data["winner"]) == (0, 9, "B")


def test_score_sweep_scores_60() -> None:
    data = score_json("-r", "belgian", "--points", "60", "--tricks", "8")
    assert data["team_a"] == 60
    assert data["factors"] == [{"name": "sweep", "value": 2, "reason": "sweep (all 8 tricks) x2",  # and its code
                                "code": "factor.sweep.tricks", "params": {"value": 2, "tricks": 8}}]


def test_score_french_42_of_68_scores_8() -> None:
    code, out, _ = run("score", "-r", "french-coinchee", "--points", "37", "--tricks", "5")
    assert code == 0
    assert "tricks (1 point(s) each)" in out
    assert "deal totals (half is 34)" in out
    assert "  A  42   B  26" in out
    assert "A scores 8 x 1" in out


def test_score_calls_and_pending_ties_and_cap_note() -> None:
    code, out, _ = run("score", "-r", "belgian-capped", "--points", "38", "--tricks", "5",
                       "--mode", "no-trump", "--calls", "2", "--pending-ties", "2")
    assert code == 0
    assert "x4   tie            tie carried x4 (2 ties in a row)" in out
    assert "x4   ik-ga-tegen    Ik ga tegen x4" in out
    assert "= x4 combined (multiplied, capped at x4 (x32 uncapped))" in out
    assert "note: capped at x4 (x32 before the cap)" in out
    assert "A scores 8 x 4" in out


def test_score_ik_ga_tegen_is_x4_not_x8() -> None:
    assert score_json("-r", "belgian", "--points", "38", "--tricks", "5", "--calls", "2")[
        "factor"
    ] == 4


def test_score_tie_notes() -> None:
    code, out, _ = run("score", "-r", "belgian", "--points", "30", "--tricks", "4",
                       "--pending-ties", "1")
    assert code == 0 and "tie: nobody scores" in out
    assert "note: tie 30-30: nobody scores; the next decisive deal carries x4" in out
    code, out, _ = run("score", "-r", "fr", "--points", "30", "--tricks", "4")
    assert "note: tie 34-34: the deal is void, nobody scores" in out


def test_score_last_trick_option() -> None:
    data = score_json("-r", "belgian", "--points", "38", "--tricks", "5", "--last-trick", "b")
    assert data["team_a"] == 8
    code, _, err = run("score", "--points", "38", "--tricks", "5", "--last-trick", "C")
    assert code == 1 and "error: --last-trick must be A or B (got 'C')" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--points", "61", "--tricks", "5"], "card points must be between 0 and 60 (got 61)"),
        (["--points", "38", "--tricks", "1"], "1 trick(s) hold at most 20 card points (got 38)"),
        (["--points", "38", "--tricks", "9"], "tricks must be between 0 and 8 (got 9)"),
        (["--points", "38", "--tricks", "5", "--mode", "blind"],
         "table-convention does not allow blind no-trump"),
        (["--points", "38", "--tricks", "5", "--mode", "muulen"], "mode must be one of"),
        (["--points", "38", "--tricks", "5", "--calls", "1"], "calls must be between 0 and 0"),
        (["-r", "belgian", "--points", "38", "--tricks", "5", "--calls", "3"],
         "(ik-ga-mee then ik-ga-tegen) (got 3)"),
        (["--points", "38", "--tricks", "5", "--pending-ties", "-1"], "cannot be negative"),
    ],
)
def test_score_impossible_figures_are_clear_errors(args: list[str], message: str) -> None:
    code, out, err = run("score", *args)
    assert code == 1
    assert err.startswith("error: ") and message in err
    assert "Traceback" not in err + out


def test_help_documents_the_options() -> None:
    code, out, _ = run("legal", "--help")
    assert code == 0 and "--trump" in out and "--trick" in out and "--json" in out
    code, out, _ = run("score", "--help")
    assert code == 0
    for option in ("--points", "--tricks", "--mode", "--calls", "--pending-ties", "--last-trick"):
        assert option in out


def test_cli_md_engine_examples_are_real_output() -> None:
    text = (Path(__file__).resolve().parent.parent / "docs" / "cli.md").read_text("utf-8")
    section = text[text.index("## Engine") :]
    checked = 0
    for block in re.findall(r"```console\n(.*?)```", section, re.S):
        commands = re.split(r"^\$ manille ", block, flags=re.M)[1:]
        for chunk in commands:
            line, _, expected = chunk.partition("\n")
            result = runner.invoke(app, shlex.split(line))
            assert result.output == expected, line
            checked += 1
    assert checked == 3
