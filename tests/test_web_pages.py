"""The web app's pages: each answers, in English, Dutch or French, and shows what it promises;
the serve command is documented and thin; the wheel carries the templates and static files."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner
from webtools import client, make_app, new_sheet

from manille_variants.cli import app as cli_app
from manille_variants.cli.web_cmds import serve_command
from manille_variants.messages import format_datetime
from manille_variants.web.i18n import LANGUAGES, PAGE_WORDS, WORDS, language, translate

WEB = Path(__file__).resolve().parent.parent / "manille_variants" / "web"
ROOT = Path(__file__).resolve().parent.parent
PAGES = ["/", "/rulesets", "/rulesets/belgian", "/diff?a=belgian&b=table-convention", "/editor",
         "/editor?from=belgian", "/score", "/sheets", "/play", "/compare", "/advise", "/analyze"]


@pytest.fixture
def c(tmp_path: Path) -> TestClient:
    return client(make_app(tmp_path / "data"))


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_answers_in_every_language(c: TestClient, page: str, lang: str) -> None:
    answer = c.get(page, headers={"Accept-Language": lang})
    assert answer.status_code == 200
    assert f'<html lang="{lang}">' in answer.text
    assert translate(lang, "sheets") in answer.text


def test_the_language_switch_is_remembered(c: TestClient) -> None:
    assert c.get("/", params={"lang": "fr"}).cookies.get("lang") == "fr"
    assert '<html lang="fr">' in c.get("/", headers={"Accept-Language": "nl"}).text


def test_language_prefers_the_choice_then_the_browser() -> None:
    assert language("nl", "fr", "en") == "nl"
    assert language(None, "fr", "nl") == "fr"
    assert language(None, None, "de-DE,nl;q=0.8") == "nl"
    assert language("xx", None, None) == "en"


def test_every_word_has_three_languages_and_every_template_word_exists() -> None:
    for key, words in WORDS.items():
        assert len(words) == 3 and all(words), key
    for key in PAGE_WORDS:
        assert all(translate(lang, key) for lang in LANGUAGES), key
    used = set()
    for template in (WEB / "templates").glob("*.html"):
        used |= set(re.findall(r"""(?<![\w.])t\(["']([\w-]+)["']\)""", template.read_text(encoding="utf-8")))
    assert used - set(WORDS) - set(PAGE_WORDS) == set()


def test_a_sheet_page_shows_the_sheet_in_any_language(c: TestClient) -> None:
    sheet_id = new_sheet(c, team_a="Noord", team_b="Zuid")
    c.post(f"/api/sheets/{sheet_id}/deals", json={"entry": "no-trump 38 5"})
    for lang in LANGUAGES:
        text = c.get(f"/sheets/{sheet_id}", headers={"Accept-Language": lang}).text
        assert "Noord" in text and translate(lang, "add_deal") in text and "<svg" in text


def test_a_sheet_page_shows_the_standings_and_deals_without_script(c: TestClient) -> None:
    sheet_id = new_sheet(c, team_a="Noord")
    c.post(f"/api/sheets/{sheet_id}/deals", json={"entry": "no-trump 38 5", "by": "An"})
    text = c.get(f"/sheets/{sheet_id}").text
    assert '<b class="total" data-team="A">16</b>' in text
    assert 'data-number="1"' in text and ">An<" in text


def test_the_score_page_answers_without_script(c: TestClient) -> None:
    query = "rulesets=belgian&rulesets=table-convention&mode=no-trump&points=38&tricks=5&calls=0&pending_ties=1"
    text = c.get(f"/score?{query}", headers={"Accept-Language": "nl"}).text
    assert "na een gelijkspel" in text and "×4" in text


def test_the_history_lists_past_sheets_with_a_chart(c: TestClient) -> None:
    sheet_id = new_sheet(c, team_a="Noord", note="kermis")
    c.post(f"/api/sheets/{sheet_id}/deals", json={"entry": "no-trump 38 5"})
    text = c.get("/sheets").text
    assert f"/sheets/{sheet_id}" in text and "kermis" in text and "<polyline" in text


def test_an_unknown_page_is_a_404_page(c: TestClient) -> None:
    assert c.get("/sheets/nope").status_code == 404
    assert c.get("/rulesets/nope").status_code == 404


def test_a_ruleset_page_shows_its_summary_and_settings(c: TestClient) -> None:
    text = c.get("/rulesets/belgian").text
    assert "Belgian Manillen" in text and "target: 101" in text


@pytest.mark.parametrize(("lang", "word", "calls"), [("en", "At a glance", "Ik ga mee ×2, Ik ga tegen ×4"),
                                                    ("nl", "Gelijkspel", "Ik ga mee ×2, Ik ga tegen ×4"),
                                                    ("fr", "Plafond du facteur", "contre ×2, surcontre ×4")])
def test_a_ruleset_page_shows_its_key_settings_in_the_page_language(c: TestClient, lang: str, word: str,
                                                                    calls: str) -> None:
    text = c.get("/rulesets/belgian", headers={"Accept-Language": lang}).text
    assert word in text and calls in text


@pytest.mark.parametrize(("lang", "tie", "combine"), [("en", "×2 (next-deal, per-tie)", "multiply"),
                                                     ("nl", "×2 (naar het volgende spel, per gelijkspel)",
                                                      "vermenigvuldigd"),
                                                     ("fr", "×2 (reporté à la donne suivante, par égalité)",
                                                      "multipliés")])
def test_a_ruleset_page_says_the_tie_and_how_factors_combine_in_the_page_language(
        c: TestClient, lang: str, tie: str, combine: str) -> None:
    text = c.get("/rulesets/belgian", headers={"Accept-Language": lang}).text
    assert f"<td>{tie}</td>" in text and f"<td>{combine}</td>" in text


def test_the_diff_page_lists_the_differences(c: TestClient) -> None:
    text = c.get("/diff?a=table-convention&b=belgian").text
    assert "match.best_of" in text


def test_static_files_are_served_from_the_package(c: TestClient) -> None:
    assert c.get("/static/app.js").status_code == 200
    assert "text/css" in c.get("/static/app.css").headers["content-type"]


def test_no_page_fetches_anything_from_the_internet() -> None:
    for path in [*(WEB / "templates").glob("*.html"), *(WEB / "static").glob("*")]:
        assert not re.search(r"""(src|href)=["']?(https?:)?//""", path.read_text(encoding="utf-8")), path


def test_serve_options_are_documented_in_cli_md() -> None:
    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert "manille serve" in text
    for parameter in inspect.signature(serve_command).parameters.values():
        for flag in parameter.default.param_decls:
            assert f"`{flag}" in text, flag


def test_the_readme_names_manille_serve() -> None:
    assert "`manille serve" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_serve_help_names_its_options() -> None:
    result = CliRunner().invoke(cli_app, ["serve", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    for flag in ("--host", "--port", "--data"):
        assert flag in result.output


def test_web_md_shows_the_screenshots_the_browser_tests_take() -> None:
    text = (ROOT / "docs" / "web.md").read_text(encoding="utf-8")
    shown = set(re.findall(r"\]\((img/[\w.-]+\.png)\)", text))
    assert shown and all((ROOT / "docs" / name).is_file() for name in shown)
    sources = "".join((ROOT / "tests" / name).read_text()
                      for name in ("test_web_browser.py", "test_web_phone.py", "test_web_browser_tables.py"))
    names = re.findall(r'(?:shots|DOCS_IMG) / f?"([\w.{}-]+\.png)"', sources)
    taken = {name.replace("{lang}", lang) for name in names for lang in ("en", "nl", "fr")}
    assert {name.removeprefix("img/") for name in shown} <= taken


def test_the_sheets_list_dates_in_the_page_language_and_local_time(c: TestClient) -> None:
    new_sheet(c, team_a="Noord")
    text = c.get("/sheets", headers={"Accept-Language": "fr"}).text
    found = re.search(r'<time datetime="([^"]+)">([^<]+)</time>', text)
    assert found is not None and found[2].endswith(" UTC")  # the page script shows it in local time
    assert found[2] == format_datetime(found[1], "fr") and "localTimes" in (WEB / "static" / "app.js").read_text()
