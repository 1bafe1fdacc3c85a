"""Showing a recorded game trick by trick (``manille replay``).

(Not named ``replay``: that is the engine function ``manille_variants.replay``.)
"""

from __future__ import annotations

from rich.console import Console

from manille_variants.cards import Card, Suit
from manille_variants.engine.actions import BLIND, DELEGATE, LOOK, NO_TRUMP, PASS, THROW_IN, Action, AnyAction
from manille_variants.engine.compiled import compile_rules
from manille_variants.engine.rules import Rules
from manille_variants.engine.scoring import pending_note_message, score_lines
from manille_variants.messages import define, msg
from manille_variants.records.audit import AuditReport
from manille_variants.records.format import GameRecord
from manille_variants.records.textdeal import deal_to_text
from manille_variants.records.walk import DealWalk
from manille_variants.words import PAIR_NAMES, SEAT_NAMES, TAKE_UP_CODES, card_markup, contract_text, hand_markup

__all__ = ["print_replay"]

TEAMS = PAIR_NAMES

NO_DEAL = define("replay.no-deal", "there is no deal {only} (the record has {count})")
SEAT = define("replay.seat", "seat {seat}")
SEAT_PLAYER = define("replay.seat-player", "seat {seat} ({player})")
TITLE = define("replay.title", "[bold]{title}[/bold] ({name}); {count} deal(s)")
TITLE_SEED = define("replay.title-seed", "[bold]{title}[/bold] ({name}), match seed {seed}; {count} deal(s)")
SEATS = define("replay.seats", "Seats: {seats}. Teams: N-S (seats 0 and 2), E-W (seats 1 and 3).")
DEAL = define("replay.deal", "Deal {number}")
DEAL_GAME = define("replay.deal-game", "Deal {number} · game {game}")
DEALER = define("replay.dealer", "Dealer {dealer}; match points before: N-S {a}, E-W {b}")
WITH_NOTE = define("replay.with-note", "{line}; {note}")
CHOICES = define("replay.choices", "Choices: {choices}")
CONTRACT = define("replay.contract", "Contract: {contract}")
TURNED = define("replay.turned", "Turned for trump: {card} (the dealer's; taken up {take_up})")
DECISIONS: dict[AnyAction, str] = {
    THROW_IN: define("replay.thrown-in", "looked early: thrown in"), PASS: define("replay.passes", "passes"),
    LOOK: define("replay.looks", "looks"), BLIND: define("replay.blind", "blind no-trump"),
    NO_TRUMP: define("replay.no-trump", "no-trump"), DELEGATE: define("replay.delegates", "delegates to partner"),
}
UNFINISHED_TRICK = define("replay.unfinished-trick", "Trick {number}: {plays} (unfinished)")
TRICK = define("replay.trick", "Trick {number}: {plays} → {winner} +{points} (card points N-S {a}, E-W {b})")
UNFINISHED_DEAL = define("replay.unfinished-deal", "Unfinished deal.")
STOPPED = define("replay.stopped", "The deal cannot be followed further.")
MATCH_POINTS = define("replay.match-points", "Match points: N-S +{a}, E-W +{b} → N-S {after_a}, E-W {after_b}")
WIN = define("replay.win", "[bold]{team} win the match.[/bold]")
WIN_GAMES = define("replay.win-games", "[bold]{team} win the match ({a}-{b} in games).[/bold]")
MATCH_UNFINISHED = define("replay.match-unfinished", "Match unfinished: N-S {a}, E-W {b}.")
PROBLEMS = define("replay.problems", "[bold red]{count} problem(s)[/bold red] under {ruleset} (marked !); run "
                  "'manille audit' for the list.")


def print_replay(
    console: Console, record: GameRecord, report: AuditReport, *, only: int | None = None,
    as_text: bool = False, lang: str = "en",
) -> None:
    """Print every deal of the record (or deal ``only``) as walked under the report's ruleset,
    in ``lang`` (the typed text of ``as_text`` is a file format: always the same words)."""
    rules = compile_rules(report.ruleset)
    walks = [w for w in report.walks if only is None or w.number == only]
    if only is not None and not walks:
        console.print(msg(NO_DEAL, only=only, count=len(report.walks)).text(lang))
        return
    if as_text:
        console.print(f"ruleset: {report.ruleset.name}", markup=False, highlight=False)
        for i, walk in enumerate(walks):
            console.print(("deal\n" if i else "") + deal_to_text(rules, walk), end="", markup=False)
        return
    _header(console, record, report, lang)
    for walk in walks:
        _deal(console, rules, record, walk, lang)
    _footer(console, report, only, lang)


def _seat_label(seat: int, player: str, lang: str = "en") -> str:
    """``seat 2``, or ``seat 2 (Anna)`` when the record names the player."""
    if player == f"seat {seat}":  # the record's own name of an unnamed player
        return msg(SEAT, seat=seat).text(lang)
    return msg(SEAT_PLAYER, seat=seat, player=player).text(lang)


def _header(console: Console, record: GameRecord, report: AuditReport, lang: str) -> None:
    rs = report.ruleset
    title = rs.title or rs.name
    if record.seed is not None:
        head = msg(TITLE_SEED, title=title, name=rs.name, seed=record.seed, count=len(record.deals))
    else:
        head = msg(TITLE, title=title, name=rs.name, count=len(record.deals))
    console.print(head.text(lang))
    seats = ", ".join(f"{SEAT_NAMES[s]} = {_seat_label(s, record.players[s], lang)}" for s in range(4))
    console.print(msg(SEATS, seats=seats).text(lang))


def _deal(console: Console, rules: Rules, record: GameRecord, walk: DealWalk, lang: str) -> None:
    if rules.best_of > 1 and record.kind == "match":
        console.rule(msg(DEAL_GAME, number=walk.number, game=walk.record.game + 1).text(lang))
    else:
        console.rule(msg(DEAL, number=walk.number).text(lang))
    line = msg(DEALER, dealer=SEAT_NAMES[walk.dealer], a=walk.scores[0], b=walk.scores[1])
    note = pending_note_message(rules, walk.pending_ties)
    console.print((msg(WITH_NOTE, line=line, note=note) if note is not None else line).text(lang))
    if walk.hands is not None:
        for seat in range(4):
            console.print(f"  {SEAT_NAMES[seat]}: {hand_markup(rules, walk.hands[seat])}")
    if walk.decisions:
        choices = ", ".join(_decision(rules, s, a, lang) for s, a in walk.decisions)
        console.print(msg(CHOICES, choices=choices).text(lang))
    if walk.mode is not None:
        calls = tuple(_label(rules, c) for c in walk.calls)
        console.print(msg(CONTRACT, contract=contract_text(walk.mode, walk.trump, calls, lang=lang)).text(lang))
    if walk.turned is not None:
        take_up = TAKE_UP_CODES.get(rules.turned_take_up or "")
        console.print(msg(TURNED, card=card_markup(walk.turned),
                          take_up=msg(take_up) if take_up is not None else "").text(lang))
    _tricks(console, rules, walk, lang)
    _result(console, walk, lang)


def _decision(rules: Rules, seat: int, action: AnyAction, lang: str = "en") -> str:
    who = SEAT_NAMES[seat]
    if isinstance(action, Action) and action.kind == "call":
        return f"{who} {_label(rules, action.arg or '')}"
    if isinstance(action, Action) and action.kind == "trump" and action.arg:
        return f"{who} {contract_text('trump', Suit[action.arg], lang=lang)}"
    code = DECISIONS.get(action)
    return f"{who} {msg(code).text(lang) if code is not None else str(action)}"


def _label(rules: Rules, name: str) -> str:
    for call in rules.calls:
        if call.name == name:
            return call.label or call.name
    return name


def _tricks(console: Console, rules: Rules, walk: DealWalk, lang: str) -> None:
    taken = [0, 0]
    for trick in walk.tricks:
        if not trick.plays:
            continue
        plays = " ".join(_play(seat, card, i in trick.illegal) for i, (seat, card) in enumerate(trick.plays))
        if trick.winner is None:
            console.print(msg(UNFINISHED_TRICK, number=trick.number, plays=plays).text(lang))
            continue
        taken[trick.winner & 1] += trick.points
        console.print(msg(TRICK, number=trick.number, plays=plays, winner=SEAT_NAMES[trick.winner],
                          points=trick.points, a=taken[0], b=taken[1]).text(lang))


def _play(seat: int, card: Card, illegal: bool) -> str:
    mark = " [bold red]![/bold red]" if illegal else ""
    return f"{SEAT_NAMES[seat]} {card_markup(card)}{mark}"


def _result(console: Console, walk: DealWalk, lang: str) -> None:
    score = walk.score
    if score is None:
        console.print(msg(STOPPED if walk.stopped else UNFINISHED_DEAL).text(lang))
        return
    team = walk.dealer & 1
    oriented = score if team == 0 else score.swapped()
    for line in score_lines(oriented, TEAMS):
        console.print(line.text(lang))
    gained = (oriented.team_a, oriented.team_b)
    after = (walk.scores[0] + gained[0], walk.scores[1] + gained[1])
    console.print(msg(MATCH_POINTS, a=gained[0], b=gained[1], after_a=after[0], after_b=after[1]).text(lang))


def _footer(console: Console, report: AuditReport, only: int | None, lang: str) -> None:
    match = report.match
    if match is not None and only is None:
        if match.winner is None:
            console.print(msg(MATCH_UNFINISHED, a=match.scores[0], b=match.scores[1]).text(lang))
        elif match.rules.best_of > 1:
            console.print(msg(WIN_GAMES, team=TEAMS[match.winner], a=match.games[0], b=match.games[1]).text(lang))
        else:
            console.print(msg(WIN, team=TEAMS[match.winner]).text(lang))
    if report.problems:
        console.print(msg(PROBLEMS, count=len(report.problems), ruleset=report.ruleset.name).text(lang))
