"""`manille simulate` through typer's CliRunner: tables, JSON, CSV, records and errors."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

import manille_variants as mv
from manille_variants.cli import app
from manille_variants.records.format import read_record

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), env={"COLUMNS": "120"})
    return result.exit_code, result.stdout, result.stderr


def simulate_json(*args: str) -> dict[str, Any]:
    code, out, err = run("simulate", "--bots", "random", "--json", *args)
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def test_simulate_prints_a_summary_table() -> None:
    code, out, _ = run("simulate", "-r", "belgian", "-n", "40", "--bots", "random", "-j", "1")
    assert code == 0
    assert "belgian: 40 deals, seed 1, bots random" in out
    for label in ("dealer net", "points/deal", "blind", "factor"):
        assert label in out


def test_simulate_json_has_stable_keys() -> None:
    data = simulate_json("-r", "table-convention", "-n", "30", "--seed", "4")
    assert data["format"] == "manille-sim" and data["version"] == 1
    assert (data["kind"], data["seed"], data["deals"], data["matches"]) == ("simulate", 4, 30, 0)
    (entry,) = data["rulesets"]
    assert entry["name"] == "table-convention"
    assert entry["hash"] == mv.load_ruleset("table-convention").content_hash()
    assert entry["difference"] is None
    assert set(entry["summary"]) == set(data["metrics"])
    assert set(entry["summary"]["net"]) == {
        "n", "mean", "sd", "se", "ci95_low", "ci95_high", "min", "p5", "p25", "p50", "p75",
        "p95", "max"}
    assert sum(entry["factor_counts"].values()) == 30


def test_simulate_matches_adds_game_and_match_lengths() -> None:
    data = simulate_json("-r", "belgian", "--matches", "5")
    summary = data["rulesets"][0]["summary"]
    assert summary["games_per_match"]["n"] == 5
    assert 2 <= summary["games_per_match"]["mean"] <= 3
    games = sum(data["rulesets"][0]["game_lengths"].values())
    assert games == round(summary["games_per_match"]["mean"] * 5)


def test_same_seed_same_json_whatever_the_jobs() -> None:
    one = simulate_json("-r", "french-coinchee", "-n", "60", "-j", "1")
    two = simulate_json("-r", "french-coinchee", "-n", "60", "-j", "2")
    assert one == two


def test_another_seed_gives_other_deals() -> None:
    a = simulate_json("-r", "belgian", "-n", "60", "--seed", "1")
    b = simulate_json("-r", "belgian", "-n", "60", "--seed", "2")
    assert a["rulesets"][0]["summary"] != b["rulesets"][0]["summary"]


def test_simulate_csv_has_one_row_per_metric() -> None:
    code, out, _ = run("simulate", "-r", "belgian", "-n", "20", "--bots", "random", "--csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [r["metric"] for r in rows][:3] == ["net", "points", "dealer_card_points"]
    assert {r["ruleset"] for r in rows} == {"belgian"}
    assert rows[0]["diff_mean"] == ""


def test_records_replay_to_the_simulated_results(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    code, _, err = run("simulate", "-r", "belgian", "--matches", "2", "--bots", "random",
                       "--records", str(folder), "--json")
    assert code == 0, err
    assert "wrote 2 record file(s)" in err
    record = read_record(folder / "belgian-match-000000.json")
    assert record.kind == "match" and record.outcome is not None
    for deal in record.deals:
        state = mv.replay(mv.load_ruleset("belgian"), deal.seed or 0, deal.dealer, deal.actions,
                          pending_ties=deal.pending_ties, scores=deal.scores)
        assert state.result is not None and state.result.to_dict() == deal.result


def test_deal_mode_records_are_one_deals_record(tmp_path: Path) -> None:
    code, _, _ = run("simulate", "-r", "fr", "-n", "3", "--bots", "random",
                     "--records", str(tmp_path / "r"), "--json")
    assert code == 0
    record = read_record(tmp_path / "r" / "french-coinchee-deals.json")
    assert record.kind == "deals"
    assert [d.dealer for d in record.deals] == [0, 1, 2]


def test_records_refuse_a_folder_with_files_unless_forced(tmp_path: Path) -> None:
    (tmp_path / "keep.txt").write_text("mine")
    args = ("simulate", "-r", "belgian", "-n", "2", "--bots", "random", "--json",
            "--records", str(tmp_path))
    code, _, err = run(*args)
    assert code == 1 and "is not empty; use --force" in err
    assert run(*args, "--force")[0] == 0
    assert (tmp_path / "keep.txt").read_text() == "mine"


def test_deals_and_matches_together_is_bad_usage() -> None:
    code, _, err = run("simulate", "-r", "belgian", "-n", "2", "--matches", "2")
    assert code == 2 and "exactly one of -n DEALS or --matches M" in err


def test_neither_deals_nor_matches_is_bad_usage() -> None:
    assert run("simulate", "-r", "belgian")[0] == 2


def test_unknown_ruleset_is_a_user_error_without_traceback() -> None:
    code, _, err = run("simulate", "-r", "no-such-rules", "-n", "2")
    assert code == 1 and "Traceback" not in err


def test_unknown_bot_is_a_user_error() -> None:
    code, _, err = run("simulate", "-r", "belgian", "-n", "2", "--bots", "nobody")
    assert code == 1 and "unknown bot 'nobody'" in err


def test_bad_scheduler_address_is_a_user_error() -> None:
    code, _, err = run("simulate", "-r", "belgian", "-n", "2", "--scheduler", "nowhere")
    assert code == 1 and "bad Dask scheduler address" in err
