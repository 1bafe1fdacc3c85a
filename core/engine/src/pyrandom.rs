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
}

impl std::fmt::Debug for PyRandom {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PyRandom(index={})", self.index)
    }
}

impl PyRandom {
    /// `random.Random(seed)` for a non-negative integer seed (Python seeds with `abs(seed)`).
    pub fn new(seed: u128) -> PyRandom {
        let mut key = Vec::with_capacity(4);
        let mut rest = seed;
        loop {
            key.push(rest as u32);
            rest >>= 32;
            if rest == 0 {
                break;
            }
        }
        let mut r = PyRandom {
            mt: [0; N],
            index: N,
        };
        r.init_by_array(&key);
        r
    }

    fn init_genrand(&mut self, s: u32) {
        self.mt[0] = s;
        for i in 1..N {
            let prev = self.mt[i - 1];
            self.mt[i] = 1_812_433_253u32
                .wrapping_mul(prev ^ (prev >> 30))
                .wrapping_add(i as u32);
        }
        self.index = N;
    }

    fn init_by_array(&mut self, key: &[u32]) {
        self.init_genrand(19_650_218);
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..N.max(key.len()) {
            let prev = self.mt[i - 1];
            self.mt[i] = (self.mt[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= N {
                self.mt[0] = self.mt[N - 1];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..N - 1 {
            let prev = self.mt[i - 1];
            self.mt[i] = (self.mt[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_566_083_941))
                .wrapping_sub(i as u32);
            i += 1;
            if i >= N {
                self.mt[0] = self.mt[N - 1];
                i = 1;
            }
        }
        self.mt[0] = 0x8000_0000;
    }

    fn twist(&mut self) {
        let mag = |y: u32| if y & 1 == 1 { MATRIX_A } else { 0 };
        for k in 0..N {
            let y = (self.mt[k] & UPPER) | (self.mt[(k + 1) % N] & LOWER);
            self.mt[k] = self.mt[(k + M) % N] ^ (y >> 1) ^ mag(y);
        }
        self.index = 0;
    }

    /// The next 32 random bits (`genrand_uint32`).
    pub fn next_u32(&mut self) -> u32 {
        if self.index >= N {
            self.twist();
        }
        let mut y = self.mt[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9D2C_5680;
        y ^= (y << 15) & 0xEFC6_0000;
        y ^ (y >> 18)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_cpython() {
        // random.Random(0).getrandbits(32) == 3626764237; Random(1) -> 577090037.
        assert_eq!(PyRandom::new(0).next_u32(), 3_626_764_237);
        assert_eq!(PyRandom::new(1).next_u32(), 577_090_037);
    }
}
