"""The record audit speaks the CLI's language: every problem is a coded sentence (``code`` and
``params`` beside the English in JSON), rendered in Dutch or French by ``manille --lang``, with
none of the English left; a record the schema refuses is said in the language too."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import manille_variants as mv
from manille_variants.bots import make_bots, play_match
from manille_variants.cards import Card
from manille_variants.cli import app
from manille_variants.engine.deal import DealState
from manille_variants.records.audit import audit_record
from manille_variants.records.format import GameRecord, dumps_record, loads_record, record_from_deals, record_json

runner = CliRunner()

# Pieces of the English problem lines; none may be left in a Dutch or French audit.
ENGLISH = ("deal ", "trick ", "seat ", "legal:", "clause:", "not legal", "recorded ", "the ruleset gives",
           "excess", "after the eighth trick", "is not in", "dealt by", "turn to deal", "the recorded outcome")
SAID = {
    "nl": ("niet toegelaten: ", "speelbaar: ", "regel: ", "de spelregels geven", "overschot",
           "nog 1 actie na de achtste slag", "maar plaats", "de opgeschreven uitslag heeft winner",
           "verslag: ", "nagekeken volgens belgian"),
    "fr": ("pas jouable : ", "jouables : ", "clause : ", "les règles donnent", "excédent",
           "1 action de plus après le huitième pli", "mais c'est à la place", "le résultat enregistré a winner",
           "enregistrement : ", "vérifiés selon belgian"),
}


@pytest.fixture(scope="module")
def belgian() -> GameRecord:
    rs = mv.load_ruleset("belgian")
    finals: list[DealState] = []
    match = play_match(rs, 4, make_bots("heuristic,random", 4), on_deal=finals.append)
    return record_from_deals(rs, finals, seed=4, match=match)


def _illegal_swap(record: GameRecord) -> tuple[int, list[str]]:
    """A deal and its actions with two cards of one seat swapped so that the first is illegal."""
    for d, deal in enumerate(record.deals):
        assert deal.seed is not None
        state = mv.new_deal(record.ruleset, deal.seed, deal.dealer, pending_ties=deal.pending_ties,  # type: ignore[arg-type]
                            scores=deal.scores)
        seats = []
        for action in deal.actions:
            seats.append(state.to_play)
            state = state.apply(action)
        state = mv.new_deal(record.ruleset, deal.seed, deal.dealer, pending_ties=deal.pending_ties,  # type: ignore[arg-type]
                            scores=deal.scores)
        for i, action in enumerate(deal.actions):
            if isinstance(action, Card) and state.phase == "play":
                legal = state.legal_actions()
                for j in range(i + 1, len(deal.actions)):
                    other = deal.actions[j]
                    if seats[j] == seats[i] and isinstance(other, Card) and other not in legal:
                        actions = [str(a) for a in deal.actions]
                        actions[i], actions[j] = actions[j], actions[i]
                        return d, actions
            state = state.apply(action)
    raise AssertionError("no swap found")


@pytest.fixture(scope="module")
def faulty(belgian: GameRecord) -> GameRecord:
    """The match with an illegal card, a wrong result, an extra card, a wrong dealer and outcome."""
    d, actions = _illegal_swap(belgian)
    data: dict[str, Any] = record_json(belgian)
    data["deals"][d]["actions"] = actions
    data["deals"][1]["result"]["team_a"] += 7
    data["deals"][0]["actions"].append("7H")
    data["deals"][2]["dealer"] = (data["deals"][2]["dealer"] + 1) % 4
    data["outcome"]["winner"] = 1 - data["outcome"]["winner"]
    return loads_record(json.dumps(data))


def _write(tmp_path: Path, record: GameRecord) -> str:
    path = tmp_path / "game.json"
    path.write_text(dumps_record(record), encoding="utf-8")
    return str(path)


def test_the_faulty_match_meets_each_kind_of_problem(faulty: GameRecord) -> None:
    codes = {p.words.code for p in audit_record(faulty).problems}
    assert {"audit.not-legal", "audit.result-why", "audit.one-more", "audit.dealer", "audit.outcome"} <= codes


@pytest.mark.parametrize("lang", ["nl", "fr"])
def test_audit_prints_its_problems_in_the_language(tmp_path: Path, faulty: GameRecord, lang: str) -> None:
    result = runner.invoke(app, ["--lang", lang, "audit", _write(tmp_path, faulty)])
    assert result.exit_code == 1, result.output
    report = audit_record(faulty)
    lines = result.stdout.splitlines()
    assert lines[:-1] == [p.text(lang) for p in report.problems]
    for phrase in SAID[lang]:
        assert phrase in result.stdout, phrase
    for problem in report.problems:
        assert problem.message not in result.stdout
    said = "\n".join(lines[:-1])
    for english in ENGLISH:
        assert english not in said, english
    assert "checked under" not in lines[-1] and "problems" not in lines[-1].rsplit(":", 1)[1]


def test_english_lines_and_json_keep_their_words_and_add_codes(tmp_path: Path, faulty: GameRecord) -> None:
    path = _write(tmp_path, faulty)
    report = audit_record(faulty)
    english = runner.invoke(app, ["--lang", "en", "audit", path]).stdout.splitlines()
    assert english[:-1] == [str(p) for p in report.problems]
    data = json.loads(runner.invoke(app, ["--lang", "nl", "audit", path, "--json"]).stdout)
    for problem, shown in zip(report.problems, data["problems"], strict=True):
        assert shown["message"] == problem.message and shown["code"] == problem.words.code
        assert list(shown)[:7] == ["deal", "trick", "seat", "card", "legal", "clause", "message"]
    illegal = next(p for p in data["problems"] if p["code"] == "audit.not-legal")
    assert illegal["message"] == "not legal: " + illegal["params"]["why"]["text"]
    assert illegal["params"]["why"]["code"].startswith("legal.")
    result = next(p for p in data["problems"] if p["code"] == "audit.result-why")
    assert result["params"]["key"] == "team_a" and result["params"]["why"]["code"] == "audit.why.excess"


@pytest.mark.parametrize(("lang", "said"), [
    ("en", ["not a valid game record:", "deals[0].dealr: unknown key", "deals[1].game: must be at least 0 (got -1)",
            "deals[2].actions: expected a list (got 'x')"]),
    ("nl", ["geen geldig spelverslag:", "deals[0].dealr: onbekende sleutel",
            "deals[1].game: moet minstens 0 zijn (gekregen: -1)",
            "deals[2].actions: verwacht een lijst (gekregen: 'x')"]),
    ("fr", ["pas un enregistrement de partie valide :", "deals[0].dealr : clé inconnue",
            "deals[1].game : doit valoir au moins 0 (reçu : -1)",
            "deals[2].actions : attendu une liste (reçu : 'x')"]),
])
def test_a_record_the_schema_refuses_is_said_in_the_language(
    tmp_path: Path, belgian: GameRecord, lang: str, said: list[str]
) -> None:
    data: dict[str, Any] = record_json(belgian)
    data["deals"][0]["dealr"] = 1
    data["deals"][1]["game"] = -1
    data["deals"][2]["actions"] = "x"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["--lang", lang, "audit", str(path)])
    assert result.exit_code == 1
    for words in said:
        assert words in result.stderr, words
    if lang != "en":
        for english in ("not a valid game record", "unknown key", "must be", "expected", "got"):
            assert english not in result.stderr, english
