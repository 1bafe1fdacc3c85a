//! Worlds consistent with what one seat has seen: the hidden cards dealt to the other seats
//! so that every card they played was legal, every void they showed holds, and each holds the
//! right number of cards.
//!
//! Every play rules out some holdings: a card `x` cannot have been in the player's hand if,
//! holding just `x` and the card played, the card played would not have been legal (a void
//! shown, a duty to beat, trump or overtrump not met, an undertrump only allowed with nothing
//! else).  Cards are then dealt one at a time to a seat that may hold them, keeping the rest
//! dealable (Hall's condition over the seats), and each world is checked by replaying the
//! whole deal through the engine.  A world that fails the replay is drawn again; there is no
//! fallback to "any card".

use crate::action::Action;
use crate::cards::{iter, CardSet, FULL, MAX_SEATS};
use crate::coded::{Coded, Param};
use crate::deal::{Deal, Phase};
use crate::legality::{legal, trick_winner, TrickView};
use crate::rng::Rng;
use crate::rules::Rules;

/// What one seat knows of a deal in progress.
#[derive(Clone, Debug)]
pub struct Knowledge {
    pub seat: u8,
    pub dealer: u8,
    /// The seat's own hand as dealt (its remaining cards plus those it played); 0 before it
    /// has looked (the dealer deciding on blind no-trump).
    pub own: CardSet,
    /// The decisions before the first card, as action codes, in order.
    pub decisions: Vec<Action>,
    /// Every card played, in order.
    pub played: Vec<u8>,
    /// The turned card (trump by the turned card), if any.
    pub turned: Option<u8>,
    pub pending_ties: u32,
    pub scores: [i64; 2],
}

impl Knowledge {
    /// What `seat` knows of `deal` (a bot in the core sees the whole deal and must read only
    /// this): its own hand once it may look at it (the dealer not before the blind decision,
    /// the dealer's partner not before trump is named unless asked to name it), the decisions,
    /// the cards played, the turned card, the pending ties and the match score.
    pub fn of(rules: &Rules, deal: &Deal, seat: u8, scores: [i64; 2]) -> Knowledge {
        let looked = deal.has_looked(rules, seat);
        Knowledge {
            seat,
            dealer: deal.dealer,
            own: if looked { deal.dealt[seat as usize] } else { 0 },
            decisions: deal.decisions[..deal.n_decisions as usize].to_vec(),
            played: deal.history[..deal.played()].to_vec(),
            turned: (deal.turned != crate::cards::NONE).then_some(deal.turned),
            pending_ties: deal.pending_ties,
            scores,
        }
    }
}

/// Why no world could be drawn, as a coded sentence (the package words it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoWorld(pub Coded);

impl NoWorld {
    /// The reason `code`, which has no parameters.
    pub fn new(code: &'static str) -> NoWorld {
        NoWorld(Coded::bare(code))
    }
}

/// The sampler for one seat's knowledge: the constraints are derived once.
pub struct Sampler<'a> {
    rules: &'a Rules,
    know: &'a Knowledge,
    /// Cards each seat is known to have been dealt.
    fixed: [CardSet; MAX_SEATS],
    /// Hidden cards each seat may hold.
    allowed: [CardSet; MAX_SEATS],
    /// How many hidden cards each seat still has to receive.
    need: [u32; MAX_SEATS],
    hidden: CardSet,
}

impl<'a> Sampler<'a> {
    /// Derive the constraints; an error if the knowledge is not a possible deal.
    pub fn new(rules: &'a Rules, know: &'a Knowledge) -> Result<Sampler<'a>, NoWorld> {
        let seats = rules.seats() as usize;
        let mut fixed = [0; MAX_SEATS];
        fixed[know.seat as usize] = know.own;
        let played_by = who_played(rules, know)?;
        for (&card, &seat) in know.played.iter().zip(&played_by) {
            fixed[seat as usize] |= 1 << card;
        }
        if let Some(t) = know.turned {
            fixed[know.dealer as usize] |= 1 << t;
        }
        let known = fixed.iter().fold(0, |m, f| m | f);
        let hidden = FULL & !known;
        let mut allowed = [0; MAX_SEATS];
        let mut need = [0; MAX_SEATS];
        for s in 0..seats {
            let count = fixed[s].count_ones();
            if count > rules.data.hand_size as u32 {
                let seat = ("seat", Param::Int(s as u64));
                return Err(NoWorld(Coded::new("core.no-world.hand-full", vec![seat])));
            }
            if s != know.seat as usize || know.own == 0 {
                allowed[s] = hidden;
                need[s] = rules.data.hand_size as u32 - count;
            }
        }
        rule_out(rules, know, &played_by, hidden, &mut allowed);
        let sampler = Sampler {
            rules,
            know,
            fixed,
            allowed,
            need,
            hidden,
        };
        if !sampler.dealable(hidden, sampler.need) {
            return Err(NoWorld::new("core.no-world.no-deal-fits"));
        }
        Ok(sampler)
    }

    /// The hidden cards each seat may hold (no card for the seat itself once it has looked).
    pub fn allowed(&self) -> [CardSet; MAX_SEATS] {
        self.allowed
    }

    /// One world: the four hands as dealt, checked by replaying the deal.
    pub fn draw(&self, rng: &mut Rng) -> Result<[CardSet; MAX_SEATS], NoWorld> {
        for _ in 0..1000 {
            let hands = self.deal_hidden(rng);
            if self.replays(&hands) {
                return Ok(hands);
            }
        }
        Err(NoWorld::new("core.no-world.no-replay"))
    }

    /// The deal of a world, replayed to the present.
    pub fn replay(&self, hands: &[CardSet; MAX_SEATS]) -> Option<Deal> {
        let k = self.know;
        let mut deal = Deal::from_hands(
            self.rules,
            *hands,
            k.turned,
            k.dealer,
            k.pending_ties,
            k.scores,
        );
        for &a in &k.decisions {
            deal.apply_mut(self.rules, a).ok()?;
        }
        for &c in &k.played {
            deal.apply_mut(self.rules, Action::card(c)).ok()?;
        }
        Some(deal)
    }

    fn replays(&self, hands: &[CardSet; MAX_SEATS]) -> bool {
        self.replay(hands)
            .is_some_and(|d| d.phase != Phase::Blind || self.know.played.is_empty())
    }

    fn deal_hidden(&self, rng: &mut Rng) -> [CardSet; MAX_SEATS] {
        let mut hands = self.fixed;
        let mut need = self.need;
        let mut left = self.hidden;
        let mut order: Vec<u8> = iter(self.hidden).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i as u32 + 1) as usize);
        }
        for card in order {
            left &= !(1 << card);
            let mut options = [0u8; MAX_SEATS];
            let mut n = 0;
            for s in 0..self.rules.seats() as usize {
                if need[s] > 0 && self.allowed[s] & 1 << card != 0 {
                    need[s] -= 1;
                    if self.dealable(left, need) {
                        options[n] = s as u8;
                        n += 1;
                    }
                    need[s] += 1;
                }
            }
            if n == 0 {
                break; // cannot happen while the start was dealable; the replay rejects it
            }
            let s = options[rng.below(n as u32) as usize] as usize;
            hands[s] |= 1 << card;
            need[s] -= 1;
        }
        hands
    }

    /// Hall's condition: every group of seats may hold at least the cards only it may hold.
    fn dealable(&self, cards: CardSet, need: [u32; MAX_SEATS]) -> bool {
        let seats = self.rules.seats() as usize;
        if need.iter().sum::<u32>() != cards.count_ones() {
            return false;
        }
        for group in 1u32..(1 << seats) - 1 {
            let mut others = 0;
            let mut room = 0;
            for (s, &n) in need.iter().enumerate().take(seats) {
                if group & 1 << s != 0 {
                    room += n;
                } else if n > 0 {
                    others |= self.allowed[s];
                }
            }
            if (cards & !others).count_ones() > room {
                return false;
            }
        }
        true
    }
}

/// The seat that played each card of `know.played`.
fn who_played(rules: &Rules, know: &Knowledge) -> Result<Vec<u8>, NoWorld> {
    let seats = rules.seats() as usize;
    let trump = trump_of(know);
    let mut leader = rules.first_leader(know.dealer);
    let mut out = Vec::with_capacity(know.played.len());
    for trick in know.played.chunks(seats) {
        for i in 0..trick.len() {
            out.push(rules.seat_after(leader, i as i64));
        }
        if trick.len() == seats {
            leader = rules.seat_after(leader, trick_winner(rules, trick, trump) as i64);
        }
    }
    if know
        .played
        .iter()
        .fold(0u32, |m, &c| m | 1 << c)
        .count_ones() as usize
        != know.played.len()
    {
        return Err(NoWorld::new("core.no-world.played-twice"));
    }
    Ok(out)
}

/// The trump suit the decisions (or the turned card) settled.
pub fn trump_of(know: &Knowledge) -> Option<u8> {
    if let Some(t) = know.turned {
        return Some(crate::cards::suit(t));
    }
    know.decisions.iter().rev().find_map(|a| a.as_trump())
}

/// Rule out the holdings each play shows impossible.
fn rule_out(
    rules: &Rules,
    know: &Knowledge,
    played_by: &[u8],
    hidden: CardSet,
    allowed: &mut [CardSet; MAX_SEATS],
) {
    let seats = rules.seats() as usize;
    let trump = trump_of(know);
    for (t, trick) in know.played.chunks(seats).enumerate() {
        for i in 1..trick.len() {
            let k = t * seats + i;
            let seat = played_by[k];
            let win = trick_winner(rules, &trick[..i], trump);
            let view = TrickView {
                led: crate::cards::suit(trick[0]),
                winning: trick[win],
                partner_wins: rules.partners(played_by[t * seats + win], seat),
            };
            let card = trick[i];
            for x in iter(hidden & allowed[seat as usize]) {
                let hand = 1u32 << card | 1 << x;
                if legal(rules, hand, Some(view), trump) & 1 << card == 0 {
                    allowed[seat as usize] &= !(1 << x);
                }
            }
        }
    }
}
