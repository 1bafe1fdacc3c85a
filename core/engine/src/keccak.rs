//! SHAKE-128 of short messages, four at once, for the seeded shuffle of simulations: one
//! Keccak-f[1600] permutation per message, the four run side by side in AVX2 registers when
//! the processor has them (about six times the throughput of one at a time).  Tested
//! against the `sha3` crate, which [`crate::shuffle::shuffle`] uses for single deals.

const ROUNDS: [u64; 24] = [
    0x0000_0000_0000_0001,
    0x0000_0000_0000_8082,
    0x8000_0000_0000_808A,
    0x8000_0000_8000_8000,
    0x0000_0000_0000_808B,
    0x0000_0000_8000_0001,
    0x8000_0000_8000_8081,
    0x8000_0000_0000_8009,
    0x0000_0000_0000_008A,
    0x0000_0000_0000_0088,
    0x0000_0000_8000_8009,
    0x0000_0000_8000_000A,
    0x0000_0000_8000_808B,
    0x8000_0000_0000_008B,
    0x8000_0000_0000_8089,
    0x8000_0000_0000_8003,
    0x8000_0000_0000_8002,
    0x8000_0000_0000_0080,
    0x0000_0000_0000_800A,
    0x8000_0000_8000_000A,
    0x8000_0000_8000_8081,
    0x8000_0000_0000_8080,
    0x0000_0000_8000_0001,
    0x8000_0000_8000_8008,
];

/// The rotation of lane `x + 5 y` (rho).
const ROTATE: [u32; 25] = [
    0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14,
];

/// The bytes absorbed per block by SHAKE-128.
pub const RATE: usize = 168;

/// Four states side by side: `state[lane][k]` is lane `lane` of message `k`.
type State4 = [[u64; 4]; 25];

#[inline(always)]
fn rotl4(v: [u64; 4], n: u32) -> [u64; 4] {
    v.map(|x| x.rotate_left(n))
}

#[inline(always)]
fn xor4(a: [u64; 4], b: [u64; 4]) -> [u64; 4] {
    [a[0] ^ b[0], a[1] ^ b[1], a[2] ^ b[2], a[3] ^ b[3]]
}

/// The four permutations in portable code (processors without AVX2).
fn permute4(a: &mut State4) {
    for rc in ROUNDS {
        // theta
        let mut c = [[0u64; 4]; 5];
        for (x, cx) in c.iter_mut().enumerate() {
            *cx = xor4(
                xor4(xor4(a[x], a[x + 5]), xor4(a[x + 10], a[x + 15])),
                a[x + 20],
            );
        }
        for x in 0..5 {
            let d = xor4(c[(x + 4) % 5], rotl4(c[(x + 1) % 5], 1));
            for y in 0..5 {
                a[x + 5 * y] = xor4(a[x + 5 * y], d);
            }
        }
        // rho and pi: B[y, 2x + 3y] = rot(A[x, y])
        let mut b = [[0u64; 4]; 25];
        for x in 0..5 {
            for y in 0..5 {
                let from = x + 5 * y;
                let to = y + 5 * ((2 * x + 3 * y) % 5);
                b[to] = rotl4(a[from], ROTATE[from]);
            }
        }
        // chi
        for y in 0..5 {
            for x in 0..5 {
                let (b0, b1, b2) = (b[x + 5 * y], b[(x + 1) % 5 + 5 * y], b[(x + 2) % 5 + 5 * y]);
                for k in 0..4 {
                    a[x + 5 * y][k] = b0[k] ^ (!b1[k] & b2[k]);
                }
            }
        }
        // iota
        for lane in a[0].iter_mut() {
            *lane ^= rc;
        }
    }
}

/// [`permute4`] on AVX2 registers, one register per lane of the four states.
#[cfg(target_arch = "x86_64")]
mod avx2 {
    use std::arch::x86_64::*;

    use super::{State4, ROTATE, ROUNDS};

    #[inline(always)]
    fn rotl(v: __m256i, n: u32) -> __m256i {
        // SAFETY (all the intrinsics here): only called from `permute`, compiled with AVX2.
        unsafe {
            _mm256_or_si256(
                _mm256_sll_epi64(v, _mm_cvtsi32_si128(n as i32)),
                _mm256_srl_epi64(v, _mm_cvtsi32_si128(64 - n as i32)),
            )
        }
    }

    #[inline(always)]
    fn xor(a: __m256i, b: __m256i) -> __m256i {
        unsafe { _mm256_xor_si256(a, b) }
    }

    /// # Safety
    /// The processor must have AVX2.
    #[target_feature(enable = "avx2")]
    pub unsafe fn permute(state: &mut State4) {
        let mut a: [__m256i; 25] =
            std::array::from_fn(|i| unsafe { _mm256_loadu_si256(state[i].as_ptr().cast()) });
        for rc in ROUNDS {
            let c: [__m256i; 5] = std::array::from_fn(|x| {
                xor(
                    xor(xor(a[x], a[x + 5]), xor(a[x + 10], a[x + 15])),
                    a[x + 20],
                )
            });
            for x in 0..5 {
                let d = xor(c[(x + 4) % 5], rotl(c[(x + 1) % 5], 1));
                for y in 0..5 {
                    a[x + 5 * y] = xor(a[x + 5 * y], d);
                }
            }
            let mut b = a;
            for x in 0..5 {
                for y in 0..5 {
                    let from = x + 5 * y;
                    let to = y + 5 * ((2 * x + 3 * y) % 5);
                    b[to] = if ROTATE[from] == 0 {
                        a[from]
                    } else {
                        rotl(a[from], ROTATE[from])
                    };
                }
            }
            for y in 0..5 {
                for x in 0..5 {
                    let (b1, b2) = (b[(x + 1) % 5 + 5 * y], b[(x + 2) % 5 + 5 * y]);
                    a[x + 5 * y] = xor(b[x + 5 * y], _mm256_andnot_si256(b1, b2));
                }
            }
            a[0] = xor(a[0], _mm256_set1_epi64x(rc as i64));
        }
        for (lane, v) in state.iter_mut().zip(a) {
            unsafe { _mm256_storeu_si256(lane.as_mut_ptr().cast(), v) };
        }
    }
}

fn permute4_best(a: &mut State4) {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has AVX2, checked just above.
            unsafe { avx2::permute(a) };
            return;
        }
    }
    permute4(a)
}

/// SHAKE-128 of four messages of at most `RATE - 1` bytes each, the first `N` bytes of
/// output of each (`N <= RATE`).
pub fn shake128_4<const N: usize>(messages: [&[u8]; 4]) -> [[u8; N]; 4] {
    shake128_4_by(messages, permute4_best)
}

fn shake128_4_by<const N: usize>(messages: [&[u8]; 4], permute: fn(&mut State4)) -> [[u8; N]; 4] {
    let mut state: State4 = [[0; 4]; 25];
    for (k, m) in messages.iter().enumerate() {
        assert!(m.len() < RATE && N <= RATE, "one block in, one block out");
        let mut block = [0u8; 48];
        block[..m.len().min(48)].copy_from_slice(&m[..m.len().min(48)]);
        if m.len() < 48 {
            block[m.len()] ^= 0x1F;
        }
        for (lane, bytes) in block.chunks_exact(8).enumerate() {
            state[lane][k] = u64::from_le_bytes(bytes.try_into().expect("8 bytes"));
        }
        for (i, &byte) in m.iter().enumerate().skip(48) {
            state[i / 8][k] ^= (byte as u64) << (8 * (i % 8));
        }
        if m.len() >= 48 {
            state[m.len() / 8][k] ^= 0x1F << (8 * (m.len() % 8));
        }
        state[RATE / 8 - 1][k] ^= 0x80 << 56;
    }
    permute(&mut state);
    let mut out = [[0u8; N]; 4];
    for (k, o) in out.iter_mut().enumerate() {
        for (lane, bytes) in o.chunks_mut(8).enumerate() {
            bytes.copy_from_slice(&state[lane][k].to_le_bytes()[..bytes.len()]);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use sha3::digest::{ExtendableOutput, Update, XofReader};
    use sha3::Shake128;

    fn reference(m: &[u8]) -> [u8; 132] {
        let mut hasher = Shake128::default();
        hasher.update(m);
        let mut out = [0u8; 132];
        hasher.finalize_xof().read(&mut out);
        out
    }

    #[test]
    fn four_at_once_equal_the_sha3_crate() {
        let texts: Vec<Vec<u8>> = (0..40)
            .map(|i: i128| {
                format!("manille:{}", (i - 20) * 0x1234_5678_9ABC_DEF1_2345 * i).into_bytes()
            })
            .chain([Vec::new(), vec![b'x'; RATE - 1]])
            .collect();
        for four in texts.chunks(4) {
            let m: Vec<&[u8]> = (0..4).map(|k| four[k % four.len()].as_slice()).collect();
            let got = shake128_4::<132>([m[0], m[1], m[2], m[3]]);
            let portable = shake128_4_by::<132>([m[0], m[1], m[2], m[3]], permute4);
            for k in 0..4 {
                assert_eq!(got[k], reference(m[k]));
                assert_eq!(portable[k], reference(m[k]));
            }
        }
    }
}
