"""Helpers of the web app tests: an app over a temporary data folder and a client for it."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from starlette.applications import Starlette
from starlette.testclient import TestClient

from manille_variants.web.app import create_app
from manille_variants.web.security import LOOPBACK, RateLimit

BASE = "http://127.0.0.1:8000"
TIE = "H 30 4"  # a tied deal under table-convention: nothing scored, so a sheet never ends


def make_app(folder: Path, *, token: str | None = None, hosts: Iterable[str] = LOOPBACK,
             any_ip: bool = False, rate: RateLimit | None = None) -> Starlette:
    return create_app(folder, token=token, hosts=hosts, any_ip=any_ip, rate=rate)


def client(app: Starlette, base: str = BASE) -> TestClient:
    return TestClient(app, base_url=base)


def new_sheet(c: TestClient, ruleset: str = "table-convention", **names: str) -> str:
    answer = c.post("/api/sheets", json={"ruleset": ruleset, **names})
    assert answer.status_code == 201, answer.text
    sheet_id: str = answer.json()["id"]
    return sheet_id
