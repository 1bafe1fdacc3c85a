"""A ruleset in plain words in the page's language: Dutch and French say what the English
summary of `manille show` says, sentence for sentence, for any choice of settings."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal, get_args, get_origin

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError
from starlette.testclient import TestClient
from strategies import BUNDLED
from webtools import client, make_app

from manille_variants.ruleset.docgen import summary_lines
from manille_variants.ruleset.loader import load_ruleset
from manille_variants.ruleset.schema import Ruleset
from manille_variants.ruleset.summary import summary_messages
from manille_variants.web.summary import summary

SECTIONS = ("dealing", "trump", "play", "scoring")


def _choices(model: type[BaseModel], prefix: tuple[str, ...]) -> dict[tuple[str, ...], st.SearchStrategy[Any]]:
    """Every yes/no or one-of setting under ``model``, by its path."""
    found: dict[tuple[str, ...], st.SearchStrategy[Any]] = {}
    for name, info in model.model_fields.items():
        annotation, path = info.annotation, (*prefix, name)
        if annotation is bool:
            found[path] = st.booleans()
        elif get_origin(annotation) is Literal:
            found[path] = st.sampled_from(get_args(annotation))
        elif isinstance(annotation, type) and issubclass(annotation, BaseModel):
            found |= _choices(annotation, path)
    return found


def _section(name: str) -> type[BaseModel]:
    model = Ruleset.model_fields[name].annotation
    assert isinstance(model, type) and issubclass(model, BaseModel)
    return model


CHOICES = {path: s for section in SECTIONS for path, s in _choices(_section(section), (section,)).items()}


@st.composite
def rulesets(draw: st.DrawFn) -> Ruleset:
    data = load_ruleset(draw(st.sampled_from(BUNDLED))).model_dump(mode="json")
    for path, values in CHOICES.items():
        if draw(st.booleans()):
            place = data
            for key in path[:-1]:
                place = place[key]
            place[path[-1]] = draw(values)
    try:
        return Ruleset.model_validate(data)
    except ValidationError:
        assume(False)
        raise


@settings(max_examples=150, deadline=None)
@given(rs=rulesets())
def test_dutch_and_french_say_each_sentence_of_the_english_summary(rs: Ruleset) -> None:
    english = summary(rs, "en")
    for lang in ("nl", "fr"):
        words = summary(rs, lang)
        assert len(words) == len(english)
        assert all(s.endswith(".") and "{" not in s for s in words)
        assert str(rs.match.target) in words[-1]


@settings(max_examples=60, deadline=None)
@given(rs=rulesets())
def test_the_english_summary_is_the_summary_of_manille_show(rs: Ruleset) -> None:
    lines = summary_lines(rs, width=10_000)
    assert [line.removeprefix("- ") for line in lines] == summary(rs, "en")


@settings(max_examples=60, deadline=None)
@given(rs=rulesets())
def test_no_sentence_of_a_summary_reads_the_same_in_dutch_or_french_as_in_english(rs: Ruleset) -> None:
    english = summary(rs, "en")
    for lang in ("nl", "fr"):
        assert not set(summary(rs, lang)) & set(english)


def test_each_summary_sentence_is_a_coded_message_with_its_parameters() -> None:
    sentences = summary_messages(load_ruleset("belgian"))
    assert all(s.code.startswith("summary.") for s in sentences)
    assert sentences[-1].json()["params"] == {"target": 101, "best_of": 3}


def test_manille_show_can_say_the_summary_in_dutch() -> None:
    lines = summary_lines(load_ruleset("belgian"), lang="nl")
    assert lines[0].startswith("- Geven en spelen")


@pytest.mark.parametrize(("lang", "start"), [("nl", "Geven en spelen"), ("fr", "Donner et jouer"),
                                             ("en", "Deal and play")])
def test_the_ruleset_page_says_the_rules_in_the_page_language(tmp_path: Path, lang: str, start: str) -> None:
    c: TestClient = client(make_app(tmp_path))
    assert start in c.get("/rulesets/belgian", headers={"Accept-Language": lang}).text
    assert start in c.get("/diff?a=belgian&b=french-coinchee", headers={"Accept-Language": lang}).text
