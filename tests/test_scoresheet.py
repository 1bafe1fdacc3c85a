"""The score sheet of a real table: entries, the ruleset's scoring over a match, the file and
the command (scripted with --add, and interactive with typed input)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import manille_variants as mv
from manille_variants.cli import app
from manille_variants.errors import ScoresheetError
from manille_variants.table.scoresheet import Entry, ScoreSheet, parse_entry

runner = CliRunner()


def sheet(name: str, *entries: str) -> ScoreSheet:
    s = ScoreSheet.new(mv.load_ruleset(name))
    for entry in entries:
        s.add(entry)
    return s


def points(s: ScoreSheet) -> tuple[int, int]:
    data = s.summary()
    return data["team_a"], data["team_b"]


# ----------------------------------------------------------------------------- entries


@pytest.mark.parametrize(
    ("text", "entry"),
    [
        ("H 38 5", Entry("trump", mv.Suit.H, 38, 5, 0)),
        ("s 30 4 1", Entry("trump", mv.Suit.S, 30, 4, 1)),
        ("♣ 20 2", Entry("trump", mv.Suit.C, 20, 2, 0)),
        ("no-trump 31 4 2", Entry("no-trump", None, 31, 4, 2)),
        ("nt 31 4", Entry("no-trump", None, 31, 4, 0)),
        ("blind 40 6", Entry("blind", None, 40, 6, 0)),
        ("thrown-in", Entry("thrown-in")),
        ("D 31 4 last:b", Entry("trump", mv.Suit.D, 31, 4, 0, "B")),
    ],
)
def test_entries_are_read(text: str, entry: Entry) -> None:
    assert parse_entry(text) == entry
    assert parse_entry(entry.text) == entry


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty entry"),
        ("X 30 4", "MODE must be S, H, D, C, no-trump or blind (got 'X')"),
        ("H thirty 4", "POINTS must be a whole number (got 'thirty')"),
        ("H 30", "expected MODE POINTS TRICKS [CALLS]"),
        ("H 30 4 1 1", "expected MODE POINTS TRICKS [CALLS]"),
        ("thrown-in 30 4", "a thrown-in deal takes no figures"),
        ("H 30 4 last:C", "last: must be last:A or last:B"),
    ],
)
def test_bad_entries_say_why(text: str, reason: str) -> None:
    with pytest.raises(ScoresheetError, match=reason.replace("(", r"\(").replace(")", r"\)").replace("[", r"\[")):
        parse_entry(text)


# ----------------------------------------------------------------------------- scoring


def test_seed_examples_no_trump_and_sweep() -> None:
    assert points(sheet("table-convention", "nt 38 5")) == (16, 0)  # 38 at no-trump: 8 x2
    assert points(sheet("table-convention", "S 60 8")) == (60, 0)  # a sweep scores 60


def test_the_dealing_side_alternates_and_points_stay_team_a_s() -> None:
    # Deal 2 is dealt by team B; team A's 21 card points leave B 39: B scores 9 (docs/rules.md#worked-examples).
    s = sheet("table-convention", "H 30 4", "H 21 3")
    assert [r.dealer for r in s.rows()] == ["A", "B"]
    assert points(s) == (0, 18)  # and the pending tie doubles it


def test_single_pending_tie_doubles_the_next_decisive_deal_once() -> None:
    s = sheet("table-convention", "H 30 4", "S 30 4", "D 40 5")
    assert points(s) == (20, 0)
    assert s.summary()["pending_ties"] == 0


def test_per_tie_stacking_in_belgian() -> None:
    s = sheet("belgian", "H 30 4", "S 30 4")
    assert s.summary()["pending_ties"] == 2
    s.add("D 40 5")
    assert points(s) == (40, 0)  # 10 x4


def test_french_tie_is_void_and_trick_points_count() -> None:
    s = sheet("french-coinchee", "H 30 4")  # 30 + 4 tricks = 34 of 68: a void tie
    assert s.summary()["pending_ties"] == 0 and points(s) == (0, 0)
    s.add("S 36 5")
    assert points(s) == (7, 0)  # nothing carried
    assert points(sheet("french-coinchee", "H 37 5")) == (8, 0)  # 42 of 68 score 8


def test_calls_and_the_cap() -> None:
    assert points(sheet("belgian", "H 40 5 2")) == (40, 0)  # Ik ga tegen: x4
    assert points(sheet("belgian-capped", "blind 40 5 2")) == (40, 0)  # x16 capped at x4
    s = sheet("belgian-capped", "blind 40 5 2")
    assert s.summary()["last_deal"]["factor"] == 4


def test_thrown_in_deal_keeps_a_pending_tie_and_passes_the_deal() -> None:
    s = sheet("table-convention", "H 30 4", "thrown-in")
    assert s.summary()["pending_ties"] == 1
    assert s.summary()["next_dealer"] == "A"
    with pytest.raises(ScoresheetError, match="never throws a deal in"):
        sheet("french-coinchee", "thrown-in")


@pytest.mark.parametrize(
    ("name", "entry", "reason"),
    [
        ("table-convention", "H 61 5", "POINTS must be between 0 and 60"),
        ("table-convention", "H 5 0", "team A took no trick, so it cannot hold card points"),
        ("table-convention", "H 50 8", "team A took all 8 tricks, so it holds all 60 card points"),
        ("table-convention", "H 30 9", "TRICKS must be between 0 and 8"),
        ("table-convention", "H 40 5 1", "calls must be between 0 and 0"),
        ("french-coinchee", "blind 40 5", "does not allow blind no-trump"),
    ],
)
def test_impossible_figures_are_refused_and_change_nothing(name: str, entry: str, reason: str) -> None:
    s = sheet(name, "H 40 5")
    before = s.summary()
    with pytest.raises(ScoresheetError, match=reason):
        s.add(entry)
    assert s.summary() == before and len(s.entries) == 1


def test_target_wins_the_game_and_best_of_three_the_match() -> None:
    s = sheet("belgian", "S 60 8", "S 60 8")  # A sweeps twice: 60 + 60 = 120
    assert s.summary()["games"] == {"A": 1, "B": 0} and points(s) == (0, 0)
    for _ in range(2):
        s.add("S 60 8")
    assert s.summary()["winner"] == "A" and s.summary()["games"] == {"A": 2, "B": 0}
    assert "wins the match" in s.status()
    with pytest.raises(ScoresheetError, match="the match is over"):
        s.add("H 40 5")


def test_one_game_match_ends_at_the_target() -> None:
    s = sheet("table-convention", "S 60 8", "S 60 8")
    assert s.summary()["winner"] == "A" and "games" not in s.summary()


def test_undo() -> None:
    s = sheet("table-convention", "H 40 5", "H 30 4")
    assert s.undo().text == "H 30 4"
    assert points(s) == (10, 0) and s.summary()["pending_ties"] == 0
    s.undo()
    with pytest.raises(ScoresheetError, match="nothing to undo"):
        s.undo()


# ----------------------------------------------------------------------------- file


def test_file_round_trip_recomputes_from_the_entries(tmp_path: Path) -> None:
    path = tmp_path / "sheet.json"
    s = sheet("belgian", "nt 38 5", "H 30 4", "thrown-in", "D 41 6 1")
    s.save(path)
    back = ScoreSheet.load(path)
    assert back.summary() == s.summary()
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["entries"] == ["no-trump 38 5", "H 30 4", "thrown-in", "D 41 6 1"]


def test_corrupt_or_edited_files_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "sheet.json"
    sheet("belgian", "H 40 5").save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(path.read_text(encoding="utf-8")[:50], encoding="utf-8")
    with pytest.raises(ScoresheetError, match="truncated"):
        ScoreSheet.load(path)
    data["ruleset"]["content"]["scoring"]["cap"] = 2
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ScoresheetError, match="the hash does not match"):
        ScoreSheet.load(path)
    data["ruleset"]["content"]["scoring"]["cap"] = None
    data["entries"] = ["H 40 5", "H 99 5"]
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ScoresheetError, match=r"entry 2 \(H 99 5\): POINTS must be between"):
        ScoreSheet.load(path)
    path.write_text('{"format": "x"}', encoding="utf-8")
    with pytest.raises(ScoresheetError, match="not a score sheet"):
        ScoreSheet.load(path)


# ----------------------------------------------------------------------------- command


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, ["scoresheet", *args], input=input)
    return result.exit_code, result.output


def test_cli_add_creates_the_sheet_and_prints_json(tmp_path: Path) -> None:
    path = str(tmp_path / "sheet.json")
    code, out = run("--file", path, "-r", "table-convention", "--add", "nt 38 5", "--json")
    assert code == 0, out
    data = json.loads(out)
    assert (data["team_a"], data["team_b"], data["pending_ties"], data["deals"], data["winner"]) == (16, 0, 0, 1, None)
    code, out = run("--file", path, "--add", "H 30 4", "--add", "H 40 5", "--json")
    data = json.loads(out)
    assert (data["team_a"], data["team_b"], data["deals"]) == (36, 0, 3)  # a tie, then 10 x2


def test_cli_best_of_three_reports_games(tmp_path: Path) -> None:
    path = str(tmp_path / "sheet.json")
    code, out = run("--file", path, "-r", "belgian", "--add", "S 60 8", "--add", "S 60 8", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["games"] == {"A": 1, "B": 0} and data["winner"] is None and data["best_of"] == 3


def test_cli_bad_entry_exits_1_and_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "sheet.json"
    run("--file", str(path), "-r", "belgian", "--add", "H 40 5")
    before = path.read_text(encoding="utf-8")
    code, out = run("--file", str(path), "--add", "H 30 4", "--add", "H 61 4")
    assert code == 1
    assert "error: --add #2 ('H 61 4'): POINTS must be between 0 and 60 (got 61)" in out
    assert path.read_text(encoding="utf-8") == before


def test_cli_the_ruleset_is_fixed_at_creation(tmp_path: Path) -> None:
    path = str(tmp_path / "sheet.json")
    run("--file", path, "-r", "belgian", "--add", "H 40 5")
    code, out = run("--file", path, "-r", "french-coinchee", "--add", "H 40 5")
    assert code == 1 and "keeps score under belgian" in out
    assert run("--file", path, "-r", "belgian", "--show")[0] == 0


def test_cli_a_new_sheet_needs_a_ruleset(tmp_path: Path) -> None:
    code, out = run("--file", str(tmp_path / "new.json"), "--add", "H 40 5")
    assert code == 1 and "give -r RULESET to start a new sheet" in out


def test_cli_show_and_undo(tmp_path: Path) -> None:
    path = str(tmp_path / "sheet.json")
    run("--file", path, "-r", "belgian", "--add", "nt 38 5", "--add", "H 30 4")
    code, out = run("--file", path, "--show")
    assert code == 0 and "NT" in out and "tie: next x2" in out and "match points" in out
    code, out = run("--file", path, "--undo", "--json")
    assert json.loads(out)["deals"] == 1


def test_cli_interactive_entries_are_saved_one_by_one(tmp_path: Path) -> None:
    path = tmp_path / "sheet.json"
    code, out = run("--file", str(path), "-r", "belgian", input="nt 38 5\nbogus\nH 30 4\nhelp\nundo\nD 45 6\n")
    assert code == 0, out
    assert "Refused: MODE must be" in out and "Nothing changed." in out
    assert "Removed deal 2 (H 30 4)." in out and "An entry is MODE POINTS TRICKS" in out
    assert "A: 8 over 30, no-trump x2 = 16 match points" in out
    assert json.loads(path.read_text(encoding="utf-8"))["entries"] == ["no-trump 38 5", "D 45 6"]
    assert out.rstrip().endswith(f"Saved in {path}.")


def test_cli_interactive_stops_when_the_match_is_won(tmp_path: Path) -> None:
    path = str(tmp_path / "sheet.json")
    code, out = run("--file", path, "-r", "table-convention", input="S 60 8\nS 60 8\nH 40 5\n")
    assert code == 0 and "team A wins the match" in out
    assert json.loads(Path(path).read_text(encoding="utf-8"))["summary"]["deals"] == 2


def test_cli_help_documents_the_entry() -> None:
    result = runner.invoke(app, ["scoresheet", "--help"])
    assert result.exit_code == 0
    for option in ("--file", "--ruleset", "--add", "--json", "--undo", "--show"):
        assert option in result.output
