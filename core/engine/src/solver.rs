//! The double-dummy solver: the card points (plus trick points and the last-trick bonus, where
//! the ruleset has them) the dealer's side takes when every hand is known and both sides play
//! perfectly from a play-phase [`Deal`] on.
//!
//! One fail-soft alpha-beta search with the widest window finds the exact value: a principal
//! variation search, where every card after the first is tested with a zero window (does it
//! beat the best so far?) and searched in full only when it does.  (MTD(f), a series of
//! zero-window searches over point thresholds, needed about 6 of them a deal and some 20% more
//! nodes.)  Positions at the start of a trick go into a transposition table (16-byte entries,
//! four to a cache line, 1 MiB), each entry stamped with the epoch of its search (a new search
//! never clears the table, it just ignores older stamps); the positions of the last two tricks
//! go into a smaller table of their own and are searched by plain alpha-beta.  Both tables are
//! keyed on the *canonical* position: in each suit the live cards keep their order, holders
//! and points but move down to the lowest ranks with those points, so positions that differ
//! only in which equal cards were played (a 7 or a 9) share an entry.  Moves are ordered by the
//! table's best move, then two killer cards (the last two that cut off with as many cards left,
//! for the same seat, against the same card holding the trick, or at the lead), then a few
//! card-play rules of thumb, then the history heuristic (per seat, led suit and card); the next
//! card is picked when needed, since the first one cuts off at about 97-99% of the nodes that
//! cut off.  A forced card mid-trick is played without ordering; the last trick, forced, is
//! played out directly.  Cards that are equivalent (same hand, same suit, same points, no live
//! card between them) are searched once.  The tables derived from the ruleset's cards stay with
//! the solver while the cards stay the same.
//!
//! The only cut-offs are exact bounds at the start of a trick: the points still to be won
//! (above), the trumps a team holds above every trump of the other team (they win their
//! tricks), and the leader's masters outside trumps, which it can cash one after another while
//! no opponent can trump them and the partner cannot take the lead (counted only when they
//! could decide the cut-off).  Suits are handled as bytes in strength order, so masters are bit
//! arithmetic.
//!
//! Legal cards come from [`Deal::legal_cards`], so the solver obeys the ruleset's obligations
//! exactly (the turned card included).

use crate::cards::{iter, suit, suit_mask, CardSet, DECK, NONE};
use crate::deal::{Deal, Phase};
use crate::legality::{legal, TrickView};
use crate::rules::{Rules, TakeUp};

/// A position at the start of a trick as the table keys it: its remaining cards, and two bit
/// planes of who holds them (seat `2 * high + odd`), with the leader and the search's epoch.
#[derive(Clone, Copy, Default)]
struct Key {
    rem: CardSet,
    odd: CardSet,
    high: CardSet,
    /// `epoch << 2 | leader` (epoch 0: an empty slot).
    tag: u8,
}

/// A transposition table entry: a position (its [`Key`]) and the bounds known on its value
/// (16 bytes).
#[derive(Clone, Copy, Default)]
struct Entry {
    rem: CardSet,
    odd: CardSet,
    high: CardSet,
    tag: u8,
    lower: u8,
    upper: u8,
    /// The best card found, as its canonical image.
    best: u8,
}

impl Entry {
    fn new(key: Key, lower: i32, upper: i32, best: u8) -> Entry {
        Entry {
            rem: key.rem,
            odd: key.odd,
            high: key.high,
            tag: key.tag,
            lower: lower.clamp(0, 255) as u8,
            upper: upper.clamp(0, 255) as u8,
            best,
        }
    }

    #[inline]
    fn is(&self, key: &Key) -> bool {
        self.rem == key.rem && self.odd == key.odd && self.high == key.high && self.tag == key.tag
    }
}

/// The entries sharing a slot (one cache line).
const WAYS: usize = 4;
#[derive(Clone, Copy, Default)]
#[repr(align(64))]
struct Bucket([Entry; WAYS]);

/// The table holds `WAYS << TT_BITS` entries (512 KiB: small enough to stay in the caches,
/// where a bigger table spends more time waiting for memory than it saves in nodes).
const TT_BITS: u32 = 14;
/// Epochs run 1..EPOCHS (6 bits of the tag); the table is cleared when they wrap.
const EPOCHS: u8 = 64;
/// The small table holds `1 << SMALL_BITS` entries (128 KiB).
const SMALL_BITS: u32 = 13;
const KILLER: i64 = 1 << 36;
const INF: i32 = 1 << 20;

thread_local! {
    static SOLVER: std::cell::RefCell<Solver> = std::cell::RefCell::new(Solver::new());
}

/// Run `f` with this thread's solver (its table is large: made once per thread).
pub fn with_solver<T>(f: impl FnOnce(&mut Solver) -> T) -> T {
    SOLVER.with(|s| f(&mut s.borrow_mut()))
}

/// A reusable solver: its table and move-ordering memory persist between searches.
pub struct Solver {
    table: Vec<Bucket>,
    /// The positions of the last two tricks (a table of their own, small enough for the
    /// fastest caches: they are many, cheap and often met again).
    small: Vec<Entry>,
    epoch: u8,
    history: [[[u32; DECK]; 5]; 4],
    /// The last card that cut off at each number of cards left.
    killer: Box<[[[[u8; 2]; DECK + 1]; 4]; DECK + 1]>,
    /// Nodes visited since the solver was made (for benchmarks).
    pub nodes: u64,
    /// The tables of the last ruleset searched.
    tables: Option<Box<Tables>>,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

/// The search's own small position: the hands and the trick in progress.
#[derive(Clone, Copy)]
struct Pos {
    hands: [CardSet; 4],
    rem: CardSet,
    /// The cards on the table.
    table: CardSet,
    to_play: u8,
    in_trick: u8,
    led: u8,
    win_card: u8,
    win_seat: u8,
    /// Tricks completed so far.
    done: u8,
}

/// The tables derived from a ruleset's cards and seats once (a solver keeps them while the
/// ruleset's cards stay the same).
struct Tables {
    /// What they were derived from.
    strength: [u8; DECK],
    values: [u32; DECK],
    step: i8,
    /// Card points of each suit's byte of a card set.
    points: [[u8; 256]; 4],
    /// `below[c]`: the cards of c's suit weaker than c.
    below: [CardSet; DECK],
    /// `next_below[c]`: the card of c's suit just weaker than c ([`NONE`]: c is the lowest).
    next_below: [u8; DECK],
    /// The seat after each seat in the direction of play.
    next: [u8; 4],
    /// `canon[suit][live]`: each rank's image in the canonical position, for the live cards
    /// `live` (a byte) of the suit: the live cards keep their order and points and move down
    /// to the lowest such ranks, so positions that differ only in which equal cards were
    /// played (two 7-9s) share a table entry.
    canon: [[[u8; 8]; 256]; 4],
    /// `canon_low[suit][live][nibble]`, `canon_high[..]`: the canonical image of a suit's
    /// byte of a hand, by its low and its high four ranks.
    canon_low: [[[u8; 16]; 256]; 4],
    canon_high: [[[u8; 16]; 256]; 4],
    /// Whether `canon[suit][live]` changes nothing.
    canon_same: [[bool; 256]; 4],
    /// `to_str[suit][byte]`: a suit's byte of a card set with bit `i` for the card of strength
    /// `i` (so the cards above a card are the higher bits).
    to_str: [[u8; 256]; 4],
    /// The card points of such a strength-ordered byte.
    str_points: [[u8; 256]; 4],
    /// `str_value[suit][i]`: the card points of the suit's card of strength `i`.
    str_value: [[u8; 8]; 4],
    /// `from_str[suit][i]`: the rank of the suit's card of strength `i`.
    from_str: [[u8; 8]; 4],
    /// `eq_prev[suit][live]` (strength-ordered bytes): the live cards whose next weaker live
    /// card has the same points.
    eq_prev: [[u8; 256]; 4],
}

/// What a search needs besides the position: the rules, their tables and the deal's trump,
/// team and turned card.
struct Ctx<'a> {
    rules: &'a Rules,
    tables: &'a Tables,
    team_a: u8,
    trump: Option<u8>,
    /// The turned card and the dealer, while the turned card can be held back.
    turned: u8,
    dealer: u8,
}

impl std::ops::Deref for Ctx<'_> {
    type Target = Tables;

    fn deref(&self) -> &Tables {
        self.tables
    }
}

impl Tables {
    fn new(rules: &Rules) -> Box<Tables> {
        let mut points = [[0u8; 256]; 4];
        for (s, row) in points.iter_mut().enumerate() {
            for (byte, slot) in row.iter_mut().enumerate() {
                *slot = iter((byte as u32) << (8 * s))
                    .map(|c| rules.data.values[c as usize] as u8)
                    .sum();
            }
        }
        let mut below = [0; DECK];
        for (c, slot) in below.iter_mut().enumerate() {
            *slot = suit_mask(suit(c as u8)) & !rules.above[c] & !(1 << c);
        }
        let mut next_below = [NONE; DECK];
        for (c, slot) in next_below.iter_mut().enumerate() {
            let st = rules.data.strength[c];
            *slot = iter(below[c])
                .find(|&o| rules.data.strength[o as usize] + 1 == st)
                .unwrap_or(NONE);
        }
        let mut next = [0; 4];
        for (s, slot) in next.iter_mut().enumerate() {
            *slot = rules.seat_after(s as u8, 1);
        }
        let mut canon = [[[0u8; 8]; 256]; 4];
        let mut canon_same = [[true; 256]; 4];
        for s in 0..4u8 {
            let mut ranks: Vec<u8> = (0..8).collect();
            ranks.sort_by_key(|&r| rules.data.strength[(s * 8 + r) as usize]);
            let value = |r: u8| rules.data.values[(s * 8 + r) as usize];
            for live in 0..256usize {
                let mut slot = 0;
                for &r in &ranks {
                    if live & 1 << r == 0 {
                        continue;
                    }
                    while value(ranks[slot]) != value(r) {
                        slot += 1;
                    }
                    canon[s as usize][live][r as usize] = ranks[slot];
                    if ranks[slot] != r {
                        canon_same[s as usize][live] = false;
                    }
                    slot += 1;
                }
            }
        }
        let mut to_str = [[0u8; 256]; 4];
        let mut str_points = [[0u8; 256]; 4];
        let mut str_value = [[0u8; 8]; 4];
        let mut from_str = [[0u8; 8]; 4];
        let mut eq_prev = [[0u8; 256]; 4];
        for s in 0..4usize {
            for r in 0..8usize {
                let c = s * 8 + r;
                str_value[s][rules.data.strength[c] as usize] = rules.data.values[c] as u8;
                from_str[s][rules.data.strength[c] as usize] = r as u8;
            }
            for (live, slot) in eq_prev[s].iter_mut().enumerate() {
                let mut prev = None;
                for i in 0..8 {
                    if live & 1 << i == 0 {
                        continue;
                    }
                    if prev.is_some_and(|j: usize| str_value[s][j] == str_value[s][i]) {
                        *slot |= 1 << i;
                    }
                    prev = Some(i);
                }
            }
            for byte in 0..256usize {
                to_str[s][byte] = (0..8)
                    .filter(|r| byte & 1 << r != 0)
                    .fold(0, |m, r| m | 1 << rules.data.strength[s * 8 + r]);
                str_points[s][byte] = (0..8)
                    .filter(|i| byte & 1 << i != 0)
                    .map(|i| str_value[s][i])
                    .sum();
            }
        }
        let mut canon_low = [[[0u8; 16]; 256]; 4];
        let mut canon_high = [[[0u8; 16]; 256]; 4];
        for s in 0..4 {
            for live in 0..256 {
                let map = &canon[s][live];
                for nibble in 0..16 {
                    for r in 0..4 {
                        if nibble & 1 << r != 0 {
                            canon_low[s][live][nibble] |= 1 << map[r];
                            canon_high[s][live][nibble] |= 1 << map[r + 4];
                        }
                    }
                }
            }
        }
        Box::new(Tables {
            strength: rules.data.strength,
            values: rules.data.values,
            step: rules.data.step,
            from_str,
            eq_prev,
            to_str,
            str_points,
            str_value,
            canon,
            canon_low,
            canon_high,
            canon_same,
            next_below,
            next,
            points,
            below,
        })
    }

    /// Whether the tables were derived from these rules' cards and seats.
    fn fits(&self, rules: &Rules) -> bool {
        self.strength == rules.data.strength
            && self.values == rules.data.values
            && self.step == rules.data.step
    }
}

impl<'a> Ctx<'a> {
    fn new(rules: &'a Rules, tables: &'a Tables, deal: &Deal) -> Ctx<'a> {
        Ctx {
            rules,
            tables,
            team_a: rules.team(deal.dealer),
            trump: deal.trump_suit(),
            turned: deal.turned,
            dealer: deal.dealer,
        }
    }

    #[inline]
    fn points(&self, set: CardSet) -> i32 {
        let b = set.to_le_bytes();
        (self.points[0][b[0] as usize] as i32)
            + (self.points[1][b[1] as usize] as i32)
            + (self.points[2][b[2] as usize] as i32)
            + (self.points[3][b[3] as usize] as i32)
    }

    fn pos(&self, deal: &Deal) -> Pos {
        let rules = self.rules;
        let trick = deal.trick(rules);
        let mut hands = [0; 4];
        for (s, h) in hands.iter_mut().enumerate() {
            *h = deal.hand(s as u8);
        }
        Pos {
            hands,
            rem: deal.rem,
            table: trick.iter().fold(0, |m, &c| m | 1 << c),
            to_play: deal.to_play,
            in_trick: trick.len() as u8,
            led: trick.first().map_or(0, |&c| suit(c)),
            win_card: deal.win_card,
            win_seat: deal.win_seat,
            done: deal.tricks_done(rules) as u8,
        }
    }

    /// The legal cards of the player to act (the same clauses as [`Deal::legal_cards`]).
    #[inline]
    fn legal(&self, p: &Pos) -> CardSet {
        let rules = self.rules;
        let mut hand = p.hands[p.to_play as usize];
        if self.turned != NONE && p.done == 0 && p.to_play == self.dealer {
            let taken = match rules.data.take_up {
                TakeUp::FirstTrickStart => true,
                TakeUp::AfterFirstCard => p.in_trick > 0,
                TakeUp::AfterFirstTrick => false,
            };
            if !taken {
                hand &= !(1 << self.turned);
            }
        }
        let view = (p.in_trick > 0).then(|| TrickView {
            led: p.led,
            winning: p.win_card,
            partner_wins: rules.partners(p.win_seat, p.to_play),
        });
        legal(rules, hand, view, self.trump)
    }

    /// Play `card`; team A's gain (a trick closed to team A, else 0).
    #[inline(always)]
    fn play(&self, p: &mut Pos, card: u8) -> i32 {
        let rules = self.rules;
        let bit = 1u32 << card;
        let seat = p.to_play;
        p.hands[seat as usize] &= !bit;
        p.rem &= !bit;
        p.table |= bit;
        if p.in_trick == 0 {
            p.led = suit(card);
            p.win_card = card;
            p.win_seat = seat;
        } else if rules.beats(card, p.win_card, self.trump) {
            p.win_card = card;
            p.win_seat = seat;
        }
        p.in_trick += 1;
        if p.in_trick < 4 {
            p.to_play = self.next[seat as usize];
            return 0;
        }
        let gain = if p.win_seat & 1 == self.team_a {
            let mut g = self.points(p.table) + rules.data.trick_points as i32;
            if p.rem == 0 {
                g += rules.data.last_trick_bonus as i32;
            }
            g
        } else {
            0
        };
        p.table = 0;
        p.in_trick = 0;
        p.done += 1;
        p.to_play = p.win_seat;
        gain
    }

    /// The points still to be won (the cards on the table included).
    #[inline]
    fn available(&self, p: &Pos) -> i32 {
        let d = &self.rules.data;
        let tricks_left = (p.rem.count_ones() + p.in_trick as u32).div_ceil(4) as i32;
        self.points(p.rem | p.table)
            + tricks_left * d.trick_points as i32
            + if p.rem != 0 {
                d.last_trick_bonus as i32
            } else {
                0
            }
    }

    /// The canonical remaining hands (seats 0-3) of a position (see [`Ctx::canon`]).
    #[inline]
    fn canonical(&self, p: &Pos) -> [CardSet; 4] {
        let mut out = p.hands;
        for s in 0..4 {
            let live = ((p.rem >> (8 * s)) & 0xFF) as usize;
            if self.canon_same[s][live] {
                continue;
            }
            let (low, high) = (&self.canon_low[s][live], &self.canon_high[s][live]);
            let mask = 0xFFu32 << (8 * s);
            for h in out.iter_mut() {
                let cards = (*h >> (8 * s)) as usize;
                let image = low[cards & 0xF] | high[(cards >> 4) & 0xF];
                *h = (*h & !mask) | (image as u32) << (8 * s);
            }
        }
        out
    }

    /// A card's canonical image.
    #[inline]
    fn canonical_card(&self, p: &Pos, card: u8) -> u8 {
        let s = suit(card) as usize;
        let live = ((p.rem >> (8 * s)) & 0xFF) as usize;
        (card & !7) | self.canon[s][live][(card & 7) as usize]
    }

    /// The card of the player to act whose canonical image is `image`.
    fn uncanonical(&self, p: &Pos, image: u8) -> u8 {
        let s = suit(image) as usize;
        let live = ((p.rem >> (8 * s)) & 0xFF) as usize;
        let map = &self.canon[s][live];
        iter(p.hands[p.to_play as usize] & suit_mask(s as u8))
            .find(|&c| map[(c & 7) as usize] == image & 7)
            .unwrap_or(NONE)
    }

    /// Points the leader's team is sure to take by cashing the leader's masters outside
    /// trumps (a trick start): a card above every other live card of its suit wins when
    /// led while every opponent holding a trump still follows the suit (at no-trump, always).
    /// The leader keeps the lead, so it cashes them one after another.  Returns (points,
    /// tricks).
    #[inline]
    fn quick(&self, p: &Pos) -> (i32, u32) {
        if self.turned != NONE && p.done == 0 {
            return (0, 0); // the turned card may be held back: not worth the cases
        }
        let rules = self.rules;
        let leader = p.to_play as usize;
        let mine = p.hands[leader];
        let others = p.rem & !mine;
        // A seat holding a trump may trump once void of the suit: an opponent would win the
        // trick, the partner would take the lead from the leader.
        let mut trumpers = [0 as CardSet; 3];
        let mut n_trumpers = 0;
        if let Some(t) = self.trump {
            let partner = rules.partner(p.to_play) as usize;
            for h in [
                p.hands[(leader + 1) % 4],
                p.hands[(leader + 3) % 4],
                p.hands[partner],
            ] {
                if h & suit_mask(t) != 0 {
                    trumpers[n_trumpers] = h;
                    n_trumpers += 1;
                }
            }
        }
        let mut points = 0;
        let mut tricks = 0;
        for s in 0..4u8 {
            if Some(s) == self.trump {
                continue;
            }
            let masters = self.masters(s, mine, others);
            if masters == 0 {
                continue;
            }
            let mask = suit_mask(s);
            let mut limit = u32::MAX;
            for &h in &trumpers[..n_trumpers] {
                limit = limit.min((h & mask).count_ones());
            }
            let count = masters.count_ones();
            if limit >= count {
                points += self.str_points[s as usize][masters as usize] as i32;
                tricks += count;
            } else if limit > 0 {
                let mut values = [0i32; 8];
                for (slot, i) in values.iter_mut().zip(iter(masters as CardSet)) {
                    *slot = self.str_value[s as usize][i as usize] as i32;
                }
                values.sort_unstable_by(|a, b| b.cmp(a));
                points += values[..limit as usize].iter().sum::<i32>();
                tricks += limit;
            }
        }
        (points, tricks)
    }

    /// The cards of `mine` in suit `s` above every card of `theirs` in it, as a byte in
    /// strength order (bit `i`: the suit's card of strength `i`).
    #[inline]
    fn masters(&self, s: u8, mine: CardSet, theirs: CardSet) -> u8 {
        let row = &self.to_str[s as usize];
        let m = row[((mine >> (8 * s)) & 0xFF) as usize] as u32;
        let t = row[((theirs >> (8 * s)) & 0xFF) as usize] as u32;
        if t == 0 {
            m as u8
        } else {
            (m & !((2 << (31 - t.leading_zeros())) - 1)) as u8
        }
    }

    /// A cut-off at a trick start from bounds on team A's points: the sure points (the top
    /// trumps of team A, the leader's cashable masters when team A leads) when they reach
    /// `beta`, else the most it can take (the points left less those of team B) when that is
    /// at most `alpha`.  The leader's masters are only counted when they could decide.
    #[inline]
    fn cut(&self, p: &Pos, avail: i32, alpha: i32, beta: i32) -> Option<i32> {
        let (sa, sb, points) = match self.trump {
            Some(t) => {
                let trumps = p.rem & suit_mask(t);
                let a = self.team_a as usize;
                let ta = (p.hands[a] | p.hands[a + 2]) & trumps;
                let tb = trumps & !ta;
                let points = &self.str_points[t as usize];
                (self.masters(t, ta, tb), self.masters(t, tb, ta), points)
            }
            None => (0, 0, &self.str_points[0]),
        };
        let tp = self.rules.data.trick_points as i32;
        let score = |set: u8, quick: (i32, u32)| {
            points[set as usize] as i32
                + quick.0
                + tp * set.count_ones().div_ceil(4).max(quick.1) as i32
        };
        let a_leads = self.rules.team(p.to_play) == self.team_a;
        let (mine, theirs) = if a_leads { (sa, sb) } else { (sb, sa) };
        // The leader's side: at most every card of the leader outside trumps cashed.
        let plain = p.hands[p.to_play as usize] & !self.trump.map_or(0, suit_mask);
        let most = (self.points(plain), plain.count_ones());
        let decides = if a_leads {
            score(mine, most) >= beta
        } else {
            avail - score(mine, most) <= alpha
        };
        let quick = if decides { self.quick(p) } else { (0, 0) };
        let (lo, hi) = if a_leads {
            (score(mine, quick), avail - score(theirs, (0, 0)))
        } else {
            (score(theirs, (0, 0)), avail - score(mine, quick))
        };
        if lo >= beta {
            Some(lo)
        } else if hi <= alpha {
            Some(hi)
        } else {
            None
        }
    }

    /// The legal cards less those that play exactly like the legal card just below them (see
    /// [`Ctx::twin_below`]): one card of each equivalent group, the lowest.
    #[inline]
    fn distinct(&self, p: &Pos, legal: CardSet) -> CardSet {
        let live = p.rem | p.table;
        let mut out = legal;
        for s in 0..4usize {
            let g = ((legal >> (8 * s)) & 0xFF) as usize;
            if g & g.wrapping_sub(1) == 0 {
                continue; // at most one legal card of the suit
            }
            let ls = self.to_str[s][((live >> (8 * s)) & 0xFF) as usize] as u32;
            let gs = self.to_str[s][g] as u32;
            let mut twins = gs & self.eq_prev[s][ls as usize] as u32;
            while twins != 0 {
                let i = twins.trailing_zeros();
                twins &= twins - 1;
                let below = ls & ((1 << i) - 1);
                if gs & 1 << (31 - below.leading_zeros()) != 0 {
                    out &= !(1 << (8 * s as u32 + self.from_str[s][i as usize] as u32));
                }
            }
        }
        out
    }

    /// The legal card just below `card` that plays exactly like it, if any.
    #[inline]
    fn twin_below(&self, p: &Pos, legal: CardSet, card: u8) -> Option<u8> {
        let live = (p.rem | p.table) & self.below[card as usize];
        if live == 0 {
            return None;
        }
        let mut below = self.next_below[card as usize];
        while live & 1 << below == 0 {
            below = self.next_below[below as usize];
        }
        let values = &self.rules.data.values;
        (legal & 1 << below != 0 && values[below as usize] == values[card as usize])
            .then_some(below)
    }
}

impl Solver {
    pub fn new() -> Solver {
        Solver {
            table: vec![Bucket::default(); 1 << TT_BITS],
            small: vec![Entry::default(); 1 << SMALL_BITS],
            epoch: 0,
            history: [[[0; DECK]; 5]; 4],
            killer: Box::new([[[[NONE; 2]; DECK + 1]; 4]; DECK + 1]),
            nodes: 0,
            tables: None,
        }
    }

    /// Runs `f` with the context of `deal` (the ruleset's tables made again only when its
    /// cards or seats changed).
    fn with_ctx<R>(
        &mut self,
        rules: &Rules,
        deal: &Deal,
        f: impl FnOnce(&mut Solver, &Ctx) -> R,
    ) -> R {
        let tables = match self.tables.take() {
            Some(t) if t.fits(rules) => t,
            _ => Tables::new(rules),
        };
        let result = f(self, &Ctx::new(rules, &tables, deal));
        self.tables = Some(tables);
        result
    }

    /// Start a new search: older table entries no longer count.
    fn new_epoch(&mut self) {
        self.epoch += 1;
        if self.epoch >= EPOCHS {
            self.table.fill(Bucket::default());
            self.small.fill(Entry::default());
            self.epoch = 1;
        }
        for h in self.history.iter_mut().flatten().flatten() {
            *h >>= 2;
        }
    }

    /// Team A's (the dealer's side's) total for the deal under perfect play from `deal` on:
    /// what it has taken already plus what it takes from here.  `None` outside the play phase.
    pub fn value(&mut self, rules: &Rules, deal: &Deal) -> Option<u32> {
        if deal.phase == Phase::Over {
            return Some(banked(rules, deal));
        }
        if deal.phase != Phase::Play {
            return None;
        }
        self.new_epoch();
        let v = self.with_ctx(rules, deal, |solver, ctx| {
            let pos = ctx.pos(deal);
            solver.exact(ctx, &pos)
        });
        Some(banked(rules, deal) + v as u32)
    }

    /// The value after each legal card (card, team A's total), in card order.
    pub fn moves(&mut self, rules: &Rules, deal: &Deal) -> Vec<(u8, u32)> {
        if deal.phase != Phase::Play {
            return Vec::new();
        }
        self.new_epoch();
        self.with_ctx(rules, deal, |solver, ctx| {
            let pos = ctx.pos(deal);
            let base = banked(rules, deal) as i32;
            let legal = ctx.legal(&pos);
            let mut out: Vec<(u8, u32)> = Vec::with_capacity(legal.count_ones() as usize);
            for card in iter(legal) {
                let twin = ctx.twin_below(&pos, legal, card);
                if let Some(&(_, v)) = twin.and_then(|t| out.iter().find(|(c, _)| *c == t)) {
                    out.push((card, v));
                    continue;
                }
                let mut child = pos;
                let gain = ctx.play(&mut child, card);
                let v = gain + solver.exact(ctx, &child);
                out.push((card, (base + v) as u32));
            }
            out
        })
    }

    /// The exact future value: one search with the widest window.
    fn exact(&mut self, ctx: &Ctx, pos: &Pos) -> i32 {
        self.search(ctx, pos, -1, ctx.available(pos) + 1)
    }

    /// Fail-soft alpha-beta: team A's points from `pos` on (team A maximises).
    fn search(&mut self, ctx: &Ctx, pos: &Pos, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if pos.rem == 0 {
            return 0;
        }
        let avail = ctx.available(pos);
        if alpha >= avail {
            return avail;
        }
        if beta <= 0 {
            return 0;
        }
        let at_start = pos.in_trick == 0;
        if at_start {
            if let Some(v) = ctx.cut(pos, avail, alpha, beta) {
                return v;
            }
        }
        if at_start && pos.rem.count_ones() <= LEAN {
            return self.last_two(ctx, pos, alpha, beta, avail);
        }
        let legal = ctx.legal(pos);
        if !at_start && legal & legal.wrapping_sub(1) == 0 {
            // One card to play.
            let mut child = *pos;
            let gain = ctx.play(&mut child, legal.trailing_zeros() as u8);
            return gain + self.search(ctx, &child, alpha - gain, beta - gain);
        }
        let mut slot = usize::MAX;
        let mut tt_best = NONE;
        let mut key = Key::default();
        let mut known = None;
        if at_start {
            key = self.key(ctx, pos);
            slot = slot_of(&key);
            if let Some(e) = self.table[slot].0.iter().find(|e| e.is(&key)) {
                known = Some((e.lower as i32, e.upper as i32));
                let (lo, hi) = (e.lower as i32, e.upper as i32);
                if lo >= beta || lo == hi {
                    return lo;
                }
                if hi <= alpha {
                    return hi;
                }
                alpha = alpha.max(lo);
                beta = beta.min(hi);
                tt_best = ctx.uncanonical(pos, e.best);
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let seat = pos.to_play;
        let maximise = ctx.rules.team(seat) == ctx.team_a;
        let mut moves: Keyed = [(0, 0); 8];
        let n = self.order(ctx, pos, legal, tt_best, &mut moves);
        let mut best = if maximise { -INF } else { INF };
        let mut best_card = NONE;
        for i in 0..n {
            let card = next_best(&mut moves[i..n]);
            if i == 0 {
                best_card = card;
            }
            let mut child = *pos;
            let gain = ctx.play(&mut child, card);
            let v = if i > 0 && beta - alpha > 1 {
                // Principal variation search: a later card is first tested with a zero window
                // (is it better than the best so far?), then searched in full if it is.
                let (za, zb) = if maximise {
                    (alpha, alpha + 1)
                } else {
                    (beta - 1, beta)
                };
                let z = gain + self.search(ctx, &child, za - gain, zb - gain);
                if z > alpha && z < beta {
                    gain + self.search(ctx, &child, alpha - gain, beta - gain)
                } else {
                    z
                }
            } else {
                gain + self.search(ctx, &child, alpha - gain, beta - gain)
            };
            if maximise {
                if v > best {
                    best = v;
                    best_card = card;
                }
                alpha = alpha.max(v);
            } else {
                if v < best {
                    best = v;
                    best_card = card;
                }
                beta = beta.min(v);
            }
            if alpha >= beta {
                let depth = pos.rem.count_ones();
                let ctx_i = if pos.in_trick == 0 {
                    4
                } else {
                    pos.led as usize
                };
                self.history[seat as usize][ctx_i][card as usize] += depth * depth;
                let led = if pos.in_trick == 0 {
                    DECK
                } else {
                    pos.win_card as usize
                };
                let k = &mut self.killer[depth as usize][seat as usize][led];
                if k[0] != card {
                    k[1] = k[0];
                    k[0] = card;
                }
                break;
            }
        }
        if at_start {
            let (mut lo, mut hi) = known.unwrap_or((0, avail));
            if best <= alpha0 {
                hi = hi.min(best);
            } else if best >= beta0 {
                lo = lo.max(best);
            } else {
                lo = best;
                hi = best;
            }
            let entry = Entry::new(key, lo, hi, ctx.canonical_card(pos, best_card));
            let epoch = self.epoch;
            let bucket = &mut self.table[slot].0;
            // The same position, else a slot of an older search, else the smallest subtree.
            let victim = match bucket.iter().position(|e| e.is(&key)) {
                Some(i) => i,
                None => match bucket.iter().position(|e| e.tag >> 2 != epoch) {
                    Some(i) => i,
                    None => (0..WAYS)
                        .min_by_key(|&i| bucket[i].rem.count_ones())
                        .unwrap_or(0),
                },
            };
            bucket[victim] = entry;
        }
        best
    }

    /// The table key of a position at the start of a trick.
    #[inline]
    fn key(&self, ctx: &Ctx, pos: &Pos) -> Key {
        let h = ctx.canonical(pos);
        Key {
            rem: h[0] | h[1] | h[2] | h[3],
            odd: h[1] | h[3],
            high: h[2] | h[3],
            tag: self.epoch << 2 | pos.to_play,
        }
    }

    /// The last two tricks from their start, through the small table.
    fn last_two(&mut self, ctx: &Ctx, pos: &Pos, alpha: i32, beta: i32, avail: i32) -> i32 {
        let key = self.key(ctx, pos);
        let slot = slot_of(&key) & ((1 << SMALL_BITS) - 1);
        let e = self.small[slot];
        let (mut lo, mut hi) = (0, avail);
        if e.is(&key) {
            (lo, hi) = (e.lower as i32, e.upper as i32);
            if lo >= beta || lo == hi {
                return lo;
            }
            if hi <= alpha {
                return hi;
            }
        }
        let (a, b) = (alpha.max(lo), beta.min(hi));
        let v = self.lean(ctx, pos, a, b);
        if v <= a {
            hi = hi.min(v);
        } else if v >= b {
            lo = lo.max(v);
        } else {
            (lo, hi) = (v, v);
        }
        self.small[slot] = Entry::new(key, lo, hi, NONE);
        v
    }

    /// Plain fail-soft alpha-beta without table or ordering, for the last tricks.
    fn lean(&mut self, ctx: &Ctx, pos: &Pos, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if pos.rem == 0 {
            return 0;
        }
        if pos.rem.count_ones() + pos.in_trick as u32 <= 4 {
            return last_trick(ctx, pos);
        }
        if pos.in_trick == 0 {
            let avail = ctx.available(pos);
            if alpha >= avail {
                return avail;
            }
            if beta <= 0 {
                return 0;
            }
        }
        let legal = ctx.legal(pos);
        if legal.count_ones() == 1 {
            // One card to play.
            let mut child = *pos;
            let gain = ctx.play(&mut child, legal.trailing_zeros() as u8);
            return gain + self.lean(ctx, &child, alpha - gain, beta - gain);
        }
        let maximise = ctx.rules.team(pos.to_play) == ctx.team_a;
        let mut best = if maximise { -INF } else { INF };
        for card in iter(legal) {
            let mut child = *pos;
            let gain = ctx.play(&mut child, card);
            let v = gain + self.lean(ctx, &child, alpha - gain, beta - gain);
            if maximise {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// The legal cards to search (one of each equivalent group) with their ordering keys
    /// (highest first: see [`next_best`]); their count.
    fn order(&self, ctx: &Ctx, pos: &Pos, legal: CardSet, tt_best: u8, out: &mut Keyed) -> usize {
        let rules = ctx.rules;
        let distinct = ctx.distinct(pos, legal);
        let seat = pos.to_play;
        let hist = &self.history[seat as usize][if pos.in_trick == 0 {
            4
        } else {
            pos.led as usize
        }];
        let led = if pos.in_trick == 0 {
            DECK
        } else {
            pos.win_card as usize
        };
        let killer = self.killer[pos.rem.count_ones() as usize][seat as usize][led];
        let last = pos.in_trick as usize + 1 == rules.seats() as usize;
        let partner_wins = pos.in_trick > 0 && rules.partners(pos.win_seat, seat);
        let mut n = 0;
        for card in iter(distinct) {
            let value = rules.data.values[card as usize] as i64;
            let strength = rules.data.strength[card as usize] as i64;
            let mut key = hist[card as usize].min(1 << 20) as i64;
            if card == killer[0] {
                key += KILLER;
            } else if card == killer[1] {
                key += KILLER / 2;
            }
            if card == tt_best {
                key += 1 << 40;
            } else if pos.in_trick == 0 {
                // Lead: a master (nothing higher still out) first.
                let out_there = rules.above[card as usize] & pos.rem & !pos.hands[seat as usize];
                if out_there == 0 {
                    key += (1 << 32) + value * (1 << 22);
                }
            } else {
                let wins = rules.beats(card, pos.win_card, ctx.trump);
                if last {
                    // The trick's fate is known: win it or feed the partner, else dump low.
                    if wins || partner_wins {
                        key += (1 << 34) + value * (1 << 24) - strength * (1 << 21);
                    } else {
                        key -= value * (1 << 24) + strength * (1 << 21);
                    }
                } else if wins && !partner_wins {
                    key += (1 << 33) - strength * (1 << 21);
                } else {
                    key -= value * (1 << 24) + strength * (1 << 21);
                }
            }
            out[n] = (key, card);
            n += 1;
        }
        n
    }
}

/// Cards with their ordering keys.
type Keyed = [(i64, u8); 8];

/// Moves the card with the highest key (the first of equal keys) to the front, keeping the
/// others in their order, and returns it: a selection sort done lazily, since the first card
/// searched usually cuts off.
#[inline]
fn next_best(keyed: &mut [(i64, u8)]) -> u8 {
    let mut b = 0;
    for j in 1..keyed.len() {
        if keyed[j].0 > keyed[b].0 {
            b = j;
        }
    }
    keyed[..=b].rotate_right(1);
    keyed[0].1
}

/// From this many cards left at the start of a trick, [`lean`] searches the rest (the last
/// two tricks hold most of the nodes, where the table and the ordering cost more than they
/// save).
const LEAN: u32 = 8;

/// The last trick: every player left holds one card, so it plays itself.
#[inline]
fn last_trick(ctx: &Ctx, pos: &Pos) -> i32 {
    let mut p = *pos;
    let mut gain = 0;
    while p.rem != 0 {
        let card = p.hands[p.to_play as usize].trailing_zeros() as u8;
        gain += ctx.play(&mut p, card);
    }
    gain
}

/// The table slot of a key.
#[inline]
fn slot_of(key: &Key) -> usize {
    let mut x = (key.rem as u64) << 32 | key.odd as u64;
    x ^= ((key.high as u64) << 8 | key.tag as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    (x >> (64 - TT_BITS)) as usize
}

/// What team A has taken so far (card points, trick points, last-trick bonus).
pub fn banked(rules: &Rules, deal: &Deal) -> u32 {
    let team = rules.team(deal.dealer) as usize;
    let won = deal.won[team];
    let tricks = won.count_ones() / rules.seats() as u32;
    let last = deal.rem == 0 && rules.team(deal.last_winner) as usize == team;
    rules.points(won)
        + tricks * rules.data.trick_points
        + if last { rules.data.last_trick_bonus } else { 0 }
}

/// Plain minimax over every legal card (for tests): team A's total under perfect play.
pub fn brute_force(rules: &Rules, deal: &Deal) -> u32 {
    if deal.phase == Phase::Over {
        return banked(rules, deal);
    }
    let maximise = rules.team(deal.to_play) == rules.team(deal.dealer);
    let values = iter(deal.legal_cards(rules)).map(|card| {
        let mut child = *deal;
        child.play_unchecked(rules, card);
        brute_force(rules, &child)
    });
    if maximise {
        values.max().unwrap_or(0)
    } else {
        values.min().unwrap_or(0)
    }
}

/// Bound-limited values (for the search bot's decisions before play, where a few points do
/// not change a choice).
impl Solver {
    /// Team A's total for the deal from `deal` on, known within `tolerance` points: the
    /// points are cut into fixed buckets of `tolerance + 1` values and the middle (rounded
    /// down) of the exact value's bucket is returned.  The answer depends on the exact value
    /// alone, not on the path of the search (the table and the history left by earlier
    /// searches).  `tolerance` 0 is [`Solver::value`].  From [`PROBE_TOLERANCE`] on, the
    /// bucket is found by zero-window tests at its edges ([`Solver::bucket`]); below it, such
    /// tests cost as much as one full-window search, so the value is searched exactly.
    pub fn value_within(&mut self, rules: &Rules, deal: &Deal, tolerance: u32) -> Option<u32> {
        if deal.phase == Phase::Over {
            return Some(banked(rules, deal));
        }
        if deal.phase != Phase::Play {
            return None;
        }
        self.new_epoch();
        let width = tolerance as i32 + 1;
        let v = self.with_ctx(rules, deal, |solver, ctx| {
            let pos = ctx.pos(deal);
            let bucket = if tolerance >= PROBE_TOLERANCE {
                solver.bucket(ctx, &pos, width)
            } else {
                solver.exact(ctx, &pos) / width * width
            };
            let top = (bucket + width - 1).min(ctx.available(&pos));
            (bucket + top) / 2
        });
        Some(banked(rules, deal) + v as u32)
    }

    /// The lowest value of the bucket of `width` points that holds `pos`'s exact value, by
    /// zero-window tests at bucket edges: each test's fail-soft answer bounds the value from
    /// below (it reaches the edge) or from above (it does not), and the tests halve the
    /// buckets still open until one is left.  The first edge tried is the one nearest the
    /// middle of the points still to be won.  (Counted on 300 whole deals at the first lead,
    /// buckets of 11 points: 72,000 nodes a deal against 114,000 for the exact value.)
    fn bucket(&mut self, ctx: &Ctx, pos: &Pos, width: i32) -> i32 {
        let avail = ctx.available(pos);
        let (mut lo, mut hi) = (0, avail);
        let mut edge = ((avail + width) / (2 * width)).max(1) * width;
        while lo / width != hi / width {
            let v = self.search(ctx, pos, edge - 1, edge);
            if v >= edge {
                lo = lo.max(v);
            } else {
                hi = hi.min(v);
            }
            edge = (lo / width + hi / width + 1) / 2 * width;
        }
        lo / width * width
    }
}

/// The tolerance from which [`Solver::value_within`] finds a value's bucket by zero-window
/// tests rather than by the exact value.
pub const PROBE_TOLERANCE: u32 = 8;
