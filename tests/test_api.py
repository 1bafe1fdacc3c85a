"""The documented Python API (issue 3's public contract) and the examples of docs/engine.md
and of the engine's docstrings, run as doctests."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

import manille_variants as mv
from manille_variants.ruleset import plugins

DOCS = Path(__file__).resolve().parent.parent / "docs"
PYCON = re.compile(r"```pycon\n(?P<body>.*?)```", re.S)


def run_doctest(text: str, name: str, globs: dict[str, object], lineno: int = 0) -> None:
    parser = doctest.DocTestParser()
    test = parser.get_doctest(text, globs, name, name, lineno)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    out: list[str] = []
    result = runner.run(test, out=out.append, clear_globs=False)
    globs.update(test.globs)  # later blocks see the names earlier ones defined
    assert result.failed == 0, "".join(out)


def test_engine_md_examples_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(plugins, "_registered", {})
    text = (DOCS / "engine.md").read_text(encoding="utf-8")
    globs: dict[str, object] = {}
    blocks = list(PYCON.finditer(text))
    assert len(blocks) >= 7
    for block in blocks:
        lineno = text.count("\n", 0, block.start())
        run_doctest(block["body"], f"docs/engine.md:{lineno + 1}", globs, lineno)


@pytest.mark.parametrize(
    "module",
    [
        "manille_variants",
        "manille_variants.cards",
        "manille_variants.engine.deal",
        "manille_variants.engine.scoring",
    ],
)
def test_docstring_examples_run(module: str) -> None:
    mod = __import__(module, fromlist=["_"])
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_cli_md_documents_the_engine_commands() -> None:
    text = (DOCS / "cli.md").read_text(encoding="utf-8")
    for needle in ("### `manille legal", "### `manille score", "--pending-ties", "--last-trick",
                   "--trump none", '"clause"'):
        assert needle in text


# --------------------------------------------------------------------------------------
# The public contract of issue 3, spelled out.


def test_contract_legal_cards() -> None:
    rs = mv.load_ruleset("belgian")
    cards = mv.legal_cards(rs, "QC 7C 8H", "JC", "D")
    assert cards == [mv.parse_card("QC")] and all(isinstance(c, mv.Card) for c in cards)
    # Lists of cards or strings, hand order kept, None for no-trump.
    hand = mv.parse_cards("8H 7C QC")
    assert mv.legal_cards(rs, hand, [mv.parse_card("JC")], "D") == [mv.parse_card("QC")]
    assert mv.legal_cards(rs, ["8H", "AS"], ["QC"], None) == mv.parse_cards("8H AS")
    assert str(mv.parse_card("10h")) == "10H"


def test_contract_score_deal() -> None:
    rs = mv.load_ruleset("belgian")
    score = mv.score_deal(rs, 38, 5, mode="no-trump", calls=0, pending_ties=0)
    assert isinstance(score, mv.DealScore)
    assert (score.team_a, score.team_b, score.tied, score.factor) == (16, 0, False, 2)
    assert isinstance(score.factor, int) and isinstance(score.factors, tuple)
    assert mv.score_deal(rs, 38, 5, "trump", 2, 1).factor == 8


def test_contract_deal_state() -> None:
    rs = mv.load_ruleset("table-convention")
    state = mv.new_deal(rs, seed=7, dealer=0)
    assert len(state.hands) == 4 and all(len(h) == 8 for h in state.hands)
    assert state.to_play in range(4) and not state.is_over and state.result is None
    plays = 0
    while not state.is_over:
        legal = state.legal_actions()
        assert legal
        if state.phase == "play":
            assert all(isinstance(c, mv.Card) for c in legal)
            assert state.trump in ("S", "H", "D", "C", None)
            plays += 1
        new = state.apply(legal[0])
        assert new is not state
        state = new
    assert plays == 32 and state.trick == ()
    assert isinstance(state.result, mv.DealScore)


def test_contract_errors() -> None:
    state = mv.new_deal(mv.load_ruleset("table-convention"), seed=7, dealer=0)
    state = state.apply(state.legal_actions()[0])
    stranger = next(c for c in mv.DECK if c not in state.hand(state.to_play))
    with pytest.raises(mv.IllegalPlayError, match="is not in seat"):
        state.apply(stranger)
    assert issubclass(mv.IllegalPlayError, mv.ManilleError)
    with pytest.raises(mv.ManilleError):
        mv.score_deal(mv.load_ruleset("belgian"), 61, 8)
