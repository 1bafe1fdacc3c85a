//! The heuristic's last cards, counted out: with few cards left in every hand, a seat can
//! afford to deal the cards it has not seen among the other hands a few times (as what it
//! saw allows) and solve each such world exactly ([`Solver::moves`]); it plays the card with
//! the best total over them.  What a club player does at the end of a deal, counting.
//!
//! A position is given as the heuristic reads it (its hand, the cards played and who led
//! each trick, the suits each seat is known to be out of), not as a [`Deal`]: a world is
//! dealt again from those cards and replayed card by card.  Tables with a layout or cards
//! left undealt are not counted out (their hidden cards are not all in the hands).

use crate::cards::{self, suit, CardSet, MAX_SEATS, NONE};
use crate::deal::{Deal, Phase};
use crate::rng::Rng;
use crate::rules::{Mode, Rules};
use crate::solver::with_solver;

/// How the heuristic counts out the end of a deal: with `cards` or fewer in its hand, over
/// `worlds` dealings of the unseen cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Endgame {
    pub cards: u32,
    pub worlds: u32,
}

/// The heuristic's default: its last four cards, over sixteen worlds.
pub const ENDGAME: Endgame = Endgame {
    cards: 4,
    worlds: 16,
};

/// What the seat to play knows of the deal.
pub struct Position<'a> {
    pub seat: u8,
    pub dealer: u8,
    pub trump: Option<u8>,
    pub turned: Option<u8>,
    /// Every card played, in order, and the leader of each trick begun.
    pub history: &'a [u8],
    pub leaders: &'a [u8],
    /// The seat's own cards left.
    pub hand: CardSet,
    /// The cards no seat has shown: in the other hands.
    pub unseen: CardSet,
    /// The turned card while the dealer (another seat) still holds it.
    pub dealer_turned: CardSet,
    /// Per seat, a bit per suit it is known to hold no more.
    pub voids: [u8; MAX_SEATS],
    pub legal: CardSet,
}

/// Whether the seat counts out this position: it holds `cards` or fewer, has a choice, and
/// every hidden card is in a hand.
pub fn applies(rules: &Rules, endgame: &Endgame, pos: &Position) -> bool {
    rules.data.layout == 0
        && rules.data.undealt == 0
        && pos.legal.count_ones() > 1
        && pos.hand.count_ones() <= endgame.cards
}

/// The card with the best total for the seat's side over `endgame.worlds` worlds (the
/// `default` card where it is among the best), or `default` where no world is dealt.
/// Deterministic: the worlds are seeded by the position.
pub fn best_card(rules: &Rules, endgame: &Endgame, pos: &Position, default: u8) -> u8 {
    let Some(known) = Known::of(rules, pos) else {
        return default;
    };
    let mut rng = Rng::new(position_seed(pos));
    let ours = rules.side(pos.seat, pos.dealer) == rules.side(pos.dealer, pos.dealer);
    let mut sums = [0i64; cards::DECK];
    let mut solved = 0;
    for _ in 0..endgame.worlds {
        let Some(deal) = world(rules, pos, &known, &mut rng) else {
            continue;
        };
        for (card, total) in with_solver(|s| s.moves(rules, &deal)) {
            sums[card as usize] += if ours { total as i64 } else { -(total as i64) };
        }
        solved += 1;
    }
    if solved == 0 {
        return default;
    }
    let best = cards::iter(pos.legal)
        .map(|c| sums[c as usize])
        .max()
        .unwrap_or(0);
    if pos.legal >> default & 1 == 1 && sums[default as usize] == best {
        return default;
    }
    cards::iter(pos.legal)
        .find(|&c| sums[c as usize] == best)
        .unwrap_or(default)
}

fn position_seed(pos: &Position) -> u64 {
    let mut x = 0x656e_6467_616d_6521u64 ^ pos.hand as u64 ^ (pos.seat as u64) << 40;
    for &c in pos.history {
        x = x.rotate_left(7) ^ c as u64;
        x = x.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    x
}

/// The seat that played each card of the history.
fn players(rules: &Rules, pos: &Position) -> [CardSet; MAX_SEATS] {
    let seats = rules.seats() as usize;
    let mut by_seat = [0; MAX_SEATS];
    for (k, trick) in pos.history.chunks(seats).enumerate() {
        for (i, &c) in trick.iter().enumerate() {
            by_seat[rules.seat_after(pos.leaders[k], i as i64) as usize] |= 1 << c;
        }
    }
    by_seat
}

/// What every world of a position shares: each seat's cards as dealt that are known (those
/// it played, the seat's own hand, the turned card with the dealer) and how many unseen cards
/// it still holds.
struct Known {
    hands: [CardSet; MAX_SEATS],
    need: [u32; MAX_SEATS],
}

impl Known {
    /// `None` when the unseen cards are not as many as the other hands hold.
    fn of(rules: &Rules, pos: &Position) -> Option<Known> {
        let size = rules.data.hand_size as u32;
        let mut held = [0 as CardSet; MAX_SEATS];
        held[pos.seat as usize] = pos.hand;
        held[pos.dealer as usize] |= pos.dealer_turned;
        let played = players(rules, pos);
        let mut known = Known {
            hands: [0; MAX_SEATS],
            need: [0; MAX_SEATS],
        };
        for s in 0..rules.seats() as usize {
            known.hands[s] = held[s] | played[s];
            known.need[s] = size
                .checked_sub(played[s].count_ones() + held[s].count_ones())
                .filter(|_| s != pos.seat as usize)
                .unwrap_or(0);
        }
        (pos.unseen.count_ones() == known.need.iter().sum::<u32>()).then_some(known)
    }
}

/// One dealing of the unseen cards among the other seats (each as many as it has left, none
/// of a suit it is out of, the turned card with the dealer), replayed to the present; `None`
/// when the dealing failed or the replay does not reach the seat's turn with its cards.
fn world(rules: &Rules, pos: &Position, known: &Known, rng: &mut Rng) -> Option<Deal> {
    let seats = rules.seats() as usize;
    let dealt = deal_unseen(pos, &known.need, seats, rng)?;
    let mut hands = known.hands;
    for s in 0..seats {
        hands[s] |= dealt[s];
    }
    let mut deal = Deal::from_hands(rules, hands, pos.turned, pos.dealer, 0, [0, 0]);
    deal.mode = Some(if pos.trump.is_some() {
        Mode::Trump
    } else {
        Mode::NoTrump
    });
    deal.trump = pos.trump.unwrap_or(NONE);
    deal.phase = Phase::Play;
    deal.queue_len = 0;
    deal.to_play = rules.first_leader(pos.dealer);
    for &c in pos.history {
        deal.play_unchecked(rules, c);
    }
    (deal.to_play == pos.seat && deal.legal_cards(rules) == pos.legal).then_some(deal)
}

/// The unseen cards dealt to the seats that need them, a card at a time in a random order to
/// a seat that may hold it (chosen by how many it still needs); a few tries, then `None`.
fn deal_unseen(
    pos: &Position,
    need: &[u32; MAX_SEATS],
    seats: usize,
    rng: &mut Rng,
) -> Option<[CardSet; MAX_SEATS]> {
    let mut order: Vec<u8> = cards::iter(pos.unseen).collect();
    'attempt: for _ in 0..8 {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i as u32 + 1) as usize);
        }
        let mut left = *need;
        let mut hands = [0 as CardSet; MAX_SEATS];
        for &c in &order {
            let may = |s: usize| left[s] > 0 && pos.voids[s] >> suit(c) & 1 == 0;
            let room: u32 = (0..seats).filter(|&s| may(s)).map(|s| left[s]).sum();
            if room == 0 {
                continue 'attempt;
            }
            let mut r = rng.below(room);
            for s in (0..seats).filter(|&s| may(s)) {
                if r < left[s] {
                    hands[s] |= 1 << c;
                    left[s] -= 1;
                    break;
                }
                r -= left[s];
            }
        }
        return Some(hands);
    }
    None
}
