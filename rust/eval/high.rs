//! Perfect-hash high-hand evaluation for 5, 6 and 7 cards, and Omaha's exactly two plus three
//! (docs/rules/poker.md §1). Strength is 1..=7462, larger is better; the tables come from build.rs.
use super::tables::{CLASS_VALUES, FLUSH, LOOKUP, OFFSETS, RANK_BASES, ROW_SHIFT};
use super::{check_count, pairs};
use crate::cards::{CardError, CardSet};
/// Hand categories, weakest first (docs/rules/poker.md §1).
pub const CATEGORY_NAMES: [&str; 9] = [
    "High Card",
    "Pair",
    "Two Pair",
    "Three of a Kind",
    "Straight",
    "Flush",
    "Full House",
    "Four of a Kind",
    "Straight Flush",
];

const SUIT_SHIFT: u32 = 32;
/// Each suit counter starts at 3 so that five cards of a suit set its bit 3.
const SUIT_BIAS: u64 = 0x3333 << SUIT_SHIFT;
const FLUSH_BITS: u64 = 0x8888 << SUIT_SHIFT;

/// The additive key of some cards: rank-base sum in the low 32 bits, a 4-bit counter per suit
/// above it, and a suit-major mask (`suit * 16 + rank`) for the flush lookup. Keys of disjoint
/// card groups add, which is what makes Omaha's hole-pair + board-triple reuse cheap.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HandKey {
    key: u64,
    mask: u64,
}

const fn card_key(card: u8) -> HandKey {
    let (rank, suit) = ((card >> 2) as usize, (card & 3) as u64);
    HandKey {
        key: RANK_BASES[rank] as u64 + (1 << (SUIT_SHIFT as u64 + 4 * suit)),
        mask: 1 << (16 * suit + rank as u64),
    }
}

/// Bit 15 of the clubs lane: no card has it (ranks take bits 0..=12 of each suit's 16), so it
/// marks a code that is not a card in a key built by [`HandKey::from_checked`].
const NOT_A_CARD: u64 = 1 << 15;

/// The key of each card, and for every code from 52 up nothing but the [`NOT_A_CARD`] bit in
/// the mask: any `u8` indexes it with no bounds check and no clamp (4 KB, of which the 52
/// cards' 832 bytes are the ones read).
static CARD_KEYS: [HandKey; 256] = {
    let mut t = [HandKey {
        key: 0,
        mask: NOT_A_CARD,
    }; 256];
    let mut c = 0;
    while c < 52 {
        t[c] = card_key(c as u8);
        c += 1;
    }
    t
};

impl HandKey {
    pub const EMPTY: HandKey = HandKey { key: 0, mask: 0 };

    /// Adds one card (`card < 52`; a larger code adds [`NOT_A_CARD`], which means nothing).
    #[inline(always)]
    pub fn with(self, card: u8) -> HandKey {
        let k = CARD_KEYS[card as usize];
        HandKey {
            key: self.key + k.key,
            mask: self.mask | k.mask,
        }
    }

    /// Adds a disjoint group of cards.
    #[inline(always)]
    pub fn join(self, other: HandKey) -> HandKey {
        HandKey {
            key: self.key + other.key,
            mask: self.mask | other.mask,
        }
    }

    pub fn from_cards(cards: &[u8]) -> HandKey {
        // The hand sizes unrolled, the rest folded.
        match cards {
            [a, b, c, d, e] => fold_checked([*a, *b, *c, *d, *e]).0,
            [a, b, c, d, e, f] => fold_checked([*a, *b, *c, *d, *e, *f]).0,
            [a, b, c, d, e, f, g] => fold_checked([*a, *b, *c, *d, *e, *f, *g]).0,
            _ => cards.iter().fold(HandKey::EMPTY, |h, &c| h.with(c)),
        }
    }

    /// The key of 5, 6 or 7 distinct cards, validated while it is built rather than in a pass
    /// of its own: a code from 52 up reads the [`NOT_A_CARD`] key, and a card given twice makes
    /// the sum of the mask bits differ from the mask. Only a bad hand pays for
    /// [`CardSet::from_cards`], which names the first bad card as the separate check always did.
    #[inline]
    pub fn from_checked(cards: &[u8]) -> Result<HandKey, CardError> {
        // One fixed-length fold per count, so each is unrolled.
        let (h, sum) = match cards {
            [a, b, c, d, e] => fold_checked([*a, *b, *c, *d, *e]),
            [a, b, c, d, e, f] => fold_checked([*a, *b, *c, *d, *e, *f]),
            [a, b, c, d, e, f, g] => fold_checked([*a, *b, *c, *d, *e, *f, *g]),
            // Every other count is refused here.
            _ => return check_count(cards.len(), 5..=7, "5 to 7 cards").map(|()| HandKey::EMPTY),
        };
        if (sum ^ h.mask) | (h.mask & NOT_A_CARD) != 0 {
            CardSet::from_cards(cards)?;
        }
        Ok(h)
    }

    pub fn from_set(set: CardSet) -> HandKey {
        set.cards().fold(HandKey::EMPTY, |h, c| h.with(c))
    }

    /// The rank part of the key: the sum of the rank bases, one per card.
    #[inline(always)]
    pub(crate) fn rank_key(self) -> u32 {
        self.key as u32
    }

    /// Strength of the best five of these 5, 6 or 7 cards.
    #[inline(always)]
    pub fn strength(self) -> u16 {
        let flush = (self.key + SUIT_BIAS) & FLUSH_BITS;
        if flush != 0 {
            let suit = (flush.trailing_zeros() - SUIT_SHIFT) / 4;
            return FLUSH[(self.mask >> (16 * suit)) as usize & 0x1fff];
        }
        rank_strength(self.key as u32)
    }
}

/// A hand's key folded card by card while the cards are read (from text or a list), with the
/// sum of their mask bits that [`HandKey::from_checked`] checks: reading and keying in one
/// pass, the codes never stored and read back.
#[derive(Debug, Clone, Copy, Default)]
pub struct KeyFold {
    key: HandKey,
    sum: u64,
}

impl KeyFold {
    /// Adds one code (any `u8`: from 52 up adds [`NOT_A_CARD`], refused by [`KeyFold::finish`]).
    #[inline(always)]
    pub fn push(&mut self, card: u8) {
        let k = CARD_KEYS[card as usize];
        self.sum = self.sum.wrapping_add(k.mask);
        self.key = self.key.join(k);
    }

    /// The key of the `n` codes pushed, checked as [`HandKey::from_checked`] checks: 5 to 7
    /// distinct cards. `packed` holds the same codes one a byte, the first lowest (at most
    /// eight), so that only a bad hand pays for naming its first bad card.
    #[inline(always)]
    pub fn finish(self, packed: u64, n: usize) -> Result<HandKey, CardError> {
        check_count(n, 5..=7, "5 to 7 cards")?;
        let mask = self.key.mask;
        if (self.sum ^ mask) | (mask & NOT_A_CARD) != 0 {
            CardSet::from_cards(&packed.to_le_bytes()[..n.min(8)])?;
        }
        Ok(self.key)
    }
}

/// Whether `parts` together are distinct cards (codes below 52), decided without a branch per
/// card: the sum of their mask bits is their mask exactly when no card came twice (see
/// [`fold_checked`]; eleven bits of at most 2^60 cannot overflow either).
#[inline]
pub(crate) fn distinct_cards(parts: [&[u8]; 2]) -> bool {
    let (mut mask, mut sum) = (0u64, 0u64);
    // A loop per part: a chained iterator costs more than the test.
    for part in parts {
        for &c in part {
            let m = CARD_KEYS[c as usize].mask;
            mask |= m;
            sum = sum.wrapping_add(m);
        }
    }
    sum == mask && mask & NOT_A_CARD == 0
}

/// The key of `N` codes, and the sum of their mask bits: it equals the mask exactly when no
/// card came twice (a second copy adds its bit again where the mask keeps it once; seven bits
/// of at most 2^60 cannot overflow). A code from 52 up adds [`NOT_A_CARD`].
#[inline(always)]
fn fold_checked<const N: usize>(cards: [u8; N]) -> (HandKey, u64) {
    let (mut h, mut sum) = (HandKey::EMPTY, 0u64);
    for c in cards {
        let k = CARD_KEYS[c as usize];
        sum = sum.wrapping_add(k.mask);
        h = h.join(k);
    }
    (h, sum)
}

#[inline(always)]
fn rank_strength(rank_key: u32) -> u16 {
    let offset = OFFSETS[(rank_key >> ROW_SHIFT) as usize];
    LOOKUP[(rank_key & ((1 << ROW_SHIFT) - 1)) as usize + offset as usize]
}

/// Where the rank key of 5, 6 or 7 cards sits in `LOOKUP` (the perfect hash of rank
/// multisets, which razz reuses for a table of its own); `None` for a key beyond every row,
/// which only a bogus key (more than seven cards) can be.
#[inline(always)]
pub(crate) fn rank_slot(rank_key: u32) -> Option<usize> {
    let offset = *OFFSETS.get((rank_key >> ROW_SHIFT) as usize)?;
    Some((rank_key & ((1 << ROW_SHIFT) - 1)) as usize + offset as usize)
}

/// How many slots the rank perfect hash has (the length of `LOOKUP`).
pub(crate) const RANK_SLOTS: usize = LOOKUP.len();

/// Category 0 (high card) ..= 8 (straight flush) of a strength.
pub fn category(strength: u16) -> u8 {
    (CLASS_VALUES[strength as usize - 1] >> 20) as u8
}

/// The ranks that decide a class, most significant first (for descriptions).
fn class_ranks(strength: u16) -> Vec<u8> {
    let v = CLASS_VALUES[strength as usize - 1];
    let n = [5, 4, 3, 3, 1, 5, 2, 2, 1][(v >> 20) as usize];
    (0..n).map(|i| ((v >> (16 - 4 * i)) & 0xf) as u8).collect()
}

/// Each rank's name, singular and plural, deuce first.
pub(crate) const RANK_WORDS: [(&str, &str); 13] = [
    ("Deuce", "Deuces"),
    ("Three", "Threes"),
    ("Four", "Fours"),
    ("Five", "Fives"),
    ("Six", "Sixes"),
    ("Seven", "Sevens"),
    ("Eight", "Eights"),
    ("Nine", "Nines"),
    ("Ten", "Tens"),
    ("Jack", "Jacks"),
    ("Queen", "Queens"),
    ("King", "Kings"),
    ("Ace", "Aces"),
];

/// "Full House, Kings over Sevens", "Straight, Five high", "Pair of Aces, King kicker"...
pub fn describe(strength: u16) -> String {
    let r = class_ranks(strength);
    let one = |i: usize| RANK_WORDS[r[i] as usize].0;
    let many = |i: usize| RANK_WORDS[r[i] as usize].1;
    let name = CATEGORY_NAMES[category(strength) as usize];
    match category(strength) {
        0 | 5 => format!("{name}, {} high", one(0)),
        1 => format!("Pair of {}, {} kicker", many(0), one(1)),
        2 => format!("{name}, {} and {}, {} kicker", many(0), many(1), one(2)),
        3 => format!("{name}, {}", many(0)),
        4 | 8 => format!("{name}, {} high", one(0)),
        6 => format!("{name}, {} over {}", many(0), many(1)),
        _ => format!("{name}, {}, {} kicker", many(0), one(1)),
    }
}
/// Best five of 5, 6 or 7 distinct cards.
pub fn evaluate(cards: &[u8]) -> Result<u16, CardError> {
    HandKey::from_checked(cards).map(HandKey::strength)
}

/// Best five of a card set of 5, 6 or 7 cards.
pub fn evaluate_set(set: CardSet) -> Result<u16, CardError> {
    if !(5..=7).contains(&set.len()) || set.0 >> 52 != 0 {
        return Err(CardError::Count {
            got: set.len() as usize,
            want: "5 to 7 cards".into(),
        });
    }
    Ok(HandKey::from_set(set).strength())
}
/// The five cards (in the given order) that make the best hand, first such five on ties.
pub fn best_five(cards: &[u8]) -> Result<[u8; 5], CardError> {
    let target = evaluate(cards)?;
    let n = cards.len();
    for skip in pairs_of(n) {
        let five: Vec<u8> = (0..n)
            .filter(|i| !skip.contains(i))
            .map(|i| cards[i])
            .collect();
        if five.len() == 5 && HandKey::from_cards(&five).strength() == target {
            return Ok([five[0], five[1], five[2], five[3], five[4]]);
        }
    }
    unreachable!("some five cards make the best hand")
}

/// Index sets of size n-5 to leave out (none, one or two).
fn pairs_of(n: usize) -> Vec<Vec<usize>> {
    match n {
        5 => vec![vec![]],
        6 => (0..6).map(|i| vec![i]).collect(),
        _ => pairs(&[0u8; 7][..n]).map(|(i, j)| vec![i, j]).collect(),
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{five_card_hands, parse_cards};

    fn eval(s: &str) -> u16 {
        evaluate(&parse_cards(s).unwrap()).unwrap()
    }

    /// An independent reference: compare five-card hands by category then kickers.
    fn reference5(cards: &[u8]) -> (u8, Vec<u8>) {
        let mut counts = [0u8; 13];
        for &c in cards {
            counts[(c >> 2) as usize] += 1;
        }
        let flush = cards.iter().all(|&c| c & 3 == cards[0] & 3);
        let mut ranks: Vec<u8> = (0..13).collect();
        // By count then rank, descending: the order kickers are compared in.
        ranks.sort_by_key(|&r| std::cmp::Reverse((counts[r as usize], r)));
        let groups: Vec<u8> = ranks
            .iter()
            .map(|&r| counts[r as usize])
            .filter(|&c| c > 0)
            .collect();
        let distinct: Vec<u8> = ranks
            .iter()
            .copied()
            .filter(|&r| counts[r as usize] > 0)
            .collect();
        let straight_top = if distinct.len() == 5 && distinct[0] - distinct[4] == 4 {
            Some(distinct[0])
        } else if distinct == [12, 3, 2, 1, 0] {
            Some(3)
        } else {
            None
        };
        let cat = match (straight_top, flush, groups.as_slice()) {
            (Some(_), true, _) => 8,
            (_, _, [4, 1]) => 7,
            (_, _, [3, 2]) => 6,
            (_, true, _) => 5,
            (Some(_), _, _) => 4,
            (_, _, [3, 1, 1]) => 3,
            (_, _, [2, 2, 1]) => 2,
            (_, _, [2, 1, 1, 1]) => 1,
            _ => 0,
        };
        match straight_top {
            Some(t) if cat == 8 || cat == 4 => (cat, vec![t]),
            _ => (cat, distinct),
        }
    }

    #[test]
    fn all_five_card_hands_match_reference_and_published_counts() {
        let mut counts = [0u32; 9];
        let mut by_strength = vec![None; 7463];
        for h in five_card_hands() {
            let s = HandKey::from_cards(&h).strength();
            let r = reference5(&h);
            assert_eq!(category(s), r.0, "{h:?}");
            match &by_strength[s as usize] {
                None => by_strength[s as usize] = Some(r),
                Some(prev) => assert_eq!(prev, &r, "two classes share strength {s}"),
            }
            counts[category(s) as usize] += 1;
        }
        assert_eq!(
            counts,
            [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40]
        );
        let classes: Vec<_> = by_strength.iter().flatten().collect();
        assert_eq!(classes.len(), 7462);
        // Strength order is the reference order.
        assert!(classes.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn six_card_hands_have_6075_classes() {
        // Every 6-card rank multiset with every suit pattern is too many; rank multisets with
        // all suit patterns of a flush or not are covered by walking 6-card hands of 2 suits' worth.
        let mut seen = vec![false; 7463];
        for h in five_card_hands() {
            for x in 0..52u8 {
                if x > h[4] {
                    let mut c = h.to_vec();
                    c.push(x);
                    seen[HandKey::from_cards(&c).strength() as usize] = true;
                }
            }
        }
        assert_eq!(seen.iter().filter(|&&b| b).count(), 6075);
    }

    #[test]
    #[ignore = "exhaustive: run with --release --include-ignored"]
    fn exhaustive_all_seven_card_hands() {
        let mut counts = [0u64; 9];
        let mut seen = vec![false; 7463];
        for h in five_card_hands() {
            let k = HandKey::from_cards(&h);
            for f in h[4] + 1..52 {
                let k6 = k.with(f);
                for g in f + 1..52 {
                    let s = k6.with(g).strength();
                    counts[category(s) as usize] += 1;
                    seen[s as usize] = true;
                }
            }
        }
        assert_eq!(
            counts,
            [
                23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184,
                224_848, 41_584
            ]
        );
        assert_eq!(counts.iter().sum::<u64>(), 133_784_560);
        assert_eq!(seen.iter().filter(|&&b| b).count(), 4824);
    }

    #[test]
    fn seed_examples() {
        // docs/rules/poker.md §1 / seed 003 "Hand ranking".
        assert!(
            eval("AhJh9h4h2h") > eval("KcQcJc9c7c"),
            "a flush with an ace beats one with a king"
        );
        assert_eq!(eval("AhKhQhJhTh"), 7462);
        assert_eq!(eval("5c4d3h2sAc"), 5854, "the wheel is the lowest straight");
        assert!(eval("6c5d4h3s2c") > eval("5c4d3h2sAc"));
        assert_eq!(category(eval("QcKdAh2s3c")), 0, "no wrap-around straight");
        assert_eq!(
            eval("AcKdQhJs9c"),
            eval("AdKhQsJc9d"),
            "suits never break ties"
        );
        assert!(eval("AcAdKhQs9c") > eval("AsAhKcQd8c"), "kickers decide");
    }

    #[test]
    fn descriptions() {
        assert_eq!(
            describe(eval("KcKdKh7s7c")),
            "Full House, Kings over Sevens"
        );
        assert_eq!(describe(eval("AhKhQhJhTh2c3d")), "Straight Flush, Ace high");
        assert_eq!(describe(eval("5c4d3h2sAc")), "Straight, Five high");
        assert_eq!(describe(eval("AcAdKhQs9c")), "Pair of Aces, King kicker");
        assert_eq!(
            describe(eval("AcAdKhKs9c")),
            "Two Pair, Aces and Kings, Nine kicker"
        );
        assert_eq!(
            describe(eval("2c2d2h2sAc")),
            "Four of a Kind, Deuces, Ace kicker"
        );
    }
    #[test]
    fn checking_while_building_the_key_matches_checking_first() {
        // The separate checks (count, then CardSet) then the key are the reference: the same
        // strength for every good hand and the same error, first bad card, for every bad one.
        let mut rng = crate::rng::Rng::new(17, 0);
        let (mut good, mut bad) = (0, 0);
        for _ in 0..200_000 {
            let n = 4 + rng.below(5);
            let cards: Vec<u8> = (0..n).map(|_| rng.below(56) as u8).collect();
            let reference = super::check_count(n, 5..=7, "5 to 7 cards")
                .and_then(|()| CardSet::from_cards(&cards))
                .map(|_| HandKey::from_cards(&cards).strength());
            assert_eq!(evaluate(&cards), reference, "{cards:?}");
            if reference.is_ok() {
                good += 1
            } else {
                bad += 1
            }
        }
        assert!(good > 10_000 && bad > 10_000, "{good} good, {bad} bad");
        assert_eq!(evaluate(&[0, 4, 8, 12, 255]), Err(CardError::BadCode(255)));
        assert_eq!(evaluate(&[0, 4, 8, 12, 52]), Err(CardError::BadCode(52)));
        assert_eq!(evaluate(&[52, 4, 8, 4, 0]), Err(CardError::BadCode(52)));
        assert_eq!(evaluate(&[9, 4, 8, 4, 60]), Err(CardError::Duplicate(4)));
    }

    #[test]
    fn best_five_makes_the_hand() {
        let c = parse_cards("2c AhKhQhJhTh 3d").unwrap();
        assert_eq!(best_five(&c).unwrap(), [50, 46, 42, 38, 34]);
        assert!(evaluate(&c[..4]).is_err());
        assert_eq!(evaluate(&[1, 2, 3, 4, 1]), Err(CardError::Duplicate(1)));
    }
}
