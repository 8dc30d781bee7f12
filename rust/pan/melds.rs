//! Meld validation (docs/rules/pan.md §3).
use std::fmt;

use super::cards::{
    card_name, is_noncomoquer_rank, rank_of, suit_of, MAX_MELD, NUM_CARDS, RANK_CHARS,
};
use super::deck::copies_of;
use super::rules::{PanRules, UnsuitedRule};

/// The kind of a valid meld (§3.4). `kind as u8` is how a kind crosses to Python:
/// python/splitpot/pan/melds.py declares `MeldKind` in this order and indexes it by that number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum MeldKind {
    /// Three or more consecutive cards of one suit (§3.1).
    Sequence = 0,
    /// A group of one comoquer rank (2 3 4 5 6 7 J Q), all one suit (§3.2).
    GroupSuited = 1,
    /// A group of one comoquer rank in three or more suits (§3.2, `group.unsuitedRule`).
    GroupUnsuited = 2,
    /// A group of aces or of kings, any suits, including all one suit (§3.2).
    GroupNoncomoquer = 3,
}

impl fmt::Display for MeldKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MeldKind::Sequence => "sequence",
            MeldKind::GroupSuited => "suited group",
            MeldKind::GroupUnsuited => "unsuited group",
            MeldKind::GroupNoncomoquer => "non-comoquer group",
        })
    }
}

/// Why some cards are not a valid meld (§3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MeldFault {
    /// A code outside 0..40.
    BadCode(u8),
    /// Fewer than three cards.
    TooFew(usize),
    /// More than eleven cards (§3.3).
    TooMany(usize),
    /// More copies of a card than the deck holds (§3.2: deck counts set the limit).
    MoreCopiesThanDeck { card: u8, count: usize, deck: u16 },
    /// Neither one rank (a group) nor one suit (a sequence).
    MixedRanksAndSuits,
    /// A sequence with two cards of this rank (§3.1: ranks pairwise distinct).
    RepeatedRank(u8),
    /// One suit, distinct ranks, but they do not run (gap, or a wrap past the king, §2.2).
    NotConsecutive,
    /// A comoquer group whose suits break `group.unsuitedRule` (§3.2).
    BadSuits { rank: u8, rule: UnsuitedRule },
}

impl fmt::Display for MeldFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MeldFault::BadCode(c) => write!(f, "invalid Pan card code {c}: expected 0..39"),
            MeldFault::TooFew(n) => write!(f, "a meld needs at least 3 cards, got {n}"),
            MeldFault::TooMany(n) => write!(f, "a meld has at most 11 cards, got {n}"),
            MeldFault::MoreCopiesThanDeck { card, count, deck } => write!(
                f,
                "{count} copies of {} but the deck holds {deck}",
                card_name(*card)
            ),
            MeldFault::MixedRanksAndSuits => {
                f.write_str("neither one rank (a group) nor one suit (a sequence)")
            }
            MeldFault::RepeatedRank(r) => {
                write!(
                    f,
                    "a sequence cannot hold two {}s",
                    RANK_CHARS[*r as usize % 10] as char
                )
            }
            MeldFault::NotConsecutive => f.write_str(
                "the ranks do not run (order A 2 3 4 5 6 7 J Q K, ace low only, no wrap)",
            ),
            MeldFault::BadSuits { rank, rule } => {
                let r = RANK_CHARS[*rank as usize % 10] as char;
                match rule {
                    UnsuitedRule::AtLeastThreeDistinct => write!(
                        f,
                        "a group of {r}s must be all one suit or of at least three different suits"
                    ),
                    UnsuitedRule::AllDistinct => write!(
                        f,
                        "a group of {r}s must be all one suit or all different suits"
                    ),
                }
            }
        }
    }
}

/// Cards as a count per code; `Err` names a code outside 0..40 (the smallest).
pub(crate) fn count_cards(cards: &[u8]) -> Result<[u8; NUM_CARDS], u8> {
    let mut counts = [0u8; NUM_CARDS];
    let mut bad: Option<u8> = None;
    for &c in cards {
        match counts.get_mut(c as usize) {
            Some(n) => *n = n.saturating_add(1),
            None => bad = Some(bad.map_or(c, |b| b.min(c))),
        }
    }
    bad.map_or(Ok(counts), Err)
}

pub(crate) fn check_copies(counts: &[u8; NUM_CARDS], rules: &PanRules) -> Result<(), MeldFault> {
    for (code, &n) in counts.iter().enumerate() {
        // Only a card held at least as often as there are packs can exceed the deck.
        if (n as u16) < rules.packs as u16 {
            continue;
        }
        let deck = copies_of(code as u8, rules);
        if n as u16 > deck {
            return Err(MeldFault::MoreCopiesThanDeck {
                card: code as u8,
                count: n as usize,
                deck,
            });
        }
    }
    Ok(())
}

/// The kind of meld these cards make, or why they make none (§3, reference algorithm §7).
/// The answer does not depend on the order of the cards.
pub fn check_meld(cards: &[u8], rules: &PanRules) -> Result<MeldKind, MeldFault> {
    if let Some(&bad) = cards.iter().filter(|&&c| c as usize >= NUM_CARDS).min() {
        return Err(MeldFault::BadCode(bad));
    }
    let n = cards.len();
    if n < 3 {
        return Err(MeldFault::TooFew(n));
    }
    if n > MAX_MELD {
        return Err(MeldFault::TooMany(n));
    }
    // Only a meld with at least `packs` cards can hold more copies of a card than the deck.
    if n >= rules.packs as usize {
        let counts = count_cards(cards).map_err(MeldFault::BadCode)?;
        check_copies(&counts, rules)?;
    }
    let (mut ranks, mut suits, mut repeated) = (0u16, 0u8, 0u16);
    for &c in cards {
        let bit = 1 << rank_of(c);
        repeated |= ranks & bit;
        ranks |= bit;
        suits |= 1 << suit_of(c);
    }
    if ranks.count_ones() == 1 {
        let rank = ranks.trailing_zeros() as u8;
        let k = suits.count_ones() as usize;
        return if is_noncomoquer_rank(rank) {
            Ok(MeldKind::GroupNoncomoquer)
        } else if k == 1 {
            Ok(MeldKind::GroupSuited)
        } else if match rules.unsuited_rule {
            UnsuitedRule::AtLeastThreeDistinct => k >= 3,
            UnsuitedRule::AllDistinct => k == n,
        } {
            Ok(MeldKind::GroupUnsuited)
        } else {
            Err(MeldFault::BadSuits {
                rank,
                rule: rules.unsuited_rule,
            })
        };
    }
    if suits.count_ones() != 1 {
        return Err(MeldFault::MixedRanksAndSuits);
    }
    if repeated != 0 {
        return Err(MeldFault::RepeatedRank(repeated.trailing_zeros() as u8));
    }
    // Distinct ranks in 0..10 that run without a gap: A is 0 and K is 9, so there is no wrap.
    let low = ranks.trailing_zeros() as usize;
    let high = 15 - ranks.leading_zeros() as usize;
    if high - low + 1 == n {
        Ok(MeldKind::Sequence)
    } else {
        Err(MeldFault::NotConsecutive)
    }
}

/// The kind of meld, or `None` when the cards are not a valid meld (§3.4).
pub fn classify(cards: &[u8], rules: &PanRules) -> Option<MeldKind> {
    check_meld(cards, rules).ok()
}

pub fn is_meld(cards: &[u8], rules: &PanRules) -> bool {
    check_meld(cards, rules).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pan::testutil::{deal, p, random_meld};
    use crate::pan::*;
    use crate::rng::Rng;

    fn kind(s: &str) -> Option<MeldKind> {
        classify(&p(s), &PanRules::default())
    }

    #[test]
    fn table_3_5_examples() {
        use MeldKind::*;
        assert_eq!(kind("5d 6d 7d"), Some(Sequence));
        assert_eq!(kind("7h Jh Qh"), Some(Sequence));
        assert_eq!(kind("Ac 2c 3c"), Some(Sequence));
        assert_eq!(kind("Qs Ks As"), None);
        assert_eq!(kind("Kd Ad 2d"), None);
        assert_eq!(kind("6c 6d 6h"), Some(GroupUnsuited));
        assert_eq!(kind("6c 6c 6c"), Some(GroupSuited));
        assert_eq!(kind("6c 6c 6h"), None);
        assert_eq!(kind("6c 6d 6h 6c"), Some(GroupUnsuited));
        let strict = PanRules {
            unsuited_rule: UnsuitedRule::AllDistinct,
            ..PanRules::default()
        };
        assert_eq!(classify(&p("6c 6d 6h 6c"), &strict), None);
        assert_eq!(kind("Kc Kc Kh"), Some(GroupNoncomoquer));
        assert_eq!(kind("As Ad Ad Ah"), Some(GroupNoncomoquer));
        assert_eq!(kind("4c 4d"), None);
    }

    #[test]
    fn more_meld_rules() {
        use MeldKind::*;
        let strict = PanRules {
            unsuited_rule: UnsuitedRule::AllDistinct,
            ..PanRules::default()
        };
        // §3.2: two suits never make a comoquer group; repeated suits need the default rule.
        assert_eq!(kind("5c 5c 5d 5d"), None);
        assert_eq!(kind("5c 5d 5h 5s 5s"), Some(GroupUnsuited));
        assert_eq!(classify(&p("5c 5d 5h 5s"), &strict), Some(GroupUnsuited));
        assert_eq!(classify(&p("5c 5d 5h 5s 5s"), &strict), None);
        // Suited groups may hold copies up to the deck's count (8, 7 in spades).
        assert_eq!(kind(&"Qh ".repeat(8)), Some(GroupSuited));
        assert_eq!(kind(&"Qh ".repeat(9)), None);
        assert_eq!(kind(&"Qs ".repeat(7)), Some(GroupSuited));
        assert_eq!(kind(&"Qs ".repeat(8)), None);
        let full = PanRules {
            remove_one_spade_suit: false,
            ..PanRules::default()
        };
        assert_eq!(classify(&p(&"Qs ".repeat(8)), &full), Some(GroupSuited));
        // A..K is the longest run; no wrap; no duplicates; 7-J adjacent only.
        assert_eq!(kind("Ah 2h 3h 4h 5h 6h 7h Jh Qh Kh"), Some(Sequence));
        assert_eq!(kind("Kh Ah 2h"), None);
        assert_eq!(kind("5h 6h 6h 7h"), None);
        assert_eq!(kind("6h 7h Qh"), None);
        assert_eq!(kind("5h 6h 7c"), None);
        assert_eq!(kind(&"Ac Ad Ah As ".repeat(3)), None); // 12 cards > 11 (§3.3)
        assert_eq!(classify(&[0, 4, 40], &PanRules::default()), None);
    }

    #[test]
    fn faults_explain() {
        let r = PanRules::default();
        let f = |s: &str| check_meld(&p(s), &r).unwrap_err().to_string();
        assert!(f("4c 4d").contains("at least 3"));
        assert!(f("6c 6c 6h").contains("at least three different suits"));
        assert!(f("Kd Ad 2d").contains("no wrap"));
        assert!(f("5h 6h 6h").contains("two 6s"));
        assert!(f("5h 6h 7c").contains("neither"));
        assert!(f(&"Qs ".repeat(8)).contains("8 copies of Qs but the deck holds 7"));
        assert_eq!(check_meld(&[3, 50, 45], &r), Err(MeldFault::BadCode(45)));
    }

    #[test]
    fn classification_ignores_order() {
        let rules = PanRules::default();
        let strict = PanRules {
            unsuited_rule: UnsuitedRule::AllDistinct,
            ..rules
        };
        let mut rng = Rng::new(0x5eed, 0);
        let mut left = deck_counts(&rules);
        for i in 0..3000 {
            let k = 3 + rng.below(6);
            // Half real melds, half random cards (mostly not melds).
            let mut cards = if i % 2 == 0 {
                if left.iter().sum::<u16>() < 40 {
                    left = deck_counts(&rules);
                }
                random_meld(&mut rng, &mut left, k, &rules)
                    .unwrap_or_else(|| deal(&mut rng, &rules, k))
            } else if i % 4 == 1 {
                // Near-melds: one rank or one suit.
                let r = rng.below(10) as u8;
                (0..k).map(|_| r * 4 + rng.below(4) as u8).collect()
            } else {
                deal(&mut rng, &rules, k)
            };
            let want = (
                classify(&cards, &rules),
                classify(&cards, &strict),
                conditions(&cards, &rules),
            );
            for _ in 0..5 {
                rng.shuffle(&mut cards);
                assert_eq!(
                    (
                        classify(&cards, &rules),
                        classify(&cards, &strict),
                        conditions(&cards, &rules)
                    ),
                    want
                );
            }
        }
    }
}
