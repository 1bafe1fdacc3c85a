"""The ruleset schema: every variant dimension of Manille as typed, documented data.

The schema is pure data (frozen pydantic models, unknown keys forbidden).  It never reads
YAML and the engine never reads dictionaries: :func:`manille_variants.engine.compile_rules`
turns a validated :class:`Ruleset` into the objects the engine uses.

Defaults are the common Belgian table convention, so a file that sets nothing plays
``table-convention``.
"""

from __future__ import annotations

import hashlib
import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from manille_variants.cards import RANK_LABELS
from manille_variants.messages import Message, define, msg

__all__ = [
    "HAND_SIZE",
    "MODES",
    "RANK_LABELS",
    "RANK_ORDER_DEFAULT",
    "TEAMS_DEFAULT",
    "BlindNoTrump",
    "Call",
    "Dealing",
    "MatchRules",
    "Mode",
    "NoTrump",
    "PlayRules",
    "Ruleset",
    "Scoring",
    "SettingProblem",
    "Sweep",
    "Table",
    "TableLayout",
    "Tie",
    "TrumpChoice",
    "TurnedCard",
    "Undealt",
]

RANK_ORDER_DEFAULT = ["10", "A", "K", "Q", "J", "9", "8", "7"]
CARD_VALUES_DEFAULT = {"10": 5, "A": 4, "K": 3, "Q": 2, "J": 1, "9": 0, "8": 0, "7": 0}
SLUG = r"^[a-z0-9][a-z0-9-]*$"
HAND_SIZE = 8  # the cards each of the four players holds at the default table
DECK_SIZE = 32
TEAMS_DEFAULT = [[0, 2], [1, 3]]

Factor = Annotated[int, Field(ge=1, strict=True)]
Count = Annotated[int, Field(ge=0, strict=True)]
Slug = Annotated[str, Field(pattern=SLUG, min_length=1, max_length=64)]
Mode = Literal["trump", "no-trump", "blind"]
MODES: tuple[Mode, ...] = ("trump", "no-trump", "blind")


class SettingProblem(ValueError):
    """A setting's own check, raised in a validator: ``words`` is the coded message.  ``at``
    (a dotted path) points below the field that failed, so ``str()`` is ``@at: words`` (the
    loader's convention); ``key`` names the field, so ``str()`` is ``key words``."""

    def __init__(self, words: Message, *, at: str = "", key: str = "") -> None:
        english = words.text("en")
        super().__init__(f"@{at}: {english}" if at else f"{key} {english}" if key else english)
        self.words, self.at = words, at


AND = define("schema.and", "{first} and {rest}")
# The table's cross-field checks.
TWO_TEAMS = define("schema.table.two-teams", "expected two teams (got {count})")
EMPTY_TEAM = define("schema.table.empty-team", "a team needs at least one seat")
NOT_A_SEAT = define("schema.table.not-a-seat", "seat {seat} is not a seat at a table of {seats} (seats 0-{last})")
SEAT_TWICE = define("schema.table.seat-twice", "seat {seat} is in two teams")
SEAT_IN_NO_TEAM = define("schema.table.seat-in-no-team", "seat {seat} is in no team (every seat 0-{last} plays in one)")
PACK = define("schema.table.pack", "{seats} seats x ({hand_size} in hand) + {undealt} undealt make {dealt} cards, "
                                   "not the {pack} of the pack")
PACK_LAYOUT = define("schema.table.pack-layout", "{seats} seats x ({hand_size} in hand + 2 x {covered} on the table) + "
                                                 "{undealt} undealt make {dealt} cards, not the {pack} of the pack")
LAYOUT_TWO = define("schema.table.layout-two", "a layout is played at a table of 2 seats (this one has {seats})")
CREDIT_TEMPORARY = define("schema.table.credit-temporary",
                          "only a temporary team is credited another way (set teams: dealer-alone)")
PACKETS_SUM = define("schema.table.packets-sum", "must sum to the hand size {hand_size} (they sum to {total})")
FIRST_DEALER_SEAT = define("schema.table.first-dealer", "seat {seat} is not a seat at a table of {seats}")
NO_PARTNER_TO_DELEGATE = define("schema.table.no-partner",
                                "the dealer has no partner to hand the choice to at this table")
TURNED_ALL_DEALT = define("schema.table.turned-all-dealt",
                          "trump by the turned card needs every card dealt into the hands")
TURNED_CLASH = define("schema.turned-clash", "must be false while trump comes from the turned card (nobody chooses"
                                             " trump; set {settings} to false)")
BEAT_PARTNER_NO_TRUMP = define("schema.beat-partner-no-trump",
                               "cannot be true while beat_at_no_trump is false (no duty to beat applies at no-trump)")
RANK_ORDER = define("schema.rank-order", "must list each of the 8 ranks 7 8 9 10 J Q K A exactly once")
UNKNOWN_RANKS = define("schema.unknown-ranks", "has unknown ranks {ranks} (ranks 7 8 9 10 J Q K A)")
MISSING_RANKS = define("schema.missing-ranks", "must give every rank a value (missing {ranks})")
BEST_OF_ODD = define("schema.best-of-odd", "must be odd (got {got})")
DUPLICATE_CALL = define("schema.duplicate-call", "duplicate call name {name!r}")
CALL_AFTER = define("schema.call-after", "{after!r} is not a call listed before it (earlier calls: {known})")


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", validate_default=True)


class Dealing(_Model):
    """Shuffling, cutting, dealing and who leads."""

    direction: Literal["clockwise", "counter-clockwise"] = Field(
        "clockwise", description="Direction in which cards are dealt and played."
    )
    packets: list[Annotated[int, Field(ge=1, strict=True)]] = Field(
        default_factory=lambda: [3, 2, 3],
        description="Packet sizes dealt to each player in turn; they sum to the hand size "
        "(table.hand_size, 8 at four seats).",
    )
    cutter: Literal["right", "left"] = Field(
        "right", description="Which neighbour of the dealer cuts the shuffled pack."
    )
    first_leader: Literal["after-dealer", "dealer", "before-dealer"] = Field(
        "after-dealer",
        description="Who leads the first trick: the player after the dealer in the "
        "direction of play, the dealer, or the player before the dealer.",
    )
    next_dealer: Literal["after-dealer", "before-dealer"] = Field(
        "after-dealer",
        description="Who deals next: the player after the dealer in the direction of play, "
        "or the one before.",
    )
    first_dealer: Literal["random", 0, 1, 2, 3, 4, 5] = Field(
        "random",
        description="The first dealer of a match: drawn by the seeded shuffle, or a seat "
        "(0-3 at four seats; below table.seats).",
    )
    early_look_throws_in: bool = Field(
        True,
        description="If the dealer's partner looks at the hand before trump is named, the "
        "deal is thrown in: nothing scored, next dealer, a pending tie stays pending.",
    )



class NoTrump(_Model):
    """No-trump ("muulen") chosen after looking at the hand."""

    allowed: bool = Field(True, description="The trump chooser may choose no-trump.")
    factor: Factor = Field(2, description="Factor applied to a no-trump deal.")


class BlindNoTrump(_Model):
    """Blind no-trump ("blènde muul"): no-trump named before the dealer looks at the hand."""

    allowed: bool = Field(False, description="The dealer may call blind no-trump before looking.")
    factor: Factor = Field(4, description="Factor of a blind no-trump deal (replaces the no-trump factor).")
    only_when_behind_by: Annotated[int, Field(ge=1, strict=True)] | None = Field(
        None,
        description="If set, blind no-trump is offered only when the dealer's side trails "
        "in the game by at least this many match points.",
    )


class TurnedCard(_Model):
    """Trump by the turned card: the dealer's last card (the 32nd dealt) is dealt face up and
    its suit is trump (French *manille parlée* and *muette*; docs/rules.md#trump-by-the-turned-card)."""

    take_up: Literal["before-first-trick", "after-first-card", "after-first-trick"] = Field(
        "after-first-card",
        description="When the dealer takes the turned card into the hand; until then it lies on "
        "the table, seen by all, and cannot be played: at the start of the first trick, once "
        "the first card of the first trick is played, or once the first trick is complete.",
    )
    bonus: Literal["none", "ten", "honour"] = Field(
        "none",
        description="Match points the dealer's side scores for the turned card, after every "
        "factor and whoever wins the deal: none; the 10's card value (5) for a turned 10 "
        "only; or the card value of any turned honour (10, A, K, Q, J).",
    )


class TrumpChoice(_Model):
    """Who names trump, and the no-trump options.  The contract side is always the dealer's team."""

    turned_card: TurnedCard | None = Field(
        None,
        description="Nobody names trump: the dealer's last card is dealt face up and its suit is "
        "trump (null: the dealer names trump).",
    )
    delegation: bool = Field(
        False,
        description="The dealer may hand the trump choice to the partner (who must then choose); "
        "otherwise the dealer chooses alone and cannot pass.",
    )
    no_trump: NoTrump = Field(default_factory=NoTrump, description="No-trump after looking.")
    blind_no_trump: BlindNoTrump = Field(
        default_factory=BlindNoTrump, description="Blind no-trump before looking."
    )

    @model_validator(mode="after")
    def _turned_card_names_trump(self) -> TrumpChoice:
        # A message starting with "@sub.path: " tells the loader where below `trump` it points.
        if self.turned_card is None:
            return self
        clash = [
            path
            for path, on in (
                ("no_trump.allowed", self.no_trump.allowed),
                ("blind_no_trump.allowed", self.blind_no_trump.allowed),
                ("delegation", self.delegation),
            )
            if on
        ]
        if clash:
            settings: str | Message = clash[-1]
            for path in reversed(clash[:-1]):
                settings = msg(AND, first=path, rest=settings)
            raise SettingProblem(msg(TURNED_CLASH, settings=settings), at=clash[0])
        return self


class Call(_Model):
    """One rung of the doubling ladder ("Ik ga mee", "contre", ...)."""

    name: Slug = Field(description="Identifier of the call, used by `after` and in records.")
    label: str = Field("", description="What the player says, e.g. 'Ik ga mee'.")
    by: Literal["opponents", "contract-side", "anyone"] = Field(
        description="Who may make the call: opponents of the dealer, the dealer or the dealer's partner, or anyone."
    )
    after: Slug | None = Field(
        None, description="The call that must have been made just before this one (null: an opening call)."
    )
    factor: Factor = Field(
        description="The total factor the deal carries once this call is made (not a further multiplier)."
    )
    modes: list[Mode] = Field(
        default_factory=lambda: list(MODES),
        description="Deal modes in which the call is allowed: trump, no-trump, blind.",
    )


class PlayRules(_Model):
    """Play obligations.  Following suit when able is always compulsory."""

    beat_opponent: Literal[True, False, "trump-lead", "plain-lead"] = Field(
        True,
        description="Following suit while an opponent's card of the led suit wins the trick: "
        "you must beat it if you can: on every lead (true), never (false), only when trumps "
        "were led (trump-lead; at no-trump every lead counts) or only when a plain suit was "
        "led (plain-lead).",
    )
    beat_partner_on_trump_lead: bool = Field(
        False, description="On a trump lead you must beat the winning trump even when your partner played it."
    )
    beat_at_no_trump: bool = Field(
        True, description="The duty to beat the winning card also applies at no-trump."
    )
    beat_partner_at_no_trump: bool = Field(
        False,
        description="At no-trump, following suit while your partner's card wins: you must beat "
        "it if you can (every no-trump lead treated like a trump lead).",
    )
    trump_when_opponent_wins: bool = Field(
        True, description="Void in the led suit while an opponent wins with a plain card: you must trump."
    )
    trump_when_partner_wins: bool = Field(
        False,
        description="Void in the led suit while your partner wins with a plain card: you must "
        "trump all the same (the French duty).",
    )
    overtrump_opponent: bool = Field(
        True, description="Void in the led suit while an opponent's trump wins: you must overtrump if you can."
    )
    overtrump_partner: bool = Field(
        False, description="Void in the led suit while your partner's trump wins: you must overtrump if you can."
    )
    undertrump: Literal["forbidden", "allowed", "forbidden-if-can-overtrump", "required"] = Field(
        "forbidden",
        description="Playing a trump lower than the winning trump on a trumped plain-suit trick: "
        "forbidden unless the hand holds nothing but lower trumps; allowed; forbidden only "
        "while you hold a higher trump; or required when an opponent's trump wins and you "
        "cannot overtrump.",
    )
    undertrump_partner: Literal["same", "allowed", "forbidden", "forbidden-if-can-overtrump"] = Field(
        "same",
        description="The undertrump rule when the winning trump is your partner's: same (the "
        "undertrump setting applies to both sides), allowed, forbidden unless the hand holds "
        "nothing but lower trumps, or forbidden only while you hold a higher trump.",
    )
    extra_rules: list[Slug] = Field(
        default_factory=list,
        description="Names of obligation plug-ins (entry-point group manille_variants.rules) "
        "applied after the built-in rules.",
    )

    @model_validator(mode="after")
    def _readings_agree(self) -> PlayRules:
        if self.beat_partner_at_no_trump and not self.beat_at_no_trump:
            raise SettingProblem(msg(BEAT_PARTNER_NO_TRUMP), at="beat_partner_at_no_trump")
        return self


class Tie(_Model):
    """What an equal split of the deal's points does."""

    carry: Literal["next-deal", "none"] = Field(
        "next-deal",
        description="next-deal: the next decisive deal carries the tie factor; none: the tied deal is simply void.",
    )
    factor: Factor = Field(2, description="Factor a pending tie brings to the next decisive deal.")
    stacking: Literal["single", "per-tie"] = Field(
        "single",
        description="single: one pending factor however many ties in a row; "
        "per-tie: the factor once per consecutive tie.",
    )


class Sweep(_Model):
    """A side that takes everything."""

    factor: Factor = Field(2, description="Factor for a sweep (1: no sweep bonus).")
    definition: Literal["all-tricks", "all-card-points"] = Field(
        "all-tricks", description="What counts as a sweep: all 8 tricks, or all the card points."
    )


class Scoring(_Model):
    """From card points to match points."""

    rank_order: list[str] = Field(
        default_factory=lambda: list(RANK_ORDER_DEFAULT),
        description="Playing strength of the ranks in every suit, highest first.",
    )
    card_values: dict[str, Count] = Field(
        default_factory=lambda: dict(CARD_VALUES_DEFAULT),
        description="Card points of each rank.",
    )
    trick_points: Count = Field(0, description="Points for each trick won, added to the card points.")
    last_trick_bonus: Count = Field(0, description="Points for winning the last trick.")
    tie: Tie = Field(default_factory=Tie, description="Tied deals.")
    sweep: Sweep = Field(default_factory=Sweep, description="Sweeps.")
    combine: Literal["multiply", "add"] = Field(
        "multiply", description="How factors combine: multiply, or add (1 + sum of (factor - 1))."
    )
    cap: Annotated[int, Field(ge=1, strict=True)] | None = Field(
        None, description="Maximum combined factor of a deal (null: no cap)."
    )
    adjustments: list[Slug] = Field(
        default_factory=list,
        description="Names of scoring plug-ins (entry-point group manille_variants.rules) that add factors.",
    )

    @field_validator("rank_order", mode="before")
    @classmethod
    def _rank_labels(cls, value: Any) -> Any:
        if isinstance(value, list):
            return [_rank_label(v) for v in value]
        return value

    @field_validator("card_values", mode="before")
    @classmethod
    def _value_keys(cls, value: Any) -> Any:
        if isinstance(value, dict):
            return {_rank_label(k): v for k, v in value.items()}
        return value

    @field_validator("rank_order")
    @classmethod
    def _permutation(cls, value: list[str]) -> list[str]:
        if sorted(value, key=_rank_sort) != sorted(RANK_LABELS, key=_rank_sort) or len(value) != 8:
            raise SettingProblem(msg(RANK_ORDER), key="rank_order")
        return value

    @field_validator("card_values")
    @classmethod
    def _all_ranks_valued(cls, value: dict[str, int]) -> dict[str, int]:
        unknown = [k for k in value if k not in RANK_LABELS]
        if unknown:
            raise SettingProblem(msg(UNKNOWN_RANKS, ranks=str(unknown)), key="card_values")
        missing = [r for r in RANK_LABELS if r not in value]
        if missing:
            raise SettingProblem(msg(MISSING_RANKS, ranks=str(missing)), key="card_values")
        return value

    @property
    def card_total(self) -> int:
        """Card points in the pack."""
        return 4 * sum(self.card_values.values())

    @property
    def deal_total(self) -> int:
        """All points of a deal at four seats (8 tricks); :attr:`Ruleset.deal_total` follows the table."""
        return self.card_total + HAND_SIZE * self.trick_points + self.last_trick_bonus


class MatchRules(_Model):
    """When a game and a match end."""

    target: Annotated[int, Field(ge=1, strict=True)] = Field(
        101, description="Match points a side needs, after a complete deal, to win a game."
    )
    best_of: Annotated[int, Field(ge=1, strict=True)] = Field(
        1, description="Games (boams) in a match: the first side to win a majority wins (odd)."
    )

    @field_validator("best_of")
    @classmethod
    def _odd(cls, value: int) -> int:
        if value % 2 == 0:
            raise SettingProblem(msg(BEST_OF_ODD, got=value), key="best_of")
        return value


class Undealt(_Model):
    """Cards left undealt (at tables of 3 and 6 players: two)."""

    count: Annotated[int, Field(ge=0, le=8, strict=True)] = Field(
        0, description="How many cards stay undealt: the last cards of the pack after the deal."
    )
    shown: bool = Field(
        True, description="The undealt cards are turned face up for everyone to see (false: nobody "
        "sees them before the deal is scored)."
    )
    points_to: Literal["dealer-side", "last-trick"] = Field(
        "dealer-side",
        description="Whose card points they are at the end of the deal: the dealer's side, or "
        "the side that wins the last trick.",
    )


class TableLayout(_Model):
    """Cards on the table in front of each player (the 2-player game): each face-down card
    covered by a face-up one."""

    covered: Annotated[int, Field(ge=0, le=8, strict=True)] = Field(
        0,
        description="Face-down cards in front of each player, each covered by a face-up card "
        "(0: no layout).  A face-up card is played like a hand card and counts for the duties to "
        "follow, beat and trump; when it is played, the card under it turns face up at the end "
        "of the trick.",
    )


class Table(_Model):
    """Who sits at the table: seats, the cards each holds, teams and the undealt cards."""

    seats: Annotated[int, Field(ge=2, le=6, strict=True)] = Field(
        4, description="Players at the table (2 to 6), numbered 0 up in clockwise order."
    )
    hand_size: Annotated[int, Field(ge=1, le=16, strict=True)] = Field(
        HAND_SIZE,
        description="Cards each player holds in hand; seats x (hand_size + 2 x layout.covered) "
        "+ undealt.count must make the 32 cards.",
    )
    teams: list[list[Annotated[int, Field(ge=0, strict=True)]]] | Literal["dealer-alone"] = Field(
        default_factory=lambda: [list(team) for team in TEAMS_DEFAULT],
        description="The two sides: two fixed lists of seats (every seat in one), or "
        "dealer-alone: for each deal the dealer plays alone against all the others, who are "
        "partners for that deal (a temporary team).",
    )
    credit: Literal["each-member", "split", "zero-sum"] = Field(
        "each-member",
        description="How a temporary team's match points are credited (teams: dealer-alone, each "
        "player keeping their own score): each-member (every member is credited the side's "
        "points), split (the side's points shared equally, rounded down), zero-sum (each "
        "defender gains or loses the side's points, the dealer the opposite of their sum).",
    )
    undealt: Undealt = Field(default_factory=Undealt, description="Cards left undealt.")
    layout: TableLayout = Field(default_factory=TableLayout, description="Face-down and face-up cards on the table.")

    @property
    def tricks(self) -> int:
        """Tricks in a deal: the cards each player holds, hand and layout."""
        return self.hand_size + 2 * self.layout.covered

    @property
    def temporary(self) -> bool:
        """Whether the sides change with the dealer (each player keeps their own score)."""
        return self.teams == "dealer-alone"

    def team_problem(self) -> tuple[str, Message] | None:
        """What is wrong with fixed ``teams`` at this table (the path below the table, the
        coded words), or None."""
        if isinstance(self.teams, str):
            return None
        if len(self.teams) != 2:
            return "teams", msg(TWO_TEAMS, count=len(self.teams))
        seen: list[int] = []
        for i, team in enumerate(self.teams):
            if not team:
                return f"teams.{i}", msg(EMPTY_TEAM)
            for seat in team:
                if seat >= self.seats:
                    return f"teams.{i}", msg(NOT_A_SEAT, seat=seat, seats=self.seats, last=self.seats - 1)
                if seat in seen:
                    return f"teams.{i}", msg(SEAT_TWICE, seat=seat)
                seen.append(seat)
        missing = [s for s in range(self.seats) if s not in seen]
        if missing:
            return "teams", msg(SEAT_IN_NO_TEAM, seat=missing[0], last=self.seats - 1)
        return None


class Ruleset(_Model):
    """A complete, resolved ruleset."""

    name: Slug = Field(description="Identifier of the ruleset (lower case, digits and dashes).")
    title: str = Field("", description="Human title.")
    description: str = Field("", description="What this ruleset is and where it is played.")
    sources: list[str] = Field(default_factory=list, description="Documents the rules were taken from.")
    aliases: list[Slug] = Field(default_factory=list, description="Other names this ruleset is found by.")
    table: Table = Field(default_factory=Table, description="Seats, hands, teams, undealt cards.")
    dealing: Dealing = Field(default_factory=Dealing, description="Shuffle, cut, deal, first lead.")
    trump: TrumpChoice = Field(default_factory=TrumpChoice, description="Trump choice and no-trump.")
    calls: list[Call] = Field(
        default_factory=list,
        description="The doubling ladder, in order (e.g. Ik ga mee, then Ik ga tegen); empty: no calls.",
    )
    play: PlayRules = Field(default_factory=PlayRules, description="Play obligations.")
    scoring: Scoring = Field(default_factory=Scoring, description="Deal scoring.")
    match: MatchRules = Field(default_factory=MatchRules, description="Game and match end.")

    @field_validator("calls")
    @classmethod
    def _calls_form_a_ladder(cls, calls: list[Call]) -> list[Call]:
        # A message starting with "@sub.path: " tells the loader where below `calls` it points.
        seen: set[str] = set()
        for i, call in enumerate(calls):
            if call.name in seen:
                raise SettingProblem(msg(DUPLICATE_CALL, name=call.name), at=f"{i}.name")
            if call.after is not None and call.after not in seen:
                known = ", ".join(sorted(seen)) or "none"
                raise SettingProblem(msg(CALL_AFTER, after=call.after, known=known), at=f"{i}.after")
            seen.add(call.name)
        return calls

    @model_validator(mode="after")
    def _table_fits(self) -> Ruleset:
        # Cross-field checks of the table; "@path: text" is located from the file's top.
        problem = _table_problem(self)
        if problem is not None:
            raise problem
        return self

    def content_dump(self) -> dict[str, Any]:
        """The resolved content as records store it and :meth:`content_hash` hashes it.

        Settings added after the first record format are left out while they hold their
        defaults, so a ruleset that does not use them keeps its hash and its records.
        """
        data = self.model_dump(mode="json")
        if data["table"] == _TABLE_DEFAULT:  # a four-player ruleset keeps its hash
            del data["table"]
        for section, key, default in _QUIET_DEFAULTS:
            if data[section].get(key, default) == default:
                data[section].pop(key, None)
        return data

    def content_hash(self) -> str:
        """A stable hash of the whole resolved content: same content, same hash."""
        canonical = json.dumps(self.content_dump(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(canonical.encode()).hexdigest()[:16]

    @property
    def deal_total(self) -> int:
        """All points of a deal: cards (the undealt ones too), tricks and last-trick bonus."""
        sc = self.scoring
        return sc.card_total + self.table.tricks * sc.trick_points + sc.last_trick_bonus

    def call_named(self, name: str) -> Call:
        for call in self.calls:
            if call.name == name:
                return call
        raise KeyError(name)


# (section, key, default) of the settings :meth:`Ruleset.content_dump` leaves out at their default.
_QUIET_DEFAULTS: tuple[tuple[str, str, Any], ...] = (
    ("trump", "turned_card", None),
    ("play", "beat_partner_at_no_trump", False),
    ("play", "undertrump_partner", "same"),
)


_TABLE_DEFAULT = Table().model_dump(mode="json")


def _table_problem(rs: Ruleset) -> SettingProblem | None:
    """The first cross-field problem of a ruleset's table (located from the file's top), or None."""
    table, dealing = rs.table, rs.dealing
    dealt = table.seats * table.tricks + table.undealt.count
    if dealt != DECK_SIZE:
        words = (msg(PACK_LAYOUT, seats=table.seats, hand_size=table.hand_size, covered=table.layout.covered,
                     undealt=table.undealt.count, dealt=dealt, pack=DECK_SIZE) if table.layout.covered
                 else msg(PACK, seats=table.seats, hand_size=table.hand_size, undealt=table.undealt.count,
                          dealt=dealt, pack=DECK_SIZE))
        return SettingProblem(words, at="table.hand_size")
    team = table.team_problem()
    if team is not None:
        return SettingProblem(team[1], at=f"table.{team[0]}")
    if table.layout.covered and table.seats != 2:
        return SettingProblem(msg(LAYOUT_TWO, seats=table.seats), at="table.layout.covered")
    if table.credit != "each-member" and not table.temporary:
        return SettingProblem(msg(CREDIT_TEMPORARY), at="table.credit")
    if sum(dealing.packets) != table.hand_size:
        return SettingProblem(msg(PACKETS_SUM, hand_size=table.hand_size, total=sum(dealing.packets)),
                              at="dealing.packets")
    if dealing.first_dealer != "random" and dealing.first_dealer >= table.seats:
        return SettingProblem(msg(FIRST_DEALER_SEAT, seat=dealing.first_dealer, seats=table.seats),
                              at="dealing.first_dealer")
    if rs.trump.delegation and not _dealer_has_partner(table):
        return SettingProblem(msg(NO_PARTNER_TO_DELEGATE), at="trump.delegation")
    if rs.trump.turned_card is not None and table.seats * table.hand_size != DECK_SIZE:
        return SettingProblem(msg(TURNED_ALL_DEALT), at="trump.turned_card")
    return None


def _dealer_has_partner(table: Table) -> bool:
    """Whether every dealer has a teammate (fixed teams of two or more)."""
    return not table.temporary and all(len(team) > 1 for team in table.teams)


def _rank_label(value: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if isinstance(value, str):
        return value.strip().upper()
    return value


def _rank_sort(label: str) -> str:
    return label
