"""Every web page in Dutch and in French shows no English sentence of ours: a pseudo-locale
check.  The English of every message the source declares (``define("code", "English")``) is
cut at its fields into word runs; no run of two words or more may be read on a page rendered in
``nl`` or ``fr`` (its text and the attributes a person reads), nor in the words an error answer
gives the page (``message``, a problem's ``text``).

A run the language's own catalog also writes is not English to it (``A-B``, ``x2``); content
that is English data, not our words (a bundled ruleset's title and description, written in
English in its YAML), is marked ``lang="en"`` on the page and is not read."""

from __future__ import annotations

import functools
import string
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from starlette.testclient import TestClient
from test_catalog import declared
from webtools import TIE, client, make_app, new_sheet

from manille_variants.messages import LOCALE_DIR, format_datetime, msg
from manille_variants.ruleset.loader import load_ruleset
from manille_variants.sim import SimSettings
from manille_variants.table.shared import MATCH_OVER
from manille_variants.web.compare import Job
from manille_variants.web.security import RateLimit

LANGS = ("nl", "fr")
READ_ATTRIBUTES = ("title", "placeholder", "aria-label", "alt")
# Code and data, not sentences: scripts and the JSON of the page's words, the YAML (in a text
# area, in <pre>), setting paths (<code>).
SKIPPED_ELEMENTS = ("script", "style", "textarea", "pre", "code")
VOID_ELEMENTS = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
                           "track", "wbr"})


def words(text: str) -> list[str]:
    """``text`` as lower-case words (letters, digits, ' and -; _ inside identifiers such as
    ``last_trick_bonus``), punctuation dropped."""
    kept = "".join(c if c.isalnum() or c in "'’-_" else " " for c in text.lower())
    return [w.strip("'’-_") for w in kept.split() if w.strip("'’-_")]


def runs(template: str) -> Iterator[tuple[str, ...]]:
    """The word runs of a template between its fields."""
    for literal, _field, _spec, _conversion in string.Formatter().parse(template):
        found = words(literal)
        if found:
            yield tuple(found)


@functools.cache
def catalog_runs(lang: str) -> frozenset[tuple[str, ...]]:
    """Every word run of ``lang``'s own translations, as n-grams of 2 words or more."""
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "manille.po").open("rb") as handle:
        catalog = read_po(handle)
    found: set[tuple[str, ...]] = set()
    for entry in catalog:
        for run in runs(str(entry.string or "")) if entry.id else ():
            found.update(run[i:j] for i in range(len(run)) for j in range(i + 2, len(run) + 1))
    return frozenset(found)


@functools.cache
def english_runs(lang: str) -> frozenset[tuple[str, ...]]:
    """The English word runs of 2 words or more that ``lang``'s catalog does not also write."""
    return frozenset(run for template in declared().values() for run in runs(template)
                     if len(run) >= 2 and run not in catalog_runs(lang))


def english_in(text: str, lang: str) -> list[str]:
    """The English runs of ours found in ``text``."""
    found = words(text)
    seen = {tuple(found[i:j]) for i in range(len(found)) for j in range(i + 2, min(len(found), i + 40) + 1)}
    return sorted(" ".join(run) for run in english_runs(lang) & seen)


class _Reader(HTMLParser):
    """The text a person reads on a page: text nodes and read attributes, outside scripts,
    styles, text areas and elements marked ``lang="en"``."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, bool]] = []
        self.texts: list[str] = []

    def _skipping(self) -> bool:
        return any(skip for _, skip in self.stack)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        skip = tag in SKIPPED_ELEMENTS or named.get("lang") == "en"
        if not skip and not self._skipping():
            self.texts += [value for key, value in attrs if key in READ_ATTRIBUTES and value]
        if tag not in VOID_ELEMENTS:
            self.stack.append((tag, skip))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        if data.strip() and not self._skipping():
            self.texts.append(data)


def page_texts(html: str) -> list[str]:
    reader = _Reader()
    reader.feed(html)
    return reader.texts


def answer_texts(data: Any) -> Iterator[str]:
    """The words a JSON answer gives the page to show: ``message``, problems' ``text`` (not the
    English of the ``params`` beside a code)."""
    if isinstance(data, dict):
        shown = data.get("text", data.get("message"))  # a problem keeps its English message beside its text
        if isinstance(shown, str):
            yield shown
        for key, value in data.items():
            if key not in ("params", "text", "message"):
                yield from answer_texts(value)
    elif isinstance(data, list):
        for item in data:
            yield from answer_texts(item)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """One app with a sheet, a game, a shared table and a club evening to show."""
    c = client(make_app(tmp_path_factory.mktemp("no-english"), rate=RateLimit(capacity=10_000)))
    sheet = new_sheet(c)
    assert c.post(f"/api/sheets/{sheet}/deals", json={"entry": TIE}).status_code == 200
    assert c.post(f"/api/sheets/{sheet}/deals", json={"entry": "no-trump 38 5"}).status_code == 200
    game = c.post("/api/play", json={"ruleset": "belgian", "seed": 3}).json()["id"]
    three = c.post("/api/play", json={"ruleset": "belgian-three", "seed": 3})
    assert three.status_code in (200, 201), three.text
    table = c.post("/api/tables", json={"ruleset": "table-convention", "bots": {"1": "heuristic", "3": "heuristic"},
                                        "names": {"0": "An", "2": "Bo"}}).json()
    evening = c.post("/api/evenings", json={"name": "Vrijdag", "ruleset": "belgian", "rounds": 2,
                                            "players": ["An", "Bo", "Cas", "Dirk", "Els", "Fien", "Gust", "Hilde"]})
    assert evening.status_code == 201, evening.text
    return {"client": c, "sheet": sheet, "game": game, "three": three.json()["id"], "table": table,
            "evening": evening.json()["id"]}


PAGES = [
    "/", "/rulesets", "/rulesets/belgian", "/rulesets/french-muette", "/rulesets/belgian-capped",
    "/rulesets/table-convention", "/diff?a=table-convention&b=french-parlee", "/editor", "/editor?from=french-muette",
    "/score", "/score?rulesets=belgian&rulesets=french-muette&points=38&tricks=5&mode=no-trump",
    "/score?rulesets=belgian&points=30&tricks=4", "/sheets", "/sheets/{sheet}", "/play", "/play/{game}",
    "/play/{three}", "/compare", "/advise", "/advise?ruleset=belgian&hand=AS+KS+QS+JS+10S+9S+8S+7S&samples=2",
    "/analyze",
    "/tables", "/evenings", "/evenings/{evening}", "/offline",
    "/rulesets/nope", "/sheets/nope", "/play/0123abcd", "/evenings/nope", "/tables/abcdef123456",
    "/score?points=x&tricks=4", "/advise?ruleset=belgian&hand=AS+KS&samples=1", "/nowhere",
]


def _get(site: dict[str, Any], path: str, lang: str) -> str:
    c: TestClient = site["client"]
    answer = c.get(path.format(**site), headers={"Accept-Language": lang}, follow_redirects=True)
    assert answer.status_code in (200, 400, 401, 403, 404, 422), (path, answer.status_code)
    assert answer.headers["content-type"].startswith("text/html"), path
    return answer.text


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", PAGES)
def test_no_page_shows_an_english_sentence_of_ours(site: dict[str, Any], path: str, lang: str) -> None:
    found = {run for text in page_texts(_get(site, path, lang)) for run in english_in(text, lang)}
    assert not found, f"{path} in {lang}: {sorted(found)}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_host_and_seat_pages_of_a_shared_table_show_no_english(site: dict[str, Any], lang: str) -> None:
    c: TestClient = site["client"]
    table = site["table"]
    for link in (table["host"]["url"], table["seats"]["0"]["url"], table["watch"]["url"]):
        html = c.get(link, headers={"Accept-Language": lang}, follow_redirects=True)
        assert html.status_code == 200
        found = {run for text in page_texts(html.text) for run in english_in(text, lang)}
        assert not found, f"{link} in {lang}: {sorted(found)}"


ERRORS = [  # (method, path, JSON body): answers whose words a page shows
    ("POST", "/api/validate", {"yaml": "name: mine\nextends: belgian\nscoring:\n  cap: 0\n  kap: 2\n"}),
    ("POST", "/api/validate", {"yaml": "name: mine\nextends: nowhere\n"}),
    ("POST", "/api/validate", {"yaml": "name: belgian\nextends: belgian\n"}),
    ("POST", "/api/validate", {"yaml": "name: [mine\n"}),
    ("POST", "/api/validate", {"yaml": "name: mine\ndealing:\n  direction: sideways\n"}),
    ("POST", "/api/validate", {"yaml": "name: mine\nextends: belgian\nmatch:\n  best_of: 2\n"}),
    ("POST", "/api/validate", {"yaml": "name: mine\nextends: belgian\ntrump:\n  turned_card: {}\n"}),
    ("POST", "/api/validate", {"yaml": 7}),
    ("POST", "/api/tables", {"bots": {"x": "heuristic"}}),
    ("POST", "/api/tables", {"bots": {"0": "heuristic", "1": "heuristic", "2": "heuristic", "3": "heuristic"}}),
    ("POST", "/api/tables", {"ruleset": "nope"}),
    ("POST", "/api/evenings", {"players": ["An", "Bo", "Cas"]}),
    ("POST", "/api/sheets", {"ruleset": "belgian-three", "player_names": "An"}),
    ("POST", "/api/evenings", {"players": ["An", "An", "Cas", "Dirk"]}),
    ("POST", "/api/score", {"rulesets": ["belgian"], "points": "x", "tricks": 4}),
    ("POST", "/api/score", {"rulesets": [], "points": 30, "tricks": 4}),
    ("GET", "/api/sheets/nope", None),
    ("GET", "/api/play/0123abcd", None),
    ("GET", "/api/tables/abcdef123456", None),
    ("GET", "/api/evenings/abc", None),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("method", "path", "body"), ERRORS)
def test_an_error_answer_gives_the_page_its_words_in_the_page_language(
        site: dict[str, Any], lang: str, method: str, path: str, body: Any) -> None:
    c: TestClient = site["client"]
    answer = c.request(method, path, json=body, headers={"Accept-Language": lang})
    data = answer.json()
    shown = list(answer_texts(data))
    assert shown, (path, data)
    found = {run for text in shown for run in english_in(text, lang)}
    assert not found, f"{path} in {lang}: {sorted(found)}"


def test_an_error_answer_keeps_its_english_beside_its_code(site: dict[str, Any]) -> None:
    c: TestClient = site["client"]
    data = c.get("/api/sheets/nope", headers={"Accept-Language": "nl"}).json()
    assert (data["error"], data["code"], data["params"]) == ("no score sheet nope", "web.no-sheet", {"id": "nope"})
    assert data["message"] != data["error"]


def test_the_check_finds_an_english_sentence_on_a_page() -> None:
    html = '<p>Ruleset</p><p title="the deal is over: start the next deal">x</p><p lang="en">the deal is over</p>'
    found = english_in(" ".join(page_texts(html)), "nl")
    assert found == ["next deal", "the deal is over", "the deal is over start the next deal"]


def test_the_check_reads_a_rulesets_english_description_only_where_it_is_marked(tmp_path: Path) -> None:
    c = client(make_app(tmp_path))
    html = c.get("/rulesets/belgian", headers={"Accept-Language": "nl"}).text
    assert 'lang="en"' in html


def test_a_refused_request_body_carries_its_code_and_params(site: dict[str, Any]) -> None:
    c: TestClient = site["client"]
    data = c.post("/api/score", json={"rulesets": ["belgian"], "points": "x", "tricks": 4},
                  headers={"Accept-Language": "fr"}).json()
    assert data["error"] == 'points: expected a whole number (got "x")'
    assert (data["code"], data["params"]["key"], data["params"]["expected"]["code"]) == (
        "body.expected-got", "points", "body.number")
    assert data["message"] == 'points : attendu un nombre entier (reçu : "x")'


def test_a_seat_acting_out_of_turn_is_refused_with_a_code(site: dict[str, Any]) -> None:
    c: TestClient = site["client"]
    table = site["table"]
    token = table["watch"]["token"]
    data = c.post(f"/api/tables/{table['id']}/act", json={"action": "pass"},
                  headers={"Authorization": f"Bearer {token}", "Accept-Language": "nl"})
    assert data.status_code == 409
    assert data.json()["code"] == "table.not-yours"
    assert data.json()["message"].startswith("plaats ") and data.json()["message"].endswith(" is niet de jouwe")


def test_the_editor_starts_a_copy_in_the_page_language(site: dict[str, Any]) -> None:
    c: TestClient = site["client"]
    text = c.get("/editor?from=belgian", headers={"Accept-Language": "nl"}).text
    assert "(huisregels)" in text and "# De instellingen van de ouder" in text
    assert "(house rules)" in c.get("/editor?from=belgian", headers={"Accept-Language": "en"}).text


def test_an_evenings_date_is_a_time_the_page_shows_in_its_language(site: dict[str, Any]) -> None:
    c: TestClient = site["client"]
    text = c.get("/evenings", headers={"Accept-Language": "fr"}).text
    assert '<time datetime="' in text
    stamp = text.split('<time datetime="', 1)[1].split('"', 1)[0]
    assert f'<time datetime="{stamp}">{format_datetime(stamp, "fr")}</time>' in text


def test_a_comparison_that_fails_says_why_in_the_page_language() -> None:
    job = Job([load_ruleset("belgian")], SimSettings(deals=1))
    job.error, job.refusal = "the match is over", msg(MATCH_OVER)
    answer = job.as_json("fr")
    assert (answer["error"], answer["code"], answer["message"]) == (
        "the match is over", "table.match-over", "la partie est terminée")
    assert "code" not in Job([load_ruleset("belgian")], SimSettings(deals=1)).as_json("fr")


def test_a_script_without_the_access_token_is_refused_with_a_code(tmp_path: Path) -> None:
    c = client(make_app(tmp_path, token="secret"))
    answer = c.get("/api/sheets", headers={"Accept-Language": "nl"})
    assert answer.status_code == 401
    data = answer.json()
    assert data["error"].startswith("an access token is needed") and data["code"] == "web.no-access"
    assert data["message"].startswith("een toegangsbewijs is nodig")
