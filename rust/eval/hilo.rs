//! Both halves of a hi/lo showdown at once: the high and the 8-or-better low, each chosen on
//! its own (docs/rules/poker.md §1, §6).
use super::high::HandKey;
use super::low::{low8_unchecked, omaha_low8_unchecked, LOW8, LOW8_BITS};
use super::omaha::{check_omaha, omaha_unchecked};
use crate::cards::CardError;
/// Both halves of a hi/lo showdown for 5, 6 or 7 cards: (high strength 1..=7462, 8-or-better
/// low 0..=56). The high and the low may use different fives (seed 000).
pub fn evaluate_hilo(cards: &[u8]) -> Result<(u16, u8), CardError> {
    // The checked key is the high half's key: the check builds it, nothing builds it twice.
    let key = HandKey::from_checked(cards)?;
    Ok((key.strength(), low8_unchecked(cards)))
}

/// [`evaluate_hilo`] on validated input: one pass over the cards builds the high key and the
/// low mask together. Assumes distinct codes below 52 (the high key indexes a 52-entry table).
#[inline]
pub fn hilo_unchecked(cards: &[u8]) -> (u16, u8) {
    let (key, mask) = cards.iter().fold((HandKey::EMPTY, 0u8), |(k, m), &c| {
        (k.with(c), m | LOW8_BITS[c as usize])
    });
    (key.strength(), LOW8[mask as usize])
}

/// Both halves of an Omaha Hi/Lo showdown: (Omaha high, Omaha 8-or-better low), each exactly
/// two hole plus three board cards, chosen independently (docs/rules/poker.md §1).
pub fn evaluate_omaha_hilo(hole: &[u8], board: &[u8]) -> Result<(u16, u8), CardError> {
    check_omaha(hole, board)?;
    Ok(omaha_hilo_unchecked(hole, board))
}

/// [`evaluate_omaha_hilo`] on a validated deal (4..=6 distinct hole cards, 3..=5 board, all
/// below 52). The low is two masks and one table read, a few percent of the high's cost.
#[inline]
pub fn omaha_hilo_unchecked(hole: &[u8], board: &[u8]) -> (u16, u8) {
    (
        omaha_unchecked(hole, board),
        omaha_low8_unchecked(hole, board),
    )
}
