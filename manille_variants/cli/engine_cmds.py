"""Engine commands: legal (which cards may be played, and why) and score (a deal's breakdown).

Thin typer commands: the work lives in :func:`manille_variants.engine.legality.explain_legal`
and :func:`manille_variants.engine.scoring.score_deal`; user errors become messages and
exit code 1.
"""

from __future__ import annotations

from typing import Any, Literal

import typer

from manille_variants.cards import format_cards, parse_cards
from manille_variants.cli.common import echo_json, fail, user_errors
from manille_variants.engine.compiled import compile_rules
from manille_variants.engine.legality import explain_legal, parse_trump
from manille_variants.engine.rules import Rules
from manille_variants.engine.scoring import DealScore, score_deal
from manille_variants.ruleset.loader import load_ruleset

RULESET_HELP = "A bundled ruleset (name or alias) or a .yaml file."


def legal_command(
    ruleset: str = typer.Option("table-convention", "-r", "--ruleset", help=RULESET_HELP),
    trump: str = typer.Option(
        ..., "--trump", help="The trump suit: S, H, D or C; 'none' for a no-trump deal."
    ),
    trick: str = typer.Option(
        "",
        "--trick",
        help="Cards already in the trick, in play order from its leader (empty: you lead). "
        "The last card is your right-hand opponent's, the one before your partner's.",
    ),
    hand: str = typer.Option(..., "--hand", help='Your hand, e.g. "QC 7C 8H".'),
    as_json: bool = typer.Option(
        False, "--json", help='Print {"legal", "reason", "clause", ...} as JSON.'
    ),
) -> None:
    """The cards you may play, the rule clause that decided and why, in plain words."""
    with user_errors():
        rs = load_ruleset(ruleset)
        cards, played = parse_cards(hand), parse_cards(trick)
        trump_suit = parse_trump(trump)
        legality = explain_legal(rs, cards, played, trump_suit)
        if as_json:
            echo_json(
                {
                    "legal": [str(c) for c in legality.cards],
                    "reason": legality.reason,
                    "clause": legality.clause,
                    "ruleset": rs.name,
                    "hand": [str(c) for c in cards],
                    "trick": [str(c) for c in played],
                    "trump": trump_suit.name if trump_suit is not None else None,
                }
            )
            return
        typer.echo(f"legal: {format_cards(legality.cards)}")
        typer.echo(f"why: {legality.reason}")
        typer.echo(f"clause: {legality.clause} ({rs.name})")


def score_command(
    ruleset: str = typer.Option("table-convention", "-r", "--ruleset", help=RULESET_HELP),
    points: int = typer.Option(
        ..., "--points", help="Card points taken by team A, the dealer's (contract) side."
    ),
    tricks: int = typer.Option(..., "--tricks", help="Tricks taken by team A (0-8)."),
    mode: str = typer.Option("trump", "--mode", help="trump, no-trump or blind (blind no-trump)."),
    calls: int = typer.Option(
        0,
        "--calls",
        help="Rungs of the ruleset's call ladder made: 0 none, 1 the first call (Ik ga mee, "
        "contre), 2 it and its reply (Ik ga tegen, surcontre).",
    ),
    pending_ties: int = typer.Option(
        0, "--pending-ties", help="Tied deals in a row just before this one."
    ),
    last_trick: str | None = typer.Option(
        None, "--last-trick", help="A or B: who won the last trick (only with a last-trick bonus)."
    ),
    turned: str | None = typer.Option(
        None, "--turned", metavar="CARD",
        help="The card turned up for trump (rulesets that take trump from it): its bonus.",
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the full breakdown as JSON."),
) -> None:
    """Score one deal: card points, totals, each factor and why, and the match points."""
    with user_errors():
        rs = load_ruleset(ruleset)
        score = score_deal(
            rs, points, tricks, mode, calls, pending_ties, last_trick=_side(last_trick),
            turned=turned,
        )
        if as_json:
            data: dict[str, Any] = {"ruleset": rs.name, **score.to_dict()}
            echo_json(data)
            return
        for line in breakdown_lines(compile_rules(rs), score):
            typer.echo(line)


def _side(text: str | None) -> Literal["A", "B"] | None:
    if text is None:
        return None
    side = text.strip().upper()
    if side == "A":
        return "A"
    if side == "B":
        return "B"
    raise fail(f"--last-trick must be A or B (got {text!r})")


def breakdown_lines(rules: Rules, score: DealScore) -> list[str]:
    """The deal's breakdown as text: card points, totals, factors, match points."""
    rs = rules.ruleset
    a, b = score.card_points
    lines = [
        f"{rs.name}: team A is the dealer's (contract) side",
        "",
        "card points (this deal)",
        f"  A {a:>3}   B {b:>3}   of {rules.card_total} in the pack",
    ]
    if rules.trick_points or rules.last_trick_bonus:
        lines += _trick_lines(rules, score)
    lines += _outcome_lines(score)
    lines += ["", "factors"]
    lines += [f"  x{f.value:<3} {f.name:<14} {f.reason}" for f in score.factors] or ["  none"]
    combine = "added" if rs.scoring.combine == "add" else "multiplied"
    cap = f", capped at x{score.factor} (x{score.uncapped_factor} uncapped)" if score.capped else ""
    lines.append(f"  = x{score.factor} combined ({combine}{cap})")
    if score.turned is not None:
        lines += ["", "turned card (after every factor)",
                  f"  {score.turned}: {score.turned_bonus} to {score.turned_side}, the dealer's side"]
    lines += ["", "match points (the running score)"]
    lines.append(f"  A {score.team_a:>3}   B {score.team_b:>3}   {_who_scores(score)}")
    lines += [f"note: {note}" for note in score.notes]
    return lines


def _trick_lines(rules: Rules, score: DealScore) -> list[str]:
    a, b = score.tricks
    lines = ["", f"tricks ({rules.trick_points} point(s) each)", f"  A {a:>3}   B {b:>3}"]
    if rules.last_trick_bonus:
        lines.append(f"  last trick: {rules.last_trick_bonus} point(s)")
    return lines


def _outcome_lines(score: DealScore) -> list[str]:
    a, b = score.totals
    lines = ["", f"deal totals (half is {score.half})", f"  A {a:>3}   B {b:>3}"]
    if score.winner is None:
        lines.append("  tie: nobody scores")
    else:
        top = max(score.totals)
        lines.append(
            f"  {score.winner} is above {score.half}: excess {top} - {score.half} = {score.excess}"
        )
    return lines


def _who_scores(score: DealScore) -> str:
    bonus = f"; {score.turned_side} + {score.turned_bonus} for the turned card" if score.turned_bonus else ""
    if score.winner is None:
        return f"(tie{bonus})"
    return f"({score.winner} scores {score.excess} x {score.factor}; the other side 0{bonus})"
