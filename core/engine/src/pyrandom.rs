//! Python's `random.Random(seed)` for integer seeds: the Mersenne Twister (MT19937) seeded as
//! CPython seeds it, and `randrange`/`choice` as CPython draws them.  The core's random bot
//! uses it so that it makes the very choices of the Python `RandomBot`.

const N: usize = 624;
const M: usize = 397;
const MATRIX_A: u32 = 0x9908_B0DF;
const UPPER: u32 = 0x8000_0000;
const LOWER: u32 = 0x7FFF_FFFF;

/// The generator of `random.Random(seed)`.
#[derive(Clone)]
pub struct PyRandom {
    mt: [u32; N],
    index: usize,
    /// Whether `mt` still holds the seeded state, not yet twisted (the first outputs are
    /// computed from it one by one: a bot draws a few numbers, seldom all 624).
    fresh: bool,
}

impl std::fmt::Debug for PyRandom {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PyRandom(index={})", self.index)
    }
}

/// The state `init_by_array` starts from: `init_genrand(19650218)`, the same for every seed.
fn base_state() -> &'static [u32; N] {
    static BASE: std::sync::OnceLock<[u32; N]> = std::sync::OnceLock::new();
    BASE.get_or_init(|| {
        let mut mt = [0u32; N];
        mt[0] = 19_650_218;
        for i in 1..N {
            let prev = mt[i - 1];
            mt[i] = 1_812_433_253u32
                .wrapping_mul(prev ^ (prev >> 30))
                .wrapping_add(i as u32);
        }
        mt
    })
}

#[inline(always)]
fn mix(prev: u32, factor: u32) -> u32 {
    (prev ^ (prev >> 30)).wrapping_mul(factor)
}

#[inline(always)]
fn temper(mut y: u32) -> u32 {
    y ^= y >> 11;
    y ^= (y << 7) & 0x9D2C_5680;
    y ^= (y << 15) & 0xEFC6_0000;
    y ^ (y >> 18)
}

#[inline(always)]
fn twisted(a: u32, b: u32, m: u32) -> u32 {
    let y = (a & UPPER) | (b & LOWER);
    m ^ (y >> 1) ^ if y & 1 == 1 { MATRIX_A } else { 0 }
}

impl PyRandom {
    /// `random.Random(seed)` for a non-negative integer seed (Python seeds with `abs(seed)`).
    pub fn new(seed: u128) -> PyRandom {
        let mut key = [0u32; 4];
        let mut len = 0;
        let mut rest = seed;
        loop {
            key[len] = rest as u32;
            len += 1;
            rest >>= 32;
            if rest == 0 {
                break;
            }
        }
        PyRandom {
            mt: init_by_array(&key[..len]),
            index: 0,
            fresh: true,
        }
    }

    /// Four generators at once (the four bots of a deal): the same as four calls of
    /// [`PyRandom::new`], but the four seeding chains run interleaved, so the processor
    /// overlaps them.
    pub fn new4(seeds: [u128; 4]) -> [PyRandom; 4] {
        let mut keys = [[0u32; 4]; 4];
        let mut lens = [0usize; 4];
        for (lane, &seed) in seeds.iter().enumerate() {
            let mut rest = seed;
            loop {
                keys[lane][lens[lane]] = rest as u32;
                lens[lane] += 1;
                rest >>= 32;
                if rest == 0 {
                    break;
                }
            }
        }
        let base = base_state();
        let mut mt = [*base; 4];
        let mut j = [0usize; 4];
        for i in 1..N {
            for lane in 0..4 {
                let m = &mut mt[lane];
                let jl = j[lane];
                m[i] = (m[i] ^ mix(m[i - 1], 1_664_525))
                    .wrapping_add(keys[lane][jl])
                    .wrapping_add(jl as u32);
                j[lane] = if jl + 1 == lens[lane] { 0 } else { jl + 1 };
            }
        }
        for lane in 0..4 {
            let m = &mut mt[lane];
            let jl = j[lane];
            m[0] = m[N - 1];
            m[1] = (m[1] ^ mix(m[0], 1_664_525))
                .wrapping_add(keys[lane][jl])
                .wrapping_add(jl as u32);
        }
        for i in 2..N {
            for m in mt.iter_mut() {
                m[i] = (m[i] ^ mix(m[i - 1], 1_566_083_941)).wrapping_sub(i as u32);
            }
        }
        mt.map(|mut m| {
            m[0] = m[N - 1];
            m[1] = (m[1] ^ mix(m[0], 1_566_083_941)).wrapping_sub(1);
            m[0] = 0x8000_0000;
            PyRandom {
                mt: m,
                index: 0,
                fresh: true,
            }
        })
    }

    fn twist(&mut self) {
        for k in 0..N {
            self.mt[k] = twisted(self.mt[k], self.mt[(k + 1) % N], self.mt[(k + M) % N]);
        }
        self.index = 0;
        self.fresh = false;
    }

    /// The next 32 random bits (`genrand_uint32`).
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        let k = self.index;
        if self.fresh && k < N - M {
            // Twisting is in place and in order: word k reads words k + 1 and k + M, which
            // are still the seeded ones.
            self.index += 1;
            return temper(twisted(self.mt[k], self.mt[k + 1], self.mt[k + M]));
        }
        if self.fresh {
            self.twist();
            self.index = k;
        } else if k >= N {
            self.twist();
        }
        let y = self.mt[self.index];
        self.index += 1;
        temper(y)
    }

    /// `getrandbits(k)` for 1 <= k <= 32.
    pub fn getrandbits(&mut self, k: u32) -> u32 {
        self.next_u32() >> (32 - k)
    }

    /// `randrange(n)` (and the index `choice` takes) for 1 <= n < 2**32.
    pub fn below(&mut self, n: u32) -> u32 {
        let k = 32 - n.leading_zeros();
        loop {
            let r = self.getrandbits(k);
            if r < n {
                return r;
            }
        }
    }
}

/// CPython's `init_by_array` for a key of at most 4 words (seeds below 2**128).
fn init_by_array(key: &[u32]) -> [u32; N] {
    let mut mt = *base_state();
    let len = key.len();
    let mut j = 0;
    for i in 1..N {
        mt[i] = (mt[i] ^ mix(mt[i - 1], 1_664_525))
            .wrapping_add(key[j])
            .wrapping_add(j as u32);
        j += 1;
        if j == len {
            j = 0;
        }
    }
    mt[0] = mt[N - 1];
    mt[1] = (mt[1] ^ mix(mt[0], 1_664_525))
        .wrapping_add(key[j])
        .wrapping_add(j as u32);
    for i in 2..N {
        mt[i] = (mt[i] ^ mix(mt[i - 1], 1_566_083_941)).wrapping_sub(i as u32);
    }
    mt[0] = mt[N - 1];
    mt[1] = (mt[1] ^ mix(mt[0], 1_566_083_941)).wrapping_sub(1);
    mt[0] = 0x8000_0000;
    mt
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_cpython() {
        // random.Random(0).getrandbits(32) == 3626764237; Random(1) -> 577090037.
        assert_eq!(PyRandom::new(0).next_u32(), 3_626_764_237);
        assert_eq!(PyRandom::new(1).next_u32(), 577_090_037);
    }

    #[test]
    fn four_at_once_equal_four_one_by_one() {
        let seeds = [3u128, 1 << 33, 0, (1 << 100) + 7];
        let mut four = PyRandom::new4(seeds);
        for (lane, &seed) in seeds.iter().enumerate() {
            let mut one = PyRandom::new(seed);
            for _ in 0..700 {
                assert_eq!(four[lane].next_u32(), one.next_u32());
            }
        }
    }

    #[test]
    fn the_lazy_first_outputs_equal_the_twisted_ones() {
        for seed in [0u128, 5, 1 << 40, u128::MAX >> 1] {
            let mut lazy = PyRandom::new(seed);
            let mut eager = PyRandom::new(seed);
            eager.twist();
            let a: Vec<u32> = (0..1500).map(|_| lazy.next_u32()).collect();
            let b: Vec<u32> = (0..1500).map(|_| eager.next_u32()).collect();
            assert_eq!(a, b);
        }
        // random.Random(2**64 + 3).getrandbits(32) after 300 draws
        let mut r = PyRandom::new((1u128 << 64) + 3);
        let draws: Vec<u32> = (0..301).map(|_| r.next_u32()).collect();
        assert_eq!(draws[300], 1_218_025_094);
    }
}
