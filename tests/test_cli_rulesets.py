"""The ruleset commands through typer's CliRunner: output, round trips and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml
from typer.testing import CliRunner

from manille_variants.cli import app
from manille_variants.errors import RulesetError
from manille_variants.ruleset.loader import (
    bundled_dir,
    load_ruleset,
    read_ruleset_text,
    ruleset_file_schema,
)

BUNDLED = ["belgian", "belgian-capped", "belgian-six", "belgian-three", "belgian-two", "french-coinchee",
           "french-muette", "french-parlee", "table-convention"]
DATA = Path(__file__).parent / "data" / "rulesets"
runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), env={"COLUMNS": "120"})
    return result.exit_code, result.stdout, result.stderr


# --- rulesets -----------------------------------------------------------------------------


def test_rulesets_lists_name_title_extends_and_aliases() -> None:
    code, out, _ = run("rulesets")
    assert code == 0
    for word in [
        "belgian-capped",
        "Belgian Manillen, capped at x4",
        "table-convention",
        "coinchee",
    ]:
        assert word in out


def test_rulesets_json() -> None:
    code, out, _ = run("rulesets", "--json")
    assert code == 0
    rows = {row["name"]: row for row in json.loads(out)}
    assert sorted(rows) == BUNDLED
    assert rows["belgian-capped"]["extends"] == "belgian"
    assert rows["french-coinchee"]["extends"] is None
    assert "fr" in rows["french-coinchee"]["aliases"]


# --- show -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", BUNDLED)
def test_show_yaml_with_summary_loads_back_equal(name: str) -> None:
    code, out, _ = run("show", name)
    assert code == 0
    assert "# At the table:" in out
    assert read_ruleset_text(out) == load_ruleset(name)


@pytest.mark.parametrize("name", BUNDLED)
def test_show_json_loads_back_equal(name: str) -> None:
    code, out, _ = run("show", name, "--json")
    assert code == 0
    assert read_ruleset_text(out) == load_ruleset(name)
    assert json.loads(out)["name"] == name


def test_show_raw_has_no_summary() -> None:
    code, out, _ = run("show", "capped", "--raw")
    assert code == 0
    assert "At the table" not in out
    assert read_ruleset_text(out).scoring.cap == 4


def test_show_summary_says_what_matters_at_the_table() -> None:
    _, out, _ = run("show", "french-coinchee")
    for phrase in [
        "counter-clockwise",
        "hands the choice to the partner",
        "'Contre' by an opponent",
        "even when your partner wins",
        "60 card points + 1 per trick = 68",
        "simply void",
        "No sweep bonus",
        "won at 100",
    ]:
        assert phrase in out


def test_show_unknown_ruleset_exits_1_without_traceback() -> None:
    code, out, err = run("show", "belgain")
    assert code == 1
    assert out == ""
    assert err.startswith("belgain: unknown ruleset 'belgain'; did you mean 'belgian'?")
    assert "Traceback" not in err


def test_debug_lets_the_exception_through() -> None:
    result = runner.invoke(app, ["--debug", "show", "belgain"])
    assert isinstance(result.exception, RulesetError)


def test_show_without_argument_is_bad_usage() -> None:
    code, _, err = run("show")
    assert code == 2
    assert "Missing argument" in err


# --- validate -----------------------------------------------------------------------------


def test_validate_ok_per_valid_file() -> None:
    club = str(DATA / "club.yaml")
    code, out, err = run("validate", club, str(DATA / "nested" / "child.yaml"))
    assert code == 0
    assert out.splitlines() == [f"{club}: ok", f"{DATA / 'nested' / 'child.yaml'}: ok"]
    assert err == ""


def test_validate_reports_every_problem_and_exits_1(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(DATA)
    code, out, err = run("validate", "club.yaml", "broken.yaml")
    assert code == 1
    assert out == "club.yaml: ok\n"
    assert err.splitlines() == [
        "broken.yaml:4:3: dealing.direction: expected one of 'clockwise', 'counter-clockwise' "
        "(got 'clockwize')",
        "broken.yaml:6:3: play.beat_oponent: unknown key 'beat_oponent', did you mean "
        "'beat_opponent'? (expected one of: beat_opponent, beat_partner_on_trump_lead, "
        "beat_at_no_trump, beat_partner_at_no_trump, trump_when_opponent_wins, "
        "trump_when_partner_wins, overtrump_opponent, overtrump_partner, undertrump, "
        "undertrump_partner, extra_rules)",
        "broken.yaml:8:3: scoring.cap: must be at least 1 (got 0)",
        "error: 1 of 2 rulesets invalid",
    ]


def test_validate_missing_file(tmp_path: Path) -> None:
    missing = str(tmp_path / "nope.yaml")
    code, _, err = run("validate", missing)
    assert code == 1
    assert err.splitlines()[0] == f"{missing}: no such file"


@pytest.mark.parametrize("name", BUNDLED)
def test_validate_every_bundled_file(name: str) -> None:
    code, _, _ = run("validate", str(bundled_dir() / f"{name}.yaml"))
    assert code == 0


# --- diff -----------------------------------------------------------------------------------


def test_diff_json_lists_every_differing_setting_rules_first() -> None:
    code, out, _ = run("diff", "belgian", "capped", "--json")
    assert code == 0
    rows = json.loads(out)
    assert rows[0] == {"path": "scoring.cap", "a": None, "b": 4}
    assert [r["path"] for r in rows[1:]] == ["name", "title", "description", "sources", "aliases"]


def test_diff_table_and_rules_only() -> None:
    code, out, _ = run("diff", "table-convention", "french-coinchee", "--rules-only")
    assert code == 0
    for text in [
        "dealing.direction",
        "counter-clockwise",
        "calls",
        "scoring.trick_points",
        "match.target",
    ]:
        assert text in out
    assert "title" not in out


def test_diff_calls_are_compared_rung_by_rung() -> None:
    _, out, _ = run("diff", "table", "belgian", "--json")
    rows = {r["path"]: r for r in json.loads(out)}
    assert rows["calls.0"]["a"] is None
    assert rows["calls.0"]["b"]["name"] == "ik-ga-mee"


def test_diff_of_identical_rulesets() -> None:
    code, out, _ = run("diff", "belgian", "be")
    assert (code, out) == (0, "belgian and belgian have the same settings\n")


def test_diff_with_a_bad_file_exits_1(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(DATA)
    code, _, err = run("diff", "belgian", "broken.yaml")
    assert code == 1
    assert err.startswith("broken.yaml:4:3: dealing.direction:")


# --- schema ---------------------------------------------------------------------------------


def test_schema_prints_the_file_schema() -> None:
    code, out, _ = run("schema")
    assert code == 0
    assert json.loads(out) == ruleset_file_schema()


def test_schema_output_refuses_to_overwrite_without_force(tmp_path: Path) -> None:
    target = tmp_path / "ruleset.schema.json"
    assert run("schema", "-o", str(target))[0] == 0
    assert (
        json.loads(target.read_text(encoding="utf-8"))["properties"]["extends"]["type"] == "string"
    )
    target.write_text("keep", encoding="utf-8")
    code, _, err = run("schema", "-o", str(target))
    assert code == 1
    assert err == f"error: {target} exists; use --force to overwrite it\n"
    assert target.read_text(encoding="utf-8") == "keep"
    assert run("schema", "-o", str(target), "--force")[0] == 0
    assert target.read_text(encoding="utf-8") != "keep"


@pytest.mark.parametrize("path", [*sorted(bundled_dir().glob("*.yaml")), DATA / "club.yaml"])
def test_ruleset_files_validate_against_the_json_schema(path: Path) -> None:
    jsonschema.validate(yaml.safe_load(path.read_text(encoding="utf-8")), ruleset_file_schema())


def test_an_invalid_file_fails_the_json_schema_and_the_loader() -> None:
    path = DATA / "broken.yaml"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(yaml.safe_load(path.read_text(encoding="utf-8")), ruleset_file_schema())
    with pytest.raises(RulesetError):
        load_ruleset(path)


def test_resolved_rulesets_validate_against_the_json_schema() -> None:
    for name in BUNDLED:
        jsonschema.validate(load_ruleset(name).model_dump(mode="json"), ruleset_file_schema())
