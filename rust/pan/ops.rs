//! The operations of a turn on one's own melds (docs/rules/pan.md §6.4).
use std::fmt;

use super::cards::{card_name, cards_name, suit_of};
use super::conditions::{cond_counts, cond_counts_of, CondCounts};
use super::melds::{check_copies, check_meld, count_cards, MeldFault, MeldKind};
use super::rules::{LayoffPay, PanRules};

/// Which meld of an operation an error is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MeldRole {
    /// The meld already on the table.
    Existing,
    /// A meld being laid down.
    New,
    /// The meld after a lay-off.
    Increased,
    /// One of the two melds of a split.
    SplitPart,
    /// What stays on the table after a borrow.
    Remainder,
}

impl fmt::Display for MeldRole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MeldRole::Existing => "the meld",
            MeldRole::New => "the new meld",
            MeldRole::Increased => "the increased meld",
            MeldRole::SplitPart => "a split part",
            MeldRole::Remainder => "what remains after borrowing",
        })
    }
}

/// Why an operation is illegal; the message names the cards and the rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MeldError {
    /// Some cards that must be a valid meld are not.
    Invalid {
        role: MeldRole,
        cards: Vec<u8>,
        fault: MeldFault,
    },
    /// A lay-off, borrow or split adds no card where one is needed.
    NoCards,
    /// `group.keepCharacter` (§3.2): the lay-off would turn a one-suit group into a mixed one.
    CharacterChanged { meld: Vec<u8>, cards: Vec<u8> },
    /// A card to split off or borrow is not in the meld.
    NotInMeld { card: u8, meld: Vec<u8> },
    /// Borrowing needs a meld of four or more cards (§6.4).
    TooSmallToBorrow { meld: Vec<u8> },
    /// `split.requiresLayoffThisTurn` (§6.4): a split must add cards.
    SplitNeedsLayoff,
    /// Borrowed cards go into a new meld together with the drawn card or hand cards (§6.4).
    BorrowNeedsOwnCards,
    /// Going out needs 11 cards in all (§6.3).
    WrongCount { got: usize },
    /// A card code outside 0..40.
    BadCard(u8),
    /// More copies of a card than the deck holds (§1.1).
    MoreCopiesThanDeck { card: u8, count: usize, deck: u16 },
}

impl fmt::Display for MeldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MeldError::Invalid { role, cards, fault } => {
                write!(f, "{role} {} is not valid: {fault}", cards_name(cards))
            }
            MeldError::NoCards => f.write_str("no cards given"),
            MeldError::CharacterChanged { meld, cards } => write!(
                f,
                "laying off {} would turn the one-suit group {} into a mixed one \
                 (group.keepCharacter)",
                cards_name(cards),
                cards_name(meld)
            ),
            MeldError::NotInMeld { card, meld } => {
                write!(
                    f,
                    "{} is not in the meld {}",
                    card_name(*card),
                    cards_name(meld)
                )
            }
            MeldError::TooSmallToBorrow { meld } => write!(
                f,
                "cannot borrow from {}: only melds of four or more cards lend",
                cards_name(meld)
            ),
            MeldError::SplitNeedsLayoff => {
                f.write_str("a split must lay off cards first (split.requiresLayoffThisTurn)")
            }
            MeldError::BorrowNeedsOwnCards => {
                f.write_str("borrowed cards must make a new meld with the drawn card or hand cards")
            }
            MeldError::WrongCount { got } => {
                write!(f, "going out takes 11 cards in all, got {got}")
            }
            MeldError::BadCard(c) => write!(f, "invalid Pan card code {c}: expected 0..39"),
            MeldError::MoreCopiesThanDeck { card, count, deck } => write!(
                f,
                "{count} copies of {} but the deck holds {deck}",
                card_name(*card)
            ),
        }
    }
}

impl std::error::Error for MeldError {}

/// The melds an operation leaves (each sorted by code) and what every opponent pays for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub melds: Vec<Vec<u8>>,
    pub pays: u64,
}

pub(crate) fn sorted(cards: &[u8]) -> Vec<u8> {
    let mut v = cards.to_vec();
    v.sort_unstable();
    v
}

pub(crate) fn concat(a: &[u8], b: &[u8]) -> Vec<u8> {
    let mut v = Vec::with_capacity(a.len() + b.len());
    v.extend_from_slice(a);
    v.extend_from_slice(b);
    v.sort_unstable();
    v
}

pub(crate) fn valid(role: MeldRole, cards: &[u8], rules: &PanRules) -> Result<MeldKind, MeldError> {
    check_meld(cards, rules).map_err(|fault| MeldError::Invalid {
        role,
        cards: sorted(cards),
        fault,
    })
}

/// Refuses cards that together hold more copies of a card than the deck (§1.1): the one rule
/// behind a single meld's limit (`check_meld`), applied to cards that end up in several melds
/// (a borrow's remainder and new meld, a position's table and hand).
pub(crate) fn within_deck(cards: &[u8], rules: &PanRules) -> Result<(), MeldError> {
    let counts = count_cards(cards).map_err(MeldError::BadCard)?;
    match check_copies(&counts, rules) {
        Err(MeldFault::MoreCopiesThanDeck { card, count, deck }) => {
            Err(MeldError::MoreCopiesThanDeck { card, count, deck })
        }
        _ => Ok(()),
    }
}

/// `whole` minus `part` as multisets, or the first card of `part` that `whole` lacks.
pub(crate) fn remove_cards(whole: &[u8], part: &[u8]) -> Result<Vec<u8>, u8> {
    let mut rest = sorted(whole);
    for &c in part {
        match rest.iter().position(|&x| x == c) {
            Some(i) => {
                rest.remove(i);
            }
            None => return Err(c),
        }
    }
    Ok(rest)
}

fn one_suit(cards: &[u8]) -> bool {
    cards.windows(2).all(|w| suit_of(w[0]) == suit_of(w[1]))
}

/// Lays down a new meld (§6.4 "New meld"): pays its conditions.
pub fn meld(cards: &[u8], rules: &PanRules) -> Result<Outcome, MeldError> {
    let kind = valid(MeldRole::New, cards, rules)?;
    let cards = sorted(cards);
    let pays = cond_counts_of(&cards, kind, rules).value(rules);
    Ok(Outcome {
        melds: vec![cards],
        pays,
    })
}

/// Adds `cards` (hand cards or the drawn card) to one's own `meld` (§6.4 "Lay-off"). The result
/// must be valid and, under `keep_character`, a one-suit group stays one suit (§3.2). Pays per
/// `layoff_pay` (§4.2): under `PerCard`, every added card collects the lay-off value of each
/// condition the meld carries before and still carries after; conditions the lay-off creates
/// pay their full value.
pub fn lay_off(meld: &[u8], cards: &[u8], rules: &PanRules) -> Result<Outcome, MeldError> {
    let before_kind = valid(MeldRole::Existing, meld, rules)?;
    if cards.is_empty() {
        return Err(MeldError::NoCards);
    }
    let after = concat(meld, cards);
    let after_kind = valid(MeldRole::Increased, &after, rules)?;
    if rules.keep_character
        && before_kind != MeldKind::Sequence
        && one_suit(meld)
        && !one_suit(&after)
    {
        return Err(MeldError::CharacterChanged {
            meld: sorted(meld),
            cards: sorted(cards),
        });
    }
    let before = cond_counts_of(meld, before_kind, rules);
    let now = cond_counts_of(&after, after_kind, rules);
    let pays = layoff_pays(&before, &now, cards.len(), rules);
    Ok(Outcome {
        melds: vec![after],
        pays,
    })
}

fn layoff_pays(before: &CondCounts, after: &CondCounts, added: usize, rules: &PanRules) -> u64 {
    let created = before.increase(after, rules);
    match rules.layoff_pay {
        LayoffPay::NoPay => 0,
        LayoffPay::NewConditionsOnly => created,
        LayoffPay::PerCard => {
            let mut kept = CondCounts::default();
            for i in 0..10 {
                kept.0[i] = before.0[i].min(after.0[i]);
            }
            let per_card = kept.weighted(|c, sp| c.layoff_value(sp, rules));
            per_card
                .saturating_mul(added as u64)
                .saturating_add(created)
        }
    }
}

/// Splits one's own `meld`, after laying off `added` onto it (may be empty), into `part` and
/// the rest, both valid melds (§6.4 "Split"). A sequence can only split at one point; a group
/// into any two valid groups. Pays the lay-off (as [`lay_off`]) plus every condition instance
/// the two parts carry beyond the whole (§4.3). Under `split_requires_layoff`, `added` must not
/// be empty.
pub fn split(
    meld: &[u8],
    added: &[u8],
    part: &[u8],
    rules: &PanRules,
) -> Result<Outcome, MeldError> {
    let (whole, mut pays) = if added.is_empty() {
        if rules.split_requires_layoff {
            return Err(MeldError::SplitNeedsLayoff);
        }
        valid(MeldRole::Existing, meld, rules)?;
        (sorted(meld), 0)
    } else {
        let o = lay_off(meld, added, rules)?;
        (o.melds.into_iter().next().unwrap_or_default(), o.pays)
    };
    let rest = remove_cards(&whole, part).map_err(|card| MeldError::NotInMeld {
        card,
        meld: whole.clone(),
    })?;
    let part = sorted(part);
    let k1 = valid(MeldRole::SplitPart, &part, rules)?;
    let k2 = valid(MeldRole::SplitPart, &rest, rules)?;
    let before = cond_counts(&whole, rules);
    let mut after = cond_counts_of(&part, k1, rules);
    after.add(cond_counts_of(&rest, k2, rules));
    pays = pays.saturating_add(before.increase(&after, rules));
    Ok(Outcome {
        melds: vec![part, rest],
        pays,
    })
}

/// Borrows `take` from one's own `meld` of four or more cards, leaving a valid meld, and lays
/// them down with `with` (the drawn card and/or hand cards, not empty) as a new meld (§6.4
/// "Borrow"). In a sequence only end cards can go. Pays every condition instance the remainder
/// and the new meld carry beyond the old meld (§4.3); nothing is refunded.
pub fn borrow(
    meld: &[u8],
    take: &[u8],
    with: &[u8],
    rules: &PanRules,
) -> Result<Outcome, MeldError> {
    let kind = valid(MeldRole::Existing, meld, rules)?;
    if take.is_empty() {
        return Err(MeldError::NoCards);
    }
    if with.is_empty() {
        return Err(MeldError::BorrowNeedsOwnCards);
    }
    if meld.len() < 4 {
        return Err(MeldError::TooSmallToBorrow { meld: sorted(meld) });
    }
    let rest = remove_cards(meld, take).map_err(|card| MeldError::NotInMeld {
        card,
        meld: sorted(meld),
    })?;
    let k_rest = valid(MeldRole::Remainder, &rest, rules)?;
    let new = concat(take, with);
    let k_new = valid(MeldRole::New, &new, rules)?;
    // Each meld is within the deck; the cards of both together must be too.
    within_deck(&concat(meld, with), rules)?;
    let before = cond_counts_of(meld, kind, rules);
    let mut after = cond_counts_of(&rest, k_rest, rules);
    after.add(cond_counts_of(&new, k_new, rules));
    Ok(Outcome {
        melds: vec![rest, new],
        pays: before.increase(&after, rules),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pan::testutil::p;
    use crate::pan::*;

    #[test]
    fn lay_off_pays_and_rules() {
        let d = PanRules::default();
        let lo = |m: &str, c: &str, r: &PanRules| lay_off(&p(m), &p(c), r);
        // §4.2: a lay-off that creates a condition pays it in full.
        assert_eq!(
            lo("2d 3d 4d", "Ad", &d).unwrap(),
            Outcome {
                melds: vec![p("Ad 2d 3d 4d")],
                pays: 1
            }
        );
        // Per card on a condition (PW): C2 collects 1 (2 in spades), others their value.
        assert_eq!(lo("5c 5c 5c", "5c", &d).unwrap().pays, 1);
        assert_eq!(lo("5s 5s 5s", "5s 5s", &d).unwrap().pays, 4);
        assert_eq!(lo("5c 5d 5h", "5s", &d).unwrap().pays, 1);
        assert_eq!(lo("4c 4c 4c", "4c", &d).unwrap().pays, 1);
        assert_eq!(lo("Qs Qs Qs", "Qs", &d).unwrap().pays, 2);
        assert_eq!(lo("As 2s 3s", "4s 5s", &d).unwrap().pays, 4);
        assert_eq!(lo("4h 5h 6h", "7h", &d).unwrap().pays, 0);
        // Reaching the king creates C5 and the per-card C4 still pays.
        assert_eq!(
            lo("Ah 2h 3h 4h 5h 6h 7h Jh", "Qh Kh", &d).unwrap().pays,
            2 + 1
        );
        // Pays variants.
        let new_only = PanRules {
            layoff_pay: LayoffPay::NewConditionsOnly,
            ..d
        };
        assert_eq!(lo("5c 5c 5c", "5c", &new_only).unwrap().pays, 0);
        assert_eq!(lo("2d 3d 4d", "Ad", &new_only).unwrap().pays, 1);
        let none = PanRules {
            layoff_pay: LayoffPay::NoPay,
            ..d
        };
        assert_eq!(lo("2d 3d 4d", "Ad", &none).unwrap().pays, 0);
        assert_eq!(lo("5c 5c 5c", "5c", &none).unwrap().pays, 0);
        // Under exactThree A-2-3 loses its condition when increased, so nothing pays again.
        let exact = PanRules {
            escalera: Escalera::ExactThree,
            ..d
        };
        assert_eq!(lo("Ah 2h 3h", "4h", &exact).unwrap().pays, 0);
        // group.keepCharacter (§3.2).
        let e = lo("6c 6c 6c", "6d 6h", &d).unwrap_err();
        assert!(matches!(e, MeldError::CharacterChanged { .. }));
        assert!(e.to_string().contains("keepCharacter"));
        assert!(lo("Kh Kh Kh", "Kc", &d).is_err());
        assert!(lo("Kh Kc Kh", "Kh", &d).is_ok());
        let free = PanRules {
            keep_character: false,
            ..d
        };
        // The suited group became unsuited: its C3 is gone, nothing is created, nothing pays.
        assert_eq!(lo("6c 6c 6c", "6d 6h", &free).unwrap().pays, 0);
        assert_eq!(lo("5c 5c 5c", "5d 5h", &free).unwrap().pays, 1);
        // Illegal lay-offs.
        assert!(matches!(
            lo("4h 5h 6h", "Jh", &d),
            Err(MeldError::Invalid {
                role: MeldRole::Increased,
                ..
            })
        ));
        assert!(matches!(
            lo("4h 5h", "6h", &d),
            Err(MeldError::Invalid {
                role: MeldRole::Existing,
                ..
            })
        ));
        assert_eq!(lo("4h 5h 6h", "", &d), Err(MeldError::NoCards));
        let strict = PanRules {
            unsuited_rule: UnsuitedRule::AllDistinct,
            ..d
        };
        assert!(lo("6c 6d 6h", "6c", &strict).is_err());
        assert!(lo("6c 6d 6h", "6c", &d).is_ok());
    }

    #[test]
    fn split_examples() {
        let d = PanRules::default();
        // BCG: "J, 7, 6, 5 may be split by adding a Q and a 4."
        let o = split(&p("Jc 7c 6c 5c"), &p("Qc 4c"), &p("Qc Jc 7c"), &d).unwrap();
        assert_eq!(o.melds, vec![p("7c Jc Qc"), p("4c 5c 6c")]);
        assert_eq!(o.pays, 0);
        // GW: 4-5-6-7 halved by adding a three and a jack.
        let o = split(&p("4h 5h 6h 7h"), &p("3h Jh"), &p("3h 4h 5h"), &d).unwrap();
        assert_eq!(o.melds, vec![p("3h 4h 5h"), p("6h 7h Jh")]);
        // PW: ♦5-4-3 + ♦2, ♦6, ♦A → ♦A-2-3 and ♦6-5-4 creates A-2-3: one chip, two in spades.
        let o = split(&p("5d 4d 3d"), &p("2d 6d Ad"), &p("Ad 2d 3d"), &d).unwrap();
        assert_eq!(
            (o.melds.clone(), o.pays),
            (vec![p("Ad 2d 3d"), p("4d 5d 6d")], 1)
        );
        assert_eq!(
            split(&p("5s 4s 3s"), &p("2s 6s As"), &p("As 2s 3s"), &d)
                .unwrap()
                .pays,
            2
        );
        // Splitting a suited group makes a second condition instance (§4.3).
        assert_eq!(
            split(&p("6c 6c 6c 6c 6c 6c"), &[], &p("6c 6c 6c"), &d)
                .unwrap()
                .pays,
            1
        );
        assert_eq!(
            split(&p("5s 5s 5s 5s 5s 5s"), &[], &p("5s 5s 5s"), &d)
                .unwrap()
                .pays,
            4
        );
        // A sequence splits only at one point into two runs of three or more.
        assert!(split(&p("Ac 2c 3c 4c 5c 6c"), &[], &p("Ac 3c 5c"), &d).is_err());
        assert!(split(&p("Ac 2c 3c 4c 5c"), &[], &p("Ac 2c 3c"), &d).is_err());
        // A..K split at 5|6 keeps both runs: nothing new.
        let o = split(
            &p("Ah 2h 3h 4h 5h 6h 7h Jh Qh Kh"),
            &[],
            &p("Ah 2h 3h 4h 5h"),
            &d,
        )
        .unwrap();
        assert_eq!(o.pays, 0);
        // A group into any two valid groups.
        assert!(split(&p("7c 7d 7h 7s 7c 7d"), &[], &p("7c 7d 7h"), &d).is_ok());
        assert!(split(&p("7c 7d 7h 7s 7c 7d"), &[], &p("7c 7c 7d"), &d).is_err());
        assert!(matches!(
            split(&p("7c 7d 7h 7s 7c 7d"), &[], &p("Kc 7c 7d"), &d),
            Err(MeldError::NotInMeld { card: 36, .. })
        ));
        // split.requiresLayoffThisTurn.
        let needs = PanRules {
            split_requires_layoff: true,
            ..d
        };
        assert_eq!(
            split(&p("6c 6c 6c 6c 6c 6c"), &[], &p("6c 6c 6c"), &needs),
            Err(MeldError::SplitNeedsLayoff)
        );
        assert!(split(&p("Jc 7c 6c 5c"), &p("Qc 4c"), &p("Qc Jc 7c"), &needs).is_ok());
    }

    #[test]
    fn borrow_examples() {
        let d = PanRules::default();
        // The melds are each within the deck, but together hold ten 5c and nine 5s (§1.1).
        for (meld, take, with, msg) in [
            (
                "5c".repeat(8),
                "5c",
                "5c5c",
                "10 copies of 5c but the deck holds 8",
            ),
            (
                "5s".repeat(7),
                "5s",
                "5s5s",
                "9 copies of 5s but the deck holds 7",
            ),
        ] {
            let e = borrow(&p(&meld), &p(take), &p(with), &d).unwrap_err();
            assert_eq!(e.to_string(), msg);
        }
        assert!(borrow(&p(&"5c".repeat(6)), &p("5c"), &p("5c5c"), &d).is_ok());
        // BCG: from 7, 6, 5, 4 the 7 or the 4 may be borrowed.
        let seq = p("7c 6c 5c 4c");
        assert!(borrow(&seq, &p("7c"), &p("7d 7h"), &d).is_ok());
        assert!(borrow(&seq, &p("4c"), &p("4d 4h"), &d).is_ok());
        assert!(borrow(&seq, &p("6c"), &p("6d 6h"), &d).is_err());
        assert!(borrow(&seq, &p("5c"), &p("5d 5h"), &d).is_err());
        // GW: from 3-4-5-6 either the 3 or the 6, but not both.
        let seq = p("3h 4h 5h 6h");
        assert!(borrow(&seq, &p("3h"), &p("3c 3d"), &d).is_ok());
        assert!(borrow(&seq, &p("6h"), &p("6c 6d"), &d).is_ok());
        assert!(matches!(
            borrow(&seq, &p("3h 6h"), &p("Ah 2h"), &d),
            Err(MeldError::Invalid {
                role: MeldRole::Remainder,
                ..
            })
        ));
        // PW: from ♥J-7-6-5-4, ♥5-4 (here with ♥3) or the ♥J (with ♣J ♠J), not 7, 6 or 5.
        let seq = p("Jh 7h 6h 5h 4h");
        let o = borrow(&seq, &p("5h 4h"), &p("3h"), &d).unwrap();
        assert_eq!(o.melds, vec![p("6h 7h Jh"), p("3h 4h 5h")]);
        // Neither run starts at A or ends at K: nothing pays.
        assert_eq!(o.pays, 0);
        assert!(borrow(&seq, &p("5h"), &p("5c 5d"), &d).is_err());
        assert_eq!(borrow(&seq, &p("Jh"), &p("Jc Js"), &d).unwrap().pays, 0);
        assert!(borrow(&seq, &p("7h"), &p("7c 7d"), &d).is_err());
        assert!(borrow(&seq, &p("6h"), &p("6c 6d"), &d).is_err());
        // Pays are what is new: a borrowed 7 makes a valle group (C1 = 1).
        assert_eq!(
            borrow(&p("4c 5c 6c 7c"), &p("7c"), &p("7d 7h"), &d)
                .unwrap()
                .pays,
            1
        );
        // Destroying A-2-3 is not refunded, and rebuilding it elsewhere is not new.
        assert_eq!(
            borrow(&p("Ac 2c 3c 4c"), &p("4c"), &p("4c 4c"), &d)
                .unwrap()
                .pays,
            1
        );
        // Melds of three lend nothing; borrowed cards need own cards; cards must be there.
        assert!(matches!(
            borrow(&p("4c 5c 6c"), &p("6c"), &p("6d 6h"), &d),
            Err(MeldError::TooSmallToBorrow { .. })
        ));
        assert_eq!(
            borrow(&p("4c 5c 6c 7c"), &p("7c"), &[], &d),
            Err(MeldError::BorrowNeedsOwnCards)
        );
        assert_eq!(
            borrow(&p("4c 5c 6c 7c"), &[], &p("7d"), &d),
            Err(MeldError::NoCards)
        );
        assert!(matches!(
            borrow(&p("4c 5c 6c 7c"), &p("Jc"), &p("Jd Jh"), &d),
            Err(MeldError::NotInMeld { .. })
        ));
        // Groups lend any cards that leave a valid group.
        assert!(borrow(&p("Kc Kd Kh Ks"), &p("Ks"), &p("Qs Js"), &d).is_ok());
        assert!(borrow(&p("6c 6d 6h 6c"), &p("6h"), &p("6h 6h"), &d).is_err());
    }

    #[test]
    fn sequence_lends_end_cards_only_from_four_or_more() {
        let d = PanRules::default();
        for s in 0..4u8 {
            for len in 3..=10u8 {
                for start in 0..=10 - len {
                    let seq: Vec<u8> = (start..start + len).map(|r| r * 4 + s).collect();
                    assert_eq!(classify(&seq, &d), Some(MeldKind::Sequence));
                    for (i, &card) in seq.iter().enumerate() {
                        // Two more cards of the rank in other suits: always a valid new group.
                        let with: Vec<u8> =
                            (1..=2).map(|k| rank_of(card) * 4 + (s + k) % 4).collect();
                        let r = borrow(&seq, &[card], &with, &d);
                        let end = i == 0 || i + 1 == seq.len();
                        assert_eq!(
                            r.is_ok(),
                            end && len >= 4,
                            "{} from {}",
                            card_name(card),
                            cards_name(&seq)
                        );
                        if let Ok(o) = r {
                            assert_eq!(classify(&o.melds[0], &d), Some(MeldKind::Sequence));
                            assert_eq!(o.melds[0].len(), len as usize - 1);
                        }
                    }
                }
            }
        }
    }
}
