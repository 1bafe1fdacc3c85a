"""Game records as data: a played game's ruleset, seed and deals (see ``docs/records.md``),
built from deal states; the JSON codec that writes and reads them is
:mod:`~manille_variants.records.format`.

>>> import manille_variants as mv
>>> from manille_variants.bots import make_bots, play_match
>>> finals = []
>>> match = play_match(mv.load_ruleset("table-convention"), 3, make_bots("heuristic", 3),
...                    on_deal=finals.append)
>>> record = record_from_deals(match.rules.ruleset, finals, seed=3, match=match)
>>> len(record.deals) == len(finals) and record.ruleset_hash == match.rules.ruleset.content_hash()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from manille_variants._version import __version__
from manille_variants.cards import Card
from manille_variants.engine.actions import AnyAction
from manille_variants.engine.deal import DealState, new_deal
from manille_variants.engine.match import Match
from manille_variants.errors import RecordError
from manille_variants.messages import define, msg
from manille_variants.ruleset.schema import Ruleset

__all__ = [
    "DealRecord",
    "GameRecord",
    "Seat",
    "check_hands",
    "deal_record",
    "default_generator",
    "record_from_deals",
]

Seat = Literal[0, 1, 2, 3]


@dataclass(frozen=True)
class DealRecord:
    """One deal: where it started, every action, and the result as recorded.

    ``scores`` are the match points of team 0 (seats 0 and 2) and team 1 before the deal, in
    the current game; ``result`` is the recorded :class:`DealScore` breakdown as a dict (team
    A = the dealer's side), None for a deal left unfinished.
    """

    dealer: int
    actions: tuple[AnyAction, ...]
    seed: int | None = None
    hands: tuple[tuple[Card, ...], ...] | None = None
    pending_ties: int = 0
    scores: tuple[int, int] = (0, 0)
    game: int = 0
    result: dict[str, Any] | None = None
    scores_after: tuple[int, ...] | None = None
    turned: Card | None = None  # the card turned up for trump (rulesets that turn one)

    @property
    def cards_played(self) -> int:
        return sum(1 for a in self.actions if isinstance(a, Card))


@dataclass(frozen=True)
class GameRecord:
    """A whole record: the ruleset, the match seed and the deals in order.

    ``kind`` is ``"match"`` (deals of one match, in order, checked for continuity) or
    ``"deals"`` (independent deals, e.g. from a simulation or typed in by hand).
    ``ruleset`` is None only for a typed deal that names no ruleset.
    """

    ruleset: Ruleset | None
    deals: tuple[DealRecord, ...]
    kind: Literal["match", "deals"] = "match"
    seed: int | None = None
    first_dealer: int | None = None
    players: tuple[str, ...] = ("seat 0", "seat 1", "seat 2", "seat 3")
    outcome: dict[str, Any] | None = None
    ruleset_hash: str | None = None
    generator: str = ""
    source: str = field(default="<record>", compare=False)


# ------------------------------------------------------------------------- building


def deal_record(state: DealState, *, game: int = 0, scores_after: tuple[int, ...] | None = None) -> DealRecord:
    """The record of a deal state (finished or not): its start, hands as dealt and actions.

    The hands (and the turned card) are the state's own, given or shuffled; the seed is
    recorded only when it deals those hands and turns that card, so that a deal typed in
    (hands given) does not claim a seed that deals other cards.
    """
    hands = tuple(tuple(h) for h in state.dealt_hands)
    return DealRecord(
        dealer=state.dealer,
        actions=state.actions,
        seed=state.seed if _dealt_by_seed(state, hands) else None,
        hands=hands,
        pending_ties=state.pending_ties,
        scores=(int(state.scores[0]), int(state.scores[1])),
        game=game,
        result=state.result.to_dict() if state.result is not None else None,
        scores_after=scores_after,
        turned=state.turned_card,
    )


def _dealt_by_seed(state: DealState, hands: tuple[tuple[Card, ...], ...]) -> bool:
    """Whether the state's seed deals ``hands`` and turns the state's turned card."""
    shuffled = new_deal(state.rules, state.seed, state.dealer)
    return tuple(tuple(h) for h in shuffled.dealt_hands) == hands and shuffled.turned_card == state.turned_card


def record_from_deals(
    ruleset: Ruleset,
    deals: Sequence[DealState],
    *,
    seed: int | None = None,
    match: Match | None = None,
    players: Sequence[str] | None = None,
    kind: Literal["match", "deals"] = "match",
    generator: str = "",
) -> GameRecord:
    """A record of deal states played in order (finished ones, and perhaps a last unfinished).

    With ``match`` (the :class:`Match` the finished deals were added to) each deal also
    records its game and the scores after it, and the record the match outcome.
    """
    outcomes = match.deals if match is not None else []
    entries = []
    for i, state in enumerate(deals):
        outcome = outcomes[i] if i < len(outcomes) else None
        game = outcome.game if outcome is not None else (match.game if match is not None else 0)
        entries.append(
            deal_record(state, game=game, scores_after=outcome.scores_after if outcome else None)
        )
    return GameRecord(
        ruleset=ruleset,
        deals=tuple(entries),
        kind=kind,
        seed=seed,
        first_dealer=match.first_dealer if match is not None else None,
        players=tuple(players) if players is not None else tuple(f"seat {s}" for s in range(ruleset.table.seats)),
        outcome=_match_outcome(match) if match is not None else None,
        ruleset_hash=ruleset.content_hash(),
        generator=generator or default_generator(),
    )


def _match_outcome(match: Match) -> dict[str, Any]:
    return {
        "games": list(match.games),
        "scores": list(match.scores),
        "winner": match.winner,
        "complete": match.is_over,
    }


def default_generator() -> str:
    """The ``generator`` of a record that names none: this program and its version."""
    return f"manille_variants {__version__}"


HAND_COUNT = define("record.hand-count", "{where}: give a hand for each of 2 to 6 seats (got {count})")
HAND_SIZE = define("record.hand-size", "{where}: a hand holds {size} cards (got {count})")
DEALT_TWICE = define("record.dealt-twice", "{where}: {card} is dealt to seat {first} and seat {seat}")


def check_hands(hands: Sequence[Sequence[Card]], where: str) -> None:
    """Four hands of 8 cards each, the 32 cards once each (at another table, 2 to 6 hands of
    one size, no card twice); else a RecordError."""
    seen: dict[Card, int] = {}
    if not 2 <= len(hands) <= 6:
        raise RecordError(msg(HAND_COUNT, where=where, count=len(hands)))
    size = 8 if len(hands) == 4 else len(hands[0])
    for seat, hand in enumerate(hands):
        if len(hand) != size:
            raise RecordError(msg(HAND_SIZE, where=f"{where}[{seat}]", size=size, count=len(hand)))
        for card in hand:
            if card in seen:
                raise RecordError(msg(DEALT_TWICE, where=where, card=str(card), first=seen[card], seat=seat))
            seen[card] = seat
