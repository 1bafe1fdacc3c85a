"""One deal under several rulesets: ``manille score -r A -r B --json`` and ``POST /api/score``
answer the same numbers from one function (``table/across.py``), with one turned-card rule."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner
from webtools import client, make_app

import manille_variants as mv
from manille_variants.cli import app as cli_app
from manille_variants.table.across import score_across

NUMBERS = ("team_a", "team_b", "factor", "card_points", "totals", "turned", "turned_bonus")
RULESETS = ["belgian", "table-convention", "french-muette", "french-parlee"]


@pytest.fixture
def c(tmp_path: Path) -> TestClient:
    return client(make_app(tmp_path / "data"))


def _cli(*args: str) -> Any:
    result = CliRunner().invoke(cli_app, ["score", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def _numbers(breakdown: dict[str, Any]) -> dict[str, Any]:
    return {key: breakdown.get(key) for key in NUMBERS}


@pytest.mark.parametrize(("points", "tricks", "mode", "calls", "turned"), [
    (38, 5, "trump", 0, None),
    (20, 2, "no-trump", 1, None),
    (30, 4, "trump", 0, None),
    (45, 6, "trump", 0, "10H"),
])
def test_the_cli_and_the_web_give_the_same_numbers(c: TestClient, points: int, tricks: int, mode: str,
                                                   calls: int, turned: str | None) -> None:
    args = [a for name in RULESETS for a in ("-r", name)]
    args += ["--points", str(points), "--tricks", str(tricks), "--mode", mode, "--calls", str(calls)]
    cli = _cli(*args, *(["--turned", turned] if turned else []))["results"]
    web = c.post("/api/score", json={"rulesets": RULESETS, "points": points, "tricks": tricks, "mode": mode,
                                     "calls": calls, "turned": turned}).json()["results"]
    assert [r["ruleset"] for r in cli] == [r["ruleset"] for r in web] == RULESETS
    for mine, theirs in zip(cli, web, strict=True):
        assert ("error" in mine) == ("error" in theirs)
        if "error" in mine:
            assert mine["error"] == theirs["error"]
        else:
            assert _numbers(mine) == _numbers(theirs["breakdown"])
            assert (mine["team_a"], mine["team_b"]) == (theirs["team_a"], theirs["team_b"])


def test_the_turned_card_counts_under_the_rulesets_that_turn_one() -> None:
    belgian, muette = mv.load_ruleset("belgian"), mv.load_ruleset("french-muette")
    plain, turned = score_across([belgian, muette], 40, 6, turned="10H")
    assert isinstance(plain, mv.DealScore) and plain.turned is None
    assert isinstance(turned, mv.DealScore) and turned.turned == "10H"


def test_a_turned_card_asked_only_of_rulesets_that_name_trump_is_refused(c: TestClient) -> None:
    [alone] = score_across([mv.load_ruleset("belgian")], 40, 6, turned="10H")
    assert isinstance(alone, mv.ManilleError) and "names trump: no card is turned" in str(alone)
    result = CliRunner().invoke(cli_app, ["score", "-r", "belgian", "--points", "40", "--tricks", "6",
                                          "--turned", "10H"])
    assert result.exit_code == 1 and "names trump: no card is turned" in result.output
    web = c.post("/api/score", json={"rulesets": ["belgian"], "points": 40, "tricks": 6, "turned": "10H"})
    assert web.json()["results"] == [{"ruleset": "belgian", "error": str(alone), "code": "score.no-turned-card",
                                      "params": {"ruleset": "belgian"}}]
