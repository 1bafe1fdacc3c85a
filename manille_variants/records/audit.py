"""Checking a game record against a ruleset: every action, every score, the match's course.

:func:`walk_deal` follows one recorded deal card by card with the readable legality filter
(:func:`~manille_variants.engine.legality.explain_legal`), so it also goes on after an illegal
card and reports every problem, not just the first.  :func:`audit_record` walks every deal,
recomputes each score with the ruleset and follows the match (dealers, pending ties, running
scores, games); :func:`consistent_rulesets` lists the bundled rulesets a record obeys.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from manille_variants.cards import Card, Suit, format_cards
from manille_variants.engine import refusals
from manille_variants.engine.actions import THROW_IN, AnyAction
from manille_variants.engine.compiled import compile_rules
from manille_variants.engine.deal import DealState, new_deal
from manille_variants.engine.legality import explain_legal
from manille_variants.engine.match import Match, deal_seed
from manille_variants.engine.rules import Rules
from manille_variants.engine.scoring import DealScore, ScoreInputError, score_deal
from manille_variants.engine.tricks import trick_winner
from manille_variants.errors import IllegalPlayError, ManilleError, RulesetMissingError
from manille_variants.messages import Message, define, msg
from manille_variants.records.format import DealRecord, GameRecord
from manille_variants.records.walk import AuditProblem, DealWalk, TrickWalk
from manille_variants.ruleset.loader import bundled_names, load_ruleset
from manille_variants.ruleset.schema import Ruleset

__all__ = [
    "AuditProblem",
    "AuditReport",
    "DealWalk",
    "TrickWalk",
    "audit_record",
    "consistent_rulesets",
    "walk_deal",
]

NO_RULESET = define("record.names-no-ruleset", "{source}: names no ruleset")

# The problems of a record, each a coded sentence.  {action}, {card}: as the record writes
# them; {error}, {why}: the engine's own sentence; {recorded}, {computed}, {expected}: values
# as the audit shows them (2-1, true, null).
SETUP = define("audit.setup", "the deal cannot be set up: {error}")
ALREADY_OVER = define("audit.already-over", "{action}: the deal was already over")
THROWN_IN_OVER = define("audit.thrown-in-over", "{action}: the deal was already over (thrown in)")
NOT_ALLOWED = define("audit.not-allowed", "{action} is not allowed: {error}")
NO_HANDS = define("audit.no-hands", "neither the hands nor a seed: the cards cannot be checked")
SEED_HANDS = define("audit.seed-hands", "the recorded hands are not those seed {seed} deals under {ruleset}")
NO_TURNED = define("audit.no-turned", "{ruleset} takes trump from the turned card, and the record "
                   "names no turned card and no seed: trump cannot be known")
TURNED_ELSEWHERE = define("audit.turned-elsewhere",
                          "the turned card {card} is not in the dealer's hand (seat {seat})")
AFTER_THROW_IN = define("audit.after-throw-in", "{count} actions after the deal was thrown in")
CARD_TOO_EARLY = define("audit.card-too-early", "a card ({card}) is played before the {phase} phase is "
                        "over (seat {seat} to choose: {options})")
ONE_MORE = define("audit.one-more", "1 more action after the eighth trick")
MORE = define("audit.more", "{count} more actions after the eighth trick")
NOT_A_CARD = define("audit.not-a-card", "{action} during the card play (only cards may follow the first lead)")
HELD_ELSEWHERE = define("audit.held-elsewhere",
                        "{card} is not in seat {seat}'s hand (seat {holder} holds it); hand: {hand}")
PLAYED_ALREADY = define("audit.played-already",
                        "{card} is not in seat {seat}'s hand (it was played already); hand: {hand}")
EMPTY_HAND = define("audit.empty-hand", "(empty)")
NOT_LEGAL = define("audit.not-legal", "not legal: {why}")
NOT_SCORED = define("audit.not-scored", "cannot be scored under {ruleset}: {error}")
UNFINISHED = define("audit.unfinished", "a result is recorded but the deal is unfinished")
RESULT = define("audit.result", "recorded {key} {recorded}, the ruleset gives {computed}")
RESULT_WHY = define("audit.result-why", "recorded {key} {recorded}, the ruleset gives {computed} ({why})")
TIE = define("audit.why.tie", "a tie: nobody scores")
EXCESS = define("audit.why.excess", "excess {excess} x{factor}: {factors}")
NO_FACTOR = define("audit.why.no-factor", "no factor")
FACTORS = define("audit.why.factors", "{factors}, {factor}")
CAPPED = define("audit.why.capped", "{why}, capped at x{factor}")
TURNED_BONUS = define("audit.why.turned", "{why}; turned {card}: +{bonus} to {side}, the dealer's side")
HASH = define("audit.hash", "the embedded ruleset's hash {recorded} does not match its content "
              "({actual}): the ruleset was edited after the game")
NO_DEAL = define("audit.no-deal", "the record holds no deal")
SEATS = define("audit.seats", "the record is of a table of {seats} seats, {ruleset} seats {ruleset_seats}: "
               "its deals cannot be followed")
AFTER_MATCH = define("audit.after-match", "played after the match was over (team {team} had won)")
NOT_FOLLOWED = define("audit.not-followed", "the match cannot be followed past this deal: later deals not checked")
UNFINISHED_THEN_MORE = define("audit.unfinished-then-more", "unfinished, yet later deals follow")
SCORES_AFTER = define("audit.scores-after", "recorded scores after the deal {recorded}, the ruleset gives {computed}")
FIRST_DEALER = define("audit.first-dealer",
                      "the record says seat {recorded} dealt first, but deal 1 was dealt by seat {first}")
DRAWN_DEALER = define("audit.drawn-dealer", "seed {seed} draws seat {drawn} as the first dealer, not seat {first}")
DEALER = define("audit.dealer", "dealt by seat {dealer}, but it is seat {expected}'s turn to deal")
GAME = define("audit.game", "recorded as game {recorded}, but it belongs to game {expected}")
SCORES_BEFORE = define("audit.scores-before", "recorded scores before the deal {recorded}, the match stands at "
                       "{expected}")
PENDING = define("audit.pending-ties", "recorded {recorded} pending ties, the match has {expected}")
DEAL_SEED = define("audit.deal-seed", "seed {seed} is not deal {number}'s seed of match seed {match_seed}")
OUTCOME = define("audit.outcome", "the recorded outcome has {key} {recorded}, the ruleset gives {computed}")
# The fields of a recorded result that the audit compares with its own scoring.
CHECKED_RESULT_FIELDS = (
    "team_a", "team_b", "tied", "factor", "mode", "calls", "card_points", "tricks", "thrown_in",
    "turned_bonus",
)


@dataclass
class AuditReport:
    """The outcome of an audit: the ruleset used, every deal walked, every problem."""

    ruleset: Ruleset
    walks: list[DealWalk]
    problems: list[AuditProblem]
    match: Match | None = None

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset.name,
            "deals": len(self.walks),
            "ok": self.ok,
            "problems": [p.to_dict() for p in self.problems],
        }


# ------------------------------------------------------------------------- one deal


def walk_deal(
    ruleset: Ruleset | Rules,
    deal: DealRecord,
    *,
    number: int = 1,
    pending_ties: int | None = None,
    scores: tuple[int, int] | None = None,
    check_seed: bool = False,
) -> DealWalk:
    """Follow ``deal`` under the ruleset, recording every problem met on the way.

    ``pending_ties`` and ``scores`` (match points before the deal) default to the recorded
    ones; ``check_seed`` also checks that the recorded hands are those the seed deals.
    """
    rules = compile_rules(ruleset)
    pending = deal.pending_ties if pending_ties is None else pending_ties
    before = deal.scores if scores is None else scores
    walk = DealWalk(number, deal, None, pending, before)
    if not rules.default_table:
        return _walk_on_engine(rules, deal, walk)
    walk.hands = _hands(rules, deal, walk, check_seed)
    if rules.turned_take_up is not None:
        walk.turned = _turned(rules, deal, walk)
        if walk.turned is None:
            return walk
    cards = _decide(rules, deal, walk)
    if walk.stopped or walk.hands is None:
        return walk
    _play(rules, walk, cards)
    if not walk.stopped and len(walk.tricks) == 8 and walk.tricks[-1].winner is not None:
        walk.score = _score(rules, walk)
    return walk


def _walk_on_engine(rules: Rules, deal: DealRecord, walk: DealWalk) -> DealWalk:
    """A deal at a table other than four seats, followed on a deal state (the core's, which
    plays undealt cards and layouts, or the reference engine's where the core does not deal the
    table): the first action it refuses stops the walk, where the four-seat walk goes on past an
    illegal card."""
    try:
        state = new_deal(rules, deal.seed or 0, deal.dealer, pending_ties=walk.pending_ties, scores=walk.scores,
                         hands=deal.hands if deal.seed is None else None)
    except ManilleError as exc:
        walk.problem(msg(SETUP, error=_said(exc)))
        walk.stopped = True
        return walk
    walk.hands = tuple(tuple(h) for h in state.hands)
    for action in deal.actions:
        if state.is_over:
            walk.problem(msg(ALREADY_OVER, action=str(action)))
            walk.stopped = True
            break
        seat, before = state.to_play, state
        try:
            state = state.apply(action)
        except IllegalPlayError as exc:
            where = {"trick": len(before.tricks) + 1, "card": str(action)} if isinstance(action, Card) else {}
            walk.problem(msg(NOT_ALLOWED, action=str(action), error=_said(exc)), seat=seat,
                         legal=tuple(str(a) for a in before.legal_actions()), clause=before.phase, **where)
            walk.stopped = True
            break
        if not isinstance(action, Card):
            walk.decisions.append((seat, action))
    walk.mode, walk.trump, walk.calls, walk.chooser = state.mode, state.trump_suit, state.calls, state.chooser
    values = rules.values
    walk.tricks = [
        TrickWalk(i + 1, leader, [(rules.seat_after(leader, k), c) for k, c in enumerate(cards)], winner,
                  sum(values[c.index] for c in cards))
        for i, (leader, cards, winner) in enumerate(state.tricks)
    ]
    walk.score = state.result
    return walk


def _hands(
    rules: Rules, deal: DealRecord, walk: DealWalk, check_seed: bool
) -> tuple[tuple[Card, ...], ...] | None:
    if deal.seed is None:
        if deal.hands is None and deal.cards_played:
            walk.problem(msg(NO_HANDS))
        return deal.hands
    dealt = tuple(tuple(h) for h in new_deal(rules, deal.seed, deal.dealer).hands)
    if deal.hands is None:
        return dealt
    if check_seed and [set(h) for h in dealt] != [set(h) for h in deal.hands]:
        walk.problem(msg(SEED_HANDS, seed=deal.seed, ruleset=rules.ruleset.name))
    return deal.hands


def _turned(rules: Rules, deal: DealRecord, walk: DealWalk) -> Card | None:
    """The card turned up for trump: recorded, or the one the seed turns; one of the dealer's."""
    turned = deal.turned
    if turned is None and deal.seed is not None:
        turned = new_deal(rules, deal.seed, deal.dealer).turned_card
    if turned is None:
        walk.problem(msg(NO_TURNED, ruleset=rules.ruleset.name))
        walk.stopped = True
    elif walk.hands is not None and turned not in walk.hands[deal.dealer]:
        walk.problem(msg(TURNED_ELSEWHERE, card=str(turned), seat=deal.dealer))
        walk.stopped = True
        return None
    return turned


def _decide(rules: Rules, deal: DealRecord, walk: DealWalk) -> list[AnyAction]:
    """Check the decisions before the first card with the engine; returns the card plays."""
    if walk.turned is not None and walk.hands is not None:
        # The decisions (calls) depend on the trump the turned card makes.
        state = new_deal(rules, 0, deal.dealer, pending_ties=walk.pending_ties, scores=walk.scores,
                         hands=walk.hands, turned=walk.turned)
    else:
        state = new_deal(rules, 0, deal.dealer, pending_ties=walk.pending_ties, scores=walk.scores)
    actions = list(deal.actions)
    k = 0
    while k < len(actions) and not isinstance(actions[k], Card):
        after = _apply_decision(state, actions[k], walk)
        if after is None:
            walk.stopped = True
            return []
        state = after
        k += 1
    _settle(state, walk)
    rest = actions[k:]
    if state.is_over and rest:
        walk.problem(msg(AFTER_THROW_IN, count=len(rest)))
        walk.stopped = True
    elif rest and state.phase != "play":
        walk.problem(
            msg(CARD_TOO_EARLY, card=str(rest[0]), phase=state.phase, seat=state.to_play,
                options=", ".join(map(str, state.legal_actions()))),
            seat=state.to_play,
        )
        walk.stopped = True
    if state.is_over and state.result is not None:
        walk.score = state.result
    return rest


def _apply_decision(state: DealState, action: AnyAction, walk: DealWalk) -> DealState | None:
    if state.is_over:
        walk.problem(msg(THROWN_IN_OVER, action=str(action)))
        return None
    seat = state.to_play
    try:
        new = state.apply(action)
    except IllegalPlayError as exc:
        legal = tuple(str(a) for a in state.legal_actions())
        walk.problem(msg(NOT_ALLOWED, action=str(action), error=_said(exc)), seat=seat, legal=legal,
                     clause=state.phase)
        return None
    walk.decisions.append((seat if action != THROW_IN else state.dealer ^ 2, action))
    return new


def _settle(state: DealState, walk: DealWalk) -> None:
    walk.mode = state.mode
    walk.trump = state.trump_suit
    walk.calls = state.calls
    walk.chooser = state.chooser
    walk.tricks = [TrickWalk(1, state.leader)] if state.phase == "play" else []


def _play(rules: Rules, walk: DealWalk, cards: list[AnyAction]) -> None:
    assert walk.hands is not None
    hands = [list(h) for h in walk.hands]
    for action in cards:
        trick = walk.tricks[-1] if walk.tricks else None
        if trick is None or trick.winner is not None:
            walk.problem(_extra(cards, walk))
            return
        if not isinstance(action, Card):
            walk.problem(msg(NOT_A_CARD, action=str(action)), trick=trick.number)
            walk.stopped = True
            return
        _play_card(rules, walk, hands, trick, action)


def _extra(cards: list[AnyAction], walk: DealWalk) -> Message:
    played = sum(len(t.plays) for t in walk.tricks)
    extra = len(cards) - played
    return msg(ONE_MORE) if extra == 1 else msg(MORE, count=extra)


def _play_card(
    rules: Rules, walk: DealWalk, hands: list[list[Card]], trick: TrickWalk, card: Card
) -> None:
    seat = (trick.leader + len(trick.plays) * rules.step) % 4
    played = [c for _, c in trick.plays]
    where = {"trick": trick.number, "seat": seat, "card": str(card)}
    hand = hands[seat]
    if card not in hand:
        holder = next((s for s in range(4) if card in hands[s]), None)
        shown = format_cards(hand) or msg(EMPTY_HAND)
        walk.problem(msg(HELD_ELSEWHERE, card=str(card), seat=seat, holder=holder, hand=shown) if holder is not None
                     else msg(PLAYED_ALREADY, card=str(card), seat=seat, hand=shown),
                     legal=_legal_texts(rules, hand, played, walk.trump, trick.number), **where)
        trick.illegal.add(len(trick.plays))
        if holder is not None:
            hands[holder].remove(card)
    elif _on_table(rules, walk, trick, seat) and card == walk.turned:
        walk.problem(
            refusals.turned_refused(card, rules.turned_take_up or ""),
            legal=_legal_texts(rules, [c for c in hand if c != card], played, walk.trump, trick.number),
            clause="turned-card", **where,
        )
        trick.illegal.add(len(trick.plays))
        hand.remove(card)
    else:
        if _on_table(rules, walk, trick, seat):
            hand_now = [c for c in hand if c != walk.turned]
            legality = explain_legal(rules, hand_now, played, walk.trump, tricks_played=trick.number - 1)
        else:
            legality = explain_legal(rules, hand, played, walk.trump, tricks_played=trick.number - 1)
        if card not in legality.cards:
            walk.problem(
                msg(NOT_LEGAL, why=legality.message or legality.reason),
                legal=tuple(str(c) for c in legality.cards), clause=legality.clause, **where,
            )
            trick.illegal.add(len(trick.plays))
        hand.remove(card)
    trick.plays.append((seat, card))
    if len(trick.plays) == 4:
        _close(rules, walk, trick)


def _on_table(rules: Rules, walk: DealWalk, trick: TrickWalk, seat: int) -> bool:
    """Whether the dealer, to play now, still has the turned card lying on the table."""
    if walk.turned is None or seat != walk.dealer or trick.number > 1:
        return False
    take_up = rules.turned_take_up
    return take_up == "after-first-trick" or (take_up == "after-first-card" and not trick.plays)


def _legal_texts(
    rules: Rules, hand: list[Card], played: list[Card], trump: Suit | None, number: int
) -> tuple[str, ...] | None:
    if not hand:
        return None
    try:
        return tuple(str(c) for c in explain_legal(rules, hand, played, trump,
                                                   tricks_played=number - 1).cards)
    except ManilleError:
        return None


def _close(rules: Rules, walk: DealWalk, trick: TrickWalk) -> None:
    cards = [c for _, c in trick.plays]
    trick.winner = trick.plays[trick_winner(rules, cards, walk.trump)][0]
    trick.points = sum(rules.values[c.index] for c in cards)
    if trick.number < 8:
        walk.tricks.append(TrickWalk(trick.number + 1, trick.winner))


def _score(rules: Rules, walk: DealWalk) -> DealScore | None:
    team = walk.dealer & 1
    points = sum(t.points for t in walk.tricks if t.winner is not None and t.winner & 1 == team)
    tricks = sum(1 for t in walk.tricks if t.winner is not None and t.winner & 1 == team)
    last = walk.tricks[-1].winner
    try:
        return score_deal(
            rules, points, tricks, walk.mode or "trump", len(walk.calls), walk.pending_ties,
            last_trick="A" if last is not None and last & 1 == team else "B",
            trump=walk.trump.name if walk.trump is not None else None,
            turned=walk.turned,
        )
    except ScoreInputError as exc:  # e.g. a ruleset without no-trump auditing a no-trump deal
        walk.problem(msg(NOT_SCORED, ruleset=rules.ruleset.name, error=_said(exc)))
        return None


# ------------------------------------------------------------------------- results


def compare_result(walk: DealWalk) -> None:
    """Report every checked field where the recorded result differs from the recomputed one."""
    recorded = walk.record.result
    if recorded is None or walk.score is None:
        if recorded is not None and walk.score is None and not walk.stopped and not walk.problems:
            walk.problem(msg(UNFINISHED))
        return
    computed = walk.score.to_dict()
    for key in CHECKED_RESULT_FIELDS:
        if key in recorded and _plain(recorded[key]) != _plain(computed.get(key)):
            shown = {"key": key, "recorded": _show(recorded[key]), "computed": _show(computed.get(key))}
            walk.problem(msg(RESULT_WHY, **shown, why=_why(walk.score))
                         if key in ("team_a", "team_b", "factor", "turned_bonus") else msg(RESULT, **shown))


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple | list) else value


def _show(value: Any) -> str:
    if isinstance(value, list | tuple):
        return "-".join(str(v) for v in value)
    if isinstance(value, bool) or value is None:
        return str(value).lower() if value is not None else "null"
    return str(value)


def _why(score: DealScore) -> Message:
    """How the ruleset scores the deal: a tie, or the excess, its factors and the cap; then the
    turned card's bonus."""
    if score.tied:
        why = msg(TIE)
    else:
        reasons: list[Message | str] = [f.message or f.reason for f in score.factors]
        factors: Message | str = reasons[0] if reasons else msg(NO_FACTOR)
        for reason in reasons[1:]:
            factors = msg(FACTORS, factors=factors, factor=reason)
        why = msg(EXCESS, excess=score.excess, factor=score.factor, factors=factors)
        if score.capped:
            why = msg(CAPPED, why=why, factor=score.factor)
    if score.turned is not None:
        why = msg(TURNED_BONUS, why=why, card=score.turned, bonus=score.turned_bonus, side=score.turned_side)
    return why


def _said(exc: ManilleError) -> Message | str:
    """The engine's sentence of ``exc``: its coded message, else its text."""
    return exc.message or str(exc)


# ------------------------------------------------------------------------- records


def audit_record(record: GameRecord, ruleset: Ruleset | str | None = None) -> AuditReport:
    """Check every action and score of ``record`` under ``ruleset`` (default: the embedded one)."""
    rs = _ruleset_for(record, ruleset)
    rules = compile_rules(rs)
    problems: list[AuditProblem] = []
    own = record.ruleset is not None and rs.content_hash() == record.ruleset.content_hash()
    if own and record.ruleset_hash and record.ruleset_hash != rs.content_hash():
        problems.append(AuditProblem(None, msg(HASH, recorded=record.ruleset_hash, actual=rs.content_hash())))
    if not record.deals:
        problems.append(AuditProblem(None, msg(NO_DEAL)))
    seats = record.ruleset.table.seats if record.ruleset is not None else len(record.players)
    if seats != rules.seats:
        problems.append(AuditProblem(None, msg(SEATS, seats=seats, ruleset=rs.name, ruleset_seats=rules.seats)))
        return AuditReport(rs, [], problems, None)
    after: list[AuditProblem] = []
    if record.kind == "match":
        walks, match = _audit_match(rules, record, own, problems, after)
    else:
        walks, match = _audit_deals(rules, record, own), None
    for walk in walks:
        problems.extend(walk.problems)
    return AuditReport(rs, walks, problems + after, match)


def _ruleset_for(record: GameRecord, ruleset: Ruleset | str | None) -> Ruleset:
    if ruleset is not None:
        return load_ruleset(ruleset)
    if record.ruleset is None:
        raise RulesetMissingError(msg(NO_RULESET, source=record.source))
    return record.ruleset


def _audit_deals(rules: Rules, record: GameRecord, own: bool) -> list[DealWalk]:
    walks = []
    for i, deal in enumerate(record.deals):
        walk = walk_deal(rules, deal, number=i + 1, check_seed=own)
        compare_result(walk)
        walks.append(walk)
    return walks


def _audit_match(
    rules: Rules, record: GameRecord, own: bool, problems: list[AuditProblem], after: list[AuditProblem]
) -> tuple[list[DealWalk], Match]:
    """Walk the deals in order, following the match; ``after`` gets the problems of the
    outcome, reported after those of the deals."""
    first = record.deals[0].dealer if record.deals else 0
    _check_first_dealer(rules, record, first, problems)
    match = Match(rules, record.seed or 0, first_dealer=first)
    walks: list[DealWalk] = []
    followed = True
    for i, deal in enumerate(record.deals):
        if match.is_over:
            after.append(AuditProblem(i + 1, msg(AFTER_MATCH, team=match.winner)))
            break
        walk = walk_deal(rules, deal, number=i + 1, pending_ties=match.pending_ties,
                         scores=match.deal_scores(), check_seed=own)
        _check_course(record, deal, walk, match)
        compare_result(walk)
        walks.append(walk)
        if walk.score is None:
            if i < len(record.deals) - 1:
                walk.problem(msg(NOT_FOLLOWED) if walk.stopped else msg(UNFINISHED_THEN_MORE))
                followed = False
                break
            continue
        outcome = match.add(walk.score)
        if deal.scores_after is not None and tuple(deal.scores_after) != outcome.scores_after:
            walk.problem(msg(SCORES_AFTER, recorded=_show(deal.scores_after), computed=_show(outcome.scores_after)))
    if followed:
        _check_outcome(record, match, after)
    return walks, match


def _check_first_dealer(
    rules: Rules, record: GameRecord, first: int, problems: list[AuditProblem]
) -> None:
    if record.first_dealer is not None and record.first_dealer != first:
        problems.append(AuditProblem(1, msg(FIRST_DEALER, recorded=record.first_dealer, first=first)))
    if record.seed is not None and rules.first_dealer is None:
        drawn = Match(rules, record.seed).first_dealer
        if drawn != first:
            problems.append(AuditProblem(1, msg(DRAWN_DEALER, seed=record.seed, drawn=drawn, first=first)))


def _check_course(record: GameRecord, deal: DealRecord, walk: DealWalk, match: Match) -> None:
    """The deal starts where the match stands: dealer, game, scores, pending ties, seed."""
    index = len(match.deals)
    if deal.dealer != match.dealer:
        walk.problem(msg(DEALER, dealer=deal.dealer, expected=match.dealer))
    if deal.game != match.game:
        walk.problem(msg(GAME, recorded=deal.game + 1, expected=match.game + 1))
    if tuple(deal.scores) != match.deal_scores():
        walk.problem(msg(SCORES_BEFORE, recorded=_show(deal.scores), expected=_show(match.deal_scores())))
    if deal.pending_ties != match.pending_ties:
        walk.problem(msg(PENDING, recorded=deal.pending_ties, expected=match.pending_ties))
    if record.seed is not None and deal.seed is not None and deal.seed != deal_seed(record.seed, index):
        walk.problem(msg(DEAL_SEED, seed=deal.seed, number=index + 1, match_seed=record.seed))


def _check_outcome(record: GameRecord, match: Match, problems: list[AuditProblem]) -> None:
    outcome = record.outcome
    if not outcome:
        return
    expected = {"games": list(match.games), "scores": list(match.scores), "winner": match.winner,
                "complete": match.is_over}
    for key, value in expected.items():
        if key in outcome and _plain(outcome[key]) != value:
            problems.append(AuditProblem(
                None, msg(OUTCOME, key=key, recorded=_show(outcome[key]), computed=_show(value))))


def consistent_rulesets(record: GameRecord) -> list[str]:
    """The bundled rulesets under which every action and score of the record is right."""
    return [name for name in bundled_names() if audit_record(record, name).ok]
