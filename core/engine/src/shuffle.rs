//! The seeded shuffle and cut, the same on every machine as the Python engine's.
//!
//! SHAKE-128 of `manille:<seed>` gives 33 little-endian 32-bit words: word `c` is card `c`'s
//! sort key (ties: the lower card first), the 33rd word `x` gives the cut `1 + x % 31`.

use sha3::digest::{ExtendableOutput, Update, XofReader};
use sha3::Shake128;

use crate::cards::DECK;

/// The shuffled card indices (the pack, top first) and the cut position (1..31).
pub fn shuffle(seed: i128) -> ([u8; DECK], u8) {
    let mut hasher = Shake128::default();
    hasher.update(format!("manille:{seed}").as_bytes());
    let mut digest = [0u8; 4 * (DECK + 1)];
    hasher.finalize_xof().read(&mut digest);
    from_digest(&digest)
}

/// The shuffle for a given digest of 132 bytes (see [`shuffle`]).
pub fn from_digest(digest: &[u8; 4 * (DECK + 1)]) -> ([u8; DECK], u8) {
    let word = |i: usize| {
        u32::from_le_bytes([
            digest[4 * i],
            digest[4 * i + 1],
            digest[4 * i + 2],
            digest[4 * i + 3],
        ])
    };
    let mut keys = [0u64; DECK];
    for (card, key) in keys.iter_mut().enumerate() {
        *key = (word(card) as u64) << 8 | card as u64;
    }
    keys.sort_unstable();
    let mut order = [0u8; DECK];
    for (slot, key) in order.iter_mut().zip(keys) {
        *slot = key as u8;
    }
    (order, 1 + (word(DECK) % 31) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shuffle_is_a_permutation_with_a_cut_in_range() {
        for seed in [-5i128, 0, 1, 7, 1 << 70] {
            let (order, cut) = shuffle(seed);
            let mut seen = 0u32;
            for c in order {
                seen |= 1 << c;
            }
            assert_eq!(seen, u32::MAX);
            assert!((1..=31).contains(&cut));
        }
    }

    #[test]
    fn equal_keys_put_the_lower_card_first() {
        let digest = [0u8; 132];
        let (order, cut) = from_digest(&digest);
        assert_eq!(order.to_vec(), (0..32).collect::<Vec<u8>>());
        assert_eq!(cut, 1);
    }
}
