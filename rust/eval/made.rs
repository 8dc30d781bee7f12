//! How a hand was made: the cards it came from, so its best five can be named.
use super::high::best_five;
use super::low::{low8_best_five, omaha_low8_best_five};
use super::omaha::omaha_best_five;
use super::razz::razz_best_five;
use crate::cards::CardError;

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

    /// The five cards of the best high hand (Omaha: two hole and three board cards).
    pub fn high_five(&self) -> Result<[u8; 5], CardError> {
        let (hole, board) = self.split();
        if self.is_omaha() {
            omaha_best_five(hole, board)
        } else {
            best_five(board)
        }
    }

    /// The five cards of the best 8-or-better low (Omaha: two plus three), `None` without one.
    pub fn low8_five(&self) -> Result<Option<[u8; 5]>, CardError> {
        let (hole, board) = self.split();
        if self.is_omaha() {
            omaha_low8_best_five(hole, board)
        } else {
            low8_best_five(board)
        }
    }

    /// The five cards of the best razz low (any five; razz is never an Omaha deal).
    pub fn razz_five(&self) -> Result<[u8; 5], CardError> {
        razz_best_five(self.split().1)
    }
}
