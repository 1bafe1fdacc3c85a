"""`manille play` driven by scripted input: whole matches, prompts, refusals with the reason,
leaving cleanly and the game record."""

from __future__ import annotations

import io
import re
import shlex
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import manille_variants as mv
from manille_variants.bots import make_bots, play_match
from manille_variants.cli import app
from manille_variants.engine.actions import (
    BLIND,
    DELEGATE,
    LOOK,
    NO_TRUMP,
    PASS,
    THROW_IN,
    Action,
    AnyAction,
    call_action,
    trump_action,
)
from manille_variants.engine.deal import DealState
from manille_variants.records.audit import audit_record
from manille_variants.records.format import read_record
from manille_variants.table.terminal import EndOfInput, LineReader, PlaySession, parse_decision

runner = CliRunner()


def bot_game(name: str, seed: int, seat: int) -> tuple[list[DealState], list[tuple[DealState, AnyAction]]]:
    """The match the table plays when the player at ``seat`` plays like the heuristic bot:
    its finished deals and the player's (state, action) decisions in order."""
    rs = mv.load_ruleset(name)
    finals: list[DealState] = []
    play_match(rs, seed, make_bots("heuristic", seed), on_deal=finals.append)
    mine = []
    for final in finals:
        state = mv.new_deal(rs, final.seed, final.dealer, pending_ties=final.pending_ties, scores=final.scores)
        for action in final.actions:
            if state.to_play == seat and action != THROW_IN:
                mine.append((state, action))
            state = state.apply(action)
    return finals, mine


def typed(action: AnyAction, rules: mv.engine.Rules, *, human: bool) -> str:
    """What a player types for an action: the record text, or a player's short form."""
    if not human:
        return str(action)
    if isinstance(action, mv.Card):
        return str(action).lower()
    assert isinstance(action, Action)
    if action.kind == "trump":
        return (action.arg or "").lower()
    if action.kind == "call":
        return rules.ruleset.call_named(action.arg or "").label
    return {NO_TRUMP: "nt", PASS: "p", LOOK: "l", BLIND: "b", DELEGATE: "d"}.get(action, str(action))


def script(name: str, seed: int, seat: int = 0, *, human: bool = False) -> tuple[str, list[DealState]]:
    finals, mine = bot_game(name, seed, seat)
    rules = mv.compile_rules(mv.load_ruleset(name))
    return "".join(typed(a, rules, human=human) + "\n" for _, a in mine), finals


def play(*args: str, input: str) -> tuple[int, str]:
    result = runner.invoke(app, ["play", *args], input=input)
    return result.exit_code, result.output


# ----------------------------------------------------------------------------- whole matches


@pytest.mark.parametrize(("name", "seed", "seat"), [("belgian", 3, 0), ("french-coinchee", 5, 2),
                                                    ("table-convention", 1, 1), ("french-parlee", 2, 0),
                                                    ("french-muette", 4, 3)])
def test_a_scripted_match_plays_to_the_end_and_records_it(tmp_path: Path, name: str, seed: int, seat: int) -> None:
    text, finals = script(name, seed, seat)
    path = tmp_path / "game.json"
    code, out = play("-r", name, "--seed", str(seed), "--seat", str(seat), "--record", str(path), input=text)
    assert code == 0, out[-2000:]
    assert "win the match." in out and "Match over" in out
    assert f"Record saved in {path}." in out
    record = read_record(path)
    assert [d.actions for d in record.deals] == [f.actions for f in finals]
    assert record.players[seat] == "you" and record.outcome is not None and record.outcome["complete"]
    assert audit_record(record).ok
    if record.deals[0].turned is not None:  # trump by the turned card: shown on the table
        assert "is trump. The card stays on the table until it is taken up" in out
        assert out.count("turned ") >= len(record.deals)  # its line in every deal's breakdown


def test_players_short_answers_are_understood(tmp_path: Path) -> None:
    text, finals = script("belgian", 3, 0, human=True)
    path = tmp_path / "game.json"
    code, out = play("-r", "belgian", "--seed", "3", "--record", str(path), input=text)
    assert code == 0, out[-2000:]
    assert [d.actions for d in read_record(path).deals] == [f.actions for f in finals]


def test_the_screen_shows_hand_trump_trick_holder_and_scores() -> None:
    text, _ = script("belgian", 3, 0)
    code, out = play("-r", "belgian", "--seed", "3", input=text)
    assert code == 0
    assert "Your hand: " in out and "Trump: ♣ clubs." in out
    assert "Trick 1: Right 10♥; Right holds it." in out
    assert "(A♠)" in out  # a card that may not be played now is shown in parentheses
    assert "card points   26    34" in out and "match points   0     4" in out
    assert "them: 4 over 30 = 4 match points" in out
    assert "Score sheet, game 1 (match points)" in out
    assert "Call? [pass / ik-ga-mee" in out


# ----------------------------------------------------------------------------- refusals


def first_restricted_card(name: str, seed: int) -> tuple[int, str, str, str]:
    """The first card decision of seat 0 with fewer legal cards than cards in hand:
    its index in the script, an illegal card, the legal card played and the reason."""
    _, mine = bot_game(name, seed, 0)
    for i, (state, action) in enumerate(mine):
        if state.phase == "play":
            legal = state.legal_actions()
            illegal = [c for c in state.hand(0) if c not in legal]
            if illegal:
                return i, str(illegal[0]), str(action), state.explain()
    raise AssertionError("no restricted card")


def test_an_illegal_card_is_refused_with_the_reason() -> None:
    text, _ = script("belgian", 3, 0)
    lines = text.splitlines()
    i, illegal, _, reason = first_restricted_card("belgian", 3)
    lines.insert(i, illegal)
    code, out = play("-r", "belgian", "--seed", "3", input="\n".join(lines) + "\n")
    assert code == 0
    assert f"{mv.parse_card(illegal).pretty} is not allowed: {reason}" in out


def test_not_a_card_and_a_card_not_in_hand_are_refused() -> None:
    text, finals = script("belgian", 3, 0)
    lines = text.splitlines()
    i, _, _, _ = first_restricted_card("belgian", 3)
    hand = {str(c) for c in finals[0].actions if isinstance(c, mv.Card)} - {
        str(c) for c in mv.new_deal(finals[0].rules, finals[0].seed, finals[0].dealer).hand(0)
    }
    stranger = sorted(hand)[0]
    lines[i:i] = ["XYZ", stranger, "hand", "last", "sheet", "?"]
    code, out = play("-r", "belgian", "--seed", "3", input="\n".join(lines) + "\n")
    assert code == 0
    assert "not a card: 'XYZ'" in out
    assert f"{mv.parse_card(stranger).pretty} is not in your hand." in out
    assert "'last' the last trick" in out


def test_an_unknown_choice_is_refused() -> None:
    text, _ = script("belgian", 3, 0)
    _, mine = bot_game("belgian", 3, 0)
    first = next(i for i, (state, _) in enumerate(mine) if state.phase != "play")
    lines = text.splitlines()
    lines.insert(first, "maybe")
    code, out = play("-r", "belgian", "--seed", "3", input="\n".join(lines) + "\n")
    assert code == 0
    assert "Not one of the choices: 'maybe'." in out


# ----------------------------------------------------------------------------- leaving


def test_end_of_input_leaves_cleanly_and_keeps_the_unfinished_deal(tmp_path: Path) -> None:
    text, finals = script("belgian", 3, 0)
    _, mine = bot_game("belgian", 3, 0)
    first_deal = sum(1 for state, _ in mine if state.seed == finals[0].seed)
    path = tmp_path / "game.json"
    code, out = play("-r", "belgian", "--seed", "3", "--record", str(path),
                     input="".join(text.splitlines(keepends=True)[: first_deal + 3]))
    assert code == 0 and "Left the game." in out and "Traceback" not in out
    record = read_record(path)
    assert record.deals[0].result is not None and record.deals[-1].result is None
    assert record.outcome is not None and record.outcome["complete"] is False
    assert audit_record(record).ok


def test_quit_leaves_and_saves(tmp_path: Path) -> None:
    text, _ = script("table-convention", 1, 0)
    path = tmp_path / "game.json"
    code, out = play("-r", "table-convention", "--seed", "1", "--record", str(path),
                     input="".join(text.splitlines(keepends=True)[:3]) + "quit\n")
    assert code == 0 and "Left the game." in out and path.exists()


def test_ctrl_c_leaves_cleanly_and_saves(tmp_path: Path) -> None:
    class Interrupting(LineReader):
        def ask(self, prompt: str) -> str:
            raise KeyboardInterrupt

    console = Console(file=io.StringIO(), width=100)
    path = tmp_path / "game.json"
    session = PlaySession(mv.load_ruleset("belgian"), seed=3, record=path, console=console,
                          reader=Interrupting(console))
    assert session.run() == 130
    assert "Interrupted" in console.file.getvalue()  # type: ignore[attr-defined]
    assert read_record(path).deals[0].result is None


def test_no_record_without_a_deal_started(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, _ = play("-r", "belgian", "--seed", "3", "--record", str(path), input="")
    assert code == 0 and path.exists()  # the first deal has started (bots acted) when input ends


def test_an_existing_record_is_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("keep me", encoding="utf-8")
    code, out = play("-r", "belgian", "--record", str(path), input="")
    assert code == 1 and "exists; use --force" in out
    assert path.read_text(encoding="utf-8") == "keep me"
    code, _ = play("-r", "belgian", "--record", str(path), "--force", input="")
    assert code == 0 and path.read_text(encoding="utf-8").startswith("{")


def test_a_record_in_a_missing_folder_is_refused_before_playing(tmp_path: Path) -> None:
    code, out = play("-r", "belgian", "--record", str(tmp_path / "nope" / "game.json"), input="")
    assert code == 1 and "does not exist" in out and "Deal 1" not in out


def test_bad_options() -> None:
    assert play("-r", "nope", input="")[0] == 1
    assert play("-r", "belgian", "--seat", "4", input="")[0] == 2
    code, out = play("-r", "belgian", "--bots", "genius", input="")
    assert code == 1 and "unknown bot 'genius'" in out


def test_help_lists_the_options() -> None:
    result = runner.invoke(app, ["play", "--help"])
    for option in ("--ruleset", "--seed", "--seat", "--record", "--bots", "--force"):
        assert option in result.output


# ----------------------------------------------------------------------------- decisions typed


def test_decisions_from_typed_words() -> None:
    rules = mv.compile_rules(mv.load_ruleset("belgian"))
    trumps = [trump_action(s) for s in mv.Suit]
    assert parse_decision("h", [*trumps, NO_TRUMP], rules) == trump_action(mv.Suit.H)
    assert parse_decision("♠", [*trumps, NO_TRUMP], rules) == trump_action(mv.Suit.S)
    assert parse_decision("NT", [*trumps, NO_TRUMP], rules) == NO_TRUMP
    assert parse_decision("no trump", [*trumps, NO_TRUMP], rules) == NO_TRUMP
    assert parse_decision("b", [LOOK, BLIND], rules) == BLIND
    assert parse_decision("n", [LOOK, BLIND], rules) == LOOK
    calls = [PASS, call_action("ik-ga-mee")]
    assert parse_decision("Ik ga mee", calls, rules) == call_action("ik-ga-mee")
    assert parse_decision("yes", calls, rules) == call_action("ik-ga-mee")
    assert parse_decision("", calls, rules) == PASS
    assert parse_decision("delegate", [*trumps, NO_TRUMP], rules) is None
    assert parse_decision("purple", [*trumps], rules) is None


def test_line_reader_raises_at_end_of_input() -> None:
    console = Console(file=io.StringIO())
    reader = LineReader(console, io.StringIO("10h\n"))
    assert reader.ask("card?") == "10h"
    with pytest.raises(EndOfInput):
        reader.ask("card?")


# ----------------------------------------------------------------------------- documentation


@pytest.mark.parametrize("command", ["play", "scoresheet", "replay", "audit"])
def test_cli_doc_documents_the_command_and_every_option(command: str) -> None:
    import typer.main

    text = (Path(__file__).resolve().parent.parent / "docs" / "cli.md").read_text(encoding="utf-8")
    assert f"### `manille {command} " in text
    section = f"### `manille {command} " + text.split(f"### `manille {command} ", 1)[1].split("\n### ", 1)[0]
    click_command = typer.main.get_command(app).commands[command]  # type: ignore[attr-defined]
    for param in click_command.params:
        options = [o for o in param.opts if o.startswith("-")]
        if options:
            assert any(f"`{o}" in section or f" {o} " in section or f"[{o}" in section for o in options), (
                command, options)


PLAYING = Path(__file__).resolve().parent.parent / "docs" / "playing.md"
DOC_BLOCK = re.compile(r"(?:<!-- excerpt: (?P<excerpt>[^>]+?) -->\n)?```(?P<lang>\w+)\n(?P<body>.*?)```", re.S)


def stripped(text: str) -> list[str]:
    return [line.rstrip() for line in text.splitlines()]


def test_playing_guide_excerpts_come_from_a_real_game() -> None:
    text, _ = script("belgian", 3, 0)
    out = stripped(runner.invoke(app, ["play", "-r", "belgian", "--seed", "3"], input=text,
                                 env={"COLUMNS": "100"}).output)
    excerpts = [m["body"] for m in DOC_BLOCK.finditer(PLAYING.read_text(encoding="utf-8")) if m["excerpt"]]
    assert len(excerpts) == 2
    for body in excerpts:
        lines = stripped(body)
        assert any(out[i:i + len(lines)] == lines for i in range(len(out))), body


def test_playing_guide_quotes_the_real_reason() -> None:
    reason = mv.explain_legal(mv.load_ruleset("belgian"), "KS QS 8S QH AC 9C", "7D JD", "C").reason
    assert f"(`8♠ is not allowed: {reason}`)" in PLAYING.read_text(encoding="utf-8").replace("\n", " ")


def test_playing_guide_score_sheet_session_runs_as_shown(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    checked = 0
    for match in DOC_BLOCK.finditer(PLAYING.read_text(encoding="utf-8")):
        if match["lang"] != "console":
            continue
        lines = match["body"].splitlines()
        result = runner.invoke(app, shlex.split(lines[0].removeprefix("$ manille ")), env={"COLUMNS": "100"})
        assert stripped(result.output) == stripped("\n".join(lines[1:])), lines[0]
        checked += 1
    assert checked == 3
