"""End-to-end in a real browser (Playwright driving Debian's Chromium at /usr/bin/chromium,
which `make test` installs): a shared score sheet from two phones, the house-rule editor's
located errors, a deal played against the bots, and the dealer's advice.

The screenshots go to a temporary folder; ``UPDATE_SCREENSHOTS=1`` (``make screenshots``)
copies them into docs/img/ for docs/web.md.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from browsertools import CHROMIUM, chromium, screenshots, serve
from playwright.sync_api import Browser, ConsoleMessage, Locator, Page, ViewportSize, expect

from manille_variants.web.app import create_app

PHONE: ViewportSize = {"width": 412, "height": 860}

# Skipped without Chromium, except in CI (where `make test` has installed it, so missing is a failure).
pytestmark = pytest.mark.skipif(not CHROMIUM.exists() and not os.environ.get("CI"),
                                reason="needs /usr/bin/chromium (make test installs it)")


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real app served by uvicorn on a free local port."""
    yield from serve(create_app(tmp_path_factory.mktemp("web-data")))


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    yield from chromium()


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    yield from screenshots(tmp_path_factory.mktemp("screenshots"))


# What the browser said against the Content-Security-Policy (an inline script, handler or
# style it refused) on any page of the test running: none may be.
_REFUSED_BY_THE_POLICY: list[str] = []


@pytest.fixture(autouse=True)
def _no_policy_violation() -> Iterator[None]:
    _REFUSED_BY_THE_POLICY.clear()
    yield
    assert _REFUSED_BY_THE_POLICY == []


def _page(browser: Browser, lang: str = "en") -> Page:
    context = browser.new_context(viewport=PHONE, locale=lang)
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.on("console", _note_policy_violation)
    return page


def _note_policy_violation(message: ConsoleMessage) -> None:
    if "Content Security Policy" in message.text:
        _REFUSED_BY_THE_POLICY.append(message.text)


def _add(page: Page, mode: str, points: str, tricks: str, side: str = "A") -> None:
    page.select_option("#mode", mode)
    page.select_option("#side", side)
    page.fill("#points", points)
    page.fill("#tricks", tricks)
    page.click("#add")


def test_a_sheet_shared_by_two_phones_adds_undoes_and_shows_the_standings(
        browser: Browser, base_url: str, shots: Path) -> None:
    first = _page(browser)
    first.goto(f"{base_url}/sheets")
    first.select_option("select[name=ruleset]", "table-convention")
    first.fill("input[name=team_a]", "Noord")
    first.fill("input[name=team_b]", "Zuid")
    first.click("#create")
    first.wait_for_url("**/sheets/*")
    second = _page(browser, "nl")
    second.goto(first.url)
    first.fill("#by", "An")
    second.fill("#by", "Bo")

    # An impossible figure is refused as it is typed.
    first.fill("#points", "20")
    first.fill("#tricks", "0")
    expect(first.locator("#entry-error")).to_contain_text("took no trick")
    expect(first.locator("#add")).to_be_disabled()

    _add(first, "no-trump", "38", "5")  # A: 38 points -> 8 over 30, x2 at no-trump: 16
    expect(first.locator("[data-team=A]")).to_have_text("16")
    expect(first.locator("#other")).to_have_text("")
    _add(second, "H", "40", "6", side="B")  # entered from B's side: B 40 -> 10 over: B 10
    expect(second.locator("[data-team=B]")).to_have_text("10")
    expect(first.locator("[data-team=B]")).to_have_text("10", timeout=8_000)
    expect(first.locator("#deals tbody tr")).to_have_count(2)
    expect(first.locator("#deals tbody tr").first).to_contain_text("Bo")
    expect(first.locator("#saved")).to_contain_text("Saved")
    expect(first.locator("#standings")).not_to_contain_text("null")
    _add(first, "S", "45", "6")
    expect(first.locator("#deals tbody tr")).to_have_count(3)
    expect(first.locator("#chart svg")).to_have_attribute("data-deals", "3")
    first.screenshot(path=str(shots / "sheet.png"), full_page=True)

    first.click("#undo")
    expect(first.locator("#deals tbody tr")).to_have_count(2, timeout=8_000)
    expect(second.locator("#deals tbody tr")).to_have_count(2, timeout=8_000)
    expect(second.locator("[data-team=A]")).to_have_text("16")
    expect(second.locator("#standings")).to_contain_text("tot het doel")

    # Tap a deal to see how it was scored.
    first.locator("#deals tbody tr").last.click()
    expect(first.locator("#detail-body")).to_contain_text("no-trump")
    first.screenshot(path=str(shots / "sheet-deal.png"))

    # Correct deal 1 through the add form's fields, filled from the deal, refused as typed:
    # every total after it is recomputed, on both phones.
    expect(first.locator("#detail-mode")).to_have_value("no-trump")
    expect(first.locator("#detail-points")).to_have_value("38")
    expect(first.locator("#detail-tricks")).to_have_value("5")
    first.fill("#detail-tricks", "0")
    expect(first.locator("#detail-error")).to_contain_text("took no trick")
    expect(first.locator("#detail-save")).to_be_disabled()
    first.select_option("#detail-side", "B")
    first.fill("#detail-points", "30")
    first.fill("#detail-tricks", "4")  # B 30 and 4 tricks, so A 30 and 4: a tie, deal 2 counts double
    expect(first.locator("#detail-other")).to_contain_text("(A): 30")
    expect(first.locator("#detail-save")).to_be_enabled()
    first.click("#detail-save")
    expect(first.locator("#detail")).not_to_be_visible()
    expect(first.locator("[data-team=A]")).to_have_text("0")
    expect(first.locator("#deals tbody tr").last).to_contain_text("30–30")
    expect(second.locator("[data-team=B]")).to_have_text("20", timeout=8_000)


def test_the_editor_shows_a_mistake_at_its_line_and_column(browser: Browser, base_url: str, shots: Path) -> None:
    page = _page(browser)
    page.goto(f"{base_url}/editor?from=belgian")
    expect(page.locator("#problems")).to_contain_text("Valid.")
    page.fill("#yaml", "name: club\ntitle: Our club\nextends: belgian\nscoring:\n  cap: 0\n")
    expect(page.locator("#problems")).to_contain_text(
        "line 5, column 3: scoring.cap: must be at least 1 (got 0)")
    page.screenshot(path=str(shots / "editor.png"), full_page=True)
    page.fill("#yaml", "name: club\ntitle: Our club\nextends: belgian\nscoring:\n  cap: 4\n")
    expect(page.locator("#problems")).to_contain_text("Valid.")
    page.click("#save")
    expect(page.locator("#status")).to_contain_text("club")


def test_a_deal_played_against_the_bots(browser: Browser, base_url: str, shots: Path) -> None:
    page = _page(browser)
    page.goto(f"{base_url}/play")
    page.fill("input[name=seed]", "3")
    page.click("#start")
    expect(page.locator("#game")).to_be_visible()
    refused = False
    for _ in range(40):
        if page.locator("#next").is_visible():
            break
        choice = page.locator("#choices button.choice")
        illegal = page.locator(".card-button:not(.legal)")
        if choice.count():
            target = choice.first
        elif not refused and illegal.count() and page.locator(".card-button.legal").count():
            _act(page, illegal.first)
            expect(page.locator("#play-error")).to_contain_text("is not legal")
            page.screenshot(path=str(shots / "play.png"), full_page=True)
            refused = True
            continue
        else:
            target = page.locator(".card-button.legal").first
        _act(page, target)
    assert refused
    expect(page.locator("#result")).to_contain_text("×")
    page.screenshot(path=str(shots / "play-result.png"), full_page=True)
    page.reload()  # the game's own address (/play/ID) shows it again, after a restart too
    assert "/play/" in page.url
    expect(page.locator("#result")).to_contain_text("×")


@pytest.mark.parametrize(("lang", "refused", "factor"), [
    ("nl", "mag je nu niet spelen: ", "zonder troef x2"),
    ("fr", "n'est pas jouable maintenant : ", "sans-atout x2"),
])
def test_the_engine_speaks_the_page_language(browser: Browser, base_url: str, lang: str, refused: str,
                                             factor: str) -> None:
    page = _page(browser, lang)
    page.goto(f"{base_url}/score")
    page.select_option("select[name=mode]", "no-trump")
    page.fill("input[name=points]", "40")
    page.fill("input[name=tricks]", "5")
    page.locator("input[name=tricks]").dispatch_event("change")
    expect(page.locator(f'#results li[title="{factor}"]').first).to_be_visible()
    page.goto(f"{base_url}/play")
    page.fill("input[name=seed]", "3")
    page.click("#start")
    expect(page.locator("#game")).to_be_visible()
    for _ in range(40):
        choice, illegal = page.locator("#choices button.choice"), page.locator(".card-button:not(.legal)")
        if choice.count():
            _act(page, choice.first)
        elif illegal.count() and page.locator(".card-button.legal").count():
            _act(page, illegal.first)
            expect(page.locator("#play-error")).to_contain_text(refused)
            return
        else:
            _act(page, page.locator(".card-button.legal").first)
    raise AssertionError("no card could be refused")


def _act(page: Page, target: Locator) -> None:
    """Click and wait for the server's answer (the page redraws from it)."""
    with page.expect_response(lambda r: "/act" in r.url):
        target.click()
    page.wait_for_timeout(50)


def test_scoring_a_deal_under_several_rulesets(browser: Browser, base_url: str, shots: Path) -> None:
    page = _page(browser, "fr")
    page.goto(f"{base_url}/score")
    expect(page.locator("#results table th").nth(1)).to_have_text("belgian")
    page.screenshot(path=str(shots / "score.png"), full_page=True)


def test_a_comparison_shows_its_progress_then_the_report(browser: Browser, base_url: str, shots: Path) -> None:
    page = _page(browser)
    page.goto(f"{base_url}/compare")
    page.fill("input[name=deals]", "100")
    page.select_option("select[name=bots]", "random")
    page.click("#compare-form button")
    expect(page.locator("#report")).to_be_visible(timeout=60_000)
    expect(page.locator("#progress-text")).to_have_text("100 / 100")
    expect(page.frame_locator("#report-frame").locator("h1")).to_contain_text("Duplicate comparison")


def test_the_editor_form_rewrites_the_yaml(browser: Browser, base_url: str, shots: Path) -> None:
    page = _page(browser)
    page.goto(f"{base_url}/editor?from=belgian")
    expect(page.locator("#problems")).to_contain_text("Valid.")
    page.click("#form summary")
    page.fill("input[data-path='match.target']", "151")
    page.locator("input[data-path='match.target']").dispatch_event("change")
    page.set_checked("input[data-path='trump.blind_no_trump.allowed']", False)
    # The server writes the YAML: wait for its answer to the last change.
    expect(page.locator("#yaml")).to_have_value(re.compile(r"blind_no_trump:\n    allowed: false\n"))
    text = page.input_value("#yaml")
    assert "extends: belgian\n" in text and "match:\n  target: 151\n" in text
    assert "trump:\n  blind_no_trump:\n    allowed: false\n" in text
    expect(page.locator("#problems")).to_contain_text("Valid.")
    page.screenshot(path=str(shots / "editor-form.png"), full_page=True)


def test_the_dealers_advice_from_tapped_cards(browser: Browser, base_url: str, shots: Path) -> None:
    from manille_variants import load_ruleset
    from manille_variants.cards import parse_cards
    from manille_variants.search.advise import advise

    hand = "10H AH KH QH 10S AS 7C 8D"
    best = advise(load_ruleset("belgian"), parse_cards(hand), samples=8, seed=1).best
    page = _page(browser)
    page.goto(f"{base_url}/advise")
    page.select_option("select[name=ruleset]", "belgian")
    for card in hand.split():
        page.click(f".deck [data-card='{card}']")
    assert page.input_value("input[name=hand]") == hand
    expect(page.locator(".deck .card-button.held")).to_have_count(8)
    page.fill("input[name=samples]", "8")
    page.click("#advise-button")
    expect(page.locator("#advice tr.best")).to_have_attribute("data-action", best, timeout=60_000)
    expect(page.locator("#advice tr.best")).to_contain_text("★ best")
    expect(page.locator("#advice tr[data-action=blind]")).to_have_count(0)
    expect(page.locator("#advice .not-offered")).to_contain_text("Not a choice for a hand you have looked at")
    page.screenshot(path=str(shots / "advise.png"), full_page=True)
    page.check("input[name=unseen]")  # not looked at yet: blind no-trump is ranked too
    page.click("#advise-button")
    expect(page.locator("#advice tr[data-action=blind]")).to_have_count(1, timeout=60_000)
    expect(page.locator("#advice .not-offered")).to_have_count(0)
    page.uncheck("input[name=unseen]")
    page.fill("input[name=hand]", "10H AH")
    page.click("#advise-button")
    expect(page.locator("#advise-error")).to_contain_text("a hand is 8 different cards")


def test_the_analysis_of_an_uploaded_record(browser: Browser, base_url: str, shots: Path, tmp_path: Path) -> None:
    from manille_variants import load_ruleset, new_deal
    from manille_variants.bots import make_bots, play_deal
    from manille_variants.records.format import record_from_deals, write_record
    from manille_variants.records.textdeal import load_game
    from manille_variants.search.analyze import analyze_record

    rs = load_ruleset("belgian")
    bots = make_bots("heuristic", seed=5)
    path = tmp_path / "game.json"
    write_record(record_from_deals(rs, [play_deal(new_deal(rs, seed, dealer=seed), bots) for seed in range(3)],
                                   kind="deals"), path)
    totals = analyze_record(load_game(path)).seat_totals()
    page = _page(browser, "nl")
    page.goto(f"{base_url}/analyze")
    page.set_input_files("input[name=file]", str(path))
    page.click("#analyze-button")
    expect(page.locator("#analysis tr[data-deal]")).to_have_count(3, timeout=60_000)
    for seat, cost in totals.items():
        expect(page.locator(f".seat-totals td[data-seat='{seat}']")).to_have_text(str(cost))
    expect(page.locator("#analysis")).to_contain_text("Weggegeven punten per plaats")
    page.screenshot(path=str(shots / "analyze.png"), full_page=True)
    page.set_input_files("input[name=file]", [])
    page.fill("textarea[name=record]", "{not json")
    page.click("#analyze-button")
    expect(page.locator("#analyze-error")).to_contain_text("<record>")


def test_the_language_menu_switches_the_page_without_inline_script(browser: Browser, base_url: str) -> None:
    page = _page(browser)
    page.goto(f"{base_url}/rulesets")
    with page.expect_navigation():
        page.select_option("header select[name=lang]", "fr")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    assert page.url.endswith("/rulesets?lang=fr")
