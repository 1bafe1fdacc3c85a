"""A stored score sheet as the pages and the API show it: JSON, CSV and a score-over-time chart.

The JSON keeps the keys of ``manille scoresheet --json`` (``team_a``, ``team_b``,
``pending_ties``, ``deals``, ``winner`` ...) and adds the sheet's id, its teams, and one row
per deal with who entered it.  Words are left to the pages: the data keeps keys.

Where the ruleset's teams are temporary (the dealer alone against the others, as in
``belgian-three``) the sheet keeps a score per player, as the CLI's: ``players`` (from the
CLI's summary) instead of ``team_a`` and ``team_b``, and every sheet carries ``per_player``,
``columns`` (one per score column: ``{key, seat, name}``, key ``A``/``B`` or ``P0``, ``P1``
...), ``scores`` (the totals in the columns' order), ``winner_key``, ``next_dealer_key`` and
each row's ``dealer_key`` and ``dealer_seat``, so that a page draws any table the same way.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from manille_variants.errors import ManilleError, ScoresheetError
from manille_variants.messages import define, msg
from manille_variants.table.scoresheet import ScoreSheet, entry_fields, entry_for, parse_entry
from manille_variants.web.bodies import EntryFields
from manille_variants.web.engine_words import score_words
from manille_variants.web.storage import Sheet

__all__ = ["chart_svg", "column_keys", "columns", "csv_cell", "entry_check", "entry_problem", "entry_refusal",
           "entry_text", "refusal_json", "sheet_csv", "sheet_json"]


def sheet_json(sheet: Sheet, lang: str = "en") -> dict[str, Any]:
    """The sheet's state with its id, names, revision, key settings and rows (with the engine's
    sentences in ``lang`` besides the English, see :func:`~manille_variants.web.engine_words.score_words`)."""
    score = sheet.score
    rs = score.ruleset
    rows = _rows(sheet)
    for row in rows:
        score_words(lang, rs, row["factors"], row["score"])
    keys = column_keys(score)
    m = score.match
    return {
        **score.summary(),
        "per_player": score.per_player,
        "seats": score.rules.seats,
        "columns": columns(sheet),
        "scores": list(m.scores),
        "winner_key": keys[m.winner] if m.winner is not None else None,
        "next_dealer_key": None if m.is_over else _dealer_key(score, m.dealer),
        "id": sheet.id,
        "created": sheet.created,
        "names": {"A": sheet.team_a, "B": sheet.team_b},
        "player_names": list(sheet.players),  # "players" is the CLI's per-player scores
        "note": sheet.note,
        "revision": sheet.revision,
        "settings": _settings(score),
        "to_target": [max(0, rs.match.target - s) for s in score.match.scores],
        "boams": _boams(score),
        "pending_factor": score.rules.pending_factor(score.match.pending_ties),
        "entries": sheet.entries,
        "rows": rows,
        "history": [c.as_json() for c in sheet.changes],
    }


def _settings(score: ScoreSheet) -> dict[str, Any]:
    rs = score.ruleset
    return {
        "title": rs.title,
        "target": rs.match.target,
        "best_of": rs.match.best_of,
        "combine": rs.scoring.combine,
        "cap": rs.scoring.cap,
        "tie_carry": rs.scoring.tie.carry,
        "card_total": score.rules.card_total,
        "calls": [c.label or c.name for c in score.rules.calls],
        "last_trick_bonus": score.rules.last_trick_bonus,
        "thrown_in": score.rules.early_look_throws_in,
        "tricks_per_deal": score.rules.tricks_per_deal,
    }


def _boams(score: ScoreSheet) -> dict[str, int]:
    """Games (boams) won by each side (each player, by column key) so far."""
    return dict(zip(column_keys(score), score.match.games, strict=True))


def column_keys(score: ScoreSheet) -> tuple[str, ...]:
    """The keys of the sheet's score columns: ``A``, ``B``, or ``P0``, ``P1`` ... (a player each),
    the CLI's :meth:`~manille_variants.table.scoresheet.ScoreSheet.table_labels`."""
    return score.table_labels()


def _dealer_key(score: ScoreSheet, dealer: int) -> str:
    """The column of the side (of the player) that deals from seat ``dealer``."""
    return column_keys(score)[dealer if score.per_player else dealer & 1]


def columns(sheet: Sheet) -> list[dict[str, Any]]:
    """The score columns: ``{key, seat, name}``, ``seat`` None for a team; ``name`` the team's
    name, or the seat's player's, or "" (the pages say "Seat N")."""
    score = sheet.score
    if not score.per_player:
        return [{"key": "A", "seat": None, "name": sheet.team_a}, {"key": "B", "seat": None, "name": sheet.team_b}]
    names = sheet.players or ("",) * score.rules.seats
    return [{"key": key, "seat": seat, "name": names[seat]} for seat, key in enumerate(column_keys(score))]


def _rows(sheet: Sheet) -> list[dict[str, Any]]:
    score = sheet.score
    rows = []
    for row, deal, dscore, outcome in zip(score.rows(), sheet.deals, score.scores, score.outcomes, strict=True):
        oriented = dscore.swapped() if outcome.dealer & 1 else dscore
        rows.append({
            "number": row.number,
            "game": row.game,
            "dealer": row.dealer,
            "dealer_key": _dealer_key(score, outcome.dealer),
            "dealer_seat": outcome.dealer,
            "entry": deal.entry,
            "fields": entry_fields(parse_entry(deal.entry)),
            "contract": row.contract,
            "card_points": list(row.card_points) if row.card_points is not None else None,
            "points": list(row.points),
            "totals": list(row.totals),
            "pending": row.pending,
            "note": row.note,
            "by": deal.by,
            "at": deal.at,
            "factor": dscore.factor,
            "factors": [f.json() for f in dscore.factors],
            "tied": dscore.tied,
            "score": oriented.json(),
        })
    return rows


def sheet_csv(sheet: Sheet) -> str:
    """One line per deal: number, game, dealer, entry, points and totals of A and B (of each
    player, ``points_p0`` ..., where the sheet keeps a score per player), who entered it.

    The columns of A and B carry the team's name after the key when it has one
    (``points_a (Noord)``); a text cell that a spreadsheet would read as a formula (it starts
    with ``= + - @``, a tab or a carriage return) is written after a ``'``, as text."""
    out = io.StringIO()
    writer = csv.writer(out)  # lines end in CRLF (RFC 4180): a CR or LF in a cell is quoted
    heads = [c["key"].lower() + (f" ({c['name']})" if c["name"] else "") for c in columns(sheet)]
    writer.writerow([csv_cell(h) for h in ["deal", "game", "dealer", "entry", *(f"points_{h}" for h in heads),
                                           *(f"total_{h}" for h in heads), "pending_ties", "by", "at"]])
    for row in _rows(sheet):
        writer.writerow([csv_cell(v) for v in [row["number"], row["game"] + 1, row["dealer"], row["entry"],
                                               *row["points"], *row["totals"], row["pending"], row["by"],
                                               row["at"]]])
    return out.getvalue()


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> object:
    r"""A CSV cell that no spreadsheet runs: text starting like a formula gets a leading ``'``
    (numbers are the app's own and stay numbers).

    >>> csv_cell('=HYPERLINK("http://evil.example")'), csv_cell("An"), csv_cell(-3)
    ('\'=HYPERLINK("http://evil.example")', 'An', -3)
    """
    return "'" + value if isinstance(value, str) and value.startswith(_FORMULA_START) else value


def chart_svg(sheet: Sheet, width: int = 600, height: int = 220) -> str:
    """The running totals of A and B (of each player) over the deals, as an inline SVG (no
    script, no library)."""
    keys = column_keys(sheet.score)
    totals = [(0,) * len(keys)] + [tuple(r.totals) for r in sheet.score.rows()]
    target = sheet.score.ruleset.match.target
    top = max([target, *(max(t) for t in totals)])
    steps = max(1, len(totals) - 1)
    pad = 28

    def point(i: int, value: int) -> str:
        x = pad + (width - 2 * pad) * i / steps
        y = height - pad - (height - 2 * pad) * value / top
        return f"{x:.1f},{y:.1f}"

    lines = []
    classes = [f"player p{i}" for i in range(len(keys))] if sheet.score.per_player else ["team-a", "team-b"]
    for team, cls in enumerate(classes):
        points = " ".join(point(i, t[team]) for i, t in enumerate(totals))
        lines.append(f'<polyline class="{cls}" fill="none" stroke-width="2" points="{points}"/>')
    y_target = point(0, target).split(",")[1]
    return (
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" data-deals="{len(totals) - 1}" '
        'xmlns="http://www.w3.org/2000/svg">'
        f'<line class="target" x1="{pad}" x2="{width - pad}" y1="{y_target}" y2="{y_target}" '
        f'stroke-dasharray="4 4"/>'
        f'<text x="{width - pad}" y="{float(y_target) - 4:.1f}" text-anchor="end">{target}</text>'
        f'<line class="axis" x1="{pad}" x2="{width - pad}" y1="{height - pad}" y2="{height - pad}"/>'
        + "".join(lines)
        + f'<text x="{pad}" y="{height - 8}">0</text>'
        f'<text x="{width - pad}" y="{height - 8}" text-anchor="end">{len(totals) - 1}</text>'
        "</svg>"
    )


NO_DEAL = define("web.no-deal", "no deal {number} on the sheet (it has {count})")


def entry_refusal(sheet: Sheet, entry: str, number: int | None = None) -> ManilleError | None:
    """Why ``entry`` would be refused as the next deal (or as a correction of deal ``number``):
    the error the CLI would give; None when it would be accepted."""
    try:
        if number is None:
            ScoreSheet(sheet.score.ruleset, list(sheet.score.entries)).add(entry)
        else:
            texts = list(sheet.entries)
            if not 1 <= number <= len(texts):
                return ScoresheetError(msg(NO_DEAL, number=number, count=len(texts)))
            texts[number - 1] = entry
            ScoreSheet(sheet.score.ruleset, [parse_entry(t) for t in texts])
    except ManilleError as exc:
        return exc
    return None


def entry_text(sheet: Sheet, fields: EntryFields) -> str:
    """The entry the server writes for a form's ``fields`` (team A's figures); ManilleError if
    the figures cannot be."""
    return entry_for(sheet.score.rules, fields.mode, fields.side, fields.points, fields.tricks, fields.calls,
                     last=fields.last, turned=fields.turned or None).text
def entry_problem(sheet: Sheet, entry: str, number: int | None = None) -> str | None:
    """:func:`entry_refusal`'s message (the CLI's English); None when it would be accepted."""
    refusal = entry_refusal(sheet, entry, number)
    return None if refusal is None else str(refusal)


def refusal_json(refusal: ManilleError | None) -> dict[str, Any]:
    """``{error, code, params}`` of a refusal (all None when there is none)."""
    if refusal is None:
        return {"error": None, "code": None, "params": None}
    coded = refusal.json()
    return {"error": str(refusal), "code": coded["code"], "params": coded["params"]}


def entry_check(sheet: Sheet, fields: EntryFields, number: int | None = None) -> dict[str, Any]:
    """``{ok, error, entry, other}``: would the deal given by a form's ``fields`` (the figures of
    the side entered for) be accepted as the next one (or as deal ``number``)?  ``entry`` is the
    entry as the server writes it (team A's figures), ``other`` the figures of the side not
    entered for (None for a thrown-in deal, and both None for figures that cannot be)."""
    try:
        parsed = entry_for(sheet.score.rules, fields.mode, fields.side, fields.points, fields.tricks, fields.calls,
                           last=fields.last, turned=fields.turned or None)
    except ManilleError as exc:
        return {"ok": False, **refusal_json(exc), "entry": None, "other": None}
    other = None
    if parsed.mode != "thrown-in":
        a = (parsed.points, parsed.tricks)
        b = (sheet.score.rules.card_total - a[0], sheet.score.rules.tricks_per_deal - a[1])
        points, tricks = b if fields.side == "A" else a
        other = {"side": "B" if fields.side == "A" else "A", "points": points, "tricks": tricks}
    refusal = entry_refusal(sheet, parsed.text, number)
    return {"ok": refusal is None, **refusal_json(refusal), "entry": parsed.text, "other": other}
