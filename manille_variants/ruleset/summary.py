"""A ruleset in plain words, as coded messages: one :class:`~manille_variants.messages.Message`
a sentence, rendered in any language of the catalog.

Each sentence is a whole template whose parameters are numbers, names or smaller messages
(a neighbour, a duty, a factor), so a language can put them in its own order; clauses of one
sentence are joined by the catalog's own separator (``;`` in English, `` ;`` in French).

>>> from manille_variants.ruleset.loader import load_ruleset
>>> sentences = summary_messages(load_ruleset("belgian"))
>>> sentences[-1].code, sentences[-1].text("en")[:42]
('summary.match.best-of', 'A game is won at 101 match points or more ')
>>> sentences[-1].text("fr")[:28]
'Une manche est gagnée à 101 '
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from manille_variants.messages import Message, define, msg
from manille_variants.ruleset.callwords import call_label
from manille_variants.ruleset.schema import Ruleset, TurnedCard

__all__ = ["summary_messages"]

# Joining clauses: "{first}; {rest}", and a sentence's full stop.
CLAUSES = define("summary.clauses", "{first}; {rest}")
SENTENCE = define("summary.sentence", "{clauses}.")

DEAL = define("summary.deal",
              "Deal and play {direction}, in packets of {packets}; {cutter} cuts; {leader} leads first; the deal"
              " passes {next}; the first dealer is {first}.")
DIRECTION = {"clockwise": define("summary.direction.clockwise", "clockwise"),
             "counter-clockwise": define("summary.direction.counter-clockwise", "counter-clockwise")}
CUTTER = {"left": define("summary.cutter.left", "the dealer's left-hand neighbour"),
          "right": define("summary.cutter.right", "the dealer's right-hand neighbour")}
LEADER = {"dealer": define("summary.leader.dealer", "the dealer"),
          "left": define("summary.leader.left", "the dealer's left-hand player"),
          "right": define("summary.leader.right", "the dealer's right-hand player")}
NEXT_DEALER = {"left": define("summary.next.left", "to the left"),
               "right": define("summary.next.right", "to the right")}
FIRST_RANDOM = define("summary.first.random", "drawn at random")
FIRST_SEAT = define("summary.first.seat", "seat {seat}")
EARLY_LOOK = define("summary.early-look",
                    "If the dealer's partner looks before trump is named, the deal is thrown in.")

TRUMP_DELEGATION = define("summary.trump.delegation", "The dealer names trump or hands the choice to the partner")
TRUMP_NO_PASSING = define("summary.trump.no-passing", "The dealer names trump (no passing)")
NO_TRUMP = define("summary.trump.no-trump", "no-trump counts x{factor}")
BLIND = define("summary.trump.blind", "blind no-trump before looking counts x{factor}")
BLIND_BEHIND = define("summary.trump.blind-behind",
                      "blind no-trump before looking counts x{factor}, only when behind by {behind} or more")
NO_BLIND = define("summary.trump.no-blind", "no blind no-trump")
TURNED = define("summary.turned",
                "The dealer's last card is dealt face up and its suit is trump (no no-trump); it stays on the table,"
                " not playable, until the dealer takes it up {when}; {bonus}.")
TAKE_UP = {"before-first-trick": define("summary.take-up.before-first-trick", "at the start of the first trick"),
           "after-first-card": define("summary.take-up.after-first-card",
                                      "once the first card of the first trick is played"),
           "after-first-trick": define("summary.take-up.after-first-trick", "once the first trick is complete")}
TURNED_BONUS = {"none": define("summary.turned-bonus.none", "it scores no bonus"),
                "ten": define("summary.turned-bonus.ten",
                              "a turned 10 scores its card value (5) for the dealer's side, after every factor"),
                "honour": define("summary.turned-bonus.honour",
                                 "a turned honour scores its card value for the dealer's side, after every factor")}

NO_CALLS = define("summary.calls.none", "No doubling calls.")
CALLS = define("summary.calls", "Calls: {rungs}.")
THEN = define("summary.calls.then", "{first}, then {rest}")
RUNG = define("summary.call", "'{label}' by {by} (x{factor} in total)")
RUNG_AFTER = define("summary.call.after", "'{label}' by {by} after {after} (x{factor} in total)")
CALLER = {"opponents": define("summary.caller.opponents", "an opponent"),
          "contract-side": define("summary.caller.contract-side", "the contract side"),
          "anyone": define("summary.caller.anyone", "anyone")}

FOLLOW = define("summary.follow", "Follow suit")
# (beat_opponent, beat_at_no_trump) -> the first clause of the play sentence
FOLLOW_BEAT = {
    (True, True): define("summary.follow.beat", "Follow suit, beating an opponent's winning card of the led suit"
                                                " if you can"),
    (True, False): define("summary.follow.beat-not-no-trump",
                          "Follow suit, beating an opponent's winning card of the led suit if you can (not at"
                          " no-trump)"),
    ("trump-lead", True): define("summary.follow.beat-trump-lead",
                                 "Follow suit, beating an opponent's winning card of the led suit if you can on trump"
                                 " leads and at no-trump"),
    ("trump-lead", False): define("summary.follow.beat-trump-lead-not-no-trump",
                                  "Follow suit, beating an opponent's winning card of the led suit if you can on"
                                  " trump leads (not at no-trump)"),
    ("plain-lead", True): define("summary.follow.beat-plain-lead",
                                 "Follow suit, beating an opponent's winning card of the led suit if you can on"
                                 " plain-suit leads and at no-trump"),
    ("plain-lead", False): define("summary.follow.beat-plain-lead-not-no-trump",
                                  "Follow suit, beating an opponent's winning card of the led suit if you can on"
                                  " plain-suit leads (not at no-trump)"),
}
BEAT_PARTNER_TRUMP = define("summary.follow.beat-partner-trump-lead",
                            "on a trump lead beat the winning trump even when it is your partner's")
BEAT_PARTNER_NO_TRUMP = define("summary.follow.beat-partner-no-trump",
                               "at no-trump beat the winning card even when it is your partner's")
VOID = define("summary.void", "Void in the led suit: {duties}.")
# (opponent wins, partner wins) -> when a void player must trump; likewise whose trump to overtrump
TRUMP_WHEN = {(True, True): define("summary.trump-when.both", "trump when an opponent wins, even when your partner"
                                                              " wins"),
              (True, False): define("summary.trump-when.opponent", "trump when an opponent wins"),
              (False, True): define("summary.trump-when.partner", "trump when your partner wins")}
OVERTRUMP = {(True, True): define("summary.overtrump.both", "overtrump an opponent's or your partner's trump if you"
                                                            " can"),
             (True, False): define("summary.overtrump.opponent", "overtrump an opponent's trump if you can"),
             (False, True): define("summary.overtrump.partner", "overtrump your partner's trump if you can")}
UNDERTRUMP = {"forbidden": define("summary.undertrump.forbidden",
                                  "never undertrump unless your hand is nothing but lower trumps"),
              "allowed": define("summary.undertrump.allowed", "undertrumping is allowed"),
              "forbidden-if-can-overtrump": define("summary.undertrump.forbidden-if-can-overtrump",
                                                   "undertrump only when you cannot overtrump"),
              "required": define("summary.undertrump.required",
                                 "undertrump when an opponent's trump wins and you cannot overtrump")}
OVER_OPPONENT = define("summary.undertrump.over-opponent", "over an opponent's trump, {rule}")
OVER_PARTNER = define("summary.undertrump.over-partner", "over your partner's trump, {rule}")
PLAY_PLUGINS = define("summary.play-plugins", "Plug-in rules: {names}.")

DEAL_HOLDS = define("summary.deal-holds",
                    "A deal holds {total}; the side above {half} scores its total minus {half}, times the factors;"
                    " the other side scores 0.")
# (points per trick?, last-trick bonus?) -> what a deal holds
TOTAL = {(False, False): define("summary.total", "{cards} card points"),
         (True, False): define("summary.total.per-trick", "{cards} card points + {per_trick} per trick = {deal}"),
         (False, True): define("summary.total.last-trick",
                               "{cards} card points + {last_trick} for the last trick = {deal}"),
         (True, True): define("summary.total.per-trick-last-trick",
                              "{cards} card points + {per_trick} per trick + {last_trick} for the last trick ="
                              " {deal}")}
TIE_VOID = define("summary.tie.void", "A {half}-{half} tie scores nothing and is simply void.")
TIE_NEXT = define("summary.tie.next", "A {half}-{half} tie scores nothing; the next decisive deal counts x{factor}.")
TIE_PER_TIE = define("summary.tie.per-tie", "A {half}-{half} tie scores nothing; the next decisive deal counts"
                                            " x{factor} per tie in a row.")
NO_SWEEP = define("summary.sweep.none", "No sweep bonus")
SWEEP = {"all-tricks": define("summary.sweep.all-tricks", "A sweep (all 8 tricks) counts x{factor}"),
         "all-card-points": define("summary.sweep.all-card-points", "A sweep (all the card points) counts x{factor}")}
# (combine, capped?) -> how the factors make one
COMBINE = {("multiply", True): define("summary.combine.multiply-cap", "factors multiply, capped at x{cap}"),
           ("multiply", False): define("summary.combine.multiply", "factors multiply, no cap"),
           ("add", True): define("summary.combine.add-cap",
                                 "factors add (1 + the sum of factor - 1), capped at x{cap}"),
           ("add", False): define("summary.combine.add", "factors add (1 + the sum of factor - 1), no cap")}
SCORING_PLUGINS = define("summary.scoring-plugins", "Scoring plug-ins: {names}.")
MATCH_BEST_OF = define("summary.match.best-of", "A game is won at {target} match points or more after a complete"
                                                " deal; a match is best of {best_of} games (boams).")
MATCH_ONE_GAME = define("summary.match.one-game", "A game is won at {target} match points or more after a complete"
                                                  " deal; one game is the match.")


def summary_messages(rs: Ruleset) -> list[Message]:
    """The sentences that say what matters at the table, in the order ``manille show`` says them."""
    return [*_dealing(rs), _trump(rs), _calls(rs), *_play(rs), *_scoring(rs), _match(rs)]


def _joined(clauses: Sequence[Message], joiner: str = CLAUSES) -> Message:
    """``clauses`` as one, each joined to the next by ``joiner`` (``{first}; {rest}``)."""
    whole = clauses[-1]
    for clause in reversed(clauses[:-1]):
        whole = msg(joiner, first=clause, rest=whole)
    return whole


def _sentence(clauses: Sequence[Message]) -> Message:
    return msg(SENTENCE, clauses=_joined(clauses))


def _side(rs: Ruleset, where: str) -> str:
    left = (where == "after-dealer") == (rs.dealing.direction == "clockwise")
    return "left" if left else "right"


def _dealing(rs: Ruleset) -> Iterator[Message]:
    d = rs.dealing
    leader = LEADER["dealer" if d.first_leader == "dealer" else _side(rs, d.first_leader)]
    first = msg(FIRST_RANDOM) if d.first_dealer == "random" else msg(FIRST_SEAT, seat=d.first_dealer)
    yield msg(DEAL, direction=msg(DIRECTION[d.direction]), packets=", ".join(str(p) for p in d.packets),
              cutter=msg(CUTTER[d.cutter]), leader=msg(leader), next=msg(NEXT_DEALER[_side(rs, d.next_dealer)]),
              first=first)
    if d.early_look_throws_in:
        yield msg(EARLY_LOOK)


def _trump(rs: Ruleset) -> Message:
    t = rs.trump
    if t.turned_card is not None:
        return _turned(t.turned_card)
    parts = [msg(TRUMP_DELEGATION if t.delegation else TRUMP_NO_PASSING)]
    if t.no_trump.allowed:
        parts.append(msg(NO_TRUMP, factor=t.no_trump.factor))
    b = t.blind_no_trump
    if not b.allowed:
        parts.append(msg(NO_BLIND))
    elif b.only_when_behind_by:
        parts.append(msg(BLIND_BEHIND, factor=b.factor, behind=b.only_when_behind_by))
    else:
        parts.append(msg(BLIND, factor=b.factor))
    return _sentence(parts)


def _turned(turned: TurnedCard) -> Message:
    return msg(TURNED, when=msg(TAKE_UP[turned.take_up]), bonus=msg(TURNED_BONUS[turned.bonus]))


def _calls(rs: Ruleset) -> Message:
    if not rs.calls:
        return msg(NO_CALLS)
    rungs = []
    for c in rs.calls:
        label, by = call_label(c.label or c.name, c.name), msg(CALLER[c.by])
        rungs.append(msg(RUNG_AFTER, label=label, by=by, after=c.after, factor=c.factor) if c.after
                     else msg(RUNG, label=label, by=by, factor=c.factor))
    return msg(CALLS, rungs=_joined(rungs, THEN))


def _play(rs: Ruleset) -> Iterator[Message]:
    p = rs.play
    follow = [msg(FOLLOW if p.beat_opponent is False else FOLLOW_BEAT[(p.beat_opponent, p.beat_at_no_trump)])]
    if p.beat_partner_on_trump_lead:
        follow.append(msg(BEAT_PARTNER_TRUMP))
    if p.beat_partner_at_no_trump:
        follow.append(msg(BEAT_PARTNER_NO_TRUMP))
    yield _sentence(follow)
    duties = []
    if p.trump_when_opponent_wins or p.trump_when_partner_wins:
        duties.append(msg(TRUMP_WHEN[(p.trump_when_opponent_wins, p.trump_when_partner_wins)]))
    if p.overtrump_opponent or p.overtrump_partner:
        duties.append(msg(OVERTRUMP[(p.overtrump_opponent, p.overtrump_partner)]))
    if p.undertrump_partner in ("same", p.undertrump):
        duties.append(msg(UNDERTRUMP[p.undertrump]))
    else:
        duties.append(msg(OVER_OPPONENT, rule=msg(UNDERTRUMP[p.undertrump])))
        duties.append(msg(OVER_PARTNER, rule=msg(UNDERTRUMP[p.undertrump_partner])))
    yield msg(VOID, duties=_joined(duties))
    if p.extra_rules:
        yield msg(PLAY_PLUGINS, names=", ".join(p.extra_rules))


def _scoring(rs: Ruleset) -> Iterator[Message]:
    s = rs.scoring
    half = rs.deal_total // 2
    total = msg(TOTAL[(bool(s.trick_points), bool(s.last_trick_bonus))], cards=s.card_total,
                per_trick=s.trick_points, last_trick=s.last_trick_bonus, deal=rs.deal_total)
    yield msg(DEAL_HOLDS, total=total, half=half)
    if s.tie.carry == "none":
        yield msg(TIE_VOID, half=half)
    else:
        yield msg(TIE_PER_TIE if s.tie.stacking == "per-tie" else TIE_NEXT, half=half, factor=s.tie.factor)
    sweep = msg(NO_SWEEP) if s.sweep.factor == 1 else msg(SWEEP[s.sweep.definition], factor=s.sweep.factor)
    yield _sentence([sweep, msg(COMBINE[(s.combine, bool(s.cap))], cap=s.cap)])
    if s.adjustments:
        yield msg(SCORING_PLUGINS, names=", ".join(s.adjustments))


def _match(rs: Ruleset) -> Message:
    m = rs.match
    if m.best_of > 1:
        return msg(MATCH_BEST_OF, target=m.target, best_of=m.best_of)
    return msg(MATCH_ONE_GAME, target=m.target)
