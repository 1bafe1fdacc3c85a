"""The compiled core (private): the Rust deal engine behind ``manille_variants``.

Rules arrive as the plain-data dict of :func:`manille_variants.engine.crossing.rules_input`
(typed ``RulesInput`` there), read by the core's declared struct of the same name.
Actions are one-byte codes: 0-31 the cards (``suit * 8 + rank``), 32-35 ``trump:S H D C``,
36 ``no-trump``, 37 ``look``, 38 ``blind``, 39 ``delegate``, 40 ``pass``, 41 ``throw-in``,
42 + k the k-th call of the ladder.  Card sets are 32-bit masks (bit ``index``).
"""

from collections.abc import Mapping
from typing import Any, final

__all__ = [
    "ACTION_NO_TRUMP",
    "CoreDeal",
    "CoreHeuristic",
    "CoreMatch",
    "CoreRules",
    "deal_seed",
    "decision_features",
    "hand_tricks",
    "ismcts_choose",
    "legal_cards",
    "legal_mask",
    "phases",
    "random_deals",
    "random_matches",
    "ridge_fit",
    "score_deal",
    "search_cards",
    "search_choose",
    "search_decisions",
    "shuffle",
    "sim_bots",
    "sim_deal_rows",
    "sim_deal_tally",
    "sim_duel",
    "sim_match_rows",
    "sim_match_tally",
    "sim_metrics",
    "solve",
    "solve_value",
]

ACTION_NO_TRUMP: int

@final
class CoreRules:
    """A ruleset compiled for the core."""

    def __new__(
        cls, data: Mapping[str, Any], objects: list[Any] | None = None, python: tuple[Any, list[Any], Any] | None = None
    ) -> CoreRules: ...
    @property
    def seats(self) -> int: ...
    @property
    def hand_size(self) -> int: ...
    def action_text(self, code: int) -> str: ...

@final
class CoreDeal:
    """The compiled core's deal state: the whole ``DealState`` API in the package's objects
    (``new_deal`` returns one), and the same state in action codes and card masks
    (``legal_codes``, ``apply_code``, ``hand_masks``...) for the search and the bots."""

    def __new__(
        cls,
        rules: CoreRules,
        seed: int,
        dealer: int = 0,
        pending_ties: int = 0,
        scores: tuple[int, int] | None = None,
        hands: list[int] | None = None,
        turned: int | None = None,
    ) -> CoreDeal: ...
    @staticmethod
    def from_hands(
        rules: CoreRules,
        hands: list[int],
        dealer: int = 0,
        pending_ties: int = 0,
        scores: tuple[int, int] = ...,
        turned: int | None = None,
    ) -> CoreDeal: ...
    @property
    def phase(self) -> str: ...
    @property
    def to_play(self) -> int: ...
    @property
    def is_over(self) -> bool: ...
    def legal_actions(self) -> list[Any]: ...
    def apply(self, action: object) -> CoreDeal: ...
    @property
    def rules(self) -> Any: ...
    @property
    def seed(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def pending_ties(self) -> int: ...
    @property
    def scores(self) -> tuple[int, int]: ...
    @property
    def cut(self) -> int: ...
    @property
    def mode(self) -> str | None: ...
    @property
    def chooser(self) -> int | None: ...
    @property
    def calls(self) -> tuple[str, ...]: ...
    @property
    def leader(self) -> int: ...
    @property
    def win_seat(self) -> int: ...
    @property
    def win_idx(self) -> int: ...
    @property
    def trick(self) -> tuple[Any, ...]: ...
    @property
    def tricks(self) -> tuple[tuple[int, tuple[Any, ...], int], ...]: ...
    @property
    def trump(self) -> str | None: ...
    @property
    def trump_suit(self) -> Any: ...
    @property
    def points(self) -> tuple[int, int]: ...
    @property
    def tricks_won(self) -> tuple[int, int]: ...
    @property
    def actions(self) -> tuple[Any, ...]: ...
    @property
    def hands(self) -> tuple[list[Any], ...]: ...
    def hand(self, seat: int) -> list[Any]: ...
    def face_up(self, seat: int) -> list[Any]: ...
    def face_down(self, seat: int) -> list[Any]: ...
    @property
    def dealt_hands(self) -> tuple[list[Any], ...]: ...
    @property
    def dealt(self) -> int: ...
    @property
    def undealt(self) -> tuple[Any, ...]: ...
    def hand_mask(self, seat: int) -> int: ...
    @property
    def turned_card(self) -> Any: ...
    @property
    def turned(self) -> int: ...
    @property
    def turned_on_table(self) -> bool: ...
    @property
    def dealer_team(self) -> int: ...
    @property
    def thrown_in(self) -> bool: ...
    def has_looked(self, seat: int) -> bool: ...
    def legal_card_mask(self) -> int: ...
    def played_mask(self) -> int: ...
    @property
    def result(self) -> Any: ...
    def explain(self) -> str: ...
    def view(self, seat: int) -> Any: ...
    def _key(self) -> Any: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    # The same state in codes and masks.
    def legal_codes(self) -> bytes: ...
    def legal_mask(self) -> int: ...
    def apply_code(self, code: int) -> CoreDeal: ...
    @property
    def trump_code(self) -> int | None: ...
    @property
    def call_count(self) -> int: ...
    @property
    def hand_masks(self) -> list[int]: ...
    @property
    def dealt_masks(self) -> list[int]: ...
    @property
    def face_up_masks(self) -> list[int]: ...
    @property
    def face_down_mask(self) -> int: ...
    @property
    def trick_codes(self) -> bytes: ...
    @property
    def history(self) -> bytes: ...
    @property
    def won(self) -> tuple[int, int]: ...
    def completed_tricks(self) -> list[tuple[int, bytes, int]]: ...
    def result_data(self) -> dict[str, Any] | None: ...
    def match_points(self) -> tuple[int, int] | None: ...

@final
class CoreMatch:
    """The running score of a match (team 0: seats 0 and 2; a score per player where the
    dealer plays alone)."""

    def __new__(cls, rules: CoreRules, seed: int, first_dealer: int) -> CoreMatch: ...
    @property
    def dealer(self) -> int: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def games(self) -> tuple[int, ...]: ...
    @property
    def pending_ties(self) -> int: ...
    @property
    def game(self) -> int: ...
    @property
    def deals(self) -> int: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def is_over(self) -> bool: ...
    def next_seed(self) -> int: ...
    def new_deal(self) -> CoreDeal: ...
    def add(
        self, deal: CoreDeal
    ) -> tuple[int, int, int, tuple[int, int], tuple[int, ...], int, int | None]: ...

def score_deal(
    rules: CoreRules,
    points: int,
    tricks: int,
    mode: str,
    calls: int,
    pending_ties: int,
    last_to_a: bool,
    turned: int | None = None,
) -> dict[str, Any]: ...
def shuffle(seed: int) -> tuple[bytes, int]: ...
def deal_seed(match_seed: int, index: int) -> int: ...
def legal_mask(rules: CoreRules, hand: int, trick: list[int], trump: int | None = None) -> int: ...
def legal_cards(rules: CoreRules, hand: object, trick: object, trump: object) -> list[Any] | None: ...
def random_deals(rules: CoreRules, seeds: list[int], rng_seed: int) -> list[tuple[int, int]]: ...
def random_matches(
    rules: CoreRules, seeds: list[int], first_dealers: list[int], rng_seed: int
) -> list[tuple[int | None, tuple[int, int], tuple[int, int], int]]: ...
def phases() -> list[str]: ...
def solve(deal: CoreDeal) -> tuple[int, list[tuple[int, int]]]: ...
def solve_value(deal: CoreDeal) -> int: ...
def search_cards(
    rules: CoreRules,
    seat: int,
    dealer: int,
    own: int,
    decisions: list[int],
    played: list[int],
    turned: int | None = None,
    pending_ties: int = 0,
    scores: tuple[int, int] = ...,
    samples: int = 16,
    seed: int = 0,
    max_samples: int | None = None,
    z: float = 2.0,
) -> list[tuple[int, float, float, int]]: ...
def search_decisions(
    rules: CoreRules,
    seat: int,
    dealer: int,
    own: int,
    decisions: list[int],
    turned: int | None = None,
    pending_ties: int = 0,
    scores: tuple[int, int] = ...,
    samples: int = 16,
    seed: int = 0,
    only: list[int] | None = None,
    stop_after: int | None = None,
    z: float = 2.0,
    tolerance: int = 0,
    default: int | None = None,
) -> tuple[int, list[tuple[int, float, float, int]]]: ...
def search_choose(
    rules: CoreRules,
    seat: int,
    dealer: int,
    own: int,
    decisions: list[int],
    played: list[int],
    turned: int | None = None,
    pending_ties: int = 0,
    scores: tuple[int, int] = ...,
    seed: int = 0,
    worlds: int | None = None,
    think_ms: float | None = None,
    z: float = 2.0,
    inference: bool = True,
    model: CoreHeuristic | None = None,
    loss: float | None = None,
    tolerance: int | None = None,
    call_tolerance: int | None = None,
    card_loss: float | None = None,
) -> tuple[int, list[tuple[int, float, float, int]]]: ...
def ismcts_choose(
    rules: CoreRules,
    seat: int,
    dealer: int,
    own: int,
    decisions: list[int],
    played: list[int],
    turned: int | None = None,
    pending_ties: int = 0,
    scores: tuple[int, int] = ...,
    seed: int = 0,
    iterations: int | None = None,
    think_ms: float | None = None,
    heuristic: CoreHeuristic | None = None,
    exploration: float = ...,
    rollout: str = "heuristic",
) -> tuple[int, list[tuple[int, int, float]], int]: ...

_DealRowTuple = tuple[int, int, bool, bool, bool, str, int, int, bool, int]

_Counts = dict[str, dict[int, int]]
_MatchTuple = tuple[int, int, list[int], int]

def sim_bots() -> list[str]: ...
def sim_metrics() -> list[str]: ...
def sim_deal_tally(
    rules: list[CoreRules],
    master: int,
    start: int,
    stop: int,
    bots: str = "random",
    heuristics: list[CoreHeuristic] | None = None,
) -> tuple[list[_Counts], list[_Counts]]: ...
def sim_deal_rows(
    rules: CoreRules,
    master: int,
    start: int,
    stop: int,
    bots: str = "random",
    heuristic: CoreHeuristic | None = None,
) -> list[_DealRowTuple]: ...
def sim_match_tally(
    rules: CoreRules,
    master: int,
    start: int,
    stop: int,
    bots: str = "random",
    first_dealer: int | None = None,
    max_deals: int = 10000,
    heuristic: CoreHeuristic | None = None,
) -> tuple[list[_MatchTuple], _Counts]: ...
def sim_match_rows(
    rules: CoreRules,
    master: int,
    start: int,
    stop: int,
    bots: str = "random",
    first_dealer: int | None = None,
    max_deals: int = 10000,
    heuristic: CoreHeuristic | None = None,
) -> list[tuple[_MatchTuple, list[_DealRowTuple]]]: ...
def sim_duel(
    rules: CoreRules,
    a: str,
    b: str,
    master: int,
    start: int,
    stop: int,
    heuristic: CoreHeuristic | None = None,
    threads: int = 1,
    heuristic_b: CoreHeuristic | None = None,
) -> list[tuple[int, bool]]: ...

@final
class CoreHeuristic:
    def __new__(
        cls,
        thresholds: tuple[float, float, float, float, float, float],
        table: tuple[float, list[tuple[float, int]], list[tuple[float, int]], tuple[float, float] | None]
        | None = None,
        model: tuple[float, list[tuple[list[float], float]], float, float] | None = None,
    ) -> CoreHeuristic: ...
    def act(
        self,
        rules: CoreRules,
        phase: str,
        seat: int,
        dealer: int,
        hand: int,
        trump: int | None,
        turned: int | None,
        history: list[int],
        leaders: list[int],
        scores: tuple[int, int],
        pending_ties: int,
        legal: list[int],
        out: int = 0,
    ) -> int: ...

def hand_tricks(rules: CoreRules, hand: int, trump: int | None = None) -> float: ...
def decision_features(rules: CoreRules, hand: int, trump: int | None = None) -> list[float]: ...
def ridge_fit(rows: list[list[float]], targets: list[float], penalty: float) -> tuple[list[float], float]: ...
