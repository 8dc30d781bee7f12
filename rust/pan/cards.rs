//! Pan cards: codes, names and parsing (docs/rules/pan.md §1.1, §2.1).
use crate::limits::{shown, MESSAGE_VALUE_CHARS};
use std::fmt;

/// Rank letters by rank index (§2.1): A low, 7 and J adjacent, no 8, 9 or 10.
pub const RANK_CHARS: &[u8; 10] = b"A234567JQK";
/// Suit letters by suit index.
pub const SUIT_CHARS: &[u8; 4] = b"cdhs";
/// Number of distinct Pan cards (10 ranks x 4 suits).
pub const NUM_CARDS: usize = 40;
/// A player never has more than 11 cards on the table, so no meld is longer (§3.3).
pub const MAX_MELD: usize = 11;
/// Going out means all 11 cards in valid melds (§6.3).
pub const GO_OUT_CARDS: usize = 11;
pub(crate) const SPADES: u8 = 3;
pub(crate) const ACE: u8 = 0;
pub(crate) const KING: u8 = 9;

pub fn rank_of(card: u8) -> u8 {
    card >> 2
}

pub fn suit_of(card: u8) -> u8 {
    card & 3
}

/// Valle cards are the 3s, 5s and 7s (§4.1, glossary §9).
pub fn is_valle_rank(rank: u8) -> bool {
    matches!(rank, 2 | 4 | 6)
}

/// Aces and kings are the non-comoquers (§3.2).
pub fn is_noncomoquer_rank(rank: u8) -> bool {
    rank == ACE || rank == KING
}

/// The text form, rank then suit: `"7c"`, `"Jh"`. A code outside 0..40 prints as `#code`.
pub fn card_name(card: u8) -> String {
    if card as usize >= NUM_CARDS {
        return format!("#{card}");
    }
    let mut s = String::with_capacity(2);
    s.push(RANK_CHARS[rank_of(card) as usize] as char);
    s.push(SUIT_CHARS[suit_of(card) as usize] as char);
    s
}

/// Names of some cards, space-separated: `"7c Jc Qc"`. For an error message, so a long list
/// is cut to `MESSAGE_VALUE_CHARS` and counted, and only the names shown are built.
pub fn cards_name(cards: &[u8]) -> String {
    let head = &cards[..cards.len().min(MESSAGE_VALUE_CHARS / 3 + 1)];
    let text = head
        .iter()
        .map(|&c| card_name(c))
        .collect::<Vec<_>>()
        .join(" ");
    if head.len() == cards.len() && text.len() <= MESSAGE_VALUE_CHARS {
        return text;
    }
    // The names are ASCII, so a byte index is a character boundary.
    let cut = &text[..text.len().min(MESSAGE_VALUE_CHARS)];
    format!("{cut}... ({} cards)", cards.len())
}

/// Why some text or codes are not Pan cards; every message names the offending token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PanCardError {
    /// Text that is not a Pan card, with its byte position in the input.
    BadToken { token: String, at: usize },
    /// A lone token (an item of a list) that is not one Pan card: no position to give.
    BadCard { token: String },
    /// An integer outside 0..40.
    BadCode(i64),
    /// Going out takes exactly 11 cards (§6.3), an arrangement at most 11 (`exact` false).
    WrongCount {
        operation: &'static str,
        exact: bool,
        got: usize,
    },
}

impl fmt::Display for PanCardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PanCardError::BadToken { token, at } => {
                write!(f, "invalid Pan card {token:?} at position {at}: ")?;
                why_not_pan(f, token)
            }
            PanCardError::BadCard { token } => {
                write!(f, "invalid Pan card {token:?}: ")?;
                why_not_pan(f, token)
            }
            PanCardError::BadCode(c) => write!(f, "invalid Pan card code {c}: expected 0..39"),
            PanCardError::WrongCount {
                operation,
                exact,
                got,
            } => {
                let bound = if *exact { "" } else { "at most " };
                write!(
                    f,
                    "{operation} takes {bound}{GO_OUT_CARDS} cards, got {got}"
                )
            }
        }
    }
}

/// Why a token is not a Pan card (§1.1: the 8s, 9s and 10s are stripped, there are no jokers).
fn why_not_pan(f: &mut fmt::Formatter<'_>, token: &str) -> fmt::Result {
    match token.bytes().next().map(|b| b.to_ascii_uppercase()) {
        Some(b'8' | b'9' | b'T' | b'1') => f.write_str("Pan has no 8, 9 or 10"),
        Some(b'X') => f.write_str("Pan has no jokers"),
        _ if ["jo", "jk"]
            .iter()
            .any(|j| token.to_ascii_lowercase().starts_with(j)) =>
        {
            f.write_str("Pan has no jokers")
        }
        _ => f.write_str("expected a rank A 2-7 J Q K and a suit c d h s"),
    }
}

impl std::error::Error for PanCardError {}

fn rank_index(c: u8) -> Option<u8> {
    let c = c.to_ascii_uppercase();
    RANK_CHARS.iter().position(|&r| r == c).map(|i| i as u8)
}

/// A card code given as an integer (Python ints), checked to be in 0..40.
pub fn card_from_code(code: i64) -> Result<u8, PanCardError> {
    if (0..NUM_CARDS as i64).contains(&code) {
        Ok(code as u8)
    } else {
        Err(PanCardError::BadCode(code))
    }
}

/// Parses one card: `"7c"`, `"Jh"`, `"as"`, any case.
pub fn parse_card(token: &str) -> Result<u8, PanCardError> {
    match parse_cards(token).as_deref() {
        Ok([c]) => Ok(*c),
        Err(PanCardError::BadToken { token, .. }) => Err(PanCardError::BadCard {
            token: token.clone(),
        }),
        _ => Err(PanCardError::BadCard {
            token: shown(token).into_owned(),
        }),
    }
}

/// Parses a whole string of cards, with or without spaces or commas: `"7c7d 7h"`.
/// An 8, 9, 10/T, a joker or an unknown suit is an error naming the token (§1.1).
pub fn parse_cards(text: &str) -> Result<Vec<u8>, PanCardError> {
    crate::cards::tokenize(text, |b| rank_index(*b.first()?).map(|r| (r, 1)))
        .map_err(|(token, at)| PanCardError::BadToken { token, at })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pan::testutil::p;

    #[test]
    fn codes_and_names() {
        assert_eq!(parse_card("Ac"), Ok(0));
        assert_eq!(parse_card("Ks"), Ok(39));
        assert_eq!(parse_card("7c"), Ok(24));
        assert_eq!(parse_card("Jh"), Ok(30));
        assert_eq!(parse_card("as"), parse_card("AS"));
        for c in 0..40 {
            assert_eq!(parse_card(&card_name(c)), Ok(c));
        }
        assert_eq!(p("7c7d 7h"), p("7c, 7d 7h"));
        assert_eq!(p("7c7d 7h"), vec![24, 25, 26]);
        assert_eq!(p(""), Vec::<u8>::new());
        assert_eq!(card_from_code(39), Ok(39));
        assert_eq!(card_from_code(40), Err(PanCardError::BadCode(40)));
        assert_eq!(card_from_code(-1), Err(PanCardError::BadCode(-1)));
        assert_eq!(card_name(200), "#200");
    }

    #[test]
    fn bad_cards_are_named() {
        for (text, token, hint) in [
            ("7c 8c", "8c", "no 8, 9 or 10"),
            ("9d", "9d", "no 8, 9 or 10"),
            ("Ah 10h", "10h", "no 8, 9 or 10"),
            ("Th", "Th", "no 8, 9 or 10"),
            ("Jo", "Jo", "no jokers"),
            ("7c JK", "JK", "no jokers"),
            ("7cXx", "Xx", "no jokers"),
            ("7x", "7x", "expected a rank"),
            ("Q", "Q", "expected a rank"),
            ("Aé", "Aé", "expected a rank"),
            // Unseparated: the bad card, not three characters across two cards.
            ("8c8d8h", "8c", "no 8, 9 or 10"),
            ("TcTdTh", "Tc", "no 8, 9 or 10"),
            ("7c10c7d", "10c", "no 8, 9 or 10"),
        ] {
            let e = parse_cards(text).unwrap_err();
            let msg = e.to_string();
            assert!(
                matches!(&e, PanCardError::BadToken { token: t, .. } if t == token),
                "{text}: {e:?}"
            );
            assert!(
                msg.contains(&format!("{token:?}")) && msg.contains(hint),
                "{msg}"
            );
        }
        assert!(parse_card("7c7d").is_err());
    }
}
