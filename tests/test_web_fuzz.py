"""Every route of the web app, enumerated from ``app.routes``, sent generated path segments,
query parameters, headers and bodies (hypothesis): whatever comes in, the answer is never a
5xx (a refusal is a 4xx in the usual format).  Bounded: a few seconds in ``make test``."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.applications import Starlette
from starlette.routing import Mount, Route
from starlette.testclient import TestClient
from webtools import BASE, make_app

from manille_variants.web import compare
from manille_variants.web.security import RateLimit

HAND = "10H AH KH QH 10S AS 7C 8D"
METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"]
# The keys the app reads from queries and bodies, so that generated values reach the handlers.
KEYS = ["since", "points", "tricks", "mode", "calls", "pending_ties", "lang", "hand", "samples", "seed",
        "ruleset", "rulesets", "a", "b", "from", "token", "last_trick", "turned", "unseen", "entry", "yaml",
        "values", "parent", "team_a", "team_b", "note", "sheet", "by", "id", "fields", "side", "last", "number",
        "action", "bots", "deals", "record", "name", "score"]
SPECIAL = ["", "0", "1", "2", "-1", "24", "200", "201", "²", "١٢", "1e309", "NaN", "9" * 5000, "belgian",
           "table-convention", "french-parlee", HAND, "10H AH", "H 38 5", "thrown-in", "no-trump 20 2", "blind",
           "trump", "no-trump", "S", "A", "B", "nl", "fr", "heuristic", "random", "search", "40-20", "99999-0",
           "../../etc/passwd", "//evil.example/", "/\\evil.example", "\x00", "%", "%00", "{}", "[]", "true",
           "null", "name: club\nextends: belgian\n", "name: x\nextends: ../x\n", "[" * 300, "<script>"]


@dataclass(frozen=True)
class Target:
    """One route as the app lists it: its path with ``{param}`` placeholders and its methods."""

    path: str
    methods: tuple[str, ...]
    params: tuple[str, ...]


def targets(app: Starlette) -> list[Target]:
    found = []
    for route in app.routes:
        if isinstance(route, Route):
            found.append(Target(route.path, tuple(sorted(route.methods or {"GET"})), tuple(route.param_convertors)))
        elif isinstance(route, Mount):
            found.append(Target(route.path + "/{path}", ("GET", "HEAD"), ("path",)))
    return found


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, list[str]]]:
    """The app over a data folder with a sheet and a game in it (their ids among the generated
    segments), a small rate limit, and comparisons that are not run (their threads would
    outlive the test)."""
    patch = pytest.MonkeyPatch()
    patch.setattr(compare.Job, "run", lambda job: setattr(job, "error", "not run in the fuzz test"))
    app = make_app(tmp_path_factory.mktemp("fuzz") / "data", rate=RateLimit(capacity=3, per_second=0.05))
    c = TestClient(app, base_url=BASE, raise_server_exceptions=False)
    sheet = c.post("/api/sheets", json={"ruleset": "belgian", "team_a": "=1+1"}).json()["id"]
    c.post(f"/api/sheets/{sheet}/deals", json={"entry": "H 38 5"})
    game = c.post("/api/play", json={"seed": 3}).json()["id"]
    yield c, [sheet, game, "app.js", "app.css", "belgian", "1", "last"]
    patch.undo()


texts = st.one_of(st.sampled_from(SPECIAL), st.text(max_size=24), st.integers().map(str),
                  st.integers(-(10**40), 10**40).map(str))
scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.integers(-(10**40), 10**40), st.floats(), texts)
json_values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.one_of(st.sampled_from(KEYS), st.text(max_size=6)), inner,
                                                 max_size=5)), max_leaves=16)
header_text = st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=40)


@st.composite
def bodies(draw: st.DrawFn) -> bytes:
    kind = draw(st.sampled_from(["object", "object", "value", "raw", "deep", "empty"]))
    if kind == "object":
        return json.dumps(draw(st.dictionaries(st.sampled_from(KEYS), json_values, max_size=8))).encode()
    if kind == "value":
        return json.dumps(draw(json_values)).encode()
    if kind == "raw":
        digits = [b"9" * 5000, b'{"seed": ' + b"9" * 5000 + b"}"]
        return draw(st.one_of(st.binary(max_size=64), st.sampled_from(digits)))
    if kind == "deep":
        depth = draw(st.sampled_from([19, 20, 21, 1000, 100_000]))
        inside = draw(st.sampled_from(KEYS))
        return draw(st.sampled_from([b"[" * depth + b"]" * depth,
                                     f'{{"{inside}": '.encode() + b"[" * depth + b"]" * depth + b"}"]))
    return b""


class Request(dict[str, Any]):
    """A generated request (the keyword arguments of ``TestClient.request``), shown cut short
    when hypothesis reports it (a body may be 200 000 brackets)."""

    def __repr__(self) -> str:
        return repr({key: _short(value) for key, value in self.items()})


def _short(value: object) -> object:
    if isinstance(value, bytes) and len(value) > 300:
        return value[:300] + b"..."
    if isinstance(value, str) and len(value) > 300:
        return value[:300] + "..."
    return value


@st.composite
def requests(draw: st.DrawFn, target: Target, ids: list[str]) -> Request:
    method = draw(st.sampled_from(target.methods)) if draw(st.integers(0, 9)) else draw(st.sampled_from(METHODS))
    path = target.path
    for name in target.params:
        segment = draw(st.one_of(st.sampled_from(ids), texts, st.text(max_size=12)))
        path = path.replace(f"{{{name}}}", quote(segment, safe="") or "x", 1)
        path = path.replace(f"{{{name}:deal}}", quote(segment, safe="") or "1", 1)
    headers = {"Content-Type": draw(st.sampled_from(["application/json"] * 4 + ["text/plain", "application/json; x"]))}
    if draw(st.booleans()):
        headers["Accept"] = "application/json"
    site = draw(st.sampled_from([None, None, None, "same-origin", "none", "cross-site", "same-site"]))
    if site:
        headers["Sec-Fetch-Site"] = site
    if draw(st.booleans()):
        headers["Accept-Language"] = draw(st.one_of(st.sampled_from(["nl", "fr;q=0.5,nl", "*"]), header_text))
    if draw(st.booleans()):
        headers["Cookie"] = "lang=" + draw(header_text).replace(";", "")
    query = draw(st.dictionaries(st.sampled_from(KEYS), texts, max_size=5))
    content = draw(bodies()) if method in ("POST", "PUT", "PATCH", "DELETE") else None
    return Request(method=method, url=path, params=query, headers=headers, content=content)


TARGETS = targets(make_app(Path(tempfile.mkdtemp())))


def test_every_route_is_fuzzed() -> None:
    paths = {t.path for t in TARGETS}
    assert {"/api/validate", "/api/sheets/{id}/deals/{n:deal}", "/advise", "/static/{path}"} <= paths
    assert len(TARGETS) >= 40


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.path)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_no_request_makes_the_app_fail(fuzzed: tuple[TestClient, list[str]], target: Target,
                                       data: st.DataObject) -> None:
    c, ids = fuzzed
    request = data.draw(requests(target, ids))
    answer = c.request(**request)
    assert answer.status_code < 500, answer.text[:500]
    if answer.status_code >= 400 and request["url"].startswith("/api/") and request["method"] != "HEAD":
        assert "error" in answer.json()  # the usual format
