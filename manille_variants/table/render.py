"""Rich tables shared by ``play`` and ``scoresheet``: a deal's figures and the running score
sheet.  (The words for cards, hands and contracts are in :mod:`manille_variants.words`; a
deal's breakdown in sentences in :mod:`manille_variants.engine.scoring`.)

Card points (taken in a deal) and match points (the running score) are always shown apart,
under those names.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich import box
from rich.table import Table

from manille_variants.cards import parse_card
from manille_variants.engine.scoring import DealScore
from manille_variants.messages import define, msg

CARD_POINTS = define("table.card-points", "card points")
TRICKS = define("table.tricks", "tricks")
TOTAL = define("table.total", "total")
FACTOR = define("table.factor", "factor")
TURNED = define("table.turned", "turned {card}")
MATCH_POINTS = define("table.match-points", "match points")
GAME = define("table.game", "game")
DEALER = define("table.dealer", "dealer")
CONTRACT = define("table.contract", "contract")
CARD_PTS = define("table.card-pts", "card pts")
GAINED = define("table.gained", "{label} +")
NOTE = define("table.note", "note")

__all__ = ["SheetRow", "breakdown_table", "sheet_table"]


def breakdown_table(score: DealScore, labels: tuple[str, str] = ("A", "B"), *, lang: str = "en") -> Table:
    """A deal's figures: card points, tricks, totals, factor and match points per side, the
    row names in ``lang``."""
    table = Table(show_header=True, box=None, pad_edge=False)
    table.add_column("")
    table.add_column(labels[0], justify="right")
    table.add_column(labels[1], justify="right")
    table.add_row(msg(CARD_POINTS).text(lang), str(score.card_points[0]), str(score.card_points[1]))
    table.add_row(msg(TRICKS).text(lang), str(score.tricks[0]), str(score.tricks[1]))
    if score.totals != score.card_points:
        table.add_row(msg(TOTAL).text(lang), str(score.totals[0]), str(score.totals[1]))
    table.add_row(msg(FACTOR).text(lang), f"x{score.factor}" if score.winner == "A" else "",
                  f"x{score.factor}" if score.winner == "B" else "")
    if score.turned is not None:
        bonus = str(score.turned_bonus)
        table.add_row(msg(TURNED, card=parse_card(score.turned).pretty).text(lang),
                      bonus if score.turned_side == "A" else "", bonus if score.turned_side == "B" else "")
    table.add_row(msg(MATCH_POINTS).text(lang), str(score.team_a), str(score.team_b))
    return table


@dataclass(frozen=True)
class SheetRow:
    """One line of a score sheet, oriented to the sheet's two columns (not the dealer's)."""

    number: int
    game: int
    dealer: str
    contract: str
    card_points: tuple[int, int] | None
    # One per column: the two teams, or every player where teams are temporary.
    points: tuple[int, ...]
    totals: tuple[int, ...]
    pending: int
    note: str = ""


def sheet_table(rows: Sequence[SheetRow], labels: tuple[str, ...], *, title: str | None = None,
                games: bool = False, lang: str = "en") -> Table:
    """The running score sheet: per deal the contract, card points, match points and totals
    (a column per label: the two teams, or each player where teams are temporary); the
    headings in ``lang``."""
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD)
    table.add_column("#", justify="right")
    if games:
        table.add_column(msg(GAME).text(lang), justify="right")
    table.add_column(msg(DEALER).text(lang))
    table.add_column(msg(CONTRACT).text(lang))
    table.add_column(msg(CARD_PTS).text(lang), justify="center")
    for label in labels:
        table.add_column(msg(GAINED, label=label).text(lang), justify="right")
    for label in labels:
        table.add_column(label, justify="right")
    table.add_column(msg(NOTE).text(lang))
    for row in rows:
        cells = [str(row.number)]
        if games:
            cells.append(str(row.game + 1))
        card = f"{row.card_points[0]}-{row.card_points[1]}" if row.card_points else ""
        cells += [row.dealer, row.contract, card, *map(str, row.points), *map(str, row.totals), row.note]
        table.add_row(*cells)
    return table


def team_card_points(score: DealScore, dealer_team: int) -> tuple[int, int]:
    """Card points of team 0 and team 1 (the score's A is the dealer's team)."""
    if score.thrown_in:
        return (0, 0)
    a, b = score.card_points
    return (a, b) if dealer_team == 0 else (b, a)
