"""Typed deals: the text format a person can write, its mistakes, and the documented examples."""

from __future__ import annotations

import re
import shlex
import textwrap
from pathlib import Path

import pytest
from strategies import TABLES
from typer.testing import CliRunner

import manille_variants as mv
from manille_variants.bots import make_bots, play_deal, play_match
from manille_variants.cli import app
from manille_variants.engine.deal import DealState
from manille_variants.errors import RecordError
from manille_variants.records.audit import audit_record, walk_deal
from manille_variants.records.format import deal_record
from manille_variants.records.textdeal import deal_to_text, parse_seat, parse_typed, typed_record
from manille_variants.ruleset.loader import bundled_names

runner = CliRunner()
DOC = Path(__file__).resolve().parent.parent / "docs" / "records.md"
BLOCK = re.compile(r"(?:<!-- file: (?P<file>[^>]+?) -->\n)?```(?P<lang>\w+)\n(?P<body>.*?)```", re.S)

DEAL = """\
ruleset: belgian
dealer: S
trump: D
calls: ik-ga-mee by E
hand N: AS JS 8S QH 7H QD 9D 7C
hand E: QS 9S 10H AH 10D AD 7D 10C
hand S: KS KH JH KD JD 8D QC 8C
hand W: 10S 7S 9H 8H AC KC JC 9C
trick: W 10S 8S QS KS
trick: 9C 7C 10C 8C
trick: 10D 8D AC 9D
trick: AD JD KC QD
trick: 10H JH 8H 7H
trick: AH KH 9H QH
trick: 9S KD 7S AS
trick: QC JC JS 7D
result: 0 46
"""


def audit_text(text: str, ruleset: str | None = None) -> list[str]:
    record = typed_record(parse_typed(textwrap.dedent(text), "deal.txt"), ruleset)
    return [str(p) for p in audit_record(record).problems]


def error(text: str, ruleset: str | None = None) -> str:
    with pytest.raises(RecordError) as info:
        typed_record(parse_typed(textwrap.dedent(text), "deal.txt"), ruleset)
    return str(info.value)


# ----------------------------------------------------------------------------- reading


def test_a_full_typed_deal_passes() -> None:
    assert audit_text(DEAL) == []


def test_without_hands_the_hands_are_read_off_the_tricks() -> None:
    tricks_only = "\n".join(line for line in DEAL.splitlines() if not line.startswith("hand"))
    record = typed_record(parse_typed(tricks_only))
    full = typed_record(parse_typed(DEAL))
    assert [set(h) for h in record.deals[0].hands or ()] == [set(h) for h in full.deals[0].hands or ()]
    assert audit_record(record).ok


def test_the_claimed_result_is_checked() -> None:
    assert audit_text(DEAL.replace("result: 0 46", "result: 0 23")) == [
        "deal 1: recorded team_b 23, the ruleset gives 46 (excess 23 x2: Ik ga mee x2)"
    ]


def test_who_called_decides_nothing_but_must_be_allowed() -> None:
    assert audit_text(DEAL.replace("ik-ga-mee by E", "Ik ga mee")) == []
    problems = audit_text(DEAL.replace("ik-ga-mee by E", "ik-ga-mee by N"))
    assert problems and "call:ik-ga-mee is not allowed" in problems[0]


def test_seats_by_letter_or_number() -> None:
    assert [parse_seat(s) for s in ("N", "e", "South", "3", "w")] == [0, 1, 2, 3, 3]
    with pytest.raises(RecordError, match="not a seat"):
        parse_seat("X")


def test_several_deals_in_one_file_and_comments() -> None:
    two = DEAL + "\n---\n# the same cards again\n" + DEAL.split("\n", 1)[1]
    record = typed_record(parse_typed(two))
    assert len(record.deals) == 2 and audit_record(record).ok


def test_unfinished_deal_with_hands_is_fine() -> None:
    cut = DEAL.split("trick: 10D")[0]
    record = typed_record(parse_typed(cut))
    report = audit_record(record)
    assert report.ok and report.walks[0].score is None


def test_thrown_in_deal() -> None:
    text = "ruleset: table-convention\ndealer: N\ntrump: thrown-in\n"
    report = audit_record(typed_record(parse_typed(text)))
    assert report.ok and report.walks[0].score is not None and report.walks[0].score.thrown_in


def test_delegated_trump_in_the_french_game() -> None:
    rs = mv.load_ruleset("french-coinchee")
    for seed in range(200):
        final = play_deal(mv.new_deal(rs, seed, 1), make_bots("heuristic", seed))
        if mv.engine.DELEGATE in final.actions:
            break
    else:
        pytest.fail("no delegated deal found")
    text = deal_to_text(mv.compile_rules(rs), walk_deal(rs, deal_record(final)))
    assert "by partner" in text
    assert audit_record(typed_record(parse_typed(text), "french-coinchee")).ok


# The typed form names the four seats N E S W (other tables keep JSON records).
@pytest.mark.parametrize("name", [name for name in bundled_names() if name not in TABLES])
def test_records_written_as_text_read_back_and_pass(name: str) -> None:
    rs = mv.load_ruleset(name)
    finals: list[DealState] = []
    play_match(rs, 8, make_bots("heuristic,random", 8), on_deal=finals.append)
    rules = mv.compile_rules(rs)
    text = f"ruleset: {name}\n" + "deal\n".join(deal_to_text(rules, walk_deal(rs, deal_record(f))) for f in finals)
    assert audit_record(typed_record(parse_typed(text))).ok
    tricks_only = "\n".join(line for line in text.splitlines() if not line.startswith("hand"))
    assert audit_record(typed_record(parse_typed(tricks_only))).ok


# ----------------------------------------------------------------------------- mistakes


def test_wrong_leader_names_the_line() -> None:
    got = error(DEAL.replace("trick: 9C 7C", "trick: N 9C 7C"))
    assert got == "deal.txt:10: this trick is led by W (seat 3), not N (seat 0)"


def test_a_card_played_twice_names_both_lines() -> None:
    got = error(DEAL.replace("trick: 9C 7C 10C 8C", "trick: 9C 7C 10C 10S"))
    assert got == "deal.txt:10: 10S was already played on line 9"


def test_not_a_card_names_the_line() -> None:
    assert error(DEAL.replace("QS KS", "QS KX")).startswith("deal.txt:9: not a card: 'KX'")


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (("dealer: S", "dealer: Q"), "deal.txt:2: not a seat: 'Q'"),
        (("trump: D", "trump: purple"), "deal.txt:3: trump: 'purple' is not S, H, D, C"),
        (("trump: D", "colour: D"), "deal.txt:3: unknown key 'colour'"),
        (("result: 0 46", "result: lots"), "deal.txt:17: result: expected two numbers"),
        (("hand N:", "hand:"), "deal.txt:5: say whose hand"),
        (("hand E:", "hand N:"), "deal.txt:6: seat 0's hand is given twice"),
        (("trick: W 10S 8S QS KS", "trick: W 10S 8S QS KS 9S"), "deal.txt:9: a trick holds 1 to 4 cards"),
        (("dealer: S\n", "dealer: S\ndealer: N\n"), "'dealer' given twice in one deal"),
        (("ruleset: belgian\n", "dealer: S\nruleset: belgian\n"), "'ruleset:' goes once at the top"),
    ],
)
def test_mistakes_are_named_with_their_line(change: tuple[str, str], expected: str) -> None:
    assert expected in error(DEAL.replace(*change, 1))


def test_missing_dealer_trump_or_ruleset() -> None:
    assert "has no 'dealer:' line" in error(DEAL.replace("dealer: S\n", ""))
    assert "has no 'trump:' line" in error(DEAL.replace("trump: D\n", ""))
    assert "names no ruleset" in error(DEAL.replace("ruleset: belgian\n", ""))
    assert audit_text(DEAL.replace("ruleset: belgian\n", ""), "belgian") == []


def test_calls_the_ruleset_does_not_know() -> None:
    assert "table-convention has no call 'ik-ga-mee' (its calls: none)" in error(DEAL, "table-convention")


def test_some_tricks_without_hands() -> None:
    text = "\n".join(line for line in DEAL.splitlines() if not line.startswith("hand"))
    assert "give all 8 tricks" in error(text.replace("trick: QC JC JS 7D\n", ""))
    assert "give all four hands or none" in error(DEAL.replace("hand W: 10S 7S 9H 8H AC KC JC 9C\n", ""))


def test_an_empty_file() -> None:
    with pytest.raises(RecordError, match="no deal found"):
        parse_typed("# nothing\n", "deal.txt")


# ----------------------------------------------------------------------------- documentation


@pytest.fixture
def doc_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    for match in BLOCK.finditer(DOC.read_text(encoding="utf-8")):
        if match["file"]:
            (tmp_path / match["file"]).write_text(match["body"], encoding="utf-8")
    return tmp_path


def test_the_documented_examples_run_as_shown(doc_files: Path) -> None:
    checked = 0
    for match in BLOCK.finditer(DOC.read_text(encoding="utf-8")):
        lines = match["body"].splitlines()
        if match["lang"] != "console":
            continue
        args = shlex.split(lines[0].removeprefix("$ manille "))
        result = runner.invoke(app, args)
        assert result.output.splitlines() == lines[1:], lines[0]
        checked += 1
    assert checked >= 3


def test_the_documented_record_example_uses_real_keys() -> None:
    text = DOC.read_text(encoding="utf-8")
    for key in ("format", "version", "ruleset", "kind", "seed", "first_dealer", "players", "deals", "outcome",
                "game", "dealer", "pending_ties", "scores", "hands", "actions", "result", "scores_after"):
        assert f'"{key}"' in text
