"""The docs stay true: the generated reference is fresh and the walkthrough's examples run."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from manille_variants.cli import app
from manille_variants.ruleset.docgen import reference_markdown, settings
from manille_variants.ruleset.loader import load_ruleset

DOCS = Path(__file__).resolve().parent.parent / "docs"
WALKTHROUGH = DOCS / "custom-rulesets.md"
BLOCK = re.compile(
    r"(?:<!-- (?P<tag>file|excerpt): (?P<arg>[^>]+?) -->\n)?```(?P<lang>\w+)\n(?P<body>.*?)```",
    re.S,
)


def blocks(path: Path) -> list[re.Match[str]]:
    return list(BLOCK.finditer(path.read_text(encoding="utf-8")))


def test_rulesets_reference_is_up_to_date() -> None:
    committed = (DOCS / "rulesets.md").read_text(encoding="utf-8")
    assert committed == reference_markdown(), "docs/rulesets.md is stale: run `make docs`"


def test_reference_documents_every_setting_with_a_description() -> None:
    text = (DOCS / "rulesets.md").read_text(encoding="utf-8")
    for setting in settings():
        assert setting.description, setting.path
        assert f"`{setting.path}`" in text


@pytest.fixture
def walkthrough_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The walkthrough's YAML files, written to a temporary working folder."""
    monkeypatch.chdir(tmp_path)
    for match in blocks(WALKTHROUGH):
        if match["tag"] == "file":
            (tmp_path / match["arg"]).write_text(match["body"], encoding="utf-8")
    return tmp_path


def test_walkthrough_club_file_loads(walkthrough_files: Path) -> None:
    rs = load_ruleset("club.yaml")
    assert (rs.name, rs.scoring.cap, rs.match.target, rs.trump.blind_no_trump.allowed) == (
        "zwarte-kat",
        4,
        151,
        False,
    )
    assert rs.match.best_of == 3


def test_walkthrough_console_output_is_real(walkthrough_files: Path) -> None:
    runner = CliRunner()
    checked = 0
    for match in blocks(WALKTHROUGH):
        lines = match["body"].splitlines()
        if match["lang"] != "console" or len(lines) < 2:
            continue
        args = shlex.split(lines[0].removeprefix("$ manille "))
        result = runner.invoke(app, args, env={"COLUMNS": "100"})
        assert result.output.splitlines() == lines[1:], lines[0]
        checked += 1
    assert checked >= 5


def test_walkthrough_excerpts_are_real(walkthrough_files: Path) -> None:
    runner = CliRunner()
    for match in blocks(WALKTHROUGH):
        if match["tag"] == "excerpt":
            args = shlex.split(match["arg"].removeprefix("manille "))
            assert match["body"] in runner.invoke(app, args).output


def test_cli_doc_has_a_section_per_ruleset_command() -> None:
    text = (DOCS / "cli.md").read_text(encoding="utf-8")
    for command in ["rulesets", "show", "validate", "diff", "schema"]:
        assert f"### `manille {command}" in text


ROOT = DOCS.parent
RULES = DOCS / "rules.md"


def heading_anchors(path: Path) -> set[str]:
    """The anchors a markdown viewer gives the headings of ``path`` (lower case, dashes)."""
    anchors = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            anchors.add(re.sub(r"[^a-z0-9 -]", "", title).replace(" ", "-"))
    return anchors


def project_texts() -> list[Path]:
    folders = ["manille_variants", "tests", "docs", "rulesets", "bench"]
    files = [p for folder in folders for p in (ROOT / folder).rglob("*") if p.suffix in (".py", ".md", ".yaml")]
    return [ROOT / "README.md", *files]


def test_rules_chapter_has_a_section_per_clause() -> None:
    from manille_variants.engine.legality import CLAUSES

    assert set(CLAUSES) <= heading_anchors(RULES)


def test_every_citation_of_the_rules_chapter_names_one_of_its_sections() -> None:
    anchors = heading_anchors(RULES)
    cited = {
        (path.relative_to(ROOT).as_posix(), anchor)
        for path in project_texts()
        for anchor in re.findall(r"rules\.md#([a-z0-9-]+)", path.read_text(encoding="utf-8"))
    }
    cited |= {("docs/rules.md", a) for a in re.findall(r"\]\(#([a-z0-9-]+)\)", RULES.read_text(encoding="utf-8"))}
    assert cited
    assert {(where, a) for where, a in cited if a not in anchors} == set()


def test_rules_are_cited_inside_the_project_only() -> None:
    """Not a file outside the repository (custom-rulesets.md only shows a user's parent ruleset
    in a sibling folder)."""
    outside = re.compile(r"RULES\.md|\.\./shared/|\b[Ss]eed 0\d\d\b")
    citing = [p.relative_to(ROOT).as_posix() for p in project_texts() if outside.search(p.read_text(encoding="utf-8"))]
    assert citing == ["docs/custom-rulesets.md"]
