"""The documentation website builds in strict mode: every page is in the nav, every link and
anchor resolves, every docstring of the API reference renders (mkdocs.yml, `make site`)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = [
    pytest.mark.site,
    pytest.mark.skipif(
        importlib.util.find_spec("mkdocs") is None or importlib.util.find_spec("mkdocstrings") is None,
        reason="the docs extra is not installed (pip install -e '.[docs]'; `make test` installs it)",
    ),
]


def test_the_site_builds_in_strict_mode(tmp_path: Path) -> None:
    out = tmp_path / "site"
    run = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(out)],
        cwd=ROOT, capture_output=True, text=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert run.returncode == 0, run.stderr
    for page in ("index.html", "package-map/index.html", "rulesets/index.html", "api/index.html"):
        assert (out / page).is_file(), page
    api = (out / "api" / "engine" / "index.html").read_text(encoding="utf-8")
    assert "new_deal" in api and ":func:`" not in api
