"""Engine commands: legal (which cards may be played, and why) and score (a deal's breakdown).

Thin typer commands: the work lives in :func:`manille_variants.engine.legality.explain_legal`
and :func:`manille_variants.table.across.score_across` (one deal under one ruleset or several,
the function the web app scores with too); user errors become messages and exit code 1.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import typer
from rich.console import Console
from rich.table import Table

from manille_variants.cards import format_cards, parse_cards
from manille_variants.cli.common import (
    documented,
    echo,
    echo_json,
    english,
    fail,
    language,
    load_rulesets,
    ruleset_option,
    user_errors,
)
from manille_variants.engine.compiled import compile_rules
from manille_variants.engine.legality import explain_legal, parse_trump
from manille_variants.engine.match import seat_credits
from manille_variants.engine.rules import Rules
from manille_variants.engine.scoring import DealScore
from manille_variants.errors import ManilleError
from manille_variants.messages import Message, define, msg
from manille_variants.ruleset.schema import Ruleset
from manille_variants.sim.tables import fit_table, ruleset_header
from manille_variants.table.across import ScoreOrError, score_across
from manille_variants.words import WordError, parse_team

LEGAL_LINE = define("cli.legal.legal", "legal: {cards}")
WHY_LINE = define("cli.legal.why", "why: {why}")
CLAUSE_LINE = define("cli.legal.clause", "clause: {clause} ({ruleset})")


@documented(define(
    "help.legal",
    "The cards you may play, the rule clause that decided and why, in plain words.",
))
def legal_command(
    rulesets: list[str] = ruleset_option(
        ["table-convention"],
        english(define("help.legal.rulesets",
                       "A bundled ruleset (name or alias) or a .yaml file. Repeat it (or give 'all') to ask "
                       "each ruleset in turn.")),
    ),
    trump: str = typer.Option(
        ..., "--trump", metavar="SUIT",
        help=english(define("help.legal.trump",
                            "The trump suit: S, H, D or C (or ♥, hearts ...); 'none' (or nt) for a no-trump deal.")),
    ),
    trick: str = typer.Option(
        "",
        "--trick",
        metavar="CARDS",
        help=english(define("help.legal.trick",
                            "Cards already in the trick, in play order from its leader (empty: you lead). "
                            "The last card is your right-hand opponent's, the one before your partner's.")),
    ),
    hand: str = typer.Option(..., "--hand", metavar="CARDS", help=english(define("help.legal.hand",
                                                                                 'Your hand, e.g. "QC 7C 8H".'))),
    face_up: str = typer.Option(
        "", "--face-up", metavar="CARDS",
        help=english(define("help.legal.face-up",
                            "Your face-up cards on the table (a layout, at two seats): played like hand cards, they "
                            "count for every duty.")),
    ),
    winner: str | None = typer.Option(
        None, "--winner", metavar="WHO",
        help=english(define("help.legal.winner",
                            "Whose card wins the trick now, where the positions do not say (a dealer-alone table): "
                            "partner or opponent.")),
    ),
    as_json: bool = typer.Option(
        False, "--json", help=english(define("help.legal.json", 'Print {{"legal", "reason", "clause", ...}} as JSON.'))
    ),
) -> None:
    with user_errors():
        loaded = load_rulesets(rulesets)
        cards, played = parse_cards(hand) + parse_cards(face_up), parse_cards(trick)
        trump_suit = parse_trump(trump)
        partner_wins = _winner(winner)
        answers = [(rs, explain_legal(rs, cards, played, trump_suit, partner_wins=partner_wins)) for rs in loaded]
        if as_json:
            objects = [
                {
                    "legal": [str(c) for c in legality.cards],
                    "reason": legality.reason,
                    "clause": legality.clause,
                    "ruleset": rs.name,
                    "hand": [str(c) for c in cards],
                    "trick": [str(c) for c in played],
                    "trump": trump_suit.name if trump_suit is not None else None,
                    "code": legality.json()["code"],
                    "params": legality.json()["params"],
                }
                for rs, legality in answers
            ]
            echo_json(objects[0] if len(objects) == 1 else {"results": objects})
            return
        for number, (rs, legality) in enumerate(answers):
            if number:
                typer.echo("")
            echo(msg(LEGAL_LINE, cards=format_cards(legality.cards)))
            echo(msg(WHY_LINE, why=legality.message or legality.reason))
            echo(msg(CLAUSE_LINE, clause=legality.clause, ruleset=rs.name))


def _winner(text: str | None) -> bool | None:
    if text is None:
        return None
    word = text.strip().lower()
    if word not in ("partner", "opponent"):
        raise fail(f"--winner: partner or opponent (got {text!r})", 2)
    return word == "partner"


@documented(define(
    "help.score",
    "Score one deal: card points, totals, each factor and why, and the match points.\n\n"
    "With several rulesets (-r A -r B, or -r all): one column per ruleset.",
))
def score_command(
    rulesets: list[str] = ruleset_option(
        ["table-convention"],
        english(define("help.score.rulesets",
                       "A bundled ruleset (name or alias) or a .yaml file. Repeat it (or give 'all', every "
                       "bundled ruleset) to score the deal under each, side by side.")),
    ),
    points: int = typer.Option(
        ..., "--points", metavar="N", help=english(define("help.score.points",
                                                          "Card points taken by team A, the dealer's (contract) side."))
    ),
    tricks: int = typer.Option(
        ..., "--tricks", metavar="N", help=english(define("help.score.tricks",
                                          "Tricks taken by team A (0-8 at four seats, 0 to all at another table)."))
    ),
    mode: str = typer.Option("trump", "--mode", metavar="MODE", help=english(define("help.score.mode",
                                                                    "trump, no-trump or blind (blind no-trump)."))),
    calls: int = typer.Option(
        0,
        "--calls",
        metavar="N",
        help=english(define("help.score.calls",
                            "Rungs of the ruleset's call ladder made: 0 none, 1 the first call (Ik ga mee, "
                            "contre), 2 it and its reply (Ik ga tegen, surcontre).")),
    ),
    pending_ties: int = typer.Option(
        0, "--pending-ties", metavar="N", help=english(define("help.score.pending-ties",
                                                              "Tied deals in a row just before this one."))
    ),
    last_trick: str | None = typer.Option(
        None, "--last-trick", metavar="A|B", help=english(define("help.score.last-trick",
                                                 "A or B: who won the last trick (only with a last-trick bonus)."))
    ),
    turned: str | None = typer.Option(
        None, "--turned", metavar="CARD",
        help=english(define("help.score.turned",
                            "The card turned up for trump (rulesets that take trump from it): its bonus.")),
    ),
    undealt: int | None = typer.Option(
        None, "--undealt", metavar="N",
        help=english(define("help.score.undealt",
                            "Card points of the undealt cards (tables that leave some): counted for the side the "
                            "ruleset gives them to; --points are then those of team A's tricks.")),
    ),
    as_json: bool = typer.Option(False, "--json", help=english(define("help.score.json",
                                                                      "Print the full breakdown as JSON."))),
) -> None:
    with user_errors():
        loaded = load_rulesets(rulesets)
        results = score_across(loaded, points, tricks, mode, calls, pending_ties, last_trick=_side(last_trick),
                               turned=turned, undealt=undealt)
        if len(loaded) == 1:
            if isinstance(results[0], ManilleError):
                raise results[0]
            _print_one(loaded[0], results[0], as_json)
        else:
            _print_several(loaded, results, as_json)


def _print_one(rs: Ruleset, score: DealScore, as_json: bool) -> None:
    if as_json:
        echo_json({"ruleset": rs.name, **score.json()})
        return
    for line in breakdown_lines(compile_rules(rs), score, language()):
        typer.echo(line)


def _print_several(rulesets: list[Ruleset], results: list[ScoreOrError], as_json: bool) -> None:
    errors = [r for r in results if isinstance(r, ManilleError)]
    if len(errors) == len(results):
        raise errors[0]
    if as_json:
        echo_json({"results": [_result_json(rs, r) for rs, r in zip(rulesets, results, strict=True)]})
        return
    console = Console(highlight=False)
    console.print(score_table(rulesets, results, console.width))
    for rs, result in zip(rulesets, results, strict=True):
        lang = language()
        lines = ([result.text(lang)] if isinstance(result, ManilleError)
                 else [msg(NOTE, note=n).text(lang) for n in result.note_texts(lang)])
        for line in lines:
            console.print(f"{rs.name}: {line}", markup=False)
    echo(msg(DEALER_SIDE))


def _result_json(rs: Ruleset, result: ScoreOrError) -> dict[str, Any]:
    if isinstance(result, ManilleError):
        coded = result.json()
        return {"ruleset": rs.name, "error": str(result), "code": coded["code"], "params": coded["params"]}
    return {"ruleset": rs.name, **result.json()}


def score_table(rulesets: list[Ruleset], results: list[ScoreOrError], width: int | None = None) -> Table:
    """One deal under several rulesets: a column per ruleset, a row per figure."""
    scores = [r for r in results if isinstance(r, DealScore)]
    names = list(dict.fromkeys(f.name for s in scores for f in s.factors))
    rows: list[tuple[str, Callable[[DealScore], str]]] = [
        ("card points A", lambda s: str(s.card_points[0])),
        ("card points B", lambda s: str(s.card_points[1])),
        ("totals A", lambda s: str(s.totals[0])),
        ("totals B", lambda s: str(s.totals[1])),
        ("half", lambda s: str(s.half)),
        ("above half", lambda s: f"{s.winner} +{s.excess}" if s.winner else "tie"),
        *((f"x {name}", _factor_cell(name)) for name in names),
        ("factor", lambda s: f"x{s.factor}" + (f" (x{s.uncapped_factor})" if s.capped else "")),
        *((("turned card A", lambda s: f"+{s.turned_bonus}" if s.turned is not None else ""),)
          if any(s.turned is not None for s in scores) else ()),
        ("match points A", lambda s: str(s.team_a)),
        ("match points B", lambda s: str(s.team_b)),
    ]

    def build(narrow: bool) -> Table:
        table = Table(title=f"{len(rulesets)} rulesets: one deal, team A the dealer's side")
        table.add_column("", no_wrap=True)
        for rs in rulesets:
            table.add_column(ruleset_header(rs.name, narrow=narrow), justify="right")
        for label, cell in rows:
            table.add_row(label, *(cell(r) if isinstance(r, DealScore) else "-" for r in results))
        return table

    return fit_table(build, width)


def _factor_cell(name: str) -> Callable[[DealScore], str]:
    def cell(score: DealScore) -> str:
        return next((f"x{f.value}" for f in score.factors if f.name == name), "")

    return cell


def _side(text: str | None) -> Literal["A", "B"] | None:
    if text is None:
        return None
    try:
        side = parse_team(text)
    except WordError:
        raise fail(f"--last-trick must be A or B (got {text!r})") from None
    return "A" if side == "A" else "B"


HEAD = define("cli.score.head", "{ruleset}: team A is the dealer's (contract) side")
CARD_POINTS = define("cli.score.card-points", "card points (this deal)")
CARD_LINE = define("cli.score.card-line", "  A {a:>3}   B {b:>3}   of {total} in the pack")
FACTORS = define("cli.score.factors", "factors")
NO_FACTOR = define("cli.score.no-factor", "  none")
COMBINED_ADDED = define("cli.score.combined-added", "  = x{factor} combined (added{cap})")
COMBINED_MULTIPLIED = define("cli.score.combined-multiplied", "  = x{factor} combined (multiplied{cap})")
CAPPED = define("cli.score.capped", ", capped at x{factor} (x{uncapped} uncapped)")
TURNED_HEAD = define("cli.score.turned-head", "turned card (after every factor)")
TURNED_LINE = define("cli.score.turned-line", "  {card}: {bonus} to {side}, the dealer's side")
MATCH_HEAD = define("cli.score.match-head", "match points (the running score)")
NOTE = define("cli.score.note", "note: {note}")
EACH_PLAYER = define("cli.score.each-player", "  each player ({credit}): the dealer {dealer}, each defender {defender}")
TRICKS_HEAD = define("cli.score.tricks-head", "tricks ({points} point(s) each)")
LAST_TRICK = define("cli.score.last-trick", "  last trick: {points} point(s)")
TOTALS_HEAD = define("cli.score.totals-head", "deal totals (half is {half})")
TIE = define("cli.score.tie", "  tie: nobody scores")
ABOVE = define("cli.score.above", "  {winner} is above {half}: excess {top} - {half} = {excess}")
WHO_TIE = define("cli.score.who-tie", "(tie{bonus})")
WHO_SCORES = define("cli.score.who-scores", "({winner} scores {excess} x {factor}; the other side 0{bonus})")
TURNED_BONUS = define("cli.score.turned-bonus", "; {side} + {bonus} for the turned card")
DEALER_SIDE = define("cli.score.dealer-side", "team A is the dealer's (contract) side")


def breakdown_lines(rules: Rules, score: DealScore, lang: str = "en") -> list[str]:
    """The deal's breakdown as text (in ``lang``): card points, totals, factors, match points."""
    rs = rules.ruleset
    a, b = score.card_points

    def say(code: str, **params: Any) -> str:
        return msg(code, **params).text(lang)

    lines = [say(HEAD, ruleset=rs.name), "", say(CARD_POINTS), say(CARD_LINE, a=a, b=b, total=rules.card_total)]
    if rules.trick_points or rules.last_trick_bonus:
        lines += _trick_lines(rules, score, lang)
    lines += _outcome_lines(score, lang)
    lines += ["", say(FACTORS)]
    lines += [f"  x{f.value:<3} {f.name:<14} {f.text(lang)}" for f in score.factors] or [say(NO_FACTOR)]
    cap = msg(CAPPED, factor=score.factor, uncapped=score.uncapped_factor) if score.capped else ""
    lines.append(say(COMBINED_ADDED if rs.scoring.combine == "add" else COMBINED_MULTIPLIED, factor=score.factor,
                     cap=cap))
    if score.turned is not None:
        lines += ["", say(TURNED_HEAD),
                  say(TURNED_LINE, card=score.turned, bonus=score.turned_bonus, side=score.turned_side)]
    lines += ["", say(MATCH_HEAD)]
    lines.append(f"  A {score.team_a:>3}   B {score.team_b:>3}   {_who_scores(score).text(lang)}")
    if rules.temporary_teams and not score.thrown_in:
        dealer, defender = seat_credits(rules, score, 0)[:2]
        lines.append(say(EACH_PLAYER, credit=rules.credit, dealer=f"{dealer:+d}", defender=f"{defender:+d}"))
    lines += [say(NOTE, note=note) for note in score.note_texts(lang)]
    return lines


def _trick_lines(rules: Rules, score: DealScore, lang: str) -> list[str]:
    a, b = score.tricks
    lines = ["", msg(TRICKS_HEAD, points=rules.trick_points).text(lang), f"  A {a:>3}   B {b:>3}"]
    if rules.last_trick_bonus:
        lines.append(msg(LAST_TRICK, points=rules.last_trick_bonus).text(lang))
    return lines


def _outcome_lines(score: DealScore, lang: str) -> list[str]:
    a, b = score.totals
    lines = ["", msg(TOTALS_HEAD, half=score.half).text(lang), f"  A {a:>3}   B {b:>3}"]
    if score.winner is None:
        lines.append(msg(TIE).text(lang))
    else:
        top = max(score.totals)
        lines.append(msg(ABOVE, winner=score.winner, half=score.half, top=top, excess=score.excess).text(lang))
    return lines


def _who_scores(score: DealScore) -> Message:
    bonus = msg(TURNED_BONUS, side=score.turned_side, bonus=score.turned_bonus) if score.turned_bonus else ""
    if score.winner is None:
        return msg(WHO_TIE, bonus=bonus)
    return msg(WHO_SCORES, winner=score.winner, excess=score.excess, factor=score.factor, bonus=bonus)
