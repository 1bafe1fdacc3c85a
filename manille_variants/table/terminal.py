"""A game against three bots in a terminal (``manille play``).

The match is a :class:`~manille_variants.table.session.Session` (the one the web app's *Play*
page plays too); this module asks the player, in plain typed lines from a :class:`LineReader`
(standard input by default, so a test or a script can drive it), and tells what happens.  End
of input or Ctrl-C leaves cleanly.  Output goes to a rich console; what the player sees of the
deal comes from their seat's view only.  The score sheet's terminal session lives in
:mod:`~manille_variants.table.sheet_session` (its names are importable from here too).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from manille_variants.bots import Bot
from manille_variants.cards import Card, parse_card
from manille_variants.engine.actions import BLIND, DELEGATE, LOOK, NO_TRUMP, PASS, Action, AnyAction
from manille_variants.engine.callbacks import explanation
from manille_variants.engine.deal import DealState
from manille_variants.engine.match import DealOutcome, Match
from manille_variants.engine.rules import Rules
from manille_variants.engine.scoring import pending_note_message, pending_short_message, score_lines
from manille_variants.engine.view import SeatView
from manille_variants.errors import CardError
from manille_variants.messages import Message, define, msg
from manille_variants.records.format import write_record
from manille_variants.ruleset.schema import Ruleset
from manille_variants.table.lines import EndOfInput, LineReader
from manille_variants.table.render import SheetRow, breakdown_table, sheet_table
from manille_variants.table.session import Session
from manille_variants.table.sheet_session import ScoresheetSession, show_sheet
from manille_variants.words import (
    BLIND_WORDS,
    NO_TRUMP_WORDS,
    TAKE_UP_CODES,
    card_markup,
    contract_text,
    hand_markup,
    parse_trump_suit,
)

__all__ = [
    "EndOfInput", "LineReader", "PlaySession", "ScoresheetSession", "parse_decision", "show_sheet",
]


_YES = ("y", "yes", "call", "ja", "oui")
_NO = ("n", "no", "p", "pass", "nee", "non", "")


_UNDEALT_TO = {"dealer-side": define("play.undealt-to.dealer-side", "the dealer's side"),
               "last-trick": define("play.undealt-to.last-trick", "the side that takes the last trick")}

# Who is who at the table, as the player sees it.
YOU = define("play.you", "You")
SEAT_NAMES = (YOU, define("play.left", "Left"), define("play.partner", "Partner"), define("play.right", "Right"))
SEAT = define("play.seat", "Seat {seat}")
YOU_LOWER = define("play.you.lower", "you")
SEAT_LOWER = define("play.seat.lower", "seat {seat}")
US = define("play.us", "us")
THEM = define("play.them", "them")
WE = define("play.we", "We")
THEY = define("play.they", "They")
THE_DEALER = define("play.the-dealer", "the dealer")
THE_OTHERS = define("play.the-others", "the others")
LABELLED = define("play.labelled", "{label} {value}")
# The flow of a match.
LEFT_GAME = define("play.left-game", "Left the game.")
INTERRUPTED = define("play.interrupted", "Interrupted: left the game.")
TITLE = define("play.title", "[bold]{title}[/bold] ({name}), seed {seed}")
TEAM_EVEN = define("play.team.even", "seats 0 and 2")
TEAM_ODD = define("play.team.odd", "seats 1 and 3")
CLOCKWISE = define("play.clockwise", "clockwise")
COUNTER_CLOCKWISE = define("play.counter-clockwise", "counter-clockwise")
WHERE = define("play.where", "in seat {seat} ({team}) with your Partner opposite")
WHERE_OTHER = define("play.where.other", "in seat {seat} of {seats}, {sides}")
SIT = define("play.sit", "You sit {where}; play goes {direction}. Game to {target}.")
SIT_BEST_OF = define("play.sit.best-of", "You sit {where}; play goes {direction}. Game to {target}, best of {best_of}.")
TYPE_A_CARD = define("play.type-a-card", "Type a card like 10h or qs; '?' for help, 'quit' to leave.")
SIDES_ALONE = define("play.sides.alone", "each deal the dealer alone against the others, each player keeping a score")
SIDES_AGAINST = define("play.sides.against", "against {seats}")
SIDES_PARTNERS = define("play.sides.partners", "with your partners in seats {seats}")
AND = define("play.and", " and ")
DEAL_RULE = define("play.deal-rule", "Deal {number}")
DEAL_RULE_GAME = define("play.deal-rule.game", "Deal {number} · game {game}")
YOU_DEAL = define("play.you-deal", "You deal. Match points: {scores}.")
DEALS = define("play.deals", "{who} deals. Match points: {scores}.")
NOTE = define("play.note", "{line} {note}.")
YOU_TURN_UP = define("play.you-turn-up", "You turn up {card}: {trump} is trump. The card stays on the table until it "
                     "is taken up ({take_up}).")
TURNS_UP = define("play.turns-up", "{who} turns up {card}: {trump} is trump. The card stays on the table until it "
                  "is taken up ({take_up}).")
UNDEALT_UP = define("play.undealt-up", "Undealt, face up: {cards} (their card points go to {whom}).")
UNDEALT_DOWN = define("play.undealt-down", "{count} cards lie undealt, face down.")
YOUR_HAND = define("play.your-hand", "Your hand: {hand}")
YOU_PLAY = define("play.you-play", "You play {card}")
PLAYS = define("play.plays", "{who} plays {card}")
PASSES = define("play.passes", "{who}: pass")
CALLS = define("play.calls", "{who}: [bold]{call}[/bold] (x{factor})")
YOU_DELEGATE = define("play.you-delegate", "You ask your Partner to name trump.")
DELEGATES_YOU = define("play.delegates-you", "{who} asks you to name trump.")
DELEGATES = define("play.delegates", "{who} asks {asked} to name trump.")
NAMES = define("play.names", "{who}: [bold]{contract}[/bold]")
CONTRACT_YOU_LEAD = define("play.contract.you-lead", "Contract: {contract}; You lead.")
CONTRACT_LEADS = define("play.contract.leads", "Contract: {contract}; {who} leads.")
TRICK_TO = define("play.trick-to", "Trick {number} to {who} (+{points} card points). Card points: {sides}.")
DEALING_ALONE = define("play.dealing-alone", "{dealer} (dealing alone) {a}, the others {b}")
US_THEM = define("play.us-them", "us {us}, them {them}")
DEAL_OVER = define("play.deal-over", "[bold]Deal {number} over.[/bold]")
SHEET_GAME = define("play.sheet.game", "Score sheet, game {game} (match points)")
SHEET = define("play.sheet", "Score sheet (match points)")
SHEET_SHORT = define("play.sheet.short", "Score sheet")
WIN_GAME = define("play.win-game", "{team} win game {game}; games: {games}.")
MATCH_OVER = define("play.match-over", "Match over")
WIN_MATCH = define("play.win-match", "[bold]{team} win the match.[/bold]")
GAME_TO = define("play.game-to", "game to {team}")
# Asking.
NOT_A_CHOICE = define("play.not-a-choice", "Not one of the choices: {text}. Choose {options}.")
BLIND_ASK = define("play.ask.blind", "Blind no-trump (x{factor}) before looking at your cards?")
LOOK_BLIND = define("play.ask.look-blind", "look / blind")
NT_OPTION = define("play.ask.nt", "nt (no-trump x{factor})")
DELEGATE_OPTION = define("play.ask.delegate", "delegate (partner names trump)")
NAME_TRUMP = define("play.ask.name-trump", "Name trump:")
ASKED_TO_NAME = define("play.ask.asked-to-name", "Your partner asks you to name trump. Name trump:")
CALL_ASK = define("play.ask.call", "Contract {contract}. Your hand: {hand}\nCall?")
PASS_OPTION = define("play.ask.pass", "pass")
YOUR_CARD = define("play.ask.card", "Your card:")
TYPE_CARD_HELP = define("play.type-card-help", "{error}. Type a card like 10h, or '?' for help.")
NOT_IN_HAND = define("play.not-in-hand", "{card} is not in your hand.")
NOT_ALLOWED = define("play.not-allowed", "{card} is not allowed: {why}")
TRICK_HOLDS = define("play.trick.holds", "Trick {number}: {plays}; {who} holds it.")
TRICK_YOU_HOLD = define("play.trick.you-hold", "Trick {number}: {plays}; You hold it.")
TRICK_YOU_LEAD = define("play.trick.you-lead", "Trick {number}: you lead.")
FACE_UP = define("play.face-up", "Face up before {whose}: {cards}")
TURNED_ON_TABLE = define("play.turned-on-table", "{trump} (turned {card} still on the table)")
TRUMP_HAND = define("play.trump-hand", "Trump: {trump}. Your hand: {hand}")
HELP = define("play.help", "Type a card (10h, QS, 7♣) or a decision when asked; 'hand' shows your hand, "
              "'last' the last trick, 'sheet' the score sheet, 'quit' leaves (the record is kept).")
NO_TRICK = define("play.no-trick", "No trick played yet.")
LAST_TRICK = define("play.last-trick", "Last trick: {plays}; won by {who}.")


def parse_decision(text: str, legal: Sequence[AnyAction], rules: Rules) -> AnyAction | None:
    """The decision a player typed, among ``legal``; None if the text names none of them."""
    word = "-".join(text.lower().split())
    for action in legal:
        if word == str(action).lower():
            return action
    return _blind_word(word, legal) or _trump_word(word, legal) or _call_word(word, legal, rules)


def _blind_word(word: str, legal: Sequence[AnyAction]) -> AnyAction | None:
    if BLIND not in legal:
        return None
    if word in ("b", *BLIND_WORDS, *_YES):
        return BLIND
    if word in ("l", "look", *_NO):
        return LOOK
    return None


def _trump_word(word: str, legal: Sequence[AnyAction]) -> AnyAction | None:
    if word in NO_TRUMP_WORDS and NO_TRUMP in legal:
        return NO_TRUMP
    if word in ("d", "delegate", "partner") and DELEGATE in legal:
        return DELEGATE
    try:
        suit = parse_trump_suit(word)
    except CardError:
        return None
    return next((a for a in legal if isinstance(a, Action) and a.kind == "trump" and a.arg == suit.name), None)


def _call_word(word: str, legal: Sequence[AnyAction], rules: Rules) -> AnyAction | None:
    calls = [a for a in legal if isinstance(a, Action) and a.kind == "call"]
    if PASS in legal and word in _NO:
        return PASS
    for call in calls:
        label = "-".join(rules.ruleset.call_named(call.arg or "").label.lower().split())
        if word in (call.arg, label) or (word in _YES and len(calls) == 1):
            return call
    return None


# ------------------------------------------------------------------------- play


@dataclass
class PlaySession:
    """A match in the terminal: the player in ``seat``, bots in the other three seats."""

    ruleset: Ruleset
    seed: int = 0
    seat: int = 0
    bots: str = "heuristic"
    record: Path | None = None
    console: Console = field(default_factory=lambda: Console(highlight=False, soft_wrap=True))
    reader: LineReader | None = None
    lang: str = "en"
    session: Session = field(init=False)

    def __post_init__(self) -> None:
        self.session = Session(self.ruleset, self.seed, self.seat, self.bots, on_action=self._announce)
        if self.reader is None:
            self.reader = LineReader(self.console)

    @property
    def match(self) -> Match:
        return self.session.match

    @property
    def players(self) -> list[Bot]:
        return self.session.players

    @property
    def finals(self) -> list[DealState]:
        return self.session.finished

    @property
    def rules(self) -> Rules:
        return self.match.rules

    def say(self, code: str, **params: object) -> str:
        """The sentence ``code`` in the player's language."""
        return msg(code, **params).text(self.lang)

    def _print(self, code: str, **params: object) -> None:
        self.console.print(self.say(code, **params))

    def _words(self, message: Message | None) -> str:
        return message.text(self.lang) if message is not None else ""

    def name(self, seat: int) -> str:
        """The seat as the player sees it: You, Left, Partner, Right (seats are numbered
        clockwise, so the next seat is on your left); at another table You or Seat N."""
        if self.rules.default_table:
            return self.say(SEAT_NAMES[(seat - self.seat) % 4])
        return self.say(YOU) if seat == self.seat else self.say(SEAT, seat=seat)

    def _lower_name(self, seat: int) -> str:
        """``you`` or ``seat N`` inside a sentence."""
        return self.say(YOU_LOWER) if seat == self.seat else self.say(SEAT_LOWER, seat=seat)

    @property
    def per_player(self) -> bool:
        """Whether every player keeps their own score (the dealer alone against the others)."""
        return self.rules.temporary_teams

    def _labels(self) -> tuple[str, ...]:
        """The score sheet's columns: us and them, or every player."""
        if self.per_player:
            return tuple(self._lower_name(s) for s in range(self.rules.seats))
        return (self.say(US), self.say(THEM))

    def _columns(self, values: Sequence[int]) -> tuple[int, ...]:
        """Per-team values (team 0, team 1) as us and them, or per-player values as they are."""
        return tuple(values) if self.per_player else self._us_them(values)

    def _scores_text(self, values: Sequence[int]) -> str:
        return ", ".join(self.say(LABELLED, label=label, value=value)
                         for label, value in zip(self._labels(), self._columns(values), strict=True))

    def run(self) -> int:
        """Play until the match is over or the input ends; returns the exit status."""
        status = 0
        try:
            self._intro()
            while not self.match.is_over:
                self._play_deal()
            self._finale()
        except EndOfInput:
            self._print(LEFT_GAME)
        except KeyboardInterrupt:
            self.console.print("\n" + self.say(INTERRUPTED))
            status = 130
        finally:
            self._save()
        return status

    # ------------------------------------------------------------- flow
    def _intro(self) -> None:
        rs = self.ruleset
        team = self.say(TEAM_EVEN if self.seat % 2 == 0 else TEAM_ODD)
        direction = self.say(CLOCKWISE if self.rules.step == 1 else COUNTER_CLOCKWISE)
        self._print(TITLE, title=rs.title or rs.name, name=rs.name, seed=self.seed)
        where = self.say(WHERE, seat=self.seat, team=team)
        if not self.rules.default_table:
            where = self.say(WHERE_OTHER, seat=self.seat, seats=self.rules.seats, sides=self._sides_text())
        if rs.match.best_of > 1:
            self._print(SIT_BEST_OF, where=where, direction=direction, target=rs.match.target,
                        best_of=rs.match.best_of)
        else:
            self._print(SIT, where=where, direction=direction, target=rs.match.target)
        self._print(TYPE_A_CARD)

    def _sides_text(self) -> str:
        rules = self.rules
        if rules.temporary_teams:
            return self.say(SIDES_ALONE)
        partners = rules.partners(self.seat, 0)
        if not partners:
            others = [self.say(SEAT_LOWER, seat=s) for s in range(rules.seats) if s != self.seat]
            return self.say(SIDES_AGAINST, seats=self.say(AND).join(others))
        return self.say(SIDES_PARTNERS, seats=self.say(AND).join(map(str, partners)))

    def _play_deal(self) -> None:
        state = self.session.deal()
        self._deal_header(state)
        while not (state := self.session.advance()).is_over:  # the bots act, each action announced
            self.session.act(self._ask(state))
        self._deal_end(state)
        self._save()

    def _deal_header(self, state: DealState) -> None:
        m = self.match
        number = len(m.deals) + 1
        several = self.ruleset.match.best_of > 1
        self.console.rule(self.say(DEAL_RULE_GAME, number=number, game=m.game + 1) if several
                          else self.say(DEAL_RULE, number=number))
        scores = self._scores_text(m.scores)
        line = (self.say(YOU_DEAL, scores=scores) if state.dealer == self.seat
                else self.say(DEALS, who=self.name(state.dealer), scores=scores))
        note = self._words(pending_note_message(self.rules, m.pending_ties))
        self.console.print(self.say(NOTE, line=line, note=f"{note[0].upper()}{note[1:]}") if note else line)
        view = state.view(self.seat)
        if view.turned is not None:
            take_up = self.say(TAKE_UP_CODES[self.rules.turned_take_up or "before-first-trick"])
            trump = contract_text("trump", view.turned.suit, lang=self.lang)
            card = card_markup(view.turned)
            self.console.print(self.say(YOU_TURN_UP, card=card, trump=trump, take_up=take_up)
                               if state.dealer == self.seat else
                               self.say(TURNS_UP, who=self.name(state.dealer), card=card, trump=trump, take_up=take_up))
        if view.undealt:
            self._print(UNDEALT_UP, cards=" ".join(card_markup(c) for c in view.undealt),
                        whom=self.say(_UNDEALT_TO[self.rules.undealt_to]))
        elif self.rules.undealt_count:
            self._print(UNDEALT_DOWN, count=self.rules.undealt_count)
        if view.looked and state.to_play != self.seat:  # else the first prompt shows it
            self._print(YOUR_HAND, hand=hand_markup(self.rules, view.hand))
        if state.phase == "play":  # nothing to decide: the turned card named trump
            self._contract_line(state)

    def _announce(self, before: DealState, after: DealState, seat: int, action: AnyAction) -> None:
        who = self.name(seat)
        if isinstance(action, Card):
            self.console.print(self.say(YOU_PLAY, card=card_markup(action)) if seat == self.seat
                               else self.say(PLAYS, who=who, card=card_markup(action)))
            if len(after.tricks) > len(before.tricks):
                self._trick_end(after)
            return
        self._announce_decision(before, after, who, action)

    def _announce_decision(self, before: DealState, after: DealState, who: str, action: AnyAction) -> None:
        if action == LOOK:
            return  # the trump prompt shows the dealer's hand
        if action == PASS:
            self._print(PASSES, who=who)
        elif isinstance(action, Action) and action.kind == "call":
            call = self.ruleset.call_named(action.arg or "")
            self._print(CALLS, who=who, call=call.label or call.name, factor=call.factor)
        elif action == DELEGATE:
            if who == self.say(YOU):
                self._print(YOU_DELEGATE)
            else:
                chooser = after.chooser if after.chooser is not None else before.dealer ^ 2
                if chooser == self.seat:
                    self._print(DELEGATES_YOU, who=who)
                else:
                    self._print(DELEGATES, who=who, asked=self.name(chooser))
        else:
            self._print(NAMES, who=who, contract=contract_text(after.mode, after.trump_suit, lang=self.lang))
            if before.phase == "blind" and after.phase != "blind":
                self._show_hand_after_blind(after)
        if after.phase == "play" and before.phase != "play":
            self._contract_line(after)

    def _show_hand_after_blind(self, state: DealState) -> None:
        view = state.view(self.seat)
        if view.looked and self.seat == state.dealer:
            self._print(YOUR_HAND, hand=hand_markup(self.rules, view.hand))

    def _contract_line(self, state: DealState) -> None:
        calls = tuple(self._call_label(c) for c in state.calls)
        contract = contract_text(state.mode, state.trump_suit, calls, lang=self.lang)
        if state.leader == self.seat:
            self._print(CONTRACT_YOU_LEAD, contract=contract)
        else:
            self._print(CONTRACT_LEADS, contract=contract, who=self.name(state.leader))

    def _call_label(self, name: str) -> str:
        call = self.ruleset.call_named(name)
        return call.label or call.name

    def _trick_end(self, state: DealState) -> None:
        _, cards, winner = state.tricks[-1]
        points = sum(self.rules.values[c.index] for c in cards)
        self._print(TRICK_TO, number=len(state.tricks), who=self.name(winner), points=points,
                    sides=self._deal_sides_text(state, state.points))

    def _deal_sides_text(self, state: DealState, sides: Sequence[int]) -> str:
        """A deal's two sides' figures (side 0, side 1) as us and them, or the dealer and the others."""
        if self.per_player:
            return self.say(DEALING_ALONE, dealer=self._lower_name(state.dealer), a=sides[0], b=sides[1])
        us, them = self._us_them(sides)
        return self.say(US_THEM, us=us, them=them)

    def _deal_end(self, state: DealState) -> None:
        assert state.result is not None
        score = state.result
        rules = self.rules
        if rules.side(self.seat, state.dealer) != rules.side(state.dealer, state.dealer):
            score = score.swapped()
        labels = (self.say(US), self.say(THEM))
        if self.per_player:
            labels = (self.say(YOU_LOWER), self.say(THE_DEALER if self.seat != state.dealer else THE_OTHERS))
        self._print(DEAL_OVER, number=len(self.match.deals))
        if not score.thrown_in:
            self.console.print(breakdown_table(score, labels, lang=self.lang))
        for line in score_lines(score, labels):
            self.console.print(line.text(self.lang))
        outcome = self.match.deals[-1]
        several = self.ruleset.match.best_of > 1
        title = self.say(SHEET_GAME, game=outcome.game + 1) if several else self.say(SHEET)
        self.console.print(sheet_table(self._rows(outcome.game), self._labels(), title=title, lang=self.lang))
        if outcome.game_winner is not None and not self.match.is_over:
            self._print(WIN_GAME, team=self._team_word(outcome.game_winner), game=outcome.game + 1,
                        games=self._scores_text(self.match.games))

    def _finale(self) -> None:
        winner = self.match.winner
        assert winner is not None
        self.console.rule(self.say(MATCH_OVER))
        self._print(WIN_MATCH, team=self._team_word(winner))

    def _team_word(self, team: int) -> str:
        if self.per_player:  # a player won
            return self.say(YOU) if team == self.seat else self.say(SEAT, seat=team)
        return self.say(WE if team == self._my_team else THEY)

    @property
    def _my_team(self) -> int:
        return self.rules.side(self.seat, 0)  # fixed teams: the dealer does not matter

    def _us_them(self, pair: Sequence[int]) -> tuple[int, int]:
        mine = self._my_team
        return pair[mine], pair[1 - mine]

    def _note(self, outcome: DealOutcome) -> str:
        if outcome.game_winner is not None:
            if self.per_player:
                return self.say(GAME_TO, team=self._lower_name(outcome.game_winner))
            return self.say(GAME_TO, team=self.say(US if outcome.game_winner == self._my_team else THEM))
        return self._words(pending_short_message(self.rules, outcome.pending_after))

    def _rows(self, game: int | None = None) -> list[SheetRow]:
        rows = []
        for outcome, final in zip(self.match.deals, self.finals, strict=False):
            if game is not None and outcome.game != game:
                continue
            score = outcome.score
            dealer_team = self.rules.side(outcome.dealer, outcome.dealer)
            card = None
            if not score.thrown_in:
                pair = score.card_points if dealer_team == 0 else score.card_points[::-1]
                card = (pair[0], pair[1]) if self.per_player else self._us_them(pair)  # the dealer's first
            calls = tuple(self._call_label(c) for c in final.calls[-1:])
            gained = outcome.player_points if self.per_player else self._us_them(outcome.team_points)
            rows.append(SheetRow(
                number=outcome.index + 1, game=outcome.game, dealer=self.name(outcome.dealer),
                contract=contract_text(score.mode, final.trump_suit, calls, short=True, lang=self.lang),
                card_points=card,
                points=gained, totals=self._columns(outcome.scores_after),
                pending=outcome.pending_after, note=self._note(outcome),
            ))
        return rows

    # ------------------------------------------------------------- asking
    def _ask(self, state: DealState) -> AnyAction:
        view: SeatView = state.view(self.seat)
        if view.phase == "play":
            return self._ask_card(state, view)
        return self._ask_decision(state, view)

    def _ask_decision(self, state: DealState, view: SeatView) -> AnyAction:
        prompt, options = self._decision_prompt(view)
        assert self.reader is not None
        while True:
            text = self.reader.ask(f"{prompt} {escape('[' + options + ']')}:")
            if self._command(text, state):
                continue
            action = parse_decision(text, view.legal, self.rules)
            if action is not None:
                return action
            self._print(NOT_A_CHOICE, text=repr(text), options=options)

    def _decision_prompt(self, view: SeatView) -> tuple[str, str]:
        rules = self.rules
        if view.phase == "blind":
            return self.say(BLIND_ASK, factor=rules.blind_factor), self.say(LOOK_BLIND)
        if view.phase == "trump":
            self._print(YOUR_HAND, hand=hand_markup(rules, view.hand))
            options = ["S", "H", "D", "C"]
            if NO_TRUMP in view.legal:
                options.append(self.say(NT_OPTION, factor=rules.no_trump_factor))
            if DELEGATE in view.legal:
                options.append(self.say(DELEGATE_OPTION))
            asked = view.chooser == view.seat and view.dealer != view.seat
            return self.say(ASKED_TO_NAME if asked else NAME_TRUMP), " / ".join(options)
        calls = [a for a in view.legal if isinstance(a, Action) and a.kind == "call"]
        names = [f"{self._call_label(c.arg or '')} (x{self.ruleset.call_named(c.arg or '').factor})" for c in calls]
        contract = contract_text(view.mode, view.trump, tuple(self._call_label(c) for c in view.calls), lang=self.lang)
        return (self.say(CALL_ASK, contract=contract, hand=hand_markup(rules, view.hand)),
                " / ".join([self.say(PASS_OPTION), *[c.arg or "" for c in calls]]) + f"  ({', '.join(names)})")

    def _ask_card(self, state: DealState, view: SeatView) -> AnyAction:
        legal = [a for a in view.legal if isinstance(a, Card)]
        self._show_table(view, legal)
        assert self.reader is not None
        while True:
            text = self.reader.ask(self.say(YOUR_CARD))
            if self._command(text, state):
                continue
            try:
                card = parse_card(text)
            except CardError as exc:
                self._print(TYPE_CARD_HELP, error=exc.text(self.lang))
                continue
            if card in legal:
                return card
            if card not in view.hand:
                self._print(NOT_IN_HAND, card=card_markup(card))
            else:
                self._print(NOT_ALLOWED, card=card_markup(card), why=explanation(state).text(self.lang))

    def _show_table(self, view: SeatView, legal: list[Card]) -> None:
        if view.trick:
            plays = ", ".join(
                f"{self.name(self.rules.seat_after(view.trick_leader, i))} {card_markup(c)}"
                for i, c in enumerate(view.trick)
            )
            number = len(view.tricks) + 1
            if view.winning_seat == self.seat:
                self._print(TRICK_YOU_HOLD, number=number, plays=plays)
            else:
                holder = self.name(view.winning_seat) if view.winning_seat is not None else "?"
                self._print(TRICK_HOLDS, number=number, plays=plays, who=holder)
        else:
            self._print(TRICK_YOU_LEAD, number=len(view.tricks) + 1)
        trump = contract_text(view.mode, view.trump, lang=self.lang)
        for seat, cards in enumerate(view.face_up):
            if cards:
                whose = self.say(YOU_LOWER) if seat == self.seat else self.name(seat)
                self._print(FACE_UP, whose=whose, cards=" ".join(card_markup(c) for c in cards))
        if view.turned_on_table and view.turned is not None:
            trump = self.say(TURNED_ON_TABLE, trump=trump, card=card_markup(view.turned))
        self._print(TRUMP_HAND, trump=trump, hand=hand_markup(self.rules, view.hand, legal))

    def _command(self, text: str, state: DealState) -> bool:
        word = text.lower()
        if word in ("quit", "exit", "q"):
            raise EndOfInput
        if word in ("?", "help"):
            self._print(HELP)
            return True
        if word == "hand":
            view = state.view(self.seat)
            self._print(YOUR_HAND, hand=hand_markup(self.rules, view.hand))
            return True
        if word == "last":
            self._show_last(state)
            return True
        if word in ("sheet", "score", "scores"):
            several = self.ruleset.match.best_of > 1
            self.console.print(sheet_table(self._rows(), self._labels(), title=self.say(SHEET_SHORT), games=several,
                                           lang=self.lang))
            return True
        return False

    def _show_last(self, state: DealState) -> None:
        if not state.tricks:
            self._print(NO_TRICK)
            return
        leader, cards, winner = state.tricks[-1]
        plays = ", ".join(f"{self.name(self.rules.seat_after(leader, i))} {card_markup(c)}"
                          for i, c in enumerate(cards))
        self._print(LAST_TRICK, plays=plays, who=self.name(winner))

    # ------------------------------------------------------------- record
    def _save(self) -> None:
        if self.record is None or not self.session.deals():
            return
        names = [("you" if s == self.seat else self.players[s].name) for s in range(self.rules.seats)]
        write_record(self.session.record(names, "manille play"), self.record)
