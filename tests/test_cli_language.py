"""The CLI speaks the language of --lang, else of the environment (as gettext reads it); JSON
keeps the English and adds the codes."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from manille_variants.cli.app import app

runner = CliRunner()
SCORE = ["score", "-r", "belgian", "--points", "30", "--tricks", "4"]


def test_the_environment_language_is_spoken() -> None:
    result = runner.invoke(app, SCORE, env={"LANG": "nl_BE.UTF-8"})
    assert result.exit_code == 0, result.output
    assert "ploeg A is de kant van de gever" in result.stdout and "kaartpunten" in result.stdout
    assert "gelijk 30-30: niemand scoort" in result.stdout and "nobody" not in result.stdout


def test_lang_overrides_the_environment() -> None:
    result = runner.invoke(app, ["--lang", "fr", *SCORE], env={"LANG": "nl_BE.UTF-8"})
    assert result.exit_code == 0, result.output
    assert "l'équipe A est le camp du donneur" in result.stdout and "points de cartes" in result.stdout
    assert "égalité 30-30 : personne ne marque" in result.stdout and "ploeg" not in result.stdout


@pytest.mark.parametrize(("lang", "said"), [("en", "error: card points must be between 0 and 60 (got 70)"),
                                            ("nl", "fout: de kaartpunten liggen tussen 0 en 60 (niet 70)"),
                                            ("fr", "erreur : les points de cartes vont de 0 à 60 (pas 70)")])
def test_errors_are_said_in_the_language(lang: str, said: str) -> None:
    result = runner.invoke(app, ["--lang", lang, "score", "-r", "belgian", "--points", "70", "--tricks", "4"])
    assert result.exit_code == 1 and said in result.stderr


def test_without_a_language_the_cli_speaks_english() -> None:
    result = runner.invoke(app, SCORE, env={"LANG": "C.UTF-8", "LANGUAGE": "", "LC_ALL": ""})
    assert "team A is the dealer's (contract) side" in result.stdout


def test_json_keeps_the_english_and_adds_codes() -> None:
    result = runner.invoke(app, ["--lang", "nl", "score", "-r", "belgian", "--points", "40", "--tricks", "5",
                                 "--mode", "no-trump", "--json"])
    data = json.loads(result.stdout)
    assert data["factors"] == [{"name": "no-trump", "value": 2, "reason": "no-trump x2", "code": "factor.no-trump",
                                "params": {"value": 2}}]
    tied = json.loads(runner.invoke(app, ["--lang", "fr", *SCORE, "--json"]).stdout)
    assert tied["notes"] == ["tie 30-30: nobody scores; the next decisive deal carries x2"]
    assert tied["note_codes"] == [{"code": "note.tie-carries", "params": {"a": 30, "b": 30, "factor": 2}}]


def test_legal_says_why_in_the_language_and_json_adds_the_clause_code() -> None:
    args = ["legal", "-r", "belgian", "--trump", "D", "--trick", "JC", "--hand", "QC 7C 8H"]
    said = runner.invoke(app, ["--lang", "nl", *args]).stdout
    assert "waarom: de J♣ van een tegenspeler heeft de slag en je kunt erover: speel Q♣" in said
    data = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    assert data["reason"] == "an opponent's J♣ holds the trick and you can beat it: play Q♣"
    assert data["code"] == "legal.beat-opponent" and data["params"]["holder"]["code"] == "legal.holder.opponent"
