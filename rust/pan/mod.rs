//! Pan (Panguingue): cards, the deck, meld validation, conditions, the operations of a turn and
//! the going-out solver (docs/rules/pan.md). Pure Rust; the Python bindings live in `rust/python/`.
//!
//! A Pan card is `rank * 4 + suit`, ranks A 2 3 4 5 6 7 J Q K = 0..9 (docs/rules/pan.md §2.1) and
//! suits c d h s = 0..3, so `Ac` = 0 and `Ks` = 39. The deck holds several copies of each card
//! (§1.1); copies share one code, because validation treats two 7♣ as equal in rank and suit and
//! nothing here depends on which physical copy is which.
//!
//! Chips (pays) are `u64`; every sum saturates, so no configuration can make a call panic.

// The modules, each using only those above it.
// Card codes, names and parsing (§1.1, §2.1).
mod cards;
// The house rules of §8, declared once.
mod rules;
// The deck's copies of each card, and its shuffle (§1).
mod deck;
// Meld validation (§3).
mod melds;
// What melds pay: the conditions and the outs (§4).
mod conditions;
// The operations of a turn on one's own melds (§6.4).
mod ops;
// Going out with nothing on the table: the arrangement solver (§4.4, §6.3).
mod solver;
// Going out from a position: a plan of operations (§6.3, §6.4).
mod plan;
// Every legal operation of a turn, for the game's legal moves (§6.2 to §6.5).
mod moves;

pub use cards::*;
pub use conditions::*;
pub use deck::*;
pub use melds::*;
pub use moves::*;
pub use ops::*;
pub use plan::*;
pub use rules::*;
pub use solver::*;

/// Helpers shared by the tests of the Pan modules.
#[cfg(test)]
pub(crate) mod testutil {
    use super::*;
    use crate::rng::Rng;

    pub(crate) fn p(s: &str) -> Vec<u8> {
        parse_cards(s).unwrap()
    }

    /// `k` cards dealt from a freshly shuffled deck.
    pub(crate) fn deal(rng: &mut Rng, rules: &PanRules, k: usize) -> Vec<u8> {
        let mut d = deck(rules);
        rng.deal_front(&mut d, k);
        d.truncate(k);
        d
    }

    pub(crate) fn multiset(cards: impl IntoIterator<Item = u8>) -> Vec<u8> {
        let mut v: Vec<u8> = cards.into_iter().collect();
        v.sort_unstable();
        v
    }

    /// A random valid meld of `k` cards that the remaining deck `left` can supply.
    pub(crate) fn random_meld(
        rng: &mut Rng,
        left: &mut [u16; NUM_CARDS],
        k: usize,
        rules: &PanRules,
    ) -> Option<Vec<u8>> {
        for _ in 0..200 {
            let cand: Vec<u8> = if k <= 10 && rng.below(2) == 0 {
                let s = rng.below(4) as u8;
                let start = rng.below(11 - k) as u8;
                (start..start + k as u8).map(|r| r * 4 + s).collect()
            } else {
                let r = rng.below(10) as u8;
                match rng.below(3) {
                    0 => vec![r * 4 + rng.below(4) as u8; k],
                    _ => (0..k).map(|_| r * 4 + rng.below(4) as u8).collect(),
                }
            };
            let mut need = [0u16; NUM_CARDS];
            for &c in &cand {
                need[c as usize] += 1;
            }
            if is_meld(&cand, rules) && (0..NUM_CARDS).all(|c| need[c] <= left[c]) {
                for c in 0..NUM_CARDS {
                    left[c] -= need[c];
                }
                return Some(cand);
            }
        }
        None
    }

    /// 11 cards that can go out: random valid melds of sizes summing to 11, shuffled.
    pub(crate) fn built_hand(rng: &mut Rng, rules: &PanRules) -> Vec<u8> {
        const SHAPES: [&[usize]; 7] = [
            &[3, 3, 5],
            &[3, 4, 4],
            &[3, 8],
            &[4, 7],
            &[5, 6],
            &[11],
            &[3, 3, 5],
        ];
        loop {
            let mut left = deck_counts(rules);
            let shape = SHAPES[rng.below(SHAPES.len())];
            let melds: Option<Vec<Vec<u8>>> = shape
                .iter()
                .map(|&k| random_meld(rng, &mut left, k, rules))
                .collect();
            if let Some(melds) = melds {
                let mut cards: Vec<u8> = melds.concat();
                rng.shuffle(&mut cards);
                return cards;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::testutil::p;
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn no_panics_on_any_input() {
        let d = PanRules::default();
        let odd = PanRules {
            packs: 0,
            pay_suited_group: u64::MAX,
            pay_valle_suited: u64::MAX,
            ..d
        };
        let mut rng = Rng::new(99, 0);
        for _ in 0..3000 {
            let k = rng.below(14);
            let cards: Vec<u8> = (0..k)
                .map(|_| {
                    if rng.below(8) == 0 {
                        rng.next_u64() as u8
                    } else {
                        rng.below(40) as u8
                    }
                })
                .collect();
            let other: Vec<u8> = (0..rng.below(4)).map(|_| rng.below(44) as u8).collect();
            for r in [&d, &odd] {
                let _ = classify(&cards, r);
                let _ = conditions(&cards, r);
                let _ = condition_list(&cards, r);
                let _ = lay_off(&cards, &other, r);
                let _ = split(&cards, &other, &other, r);
                let _ = split(&cards, &[], &cards[..k / 2], r);
                let _ = borrow(&cards, &other, &other, r);
                let _ = arrange(&cards, r);
                let _ = go_out(&cards, r);
            }
        }
        let _ = go_out_with(3, &[255], &[vec![0, 1, 2]], &d);
        let _ = PanSolver::new(&odd).go_out(&p("Qh Qh Qh Qh Qh Qh Qh Qh Qh Qh Qh"));
    }
}
