"""Showing a recorded game trick by trick (``manille replay``).

(Not named ``replay``: that is the engine function ``manille_variants.replay``.)
"""

from __future__ import annotations

from rich.console import Console

from manille_variants.cards import Card, Suit
from manille_variants.engine.actions import BLIND, DELEGATE, LOOK, NO_TRUMP, PASS, THROW_IN, Action, AnyAction
from manille_variants.engine.compiled import compile_rules
from manille_variants.engine.rules import Rules
from manille_variants.engine.scoring import pending_note, score_sentences
from manille_variants.records.audit import AuditReport
from manille_variants.records.format import GameRecord
from manille_variants.records.textdeal import deal_to_text
from manille_variants.records.walk import DealWalk
from manille_variants.words import PAIR_NAMES, SEAT_NAMES, card_markup, contract_text, hand_markup

__all__ = ["print_replay"]

TEAMS = PAIR_NAMES


def print_replay(
    console: Console, record: GameRecord, report: AuditReport, *, only: int | None = None,
    as_text: bool = False,
) -> None:
    """Print every deal of the record (or deal ``only``) as walked under the report's ruleset."""
    rules = compile_rules(report.ruleset)
    walks = [w for w in report.walks if only is None or w.number == only]
    if only is not None and not walks:
        console.print(f"there is no deal {only} (the record has {len(report.walks)})")
        return
    if as_text:
        console.print(f"ruleset: {report.ruleset.name}", markup=False, highlight=False)
        for i, walk in enumerate(walks):
            console.print(("deal\n" if i else "") + deal_to_text(rules, walk), end="", markup=False)
        return
    _header(console, record, report)
    for walk in walks:
        _deal(console, rules, record, walk)
    _footer(console, report, only)


def _seat_label(seat: int, player: str) -> str:
    """``seat 2``, or ``seat 2 (Anna)`` when the record names the player."""
    return f"seat {seat}" if player == f"seat {seat}" else f"seat {seat} ({player})"


def _header(console: Console, record: GameRecord, report: AuditReport) -> None:
    rs = report.ruleset
    seed = f", match seed {record.seed}" if record.seed is not None else ""
    console.print(f"[bold]{rs.title or rs.name}[/bold] ({rs.name}){seed}; {len(record.deals)} deal(s)")
    seats = ", ".join(f"{SEAT_NAMES[s]} = {_seat_label(s, record.players[s])}" for s in range(4))
    console.print(f"Seats: {seats}. Teams: N-S (seats 0 and 2), E-W (seats 1 and 3).")


def _deal(console: Console, rules: Rules, record: GameRecord, walk: DealWalk) -> None:
    game = f" · game {walk.record.game + 1}" if rules.best_of > 1 and record.kind == "match" else ""
    console.rule(f"Deal {walk.number}{game}")
    line = (f"Dealer {SEAT_NAMES[walk.dealer]}; match points before: N-S {walk.scores[0]}, "
            f"E-W {walk.scores[1]}")
    note = pending_note(rules, walk.pending_ties)
    console.print(line + (f"; {note}" if note else ""))
    if walk.hands is not None:
        for seat in range(4):
            console.print(f"  {SEAT_NAMES[seat]}: {hand_markup(rules, walk.hands[seat])}")
    if walk.decisions:
        console.print("Choices: " + ", ".join(_decision(rules, s, a) for s, a in walk.decisions))
    if walk.mode is not None:
        calls = tuple(_label(rules, c) for c in walk.calls)
        console.print(f"Contract: {contract_text(walk.mode, walk.trump, calls)}")
    if walk.turned is not None:
        take_up = rules.turned_take_up or ""
        console.print(f"Turned for trump: {card_markup(walk.turned)} (the dealer's; taken up "
                      f"{take_up.replace('-', ' ')})")
    _tricks(console, rules, walk)
    _result(console, walk)


def _decision(rules: Rules, seat: int, action: AnyAction) -> str:
    who = SEAT_NAMES[seat]
    if isinstance(action, Action) and action.kind == "call":
        return f"{who} {_label(rules, action.arg or '')}"
    if isinstance(action, Action) and action.kind == "trump" and action.arg:
        return f"{who} {contract_text('trump', Suit[action.arg])}"
    words: dict[AnyAction, str] = {
        THROW_IN: "looked early: thrown in", PASS: "passes", LOOK: "looks", BLIND: "blind no-trump",
        NO_TRUMP: "no-trump", DELEGATE: "delegates to partner",
    }
    return f"{who} {words.get(action, str(action))}"


def _label(rules: Rules, name: str) -> str:
    for call in rules.calls:
        if call.name == name:
            return call.label or call.name
    return name


def _tricks(console: Console, rules: Rules, walk: DealWalk) -> None:
    taken = [0, 0]
    for trick in walk.tricks:
        if not trick.plays:
            continue
        plays = " ".join(_play(seat, card, i in trick.illegal) for i, (seat, card) in enumerate(trick.plays))
        if trick.winner is None:
            console.print(f"Trick {trick.number}: {plays} (unfinished)")
            continue
        taken[trick.winner & 1] += trick.points
        console.print(f"Trick {trick.number}: {plays} → {SEAT_NAMES[trick.winner]} +{trick.points} "
                      f"(card points N-S {taken[0]}, E-W {taken[1]})")


def _play(seat: int, card: Card, illegal: bool) -> str:
    mark = " [bold red]![/bold red]" if illegal else ""
    return f"{SEAT_NAMES[seat]} {card_markup(card)}{mark}"


def _result(console: Console, walk: DealWalk) -> None:
    score = walk.score
    if score is None:
        console.print("Unfinished deal." if not walk.stopped else "The deal cannot be followed further.")
        return
    team = walk.dealer & 1
    oriented = score if team == 0 else score.swapped()
    for line in score_sentences(oriented, TEAMS):
        console.print(line)
    gained = (oriented.team_a, oriented.team_b)
    after = (walk.scores[0] + gained[0], walk.scores[1] + gained[1])
    console.print(f"Match points: N-S +{gained[0]}, E-W +{gained[1]} → N-S {after[0]}, E-W {after[1]}")


def _footer(console: Console, report: AuditReport, only: int | None) -> None:
    match = report.match
    if match is not None and only is None:
        if match.winner is not None:
            games = f" ({match.games[0]}-{match.games[1]} in games)" if match.rules.best_of > 1 else ""
            console.print(f"[bold]{TEAMS[match.winner]} win the match{games}.[/bold]")
        else:
            console.print(f"Match unfinished: N-S {match.scores[0]}, E-W {match.scores[1]}.")
    if report.problems:
        console.print(f"[bold red]{len(report.problems)} problem(s)[/bold red] under {report.ruleset.name} "
                      "(marked !); run 'manille audit' for the list.")
