//! A deal as a small `Copy` state driven by [`Action`]s.

use crate::action::Action;
use crate::cards::{self, CardSet, DECK, FULL, MAX_SEATS, NONE};
use crate::layout::{cut_pack, Layout};
use crate::legality::{legal, trick_winner, TrickView};
use crate::rules::{CallBy, Mode, Rules, TakeUp, TrumpSource};
use crate::scoring::{self, DealResult};
use crate::shuffle::shuffle;

/// Where a deal stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The dealer decides between looking at the hand and blind no-trump.
    Blind,
    /// Trump (or no-trump, or delegation) is to be named.
    Trump,
    /// Seats are asked in turn for a doubling call.
    Calls,
    /// Cards are played.
    Play,
    /// Played out, or thrown in.
    Over,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Blind => "blind",
            Phase::Trump => "trump",
            Phase::Calls => "calls",
            Phase::Play => "play",
            Phase::Over => "over",
        }
    }
}

/// Why an action was refused (the Python side words the message).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalAction {
    /// Not one of the actions open in this phase.
    NotPossible,
    /// A card the player does not hold.
    NotInHand,
    /// A card the player holds but may not play now.
    NotLegal,
    /// A throw-in under a ruleset without the early-look throw-in.
    NoThrowIn,
    /// A throw-in after trump was named.
    ThrowInTooLate,
    /// Any action once the deal is over.
    DealOver,
}

/// One deal: the hands, what has been decided and played.  Apply actions with [`Deal::apply`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Deal {
    /// The hands as dealt, by seat (with a layout, its cards too).
    pub dealt: [CardSet; MAX_SEATS],
    /// The cards not played yet (in hands and layouts).
    pub rem: CardSet,
    /// The layouts (a two-seat table): which card covers which, which are still face down.
    pub layout: Layout,
    /// The cards left undealt (counted for a side once the deal is over).
    pub undealt: CardSet,
    /// The cards won by team 0 (seats 0, 2) and team 1.
    pub won: [CardSet; 2],
    /// The cards played, in order.
    pub history: [u8; DECK],
    pub dealer: u8,
    pub cut: u8,
    /// The turned card (trump by the turned card), else [`NONE`].
    pub turned: u8,
    pub phase: Phase,
    pub to_play: u8,
    pub mode: Option<Mode>,
    /// The trump suit, [`NONE`] at no-trump or before it is named.
    pub trump: u8,
    /// The seat that named trump or was asked to, [`NONE`] before.
    pub chooser: u8,
    /// How many calls were made, and the last one's index ([`NONE`]: none).
    pub calls: u8,
    pub last_call: u8,
    /// Seats still to be asked for a call, `to_play` first.
    pub queue: [u8; MAX_SEATS],
    pub queue_len: u8,
    /// The seat and card holding the trick in progress.
    pub win_seat: u8,
    pub win_card: u8,
    /// The winner of the last completed trick ([`NONE`] before).
    pub last_winner: u8,
    pub thrown_in: bool,
    pub pending_ties: u32,
    /// The decisions taken before the first card (and a throw-in), in order.
    pub decisions: [Action; MAX_DECISIONS],
    pub n_decisions: u8,
}

/// The most decisions a deal records: look or blind, delegate, trump, and the calls phase
/// (at most 4 + 4 asks per call of the ladder, which [`Rules::new`] limits to 5 calls).
pub const MAX_DECISIONS: usize = 28;

impl Deal {
    /// Shuffle with `seed`, cut, and deal in the ruleset's packets and direction.
    ///
    /// `scores` (team 0, team 1 in the current game) matter only for blind no-trump offered
    /// "only when behind".
    pub fn new(rules: &Rules, seed: i128, dealer: u8, pending_ties: u32, scores: [i64; 2]) -> Deal {
        let (order, cut) = shuffle(seed);
        Deal::from_shuffle(rules, &order, cut, dealer, pending_ties, scores)
    }

    /// The deal of a shuffled pack and its cut (as [`crate::shuffle::shuffle`] gives them):
    /// [`Deal::new`] without the shuffle, so that one shuffle can be dealt under several
    /// rulesets.
    pub fn from_shuffle(
        rules: &Rules,
        order: &[u8; DECK],
        cut: u8,
        dealer: u8,
        pending_ties: u32,
        scores: [i64; 2],
    ) -> Deal {
        let seats = &rules.deal_seat[dealer as usize];
        let mut dealt = [0; MAX_SEATS];
        for (p, &card) in order.iter().enumerate() {
            let q = (p + DECK - cut as usize) % DECK; // the position in the cut pack
            if let Some(hand) = dealt.get_mut(seats[q] as usize) {
                *hand |= 1 << card; // NONE: the card stays undealt
            }
        }
        // The last card dealt is the dealer's: at position cut - 1 of the uncut pack.
        let turned = order[cut as usize - 1];
        let mut deal = Deal::start(rules, dealt, cut, turned, dealer, pending_ties, scores);
        deal.layout = Layout::dealt(rules, cut_pack(order, cut));
        deal
    }

    /// A deal of given hands (in seat order, `N` of them up to [`MAX_SEATS`]); `turned` is
    /// the dealer's turned card, if any.
    pub fn from_hands<const N: usize>(
        rules: &Rules,
        hands: [CardSet; N],
        turned: Option<u8>,
        dealer: u8,
        pending_ties: u32,
        scores: [i64; 2],
    ) -> Deal {
        let mut dealt = [0; MAX_SEATS];
        dealt[..N].copy_from_slice(&hands);
        Deal::start(
            rules,
            dealt,
            0,
            turned.unwrap_or(NONE),
            dealer,
            pending_ties,
            scores,
        )
    }

    fn start(
        rules: &Rules,
        dealt: [CardSet; MAX_SEATS],
        cut: u8,
        turned: u8,
        dealer: u8,
        pending_ties: u32,
        scores: [i64; 2],
    ) -> Deal {
        let d = &rules.data;
        let turned_trump = d.trump_source == TrumpSource::Turned && turned != NONE;
        let held = dealt[..d.seats as usize].iter().fold(0, |all, &h| all | h);
        let mut deal = Deal {
            dealt,
            rem: held,
            layout: Layout::default(),
            undealt: FULL ^ held,
            won: [0, 0],
            history: [0; DECK],
            dealer,
            cut,
            turned: if turned_trump { turned } else { NONE },
            phase: Phase::Trump,
            to_play: dealer,
            mode: None,
            trump: NONE,
            chooser: NONE,
            calls: 0,
            last_call: NONE,
            queue: [NONE; MAX_SEATS],
            queue_len: 0,
            win_seat: NONE,
            win_card: NONE,
            last_winner: NONE,
            thrown_in: false,
            pending_ties,
            decisions: [Action(0); MAX_DECISIONS],
            n_decisions: 0,
        };
        if turned_trump {
            deal.named(rules, Mode::Trump, cards::suit(turned), NONE);
        } else if d.blind_allowed && behind_enough(rules, dealer, scores) {
            deal.phase = Phase::Blind;
        }
        deal
    }

    // ------------------------------------------------------------------ reading
    /// Whether `seat` may see its own hand now: the dealer not before the blind decision; the
    /// dealer's partners not before trump is named, unless asked to name it.
    pub fn has_looked(&self, rules: &Rules, seat: u8) -> bool {
        if seat == self.dealer {
            return self.phase != Phase::Blind;
        }
        if rules.teammates(seat, self.dealer, self.dealer)
            && matches!(self.phase, Phase::Blind | Phase::Trump)
        {
            return self.chooser == seat;
        }
        true
    }

    /// How many cards have been played.
    #[inline]
    pub fn played(&self) -> usize {
        DECK - (self.rem | self.undealt).count_ones() as usize
    }

    /// The cards of the trick in progress, in play order.
    pub fn trick<'a>(&'a self, rules: &Rules) -> &'a [u8] {
        let n = self.played();
        &self.history[n - n % rules.seats() as usize..n]
    }

    /// How many tricks are complete.
    pub fn tricks_done(&self, rules: &Rules) -> usize {
        self.played() / rules.seats() as usize
    }

    /// The completed tricks in order: (leader seat, cards in play order, winner seat).
    pub fn completed_tricks<'a>(
        &'a self,
        rules: &'a Rules,
    ) -> impl Iterator<Item = (u8, &'a [u8], u8)> + 'a {
        let seats = rules.seats() as usize;
        let trump = self.trump_suit();
        let mut leader = rules.first_leader(self.dealer);
        self.history[..self.tricks_done(rules) * seats]
            .chunks(seats)
            .map(move |cards| {
                let winner = rules.seat_after(leader, trick_winner(rules, cards, trump) as i64);
                let trick = (leader, cards, winner);
                leader = winner;
                trick
            })
    }

    /// The cards `seat` may play from: its hand and its layout's face-up cards (a face-up
    /// card is played like a hand card and counts for every duty; a face-down one does not).
    #[inline]
    pub fn hand(&self, seat: u8) -> CardSet {
        self.dealt[seat as usize] & self.rem & !self.layout.down
    }

    /// The face-up cards of `seat`'s layout not played yet (seen by everyone).
    pub fn face_up(&self, seat: u8) -> CardSet {
        self.layout.face_up(self.dealt[seat as usize] & self.rem)
    }

    /// The face-down cards of `seat`'s layout still covered (seen by nobody), in deal order.
    pub fn face_down(&self, seat: u8) -> Vec<u8> {
        self.layout.face_down(self.dealt[seat as usize])
    }

    pub fn trump_suit(&self) -> Option<u8> {
        (self.trump != NONE).then_some(self.trump)
    }

    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The seat that led the trick in progress (or leads the next one).
    pub fn leader(&self, rules: &Rules) -> u8 {
        if self.phase != Phase::Play {
            return if self.last_winner == NONE {
                rules.first_leader(self.dealer)
            } else {
                self.last_winner
            };
        }
        rules.seat_after(self.to_play, -(self.trick(rules).len() as i64))
    }

    /// The legal cards of the player to act (0 outside the play phase).
    pub fn legal_cards(&self, rules: &Rules) -> CardSet {
        if self.phase != Phase::Play {
            return 0;
        }
        let mut hand = self.hand(self.to_play);
        let trick = self.trick(rules);
        if self.turned != NONE && self.to_play == self.dealer && !self.taken_up(rules, trick.len())
        {
            hand &= !(1 << self.turned);
        }
        let view = trick.first().map(|&first| TrickView {
            led: cards::suit(first),
            winning: self.win_card,
            partner_wins: rules.teammates(self.win_seat, self.to_play, self.dealer),
        });
        legal(rules, hand, view, self.trump_suit())
    }

    /// Whether the turned card still lies on the table: through the calls, and in the play
    /// until the take-up moment (never when trump was named).
    pub fn turned_on_table(&self, rules: &Rules) -> bool {
        self.turned != NONE
            && match self.phase {
                Phase::Play => !self.taken_up(rules, self.trick(rules).len()),
                Phase::Over => false,
                Phase::Blind | Phase::Trump | Phase::Calls => true,
            }
    }

    /// Whether the dealer has taken up the turned card, `in_trick` cards into the trick.
    fn taken_up(&self, rules: &Rules, in_trick: usize) -> bool {
        if self.tricks_done(rules) > 0 {
            return true;
        }
        match rules.data.take_up {
            TakeUp::FirstTrickStart => true,
            TakeUp::AfterFirstCard => in_trick > 0,
            TakeUp::AfterFirstTrick => false,
        }
    }

    /// The actions open to the player to act, as a set of action-code bits (bit `code`).
    pub fn legal_actions(&self, rules: &Rules) -> u64 {
        match self.phase {
            Phase::Play => self.legal_cards(rules) as u64,
            Phase::Blind => bit(Action::LOOK) | bit(Action::BLIND),
            Phase::Trump => {
                let d = &rules.data;
                let mut set = 0xF << 32;
                if d.no_trump_allowed {
                    set |= bit(Action::NO_TRUMP);
                }
                if d.delegation && self.chooser == NONE {
                    set |= bit(Action::DELEGATE);
                }
                set
            }
            Phase::Calls => {
                bit(Action::PASS) | (open_calls(rules, self, self.to_play) << Action::FIRST_CALL)
            }
            Phase::Over => 0,
        }
    }

    /// The legal actions as a list, in code order.
    pub fn legal_action_list(&self, rules: &Rules) -> Vec<Action> {
        let mut set = self.legal_actions(rules);
        let mut out = Vec::with_capacity(set.count_ones() as usize);
        while set != 0 {
            out.push(Action(set.trailing_zeros() as u8));
            set &= set - 1;
        }
        out
    }

    /// The deal's result, once it is over.
    pub fn result(&self, rules: &Rules) -> Option<DealResult> {
        if self.phase != Phase::Over {
            return None;
        }
        if self.thrown_in {
            return Some(scoring::thrown(rules, self.pending_ties));
        }
        let team = rules.side(self.dealer, self.dealer);
        let won = self.won[team as usize];
        let tricks = (won.count_ones() / rules.seats() as u32) as u8;
        let last_to_a = rules.side(self.last_winner, self.dealer) == team;
        let turned = (self.turned != NONE).then_some(self.turned);
        // The undealt cards count for the dealer's side, or the side of the last trick.
        let undealt = if !rules.data.undealt_to_last_trick || last_to_a {
            self.undealt
        } else {
            0
        };
        Some(scoring::score(
            rules,
            &scoring::Figures {
                points: rules.points(won | undealt),
                tricks,
                mode: self.mode.unwrap_or(Mode::Trump),
                calls: self.calls,
                pending_ties: self.pending_ties,
                last_to_a,
                turned,
            },
        ))
    }

    // ------------------------------------------------------------------ acting
    /// The state after `action` by the player to act.
    pub fn apply(&self, rules: &Rules, action: Action) -> Result<Deal, IllegalAction> {
        let mut next = *self;
        next.apply_mut(rules, action)?;
        Ok(next)
    }

    /// Apply `action` in place (unchanged on error).
    pub fn apply_mut(&mut self, rules: &Rules, action: Action) -> Result<(), IllegalAction> {
        if action == Action::THROW_IN {
            return self.throw_in(rules);
        }
        match self.phase {
            Phase::Over => Err(IllegalAction::DealOver),
            Phase::Play => match action.as_card() {
                Some(card) => self.play(rules, card),
                None => Err(IllegalAction::NotPossible),
            },
            _ if self.legal_actions(rules) & bit(action) == 0 => Err(IllegalAction::NotPossible),
            _ => {
                self.record(action);
                self.decide(rules, action);
                Ok(())
            }
        }
    }

    fn record(&mut self, action: Action) {
        if let Some(slot) = self.decisions.get_mut(self.n_decisions as usize) {
            *slot = action;
            self.n_decisions += 1;
        }
    }

    /// The decisions taken, in order.
    pub fn decisions(&self) -> &[Action] {
        &self.decisions[..self.n_decisions as usize]
    }

    fn throw_in(&mut self, rules: &Rules) -> Result<(), IllegalAction> {
        if self.phase == Phase::Over {
            return Err(IllegalAction::DealOver);
        }
        if !rules.data.early_look_throws_in {
            return Err(IllegalAction::NoThrowIn);
        }
        if !matches!(self.phase, Phase::Blind | Phase::Trump) {
            return Err(IllegalAction::ThrowInTooLate);
        }
        self.phase = Phase::Over;
        self.thrown_in = true;
        self.record(Action::THROW_IN);
        Ok(())
    }

    fn decide(&mut self, rules: &Rules, action: Action) {
        if let Some(suit) = action.as_trump() {
            self.named(rules, Mode::Trump, suit, self.to_play);
        } else if let Some(k) = action.as_call() {
            self.calls += 1;
            self.last_call = k;
            let queue = callers(rules, self, Some(self.to_play));
            self.ask(rules, queue);
        } else if action == Action::NO_TRUMP {
            self.named(rules, Mode::NoTrump, NONE, self.to_play);
        } else if action == Action::LOOK {
            self.phase = Phase::Trump;
        } else if action == Action::BLIND {
            self.named(rules, Mode::Blind, NONE, self.dealer);
        } else if action == Action::DELEGATE {
            self.to_play = rules.partner(self.dealer);
            self.chooser = self.to_play;
        } else if action == Action::PASS {
            let mut queue = [NONE; MAX_SEATS];
            let n = self.queue_len as usize;
            queue[..n - 1].copy_from_slice(&self.queue[1..n]);
            self.ask(rules, (queue, self.queue_len - 1));
        }
    }

    /// Trump (or no-trump) is settled: ask for calls, or lead.
    fn named(&mut self, rules: &Rules, mode: Mode, trump: u8, chooser: u8) {
        self.mode = Some(mode);
        self.trump = trump;
        self.chooser = chooser;
        let queue = callers(rules, self, None);
        self.ask(rules, queue);
    }

    fn ask(&mut self, rules: &Rules, (queue, len): ([u8; MAX_SEATS], u8)) {
        self.queue = queue;
        self.queue_len = len;
        if len > 0 {
            self.phase = Phase::Calls;
            self.to_play = queue[0];
        } else {
            self.phase = Phase::Play;
            self.to_play = rules.first_leader(self.dealer);
        }
    }

    fn play(&mut self, rules: &Rules, card: u8) -> Result<(), IllegalAction> {
        let bit = 1u32 << card;
        if self.legal_cards(rules) & bit == 0 {
            return Err(if self.hand(self.to_play) & bit == 0 {
                IllegalAction::NotInHand
            } else {
                IllegalAction::NotLegal
            });
        }
        self.play_unchecked(rules, card);
        Ok(())
    }

    /// Play a legal card (the caller checked it).
    #[inline]
    pub fn play_unchecked(&mut self, rules: &Rules, card: u8) {
        let seats = rules.seats() as usize;
        let n = self.played();
        let in_trick = n % seats;
        let seat = self.to_play;
        self.history[n] = card;
        self.rem &= !(1u32 << card);
        if in_trick == 0 || rules.beats(card, self.win_card, self.trump_suit()) {
            self.win_seat = seat;
            self.win_card = card;
        }
        if in_trick + 1 < seats {
            self.to_play = rules.seat_after(seat, 1);
            return;
        }
        let trick = FULL ^ self.rem ^ self.undealt ^ self.won[0] ^ self.won[1];
        self.won[rules.side(self.win_seat, self.dealer) as usize] |= trick;
        if self.layout.down != 0 {
            self.layout.turn_up(trick);
        }
        self.last_winner = self.win_seat;
        self.to_play = self.win_seat;
        if self.rem == 0 {
            self.phase = Phase::Over;
        }
    }
}

#[inline]
fn bit(action: Action) -> u64 {
    1u64.checked_shl(action.0 as u32).unwrap_or(0)
}

fn behind_enough(rules: &Rules, dealer: u8, scores: [i64; 2]) -> bool {
    match rules.data.blind_only_when_behind_by {
        None => true,
        Some(by) => {
            let team = rules.side(dealer, dealer) as usize;
            scores[1 - team] - scores[team] >= by
        }
    }
}

/// The calls `seat` may make now, as bits by call index.
fn open_calls(rules: &Rules, deal: &Deal, seat: u8) -> u64 {
    let mode = deal.mode.unwrap_or(Mode::Trump);
    let contract_side = rules.side(seat, deal.dealer) == rules.side(deal.dealer, deal.dealer);
    let last = (deal.last_call != NONE).then_some(deal.last_call);
    let mut set = 0;
    for (k, call) in rules.data.calls.iter().enumerate() {
        let by_ok = match call.by {
            CallBy::Anyone => true,
            CallBy::ContractSide => contract_side,
            CallBy::Opponents => !contract_side,
        };
        if call.after == last && call.modes & mode.bit() != 0 && by_ok {
            set |= 1 << k;
        }
    }
    set
}

/// The seats asked in turn for the next call: from the first leader, or after the last caller.
fn callers(rules: &Rules, deal: &Deal, after: Option<u8>) -> ([u8; MAX_SEATS], u8) {
    let mut queue = [NONE; MAX_SEATS];
    let mut len = 0;
    if rules.data.calls.is_empty() {
        return (queue, 0);
    }
    let seats = rules.seats();
    let (start, count) = match after {
        None => (rules.first_leader(deal.dealer), seats),
        Some(caller) => (rules.seat_after(caller, 1), seats - 1),
    };
    for k in 0..count {
        let seat = rules.seat_after(start, k as i64);
        if open_calls(rules, deal, seat) != 0 {
            queue[len as usize] = seat;
            len += 1;
        }
    }
    (queue, len)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{RulesData, TakeUp, TrumpSource};

    fn turned(take_up: TakeUp) -> Rules {
        Rules::new(RulesData {
            trump_source: TrumpSource::Turned,
            no_trump_allowed: false,
            take_up,
            ..RulesData::default()
        })
        .unwrap()
    }

    /// Whether the turned card lies on the table before the first card, after it, and after
    /// the first trick, playing the first legal card each time.
    fn on_table(rules: &Rules) -> [bool; 3] {
        let mut deal = Deal::new(rules, 9, 2, 0, [0, 0]);
        let mut seen = [deal.turned_on_table(rules), false, false];
        for n in 1..=4 {
            let card = deal.legal_cards(rules).trailing_zeros() as u8;
            deal = deal.apply(rules, Action(card)).unwrap();
            match n {
                1 => seen[1] = deal.turned_on_table(rules),
                4 => seen[2] = deal.turned_on_table(rules),
                _ => {}
            }
        }
        seen
    }

    #[test]
    fn the_turned_card_lies_on_the_table_until_its_take_up() {
        assert_eq!(on_table(&turned(TakeUp::FirstTrickStart)), [false; 3]);
        assert_eq!(
            on_table(&turned(TakeUp::AfterFirstCard)),
            [true, false, false]
        );
        assert_eq!(
            on_table(&turned(TakeUp::AfterFirstTrick)),
            [true, true, false]
        );
        let named = Rules::new(RulesData::default()).unwrap();
        assert!(!Deal::new(&named, 9, 2, 0, [0, 0]).turned_on_table(&named));
    }

    #[test]
    fn completed_tricks_chain_leaders_and_winners() {
        let rules = Rules::new(RulesData::default()).unwrap();
        let mut deal = Deal::new(&rules, 4, 1, 0, [0, 0]);
        deal = deal.apply(&rules, Action(32)).unwrap(); // trump:S, no calls
        for _ in 0..9 {
            let card = deal.legal_cards(&rules).trailing_zeros() as u8;
            deal = deal.apply(&rules, Action(card)).unwrap();
        }
        let tricks: Vec<_> = deal.completed_tricks(&rules).collect();
        assert_eq!(tricks.len(), 2);
        assert_eq!(tricks[0].0, rules.first_leader(1));
        assert_eq!(tricks[1].0, tricks[0].2);
        assert_eq!(tricks[1].1, &deal.history[4..8]);
        assert_eq!(deal.leader(&rules), tricks[1].2);
    }
}
