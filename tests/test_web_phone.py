"""The app on a phone, in a real browser (Playwright driving Debian's Chromium, as in
test_web_browser.py): every page fits 360 px in every language with tap targets of 44 px, the
table drawn as it is played in both directions, the share link letting a second phone in (LAN
mode), a removal undone, and a deal typed while the host is out of reach, stored once when it
is back.

The screenshots (Dutch and French phones) go to docs/img/ with ``UPDATE_SCREENSHOTS=1``
(``make screenshots``)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from browsertools import CHROMIUM, LiveServer, chromium, screenshots
from playwright.sync_api import Browser, Page, ViewportSize, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from starlette.applications import Starlette
from starlette.routing import Route
from webtools import TIE

from manille_variants.web.app import create_app
from manille_variants.web.storage import Store

PHONE: ViewportSize = {"width": 360, "height": 740}
TOKEN = "table-token"

pytestmark = pytest.mark.skipif(not CHROMIUM.exists() and not os.environ.get("CI"),
                                reason="needs /usr/bin/chromium (make test installs it)")

# Routes that are not pages (files, the report of a finished comparison, the offline fallback).
NOT_PAGES = {"/sheets/{id}/chart.svg", "/sheets/{id}/export.json", "/sheets/{id}/export.csv",
             "/compare/{id}/report", "/manifest.webmanifest", "/sw.js", "/icon-192.png", "/icon-512.png"}


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("phone-data")


@pytest.fixture(scope="module")
def live(data: Path) -> Iterator[LiveServer]:
    server = LiveServer(create_app(data))
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    yield from chromium()


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    yield from screenshots(tmp_path_factory.mktemp("phone-screenshots"))


def _phone(browser: Browser, lang: str = "en") -> Page:
    context = browser.new_context(viewport=PHONE, locale=lang, has_touch=True, is_mobile=True)
    context.set_default_timeout(15_000)
    return context.new_page()


def _api(page: Page, base: str, method: str, path: str, body: object = None) -> dict[str, object]:
    answer = page.request.fetch(f"{base}{path}", method=method, data=body,
                                headers={"Content-Type": "application/json"})
    assert answer.ok, answer.text()
    result: dict[str, object] = answer.json()
    return result


def _pages(app: Starlette, sheet_id: str, game_id: str) -> list[str]:
    """Every page of the app (every GET route that is not the API or a file), with ids filled in."""
    fill = {"{name}": "belgian", "{id}": sheet_id}
    paths = []
    for route in app.routes:
        if not isinstance(route, Route) or route.path.startswith("/api/") or route.path in NOT_PAGES:
            continue
        if route.methods is not None and "GET" not in route.methods:
            continue
        path = route.path.replace("{id}", game_id) if route.path.startswith("/play/") else route.path
        for key, value in fill.items():
            path = path.replace(key, value)
        paths.append(path)
    return [*sorted(set(paths)), "/no-such-page"]


# Buttons, fields and menu links under 44 px high (a checkbox's label is its target).
_SMALL_TARGETS = """() => Array.from(document.querySelectorAll(
    'button, .button, select, input:not([type=checkbox]):not([type=radio]):not([type=hidden]), header a'))
  .filter((e) => e.offsetParent !== null && !e.closest('dialog:not([open])'))
  .filter((e) => e.getBoundingClientRect().height < 43.5)
  .map((e) => e.outerHTML.slice(0, 80))"""


@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_every_page_fits_a_phone_360_px_wide(browser: Browser, live: LiveServer, lang: str, shots: Path) -> None:
    page = _phone(browser, lang)
    base = live.url
    sheet = _api(page, base, "POST", "/api/sheets", {"ruleset": "table-convention", "team_a": "Noord",
                                                     "team_b": "Zuid", "note": "clubavond"})
    for entry, by in (("no-trump 38 5", "An"), ("H 40 6", "Bo"), (TIE, "An")):
        _api(page, base, "POST", f"/api/sheets/{sheet['id']}/deals", {"entry": entry, "by": by})
    three = _api(page, base, "POST", "/api/sheets", {"ruleset": "belgian-three", "note": "met drie"})
    for entry in ("H 26 4", "S 35 6", "nt 40 7"):  # a column per player
        _api(page, base, "POST", f"/api/sheets/{three['id']}/deals", {"entry": entry, "by": "An"})
    game = _api(page, base, "POST", "/api/play", {"ruleset": "belgian", "seed": 3})
    pages = [*_pages(live.app, str(sheet["id"]), str(game["id"])), f"/sheets/{three['id']}"]
    expected = {"/", "/sheets", f"/sheets/{sheet['id']}", f"/play/{game['id']}", "/score", "/rulesets/belgian"}
    assert expected <= set(pages)
    wide, small = {}, {}
    for path in pages:
        page.goto(f"{base}{path}")
        page.wait_for_load_state("networkidle")
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > PHONE["width"]:
            wide[path] = width
        targets = page.evaluate(_SMALL_TARGETS)
        if targets:
            small[path] = targets
    assert wide == {}, f"wider than {PHONE['width']} px in {lang}"
    assert small == {}, f"tap targets under 44 px in {lang}"
    if lang in ("nl", "fr"):
        page.goto(f"{base}/sheets/{sheet['id']}")
        page.wait_for_load_state("networkidle")
        page.screenshot(path=str(shots / f"phone-sheet-{lang}.png"), full_page=True)
        page.goto(f"{base}/play/{game['id']}")
        page.wait_for_load_state("networkidle")
        page.screenshot(path=str(shots / f"phone-play-{lang}.png"), full_page=True)
        page.goto(f"{base}/sheets")
        page.screenshot(path=str(shots / f"phone-sheets-{lang}.png"), full_page=True)


# ------------------------------------------------------------------ the table drawn as played
@pytest.mark.parametrize(("step", "places"), [
    (1, {0: "south", 1: "west", 2: "north", 3: "east"}),
    (-1, {0: "south", 1: "west", 2: "north", 3: "east"}),
])
def test_seat_placement_follows_the_direction_of_play(browser: Browser, live: LiveServer, step: int,
                                                      places: dict[int, str]) -> None:
    page = _phone(browser)
    page.goto(f"{live.url}/play")
    got = {seat: page.evaluate(f"seatPlace({seat}, 0, {step})") for seat in range(4)}
    assert got == places
    # The seat that plays after you sits on your left clockwise, on your right counter-clockwise.
    assert got[(0 + step) % 4] == ("west" if step == 1 else "east")
    # Seen from seat 2 (your partner's chair), clockwise: seat 3 is on the left.
    assert page.evaluate(f"seatPlace({(2 + step) % 4}, 2, {step})") == ("west" if step == 1 else "east")


@pytest.mark.parametrize(("ruleset", "next_place", "words"), [
    ("belgian", "west", "clockwise"), ("french-coinchee", "east", "counter-clockwise")])
def test_a_game_is_drawn_as_it_is_played(browser: Browser, live: LiveServer, ruleset: str, next_place: str,
                                         words: str, shots: Path) -> None:
    page = _phone(browser)
    page.goto(f"{live.url}/play")
    page.select_option("select[name=ruleset]", ruleset)
    page.fill("input[name=seed]", "3")
    page.click("#start")
    page.wait_for_url("**/play/*")
    view = _api(page, live.url, "GET", page.url.replace(live.url, "/api"))
    assert view["ruleset"] == ruleset
    after_you = (0 + int(str(view["step"]))) % 4
    seat = page.locator(f".seat[data-seat='{after_you}']")
    expect(seat).to_have_attribute("data-place", next_place)
    felt = page.locator("#felt").bounding_box()
    box = seat.bounding_box()
    assert felt is not None and box is not None
    centre = box["x"] + box["width"] / 2
    assert (centre < felt["x"] + felt["width"] / 2) == (next_place == "west")
    expect(page.locator("#game-facts")).to_contain_text(f"play goes {words}")
    expect(page.locator("select[name=ruleset]")).to_have_value(ruleset)
    expect(page.locator("input[name=seed]")).to_have_value("3")


def test_a_score_link_keeps_its_figures_and_the_servers_result(browser: Browser, live: LiveServer) -> None:
    page = _phone(browser)
    page.goto(f"{live.url}/score?points=38&tricks=5&mode=no-trump&calls=1&rulesets=belgian")
    expect(page.locator("select[name=mode]")).to_have_value("no-trump")
    expect(page.locator("input[name=calls]")).to_have_value("1")
    page.wait_for_timeout(500)  # a script that would compute again has had its time
    cells = page.locator("#results tbody tr").first.locator("td")
    expect(cells.first).to_have_text("32")


# ------------------------------------------------------------------ sharing in LAN mode
def test_the_share_link_lets_a_second_phone_in(browser: Browser, tmp_path: Path, shots: Path) -> None:
    server = LiveServer(create_app(tmp_path / "lan", token=TOKEN, hosts={"127.0.0.1"}))
    server.start()
    try:
        host = _phone(browser)
        host.goto(f"{server.url}/sheets?token={TOKEN}")
        host.fill("input[name=team_a]", "Noord")
        host.click("#create")
        host.wait_for_url("**/sheets/*")
        host.click(".share-open")
        expect(host.locator("#share-dialog svg.qr")).to_be_visible()
        link = host.input_value("#share-url")
        assert link == f"{host.url}?token={TOKEN}"
        host.screenshot(path=str(shots / "phone-share.png"))

        guest = _phone(browser, "fr")
        guest.goto(host.url)  # without access: a page in its language that says what to do
        expect(guest.locator("h1")).to_have_text("Pas encore d'accès")
        expect(guest.locator("main")).to_contain_text("scannez le code QR")
        assert guest.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        guest.goto(link)
        expect(guest.locator("#name-a")).to_have_text("Noord")
        assert "token" not in guest.url
        guest.fill("#points", "38")
        guest.fill("#tricks", "5")
        guest.click("#add")
        expect(host.locator("#deals tbody tr")).to_have_count(1, timeout=8_000)
    finally:
        server.stop()


# ------------------------------------------------------------------ mistakes undone
def test_a_removal_is_undone(browser: Browser, live: LiveServer, shots: Path) -> None:
    page = _phone(browser, "nl")
    sheet = _api(page, live.url, "POST", "/api/sheets", {"ruleset": "table-convention", "team_a": "Noord"})
    page.goto(f"{live.url}/sheets/{sheet['id']}")
    page.fill("#by", "An")
    for points in ("38", "40"):
        page.fill("#points", points)
        page.fill("#tricks", "5")
        page.click("#add")
        expect(page.locator("#deals tbody tr").first).to_contain_text(f"{points}–")
    page.click("#undo")
    expect(page.locator("#deals tbody tr")).to_have_count(1)
    expect(page.locator("#toast")).to_be_visible()
    page.screenshot(path=str(shots / "phone-undo-nl.png"))
    page.click("#toast-undo")
    expect(page.locator("#deals tbody tr")).to_have_count(2)
    expect(page.locator("#toast")).to_be_hidden()
    # A deal removed from its dialog is put back from the history, which says who did what.
    page.locator("#deals tbody tr").last.click()
    page.click("#detail-remove")
    expect(page.locator("#deals tbody tr")).to_have_count(1)
    page.click("#history summary")
    expect(page.locator("#changes li").first).to_contain_text("An verwijderde spel 1")
    page.click("#changes button.restore")
    expect(page.locator("#deals tbody tr")).to_have_count(2)
    expect(page.locator("#deals tbody tr").last).to_contain_text("38–22")
    expect(page.locator("#changes li").first).to_contain_text("An zette spel terug 1")
    expect(page.locator("#head-a")).to_have_text("Noord")


# ------------------------------------------------------------------ offline
def test_a_deal_typed_while_the_host_is_away_is_stored_once(browser: Browser, tmp_path: Path, shots: Path) -> None:
    folder = tmp_path / "offline"
    server = LiveServer(create_app(folder))
    server.start()
    page = _phone(browser, "fr")
    sheet = _api(page, server.url, "POST", "/api/sheets", {"ruleset": "table-convention"})
    url = f"{server.url}/sheets/{sheet['id']}"
    page.goto(url)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # now under the service worker, which keeps the page
    page.wait_for_load_state("networkidle")
    server.stop()
    try:
        page.fill("#points", "38")
        page.fill("#tricks", "5")
        page.click("#add")
        expect(page.locator("#waiting")).to_be_visible()
        expect(page.locator("#waiting")).to_contain_text("1 en attente d'envoi")
        expect(page.locator("#deals tr.pending")).to_have_count(1)
        expect(page.locator("#offline")).to_be_visible()
        page.screenshot(path=str(shots / "phone-offline-fr.png"), full_page=True)
        page.reload()  # the page from the phone (its service worker), the deal still waiting
        expect(page.locator("#deals tr.pending")).to_have_count(1)
        page.fill("#points", "40")
        page.fill("#tricks", "6")
        page.click("#add")
        expect(page.locator("#waiting")).to_contain_text("2 en attente d'envoi")
    finally:
        server.start()
    expect(page.locator("#waiting")).to_be_hidden(timeout=15_000)
    expect(page.locator("#deals tbody tr.deal-row")).to_have_count(2)
    page.reload()
    expect(page.locator("#deals tbody tr.deal-row")).to_have_count(2)
    assert Store(folder).sheet(str(sheet["id"])).entries == ["S 38 5", "S 40 6"]  # each once, in order
    server.stop()


# ------------------------------------------------------------------ a sheet of three players
def test_a_three_player_sheet_is_kept_from_the_form(browser: Browser, live: LiveServer, shots: Path) -> None:
    page = _phone(browser, "nl")
    sheet = _api(page, live.url, "POST", "/api/sheets", {"ruleset": "belgian-three"})
    page.goto(f"{live.url}/sheets/{sheet['id']}")
    page.fill("#by", "An")
    page.select_option("#side", "B")  # the others' figures: 34 points, 6 tricks -> the entry H 26 4
    page.select_option("#mode", "H")
    page.fill("#points", "34")
    page.fill("#tricks", "6")
    expect(page.locator("#other")).to_contain_text("26")
    page.click("#add")
    expect(page.locator("#deals tbody tr")).to_have_count(1)
    row = page.locator("#deals tbody tr").first
    expect(row).to_contain_text("Plaats 0")  # the seat that dealt
    expect(row.locator("td.num")).to_have_count(3)
    totals = [int(t) for t in page.locator("#standings .total").all_text_contents()]
    assert totals == [0, 4, 4]  # the CLI sheet's worked case: each defender +4
    expect(page.locator("#standings .facts")).to_contain_text("Plaats 1")  # the next dealer
    page.fill("#points", "34")
    page.fill("#tricks", "11")  # the form has emptied after the add: 11 of 10 tricks is refused
    expect(page.locator("#entry-error")).to_contain_text("10")
    expect(page.locator("#add")).to_be_disabled()
    page.screenshot(path=str(shots / "phone-sheet-three-nl.png"), full_page=True)


# ------------------------------------------------------------------ the web game at other tables
# The six places (a corner each side of north and south) are told apart by where they sit.
_SEAT_BOXES = """() => Array.from(document.querySelectorAll('#felt .seat')).map((s) => {
  const felt = document.getElementById('felt').getBoundingClientRect(), b = s.getBoundingClientRect();
  return {seat: Number(s.dataset.seat), place: s.dataset.place, inside: b.left >= felt.left - 0.5 &&
          b.right <= felt.right + 0.5 && b.top >= felt.top - 0.5 && b.bottom <= felt.bottom + 0.5,
          x: b.left + b.width / 2, y: b.top + b.height / 2, w: b.width, h: b.height}; })"""


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return abs(a["x"] - b["x"]) * 2 < a["w"] + b["w"] and abs(a["y"] - b["y"]) * 2 < a["h"] + b["h"]


@pytest.mark.parametrize(("ruleset", "seats", "lang"), [
    ("belgian-six", 6, "nl"), ("belgian-three", 3, "fr"), ("belgian-two", 2, "en")])
def test_a_game_at_another_table_is_drawn_with_its_seats_on_a_phone(browser: Browser, live: LiveServer, ruleset: str,
                                                                    seats: int, lang: str, shots: Path) -> None:
    page = _phone(browser, lang)
    game = _api(page, live.url, "POST", "/api/play", {"ruleset": ruleset, "seed": 3, "bots": "heuristic"})
    page.goto(f"{live.url}/play/{game['id']}")
    page.wait_for_load_state("networkidle")
    boxes = page.evaluate(_SEAT_BOXES)
    assert sorted(b["seat"] for b in boxes) == list(range(seats))
    assert len({b["place"] for b in boxes}) == seats and all(b["inside"] for b in boxes)
    assert not [(a["seat"], b["seat"]) for a in boxes for b in boxes if a["seat"] < b["seat"] and _overlap(a, b)]
    center = page.evaluate("""() => { const b = document.getElementById('contract').getBoundingClientRect();
      return {x: b.left + b.width / 2, y: b.top + b.height / 2, w: b.width, h: b.height}; }""")
    assert not [b["seat"] for b in boxes if _overlap(b, center)]  # the contract and undealt cards stay clear
    you = next(b for b in boxes if b["seat"] == 0)
    assert you["place"] == "south"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.evaluate(_SMALL_TARGETS) == []
    if ruleset == "belgian-six":  # the undealt cards shown, your teammates named
        expect(page.locator("#contract .undealt .card")).to_have_count(2)
        expect(page.locator(".seat[data-seat='2'] span")).to_contain_text("Partner")
    if ruleset == "belgian-three":  # a score per player
        expect(page.locator("#scores .team")).to_have_count(3)
    if ruleset == "belgian-two":  # your face-up cards in a row of their own, the other seat's at its place
        expect(page.locator("#your-face-up .card-button")).to_have_count(4)
        expect(page.locator(".seat[data-seat='1'] .layout .card")).to_have_count(4)
    # Play on by tapping until a trick holds cards of several seats.
    # The browser polls for it: at two seats a trick of both cards shows only until the bot
    # that won it leads again, a moment at the bots' pace.
    several = "() => document.querySelectorAll('#felt .seat .card-slot .card').length >= 2"
    seen = False
    for _ in range(60):
        legal = page.locator("button.card-button.legal, #choices button.choice")
        if legal.count():
            legal.first.click()
        try:
            page.wait_for_function(several, timeout=2_000)
        except PlaywrightTimeoutError:
            continue
        seen = True
        break
    assert seen
    expect(page.locator("#play-error")).to_have_text("")
    if ruleset == "belgian-six":  # the picture docs/web.md shows
        page.screenshot(path=str(shots / "phone-play-belgian-six-nl.png"), full_page=True)


def test_a_three_player_sheet_names_its_players_from_the_page(browser: Browser, live: LiveServer) -> None:
    page = _phone(browser, "nl")
    sheet = _api(page, live.url, "POST", "/api/sheets", {"ruleset": "belgian-three"})
    _api(page, live.url, "POST", f"/api/sheets/{sheet['id']}/deals", {"entry": "H 26 4", "by": "An"})
    page.goto(f"{live.url}/sheets/{sheet['id']}")
    page.click("#names summary")
    names = page.locator("#names-form input[name=player]")
    expect(names).to_have_count(3)
    for seat, name in enumerate(["An", "Bo", "Cas"]):
        names.nth(seat).fill(name)
    page.click("#names-form button")
    expect(page.locator("#standings")).to_contain_text("Cas")
    assert _api(page, live.url, "GET", f"/api/sheets/{sheet['id']}")["player_names"] == ["An", "Bo", "Cas"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
