//! Ace-to-five lows with the 8-or-better qualifier (docs/rules/poker.md §1; seeds 000, 001, 003).
//!
//! A low is five cards of *different* ranks, ace low. Straights and flushes do not count against
//! it, a pair in the five disqualifies that five, and lows compare from the highest card down
//! ("7-6-5-4-2 beats 8-5-4-3-2", "A-2-3-4-6 beats A-2-3-5-6"). With the 8-or-better qualifier
//! every card of the five is an 8 or lower, which leaves 56 lows, A-2-3-4-5 (the wheel) best.
//! Hold'em-board games, Crazy Pineapple 8/b and Stud Hi/Lo take any five of the player's cards;
//! Omaha takes exactly two hole cards and three board cards, chosen apart from the high hand.
//!
//! # Ranks, masks and strengths
//!
//! Lows use an *ace-low rank mask*: bit 0 ace, bit 1 deuce, .., bit 7 eight, .., bit 12 king.
//! A card adds the bit of its rank, so a paired rank is one bit and can never count twice.
//! Comparing two lows from the highest card down is the same as comparing their five-bit masks
//! as integers, smaller being better; so the best low in a mask is its five lowest set bits.
//!
//! The *qualifier* is the highest rank a low may hold, ace = 1 .. king = 13: 8 for
//! 8-or-better ([`EIGHT_OR_BETTER`]), 13 for an unqualified ace-to-five low ([`UNQUALIFIED`]).
//! Every five-bit mask has a colex index, its position among all five-bit masks in increasing
//! order (0 for the wheel, 55 for 8-7-6-5-4, 1286 for K-Q-J-T-9); the index does not depend on
//! the qualifier. With qualifier `q` there are C(q, 5) lows and
//!
//! ```text
//! strength = C(q, 5) - colex index        1 ..= C(q, 5), larger is better, 0 = no low
//! ```
//!
//! so 8-or-better strengths are 1..=56 (a `u8`, 56 = A-2-3-4-5) and unqualified strengths
//! 1..=1287 (a `u16`). A low that qualifies under both has strength8 + 1231 unqualified.
//! Strengths of lows are a different ordering from high strengths (docs/rules/poker.md §1): they have
//! different types and functions, and are never meant to be compared with each other.
//!
//! The 8-or-better forms run on two tables built by `const fn` at compile time: `LOW8`
//! (256 entries, eight-bit mask to strength) for any five, and `OMAHA8` (256 x 256, hole mask by
use super::omaha::check_omaha;
use super::{check_any_five, pairs, triples};
use crate::cards::CardError;

/// The qualifier of 8-or-better games: every card of the low an 8 or lower.
pub const EIGHT_OR_BETTER: u8 = 8;
/// The qualifier that lets any five different ranks be a low (king-high lows included).
pub(crate) const UNQUALIFIED: u8 = 13;
/// How many 8-or-better lows there are; also the strength of the wheel.
pub const LOW8_CLASSES: u8 = 56;

/// C(n, k) for the small numbers used here (n <= 13, k <= 5).
const fn binom(n: u32, k: u32) -> u32 {
    if k > n {
        return 0;
    }
    let mut r = 1;
    let mut i = 0;
    while i < k {
        r = r * (n - i) / (i + 1);
        i += 1;
    }
    r
}

/// Qualifiers above 13 allow every rank; a qualifier below 5 allows no low at all.
const fn effective(qualifier: u8) -> u32 {
    if qualifier > UNQUALIFIED {
        UNQUALIFIED as u32
    } else {
        qualifier as u32
    }
}

/// The ace-low rank bits a low may use under `qualifier`.
const fn allowed(qualifier: u8) -> u16 {
    ((1u32 << effective(qualifier)) - 1) as u16
}

/// How many lows there are under `qualifier`: C(q, 5).
#[allow(dead_code)] // the general-qualifier form waits for razz and ace-to-five; tests use it now
pub(crate) const fn low_classes(qualifier: u8) -> u16 {
    binom(effective(qualifier), 5) as u16
}

/// The `k` lowest set bits of `mask` (all of them if it has fewer).
const fn lowest_bits(mask: u16, k: u32) -> u16 {
    let (mut rest, mut out, mut i) = (mask, 0, 0);
    while i < k && rest != 0 {
        let bit = rest & rest.wrapping_neg();
        out |= bit;
        rest ^= bit;
        i += 1;
    }
    out
}

/// Position of a five-bit mask among all five-bit masks in increasing order (0 = the wheel).
const fn colex(five: u16) -> u32 {
    let (mut rest, mut idx, mut i) = (five, 0, 1);
    while rest != 0 {
        idx += binom(rest.trailing_zeros(), i);
        rest &= rest - 1;
        i += 1;
    }
    idx
}

/// Strength of the best low in an ace-low rank mask under `qualifier` (0 = none): the five
/// lowest allowed ranks, if there are five. Numbering: see the module documentation.
pub(crate) const fn low_strength_of_mask(mask: u16, qualifier: u8) -> u16 {
    let m = mask & allowed(qualifier);
    if m.count_ones() < 5 {
        return 0;
    }
    (binom(effective(qualifier), 5) - colex(lowest_bits(m, 5))) as u16
}

/// The best Omaha low of a hole rank mask and a board rank mask under `qualifier` (0 = none):
/// two different hole ranks and three board ranks, all five different.
pub(crate) const fn omaha_low_strength_of_masks(hole: u16, board: u16, qualifier: u8) -> u16 {
    let keep = allowed(qualifier);
    let (hole, board) = (hole & keep, board & keep);
    // The smallest five-bit mask is the best low; 0 stands for "none yet".
    let mut best: u16 = 0;
    let mut first = hole;
    while first != 0 {
        let x = first & first.wrapping_neg();
        first ^= x;
        let mut second = first;
        while second != 0 {
            let y = second & second.wrapping_neg();
            second ^= y;
            // For a fixed hole pair the best board three are the lowest ranks it does not pair.
            let five = x | y | lowest_bits(board & !(x | y), 3);
            if five.count_ones() == 5 && (best == 0 || five < best) {
                best = five;
            }
        }
    }
    if best == 0 {
        0
    } else {
        low_strength_of_mask(best, qualifier)
    }
}

/// The five ranks of a low, high to low with ace = 1, or `None` for a strength that is not a
/// low under `qualifier` (0, or above C(q, 5)).
pub(crate) const fn low_ranks_of(strength: u16, qualifier: u8) -> Option<[u8; 5]> {
    let n = binom(effective(qualifier), 5);
    if strength == 0 || strength as u32 > n {
        return None;
    }
    // Undo the colex index greedily, highest rank first.
    let mut idx = n - strength as u32;
    let mut out = [0u8; 5];
    let mut bit = effective(qualifier);
    let mut k = 5;
    while k > 0 {
        bit -= 1;
        while binom(bit, k) > idx {
            bit -= 1;
        }
        idx -= binom(bit, k);
        out[5 - k as usize] = bit as u8 + 1;
        k -= 1;
    }
    Some(out)
}

/// Ace-low rank bit of every card code (`rank * 4 + suit`, ace = rank 12); codes 52..=255 have
/// no bit, so the fast paths index without bounds checks and never panic.
static LOW_BITS: [u16; 256] = build_low_bits();

const fn build_low_bits() -> [u16; 256] {
    let mut t = [0u16; 256];
    let mut c = 0;
    while c < 52 {
        t[c] = 1 << ((c / 4 + 1) % 13);
        c += 1;
    }
    t
}

/// [`LOW_BITS`] restricted to ace..eight, as a byte: the only ranks an 8-or-better low can use.
pub(crate) static LOW8_BITS: [u8; 256] = {
    let all = build_low_bits();
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        t[c] = (all[c] & 0xff) as u8;
        c += 1;
    }
    t
};

const fn build_low8() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut m = 0;
    while m < 256 {
        t[m] = low_strength_of_mask(m as u16, EIGHT_OR_BETTER) as u8;
        m += 1;
    }
    t
}

/// 8-or-better strength of every eight-bit ace-low rank mask (ace..eight).
pub(crate) static LOW8: [u8; 256] = build_low8();

/// Ranks of each 8-or-better strength, high to low (entry 0, "no low", is all zeros).
static LOW8_RANKS: [[u8; 5]; 57] = {
    let mut t = [[0u8; 5]; 57];
    let mut s = 1;
    while s <= 56 {
        if let Some(r) = low_ranks_of(s as u16, EIGHT_OR_BETTER) {
            t[s] = r;
        }
        s += 1;
    }
    t
};

/// `OMAHA8[hole mask][board mask]`: the best 8-or-better Omaha low, the same as
/// `omaha_low_strength_of_masks(hole, board, 8)` (a test checks all 65,536 entries).
///
/// Built by a recurrence that costs O(1) per entry: calling `omaha_low_strength_of_masks` for
/// every entry (every hole pair each time) trips rustc's deny-by-default
/// `long_running_const_eval` lint (2 million interpreter steps). For a hole mask `h` with top
/// rank `t`:
/// `best[h] = max(best[h - t], with_top[h])`, where `with_top[h]` is the best low using `t` and
/// another rank of `h`, and `with_top[h] = max(with_top[h - x], low(t + x))` for `x` the lowest
/// other rank.
pub(crate) static OMAHA8: [[u8; 256]; 256] = {
    let low8 = build_low8();
    // The three lowest ranks of each board mask (all of them if fewer).
    let mut low3 = [0u8; 256];
    let mut m = 0;
    while m < 256 {
        low3[m] = lowest_bits(m as u16, 3) as u8;
        m += 1;
    }
    let mut with_top = [[0u8; 256]; 256];
    let mut best = [[0u8; 256]; 256];
    let mut h = 1usize;
    while h < 256 {
        let top = 1usize << (usize::BITS - 1 - h.leading_zeros());
        let rest = h ^ top;
        if rest != 0 {
            let x = rest & rest.wrapping_neg();
            let pair = top | x;
            let mut b = 0;
            while b < 256 {
                // Fewer than three board ranks apart from the pair leave fewer than five bits: 0.
                let v = low8[pair | low3[b & !pair] as usize];
                let prev = with_top[h ^ x][b];
                with_top[h][b] = if v > prev { v } else { prev };
                b += 1;
            }
        }
        let mut b = 0;
        while b < 256 {
            let (a, w) = (best[rest][b], with_top[h][b]);
            best[h][b] = if a > w { a } else { w };
            b += 1;
        }
        h += 1;
    }
    best
};

/// The ace-low rank mask of some cards (codes 52 and above add nothing).
pub(crate) fn low_rank_mask(cards: &[u8]) -> u16 {
    cards.iter().fold(0, |m, &c| m | LOW_BITS[c as usize])
}

#[inline(always)]
pub(crate) fn low8_mask(cards: &[u8]) -> u8 {
    let bit = |c: u8| LOW8_BITS[c as usize];
    // The common lengths unrolled: independent loads, a short OR tree instead of a loop.
    match *cards {
        [a, b, c, d, e, f, g] => (bit(a) | bit(b)) | (bit(c) | bit(d)) | (bit(e) | bit(f)) | bit(g),
        [a, b, c, d, e] => (bit(a) | bit(b)) | (bit(c) | bit(d)) | bit(e),
        [a, b, c, d] => (bit(a) | bit(b)) | (bit(c) | bit(d)),
        _ => cards.iter().fold(0, |m, &c| m | bit(c)),
    }
}

/// Best low of any five of 5, 6 or 7 cards under `qualifier` (0 = no qualifying low).
#[allow(dead_code)] // the general-qualifier form waits for razz and ace-to-five; tests use it now
pub(crate) fn evaluate_low(cards: &[u8], qualifier: u8) -> Result<u16, CardError> {
    check_any_five(cards)?;
    Ok(low_unchecked(cards, qualifier))
}

/// [`evaluate_low`] without validation. Any card codes are safe (it never panics), but the
/// answer only means something for distinct codes below 52.
pub(crate) fn low_unchecked(cards: &[u8], qualifier: u8) -> u16 {
    low_strength_of_mask(low_rank_mask(cards), qualifier)
}

/// Best 8-or-better low of any five of 5, 6 or 7 distinct cards: 1..=56, 0 = no qualifying low.
pub fn evaluate_low8(cards: &[u8]) -> Result<u8, CardError> {
    check_any_five(cards)?;
    Ok(low8_unchecked(cards))
}

/// [`evaluate_low8`] on validated input (batches). Never panics: any codes index in bounds.
#[inline]
pub fn low8_unchecked(cards: &[u8]) -> u8 {
    LOW8[low8_mask(cards) as usize]
}

/// Omaha low under `qualifier`: exactly two of 4..=6 hole cards and exactly three of 3..=5
/// board cards (docs/rules/poker.md §1).
pub(crate) fn evaluate_omaha_low(
    hole: &[u8],
    board: &[u8],
    qualifier: u8,
) -> Result<u16, CardError> {
    check_omaha(hole, board)?;
    Ok(omaha_low_unchecked(hole, board, qualifier))
}

/// [`evaluate_omaha_low`] without validation; never panics.
pub(crate) fn omaha_low_unchecked(hole: &[u8], board: &[u8], qualifier: u8) -> u16 {
    omaha_low_strength_of_masks(low_rank_mask(hole), low_rank_mask(board), qualifier)
}

/// Omaha 8-or-better low: exactly two of 4..=6 hole cards and exactly three of 3..=5 board
/// cards; 1..=56, 0 = no qualifying low.
pub fn evaluate_omaha_low8(hole: &[u8], board: &[u8]) -> Result<u8, CardError> {
    check_omaha(hole, board)?;
    Ok(omaha_low8_unchecked(hole, board))
}

/// [`evaluate_omaha_low8`] on a validated deal (batches). Never panics.
#[inline]
pub fn omaha_low8_unchecked(hole: &[u8], board: &[u8]) -> u8 {
    OMAHA8[low8_mask(hole) as usize][low8_mask(board) as usize]
}
/// The five ranks of an 8-or-better low, high to low, ace = 1: `(8, 4, 3, 2, 1)`. Meant for
/// strengths 1..=56; anything else (0 = no low) gives all zeros rather than panicking.
pub fn low_ranks(strength: u8) -> [u8; 5] {
    LOW8_RANKS.get(strength as usize).copied().unwrap_or([0; 5])
}

fn describe_ranks(ranks: [u8; 5]) -> String {
    const NAMES: [&str; 14] = [
        "?", "A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K",
    ];
    ranks
        .iter()
        .map(|&r| NAMES[r as usize % 14])
        .collect::<Vec<_>>()
        .join("-")
}

/// "8-6-4-2-A" style, highest card first. Strength 0 (or out of range) is "no low".
pub fn describe_low(strength: u8) -> String {
    describe_low_of(strength as u16, EIGHT_OR_BETTER)
}

/// [`describe_low`] for any qualifier: "K-Q-J-T-9" is strength 1 unqualified.
pub(crate) fn describe_low_of(strength: u16, qualifier: u8) -> String {
    match low_ranks_of(strength, qualifier) {
        Some(r) => describe_ranks(r),
        None => "no low".to_string(),
    }
}

/// The first card of each rank in `target`, in input order.
fn first_of_each_rank(cards: &[u8], target: u16) -> Option<[u8; 5]> {
    let (mut out, mut n, mut taken) = ([0u8; 5], 0, 0u16);
    for &c in cards {
        let bit = LOW_BITS[c as usize] & target & !taken;
        if bit != 0 && n < 5 {
            out[n] = c;
            n += 1;
            taken |= bit;
        }
    }
    (n == 5).then_some(out)
}

/// The five cards that make the best low under `qualifier`, in input order; the first card of
/// each rank when a rank is held twice. `None` when there is no qualifying low.
pub(crate) fn low_best_five(cards: &[u8], qualifier: u8) -> Result<Option<[u8; 5]>, CardError> {
    check_any_five(cards)?;
    let best = lowest_bits(low_rank_mask(cards) & allowed(qualifier), 5);
    Ok(if best.count_ones() == 5 {
        first_of_each_rank(cards, best)
    } else {
        None
    })
}

/// The five cards of the best 8-or-better low of 5, 6 or 7 cards (see [`low_best_five`]).
pub fn low8_best_five(cards: &[u8]) -> Result<Option<[u8; 5]>, CardError> {
    low_best_five(cards, EIGHT_OR_BETTER)
}

/// The two hole and three board cards of the best Omaha low under `qualifier`: the first
/// (hole pair, board triple) in input order that makes it. `None` when there is no low.
pub(crate) fn omaha_low_best_five(
    hole: &[u8],
    board: &[u8],
    qualifier: u8,
) -> Result<Option<[u8; 5]>, CardError> {
    let target = evaluate_omaha_low(hole, board, qualifier)?;
    if target == 0 {
        return Ok(None);
    }
    for (i, j) in pairs(hole) {
        for (a, b, c) in triples(board.len()) {
            let five = [hole[i], hole[j], board[a], board[b], board[c]];
            if low_unchecked(&five, qualifier) == target {
                return Ok(Some(five));
            }
        }
    }
    Ok(None) // not reached: some two plus three make the low that was found
}

/// The two hole and three board cards of the best Omaha 8-or-better low.
pub fn omaha_low8_best_five(hole: &[u8], board: &[u8]) -> Result<Option<[u8; 5]>, CardError> {
    omaha_low_best_five(hole, board, EIGHT_OR_BETTER)
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{five_card_hands, parse_cards};
    use crate::eval::hilo::{evaluate_hilo, evaluate_omaha_hilo};
    use crate::rng::random_deals;
    fn cards(s: &str) -> Vec<u8> {
        parse_cards(s).unwrap()
    }

    fn low8(s: &str) -> u8 {
        evaluate_low8(&cards(s)).unwrap()
    }

    fn omaha8(hole: &str, board: &str) -> u8 {
        evaluate_omaha_low8(&cards(hole), &cards(board)).unwrap()
    }

    /// Ranks of a strength for comparing with the reference; `None` for no low.
    fn ranks8(strength: u8) -> Option<[u8; 5]> {
        (strength != 0).then(|| low_ranks(strength))
    }

    // ---- An independent reference: sort the five ranks and look at them. ----

    /// Ace = 1, deuce = 2, .., king = 13, straight from the card code.
    fn ace_low_rank(card: u8) -> u8 {
        match card / 4 {
            12 => 1,
            r => r + 2,
        }
    }

    /// The low of exactly five cards, ranks high to low, if they are five different ranks
    /// no higher than `qualifier`. Smaller arrays are better lows.
    fn reference_five(five: &[u8], qualifier: u8) -> Option<[u8; 5]> {
        let mut r: Vec<u8> = five.iter().map(|&c| ace_low_rank(c)).collect();
        r.sort_unstable_by(|a, b| b.cmp(a));
        let distinct = r.windows(2).all(|w| w[0] != w[1]);
        (distinct && r[0] <= qualifier).then(|| [r[0], r[1], r[2], r[3], r[4]])
    }

    fn subsets(n: usize, k: usize) -> Vec<Vec<usize>> {
        if k == 0 {
            return vec![vec![]];
        }
        (k - 1..n)
            .flat_map(|last| {
                subsets(last, k - 1).into_iter().map(move |mut s| {
                    s.push(last);
                    s
                })
            })
            .collect()
    }

    /// Best low of every five of the cards.
    fn reference_any_five(cards: &[u8], qualifier: u8) -> Option<[u8; 5]> {
        subsets(cards.len(), 5)
            .iter()
            .filter_map(|s| {
                reference_five(&s.iter().map(|&i| cards[i]).collect::<Vec<_>>(), qualifier)
            })
            .min()
    }

    /// Best low of every two hole cards with every three board cards.
    fn reference_omaha(hole: &[u8], board: &[u8], qualifier: u8) -> Option<[u8; 5]> {
        let mut best = None;
        for p in subsets(hole.len(), 2) {
            for t in subsets(board.len(), 3) {
                let five = [
                    hole[p[0]],
                    hole[p[1]],
                    board[t[0]],
                    board[t[1]],
                    board[t[2]],
                ];
                if let Some(r) = reference_five(&five, qualifier) {
                    best = Some(best.map_or(r, |b: [u8; 5]| b.min(r)));
                }
            }
        }
        best
    }

    /// `n` random deals of `k` distinct cards (xorshift, reproducible).
    fn deals(n: usize, k: usize, seed: u64) -> Vec<Vec<u8>> {
        random_deals(n, k, seed)
            .chunks_exact(k)
            .map(<[u8]>::to_vec)
            .collect()
    }

    // ---- Exact counts ----

    #[test]
    fn all_five_card_hands_match_reference_57344_lows_in_56_classes() {
        let mut by_strength: Vec<Option<[u8; 5]>> = vec![None; 57];
        let mut lows = 0u32;
        for h in five_card_hands() {
            let s = low8_unchecked(&h);
            let r = reference_five(&h, 8);
            assert_eq!(ranks8(s), r, "{h:?}");
            if let Some(r) = r {
                lows += 1;
                match by_strength[s as usize] {
                    None => by_strength[s as usize] = Some(r),
                    Some(prev) => assert_eq!(prev, r, "two lows share strength {s}"),
                }
            }
        }
        assert_eq!(lows, 57_344);
        let classes: Vec<[u8; 5]> = by_strength.iter().flatten().copied().collect();
        assert_eq!(classes.len(), 56);
        assert_eq!(by_strength[0], None);
        // Larger strength is a better (smaller, compared from the top card down) low.
        assert!(classes.windows(2).all(|w| w[0] > w[1]));
        assert_eq!(classes[55], [5, 4, 3, 2, 1], "the wheel is 56");
        assert_eq!(classes[0], [8, 7, 6, 5, 4]);
    }

    #[test]
    #[ignore = "exhaustive: run with --release --include-ignored"]
    fn exhaustive_low_seven_card_hands_by_high_card() {
        // Masks built incrementally, one OR per card added, as the high exhaustive test does.
        let bit = |card: u8| LOW8_BITS[card as usize];
        let mut per_class = [0u64; 57];
        for a in 0..52u8 {
            let ma = bit(a);
            for b in a + 1..52 {
                let mb = ma | bit(b);
                for c in b + 1..52 {
                    let mc = mb | bit(c);
                    for d in c + 1..52 {
                        let md = mc | bit(d);
                        for e in d + 1..52 {
                            let me = md | bit(e);
                            for f in e + 1..52 {
                                let mf = me | bit(f);
                                for g in f + 1..52 {
                                    per_class[LOW8[(mf | bit(g)) as usize] as usize] += 1;
                                }
                            }
                        }
                    }
                }
            }
        }
        assert_eq!(per_class.iter().sum::<u64>(), 133_784_560);
        let mut by_high = [0u64; 9];
        for s in 1..=56u8 {
            by_high[low_ranks(s)[0] as usize] += per_class[s as usize];
        }
        assert_eq!(by_high[5..], [781_824, 3_151_360, 7_426_560, 13_171_200]);
        assert_eq!(by_high.iter().sum::<u64>(), 24_530_944);
        assert!(per_class[1..].iter().all(|&n| n > 0), "all 56 lows occur");
    }

    // ---- Against brute force ----

    #[test]
    fn six_and_seven_cards_match_brute_force() {
        for k in 5..=7 {
            for h in deals(20_000, k, 0x2545f4914f6cdd1d + k as u64) {
                let s = low8_unchecked(&h);
                assert_eq!(ranks8(s), reference_any_five(&h, 8), "{h:?}");
                assert_eq!(evaluate_low8(&h), Ok(s));
            }
        }
    }

    #[test]
    fn omaha_4_5_6_hole_by_3_4_5_board_match_brute_force() {
        for nh in 4..=6 {
            for nb in 3..=5 {
                for d in deals(
                    4_000,
                    nh + nb,
                    ((nh * 10 + nb) as u64).wrapping_mul(0x9e3779b97f4a7c15),
                ) {
                    let (hole, board) = d.split_at(nh);
                    let s = omaha_low8_unchecked(hole, board);
                    assert_eq!(
                        ranks8(s),
                        reference_omaha(hole, board, 8),
                        "{hole:?} {board:?}"
                    );
                    assert_eq!(evaluate_omaha_low8(hole, board), Ok(s));
                }
            }
        }
    }

    #[test]
    fn tables_equal_the_general_functions() {
        for m in 0..256u16 {
            assert_eq!(
                LOW8[m as usize] as u16,
                low_strength_of_mask(m, 8),
                "{m:#b}"
            );
            for b in 0..256u16 {
                assert_eq!(
                    OMAHA8[m as usize][b as usize] as u16,
                    omaha_low_strength_of_masks(m, b, 8),
                    "{m:#b} {b:#b}"
                );
            }
        }
    }

    #[test]
    fn every_qualifier_matches_brute_force() {
        for q in 0..=15u8 {
            for h in deals(2_000, 7, 77 + q as u64) {
                let want = reference_any_five(&h, q);
                assert_eq!(
                    low_ranks_of(evaluate_low(&h, q).unwrap(), q),
                    want,
                    "q={q} {h:?}"
                );
            }
            for d in deals(1_000, 9, 99 + q as u64) {
                let (hole, board) = d.split_at(4);
                let want = reference_omaha(hole, board, q);
                assert_eq!(
                    low_ranks_of(evaluate_omaha_low(hole, board, q).unwrap(), q),
                    want,
                    "q={q} {d:?}"
                );
            }
        }
    }

    #[test]
    fn qualifier_13_is_the_unqualified_ace_to_five_low() {
        let kqjt9 = cards("KcQdJhTs9c");
        assert_eq!(evaluate_low8(&kqjt9), Ok(0), "no 8-or-better low");
        assert_eq!(
            evaluate_low(&kqjt9, UNQUALIFIED),
            Ok(1),
            "the worst unqualified low"
        );
        assert_eq!(describe_low_of(1, UNQUALIFIED), "K-Q-J-T-9");
        assert_eq!(low_classes(UNQUALIFIED), 1287);
        assert_eq!(evaluate_low(&cards("Ac2d3h4s5c"), UNQUALIFIED), Ok(1287));
        assert_eq!(
            evaluate_low(&cards("Ac2d3h4s9c"), UNQUALIFIED),
            Ok(1287 - 56)
        );
        // A pair still disqualifies; the qualifier only widens the ranks.
        assert_eq!(evaluate_low(&cards("KcKdJhTs9c"), UNQUALIFIED), Ok(0));
        assert_eq!(
            evaluate_omaha_low(&cards("KcQdKhQh"), &cards("JhTs9c"), UNQUALIFIED),
            Ok(1)
        );
        // Qualified lows keep their order: unqualified strength = strength8 + 1231.
        for h in deals(5_000, 7, 13) {
            let s8 = low8_unchecked(&h);
            if s8 != 0 {
                assert_eq!(low_unchecked(&h, UNQUALIFIED), s8 as u16 + 1231);
            }
            assert_eq!(low_unchecked(&h, 8), s8 as u16);
        }
        // All five-card hands: C(13,5) * 4^5 hands of five different ranks, in 1287 classes.
        let mut seen = vec![false; 1288];
        let mut lows = 0u32;
        for h in five_card_hands() {
            let s = low_unchecked(&h, UNQUALIFIED);
            assert_eq!(low_ranks_of(s, UNQUALIFIED), reference_five(&h, 13));
            lows += (s != 0) as u32;
            seen[s as usize] = true;
        }
        assert_eq!(lows, 1_317_888);
        assert_eq!(seen[1..].iter().filter(|&&b| b).count(), 1287);
        // Out-of-range qualifiers: none below 5, every rank above 13.
        assert_eq!(evaluate_low(&cards("Ac2d3h4s5c"), 4), Ok(0));
        assert_eq!(evaluate_low(&kqjt9, 200), Ok(1));
    }

    // ---- The seeds' examples ----

    #[test]
    fn seed_001_seven_low_3_4_5_6_7_beats_eight_low_a_2_3_4_8() {
        let (a, b) = (low8("3c4d5h6s7c"), low8("Ac2d3h4s8c"));
        assert!(a != 0 && b != 0);
        assert!(a > b, "lowest high card wins even against A-2-3-4");
    }

    #[test]
    fn seed_000_2_4_5_6_7_beats_a_2_4_6_8() {
        assert!(low8("2c4d5h6s7c") > low8("Ac2d4h6s8c"));
    }

    #[test]
    fn seed_000_a_2_5_6_7_beats_a_2_6_7_8() {
        assert!(low8("Ah2d5c6c7d") > low8("Ac2c6d7h8d"));
    }

    #[test]
    fn seed_000_a_2_3_4_6_beats_a_2_3_5_6() {
        assert!(low8("Ac2d3h4s6c") > low8("Ac2d3h5s6c"));
    }

    #[test]
    fn seed_003_7_6_5_4_2_beats_8_5_4_3_2() {
        assert!(low8("7c6d5h4s2c") > low8("8c5d4h3s2c"));
    }

    #[test]
    fn seed_000_wheel_is_best_and_straights_flushes_do_not_count() {
        assert_eq!(low8("Ac2c3c4c5c"), 56, "a steel wheel is still the wheel");
        assert_eq!(describe_low(56), "5-4-3-2-A");
        assert_eq!(low8("AcAd2c3c4c"), 0, "a pair disqualifies the five");
        assert_eq!(low8("9c2d3h4s5c"), 0, "a nine does not qualify");
    }

    #[test]
    fn seed_000_ad_7d_on_2d_3c_4c_5d_6d_is_wheel_low_and_ace_high_flush() {
        // Crazy Pineapple 8/b: best five of the seven for each half, chosen apart.
        let c = cards("Ad7d 2d3c4c5d6d");
        let (hi, lo) = evaluate_hilo(&c).unwrap();
        assert_eq!(lo, 56);
        assert_eq!(crate::eval::high::describe(hi), "Flush, Ace high");
        assert_eq!(
            (hi, lo),
            (
                crate::eval::high::evaluate(&c).unwrap(),
                evaluate_low8(&c).unwrap()
            )
        );
    }

    #[test]
    fn seed_001_counterfeit_ace_on_the_turn_lets_2_3_win_low() {
        let me = cards("Ah2hKcJd");
        let other = cards("2d3cQhQs");
        let flop = cards("5c6d8s");
        let mine = evaluate_omaha_low8(&me, &flop).unwrap();
        assert_eq!(low_ranks(mine), [8, 6, 5, 2, 1]);
        // On the flop A-2 is the best low any hand can hold: try every other hole pair.
        let used: Vec<u8> = me.iter().chain(&flop).copied().collect();
        let rest: Vec<u8> = (0..52).filter(|c| !used.contains(c)).collect();
        let nuts = |board: &[u8]| {
            let mut best = 0;
            for (i, x) in rest.iter().enumerate() {
                for y in &rest[i + 1..] {
                    if !board.contains(x) && !board.contains(y) {
                        best = best.max(omaha_low_strength_of_masks(
                            low_rank_mask(&[*x, *y]),
                            low_rank_mask(board),
                            8,
                        ));
                    }
                }
            }
            best as u8
        };
        assert_eq!(nuts(&flop), mine);
        assert!(omaha8("2d3cQhQs", "5c6d8s") < mine);
        // The turn brings an ace: 2-3 now makes A-2-3-5-6 and wins the low.
        let turn = cards("5c6d8sAc");
        assert_eq!(evaluate_omaha_low8(&me, &turn), Ok(mine));
        let theirs = evaluate_omaha_low8(&other, &turn).unwrap();
        assert_eq!(low_ranks(theirs), [6, 5, 3, 2, 1]);
        assert!(theirs > mine);
        assert!(nuts(&turn) > mine, "A-2 is no longer the best possible low");
    }

    #[test]
    fn omaha_one_low_hole_card_has_no_low_on_four_low_cards() {
        assert_eq!(omaha8("AhKcQdJs", "2c3d4h5sKd"), 0);
        assert_eq!(low8("AhKc 2c3d4h5sKd"), 56, "any five would have the wheel");
        assert_eq!(omaha8("AhKcQdJsTs9s", "2c3d4h5s"), 0);
    }

    #[test]
    fn omaha_board_with_fewer_than_three_low_cards_has_no_low() {
        assert_eq!(omaha8("Ah2c3d4h", "5s9cTdJhQs"), 0);
        assert_eq!(omaha8("Ah2c3d4h", "7c8d9hTcJd"), 0);
        assert_eq!(
            omaha8("Ah2c3d4h", "7c8d8h"),
            0,
            "a paired low card counts once"
        );
        assert_eq!(omaha8("Ah2c3d4h", "6c7d8h"), low8("Ah2c6c7d8h"));
    }

    // ---- Hi/lo, descriptions, best five, errors ----

    #[test]
    fn hilo_is_high_and_low_together() {
        for k in 5..=7 {
            for h in deals(3_000, k, k as u64) {
                assert_eq!(
                    evaluate_hilo(&h),
                    Ok((crate::eval::high::evaluate(&h).unwrap(), low8_unchecked(&h)))
                );
            }
        }
        for d in deals(3_000, 9, 5) {
            let (hole, board) = d.split_at(4);
            assert_eq!(
                evaluate_omaha_hilo(hole, board),
                Ok((
                    crate::eval::omaha::evaluate_omaha(hole, board).unwrap(),
                    omaha_low8_unchecked(hole, board)
                ))
            );
        }
    }

    #[test]
    fn ranks_and_descriptions() {
        let s = low8("8h6c4d2sAc");
        assert_eq!(low_ranks(s), [8, 6, 4, 2, 1]);
        assert_eq!(describe_low(s), "8-6-4-2-A");
        assert_eq!(low_ranks(low8("Ah2c3d4s8h KdKc")), [8, 4, 3, 2, 1]);
        assert_eq!(describe_low(1), "8-7-6-5-4");
        assert_eq!(describe_low(0), "no low");
        assert_eq!(low_ranks(0), [0; 5]);
        assert_eq!(low_ranks(57), [0; 5]);
        assert_eq!(low_ranks(255), [0; 5]);
        for s in 1..=56u8 {
            assert_eq!(Some(low_ranks(s)), low_ranks_of(s as u16, 8));
        }
        assert_eq!(low_ranks_of(0, 8), None);
        assert_eq!(low_ranks_of(57, 8), None);
        assert_eq!(low_ranks_of(1, 4), None);
    }

    #[test]
    fn best_five_are_the_cards_of_the_low() {
        let c = cards("Ah2c3d4s8h KdKc");
        assert_eq!(low8_best_five(&c), Ok(Some([50, 0, 5, 11, 26])));
        // A rank held twice: the first of them, in input order.
        let c = cards("Ah Ac 2c 3d 4s 5h 9c");
        assert_eq!(low8_best_five(&c), Ok(Some([50, 0, 5, 11, 14])));
        assert_eq!(low8_best_five(&cards("KcQdJhTs9c")), Ok(None));
        assert_eq!(
            low_best_five(&cards("KcQdJhTs9c"), UNQUALIFIED),
            Ok(Some([44, 41, 38, 35, 28]))
        );
        let (hole, flop) = (cards("Ah2hKcJd"), cards("5c6d8s"));
        assert_eq!(
            omaha_low8_best_five(&hole, &flop),
            Ok(Some([50, 2, 12, 17, 27]))
        );
        assert_eq!(
            omaha_low8_best_five(&cards("AhKcQdJs"), &cards("2c3d4h5s")),
            Ok(None)
        );
        for d in deals(2_000, 9, 21) {
            let (hole, board) = d.split_at(4);
            let s = omaha_low8_unchecked(hole, board);
            match omaha_low8_best_five(hole, board).unwrap() {
                None => assert_eq!(s, 0),
                Some(f) => {
                    assert!(hole.contains(&f[0]) && hole.contains(&f[1]));
                    assert!(f[2..].iter().all(|c| board.contains(c)));
                    assert_eq!(low8_unchecked(&f), s);
                }
            }
            match low8_best_five(&d[2..]).unwrap() {
                None => assert_eq!(low8_unchecked(&d[2..]), 0),
                Some(f) => assert_eq!(low8_unchecked(&f), low8_unchecked(&d[2..])),
            }
        }
    }

    #[test]
    fn bad_input_is_an_error_not_a_panic() {
        fn count<T>(got: usize, want: &str) -> Result<T, CardError> {
            Err(CardError::Count {
                got,
                want: want.into(),
            })
        }
        assert_eq!(evaluate_low8(&cards("Ac2d3h4s")), count(4, "5 to 7 cards"));
        assert_eq!(
            evaluate_low8(&cards("Ac2d3h4s5c6c7c8c")),
            count(8, "5 to 7 cards")
        );
        assert_eq!(
            evaluate_low8(&[0, 1, 2, 3, 0]),
            Err(CardError::Duplicate(0))
        );
        assert_eq!(
            evaluate_low8(&[0, 1, 2, 3, 52]),
            Err(CardError::BadCode(52))
        );
        assert_eq!(
            evaluate_hilo(&[0, 1, 2, 3, 255]),
            Err(CardError::BadCode(255))
        );
        assert_eq!(evaluate_low(&[], 8), count(0, "5 to 7 cards"));
        assert_eq!(low8_best_five(&[0, 1, 2]), count(3, "5 to 7 cards"));
        let (hole, board) = (cards("Ah2c3d4h"), cards("5s6c7d"));
        assert_eq!(
            evaluate_omaha_low8(&hole[..3], &board),
            count(3, "4 to 6 hole cards")
        );
        assert_eq!(
            evaluate_omaha_low8(&hole, &board[..2]),
            count(2, "3 to 5 board cards")
        );
        assert_eq!(
            evaluate_omaha_low8(&hole, &cards("5s6cAh")),
            Err(CardError::Duplicate(50))
        );
        assert!(evaluate_omaha_hilo(&hole, &[1, 2, 99]).is_err());
        assert!(omaha_low8_best_five(&hole, &[]).is_err());
        // The unchecked low paths index 256-entry tables: any byte is safe.
        assert_eq!(low8_unchecked(&[255; 7]), 0);
        assert_eq!(omaha_low8_unchecked(&[200; 4], &[100; 5]), 0);
        assert_eq!(low_unchecked(&[52, 53, 54, 55, 56], 13), 0);
    }
}
