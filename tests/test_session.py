"""One human against three bots (``table/session.py``): the session both fronts play, the
terminal's ``manille play`` and the web app's *Play* page."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

import manille_variants as mv
from manille_variants.table.session import Session
from manille_variants.table.terminal import LineReader, PlaySession
from manille_variants.web.play import Game


def _play_first_legal(session: Session) -> mv.DealState:
    """The deal to its end, the human taking the first legal action each time."""
    state = session.advance()
    while not state.is_over:
        session.act(state.legal_actions()[0])
        state = session.advance()
    return state


def test_a_session_replays_from_its_ruleset_seed_seat_and_bots() -> None:
    rs = mv.load_ruleset("belgian")
    first, second = Session(rs, seed=5, seat=1), Session(rs, seed=5, seat=1)
    for session in (first, second):
        session.deal()
        _play_first_legal(session)
    assert first.log == second.log and len(first.log[0]) > 32
    assert first.match.scores == second.match.scores


def test_a_finished_deal_is_scored_once_and_the_next_one_dealt() -> None:
    session = Session(mv.load_ruleset("table-convention"), seed=2)
    session.deal()
    state = _play_first_legal(session)
    assert session.advance() is state  # asked again: not scored twice
    assert session.finished == [state] and len(session.match.deals) == 1
    assert session.deals() == [state]
    with pytest.raises(mv.IllegalPlayError, match="the deal is over"):
        session.act(mv.parse_action("10H"))
    session.deal()
    assert len(session.log) == 2 and len(session.deals()) == 2


def test_the_human_acts_only_in_turn() -> None:
    session = Session(mv.load_ruleset("belgian"), seed=3, seat=2)
    state = session.deal()
    if state.to_play != session.seat:
        with pytest.raises(mv.IllegalPlayError, match="not yours"):
            session.act(state.legal_actions()[0])
    with pytest.raises(mv.IllegalPlayError, match="not over yet"):
        session.deal()


def test_the_terminal_and_the_web_play_the_same_session() -> None:
    rs = mv.load_ruleset("belgian")
    web = Game(rs, 7)
    terminal = PlaySession(rs, seed=7, seat=0, console=Console(file=io.StringIO()),
                           reader=LineReader(Console(file=io.StringIO()), io.StringIO("")))
    assert isinstance(web.session, Session) and isinstance(terminal.session, Session)
    assert terminal.run() == 0  # dealt, the bots acted, then the input ends: the player leaves
    assert terminal.session.log == web.log  # the bots' first replies, as the web game made them
