"""--help in the CLI's language: ``--lang`` or the environment (LANGUAGE, LC_ALL, LC_MESSAGES,
LANG), the root's help and every command's, its options' and typer's own words; English as
it always was."""

from __future__ import annotations

import re
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from manille_variants.cli import app
from manille_variants.cli.common import english, translated_help
from manille_variants.messages import templates

runner = CliRunner()
COMMANDS: dict[str, Any] = dict(getattr(typer.main.get_command(app), "commands", {}))
WIDE = {"COLUMNS": "400", "LANG": "C", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}


def flat(output: str) -> str:
    """The help as one line of words (no panel borders, no wrapping)."""
    return " ".join(" ".join(line.strip(" │╭╮╰╯─").split()) for line in output.splitlines() if line.strip())


def help_of(args: list[str], **env: str) -> str:
    result = runner.invoke(app, args, env={**WIDE, **env})
    assert result.exit_code == 0, result.output
    return flat(result.output)


@pytest.mark.parametrize(("args", "env", "words", "english"), [
    (["--lang", "nl", "--help"], {}, ["Gebruik: manille", "Manille-spelregels: valideren", "Toon tracebacks",
                                      "Opties", "Commando's", "Toon deze hulp en stop."],
     ["Usage:", "Show tracebacks", "Show this message and exit.", "Manille rulesets:"]),
    (["--help"], {"LANG": "fr_BE.UTF-8"}, ["Utilisation : manille", "Règles de la manille", "Commandes",
                                           "Affiche les traces des erreurs", "Affiche cette aide et quitte."],
     ["Usage:", "Show tracebacks", "Commands"]),
    (["--lang=fr", "simulate", "--help"], {}, ["Joue des donnes (-n)", "Graine maîtresse", "[par défaut : 1]",
                                               "[obligatoire]"],
     ["Master seed", "[default: 1]", "[required]"]),
    (["--lang", "nl", "simulate", "--help"], {"LANG": "fr_BE.UTF-8"},
     ["Speel spellen (-n)", "Hoofdseed: dezelfde seed", "[standaard: 1]", "Overschrijf bestaande uitvoerbestanden."],
     ["Master seed", "Graine", "Overwrite existing"]),
    (["legal", "--help"], {"LC_ALL": "nl_BE.UTF-8"}, ["De troefkleur: S, H, D of C", "[verplicht]"],
     ["The trump suit"]),
    (["scoresheet", "--help"], {"LANGUAGE": "fr:nl"},
     ["Tient la marque d'une vraie table", "Retire la dernière donne."],
     ["Keep the score", "Remove the last deal."]),
    (["compare", "--help"], {"LANG": "nl_BE.UTF-8"},
     ["Argumenten", "Spelregels om te vergelijken; de eerste is het vertrekpunt.", "Gebruik: manille compare"],
     ["Arguments", "the first is the baseline"]),
    (["diff", "--help"], {"LANG": "fr_BE.UTF-8"}, ['Affiche une liste JSON de {"path", "a", "b"}.'], ["Print a JSON"]),
])
def test_help_speaks_the_language(args: list[str], env: dict[str, str], words: list[str],
                                  english: list[str]) -> None:
    out = help_of(args, **env)
    for word in words:
        assert word in out, word
    for word in english:
        assert word not in out, word


@pytest.mark.parametrize("lang", ["nl", "fr"])
@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_help_text_of_every_command_is_translated(lang: str, name: str) -> None:
    out = help_of(["--lang", lang, name, "--help"])
    command = COMMANDS[name]
    for text in [command.help, *(param.help for param in command.params)]:
        if text:
            translation = translated_help(text, lang)
            assert translation != text, (name, text)
            assert flat(translation or "")[:60] in out, (name, translation)


def test_english_help_is_the_english_of_the_catalog() -> None:
    out = help_of(["simulate", "--help"])
    assert "Usage: manille simulate" in out and "Play this many independent seeded deals." in out
    assert "Show this message and exit." in out and "[default: 1]" in out
    assert help_of(["--lang", "en", "--help"], LANG="nl_BE.UTF-8") == help_of(["--help"])


def test_a_help_in_another_language_leaves_the_next_one_english() -> None:
    help_of(["--lang", "nl", "score", "--help"])
    assert "Score one deal" in help_of(["score", "--help"])
    assert typer.rich_utils.OPTIONS_PANEL_TITLE == "Options"


def test_every_help_text_is_declared_once_for_typer() -> None:
    codes = [code for code in templates() if code.startswith("help.")]
    assert english("help.sim.seed") == "Master seed: the same seed gives the same numbers."
    assert not [code for code in codes if re.search(r"%[a-zA-Z]", templates()[code])]
