"""The search bot: perfect-information Monte Carlo over worlds consistent with its view.

For a card, it draws worlds (the hidden hands) that fit everything its seat has seen: the
cards played, the voids and the duties each play showed, the turned card, the hand sizes.
Each world is solved double-dummy in the core, and the bot plays the card with the best
mean net match points for its side.  Decisions before the first card (blind, trump or
no-trump, delegation, calls and replies) are valued the same way, under the ruleset's
factors, cap and pending ties; in each world the rest is settled by a simple model of the
seats (a chooser after delegation names its best suit, a seat asked to call calls with a strong
hand: see docs/search.md).  A decision before play starts from the heuristic bot's choice and
departs from it only when the search shows another option clearly better.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from manille_variants.cards import Card
from manille_variants.engine.actions import (
    BLIND,
    DELEGATE,
    LOOK,
    NO_TRUMP,
    PASS,
    THROW_IN,
    AnyAction,
    call_action,
    trump_action,
)
from manille_variants.engine.crossing import action_code, code_action, require_four_seats, to_core
from manille_variants.engine.view import SeatView
from manille_variants.errors import SearchError
from manille_variants.messages import define, msg
from manille_variants.search.solver import searchable

if TYPE_CHECKING:
    from manille_variants._core import CoreHeuristic
    from manille_variants.engine.rules import Rules

__all__ = ["DEFAULT_WORLDS", "Knowledge", "SearchBot", "card_samples", "check_budget", "decisions", "knowledge"]

# The core's default budget (``search::DEFAULT_WORLDS``): worlds per card decision, decisions
# before play up to twice as many; what ``search`` plays with when no budget is given.
DEFAULT_WORLDS = 12


BOTH_BUDGETS = define("search.both-budgets", "give the search a budget of worlds or of think_ms, not both")
WORLDS = define("search.worlds", "worlds must be a positive whole number (got {worlds})")
THINK_MS = define("search.think-ms", "think_ms must be a positive number of milliseconds (got {think_ms})")
LOSS = define("search.loss", "loss must be a number of match points, 0 or more (got {loss})")
CARD_LOSS = define("search.card-loss", "card_loss must be a number of match points, 0 or more (got {loss})")
TOLERANCE = define("search.tolerance", "{key} must be a whole number of points, 0 or more (got {value})")
PLUG_INS = define("search.plug-ins", "the search bot cannot play {ruleset}: it has Python plug-ins")


def check_budget(worlds: int | None, think_ms: float | None) -> tuple[int | None, float | None]:
    """A search budget as given: at most one of ``worlds`` (a positive whole number) and
    ``think_ms`` (a positive number of milliseconds); SearchError otherwise."""
    if worlds is not None and think_ms is not None:
        raise SearchError(msg(BOTH_BUDGETS))
    if worlds is not None and (isinstance(worlds, bool) or not isinstance(worlds, int) or worlds <= 0):
        raise SearchError(msg(WORLDS, worlds=repr(worlds)))
    if think_ms is not None:
        if isinstance(think_ms, bool) or not isinstance(think_ms, (int, float)) or not 0 < think_ms < math.inf:
            raise SearchError(msg(THINK_MS, think_ms=repr(think_ms)))
        think_ms = float(think_ms)
    return worlds, think_ms


def check_loss(loss: float | None, key: str = "loss") -> float | None:
    """The expected loss a decision before play (``key`` "loss") or a card decision
    ("card_loss") may stop at, as given: None (the core's default) or a number of match
    points, 0 (off) or more; SearchError otherwise."""
    if loss is None:
        return None
    if isinstance(loss, bool) or not isinstance(loss, (int, float)) or not 0 <= loss < math.inf:
        raise SearchError(msg(LOSS if key == "loss" else CARD_LOSS, loss=repr(loss)))
    return float(loss)


def check_tolerance(key: str, value: int | None) -> int | None:
    """A tolerance in card points as given: None (the core's default) or a whole number, 0 or
    more; SearchError otherwise."""
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
        raise SearchError(msg(TOLERANCE, key=key, value=repr(value)))
    return value


def card_samples(cards_left: int, base: int) -> int:
    """Worlds per card decision of the earlier search (``guided`` or ``prior``): fewer while
    many cards are out (each world costs more).  The default search counts its worlds in the
    core (``search::card_worlds``), four times as many in the last six tricks."""
    if cards_left > 24:
        return max(2, base // 3)
    if cards_left > 16:
        return max(3, base // 2)
    return base


class SearchBot:
    """Chooses by the solver's values over sampled worlds (seeded).

    Every decision, a card or a decision before play (blind or look, trump or no-trump,
    delegation, the calls and replies), is searched in the core (``_core.search_choose``):
    worlds consistent with the seat's view are drawn, weighed by how likely the other seats'
    decisions and cards were under a model of play (``inference``), each solved double-dummy
    and scored in match points under the ruleset, paired over the same worlds; sampling stops
    when one option beats every other by ``z`` standard errors or the budget is spent, and the
    best mean is taken.  The budget is ``worlds`` per card decision (deterministic: the same
    seed and view give the same choice; fewer while many cards are out, four times as many in
    the last six tricks, up to twice as many for a close card; a decision before play up to
    ``2 * worlds``) or ``think_ms`` milliseconds per decision (anytime: the best answer when
    the time is up).  Without either, ``worlds`` is :data:`DEFAULT_WORLDS` (``samples``, the
    older name, is taken as ``worlds``).  With a budget of worlds, a decision before play also
    stops once taking the best option so far is expected to lose less than ``loss`` match
    points against the others, and a card decision ``card_loss`` (None: the core's defaults,
    0 and 1; 0: off), so worlds are not spent telling apart options that are worth about the
    same.  Each world of a
    decision before play is solved within ``tolerance`` card points (a call or a reply within
    ``call_tolerance``; None: the core's defaults, 8 and 20).  ``model`` gives the model of play under a ruleset
    (the core's heuristic bot with the ruleset's decision table: it orders the search, breaks
    exact ties, weighs worlds by the cards played, and its table skips the dealer's trump
    choices far below its best); without it, the heuristic's default settings, no table
    (the registry's ``search`` bot gets the heuristic's table).

    ``guided=True`` or ``prior=True`` select the earlier search instead (kept for
    comparison): the heuristic's choice before play stands unless another option beats it by
    ``z`` (``call_z`` for calls) standard errors, the dealer's choices are pruned by the
    decision table, with ``samples``, ``decision_samples``, ``decision_min``, ``tolerance``,
    ``call_tolerance`` and ``close_factor`` as before.
    """

    name = "search"

    def __init__(self, seed: int = 0, *, worlds: int | None = None, think_ms: float | None = None,
                 samples: int | None = None, decision_samples: int = 8, decision_min: int = 2,
                 z: float = 2.0, tolerance: int | None = None, call_tolerance: int | None = None,
                 prior: bool = False,
                 close_factor: int = 2, guided: bool = False, call_z: float = 3.0,
                 inference: bool = True, model: Model | None = None, default_rule: Default | None = None,
                 prior_rule: Prior | None = None, loss: float | None = None,
                 card_loss: float | None = None) -> None:
        self.seed = seed % 2**64  # the core takes a 64-bit seed
        if worlds is None and samples is not None and think_ms is None:
            worlds = samples
        self.worlds, self.think_ms = check_budget(worlds, think_ms)
        self.loss = check_loss(loss)
        self.card_loss = check_loss(card_loss, "card_loss")
        self.samples = samples if samples is not None else 12
        self.decision_samples = decision_samples
        self.decision_min = decision_min
        self.z = z
        self.tolerance = check_tolerance("tolerance", tolerance)
        self.call_tolerance = check_tolerance("call_tolerance", call_tolerance)
        self.close_factor = close_factor
        self.prior = prior
        self.guided = guided
        self.call_z = call_z
        self.inference = inference
        self.model = model
        if (guided and default_rule is None) or (prior and prior_rule is None):
            raise SearchError("the earlier search (guided=True, prior=True) needs the heuristic's rules: "
                              "make the bot with manille_variants.bots.registry.search_bot")
        self.default_rule = default_rule
        self.prior_rule = prior_rule

    def act(self, view: SeatView) -> AnyAction:
        require_four_seats(view.rules, "search")
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        if not searchable(view.rules):
            raise SearchError(msg(PLUG_INS, ruleset=view.rules.ruleset.name))
        if not (self.guided or self.prior):
            chosen, _ = self.choose(view)
            return chosen
        default = self.default_rule(view) if self.default_rule and self.guided and view.phase != "play" else None
        if default is not None:
            return self.decide_from(view, default)
        values = self.values(view)
        best = max(values, key=lambda item: (item[1], -action_code(view.rules, item[0])))
        return best[0]

    def choose(self, view: SeatView) -> tuple[AnyAction, list[tuple[AnyAction, float, float, int]]]:
        """The budgeted search's choice for the seat to act, and each option's (action, mean,
        sd, worlds): net match points for the bot's side."""
        from manille_variants._core import search_choose

        k = knowledge(view)
        rules = view.rules
        chosen, rows = search_choose(to_core(rules), k.seat, k.dealer, k.own, k.decisions, k.played, k.turned,
                                     k.pending_ties, k.scores, self.seed, self.worlds, self.think_ms, self.z,
                                     self.inference, None if self.model is None else self.model(rules), self.loss,
                                     self.tolerance, self.call_tolerance, self.card_loss)
        return code_action(rules, chosen), [(code_action(rules, c), m, sd, n) for c, m, sd, n in rows]

    def decide_from(self, view: SeatView, default: AnyAction) -> AnyAction:
        """A decision before play that departs from ``default`` only for an option the search
        shows better by ``z`` standard errors (paired over the same worlds)."""
        only = self.prior_rule(view) if self.prior_rule and self.prior else None
        if only is not None and only == [default]:
            return default
        z = self.call_z if view.phase == "calls" else self.z
        chosen, _ = self._search_decisions(view, only, z, default)
        return code_action(view.rules, chosen)

    def values(self, view: SeatView) -> list[tuple[AnyAction, float]]:
        """Each legal action's mean net match points for the bot's side."""
        if not (self.guided or self.prior):
            return [(a, mean) for a, mean, _, _ in self.choose(view)[1]]
        if view.phase == "play":
            from manille_variants._core import search_cards

            k = knowledge(view)
            samples = card_samples(32 - len(k.played), self.samples)
            rows = search_cards(to_core(view.rules), k.seat, k.dealer, k.own, k.decisions, k.played, k.turned,
                                k.pending_ties, k.scores, samples, self.seed, samples * self.close_factor, self.z)
        else:
            only = self.prior_rule(view) if self.prior_rule and self.prior else None
            if only is not None and len(only) == 1:
                return [(only[0], 0.0)]
            _, rows = self._search_decisions(view, only, self.z, None)
        return [(code_action(view.rules, code), mean) for code, mean, _, _ in rows]

    def _search_decisions(self, view: SeatView, only: list[AnyAction] | None, z: float,
                          default: AnyAction | None) -> tuple[int, list[tuple[int, float, float, int]]]:
        """The core's search before play over ``only`` (None: every option), from ``default``
        if given: the option taken and each option's (code, mean, sd, worlds)."""
        from manille_variants._core import search_decisions

        k = knowledge(view)
        rules = view.rules
        codes = None if only is None else [action_code(rules, a) for a in only]
        # Unless given, the earlier search's own tolerances: 4 points, 10 for a call.
        given, fallback = (self.call_tolerance, 10) if view.phase == "calls" else (self.tolerance, 4)
        tolerance = fallback if given is None else given
        return search_decisions(to_core(rules), k.seat, k.dealer, k.own, k.decisions, k.turned, k.pending_ties,
                                k.scores, self.decision_samples, self.seed, codes, self.decision_min, z, tolerance,
                                None if default is None else action_code(rules, default))


# The model of play under a ruleset: the core's heuristic bot (with the ruleset's decision
# table), made by the bots room, which may import the search.
Model = Callable[["Rules"], "CoreHeuristic"]

# The earlier search's rules (``guided``, ``prior``), given by the bots room, which may import
# the search (``bots.search_prior``): the choice a simple rule makes before play, and the
# dealer's choices worth searching by the decision table (None: all).
Default = Callable[[SeatView], "AnyAction | None"]
Prior = Callable[[SeatView], "list[AnyAction] | None"]


@dataclass(frozen=True)
class Knowledge:
    """What the core's sampler reads of a view (cards as indices, hands as masks)."""

    seat: int
    dealer: int
    own: int  # the seat's hand as dealt (0 before it has looked)
    decisions: list[int]  # decision codes, in order
    played: list[int]  # every card played, in order
    turned: int | None
    pending_ties: int
    scores: tuple[int, int]


def knowledge(view: SeatView) -> Knowledge:
    """What the core's sampler reads: the seat's hand as dealt, the decisions, the cards played."""
    played = [c for _, cards, _ in view.tricks for c in cards] + list(view.trick)
    mine = _mine(view)
    own = sum(c.bit for c in view.hand) | sum(c.bit for c in mine) if view.looked else 0
    turned = view.turned
    return Knowledge(
        seat=view.seat,
        dealer=view.dealer,
        own=own,
        decisions=decisions(view),
        played=[c.index for c in played],
        turned=turned.index if isinstance(turned, Card) else None,
        pending_ties=view.pending_ties,
        scores=(view.scores[0], view.scores[1]),
    )


def _mine(view: SeatView) -> list[Card]:
    """The cards this seat has played."""
    step = view.rules.step
    out = [cards[(view.seat - leader) * step % 4] for leader, cards, _ in view.tricks]
    k = (view.seat - view.trick_leader) * step % 4
    if k < len(view.trick):
        out.append(view.trick[k])
    return out


def decisions(view: SeatView) -> list[int]:
    """The decision codes of the view, in order: the view's own record of them when it has
    one (who called and who passed, as the seats heard it), else a sequence that leads to the
    decisions the view shows (the passes between calls are found by a small search over the
    calling order)."""
    from manille_variants._core import CoreDeal

    rules = view.rules
    if view.decisions:
        return [action_code(rules, a) for a in view.decisions if a != THROW_IN]
    core = to_core(rules)
    start = CoreDeal(core, 0, view.dealer, view.pending_ties, (view.scores[0], view.scores[1]))
    codes: list[int] = []

    def step(code: int) -> None:
        nonlocal start
        start = start.apply_code(code)
        codes.append(code)

    if start.phase == "blind" and view.phase != "blind":
        step(action_code(rules, BLIND if view.mode == "blind" else LOOK))
    if view.mode != "blind" and view.chooser is not None and view.chooser != view.dealer:
        step(action_code(rules, DELEGATE))
    if view.mode in ("trump", "no-trump") and start.phase == "trump":
        named = NO_TRUMP if view.mode == "no-trump" else trump_action(view.trump)  # type: ignore[arg-type]
        step(action_code(rules, named))
    if start.phase != "calls":
        return codes
    calls = [action_code(rules, call_action(name)) for name in view.calls]
    pass_code = action_code(rules, PASS)
    target_play = view.phase == "play"
    path = _calls_path(start, calls, pass_code, view.to_play, target_play)
    if path is None:
        raise ValueError("the calls in this view cannot be replayed")
    return codes + path


def _calls_path(deal, calls: list[int], pass_code: int, to_play: int, play: bool) -> list[int] | None:  # type: ignore[no-untyped-def]
    made = deal.call_count
    done = (play and deal.phase == "play") or (not play and deal.phase == "calls" and deal.to_play == to_play)
    if made == len(calls) and done:
        return []
    if deal.phase != "calls":
        return None
    legal = set(deal.legal_codes())
    options = [calls[made]] if made < len(calls) and calls[made] in legal else []
    options.append(pass_code)
    for code in options:
        rest = _calls_path(deal.apply_code(code), calls, pass_code, to_play, play)
        if rest is not None:
            return [code, *rest]
    return None

