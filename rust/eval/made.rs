//! How a hand was made: the cards it came from, so its best five can be named.
use super::high::best_five;
use super::low::{low8_best_five, omaha_low8_best_five};
use super::omaha::omaha_best_five;
use super::razz::razz_best_five;
use crate::cards::{rank_of, CardError};

/// The cards a hand was made from, kept so `best_five()` can name them.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Dealt {
    cards: [u8; 11],
    len: u8,
    /// 0 for "any five"; otherwise the number of hole cards of an Omaha deal (exactly 2 + 3).
    omaha_hole: u8,
}

impl Dealt {
    pub fn any(cards: &[u8]) -> Self {
        Self::new(cards, &[], 0)
    }

    /// The `n` (at most eight) cards packed one a byte, the first lowest.
    #[inline(always)]
    pub fn packed(packed: u64, n: usize) -> Self {
        let mut cards = [0u8; 11];
        cards[..8].copy_from_slice(&packed.to_le_bytes());
        Dealt {
            cards,
            len: n.min(8) as u8,
            omaha_hole: 0,
        }
    }

    pub fn omaha(hole: &[u8], board: &[u8]) -> Self {
        Self::new(hole, board, hole.len() as u8)
    }

    fn new(a: &[u8], b: &[u8], omaha_hole: u8) -> Self {
        let mut cards = [0u8; 11];
        cards[..a.len()].copy_from_slice(a);
        cards[a.len()..a.len() + b.len()].copy_from_slice(b);
        Dealt {
            cards,
            len: (a.len() + b.len()) as u8,
            omaha_hole,
        }
    }

    pub fn split(&self) -> (&[u8], &[u8]) {
        let all = &self.cards[..self.len as usize];
        all.split_at(self.omaha_hole as usize)
    }

    pub fn is_omaha(&self) -> bool {
        self.omaha_hole > 0
    }

    /// The five cards of the best high hand (Omaha: two hole and three board cards), in
    /// reading order ([`high_reading_order`]).
    pub fn high_five(&self) -> Result<[u8; 5], CardError> {
        let (hole, board) = self.split();
        let five = if self.is_omaha() {
            omaha_best_five(hole, board)?
        } else {
            best_five(board)?
        };
        Ok(high_reading_order(five))
    }

    /// The five cards of the best 8-or-better low (Omaha: two plus three), `None` without one,
    /// in reading order ([`low_reading_order`]).
    pub fn low8_five(&self) -> Result<Option<[u8; 5]>, CardError> {
        let (hole, board) = self.split();
        let five = if self.is_omaha() {
            omaha_low8_best_five(hole, board)?
        } else {
            low8_best_five(board)?
        };
        Ok(five.map(low_reading_order))
    }

    /// The five cards of the best razz low (any five; razz is never an Omaha deal), in reading
    /// order ([`low_reading_order`]).
    pub fn razz_five(&self) -> Result<[u8; 5], CardError> {
        Ok(low_reading_order(razz_best_five(self.split().1)?))
    }
}

/// Five cards ordered by a key, the cards of one rank keeping their order (a stable sort).
fn ordered(mut five: [u8; 5], rank: impl Fn(u8) -> u8) -> [u8; 5] {
    let count = |r: u8| five.iter().filter(|&&c| rank(c) == r).count();
    let keys = five.map(|c| {
        (
            std::cmp::Reverse(count(rank(c))),
            std::cmp::Reverse(rank(c)),
        )
    });
    let mut order = [0usize, 1, 2, 3, 4];
    order.sort_by_key(|&i| keys[i]);
    let copy = five;
    for (slot, &i) in five.iter_mut().zip(order.iter()) {
        *slot = copy[i];
    }
    five
}

/// A high hand as people read it (docs/rules/poker.md §1): the biggest group first (quads,
/// trips, the higher pair), then the rest, each high to low; a five-high straight (the wheel)
/// as 5-4-3-2-A.
pub fn high_reading_order(five: [u8; 5]) -> [u8; 5] {
    let mut out = ordered(five, rank_of);
    let ranks = out.map(rank_of);
    if ranks == [12, 3, 2, 1, 0] {
        out.rotate_left(1); // the ace plays low
    }
    out
}

/// A low as people read it: high to low with the ace as one ("8-4-3-2-A"); in razz a pair
/// first, as [`razz_ranks`](super::razz::razz_ranks) lists them.
pub fn low_reading_order(five: [u8; 5]) -> [u8; 5] {
    ordered(five, |c| (rank_of(c) + 1) % 13) // the ace (12) below the deuce (0)
}

#[cfg(test)]
mod reading_order_tests {
    use super::*;
    use crate::cards::{card_name, parse_cards};

    fn read(order: fn([u8; 5]) -> [u8; 5], text: &str) -> String {
        let five: [u8; 5] = parse_cards(text).unwrap().try_into().unwrap();
        order(five).map(card_name).join(" ")
    }

    #[test]
    fn high_hands_read_group_first_and_the_wheel_ace_last() {
        assert_eq!(read(high_reading_order, "Ah 4s 8h Kd Kc"), "Kd Kc Ah 8h 4s");
        assert_eq!(read(high_reading_order, "Ah 2s 3h 4h 5h"), "5h 4h 3h 2s Ah");
        assert_eq!(read(high_reading_order, "7c 7d Ks 7h Kd"), "7c 7d 7h Ks Kd");
        assert_eq!(read(high_reading_order, "2c 9d 2s 9h Ah"), "9d 9h 2c 2s Ah");
        assert_eq!(read(high_reading_order, "Th Jh Qh Kh Ah"), "Ah Kh Qh Jh Th");
    }

    #[test]
    fn lows_read_high_to_low_with_the_ace_as_one() {
        assert_eq!(read(low_reading_order, "Ah 2c 3d 4s 8h"), "8h 4s 3d 2c Ah");
        assert_eq!(read(low_reading_order, "Ac Ad 2c 3d 4h"), "Ac Ad 4h 3d 2c");
    }
}
