"""The documentation website builds in strict mode: every page is in the nav, every link and
anchor resolves, every docstring of the API reference renders, and nothing is loaded from another
host (mkdocs.yml, `make site`)."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = [
    pytest.mark.site,
    pytest.mark.skipif(
        importlib.util.find_spec("mkdocs") is None or importlib.util.find_spec("mkdocstrings") is None,
        reason="the docs extra is not installed (pip install -e '.[docs]'; `make test` installs it)",
    ),
]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The website, built once for the tests of this module."""
    out = tmp_path_factory.mktemp("site")
    run = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(out)],
        cwd=ROOT, capture_output=True, text=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert run.returncode == 0, run.stderr
    assert run.stderr == "", run.stderr  # not a warning either
    return out


def test_the_site_builds_in_strict_mode(site: Path) -> None:
    out = site
    for page in ("index.html", "package-map/index.html", "rulesets/index.html", "api/index.html"):
        assert (out / page).is_file(), page
    api = (out / "api" / "engine" / "index.html").read_text(encoding="utf-8")
    assert "new_deal" in api and ":func:`" not in api


# An element that makes the browser fetch: a script, a stylesheet or font, an image, a frame.
_FETCHES = re.compile(r"<(?:script|link|img|iframe|source)\b[^>]*\b(?:src|href)=[\"']([^\"']+)", re.I)


def test_the_site_loads_nothing_from_another_host(site: Path) -> None:
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 10
    outside = sorted({f"{page.relative_to(site)}: {address}" for page in pages
                      for address in _FETCHES.findall(page.read_text(encoding="utf-8"))
                      if re.match(r"(?:[a-z]+:)?//", address, re.I)})
    assert not outside, "\n".join(outside)
    # No block the theme would hand to a diagram script it fetches from elsewhere.
    assert not [page for page in pages if 'class="mermaid"' in page.read_text(encoding="utf-8")]
    assert (site / "img" / "package-map.svg").is_file()


def _docstrings_extension() -> ModuleType:
    spec = importlib.util.spec_from_file_location("griffe_docstrings", ROOT / "tools" / "griffe_docstrings.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_docstrings_become_markdown_roles_doctests_and_literal_blocks() -> None:
    to_markdown = _docstrings_extension().to_markdown
    text = "Use :func:`~a.b.solve` or :class:`a.Card`::\n\n    code\n\n>>> [1]\n[1]\n\nAfter."
    expected = "Use `solve` or `a.Card`:\n\n    code\n\n```pycon\n>>> [1]\n[1]\n```\n\nAfter."
    assert to_markdown(text) == expected
    assert to_markdown(expected) == expected  # once is enough: a second pass changes nothing
