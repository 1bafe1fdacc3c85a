//! The seeded shuffle and cut, the same on every machine as the Python engine's.
//!
//! SHAKE-128 of `manille:<seed>` gives 33 little-endian 32-bit words: word `c` is card `c`'s
//! sort key (ties: the lower card first), the 33rd word `x` gives the cut `1 + x % 31`.

use sha3::digest::{ExtendableOutput, Update, XofReader};
use sha3::Shake128;

use crate::cards::DECK;
use crate::keccak::shake128_4;

/// The shuffled card indices (the pack, top first) and the cut position (1..31).
pub fn shuffle(seed: i128) -> ([u8; DECK], u8) {
    let mut hasher = Shake128::default();
    hasher.update(format!("manille:{seed}").as_bytes());
    let mut digest = [0u8; 4 * (DECK + 1)];
    hasher.finalize_xof().read(&mut digest);
    from_digest(&digest)
}

/// The shuffles of four seeds at once: the same as four calls of [`shuffle`], the four
/// SHAKE-128 digests computed side by side.
pub fn shuffle4(seeds: [i128; 4]) -> [([u8; DECK], u8); 4] {
    let mut texts = [[0u8; 48]; 4];
    let lens = [0, 1, 2, 3].map(|k| seed_text(seeds[k], &mut texts[k]));
    let digests = shake128_4::<{ 4 * (DECK + 1) }>([
        &texts[0][..lens[0]],
        &texts[1][..lens[1]],
        &texts[2][..lens[2]],
        &texts[3][..lens[3]],
    ]);
    digests.map(|d| from_digest(&d))
}

/// `manille:<seed>` written into `out` (at most 8 + 40 bytes); its length.
fn seed_text(seed: i128, out: &mut [u8; 48]) -> usize {
    out[..8].copy_from_slice(b"manille:");
    let mut len = 8;
    if seed < 0 {
        out[len] = b'-';
        len += 1;
    }
    let mut digits = [0u8; 39];
    let mut rest = seed.unsigned_abs();
    let mut n = 0;
    loop {
        digits[n] = b'0' + (rest % 10) as u8;
        n += 1;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    for &d in digits[..n].iter().rev() {
        out[len] = d;
        len += 1;
    }
    len
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
    fn four_at_once_equal_one_by_one() {
        let seeds = [
            0i128,
            -1,
            i128::MIN,
            i128::MAX,
            7,
            1 << 70,
            -(1 << 90) + 3,
            18_446_744_073_709_551_615,
        ];
        for four in seeds.chunks(4) {
            let four: [i128; 4] = four.try_into().expect("four seeds");
            assert_eq!(shuffle4(four), four.map(shuffle));
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
