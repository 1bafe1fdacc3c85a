"""Rich renderings shared by ``play``, ``scoresheet`` and ``replay``: cards, hands, a deal's
breakdown and the running score sheet.

Card points (taken in a deal) and match points (the running score) are always shown apart,
under those names.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich import box
from rich.table import Table

from manille_variants.cards import Card, Suit, parse_card
from manille_variants.engine.rules import Rules
from manille_variants.engine.scoring import DealScore

__all__ = [
    "SheetRow",
    "breakdown_lines",
    "breakdown_table",
    "card_markup",
    "cards_markup",
    "contract_text",
    "hand_markup",
    "pending_note",
    "pending_short",
    "sheet_table",
    "turned_lines",
]

_RED = (Suit.H, Suit.D)
SUIT_WORDS = {Suit.S: "spades", Suit.H: "hearts", Suit.D: "diamonds", Suit.C: "clubs"}


def card_markup(card: Card) -> str:
    """A card with its suit symbol, hearts and diamonds in red."""
    return f"[red]{card.pretty}[/red]" if card.suit in _RED else card.pretty


def cards_markup(cards: Sequence[Card]) -> str:
    return " ".join(card_markup(c) for c in cards)


def hand_markup(rules: Rules, hand: Sequence[Card], legal: Sequence[Card] | None = None) -> str:
    """The hand sorted by suit, strongest first; with ``legal``, the cards that may not be
    played now are dimmed and in parentheses."""
    groups: list[str] = []
    for suit in Suit:
        cards = sorted((c for c in hand if c.suit == suit), key=rules.sort_key)
        if cards:
            groups.append(" ".join(_marked(c, legal) for c in cards))
    return "   ".join(groups) if groups else "(no cards)"


def _marked(card: Card, legal: Sequence[Card] | None) -> str:
    if legal is None or card in legal:
        return card_markup(card)
    return f"[dim]({card.pretty})[/dim]"


def contract_text(mode: str | None, trump: Suit | None, calls: Sequence[str] = (), *, short: bool = False) -> str:
    """``♥ hearts``, ``no-trump``, ``blind no-trump``, ``thrown in``, plus the calls made;
    ``short``: ``♥``, ``NT``, ``blind NT`` for a table cell."""
    if mode == "thrown-in":
        text = "thrown in"
    elif mode == "blind":
        text = "blind NT" if short else "blind no-trump"
    elif mode == "no-trump":
        text = "NT" if short else "no-trump"
    elif trump is not None:
        text = f"{trump.symbol} {trump.name}" if short else f"{trump.symbol} {SUIT_WORDS[trump]}"
    else:
        text = "?"
    return f"{text}, {', '.join(calls)}" if calls else text


def breakdown_lines(score: DealScore, labels: tuple[str, str] = ("A", "B")) -> list[str]:
    """How the match points of a deal came about, in a few plain sentences.

    ``labels`` name team A (the dealer's side) and team B."""
    if score.thrown_in:
        pending = f"; {score.pending_ties} pending tie(s) stay pending" if score.pending_ties else ""
        return [f"thrown in: nothing scored{pending}"]
    a, b = labels
    lines = [
        f"card points {a} {score.card_points[0]}, {b} {score.card_points[1]}; "
        f"tricks {a} {score.tricks[0]}, {b} {score.tricks[1]}"
    ]
    if score.totals != score.card_points:
        lines.append(f"totals with trick points {a} {score.totals[0]}, {b} {score.totals[1]}")
    if score.tied:
        lines.append(f"tie at {score.half}-{score.half}: nobody scores" + _tie_note(score))
        return lines + turned_lines(score, labels)
    winner = a if score.winner == "A" else b
    sentence = f"{winner}: {score.excess} over {score.half}"
    if score.factors:
        sentence += ", " + ", ".join(f.reason for f in score.factors)
    if score.capped:
        sentence += f", capped at x{score.factor}"
    elif len(score.factors) > 1:
        sentence += f" (x{score.factor} in all)"
    points = score.excess * score.factor
    lines.append(f"{sentence} = {points} match point{'s' if points != 1 else ''}")
    return lines + turned_lines(score, labels)


def turned_lines(score: DealScore, labels: tuple[str, str] = ("A", "B")) -> list[str]:
    """The turned card's bonus, its own line of a breakdown (none when trump was named)."""
    if score.turned is None:
        return []
    side = labels[0] if score.turned_side == "A" else labels[1]
    card = card_text(score.turned)
    if not score.turned_bonus:
        return [f"turned {card}: no bonus"]
    return [f"turned {card}: {side} (the dealer's side) + {score.turned_bonus} "
            f"match point{'s' if score.turned_bonus != 1 else ''}, after every factor"]


def card_text(text: str) -> str:
    """A card's record text (``10H``) in symbols (``10♥``)."""
    return parse_card(text).pretty


def _tie_note(score: DealScore) -> str:
    if any(f.name == "tie" for f in score.factors) or score.pending_ties:
        return f" ({score.pending_ties + 1} ties in a row)"
    return ""


def breakdown_table(score: DealScore, labels: tuple[str, str] = ("A", "B")) -> Table:
    """A deal's figures: card points, tricks, totals, factor and match points per side."""
    table = Table(show_header=True, box=None, pad_edge=False)
    table.add_column("")
    table.add_column(labels[0], justify="right")
    table.add_column(labels[1], justify="right")
    table.add_row("card points", str(score.card_points[0]), str(score.card_points[1]))
    table.add_row("tricks", str(score.tricks[0]), str(score.tricks[1]))
    if score.totals != score.card_points:
        table.add_row("total", str(score.totals[0]), str(score.totals[1]))
    table.add_row("factor", f"x{score.factor}" if score.winner == "A" else "",
                  f"x{score.factor}" if score.winner == "B" else "")
    if score.turned is not None:
        bonus = str(score.turned_bonus)
        table.add_row(f"turned {card_text(score.turned)}", bonus if score.turned_side == "A" else "",
                      bonus if score.turned_side == "B" else "")
    table.add_row("match points", str(score.team_a), str(score.team_b))
    return table


@dataclass(frozen=True)
class SheetRow:
    """One line of a score sheet, oriented to the sheet's two columns (not the dealer's)."""

    number: int
    game: int
    dealer: str
    contract: str
    card_points: tuple[int, int] | None
    points: tuple[int, int]
    totals: tuple[int, int]
    pending: int
    note: str = ""


def sheet_table(rows: Sequence[SheetRow], labels: tuple[str, str], *, title: str | None = None,
                games: bool = False) -> Table:
    """The running score sheet: per deal the contract, card points, match points and totals."""
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD)
    table.add_column("#", justify="right")
    if games:
        table.add_column("game", justify="right")
    table.add_column("dealer")
    table.add_column("contract")
    table.add_column("card pts", justify="center")
    table.add_column(f"{labels[0]} +", justify="right")
    table.add_column(f"{labels[1]} +", justify="right")
    table.add_column(labels[0], justify="right")
    table.add_column(labels[1], justify="right")
    table.add_column("note")
    for row in rows:
        cells = [str(row.number)]
        if games:
            cells.append(str(row.game + 1))
        card = f"{row.card_points[0]}-{row.card_points[1]}" if row.card_points else ""
        cells += [row.dealer, row.contract, card, str(row.points[0]), str(row.points[1]),
                  str(row.totals[0]), str(row.totals[1]), row.note]
        table.add_row(*cells)
    return table


def team_card_points(score: DealScore, dealer_team: int) -> tuple[int, int]:
    """Card points of team 0 and team 1 (the score's A is the dealer's team)."""
    if score.thrown_in:
        return (0, 0)
    a, b = score.card_points
    return (a, b) if dealer_team == 0 else (b, a)


def pending_short(rules: Rules, pending: int) -> str:
    """A table cell for pending ties: ``tie: next x2``, ``2 ties: next x4``."""
    factor = _pending_factor(rules, pending)
    if factor <= 1:
        return ""
    return f"{'tie' if pending == 1 else f'{pending} ties'}: next x{factor}"


def _pending_factor(rules: Rules, pending: int) -> int:
    tie = rules.ruleset.scoring.tie
    if pending <= 0 or tie.carry == "none":
        return 1
    return tie.factor if tie.stacking == "single" else tie.factor**pending


def pending_note(rules: Rules, pending: int) -> str:
    """What a number of pending ties means for the next deal, in words."""
    factor = _pending_factor(rules, pending)
    if factor <= 1:
        return ""
    ties = "a tie" if pending == 1 else f"{pending} ties in a row"
    return f"{ties} pending: the next decisive deal counts x{factor}"
