//! A ruleset as the engine reads it: [`RulesData`] is the plain data the Python compile step
//! exports; [`Rules`] adds the tables derived from it once.

use crate::cards::{suit, suit_mask, CardSet, DECK, MAX_SEATS};
use crate::coded::{Coded, Param};

/// Who may make a call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallBy {
    Opponents,
    ContractSide,
    Anyone,
}

/// Deal modes, also as bits of [`CallData::modes`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    Trump = 0,
    NoTrump = 1,
    Blind = 2,
}

impl Mode {
    pub fn name(self) -> &'static str {
        match self {
            Mode::Trump => "trump",
            Mode::NoTrump => "no-trump",
            Mode::Blind => "blind",
        }
    }
    pub fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// One rung of the doubling ladder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CallData {
    pub name: String,
    pub label: String,
    pub by: CallBy,
    /// Index of the call that must come just before this one (`None`: an opening call).
    pub after: Option<u8>,
    /// The total factor of the deal once this call is made.
    pub factor: u64,
    /// The modes it may be made in, as [`Mode::bit`]s.
    pub modes: u8,
}

/// The duty to beat an opponent's winning card of the led suit when following.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BeatOpponent {
    Always,
    Never,
    TrumpLead,
    PlainLead,
}

/// Playing a trump lower than the winning trump.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Undertrump {
    Forbidden,
    Allowed,
    ForbiddenIfCanOvertrump,
    Required,
}

/// Where trump comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrumpSource {
    /// Named by the dealer (or the partner after delegation).
    Choice,
    /// The dealer's last card is dealt face up; its suit is trump.
    Turned,
}

/// When the dealer takes up the turned card (before that it cannot be played).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TakeUp {
    /// At the start of the first trick: the dealer may lead or play it at once.
    FirstTrickStart,
    /// After the first card of the first trick has been played.
    AfterFirstCard,
    /// Once the first trick is complete.
    AfterFirstTrick,
}

/// The dealer's side's bonus for the turned card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnedBonus {
    None,
    /// 5 for a turned 10 only.
    TenOnly,
    /// The card points of a turned honour (10, A, K, Q, J); nothing for a 9, 8 or 7.
    CardValue,
}

/// How a temporary team (the others, where the dealer plays alone) is credited in a match
/// where each player keeps a score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Credit {
    /// Every member is credited the side's match points.
    EachMember,
    /// The members share the side's match points, rounded down.
    Split,
    /// Each member gains the side's points less the dealer's, the dealer the opposite from each.
    ZeroSum,
}

/// A compiled ruleset as plain data: switches, tables and factors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesData {
    pub seats: u8,
    pub hand_size: u8,
    /// Face-down cards in front of each seat, each covered by a face-up one (0: no layout;
    /// a layout is played at 2 seats): dealt before the hands, played like hand cards.
    pub layout: u8,
    /// Cards left undealt (the last of the cut pack): `seats * (hand_size + 2 * layout) +
    /// undealt` is 32.
    pub undealt: u8,
    /// The undealt cards' points go to the side of the last trick (else the dealer's side).
    pub undealt_to_last_trick: bool,
    /// The undealt cards lie face up: every seat knows they are in no hand (what the bots of
    /// the core's own game loops see; a view from Python says it itself).
    pub undealt_shown: bool,
    /// The dealer plays alone against the others, a temporary team (else the teams are fixed,
    /// alternate seats: team `seat & 1`).
    pub dealer_alone: bool,
    /// Playing strength of each card, 0 weakest .. 7 strongest within its suit.
    pub strength: [u8; DECK],
    /// Card points of each card.
    pub values: [u32; DECK],
    /// +1 clockwise, -1 counter-clockwise (seats are numbered clockwise).
    pub step: i8,
    pub packets: Vec<u8>,
    pub cutter_offset: i8,
    pub leader_offset: i8,
    pub next_dealer_offset: i8,
    // Trump choice.
    pub trump_source: TrumpSource,
    pub take_up: TakeUp,
    pub turned_bonus: TurnedBonus,
    pub delegation: bool,
    pub no_trump_allowed: bool,
    pub no_trump_factor: u64,
    pub blind_allowed: bool,
    pub blind_factor: u64,
    pub blind_only_when_behind_by: Option<i64>,
    pub early_look_throws_in: bool,
    pub calls: Vec<CallData>,
    // Play obligations.
    pub beat_opponent: BeatOpponent,
    pub beat_partner_on_trump_lead: bool,
    pub beat_at_no_trump: bool,
    pub beat_partner_at_no_trump: bool,
    pub trump_when_opponent_wins: bool,
    pub trump_when_partner_wins: bool,
    pub overtrump_opponent: bool,
    pub overtrump_partner: bool,
    pub undertrump: Undertrump,
    /// `None`: the same as `undertrump` (when the winning trump is the partner's).
    pub undertrump_partner: Option<Undertrump>,
    // Scoring.
    pub trick_points: u32,
    pub last_trick_bonus: u32,
    pub tie_carries: bool,
    pub tie_factor: u64,
    pub tie_per_tie: bool,
    pub sweep_factor: u64,
    pub sweep_all_tricks: bool,
    pub combine_add: bool,
    pub cap: Option<u64>,
    // Match.
    pub target: i64,
    pub best_of: u32,
    /// How the others are credited where the dealer plays alone (each player keeps a score).
    pub credit: Credit,
}

impl Default for RulesData {
    /// The schema's defaults: the Belgian table convention.
    fn default() -> Self {
        let order = [3u8, 7, 6, 5, 4, 2, 1, 0]; // 10 A K Q J 9 8 7, highest first
        let mut strength = [0u8; DECK];
        let mut values = [0u32; DECK];
        let rank_values = [0, 0, 0, 5, 1, 2, 3, 4];
        for card in 0..DECK {
            let rank = (card & 7) as u8;
            strength[card] = 7 - order.iter().position(|&r| r == rank).unwrap_or(0) as u8;
            values[card] = rank_values[card & 7];
        }
        RulesData {
            seats: 4,
            hand_size: 8,
            layout: 0,
            undealt: 0,
            undealt_to_last_trick: false,
            undealt_shown: false,
            dealer_alone: false,
            strength,
            values,
            step: 1,
            packets: vec![3, 2, 3],
            cutter_offset: -1,
            leader_offset: 1,
            next_dealer_offset: 1,
            trump_source: TrumpSource::Choice,
            take_up: TakeUp::AfterFirstCard,
            turned_bonus: TurnedBonus::None,
            delegation: false,
            no_trump_allowed: true,
            no_trump_factor: 2,
            blind_allowed: false,
            blind_factor: 4,
            blind_only_when_behind_by: None,
            early_look_throws_in: true,
            calls: Vec::new(),
            beat_opponent: BeatOpponent::Always,
            beat_partner_on_trump_lead: false,
            beat_at_no_trump: true,
            beat_partner_at_no_trump: false,
            trump_when_opponent_wins: true,
            trump_when_partner_wins: false,
            overtrump_opponent: true,
            overtrump_partner: false,
            undertrump: Undertrump::Forbidden,
            undertrump_partner: None,
            trick_points: 0,
            last_trick_bonus: 0,
            tie_carries: true,
            tie_factor: 2,
            tie_per_tie: false,
            sweep_factor: 2,
            sweep_all_tricks: true,
            combine_add: false,
            cap: None,
            target: 101,
            best_of: 1,
            credit: Credit::EachMember,
        }
    }
}

/// The longest call ladder the engine plays (a deal records every decision).
pub const MAX_CALLS: usize = 5;

/// Rules data the engine cannot play: why, as a coded sentence (the package words it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesError(pub Coded);

impl std::fmt::Display for RulesError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for RulesError {}

/// A ruleset ready for the engine: the data and the tables derived from it.
#[derive(Clone, Debug)]
pub struct Rules {
    pub data: RulesData,
    /// `above[c]`: the cards of c's suit that beat c.
    pub above: [CardSet; DECK],
    /// `deal_seat[dealer][p]`: the seat receiving the card at position `p` of the cut pack
    /// ([`crate::cards::NONE`]: the card stays undealt).
    pub deal_seat: [[u8; DECK]; MAX_SEATS],
    pub card_total: u32,
    pub deal_total: u32,
    pub half: u32,
}

impl Rules {
    /// Check the data and derive the tables.
    pub fn new(data: RulesData) -> Result<Rules, RulesError> {
        check(&data)?;
        let mut above = [0; DECK];
        for (c, slot) in above.iter_mut().enumerate() {
            for o in 0..DECK {
                if o / 8 == c / 8 && data.strength[o] > data.strength[c] {
                    *slot |= 1 << o;
                }
            }
        }
        let seats = data.seats as usize;
        let mut deal_seat = [[crate::cards::NONE; DECK]; MAX_SEATS];
        let mut pattern = Vec::with_capacity(DECK);
        // A layout is dealt first: each seat's face-down cards, then the face-up ones on them.
        let layout = std::iter::repeat_n(data.layout, if data.layout > 0 { 2 } else { 0 });
        for packet in layout.chain(data.packets.iter().copied()) {
            for k in 1..=seats {
                let offset = (k as i64 * data.step as i64).rem_euclid(seats as i64) as u8;
                pattern.extend(std::iter::repeat_n(offset, packet as usize));
            }
        }
        for (dealer, row) in deal_seat.iter_mut().enumerate().take(seats) {
            for (slot, &offset) in row.iter_mut().zip(&pattern) {
                *slot = ((dealer + offset as usize) % seats) as u8;
            }
        }
        let card_total: u32 = data.values.iter().sum();
        let tricks = (data.hand_size + 2 * data.layout) as u32;
        let deal_total = card_total + tricks * data.trick_points + data.last_trick_bonus;
        Ok(Rules {
            above,
            deal_seat,
            card_total,
            deal_total,
            half: deal_total / 2,
            data,
        })
    }

    #[inline]
    pub fn seats(&self) -> u8 {
        self.data.seats
    }

    /// The tricks of a deal: the cards each seat plays, its hand and its layout.
    #[inline]
    pub fn tricks(&self) -> u8 {
        self.data.hand_size + 2 * self.data.layout
    }

    /// How many face-down cards the layouts of a deal hold in all (0 without a layout).
    #[inline]
    pub fn covered(&self) -> usize {
        self.data.layout as usize * self.data.seats as usize
    }

    /// The seat `k` places after `seat` in the direction of play.
    #[inline]
    pub fn seat_after(&self, seat: u8, k: i64) -> u8 {
        (seat as i64 + k * self.data.step as i64).rem_euclid(self.data.seats as i64) as u8
    }

    /// The seat that leads the first trick (and is asked first for a call).
    #[inline]
    pub fn first_leader(&self, dealer: u8) -> u8 {
        (dealer as i64 + self.data.leader_offset as i64).rem_euclid(self.data.seats as i64) as u8
    }

    /// The dealer of the next deal.
    #[inline]
    pub fn next_dealer(&self, dealer: u8) -> u8 {
        (dealer as i64 + self.data.next_dealer_offset as i64).rem_euclid(self.data.seats as i64)
            as u8
    }

    /// A seat's team (partners share one): 0 or 1 (fixed teams of alternate seats).
    #[inline]
    pub fn team(&self, seat: u8) -> u8 {
        seat & 1
    }

    /// A seat's side in a deal of `dealer`: its team, or where the dealer plays alone 0 for
    /// the dealer and 1 for the others.
    #[inline]
    pub fn side(&self, seat: u8, dealer: u8) -> u8 {
        if self.data.dealer_alone {
            (seat != dealer) as u8
        } else {
            self.team(seat)
        }
    }

    /// Whether two different seats are partners (fixed teams).
    #[inline]
    pub fn partners(&self, a: u8, b: u8) -> bool {
        a != b && self.team(a) == self.team(b)
    }

    /// Whether two different seats are on one side in a deal of `dealer`.
    #[inline]
    pub fn teammates(&self, a: u8, b: u8, dealer: u8) -> bool {
        a != b && self.side(a, dealer) == self.side(b, dealer)
    }

    /// The dealer's partner: the first teammate after the seat (the seat opposite at four).
    #[inline]
    pub fn partner(&self, seat: u8) -> u8 {
        self.seat_after(seat, 2)
    }

    /// The card points of a set of cards.
    pub fn points(&self, set: CardSet) -> u32 {
        crate::cards::iter(set)
            .map(|c| self.data.values[c as usize])
            .sum()
    }

    /// Whether `card` played now takes the trick from `winning`.
    #[inline]
    pub fn beats(&self, card: u8, winning: u8, trump: Option<u8>) -> bool {
        if suit(card) == suit(winning) {
            self.data.strength[card as usize] > self.data.strength[winning as usize]
        } else {
            trump == Some(suit(card))
        }
    }

    /// The cards that take the trick from `winning`.
    #[inline]
    pub fn beaters(&self, winning: u8, trump: Option<u8>) -> CardSet {
        match trump {
            Some(t) if suit(winning) != t => self.above[winning as usize] | suit_mask(t),
            _ => self.above[winning as usize],
        }
    }
}

fn check(data: &RulesData) -> Result<(), RulesError> {
    let fail = |code, params| Err(RulesError(Coded::new(code, params)));
    let int = |n: usize| Param::Int(n as u64);
    if !(2..=MAX_SEATS as u8).contains(&data.seats) {
        return fail("core.rules.seats", vec![("seats", int(data.seats.into()))]);
    }
    if data.layout > 0 && data.seats != 2 {
        return fail(
            "core.rules.layout-two",
            vec![("seats", int(data.seats.into()))],
        );
    }
    let held = data.hand_size as usize + 2 * data.layout as usize;
    if held * data.seats as usize + data.undealt as usize != DECK {
        let mut params = vec![
            ("seats", int(data.seats.into())),
            ("hand_size", int(data.hand_size.into())),
            ("undealt", int(data.undealt.into())),
        ];
        if data.layout == 0 {
            return fail("core.rules.pack", params);
        }
        params.push(("covered", int(data.layout.into())));
        return fail("core.rules.pack-layout", params);
    }
    if !data.dealer_alone && data.seats % 2 == 1 {
        return fail(
            "core.rules.odd-teams",
            vec![("seats", int(data.seats.into()))],
        );
    }
    if data.undealt > 0 && data.trump_source == TrumpSource::Turned {
        return fail("core.rules.turned-undealt", Vec::new());
    }
    if data.layout > 0 && data.trump_source == TrumpSource::Turned {
        return fail("core.rules.turned-layout", Vec::new());
    }
    let dealt: u32 = data.packets.iter().map(|&p| p as u32).sum();
    if data.packets.contains(&0) || dealt != data.hand_size as u32 {
        let packets: Vec<String> = data.packets.iter().map(u8::to_string).collect();
        let params = vec![
            ("packets", Param::Text(packets.join(", "))),
            ("hand_size", int(data.hand_size.into())),
        ];
        return fail("core.rules.packets", params);
    }
    if data.step != 1 && data.step != -1 {
        return fail(
            "core.rules.step",
            vec![("step", Param::Text(data.step.to_string()))],
        );
    }
    for s in 0..4 {
        let mut seen = [false; 8];
        for r in 0..8 {
            let st = data.strength[s * 8 + r] as usize;
            if st > 7 || seen[st] {
                return fail("core.rules.strength", Vec::new());
            }
            seen[st] = true;
        }
    }
    if data.calls.len() > 64 - crate::action::Action::FIRST_CALL as usize {
        return fail("core.rules.calls", vec![("calls", int(data.calls.len()))]);
    }
    for (i, call) in data.calls.iter().enumerate() {
        if call.after.is_some_and(|a| a as usize >= i) {
            let params = vec![("call", Param::Text(call.name.clone()))];
            return fail("core.rules.call-after", params);
        }
    }
    if data.best_of == 0 {
        return fail("core.rules.best-of", Vec::new());
    }
    let factors = [
        data.no_trump_factor,
        data.blind_factor,
        data.tie_factor,
        data.sweep_factor,
    ];
    if factors.contains(&0) || data.calls.iter().any(|c| c.factor == 0) || data.cap == Some(0) {
        return fail("core.rules.factors", Vec::new());
    }
    if data.trump_source == TrumpSource::Turned
        && (data.no_trump_allowed || data.blind_allowed || data.delegation)
    {
        return fail("core.rules.turned-choices", Vec::new());
    }
    Ok(())
}
