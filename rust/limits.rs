//! The core's input limits in one place (issue 15: bounded time and memory). Each is the most a
//! call can use, so reading past it only wastes memory; `python/splitpot/limits.py` is the
//! Python side and mirrors [`MESSAGE_VALUE_CHARS`].
use std::borrow::Cow;

/// An offending value is quoted in an error message cut to this many characters
/// (`splitpot.limits.MESSAGE_VALUE_CHARS`).
pub const MESSAGE_VALUE_CHARS: usize = 60;

/// The most cards of a poker hand an evaluator reads: seven (docs/rules/poker.md §1).
pub const HAND_CARDS: usize = 7;
/// The most Omaha hole cards (Omaha-6) and board cards an Omaha evaluator reads.
pub const OMAHA_HOLE_CARDS: usize = 6;
pub const OMAHA_BOARD_CARDS: usize = 5;
/// The most poker cards any argument can hold: one deck, each card once.
pub const DECK_CARDS: usize = 52;

/// The most cards of one Pan meld, or one Pan hand going out (docs/rules/pan.md §3.3, §6.3).
pub const PAN_MELD_CARDS: usize = crate::pan::MAX_MELD;
/// The most melds one player's table holds: 11 cards, so fewer than 11 melds.
pub const PAN_TABLE_MELDS: usize = crate::pan::GO_OUT_CARDS;
/// The most Pan cards any argument can hold: the largest deck the rules allow (255 packs of 40
/// plus 255 extra copies of each card).
pub const PAN_CARDS: usize = 2 * 255 * crate::pan::NUM_CARDS;
/// The most melds `classify_many` takes in one call (about 40 MB of work at most).
pub const PAN_BATCH_MELDS: usize = 1_000_000;

/// `text` cut to [`MESSAGE_VALUE_CHARS`] characters, saying how long it was: the form of
/// `splitpot.limits.shown`.
pub fn shown(text: &str) -> Cow<'_, str> {
    match text.char_indices().nth(MESSAGE_VALUE_CHARS) {
        None => Cow::Borrowed(text),
        Some((end, _)) => Cow::Owned(format!(
            "{}... ({} characters)",
            &text[..end],
            text.chars().count()
        )),
    }
}

/// `text` quoted as `{:?}` writes it, cut like [`shown`]: `"AKAK..."... (200000 characters)`.
pub fn quoted(text: &str) -> String {
    match text.char_indices().nth(MESSAGE_VALUE_CHARS) {
        None => format!("{text:?}"),
        Some((end, _)) => format!(
            "{:?}... ({} characters)",
            &text[..end],
            text.chars().count()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shown_cuts_long_text_only() {
        assert_eq!(shown("5c5d"), "5c5d");
        let exact = "x".repeat(MESSAGE_VALUE_CHARS);
        assert_eq!(shown(&exact), exact);
        let long = "é".repeat(MESSAGE_VALUE_CHARS + 1);
        let cut = shown(&long);
        assert!(cut.starts_with(&"é".repeat(MESSAGE_VALUE_CHARS)));
        assert!(cut.ends_with("... (61 characters)"), "{cut}");
        assert_eq!(quoted("5c"), "\"5c\"");
        assert!(quoted(&long).ends_with("\"... (61 characters)"));
    }
}
