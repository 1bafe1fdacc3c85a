//! Cards as indices and card sets as bitmasks.

/// The number of cards in the pack.
pub const DECK: usize = 32;
/// The most seats a table can have (arrays are sized by it; the ruleset says how many play).
pub const MAX_SEATS: usize = 6;
/// A set of cards: bit `index` for each card held.
pub type CardSet = u32;
/// All 32 cards.
pub const FULL: CardSet = u32::MAX;
/// No seat / no card.
pub const NONE: u8 = u8::MAX;

/// The suit of a card index (0 S, 1 H, 2 D, 3 C).
#[inline]
pub const fn suit(card: u8) -> u8 {
    card >> 3
}

/// The cards of one suit.
#[inline]
pub const fn suit_mask(suit: u8) -> CardSet {
    0xFF << (8 * suit as u32)
}

/// The card indices of a set, lowest first.
pub fn iter(mut set: CardSet) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let card = set.trailing_zeros() as u8;
        set &= set - 1;
        Some(card)
    })
}

/// A card's name as in records: rank then suit letter (`10H`, `QS`).
pub fn name(card: u8) -> String {
    const RANKS: [&str; 8] = ["7", "8", "9", "10", "J", "Q", "K", "A"];
    const SUITS: [char; 4] = ['S', 'H', 'D', 'C'];
    format!(
        "{}{}",
        RANKS[(card & 7) as usize],
        SUITS[suit(card) as usize]
    )
}
