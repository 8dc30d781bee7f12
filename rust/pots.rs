//! Splitting each pot among its winners (docs/rules/poker.md §6): the best high, or half to
//! the best high and half to the best qualifying low, ties sharing equally, odd chips to the
//! high half and then in the odd-chip order. `splitpot.pots.award` checks its arguments,
//! takes the rake off and calls this through `_core._split_pots`; the plain-Python split in
//! `python/splitpot/_pots_split.py` is the same rule for numbers past these types (a pot of
//! more than 2**128 - 1 chips, a strength past an `i64`) and the reference the property tests
//! compare this with.

use std::fmt;

/// A seat number (Python checks it is an `int` from 0 to `MAX_CHIPS`, 2**128 - 1).
pub type Seat = u128;
/// A number of chips (at most `MAX_CHIPS` a pot here; Python falls back past it).
pub type Chips = u128;

/// One pot after the rake: its chips and the seats that may win it, in the pot's order.
pub struct Pot {
    pub amount: Chips,
    pub eligible: Vec<Seat>,
}

/// Which part of a pot a [`Share`] pays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    High,
    Low,
    Whole,
}

impl Side {
    /// The name `splitpot.pots.Award.side` carries.
    pub fn as_str(self) -> &'static str {
        match self {
            Side::High => "high",
            Side::Low => "low",
            Side::Whole => "whole",
        }
    }
}

/// How a seat won its share: the text of `splitpot.pots.Award.why`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    Alone,
    High,
    HighNoLow,
    Low,
    ScoopHigh,
    ScoopLow,
    TiedHigh,
    TiedHighOdd,
    TiedHighNoLow,
    TiedHighNoLowOdd,
    TiedLow,
    TiedLowOdd,
}

impl Why {
    /// Every reason, for a binding that keeps one Python string of each.
    pub const ALL: [Why; 12] = [
        Why::Alone,
        Why::High,
        Why::HighNoLow,
        Why::Low,
        Why::ScoopHigh,
        Why::ScoopLow,
        Why::TiedHigh,
        Why::TiedHighOdd,
        Why::TiedHighNoLow,
        Why::TiedHighNoLowOdd,
        Why::TiedLow,
        Why::TiedLowOdd,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Why::Alone => "only eligible seat; the others folded",
            Why::High => "best high",
            Why::HighNoLow => "best high; no qualifying low",
            Why::Low => "best low",
            Why::ScoopHigh => "best high; scoops",
            Why::ScoopLow => "best low; scoops",
            Why::TiedHigh => "tied for best high",
            Why::TiedHighOdd => "tied for best high; odd chip by odd-chip order",
            Why::TiedHighNoLow => "tied for best high; no qualifying low",
            Why::TiedHighNoLowOdd => {
                "tied for best high; no qualifying low; odd chip by odd-chip order"
            }
            Why::TiedLow => "tied for best low",
            Why::TiedLowOdd => "tied for best low; odd chip by odd-chip order",
        }
    }

    /// The reason of a tied winner of a part won for `self`, with or without an odd unit.
    fn tied(self, odd: bool) -> Why {
        match (self, odd) {
            (Why::High, false) => Why::TiedHigh,
            (Why::High, true) => Why::TiedHighOdd,
            (Why::HighNoLow, false) => Why::TiedHighNoLow,
            (Why::HighNoLow, true) => Why::TiedHighNoLowOdd,
            (Why::Low, false) => Why::TiedLow,
            (Why::Low, true) => Why::TiedLowOdd,
            // Alone and scoops have one winner: never tied.
            (other, _) => other,
        }
    }
}

/// Chips paid to one seat from one part of one pot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Share {
    pub pot: usize,
    pub side: Side,
    pub seat: Seat,
    pub amount: Chips,
    pub why: Why,
}

/// Why a split has no answer here.
#[derive(Debug, PartialEq, Eq)]
pub enum SplitError {
    /// A pot of two or more eligible seats none of which has a high ranking.
    Unranked { pot: usize, eligible: Vec<Seat> },
    /// A seat's total passed [`Chips`]: the caller splits with its own integers.
    Overflow,
    /// A chip unit of 0 (there is no whole unit to split in).
    ChipUnit,
}

impl fmt::Display for SplitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SplitError::Unranked { pot, eligible } => {
                let seats: Vec<String> = eligible.iter().map(|s| s.to_string()).collect();
                let name = if *pot == 0 {
                    "the main pot".to_string()
                } else {
                    format!("side pot {pot}")
                };
                write!(
                    f,
                    "no seat eligible for {name} ({}) has a ranking",
                    seats.join(", ")
                )
            }
            SplitError::Overflow => f.write_str("a seat's winnings pass 2**128 - 1 chips"),
            SplitError::ChipUnit => f.write_str("chip_unit must be at least 1, got 0"),
        }
    }
}

/// What a split asks: the rankings (larger is better) in the caller's order, the odd-chip
/// order (empty: ascending seats) and the chip unit (at least 1).
pub struct Split<'a> {
    pub high: &'a [(Seat, i64)],
    /// `None` in a high-only game; in hi/lo the seats with a qualifying low (maybe none).
    pub low: Option<&'a [(Seat, i64)]>,
    pub odd_chip_order: &'a [Seat],
    pub chip_unit: Chips,
}

/// A split's shares and each winner's total.
pub type Payout = (Vec<Share>, Vec<(Seat, Chips)>);

/// Every share of every pot, pot by pot, high before low, tied winners in odd-chip order,
/// zero-chip shares left out; and each winner's total, in the order of first award.
pub fn split(pots: &[Pot], q: &Split<'_>) -> Result<Payout, SplitError> {
    if q.chip_unit == 0 {
        return Err(SplitError::ChipUnit);
    }
    let highs = best_first(q.high);
    let lows = q.low.filter(|l| !l.is_empty()).map(best_first);
    let whole_why = if q.low.is_none() {
        Why::High
    } else {
        Why::HighNoLow
    };
    let position = positions(q.odd_chip_order);
    let mut shares = Vec::with_capacity(pots.len() * 3);
    for (index, pot) in pots.iter().enumerate() {
        let mut pay = |side, amount, winners: &mut Vec<Seat>, why| {
            pay_part(
                &mut shares,
                (index, side, amount, why),
                winners,
                &position,
                q.chip_unit,
            )
        };
        if let [only] = pot.eligible[..] {
            pay(Side::Whole, pot.amount, &mut vec![only], Why::Alone);
            continue;
        }
        let mut high = best(&highs, &pot.eligible);
        if high.is_empty() {
            let eligible = pot.eligible.clone();
            return Err(SplitError::Unranked {
                pot: index,
                eligible,
            });
        }
        let mut low = lows
            .as_ref()
            .map_or_else(Vec::new, |l| best(l, &pot.eligible));
        if low.is_empty() {
            pay(Side::Whole, pot.amount, &mut high, whole_why);
            continue;
        }
        // The odd unit, and any part below one unit, goes to the high half (§6).
        let low_half = pot.amount / q.chip_unit / 2 * q.chip_unit;
        let scoop = high.len() == 1 && high == low;
        let (hw, lw) = if scoop {
            (Why::ScoopHigh, Why::ScoopLow)
        } else {
            (Why::High, Why::Low)
        };
        pay(Side::High, pot.amount - low_half, &mut high, hw);
        pay(Side::Low, low_half, &mut low, lw);
    }
    let totals = totals(&shares)?;
    Ok((shares, totals))
}

/// `ranked` best first; equal strengths keep their order (Python's stable sort).
fn best_first(ranked: &[(Seat, i64)]) -> Vec<(Seat, i64)> {
    let mut sorted = ranked.to_vec();
    sorted.sort_by_key(|r| std::cmp::Reverse(r.1));
    sorted
}

/// Each seat of the odd-chip order with its place, sorted by seat for lookup.
fn positions(order: &[Seat]) -> Vec<(Seat, usize)> {
    let mut at: Vec<(Seat, usize)> = order.iter().copied().zip(0..).collect();
    at.sort_unstable();
    at
}

/// The eligible seats with the best strength, in `ranked`'s order (best first).
fn best(ranked: &[(Seat, i64)], eligible: &[Seat]) -> Vec<Seat> {
    let mut winners = Vec::new();
    let mut top = 0;
    for &(seat, strength) in ranked {
        if !winners.is_empty() && strength != top {
            break;
        }
        if eligible.contains(&seat) {
            winners.push(seat);
            top = strength;
        }
    }
    winners
}

/// Pay one part `(pot, side, chips, why)` to `winners` (§6 odd chips): tied winners get equal
/// whole units, the leftover units go one each in odd-chip order ("the winning player to the
/// left of the button/dealer will receive it"), and the part below one unit with the first.
fn pay_part(
    shares: &mut Vec<Share>,
    (pot, side, amount, why): (usize, Side, Chips, Why),
    winners: &mut [Seat],
    position: &[(Seat, usize)],
    chip_unit: Chips,
) {
    if let [seat] = *winners {
        if amount != 0 {
            shares.push(Share {
                pot,
                side,
                seat,
                amount,
                why,
            });
        }
        return;
    }
    if position.is_empty() {
        winners.sort_unstable();
    } else {
        // Every ranked seat is in the order (the caller checks); an unknown one goes last.
        let place = |s: &Seat| {
            position
                .binary_search_by(|p| p.0.cmp(s))
                .map_or(usize::MAX, |i| position[i].1)
        };
        winners.sort_by_key(place);
    }
    let (units, below) = (amount / chip_unit, amount % chip_unit);
    let n = winners.len() as Chips;
    let (base, extra) = (units / n, units % n);
    for (k, &seat) in winners.iter().enumerate() {
        let odd = (k as Chips) < extra;
        let mut got = base * chip_unit + if odd { chip_unit } else { 0 };
        if k == 0 {
            got += below;
        }
        if got != 0 {
            shares.push(Share {
                pot,
                side,
                seat,
                amount: got,
                why: why.tied(odd),
            });
        }
    }
}

/// Each winner's total, in the order of its first share.
fn totals(shares: &[Share]) -> Result<Vec<(Seat, Chips)>, SplitError> {
    let mut out: Vec<(Seat, Chips)> = Vec::new();
    for share in shares {
        match out.iter_mut().find(|(s, _)| *s == share.seat) {
            Some((_, total)) => {
                *total = total
                    .checked_add(share.amount)
                    .ok_or(SplitError::Overflow)?;
            }
            None => out.push((share.seat, share.amount)),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pot(amount: Chips, eligible: &[Seat]) -> Pot {
        Pot {
            amount,
            eligible: eligible.to_vec(),
        }
    }

    fn q<'a>(
        high: &'a [(Seat, i64)],
        low: Option<&'a [(Seat, i64)]>,
        order: &'a [Seat],
    ) -> Split<'a> {
        Split {
            high,
            low,
            odd_chip_order: order,
            chip_unit: 1,
        }
    }

    #[test]
    fn odd_chip_goes_to_the_high_half_then_in_odd_chip_order_poker_md_6() {
        // The doctest of award: 101 chips, seats 1 and 2 tie for high, seat 3 has the low.
        let (shares, totals) = split(
            &[pot(101, &[1, 2, 3])],
            &q(&[(1, 50), (2, 50), (3, 10)], Some(&[(3, 40)]), &[2, 3, 1]),
        )
        .unwrap();
        let got: Vec<_> = shares
            .iter()
            .map(|s| (s.seat, s.amount, s.why.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                (2, 26, "tied for best high; odd chip by odd-chip order"),
                (1, 25, "tied for best high"),
                (3, 50, "best low")
            ]
        );
        assert_eq!(totals, [(2, 26), (1, 25), (3, 50)]);
    }

    #[test]
    fn a_lone_eligible_seat_wins_unranked_and_an_unranked_pot_is_an_error() {
        let pots = [pot(30, &[4]), pot(20, &[5, 6])];
        let err = split(&pots, &q(&[], None, &[])).unwrap_err();
        assert_eq!(
            err.to_string(),
            "no seat eligible for side pot 1 (5, 6) has a ranking"
        );
        let (shares, _) = split(&pots[..1], &q(&[], None, &[])).unwrap();
        assert_eq!(
            shares,
            [Share {
                pot: 0,
                side: Side::Whole,
                seat: 4,
                amount: 30,
                why: Why::Alone
            }]
        );
    }

    #[test]
    fn a_scoop_and_the_part_below_one_unit_poker_md_6() {
        let mut split_q = q(&[(0, 9), (1, 3)], Some(&[(0, 5)]), &[]);
        split_q.chip_unit = 5;
        let (shares, _) = split(&[pot(27, &[0, 1])], &split_q).unwrap();
        let got: Vec<_> = shares.iter().map(|s| (s.side, s.amount, s.why)).collect();
        // 5 units and 2 chips: the low half is 2 units, the high the rest.
        assert_eq!(
            got,
            [
                (Side::High, 17, Why::ScoopHigh),
                (Side::Low, 10, Why::ScoopLow)
            ]
        );
    }

    #[test]
    fn totals_past_the_chip_type_are_an_overflow() {
        let pots = [pot(Chips::MAX, &[1]), pot(1, &[1])];
        assert_eq!(split(&pots, &q(&[], None, &[])), Err(SplitError::Overflow));
        let mut zero = q(&[], None, &[]);
        zero.chip_unit = 0;
        assert_eq!(split(&pots, &zero), Err(SplitError::ChipUnit));
    }

    #[test]
    fn every_reason_is_at_its_own_index_for_the_binding() {
        for (i, why) in Why::ALL.iter().enumerate() {
            assert_eq!(*why as usize, i);
        }
        assert_eq!(
            [
                Side::High as usize,
                Side::Low as usize,
                Side::Whole as usize
            ],
            [0, 1, 2]
        );
    }
}
