"""The engine's own sentences in Dutch and French on the pages (web/engine_words.py): every rule
clause and every factor kind has its sentence in both, keeping the cards and numbers of the
English one; the pages show them, the JSON APIs keep the English."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest
from clause_positions import CLAUSE_POSITIONS
from starlette.testclient import TestClient
from webtools import client, make_app, new_sheet

import manille_variants as mv
from manille_variants.cards import RANK_LABELS, parse_cards
from manille_variants.engine.legality import CLAUSES, parse_trump
from manille_variants.engine.scoring import turned_sentences
from manille_variants.messages import is_defined
from manille_variants.web.engine_words import (
    factor_sentence,
    legal_sentence,
    note_sentence,
    turned_sentence,
)

LANGS = ("nl", "fr")
# Words of the engine's English that no Dutch or French sentence should still hold.
ENGLISH = re.compile(r"\b(holds|trick|any card|you|play|trump|follow|tie|sweep|capped|turned)\b")


def _tokens(text: str) -> Counter[str]:
    """The cards (``10♠``), lone suits (``♥``) and numbers of a sentence."""
    return Counter(re.findall(r"(?:10|[2-9AKQJ])[♠♥♦♣]|[♠♥♦♣]|\d+", text))


def _same_facts(english: str, said: str) -> None:
    assert said != english
    assert _tokens(said) == _tokens(english), (english, said)
    assert not ENGLISH.search(said), said


def test_every_clause_has_a_dutch_and_a_french_sentence() -> None:
    assert all(is_defined(f"legal.{clause}") for clause in CLAUSES)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("clause", sorted(CLAUSES))
def test_clause_sentence_keeps_the_cards_of_the_english(clause: str, lang: str) -> None:
    pos = CLAUSE_POSITIONS[clause]
    rs = pos.ruleset()
    why = mv.explain_legal(rs, pos.hand, pos.trick, pos.trump)
    assert why.clause == clause
    _same_facts(why.reason, legal_sentence(lang, rs, why, parse_cards(pos.trick), parse_trump(pos.trump)))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", ["table-convention", "belgian", "french-coinchee", "french-parlee"])
def test_sentences_of_random_positions_keep_the_cards_and_leave_no_english(name: str, lang: str) -> None:
    rs, rng = mv.load_ruleset(name), random.Random(7)
    deck = [f"{rank}{suit}" for rank in RANK_LABELS for suit in "SHDC"]
    for _ in range(400):
        rng.shuffle(deck)
        hand, trick = deck[:rng.randint(1, 8)], deck[8:8 + rng.randint(0, 3)]
        trump = rng.choice(["S", "H", "D", "C", None])
        why = mv.explain_legal(rs, hand, trick, trump)
        _same_facts(why.reason, legal_sentence(lang, rs, why, parse_cards(trick), parse_trump(trump)))


def _factor_cases() -> list[tuple[mv.Ruleset, mv.DealScore]]:
    """A deal scored for every factor kind of the bundled rulesets and the schema."""
    belgian, table = mv.load_ruleset("belgian"), mv.load_ruleset("table-convention")
    coinchee = mv.load_ruleset("french-coinchee")
    by_points = table.model_copy(update={"scoring": table.scoring.model_copy(update={
        "sweep": table.scoring.sweep.model_copy(update={"definition": "all-card-points"})})})
    return [
        (table, mv.score_deal(table, 40, 5, "no-trump")),  # mode
        (belgian, mv.score_deal(belgian, 40, 5, "blind")),  # blind
        (belgian, mv.score_deal(belgian, 40, 5, "trump", calls=1)),  # Ik ga mee
        (belgian, mv.score_deal(belgian, 40, 5, "trump", calls=2)),  # Ik ga tegen
        (coinchee, mv.score_deal(coinchee, 40, 5, "trump", calls=1, last_trick="A")),  # contre
        (coinchee, mv.score_deal(coinchee, 40, 5, "trump", calls=2, last_trick="A")),  # surcontre
        (belgian, mv.score_deal(belgian, 40, 5, "trump", pending_ties=1)),  # per-tie, one
        (belgian, mv.score_deal(belgian, 40, 5, "trump", pending_ties=3)),  # per-tie, three in a row
        (table, mv.score_deal(table, 40, 5, "trump", pending_ties=2)),  # single
        (table, mv.score_deal(table, 60, 8, "trump")),  # sweep: all tricks
        (by_points, mv.score_deal(by_points, 60, 8, "trump")),  # sweep: all the card points
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_every_factor_kind_has_its_sentence(lang: str) -> None:
    kinds = set()
    for rs, score in _factor_cases():
        assert score.factors, score
        for f in score.factors:
            kinds.add(f.name)
            said = factor_sentence(lang, rs, f.name, f.value, f.reason, score.pending_ties)
            assert said != f.reason and _tokens(said) == _tokens(f.reason), (f.reason, said)
    assert kinds >= {"no-trump", "blind", "tie", "sweep", "ik-ga-mee", "ik-ga-tegen", "contre", "surcontre"}


def test_calls_are_named_as_at_each_countrys_tables() -> None:
    belgian, coinchee = mv.load_ruleset("belgian"), mv.load_ruleset("french-coinchee")
    assert factor_sentence("fr", belgian, "ik-ga-mee", 2, "Ik ga mee x2") == "contre annoncé x2"
    assert factor_sentence("nl", coinchee, "surcontre", 4, "Surcontre x4") == "Ik ga tegen geroepen x4"
    assert factor_sentence("nl", belgian, "ik-ga-mee", 2, "Ik ga mee x2") == "Ik ga mee geroepen x2"


@pytest.mark.parametrize("lang", LANGS)
def test_notes_cap_ties_and_the_turned_card_have_their_sentence(lang: str) -> None:
    capped = mv.load_ruleset("belgian-capped")
    coinchee, table = mv.load_ruleset("french-coinchee"), mv.load_ruleset("table-convention")
    muette = mv.load_ruleset("french-muette")
    notes = [
        *mv.score_deal(capped, 40, 5, "blind", calls=2).note_messages,  # the cap
        *mv.score_deal(coinchee, 34, 4, "trump", pending_ties=1, last_trick="A").note_messages,  # void ties
        *mv.score_deal(table, 30, 4, "trump").note_messages,  # a tie carried
        *mv.score_deal(muette, 40, 5, "trump").note_messages,  # no turned card given
        *mv.DealScore.thrown(table).note_messages,
    ]
    assert len(notes) >= 5
    for note in notes:
        _same_facts(note.text("en"), note_sentence(lang, note))
        assert note_sentence(lang, note.json()) == note_sentence(lang, note)
    turned = mv.score_deal(muette, 40, 5, turned="AS")
    assert turned.turned_bonus
    english = turned_sentences(turned)[0]
    said = turned_sentence(lang, "AS", turned.turned_bonus, "A")
    assert _tokens(said) == _tokens(f"A♠ + {turned.turned_bonus}") and said != english
    assert "A♠" in turned_sentence(lang, "AS", 0, "A")


# ---------------------------------------------------------------------- the pages
@pytest.fixture
def c(tmp_path: Path) -> TestClient:
    return client(make_app(tmp_path))


def _refused(c: TestClient) -> tuple[str, str]:
    """A game whose next card of yours can be refused (following to a trick): (game, the card)."""
    for seed in range(40):
        view = c.post("/api/play", json={"ruleset": "table-convention", "seed": seed}).json()
        for _ in range(20):
            if view["playing_cards"]:
                break
            view = c.post(f"/api/play/{view['id']}/act", json={"action": view["legal"][0]}).json()
        illegal = [card for card in view["hand"] if card not in view["legal"]]
        if illegal and view["trick"]:
            return view["id"], illegal[0]
    raise AssertionError("no refusable card in 40 games")


@pytest.mark.parametrize(("lang", "start"), [("nl", "mag je nu niet spelen: "),
                                             ("fr", "n'est pas jouable maintenant : ")])
def test_play_refuses_a_card_in_the_page_language_and_the_api_keeps_the_english(
        c: TestClient, lang: str, start: str) -> None:
    game, card = _refused(c)
    english = c.post(f"/api/play/{game}/act", json={"action": card}).json()
    said = c.post(f"/api/play/{game}/act", json={"action": card}, headers={"Accept-Language": lang}).json()
    assert english["message"] == english["error"] and "is not legal" in english["error"]
    assert said["error"] == english["error"] and said["clause"] == english["clause"]
    assert start in said["message"] and not ENGLISH.search(said["message"])
    assert Counter(re.findall(r"(?:10|[7-9AKQJ])[♠♥♦♣]", said["message"])) >= Counter(
        re.findall(r"(?:10|[7-9AKQJ])[♠♥♦♣]", english["error"].split(": ", 1)[1]))


@pytest.mark.parametrize(("lang", "word"), [("nl", "zonder troef x2"), ("fr", "sans-atout x2")])
def test_score_pages_say_the_factors_in_the_page_language(c: TestClient, lang: str, word: str) -> None:
    headers = {"Accept-Language": lang}
    page = c.get("/score?rulesets=table-convention&points=40&tricks=5&mode=no-trump", headers=headers).text
    assert f'title="{word}"' in page
    answer = c.post("/api/score", json={"rulesets": ["table-convention"], "points": 40, "tricks": 5,
                                        "mode": "no-trump"}, headers=headers).json()["results"][0]
    assert answer["factors"][0]["reason"] == "no-trump x2" and answer["factors"][0]["text"] == word
    sheet = new_sheet(c)
    c.post(f"/api/sheets/{sheet}/deals", json={"entry": "no-trump 40 5"})
    row = c.get(f"/api/sheets/{sheet}", headers=headers).json()["rows"][0]
    assert row["factors"][0]["reason"] == "no-trump x2" and row["factors"][0]["text"] == word
    tied = c.post(f"/api/sheets/{sheet}/deals", json={"entry": "H 30 4"}, headers=headers).json()["rows"][-1]
    assert tied["score"]["notes"][0].startswith("tie 30-30") and tied["score"]["notes_text"][0].startswith(
        "gelijk 30-30" if lang == "nl" else "égalité 30-30")


def test_english_answers_keep_exactly_the_engine_keys(c: TestClient) -> None:
    answer = c.post("/api/score", json={"rulesets": ["table-convention"], "points": 40, "tricks": 5,
                                        "mode": "no-trump"}).json()["results"][0]
    coded = {"code": "factor.no-trump", "params": {"value": 2}}  # the keys added beside the engine's
    assert answer["factors"] == [{"name": "no-trump", "value": 2, "reason": "no-trump x2", **coded}]
    assert "notes_text" not in answer["breakdown"]
    sheet = new_sheet(c)
    row = c.post(f"/api/sheets/{sheet}/deals", json={"entry": "no-trump 40 5"}).json()["rows"][0]
    assert row["factors"] == [{"name": "no-trump", "value": 2, "reason": "no-trump x2", **coded}]


@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_the_turned_cards_line_is_given_in_every_language(c: TestClient, lang: str) -> None:
    # The turned card's bonus is its own line of a breakdown (after every factor): the pages
    # show it in their language, English included (the engine's own sentence there).
    answer = c.post("/api/score", json={"rulesets": ["french-parlee"], "points": 40, "tricks": 5, "turned": "10H"},
                    headers={"Accept-Language": lang}).json()["results"][0]
    english = turned_sentences(mv.score_deal(mv.load_ruleset("french-parlee"), 40, 5, turned="10H"))[0]
    line = answer["breakdown"]["turned_text"]
    assert (line == english) == (lang == "en")
    assert "10♥" in line and "5" in line
