//! Seeded generators: SplitMix64 for the core's own draws ([`Rng`]) and the random bot's
//! stream ([`RandomStream`]), which the Python `RandomBot` draws too.

/// One step of SplitMix64: advance `state` and return the next output.
#[inline(always)]
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A small, fast, seeded generator (SplitMix64).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        splitmix64(&mut self.0)
    }

    /// A uniform index below `n` (n > 0).
    pub fn below(&mut self, n: u32) -> u32 {
        (((self.next_u64() >> 32) * n as u64) >> 32) as u32
    }

    /// A uniform member of a non-empty set of bits.
    pub fn pick(&mut self, mut set: u64) -> u8 {
        for _ in 0..self.below(set.count_ones()) {
            set &= set - 1;
        }
        set.trailing_zeros() as u8
    }
}

/// The random bot's stream: SplitMix64 from the bot's seed.  The Python `RandomBot`
/// (`manille_variants.bots.base`) draws the same stream, so both make the same choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RandomStream(u64);

impl RandomStream {
    /// The stream of a bot seeded `seed` (Python: `seed % 2**64`).
    pub fn new(seed: u64) -> RandomStream {
        RandomStream(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        splitmix64(&mut self.0)
    }

    /// An index below `n` (n > 0): the high 64 bits of `next_u64() * n`.
    pub fn below(&mut self, n: u32) -> u32 {
        ((self.next_u64() as u128 * n as u128) >> 64) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_random_stream_is_splitmix64() {
        // SplitMix64 from 0: the reference sequence starts e220a8397b1dcdaf, 6e789e6aa1b965f4.
        let mut s = RandomStream::new(0);
        assert_eq!(s.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(s.next_u64(), 0x6e78_9e6a_a1b9_65f4);
        let mut s = RandomStream::new(0);
        assert_eq!(s.below(4), ((0xe220_a839_7b1d_cdafu128 * 4) >> 64) as u32);
    }
}
