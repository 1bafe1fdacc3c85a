"""A shared table in real browsers (Playwright driving Debian's Chromium, as
tests/test_web_browser.py does, no page breaking the Content-Security-Policy): the host opens
a table of four people from the form, four phones join it by their seats' links and play a
deal, each page updated by the server's events; a fifth browser without a seat's token is
refused (401).

``UPDATE_SCREENSHOTS=1`` copies the phone's screenshot (Dutch) into docs/img/ for docs/web.md.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from browsertools import CHROMIUM, DOCS_IMG, chromium, serve
from playwright.sync_api import Browser, ConsoleMessage, Page, ViewportSize, expect

from manille_variants.web.app import create_app

PHONE: ViewportSize = {"width": 360, "height": 780}

pytestmark = pytest.mark.skipif(not CHROMIUM.exists() and not os.environ.get("CI"),
                                reason="needs /usr/bin/chromium (make test installs it)")


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serve(create_app(tmp_path_factory.mktemp("web-data"), table_pace=0))


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    yield from chromium()


# What the browser refused against the Content-Security-Policy on any page of the test: none may be.
_REFUSED_BY_THE_POLICY: list[str] = []


@pytest.fixture(autouse=True)
def _no_policy_violation() -> Iterator[None]:
    _REFUSED_BY_THE_POLICY.clear()
    yield
    assert _REFUSED_BY_THE_POLICY == []


def _note_policy_violation(message: ConsoleMessage) -> None:
    if "Content Security Policy" in message.text:
        _REFUSED_BY_THE_POLICY.append(message.text)


def _phone(browser: Browser, lang: str = "en") -> Page:
    context = browser.new_context(viewport=PHONE, locale=lang)
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.on("console", _note_policy_violation)
    return page


def _revision(page: Page) -> str:
    return page.locator(".live").get_attribute("data-revision") or ""


def test_four_phones_join_a_table_by_their_links_and_play_a_deal(browser: Browser, base_url: str,
                                                                 tmp_path: Path) -> None:
    host = _phone(browser)
    host.goto(f"{base_url}/tables")
    names = ["An", "Bo", "Cas", "Dirk"]
    for seat, name in enumerate(names):
        host.select_option(f"select[name=bot_{seat}]", "person")
        host.fill(f"input[name=name_{seat}]", name)
    host.click("#open-table")
    host.wait_for_url("**/tables/*")
    links = [host.locator(f".seat-link[data-seat='{s}'] a.link").get_attribute("href") for s in range(4)]
    assert all(links) and len(set(links)) == 4 and host.locator(".seat-link[data-seat] svg").count() == 4
    phones = [_phone(browser, "nl" if seat == 0 else "en") for seat in range(4)]
    for phone, link in zip(phones, links, strict=True):
        assert link is not None
        phone.goto(link)
        phone.wait_for_url("**/t/*")
    table_url = phones[0].url
    stranger = _phone(browser)
    assert stranger.goto(table_url).status == 401  # type: ignore[union-attr]
    expect(phones[0].locator(".place.south .who")).to_have_text("An")
    deadline = time.monotonic() + 90  # a loaded machine pushes the pages' updates late
    while time.monotonic() < deadline:
        if phones[0].locator(".result").count():
            break
        turn = next((p for p in phones if p.locator(".live[data-your-turn=true]").count()), None)
        if turn is None:
            time.sleep(0.1)
            continue
        before = _revision(turn)
        if turn is phones[0] and turn.locator(".hand .legal").count() and not (tmp_path / "nl.png").exists():
            turn.screenshot(path=str(tmp_path / "nl.png"), full_page=True)
        turn.locator(".live button[name=action]:not([disabled])").first.click()
        expect(turn.locator(".live")).not_to_have_attribute("data-revision", before)
    for phone in phones:  # every phone sees the deal's result, pushed by the server
        expect(phone.locator(".result")).to_be_visible(timeout=8_000)
    expect(phones[0].locator("#next")).to_have_text("Volgend spel")
    phones[0].screenshot(path=str(tmp_path / "result.png"), full_page=True)
    if os.environ.get("UPDATE_SCREENSHOTS"):
        DOCS_IMG.mkdir(parents=True, exist_ok=True)
        shutil.copy(tmp_path / "nl.png", DOCS_IMG / "table-seat.png")
        shutil.copy(tmp_path / "result.png", DOCS_IMG / "table-result.png")


def test_a_club_evening_on_a_phone_in_dutch(browser: Browser, base_url: str, tmp_path: Path) -> None:
    page = _phone(browser, "nl")
    page.goto(f"{base_url}/evenings")
    page.fill("input[name=name]", "Vrijdag")
    page.select_option("select[name=ruleset]", "belgian")
    page.fill("textarea[name=players]", "\n".join(["An", "Bo", "Cas", "Dirk", "Eva", "Fien", "Geert", "Hanne"]))
    page.fill("input[name=rounds]", "3")
    page.click("#draw")
    page.wait_for_url("**/evenings/*")
    expect(page.locator(".evening-table")).to_have_count(6)
    data = page.request.get(page.url.replace("/evenings/", "/api/evenings/")).json()
    for table, entry in zip(data["tables"], ["nt 38 5", "H 20 2", "S 40 6 1", "nt 31 4", "D 35 5", "C 25 3"],
                            strict=True):
        added = page.request.post(f"{base_url}/api/sheets/{table['sheet']}/deals", data={"entry": entry})
        assert added.ok, added.text()
    page.reload()
    expect(page.locator(".standings-table tbody tr")).to_have_count(8)
    expect(page.locator("h2").first).to_have_text("Schema")
    page.screenshot(path=str(tmp_path / "evening.png"), full_page=True)
    if os.environ.get("UPDATE_SCREENSHOTS"):
        shutil.copy(tmp_path / "evening.png", DOCS_IMG / "evening.png")
