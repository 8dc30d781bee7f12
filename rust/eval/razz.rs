//! Razz: the ace-to-five low of every hand, no qualifier (docs/rules/poker.md §1, §2).
//!
//! Every five cards have a razz value. Aces are low, straights and flushes do not count, and a
//! hand with fewer different ranks is worse: no pair, then one pair, two pair, three of a kind,
//! full house and four of a kind (the worst). Within a category two hands compare in the order
//! they are read, the larger group of a rank first, each group high to low, and the smaller
//! rank wins: 6-4-3-2-A beats 6-5-3-2-A, a pair of aces beats a pair of deuces, and
//! A-A-2-2-3 (two pair) loses to K-K-Q-J-T (one pair). From six or seven cards the best five
//! count, so A-A-A-A-K-K-K plays A-A-A-K-K, a full house, rather than the four aces.
//!
//! # Ranks and strengths
//!
//! [`razz_ranks`] reads a hand as it is compared, ace = 1: `[7, 5, 4, 3, 2]` for 7-5-4-3-2,
//! `[4, 4, 7, 2, 1]` for a pair of fours with 7-2-A, `[8, 8, 4, 4, 2]` for eights and fours
//! with a deuce, `[1, 1, 1, 13, 13]` for aces full of kings. The 6,175 five-card values
//! (1,287 no pair, 2,860 one pair, 858 two pair, 858 trips, 156 full houses, 156 quads) are
//! numbered 1..=6175, larger is better, as high and low strengths are:
//!
//! ```text
//! no pair 4889..=6175 (4888 + the unqualified low strength of low.rs; 6175 = 5-4-3-2-A)
//! one pair 2029..=4888, two pair 1171..=2028, trips 313..=1170, full house 157..=312,
//! four of a kind 1..=156 (1 = K-K-K-K-Q)
//! ```
//!
//! Razz strengths are their own ordering, apart from high and 8-or-better low strengths.
//!
//! # Tables
//!
//! One lookup serves 5, 6 and 7 cards, paired or not: the rank multiset's additive key and its
//! perfect-hash slot, the same hash as the high hand's (`high::rank_slot`), index a table of
//! razz strengths built once on first use (83,006 `u16`; about 5 ms). Suits never matter, so
//! there is no flush table, and the equity kernels reuse the rank keys they already keep. The
//! table fills six and seven cards from the hands one card smaller, so it never calls
//! [`razz_best_five`]'s greedy choice, and the tests check each against the other.
use std::sync::OnceLock;

use super::check_any_five;
use super::high::{rank_slot, HandKey, RANK_SLOTS, RANK_WORDS};
use super::tables::RANK_BASES;
use crate::cards::CardError;

/// How many razz values five cards can have; also the strength of 5-4-3-2-A.
pub const RAZZ_CLASSES: u16 = 6175;

/// Category names, best first: the index is the category of [`razz_ranks`]' multiplicities.
const CATEGORY_NAMES: [&str; 6] = [
    "No Pair",
    "Pair",
    "Two Pair",
    "Three of a Kind",
    "Full House",
    "Four of a Kind",
];

/// Rank counts indexed ace-low: 0 = ace, 1 = deuce, .., 12 = king.
type Counts = [u8; 13];

/// The ace-low index of a card code (ace 0, deuce 1, .., king 12); the high rank index is
/// `(i + 12) % 13`.
fn ace_low_index(card: u8) -> usize {
    ((card >> 2) as usize + 1) % 13
}

/// The best five of a rank multiset of five to seven cards, as counts. Every different rank
/// once, lowest first, makes the best category there is (more different ranks is always
/// better); short of five ranks the rest are repeats, filling pairs before trips before quads
/// (two pair beats trips, a full house beats quads), the lowest rank first.
fn best_five_counts(counts: &Counts) -> Counts {
    let mut five = [0u8; 13];
    let mut n = 0;
    for want in 1..=4 {
        for r in 0..13 {
            if n < 5 && counts[r] >= want && five[r] == want - 1 {
                five[r] = want;
                n += 1;
            }
        }
    }
    five
}

/// A five-card razz value as it is compared, smaller better: the category (0 no pair ..
/// 5 quads) and the ranks (ace = 1) by count then rank, both descending.
fn read(five: &Counts) -> (u8, [u8; 5]) {
    let mut ranks = [0u8; 5];
    let mut n = 0;
    for count in (1..=4).rev() {
        for r in (0..13).rev() {
            if five[r] == count {
                for _ in 0..count {
                    ranks[n] = r as u8 + 1;
                    n += 1;
                }
            }
        }
    }
    let groups = five.iter().filter(|&&c| c > 0).count();
    let top = five.iter().copied().max().unwrap_or(0);
    let category = match (groups, top) {
        (5, _) => 0,
        (4, _) => 1,
        (3, 2) => 2,
        (3, _) => 3,
        (2, 3) => 4,
        _ => 5,
    };
    (category, ranks)
}

/// Calls `visit` with every rank multiset of `n` cards, each rank at most four times.
fn multisets(n: u8, r: usize, counts: &mut Counts, visit: &mut impl FnMut(&Counts)) {
    if r == 13 {
        if n == 0 {
            visit(counts);
        }
        return;
    }
    for c in 0..=n.min(4) {
        counts[r] = c;
        multisets(n - c, r + 1, counts, visit);
    }
    counts[r] = 0;
}

/// The high-hand rank key of ace-low counts.
fn rank_key_of_counts(counts: &Counts) -> u32 {
    (0..13)
        .map(|i| counts[i] as u32 * RANK_BASES[(i + 12) % 13])
        .sum()
}

struct Tables {
    /// Razz strength by rank-hash slot, for every multiset of five to seven ranks (0 elsewhere).
    by_slot: Box<[u16]>,
    /// Every five-card value, best first: strength `s` is entry `RAZZ_CLASSES - s`.
    classes: Box<[(u8, [u8; 5])]>,
}

fn build() -> Tables {
    let slot = |counts: &Counts| rank_slot(rank_key_of_counts(counts)).unwrap_or(0);
    let mut classes: Vec<(u8, [u8; 5], usize)> = Vec::with_capacity(RAZZ_CLASSES as usize);
    multisets(5, 0, &mut [0; 13], &mut |f| {
        let (category, ranks) = read(f);
        classes.push((category, ranks, slot(f)));
    });
    classes.sort_unstable();
    let mut by_slot = vec![0u16; RANK_SLOTS];
    for (at, c) in classes.iter().enumerate() {
        by_slot[c.2] = RAZZ_CLASSES - at as u16;
    }
    // Six and seven cards: the best of the hands one card smaller, already in the table (any
    // five of them leave out some card).
    for n in 6..=7 {
        multisets(n, 0, &mut [0; 13], &mut |h| {
            let key = rank_key_of_counts(h);
            let best = (0..13)
                .filter(|&i| h[i] > 0)
                .map(|i| by_slot[rank_slot(key - RANK_BASES[(i + 12) % 13]).unwrap_or(0)])
                .max();
            by_slot[slot(h)] = best.unwrap_or(0);
        });
    }
    Tables {
        by_slot: by_slot.into(),
        classes: classes.iter().map(|c| (c.0, c.1)).collect(),
    }
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(build)
}

/// The razz strength of every rank-hash slot, for the equity kernels ([`razz_of_key`]).
pub(crate) fn razz_table() -> &'static [u16] {
    &tables().by_slot
}

/// The razz strength of a [`HandKey`] of 5, 6 or 7 distinct cards, by [`razz_table`].
#[inline(always)]
pub(crate) fn razz_of_key(table: &[u16], key: HandKey) -> u16 {
    rank_slot(key.rank_key())
        .and_then(|s| table.get(s).copied())
        .unwrap_or(0)
}

/// The best razz low of 5, 6 or 7 distinct cards: 1..=6175, larger is better.
pub fn evaluate_razz(cards: &[u8]) -> Result<u16, CardError> {
    check_any_five(cards)?;
    Ok(razz_unchecked(cards))
}

/// [`evaluate_razz`] without validation. Any bytes are safe (codes 52 and above count for
/// nothing, a key outside the table gives 0), but the answer only means something for 5, 6 or
/// 7 distinct codes below 52.
pub fn razz_unchecked(cards: &[u8]) -> u16 {
    let key = cards.iter().fold(0u32, |k, &c| {
        k.wrapping_add(RANK_BASES.get((c >> 2) as usize).copied().unwrap_or(0))
    });
    let table = razz_table();
    rank_slot(key)
        .and_then(|s| table.get(s).copied())
        .unwrap_or(0)
}

/// The five ranks of a razz strength as the hand is read (see the module documentation):
/// `[7, 5, 4, 3, 2]`, `[4, 4, 7, 2, 1]`. Strengths outside 1..=6175 give all zeros.
pub fn razz_ranks(strength: u16) -> [u8; 5] {
    class(strength).map_or([0; 5], |c| c.1)
}

/// The category of a razz strength, 0 (no pair) ..= 5 (four of a kind), best first.
pub fn razz_category(strength: u16) -> Option<u8> {
    class(strength).map(|c| c.0)
}

fn class(strength: u16) -> Option<(u8, [u8; 5])> {
    let at = RAZZ_CLASSES.checked_sub(strength)?;
    (strength > 0).then(|| tables().classes[at as usize])
}

/// "7-5-4-3-2", "Pair of Fours, 7-2-A", "Two Pair, Eights and Fours, Deuce kicker", "Three of
/// a Kind, Fours, 7-2", "Full House, Aces over Kings", "Four of a Kind, Aces, King kicker".
/// Strengths outside 1..=6175 are "no razz hand".
pub fn describe_razz(strength: u16) -> String {
    let Some((category, r)) = class(strength) else {
        return "no razz hand".to_string();
    };
    // Ace-low rank 1..=13 to the high-hand word index (deuce 0 .. ace 12).
    let word = |rank: u8| RANK_WORDS[(rank as usize + 11) % 13];
    let one = |i: usize| word(r[i]).0;
    let many = |i: usize| word(r[i]).1;
    let low = |from: usize| {
        r[from..]
            .iter()
            .map(|&x| b"?A23456789TJQK"[x as usize % 14] as char)
            .map(String::from)
            .collect::<Vec<_>>()
            .join("-")
    };
    let name = CATEGORY_NAMES[category as usize];
    match category {
        0 => low(0),
        1 => format!("Pair of {}, {}", many(0), low(2)),
        2 => format!("{name}, {} and {}, {} kicker", many(0), many(2), one(4)),
        3 => format!("{name}, {}, {}", many(0), low(3)),
        4 => format!("{name}, {} over {}", many(0), many(3)),
        _ => format!("{name}, {}, {} kicker", many(0), one(4)),
    }
}

/// The five cards that make the best razz low of 5, 6 or 7 cards, in input order: of a rank
/// held more often than the low uses it, the first ones.
pub fn razz_best_five(cards: &[u8]) -> Result<[u8; 5], CardError> {
    check_any_five(cards)?;
    let mut counts = [0u8; 13];
    for &c in cards {
        counts[ace_low_index(c)] += 1;
    }
    let mut want = best_five_counts(&counts);
    let (mut out, mut n) = ([0u8; 5], 0);
    for &c in cards {
        let r = ace_low_index(c);
        if want[r] > 0 && n < 5 {
            want[r] -= 1;
            out[n] = c;
            n += 1;
        }
    }
    Ok(out)
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{five_card_hands, parse_cards};
    use crate::eval::low::{low_rank_mask, low_strength_of_mask, UNQUALIFIED};
    use crate::rng::random_deals;
    use std::cmp::Reverse;

    fn cards(s: &str) -> Vec<u8> {
        parse_cards(s).unwrap()
    }

    fn razz(s: &str) -> u16 {
        evaluate_razz(&cards(s)).unwrap()
    }

    // ---- An independent reference: count the ranks of exactly five cards. ----

    /// Ace = 1, deuce = 2, .., king = 13.
    fn ace_low_rank(card: u8) -> u8 {
        match card / 4 {
            12 => 1,
            r => r + 2,
        }
    }

    /// (category by rank multiplicities, ranks by (count, rank) descending); smaller is better.
    fn reference_five(five: &[u8]) -> (u8, Vec<u8>) {
        let mut count = [0u8; 14];
        for &c in five {
            count[ace_low_rank(c) as usize] += 1;
        }
        let mut ranks: Vec<u8> = five.iter().map(|&c| ace_low_rank(c)).collect();
        ranks.sort_by_key(|&r| Reverse((count[r as usize], r)));
        let mut shape: Vec<u8> = count.iter().copied().filter(|&n| n > 0).collect();
        shape.sort_unstable_by(|a, b| b.cmp(a));
        let shapes: [&[u8]; 6] = [
            &[1, 1, 1, 1, 1],
            &[2, 1, 1, 1],
            &[2, 2, 1],
            &[3, 1, 1],
            &[3, 2],
            &[4, 1],
        ];
        let category = shapes.iter().position(|s| *s == &shape[..]).unwrap() as u8;
        (category, ranks)
    }

    /// The best (smallest) reference value of every five of the cards.
    fn reference_best(cards: &[u8]) -> (u8, Vec<u8>) {
        let n = cards.len();
        let mut best = None;
        for skip in 0u32..1 << n {
            if skip.count_ones() as usize == n - 5 {
                let five: Vec<u8> = (0..n)
                    .filter(|i| skip >> i & 1 == 0)
                    .map(|i| cards[i])
                    .collect();
                let v = reference_five(&five);
                best = Some(best.map_or(v.clone(), |b: (u8, Vec<u8>)| b.min(v)));
            }
        }
        best.unwrap()
    }

    fn value(strength: u16) -> (u8, Vec<u8>) {
        (
            razz_category(strength).unwrap(),
            razz_ranks(strength).to_vec(),
        )
    }

    // ---- Exact counts ----

    #[test]
    fn there_are_6175_razz_values_by_category() {
        let c = &tables().classes;
        assert_eq!(c.len(), RAZZ_CLASSES as usize);
        let mut per = [0u32; 6];
        for (category, _) in c.iter() {
            per[*category as usize] += 1;
        }
        assert_eq!(per, [1287, 2860, 858, 858, 156, 156]);
        assert_eq!(razz_ranks(6175), [5, 4, 3, 2, 1]);
        assert_eq!(razz_ranks(1), [13, 13, 13, 13, 12]);
        // The boundaries of the module documentation.
        let first = |cat: u8| (1..=6175).find(|&s| razz_category(s) == Some(cat)).unwrap();
        assert_eq!(
            [5, 4, 3, 2, 1, 0].map(first),
            [1, 157, 313, 1171, 2029, 4889]
        );
    }

    #[test]
    fn all_five_card_hands_match_the_reference() {
        let mut by_strength: Vec<Option<(u8, Vec<u8>)>> = vec![None; 6176];
        let mut per_category = [0u32; 6];
        for h in five_card_hands() {
            let s = razz_unchecked(&h);
            let want = reference_five(&h);
            assert_eq!(value(s), want, "{h:?}");
            per_category[want.0 as usize] += 1;
            // Five different ranks: the unqualified ace-to-five low of low.rs, 4888 higher.
            let low = low_strength_of_mask(low_rank_mask(&h), UNQUALIFIED);
            assert_eq!(want.0 == 0, low != 0);
            if low != 0 {
                assert_eq!(s, 4888 + low);
            }
            by_strength[s as usize] = Some(want);
        }
        assert_eq!(
            per_category,
            [1_317_888, 1_098_240, 123_552, 54_912, 3_744, 624]
        );
        assert_eq!(by_strength[0], None);
        let seen: Vec<(u8, Vec<u8>)> = by_strength.into_iter().flatten().collect();
        assert_eq!(seen.len(), 6175, "every strength occurs");
        // Larger strength is a better (smaller) reference value.
        assert!(seen.windows(2).all(|w| w[0] > w[1]));
    }

    // ---- Against brute force ----

    #[test]
    fn six_and_seven_cards_match_brute_force_over_every_five() {
        for k in 5..=7 {
            for h in random_deals(30_000, k, 0x5eed + k as u64).chunks_exact(k) {
                let s = evaluate_razz(h).unwrap();
                assert_eq!(value(s), reference_best(h), "{h:?}");
                let five = razz_best_five(h).unwrap();
                assert!(five.iter().all(|c| h.contains(c)), "{h:?} {five:?}");
                assert_eq!(evaluate_razz(&five), Ok(s), "{h:?} {five:?}");
            }
        }
    }

    #[test]
    fn paired_seven_card_hands_match_brute_force() {
        // Random deals rarely hold fewer than five ranks: build them from few ranks.
        let mut rng = crate::rng::SplitMix64::new(12);
        for _ in 0..20_000 {
            let ranks = 2 + rng.next_u64() as usize % 3; // 2..=4 different ranks
            let pool: Vec<u8> = {
                let mut r: Vec<u8> = (0..13).collect();
                for i in 0..ranks {
                    let j = i + rng.next_u64() as usize % (13 - i);
                    r.swap(i, j);
                }
                r[..ranks]
                    .iter()
                    .flat_map(|&x| (0..4).map(move |s| x * 4 + s))
                    .collect()
            };
            let mut pool = pool;
            let k = (5 + rng.next_u64() as usize % 3).min(pool.len());
            for i in 0..k {
                let j = i + rng.next_u64() as usize % (pool.len() - i);
                pool.swap(i, j);
            }
            let h = &pool[..k];
            assert_eq!(value(evaluate_razz(h).unwrap()), reference_best(h), "{h:?}");
            assert_eq!(evaluate_razz(&razz_best_five(h).unwrap()), evaluate_razz(h));
        }
    }

    #[test]
    fn the_equity_key_path_is_the_slice_path() {
        let table = razz_table();
        for h in random_deals(20_000, 7, 99).chunks_exact(7) {
            assert_eq!(
                razz_of_key(table, HandKey::from_cards(h)),
                razz_unchecked(h)
            );
        }
    }

    // ---- Named hands ----

    #[test]
    fn the_wheel_is_best_and_straights_and_flushes_do_not_count() {
        assert_eq!(razz("Ac2c3c4c5c"), 6175, "a steel wheel is still the wheel");
        assert_eq!(razz("5h4d3c2sAs"), 6175);
        assert_eq!(describe_razz(6175), "5-4-3-2-A");
        assert_eq!(razz("9c8c7c6c5c"), razz("9d8c7h6s5c"));
        assert_eq!(razz("KcKdKhKsQc"), 1, "the worst razz hand");
    }

    #[test]
    fn lows_compare_from_the_top_card_down() {
        assert!(razz("6h4d3c2sAs") > razz("6h5d3c2sAs"));
        assert!(razz("6h4d3c2sAs") > razz("6h5d4c3s2s"));
        assert!(razz("7h5d4c3s2s") > razz("7h6d3c2sAs"));
        assert!(razz("8h7d6c5s4s") < razz("7h6d5c4s2s"));
        assert!(razz("KhQdJcTs9s") < razz("Kh2d3c4s5s"));
    }

    #[test]
    fn aces_are_low_in_pairs_too() {
        assert!(razz("AcAd5h6s7c") > razz("2c2d5h6s7c"), "aces beat deuces");
        assert!(
            razz("AcAdKhQsJc") > razz("2c2d3h4s5c"),
            "the pair decides first"
        );
        assert!(razz("4c4d7h2sAc") > razz("4h4s7d3sAd"), "then the kickers");
        assert_eq!(describe_razz(razz("4c4d7h2sAc")), "Pair of Fours, 7-2-A");
        assert_eq!(razz_ranks(razz("4c4d7h2sAc")), [4, 4, 7, 2, 1]);
    }

    #[test]
    fn categories_every_pair_beats_two_pair_and_full_house_beats_quads() {
        let (a2, kq) = (razz("AcAd2c2d3c"), razz("KcKdQcJdTc"));
        assert_eq!(
            (a2, kq),
            (2028, 2029),
            "the best two pair, the worst one pair"
        );
        assert!(
            razz("KhKdKsQcJc") < razz("AcAd2h2s3c"),
            "two pair beats trips"
        );
        assert!(
            razz("KhKdKsQcQd") > razz("AhAdAsAc2c"),
            "a full house beats quads"
        );
        // Seven cards: A-A-A-A-K-K-K plays aces full, not the four aces.
        let s = razz("AcAdAhAsKcKdKh");
        assert_eq!(describe_razz(s), "Full House, Aces over Kings");
        assert_eq!(razz_ranks(s), [1, 1, 1, 13, 13]);
        assert!(s > razz("AcAdAhAsKc"));
        assert_eq!(
            describe_razz(razz("AcAdAhAsKc")),
            "Four of a Kind, Aces, King kicker"
        );
        // Seven cards of four ranks: all four once, the lowest rank paired.
        let s = razz("AcAd2c2d3c3d4c");
        assert_eq!(describe_razz(s), "Pair of Aces, 4-3-2");
        // Five different ranks among seven cards: the pairs do not matter.
        assert_eq!(razz("KcKdKs2c3d4h5s"), razz("Kc2c3d4h5s"));
    }

    #[test]
    fn descriptions() {
        assert_eq!(describe_razz(razz("7h5d4c3s2s")), "7-5-4-3-2");
        assert_eq!(describe_razz(2029), "Pair of Kings, Q-J-T");
        assert_eq!(
            describe_razz(razz("8c8d4h4s2c")),
            "Two Pair, Eights and Fours, Deuce kicker"
        );
        assert_eq!(razz_ranks(razz("8c8d4h4s2c")), [8, 8, 4, 4, 2]);
        assert_eq!(
            describe_razz(razz("4c4d4h7s2c")),
            "Three of a Kind, Fours, 7-2"
        );
        assert_eq!(describe_razz(1), "Four of a Kind, Kings, Queen kicker");
        for bad in [0, 6176, u16::MAX] {
            assert_eq!(describe_razz(bad), "no razz hand");
            assert_eq!(razz_ranks(bad), [0; 5]);
            assert_eq!(razz_category(bad), None);
        }
    }

    #[test]
    fn best_five_are_the_cards_of_the_low() {
        let c = cards("Kc Ah 2c 3d 4s 8h 2d");
        assert_eq!(razz_best_five(&c), Ok([50, 0, 5, 11, 26]));
        // A rank the low repeats: the first ones in input order.
        let c = cards("Ac Ad Ah As Kc Kd Kh");
        assert_eq!(razz_best_five(&c), Ok([48, 49, 50, 44, 45]));
        let c = cards("9s 9c 9d 9h 2c 3d");
        assert_eq!(razz_best_five(&c), Ok([31, 28, 29, 0, 5]), "trips of nines");
    }

    #[test]
    fn bad_input_is_an_error_not_a_panic() {
        let count = |got| {
            Err(CardError::Count {
                got,
                want: "5 to 7 cards".into(),
            })
        };
        assert_eq!(evaluate_razz(&cards("Ac2d3h4s")), count(4));
        assert_eq!(evaluate_razz(&cards("Ac2d3h4s5c6c7c8c")), count(8));
        assert_eq!(
            evaluate_razz(&[0, 1, 2, 3, 0]),
            Err(CardError::Duplicate(0))
        );
        assert_eq!(
            evaluate_razz(&[0, 1, 2, 3, 52]),
            Err(CardError::BadCode(52))
        );
        assert_eq!(razz_best_five(&[0, 1, 2]), count(3).map(|_: u16| [0; 5]));
        // The unchecked path: any bytes and any length give some number, never a panic.
        for junk in [&[255u8; 7][..], &[51; 40], &[], &[0, 0, 0, 0, 0]] {
            assert!(razz_unchecked(junk) <= RAZZ_CLASSES);
        }
    }
}
