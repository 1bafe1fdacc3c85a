//! The random bot's draws (docs/engine.md, the core's random bot): `PyRandom` must draw what
//! Python's `random.Random(seed)` draws, so that the core's random bot makes the very choices
//! of the Python `RandomBot`. Scenarios pinning `pyrandom.rs`, written from the survivors of
//! the cargo-mutants run (docs/testing.md, "Rust core"); every number is CPython's.

use manille_engine::pyrandom::PyRandom;

/// The draws of `random.Random(seed).getrandbits(32)` at these positions of its stream.
const AT: [usize; 12] = [0, 1, 2, 3, 4, 226, 227, 228, 623, 624, 1247, 1248];

fn draws_at(seed: u128) -> [u32; 12] {
    let mut r = PyRandom::new(seed);
    let stream: Vec<u32> = (0..=AT[11]).map(|_| r.next_u32()).collect();
    AT.map(|i| stream[i])
}

#[test]
fn the_stream_is_cpythons_mersenne_twister_for_seeds_of_one_to_four_words() {
    // [random.Random(s).getrandbits(32) for _ in range(1249)] at AT: the first outputs (the
    // lazy ones), both sides of the seeded words' last lazy position (226, 227) and of the
    // first and second twists (623, 624, 1247, 1248).
    let cases: [(u128, [u32; 12]); 7] = [
        (
            0,
            [
                3_626_764_237,
                1_654_615_998,
                3_255_389_356,
                3_823_568_514,
                1_806_341_205,
                2_464_735_849,
                2_723_895_805,
                3_908_489_010,
                2_390_040_247,
                2_229_104_038,
                577_331_751,
                2_465_233_080,
            ],
        ),
        (
            1,
            [
                577_090_037,
                2_444_712_010,
                3_639_700_191,
                3_445_702_192,
                3_280_387_012,
                986_146_092,
                2_728_898_079,
                761_116_571,
                802_355_090,
                1_360_367_077,
                1_721_233_950,
                1_032_912_167,
            ],
        ),
        (
            42,
            [
                2_746_317_213,
                478_163_327,
                107_420_369,
                3_184_935_163,
                1_181_241_943,
                767_303_988,
                2_180_476_188,
                3_919_706_735,
                2_929_454_134,
                1_071_722_055,
                3_190_649_866,
                2_301_518_177,
            ],
        ),
        (
            1 << 32,
            [
                485_306_839,
                1_508_871_100,
                1_794_561_286,
                4_014_597_330,
                71_624_475,
                3_706_213_868,
                2_076_152_083,
                3_907_302_405,
                1_921_684_606,
                2_208_258_976,
                1_684_584_400,
                623_633_719,
            ],
        ),
        (
            (1 << 64) + 3,
            [
                3_921_169_615,
                2_134_766_284,
                3_962_962_676,
                423_737_322,
                3_563_206_199,
                714_070_297,
                3_335_222_199,
                2_241_425_886,
                2_735_021_623,
                3_267_583_917,
                408_244_649,
                3_856_419_962,
            ],
        ),
        (
            (1 << 100) + 7,
            [
                1_786_885_132,
                353_954_449,
                1_403_444_918,
                2_297_707_818,
                2_390_882_014,
                1_784_789_557,
                103_367_894,
                732_822_249,
                1_114_011_325,
                2_479_834_379,
                2_780_181_510,
                1_135_242_109,
            ],
        ),
        (
            u128::MAX,
            [
                1_009_630_920,
                3_360_221_056,
                3_623_212_703,
                2_125_669_722,
                3_806_908_085,
                1_375_192_163,
                1_452_201_531,
                3_205_049_195,
                770_631_562,
                2_555_204_146,
                3_055_059_628,
                2_083_512_195,
            ],
        ),
    ];
    for (seed, expected) in cases {
        assert_eq!(draws_at(seed), expected, "seed {seed}");
        // The four seeded at once draw the same.
        let mut four = PyRandom::new4([seed, 0, seed, 1]);
        let first: Vec<u32> = four.iter_mut().map(|r| r.next_u32()).collect();
        assert_eq!(
            first,
            [expected[0], 3_626_764_237, expected[0], 577_090_037],
            "seed {seed}"
        );
    }
}

#[test]
fn getrandbits_keeps_the_high_bits_of_a_32_bit_draw() {
    // r = random.Random(7); [r.getrandbits(k) for k in (1, 2, 5, 7, 16, 31, 32, 3, 1, 32)]
    let mut r = PyRandom::new(7);
    let bits = [1, 2, 5, 7, 16, 31, 32, 3, 1, 32].map(|k| r.getrandbits(k));
    assert_eq!(
        bits,
        [
            0,
            3,
            4,
            50,
            42_659,
            103_694_312,
            311_111_475,
            6,
            1,
            404_285_457
        ]
    );
}

#[test]
fn randrange_draws_the_bits_of_n_and_retries_until_below_n() {
    // r = random.Random(7); [r.randrange(n) for n in NS]: randrange(1) still draws (one bit,
    // until 0), and every draw at or above n is thrown away.
    let ns = [1, 2, 3, 5, 8, 13, 32, 100, (1 << 31) + 1, u32::MAX, 6, 7];
    let mut r = PyRandom::new(7);
    let drawn = ns.map(|n| r.below(n));
    assert_eq!(
        drawn,
        [0, 0, 1, 0, 1, 8, 6, 46, 249_103_477, 3_907_149_204, 4, 1]
    );
    // r = random.Random(2**40 + 9); [r.choice(range(3)) for _ in range(12)]: the index `choice`
    // takes, every value of 0..3 and never 3.
    let mut r = PyRandom::new((1 << 40) + 9);
    let chosen: Vec<u32> = (0..12).map(|_| r.below(3)).collect();
    assert_eq!(chosen, [0, 1, 2, 1, 2, 2, 1, 1, 1, 2, 1, 1]);
}
