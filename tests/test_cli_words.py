"""Every CLI command speaks the CLI's language (--lang, else the environment's): tables, their
headings and labels, progress lines, the terminal game and score sheet, errors; JSON stays the
English it was.  The core's refusals arrive as coded sentences, worded by the catalog."""

from __future__ import annotations

import itertools
import json
import re
import time
from pathlib import Path

import pytest
import yaml
from test_play_cli import first_restricted_card, script
from typer.testing import CliRunner

import manille_variants as mv
from manille_variants import _core
from manille_variants.cli import sim_cmds
from manille_variants.cli.app import app
from manille_variants.cli.common import set_language
from manille_variants.engine.core import core_rules, to_core
from manille_variants.errors import BotOptionError, RulesetError, SearchError
from manille_variants.messages import is_defined
from manille_variants.ruleset.loader import _literal_choices
from manille_variants.ruleset.schema import Ruleset
from manille_variants.sim.metrics import DEAL_METRICS, MATCH_METRICS
from manille_variants.sim.tables import LABELS
from manille_variants.words import contract_text

runner = CliRunner()
CORE_SOURCES = Path(__file__).resolve().parent.parent / "core" / "engine" / "src"


def said(*args: str, env: dict[str, str] | None = None, input: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), env=env, input=input)
    return result.exit_code, result.stdout, result.stderr


# ----------------------------------------------------------------------------- ruleset commands


def test_rulesets_table_heads_its_columns_in_dutch() -> None:
    code, out, _ = said("--lang", "nl", "rulesets")
    assert code == 0
    assert "naam" in out and "breidt uit" in out and "andere namen" in out
    assert "aliases" not in out and "extends" not in out


def test_validate_says_ok_and_counts_the_invalid_in_french(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: bad\nextends: belgian\ndealing:\n  direction: sideways\n", encoding="utf-8")
    code, out, err = said("--lang", "fr", "validate", "belgian", str(bad))
    assert code == 1
    assert "belgian : en ordre" in out and ": ok" not in out
    assert "erreur : 1 règles sur 2 non valides" in err and "invalid" not in err


def test_diff_of_equal_rulesets_says_so_in_dutch() -> None:
    code, out, _ = said("--lang", "nl", "diff", "belgian", "manillen")
    assert code == 0 and out.strip() == "belgian en belgian hebben dezelfde instellingen"


def test_show_words_its_header_and_summary_in_the_language() -> None:
    code, out, _ = said("--lang", "nl", "show", "belgian")
    assert code == 0
    assert "belgian: volledig uitgeschreven (inhoudshash " in out and "# Aan tafel:" in out
    assert "Een boam is gewonnen met 101 wedstrijdpunten" in out
    assert "At the table" not in out and "fully resolved" not in out
    assert yaml.safe_load(out) == yaml.safe_load(said("show", "belgian")[1])  # the same resolved ruleset


def test_schema_output_lines_in_french(tmp_path: Path) -> None:
    target = tmp_path / "schema.json"
    assert said("--lang", "fr", "schema", "-o", str(target))[1].strip() == f"{target} écrit"
    code, _, err = said("--lang", "fr", "schema", "-o", str(target))
    assert code == 1 and f"{target} existe déjà ; utilisez --force pour l'écraser" in err


# ----------------------------------------------------------------------------- simulate and compare


def test_simulate_table_speaks_dutch_from_the_environment() -> None:
    code, out, _ = said("simulate", "-r", "belgian", "-n", "40", "-j", "1", env={"LANG": "nl_BE.UTF-8"})
    assert code == 0
    for word in ("maat", "gemiddelde ± 95%-BI", "mediaan", "netto gever", "kaartptn gever", "40 spellen, zaad 1"):
        assert word in out, word
    assert "dealer net" not in out and "metric" not in out and "median" not in out
    assert re.search(r"\d,\d\d ± \d,\d\d", out)  # decimal commas


def test_compare_tables_speak_french() -> None:
    code, out, _ = said("compare", "belgian", "belgian-capped", "-n", "40", "-j", "1", env={"LANG": "fr_BE.UTF-8"})
    assert code == 0
    for word in ("Par règles (moyenne)", "Différence", "appariée", "mesure", "donneur gagne", "plafonné"):
        assert word in out, word
    assert "Per ruleset" not in out and "Paired difference" not in out and "dealer wins" not in out


def test_compare_json_is_the_english_one_whatever_the_language() -> None:
    args = ("compare", "belgian", "belgian-capped", "-n", "20", "-j", "1", "--json")
    english = json.loads(said(*args)[1])
    assert json.loads(said("--lang", "nl", *args)[1]) == english
    assert json.loads(said(*args, env={"LANG": "fr_BE.UTF-8"})[1]) == english


def test_every_metric_label_is_coded_with_its_english_label() -> None:
    metrics = (*DEAL_METRICS, *MATCH_METRICS)
    assert set(LABELS) == {m.key for m in metrics}
    for metric in metrics:
        assert mv.messages.msg(LABELS[metric.key]).text("en") == metric.label


def test_progress_lines_are_said_in_the_language(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    clock = itertools.chain([0.0], itertools.repeat(3.0))  # started, then 3 s later
    monkeypatch.setattr(time, "monotonic", lambda: next(clock))
    set_language("nl")
    try:
        with sim_cmds._progress_lines(20, "compare") as advance:
            assert advance is not None
            advance(10)
    finally:
        set_language(None)
    assert capsys.readouterr().err == "vergelijken: 10 van 20 (50%), 3 s\n"


@pytest.mark.parametrize(("lang", "line"), [("nl", "fout: geef minstens twee spelregels om te vergelijken"),
                                            ("fr", "erreur : donnez au moins deux règles à comparer")])
def test_usage_errors_of_compare_in_the_language(lang: str, line: str) -> None:
    code, _, err = said("--lang", lang, "compare", "belgian", "-n", "5")
    assert code == 2 and line in err and "give at least" not in err


# ----------------------------------------------------------------------------- evening, audit, analyze


def test_evening_schedule_in_dutch() -> None:
    code, out, _ = said("--lang", "nl", "evening", "--players", "5", "--rounds", "2")
    assert code == 0
    assert out.startswith("Ronde 1\n  tafel 1: ") and "  zitten over: " in out and "Elk paar speelt " in out
    assert "Round" not in out and "sitting out" not in out


def _record(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    assert said("simulate", "-r", "belgian", "-n", "1", "-j", "1", "--records", str(tmp_path / "records"))[0] == 0
    found = sorted((tmp_path / "records").glob("*.json"))
    path.write_text(found[0].read_text(encoding="utf-8"), encoding="utf-8")
    return path


def test_audit_verdict_in_french(tmp_path: Path) -> None:
    path = _record(tmp_path)
    code, out, _ = said("--lang", "fr", "audit", str(path))
    assert code == 0 and out.strip() == f"{path} : 1 donne, 32 cartes vérifiés selon belgian : en ordre"
    code, out, _ = said("--lang", "nl", "audit", str(path), "--which")
    assert code == 0 and out.startswith(f"{path}: klopt met ") and "consistent" not in out


def test_replay_in_dutch(tmp_path: Path) -> None:
    path = _record(tmp_path)
    code, out, _ = said("--lang", "nl", "replay", str(path))
    assert code == 0
    for words in ("Belgian Manillen (belgian); 1 spel(len)", "Ploegen: N-S (plaatsen 0 en 2)", "Gever ",
                  "wedstrijdpunten vooraf: N-S 0, E-W 0", "Keuzes: ", "Slag 8: ", "(kaartpunten N-S ",
                  "Wedstrijdpunten: N-S +"):
        assert words in out, words
    assert "Choices" not in out and "Trick" not in out and "match points" not in out
    assert said("--lang", "fr", "replay", str(path), "--deal", "3")[1].strip() == (
        "il n'y a pas de donne 3 (le compte rendu en a 1)")


def test_analyze_in_dutch(tmp_path: Path) -> None:
    code, out, _ = said("--lang", "nl", "analyze", str(_record(tmp_path)))
    assert code == 0
    assert out.startswith("spel 1 (gever plaats ") and "open kaarten " in out and "voor ploeg A, behaald " in out
    assert "weggegeven punten tegenover spel met open kaarten: plaats 0: " in out
    assert "double-dummy" not in out and "given away" not in out


def test_advise_table_in_french() -> None:
    code, out, _ = said("--lang", "fr", "advise", "-r", "belgian", "--hand", "10H AH KH 7S 9S QD JC 8C",
                        "--samples", "2")
    assert code == 0
    assert "choix du donneur (2 mondes chacun, points de partie" in out and "(meilleur)" in out
    assert "intervalle (95 %)" in out and "dealer's choices" not in out and "(best)" not in out


# ----------------------------------------------------------------------------- play and the score sheet


def test_a_match_in_the_terminal_speaks_dutch() -> None:
    text, _ = script("belgian", 3, 0)
    code, out, _ = said("--lang", "nl", "play", "-r", "belgian", "--seed", "3", input=text)
    assert code == 0, out[-2000:]
    for words in ("Je zit op plaats 0 (plaatsen 0 en 2) met je Partner tegenover je", "Je kaarten: ",
                  "Troef: ♣ klaveren.", "Slag 1: Rechts 10♥; Rechts heeft de slag.", "kaartpunten ", "wedstrijdpunten ",
                  "Scoreblad, boam 1 (wedstrijdpunten)", "Wedstrijd uit", "winnen de wedstrijd.", "Roepen? [pass"):
        assert words in out, words
    for english in ("Your hand", "Trump:", "Trick ", "Score sheet", "Match over", "win the match", "match points"):
        assert english not in out, english


def test_an_illegal_card_and_a_word_that_is_no_card_are_refused_in_french() -> None:
    text, _ = script("belgian", 3, 0)
    index, illegal, _, _ = first_restricted_card("belgian", 3)
    lines = text.splitlines()
    lines[index:index] = ["xx", illegal]
    code, out, _ = said("--lang", "fr", "play", "-r", "belgian", "--seed", "3", input="\n".join(lines) + "\n")
    assert code == 0
    assert "Tapez une carte comme 10h, ou '?' pour l'aide." in out and "Type a card" not in out
    assert f"{mv.parse_card(illegal).pretty} n'est pas permise : " in out and "is not allowed" not in out
    assert "Votre carte :" in out and "Vous êtes assis à la place 0" in out


def test_the_score_sheet_in_french(tmp_path: Path) -> None:
    sheet = tmp_path / "sheet.json"
    code, out, _ = said("--lang", "fr", "scoresheet", "-f", str(sheet), "-r", "belgian", "--add", "H 38 5")
    assert code == 0
    assert "Feuille de marque · belgian (points de partie ; points de cartes à part)" in out
    assert "donneur" in out and "contrat" in out and "♥ C" in out
    assert "manche 1 : A 8, B 0 (but 101) ; équipe B donne ensuite" in out
    assert "Score sheet" not in out and "deals next" not in out


def test_the_score_sheet_session_in_dutch(tmp_path: Path) -> None:
    sheet = tmp_path / "sheet.json"
    code, out, _ = said("--lang", "nl", "scoresheet", "-f", str(sheet), "-r", "belgian",
                        input="H 38 5\nH 99 5\nundo\n?\nquit\n")
    assert code == 0, out
    assert "Geef elk spel in als SPEL PUNTEN SLAGEN" in out and "spel 1 (ploeg A geeft) >" in out
    assert "Geweigerd: " in out and "Er is niets veranderd." in out
    assert "Spel 1 weggehaald (H 38 5)." in out and f"Bewaard in {sheet}." in out
    assert "Refused" not in out and "Removed" not in out and "Saved in" not in out


def test_rescored_sheet_says_so_in_dutch(tmp_path: Path) -> None:
    sheet = tmp_path / "sheet.json"
    said("scoresheet", "-f", str(sheet), "-r", "belgian", "--add", "H 38 5")
    code, out, _ = said("--lang", "nl", "scoresheet", "-f", str(sheet), "--as", "belgian-capped")
    assert code == 0
    assert "De spellen van het blad van belgian, herrekend volgens belgian-capped" in out
    assert "re-scored" not in out


def test_contracts_are_worded_in_the_language() -> None:
    assert contract_text("trump", mv.Suit.H, lang="nl") == "♥ harten"
    assert contract_text("trump", mv.Suit.D, short=True, lang="fr") == "♦ K"
    assert contract_text("no-trump", None, ("Ik ga mee",), lang="fr") == "sans atout, Ik ga mee"
    assert contract_text("blind", None, short=True) == "blind NT"
    assert contract_text("thrown-in", None, lang="nl") == "weggegooid"


# ----------------------------------------------------------------------------- the core's coded refusals


def test_every_code_the_core_returns_is_a_declared_sentence() -> None:
    codes = {code for path in CORE_SOURCES.glob("*.rs")
             for code in re.findall(r'"((?:core|factor|note|refused)\.[a-z0-9.-]+)"', path.read_text())}
    assert len(codes) > 40
    assert sorted(code for code in codes if not is_defined(code)) == []


def test_rules_the_core_refuses_raise_a_coded_ruleset_error() -> None:
    data = {**core_rules(mv.load_ruleset("table-convention")), "packets": [3, 3]}
    with pytest.raises(RulesetError) as caught:
        _core.CoreRules(data)
    message = caught.value.problems[0].detail
    assert message is not None and message.code == "core.rules.packets"
    assert message.params == {"packets": "3, 3", "hand_size": 8}
    assert message.text("nl") == "de pakjes [3, 3] moeten positief zijn en samen de handgrootte 8 geven"
    assert str(caught.value) == "<ruleset>: packets [3, 3] must be positive and sum to the hand size 8"


def test_a_bot_spec_the_core_refuses_is_a_coded_bot_option_error() -> None:
    rules = to_core(mv.load_ruleset("belgian"))
    with pytest.raises(BotOptionError) as caught:
        _core.sim_deal_tally([rules], 0, 0, 1, "random,nobody")
    message = caught.value.message
    assert message is not None and (message.code, dict(message.params)) == ("core.bots.unknown", {"name": "nobody"})
    assert str(caught.value) == 'the core has no bot "nobody"'
    assert message.text("fr") == 'le moteur n\'a pas de robot "nobody"'


def test_a_world_the_core_cannot_draw_is_a_coded_search_error() -> None:
    rules = to_core(mv.load_ruleset("belgian"))
    with pytest.raises(SearchError) as caught:  # seat 1 led a card seat 0 holds
        _core.search_cards(rules, 0, 0, 0xFF, [], [0], samples=2)
    message = caught.value.message
    assert message is not None and message.code == "core.no-world.no-deal-fits"
    assert message.text("nl") == "geen verdeling van de verborgen kaarten past bij wat gezien is"
    with pytest.raises(SearchError) as caught:  # seat 0 would hold its eight cards and two more
        _core.search_cards(rules, 0, 3, 0xFF, [], [8, 9], samples=2)
    assert caught.value.message is not None and dict(caught.value.message.params) == {"seat": 0}
    assert str(caught.value) == "seat 0 would hold more than a hand"


def test_a_literals_choices_come_from_the_schema() -> None:
    assert _literal_choices(Ruleset, ("dealing", "direction")) == ("clockwise", "counter-clockwise")
    assert _literal_choices(Ruleset, ("play", "beat_opponent")) == (True, False, "trump-lead", "plain-lead")
    assert _literal_choices(Ruleset, ("calls", 0, "by")) == ("opponents", "contract-side", "anyone")
    assert _literal_choices(Ruleset, ("dealing", "packets")) == ()
    assert _literal_choices(Ruleset, ("nowhere",)) == ()


def test_serve_says_its_start_up_lines_in_french(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import socket

    import uvicorn

    from manille_variants.web import serve as serve_module

    monkeypatch.setattr(serve_module, "listen", lambda host, port: socket.create_server(("127.0.0.1", 0)))
    monkeypatch.setattr(uvicorn.Server, "run", lambda server, sockets: None)
    code, out, _ = said("--lang", "fr", "serve", "--host", "0.0.0.0", "--data", str(tmp_path))
    assert code == 0
    assert f"manille serve : données dans {tmp_path}" in out and "ouvrez http://" in out
    assert "quiconque a cette adresse (et son jeton) peut utiliser l'application" in out
    assert "data in" not in out and "anyone with" not in out


# ----------------------------------------------------------------------------- the library's errors


HAND = "10H AH KH 7S 9S QD JC 8C"


@pytest.mark.parametrize(("args", "line"), [
    (("--lang", "nl", "simulate", "-r", "belgian", "-n", "5", "--bots", "nobody"),
     "fout: onbekende bot 'nobody' (bekend: heuristic, ismcts, random, search)"),
    (("--lang", "fr", "simulate", "-r", "belgian", "-n", "5", "--bots", "search:worlds=0"),
     "erreur : robot 'search' : worlds doit être un nombre entier positif (pas 0)"),
    (("--lang", "nl", "simulate", "-r", "belgian", "-n", "2", "--think-ms", "5"),
     "fout: een tijdsbudget (think_ms) vraagt een bot die er een neemt (search, ismcts), niet 'heuristic'"),
    (("--lang", "fr", "advise", "-r", "french-parlee", "--hand", HAND),
     "erreur : les règles 'french-parlee' prennent l'atout de la carte retournée"),
    (("--lang", "nl", "advise", "-r", "belgian", "--hand", HAND, "--score", "3"),
     "fout: --score: geef de wedstrijdpunten als A-B, de kant van de gever eerst (niet '3')"),
    (("--lang", "fr", "advise", "-r", "belgian", "--hand", "10H AH"),
     "erreur : une main compte 8 cartes différentes (pas 2 : 10H AH)"),
    (("--lang", "nl", "evening", "--players", "2"),
     "fout: een avond heeft minstens 4 spelers nodig voor één tafel (gekregen: 2)"),
    (("--lang", "nl", "compare", "belgian", "belgian-six", "-n", "5"),
     "fout: vergelijk spelregels van één tafelgrootte: belgian (4 plaatsen), belgian-six (6 plaatsen)"),
])
def test_the_librarys_refusals_are_said_in_the_language(args: tuple[str, ...], line: str) -> None:
    code, _, err = said(*args)
    assert code in (1, 2) and line in err, err


def test_a_records_folder_in_the_way_says_what_force_does_in_french(tmp_path: Path) -> None:
    (tmp_path / "kept.json").write_text("{}", encoding="utf-8")
    code, _, err = said("--lang", "fr", "simulate", "-r", "belgian", "-n", "2", "--records", str(tmp_path))
    assert code == 1
    assert f"erreur : {tmp_path} n'est pas vide ; utilisez --force pour y écrire les comptes rendus" in err


def test_the_librarys_refusals_keep_their_english(tmp_path: Path) -> None:
    code, _, err = said("compare", "belgian", "belgian-six", "-n", "5")
    assert code == 1 and "compare rulesets of one table size: belgian (4 seats), belgian-six (6 seats)" in err
    code, _, err = said("simulate", "-r", "belgian", "-n", "5", "--bots", "search:worlds=0")
    assert "error: bot 'search': worlds must be a positive whole number (got 0)" in err
