//! The deck (docs/rules/pan.md §1).
use super::cards::{suit_of, NUM_CARDS, SPADES};
use super::rules::PanRules;
use crate::rng::SplitMix64;

/// How many copies of card `code` the deck holds (0 for a code outside 0..40).
pub fn copies_of(code: u8, rules: &PanRules) -> u16 {
    if code as usize >= NUM_CARDS {
        return 0;
    }
    let mut n = rules.packs as u16;
    if suit_of(code) == SPADES && rules.remove_one_spade_suit {
        n = n.saturating_sub(1);
    }
    n + rules.extra_cards[code as usize] as u16
}

/// Copies of every card: 8 of each club, diamond and heart card and 7 of each spade by default.
pub fn deck_counts(rules: &PanRules) -> [u16; NUM_CARDS] {
    std::array::from_fn(|c| copies_of(c as u8, rules))
}

/// The whole deck in code order: 310 cards by default (§1.1).
pub fn deck(rules: &PanRules) -> Vec<u8> {
    let counts = deck_counts(rules);
    (0..NUM_CARDS as u8)
        .flat_map(|c| std::iter::repeat_n(c, counts[c as usize] as usize))
        .collect()
}

/// The deck shuffled by a Fisher-Yates shuffle driven by SplitMix64 from `seed`: the same seed
/// gives the same order on every platform.
pub fn shuffled_deck(rules: &PanRules, seed: u64) -> Vec<u8> {
    let mut d = deck(rules);
    let mut x = SplitMix64::new(seed);
    for i in (1..d.len()).rev() {
        d.swap(i, (x.next_u64() % (i as u64 + 1)) as usize);
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pan::cards::card_name;
    use crate::pan::testutil::p;

    #[test]
    fn deck_of_310() {
        let rules = PanRules::default();
        let d = deck(&rules);
        assert_eq!(d.len(), 310);
        let counts = deck_counts(&rules);
        for c in 0..40u8 {
            let want = if suit_of(c) == 3 { 7 } else { 8 };
            assert_eq!(counts[c as usize], want, "{}", card_name(c));
            assert_eq!(d.iter().filter(|&&x| x == c).count(), want as usize);
        }
        let by_suit: Vec<usize> = (0..4)
            .map(|s| d.iter().filter(|&&c| suit_of(c) == s).count())
            .collect();
        assert_eq!(by_suit, vec![80, 80, 80, 70]);
        // §1.2 variants.
        let full = PanRules {
            remove_one_spade_suit: false,
            ..rules
        };
        assert_eq!(deck(&full).len(), 320);
        let five = PanRules { packs: 5, ..rules };
        assert_eq!(deck(&five).len(), 5 * 40 - 10);
        let mut extra = rules;
        extra.extra_cards[p("5s")[0] as usize] = 2;
        assert_eq!(deck(&extra).len(), 312);
        assert_eq!(copies_of(p("5s")[0], &extra), 9);
        assert_eq!(copies_of(40, &rules), 0);
        let mut s = shuffled_deck(&rules, 7);
        assert_ne!(s, d);
        assert_eq!(s, shuffled_deck(&rules, 7));
        s.sort_unstable();
        assert_eq!(s, d);
    }
}
