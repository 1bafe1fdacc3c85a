"""A text format a person can type for a real deal, read by ``manille audit``.

One ``key: value`` per line, ``#`` starts a comment, keys are case-insensitive::

    ruleset: belgian              # optional (audit -r RULESET also sets it)
    dealer: S                     # a seat: 0-3 or N E S W (clockwise: N=0, E=1, S=2, W=3)
    trump: H                      # S H D C, no-trump, blind, thrown-in; "H by partner" if delegated
    turned: 10H                   # the card turned up for trump (rulesets that turn one; trump optional)
    calls: ik-ga-mee              # optional: the calls made, in order ("NAME by SEAT" to say who)
    pending-ties: 0               # optional: tied deals in a row before this one
    scores: 0 0                   # optional: match points of N-S and E-W before the deal
    hand N: 10S AS 7H 8H 10D KD 9C JC     # the four hands as dealt (or leave them all out)
    trick: 7S 10S AS 8S           # every trick in play order from its leader; "trick: E 7S ..."
    result: 16 0                  # optional: match points the deal gave N-S and E-W

Without the hands, all eight tricks are needed: each hand is then the cards its seat played.
A line ``deal`` (or ``---``) starts the next deal of the same file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from manille_variants.cards import Card, format_cards, parse_cards, parse_suit
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
from manille_variants.engine.compiled import compile_rules
from manille_variants.engine.deal import DealState, new_deal
from manille_variants.engine.rules import Rules
from manille_variants.engine.tricks import trick_winner
from manille_variants.errors import IllegalPlayError, ManilleError, RecordError, RulesetMissingError
from manille_variants.records.format import DealRecord, GameRecord, check_hands, loads_record
from manille_variants.records.walk import DealWalk
from manille_variants.ruleset.loader import load_ruleset
from manille_variants.ruleset.schema import Ruleset
from manille_variants.words import SEAT_NAMES, SEAT_WORDS, WordError, parse_contract, seat_number

__all__ = [
    "TextDeal",
    "TypedGame",
    "deal_to_text",
    "load_game",
    "loads_game",
    "looks_like_text",
    "parse_seat",
    "parse_typed",
    "read_typed",
    "typed_record",
]

_SEATS = SEAT_WORDS
_SEAT_RE = "|".join(sorted(SEAT_WORDS, key=len, reverse=True))  # "north" before "n"
_KEY = re.compile(rf"^\s*([a-z][a-z -]*?)\s*(?:\b({_SEAT_RE}))?\s*:\s*(.*)$", re.IGNORECASE)


def parse_seat(text: str) -> int:
    """A seat: ``0``-``3`` or ``N E S W`` (``north`` ...), case-insensitive."""
    try:
        return seat_number(text)
    except WordError as exc:
        raise RecordError(str(exc)) from None


@dataclass
class TextDeal:
    """One typed deal as read, before a ruleset turns it into actions."""

    line: int
    dealer: int | None = None
    trump: str | None = None  # "S" .. "C", "no-trump", "blind", "thrown-in"
    delegated: bool = False
    calls: list[tuple[str, int | None, int]] = field(default_factory=list)  # name, by, line
    pending_ties: int = 0
    scores: tuple[int, int] = (0, 0)
    hands: dict[int, tuple[list[Card], int]] = field(default_factory=dict)
    tricks: list[tuple[int | None, list[Card], int]] = field(default_factory=list)
    result: tuple[int, int] | None = None
    lines: dict[str, int] = field(default_factory=dict)
    turned: Card | None = None


@dataclass
class TypedGame:
    """A typed file: its ruleset line (if any) and its deals."""

    source: str
    ruleset: str | None
    ruleset_line: int | None
    deals: list[TextDeal]


def looks_like_text(text: str) -> bool:
    """Whether a file's text is the typed format rather than a JSON record."""
    return not text.lstrip().startswith("{")


def load_game(path: str | Path, ruleset: Ruleset | str | None = None) -> GameRecord:
    """A game from a file: a JSON record, or typed deals (which need a ruleset: their own
    'ruleset:' line or ``ruleset``)."""
    source = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"{source}: not a text file (expected a game record or typed deals)") from None
    return loads_game(text, source, ruleset)


def loads_game(text: str, source: str = "<record>", ruleset: Ruleset | str | None = None) -> GameRecord:
    """A game from a file's text (``source`` names it in errors): a JSON record or typed deals."""
    if not text.strip():
        raise RecordError(f"{source}: the file is empty (expected a game record or typed deals)")
    if looks_like_text(text):
        return typed_record(parse_typed(text, source), ruleset)
    return loads_record(text, source)


def read_typed(path: str) -> TypedGame:
    """Read a typed deal file (see the module text for the format)."""
    with open(path, encoding="utf-8") as handle:
        return parse_typed(handle.read(), path)


def parse_typed(text: str, source: str = "<text>") -> TypedGame:
    """Parse typed deals; a :class:`RecordError` names the line of any mistake."""
    game = TypedGame(source, None, None, [])
    current: TextDeal | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.lower() in ("deal", "---"):
            current = TextDeal(number)
            game.deals.append(current)
            continue
        match = _KEY.match(line)
        if match is None:
            raise RecordError(f"{source}:{number}: expected 'key: value' (got {line!r})")
        key = " ".join(match[1].lower().replace("-", " ").split())
        seat, value = match[2], match[3].strip()
        if key == "ruleset" and current is None:
            game.ruleset, game.ruleset_line = value, number
            continue
        if current is None:
            current = TextDeal(number)
            game.deals.append(current)
        try:
            _read_line(current, key, seat, value, number)
        except ManilleError as exc:
            raise RecordError(f"{source}:{number}: {exc}") from None
    if not game.deals:
        raise RecordError(f"{source}: no deal found (a deal needs at least a 'dealer:' line)")
    return game


def _read_line(deal: TextDeal, key: str, seat: str | None, value: str, number: int) -> None:
    if key in deal.lines and key not in ("hand", "trick"):
        raise RecordError(f"'{key}' given twice in one deal (first on line {deal.lines[key]}; "
                          "start the next deal with a line 'deal')")
    deal.lines.setdefault(key, number)
    if key == "dealer":
        deal.dealer = parse_seat(value)
    elif key == "trump":
        deal.trump, deal.delegated = _trump(value)
    elif key == "turned":
        deal.turned = _one_card(value, "turned")
    elif key == "calls":
        deal.calls = _calls(value, number)
    elif key == "pending ties":
        deal.pending_ties = _count(value, "pending ties")
    elif key == "scores":
        deal.scores = _pair(value, "scores")
    elif key == "result":
        deal.result = _pair(value, "result")
    elif key == "hand":
        _hand(deal, seat, value, number)
    elif key == "trick":
        _trick(deal, seat, value, number)
    elif key == "ruleset":
        raise RecordError("'ruleset:' goes once at the top of the file, before the first deal")
    else:
        raise RecordError(
            f"unknown key {key!r} (keys: ruleset, dealer, trump, turned, calls, pending-ties, "
            "scores, hand SEAT, trick, result)"
        )


def _one_card(value: str, what: str) -> Card:
    cards = parse_cards(value)
    if len(cards) != 1:
        raise RecordError(f"{what}: give one card (got {value!r})")
    return cards[0]


def _trump(value: str) -> tuple[str, bool]:
    words = value.lower().split()
    delegated = False
    if len(words) >= 3 and words[-2] == "by" and words[-1] in ("partner", *_SEATS):
        delegated = True
        words = words[:-2]
    try:
        contract = parse_contract(" ".join(words), thrown_in=True)
    except WordError:
        raise RecordError(
            f"trump: {value!r} is not S, H, D, C, no-trump, blind or thrown-in"
        ) from None
    return (contract.trump.name if contract.trump is not None else contract.mode), delegated


def _calls(value: str, number: int) -> list[tuple[str, int | None, int]]:
    out: list[tuple[str, int | None, int]] = []
    if value.strip().lower() in ("", "none", "-"):
        return out
    for chunk in value.split(","):
        words = chunk.split()
        by = None
        if len(words) >= 3 and words[-2].lower() == "by":
            by = parse_seat(words[-1])
            words = words[:-2]
        if not words:
            raise RecordError(f"calls: an empty call in {value!r}")
        out.append((" ".join(words), by, number))
    return out


def _count(value: str, what: str) -> int:
    if not value.isdigit():
        raise RecordError(f"{what}: expected a whole number (got {value!r})")
    return int(value)


def _pair(value: str, what: str) -> tuple[int, int]:
    parts = value.replace(",", " ").replace("-", " ").split()
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise RecordError(f"{what}: expected two numbers, N-S then E-W (got {value!r})")
    return int(parts[0]), int(parts[1])


def _hand(deal: TextDeal, seat: str | None, value: str, number: int) -> None:
    if seat is None:
        raise RecordError("say whose hand: 'hand N: ...' (a seat 0-3 or N E S W)")
    index = parse_seat(seat)
    if index in deal.hands:
        raise RecordError(f"seat {index}'s hand is given twice (first on line {deal.hands[index][1]})")
    deal.hands[index] = (parse_cards(value), number)


def _trick(deal: TextDeal, seat: str | None, value: str, number: int) -> None:
    words = value.split()
    leader = None
    if words and words[0].lower() in _SEATS:
        leader = parse_seat(words[0])
        words = words[1:]
    cards = parse_cards(" ".join(words))
    if not 1 <= len(cards) <= 4:
        raise RecordError(f"a trick holds 1 to 4 cards (got {len(cards)})")
    deal.tricks.append((leader, cards, number))


# ------------------------------------------------------------------------- to a record


def typed_record(game: TypedGame, ruleset: Ruleset | str | None = None) -> GameRecord:
    """The typed deals as a record (kind ``deals``) under ``ruleset`` or the file's own."""
    rs = _typed_ruleset(game, ruleset)
    rules = compile_rules(rs)
    deals = tuple(_deal_record(rules, deal, game.source) for deal in game.deals)
    return GameRecord(
        ruleset=rs, deals=deals, kind="deals", ruleset_hash=rs.content_hash(),
        generator="typed deal", source=game.source,
    )


def _typed_ruleset(game: TypedGame, ruleset: Ruleset | str | None) -> Ruleset:
    if ruleset is not None:
        return load_ruleset(ruleset)
    if game.ruleset is None:
        raise RulesetMissingError(f"{game.source}: names no ruleset (a line 'ruleset: NAME' names one)")
    return load_ruleset(game.ruleset)


def _deal_record(rules: Rules, deal: TextDeal, source: str) -> DealRecord:
    where = f"{source}:{deal.line}"
    if deal.dealer is None:
        raise RecordError(f"{where}: the deal starting here has no 'dealer:' line")
    if rules.turned_take_up is not None:
        _turned_trump(rules, deal, where)
    elif deal.turned is not None:
        raise RecordError(f"{where}: {rules.ruleset.name} names trump: no card is turned "
                          f"(line {deal.lines['turned']})")
    if deal.trump is None:
        raise RecordError(f"{where}: the deal starting here has no 'trump:' line")
    cards = [card for _, trick, _ in deal.tricks for card in trick]
    hands = _typed_hands(rules, deal, source)
    decisions = _decisions(rules, deal, source, hands)
    return DealRecord(
        dealer=deal.dealer,
        actions=(*decisions, *cards),
        hands=hands,
        pending_ties=deal.pending_ties,
        scores=deal.scores,
        result=_result(deal),
        turned=deal.turned,
    )


def _turned_trump(rules: Rules, deal: TextDeal, where: str) -> None:
    """Trump from the turned card: the 'turned:' line is needed, a 'trump:' line must agree."""
    if deal.turned is None:
        raise RecordError(f"{where}: {rules.ruleset.name} takes trump from the turned card: "
                          "add a line 'turned: CARD'")
    suit = deal.turned.suit.name
    if deal.trump is not None and deal.trump != suit:
        raise RecordError(f"{where}: the turned card {deal.turned} makes {suit} trump "
                          f"(line {deal.lines['trump']} says {deal.trump})")
    deal.trump = suit


def _result(deal: TextDeal) -> dict[str, Any] | None:
    if deal.result is None or deal.dealer is None:
        return None
    team = deal.dealer & 1
    return {"team_a": deal.result[team], "team_b": deal.result[1 - team]}


def _decisions(
    rules: Rules, deal: TextDeal, source: str, hands: tuple[tuple[Card, ...], ...] | None
) -> list[AnyAction]:
    """The actions before the first card, found by walking the engine through the choices.

    An impossible choice is still written down, so that the audit reports it with the rule."""
    assert deal.dealer is not None
    if deal.turned is not None and hands is not None:  # nobody chooses: the card makes trump
        start = new_deal(rules, 0, deal.dealer, pending_ties=deal.pending_ties, scores=deal.scores,
                         hands=hands, turned=deal.turned)
    else:
        start = new_deal(rules, 0, deal.dealer, pending_ties=deal.pending_ties, scores=deal.scores)
    state: DealState | None = start
    actions: list[AnyAction] = []
    for choice in _choice_actions(start, deal) if deal.turned is None else []:
        state = _try(state, choice)
        actions.append(choice)
        if state is None:
            break
    pending = [(_call_name(rules, name, source, line), by) for name, by, line in deal.calls]
    while state is not None and state.phase == "calls":
        action = _next_call(state, pending)
        actions.append(action)
        state = state.apply(action)
    actions.extend(call_action(name) for name, _ in pending)  # calls that never fitted
    return actions


def _choice_actions(state: DealState, deal: TextDeal) -> list[Action]:
    if deal.trump == "thrown-in":
        return [THROW_IN]
    out: list[Action] = []
    if state.phase == "blind" or deal.trump == "blind":
        out.append(BLIND if deal.trump == "blind" else LOOK)
        if deal.trump == "blind":
            return out
    if deal.delegated:
        out.append(DELEGATE)
    out.append(NO_TRUMP if deal.trump == "no-trump" else trump_action(parse_suit(deal.trump or "S")))
    return out


def _try(state: DealState | None, action: AnyAction) -> DealState | None:
    if state is None:
        return None
    try:
        return state.apply(action)
    except IllegalPlayError:
        return None


def _call_name(rules: Rules, text: str, source: str, line: int) -> str:
    wanted = "-".join(text.lower().split())
    for call in rules.calls:
        if wanted in (call.name, "-".join(call.label.lower().split())):
            return call.name
    known = ", ".join(c.name for c in rules.calls) or "none"
    raise RecordError(f"{source}:{line}: {rules.ruleset.name} has no call {text!r} (its calls: {known})")


def _next_call(state: DealState, pending: list[tuple[str, int | None]]) -> AnyAction:
    if pending:
        name, by = pending[0]
        action = call_action(name)
        if action in state.legal_actions() and by in (None, state.to_play):
            pending.pop(0)
            return action
    return PASS


def _typed_hands(rules: Rules, deal: TextDeal, source: str) -> tuple[tuple[Card, ...], ...] | None:
    seats = _trick_seats(rules, deal, source)
    if deal.hands:
        missing = [SEAT_NAMES[s] for s in range(4) if s not in deal.hands]
        if missing:
            raise RecordError(f"{source}:{deal.line}: give all four hands or none "
                              f"(missing: {', '.join(missing)})")
        hands = tuple(tuple(deal.hands[s][0]) for s in range(4))
        check_hands(hands, f"{source}:{deal.line}: hands")
        return hands
    if deal.trump == "thrown-in":
        return None
    if len(deal.tricks) != 8 or any(len(t[1]) != 4 for t in deal.tricks):
        raise RecordError(f"{source}:{deal.line}: without the four hands, give all 8 tricks of 4 "
                          f"cards (got {len(deal.tricks)} tricks)")
    played: list[list[Card]] = [[], [], [], []]
    for (_, cards, _), trick_seats in zip(deal.tricks, seats, strict=True):
        for seat, card in zip(trick_seats, cards, strict=True):
            played[seat].append(card)
    check_hands(played, f"{source}:{deal.line}: the hands read off the tricks")
    return tuple(tuple(h) for h in played)


def _trick_seats(rules: Rules, deal: TextDeal, source: str) -> list[list[int]]:
    """Who played each typed card, following the winners; checks any leader given."""
    assert deal.dealer is not None
    trump = parse_suit(deal.trump) if deal.trump in ("S", "H", "D", "C") else None
    leader = rules.first_leader(deal.dealer)
    seats: list[list[int]] = []
    seen: dict[Card, int] = {}
    for claimed, cards, line in deal.tricks:
        if claimed is not None and claimed != leader:
            raise RecordError(f"{source}:{line}: this trick is led by {SEAT_NAMES[leader]} "
                              f"(seat {leader}), not {SEAT_NAMES[claimed]} (seat {claimed})")
        for card in cards:
            if card in seen:
                raise RecordError(f"{source}:{line}: {card} was already played on line {seen[card]}")
            seen[card] = line
        seats.append([(leader + i * rules.step) % 4 for i in range(len(cards))])
        if len(cards) == 4:
            leader = seats[-1][trick_winner(rules, cards, trump)]
    return seats


# ------------------------------------------------------------------------- from a record


def deal_to_text(rules: Rules, walk: DealWalk) -> str:
    """A walked deal (:class:`~manille_variants.records.walk.DealWalk`) in the typed format."""
    lines = [f"dealer: {SEAT_NAMES[walk.dealer]}"]
    lines.append(f"trump: {_trump_text(walk)}")
    if walk.turned is not None:
        lines.append(f"turned: {walk.turned}")
    if walk.calls:
        lines.append("calls: " + ", ".join(walk.calls))
    if walk.pending_ties:
        lines.append(f"pending-ties: {walk.pending_ties}")
    if any(walk.scores):
        lines.append(f"scores: {walk.scores[0]} {walk.scores[1]}")
    if walk.hands is not None:
        for seat in range(4):
            hand = sorted(walk.hands[seat], key=rules.sort_key)
            lines.append(f"hand {SEAT_NAMES[seat]}: {format_cards(hand)}")
    for trick in walk.tricks:
        if trick.plays:
            cards = format_cards([c for _, c in trick.plays])
            lines.append(f"trick: {SEAT_NAMES[trick.leader]} {cards}")
    if walk.score is not None:
        team = walk.dealer & 1
        points = [0, 0]
        points[team], points[1 - team] = walk.score.team_a, walk.score.team_b
        lines.append(f"result: {points[0]} {points[1]}")
    return "\n".join(lines) + "\n"


def _trump_text(walk: DealWalk) -> str:
    delegated = any(a == DELEGATE for _, a in walk.decisions)
    if any(a == THROW_IN for _, a in walk.decisions):
        return "thrown-in"
    text = walk.trump.name if walk.trump is not None else "?"
    if walk.mode in ("blind", "no-trump"):
        text = str(walk.mode)
    return f"{text} by partner" if delegated else text
