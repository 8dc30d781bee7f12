//! Card codes, parsing and 64-bit card sets (docs/rules/poker.md §1).
//!
//! A card is `rank * 4 + suit`: deuce = 0 .. ace = 12, clubs, diamonds, hearts, spades = 0..3,
//! so `2c` = 0 and `As` = 51. A [`CardSet`] has bit `code` set for each card it holds.
use crate::limits::shown;
use std::fmt;

pub const RANK_CHARS: &[u8; 13] = b"23456789TJQKA";
pub const SUIT_CHARS: &[u8; 4] = b"cdhs";

/// Why some cards were refused; every message names the offending token or card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CardError {
    /// Text that is not a card, with its character position in the input.
    BadToken { token: String, at: usize },
    /// A lone token (an item of a list, `Card("Xx")`) that is not one card: no position,
    /// which would be 0 and say nothing (the list's walk names the item).
    BadCard { token: String },
    /// An integer outside 0..52.
    BadCode(i64),
    /// The same card twice in one evaluation.
    Duplicate(u8),
    /// The wrong number of cards, `want` saying what was expected.
    Count { got: usize, want: String },
}

impl fmt::Display for CardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CardError::BadToken { token, at } => {
                write!(f, "invalid card {token:?} at position {at}")
            }
            CardError::BadCard { token } => write!(f, "invalid card {token:?}"),
            CardError::BadCode(c) => write!(f, "invalid card code {c}: expected 0..51"),
            CardError::Duplicate(c) => write!(f, "duplicate card {}", card_name(*c)),
            CardError::Count { got, want } => write!(f, "expected {want}, got {got} cards"),
        }
    }
}

impl std::error::Error for CardError {}

pub fn rank_of(card: u8) -> u8 {
    card >> 2
}

pub fn suit_of(card: u8) -> u8 {
    card & 3
}

/// The text form, rank then suit: `"Ah"`.
pub fn card_name(card: u8) -> String {
    let mut s = String::with_capacity(2);
    s.push(RANK_CHARS[(card >> 2) as usize % 13] as char);
    s.push(SUIT_CHARS[(card & 3) as usize] as char);
    s
}

/// Byte -> rank or suit index (any case), 0xff for anything else: parsing is one load a char.
const fn char_table(chars: &[u8]) -> [u8; 256] {
    let mut t = [0xff; 256];
    let mut i = 0;
    while i < chars.len() {
        t[chars[i].to_ascii_uppercase() as usize] = i as u8;
        t[chars[i].to_ascii_lowercase() as usize] = i as u8;
        i += 1;
    }
    t
}
static RANK_OF_CHAR: [u8; 256] = char_table(RANK_CHARS);
static SUIT_OF_CHAR: [u8; 256] = char_table(SUIT_CHARS);

/// The card of each two bytes (first byte low) read as a rank and a suit in any case, 0xff
/// for anything else: a card of text in one load (64 KB, of which the 52 x 4 case spellings'
/// entries are the ones read).
static PAIR_CODE: [u8; 65536] = {
    let ranks = char_table(RANK_CHARS);
    let suits = char_table(SUIT_CHARS);
    let mut t = [0xffu8; 65536];
    let mut i = 0;
    while i < 65536 {
        let (r, s) = (ranks[i & 0xff], suits[i >> 8]);
        if r != 0xff && s != 0xff {
            t[i] = r * 4 + s;
        }
        i += 1;
    }
    t
};

fn rank_index(c: u8) -> Option<u8> {
    Some(RANK_OF_CHAR[c as usize]).filter(|&r| r != 0xff)
}

fn suit_index(c: u8) -> Option<u8> {
    Some(SUIT_OF_CHAR[c as usize]).filter(|&s| s != 0xff)
}

/// Parses one card: `"Ah"`, `"td"`, `"10d"`, any case.
pub fn parse_card(token: &str) -> Result<u8, CardError> {
    match parse_cards(token).as_deref() {
        Ok([c]) => Ok(*c),
        Err(CardError::BadToken { token, .. }) => Err(CardError::BadCard {
            token: token.clone(),
        }),
        _ => Err(CardError::BadCard {
            token: shown(token).into_owned(),
        }),
    }
}

/// Parses a whole string of cards, with or without spaces or commas: `"AhKd 7c"`, `"AhKd7c"`.
pub fn parse_cards(text: &str) -> Result<Vec<u8>, CardError> {
    tokenize(text, poker_rank).map_err(|(token, at)| CardError::BadToken { token, at })
}

/// Whether [`parse_cards`] could read `text`: false only when its first token (after spaces
/// and commas) is no card, a rank (`10` included) then a suit, so that the parse fails and its
/// error (the bad token named: two allocations) need not be made. A range item such as `AKs`
/// or `22+` is told apart at its second byte; text with no token at all reads as no cards.
pub fn may_be_cards(text: &str) -> bool {
    let b = text
        .trim_start_matches(|c: char| c.is_ascii_whitespace() || c == ',')
        .as_bytes();
    let after_rank = if b.starts_with(b"10") { 2 } else { 1 };
    b.is_empty() || b.get(after_rank).is_some_and(|&c| suit_index(c).is_some())
}

/// A poker rank at the start of `b`: its index and length ("10" is the only two-character one).
fn poker_rank(b: &[u8]) -> Option<(u8, usize)> {
    match b {
        [b'1', b'0', ..] => Some((8, 2)),
        [c, ..] => rank_index(*c).map(|r| (r, 1)),
        [] => None,
    }
}

/// Splits text into cards `rank * 4 + suit`, skipping spaces and commas. `rank` reads a rank
/// at the start of its bytes (its index and length); a suit `cdhs` in any case follows. On
/// failure: the token as written and its byte position. The token is the two characters a card
/// takes (three for "10x", so it is named whole), stopping at a separator: in "AsXsQs" the bad
/// card is "Xs", not "XsQ". Poker and Pan cards share this.
pub(crate) fn tokenize(
    text: &str,
    rank: impl Fn(&[u8]) -> Option<(u8, usize)>,
) -> Result<Vec<u8>, (String, usize)> {
    // Grows as cards are read: a first guess, not a size taken from the input.
    let mut out = Vec::with_capacity(text.len().min(64) / 2);
    scan(text, rank, |c| {
        out.push(c);
        true
    })?;
    Ok(out)
}

/// Up to `N` poker cards from text into an array, without allocating (the card count and the
/// array); `None` when the text holds more than `N` cards or something that is not a card, for
/// the caller to ask [`parse_cards`] why. A single evaluation's fast path.
pub fn parse_cards_upto<const N: usize>(text: &str) -> Option<([u8; N], usize)> {
    let (mut out, mut n) = ([0u8; N], 0);
    let b = text.as_bytes();
    // The dense form ("AhKh2c"), two bytes a card, each pair one load from `PAIR_CODE` with
    // no branch per card: a pair that is no card reads 0xff, whose top bit no code has.
    // Anything else (spaces, "10", a bad token) is read by `scan` below.
    if b.len() <= 2 * N.min(8) {
        if let Some((packed, k)) = dense_cards(b) {
            out[..k].copy_from_slice(&packed.to_le_bytes()[..k]);
            return Some((out, k));
        }
    }
    let all = scan(text, poker_rank, |c| {
        if n == N {
            return false;
        }
        out[n] = c;
        n += 1;
        true
    });
    matches!(all, Ok(true)).then_some((out, n))
}

/// Up to eight cards of text in the dense form ("AhKh2c": two bytes a card, any case, nothing
/// between), packed one byte a card, the first lowest, and how many; `None` for anything else
/// (spaces, "10", a bad token), which [`parse_cards`] reads or names. One load a card and no
/// branch per card: a pair that is no card reads 0xff, whose top bit no code has. The codes
/// stay in a register, where an array written a byte at a time and read back whole would
/// stall the read (a single call is latency, not throughput).
#[inline(always)]
pub fn dense_cards(text: &[u8]) -> Option<(u64, usize)> {
    // Seven cards (a Hold'em hand and its board), the common call, with the count known.
    let packed = match text.len() {
        14 => dense_n::<7>(text),
        n if n.is_multiple_of(2) && n <= 16 => dense_n::<8>(text),
        _ => return None,
    };
    (packed & 0x8080_8080_8080_8080 == 0).then_some((packed, text.len() / 2))
}

/// The code of the card two bytes spell (rank then suit, any case), 0xff for anything else:
/// one load from `PAIR_CODE`.
#[inline(always)]
pub fn pair_code(rank: u8, suit: u8) -> u8 {
    PAIR_CODE[u16::from_le_bytes([rank, suit]) as usize]
}

/// At most `N` pairs of `text` packed (see [`dense_cards`]); a bound known at compile time, so
/// the loop unrolls.
#[inline(always)]
fn dense_n<const N: usize>(text: &[u8]) -> u64 {
    let mut packed = 0u64;
    for (i, pair) in text.chunks_exact(2).take(N).enumerate() {
        let code = PAIR_CODE[u16::from_le_bytes([pair[0], pair[1]]) as usize];
        packed |= (code as u64) << (8 * i);
    }
    packed
}

/// The one reading of card text behind [`tokenize`] and [`parse_cards_upto`]: each card to
/// `push`, which returns `false` to stop (then `Ok(false)`).
fn scan(
    text: &str,
    rank: impl Fn(&[u8]) -> Option<(u8, usize)>,
    mut push: impl FnMut(u8) -> bool,
) -> Result<bool, (String, usize)> {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_whitespace() || b[i] == b',' {
            i += 1;
            continue;
        }
        let card = rank(&b[i..]).and_then(|(r, len)| {
            let s = suit_index(*b.get(i + len)?)?;
            Some((r * 4 + s, len + 1))
        });
        match card {
            Some((c, len)) => {
                if !push(c) {
                    return Ok(false);
                }
                i += len;
            }
            None => {
                let width = if b[i..].starts_with(b"10") { 3 } else { 2 };
                let stop = (i..b.len())
                    .find(|&j| b[j].is_ascii_whitespace() || b[j] == b',')
                    .unwrap_or(b.len())
                    .min(i + width);
                let end = (stop.max(i + 1)..=b.len())
                    .find(|&e| text.is_char_boundary(e))
                    .unwrap_or(b.len());
                return Err((text[i..end].to_string(), i));
            }
        }
    }
    Ok(true)
}

/// A set of distinct cards as a 64-bit mask, bit `code` per card.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CardSet(pub u64);

impl CardSet {
    /// The set of `cards`, refusing a card given twice.
    pub fn from_cards(cards: &[u8]) -> Result<CardSet, CardError> {
        CardSet(0).with_cards(cards)
    }

    /// This set and `cards`, refusing a card given twice or already in the set.
    fn with_cards(self, cards: &[u8]) -> Result<CardSet, CardError> {
        let mut m = self.0;
        for &c in cards {
            if c >= 52 {
                return Err(CardError::BadCode(c as i64));
            }
            if m >> c & 1 == 1 {
                return Err(CardError::Duplicate(c));
            }
            m |= 1 << c;
        }
        Ok(CardSet(m))
    }

    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn contains(self, card: u8) -> bool {
        card < 64 && self.0 >> card & 1 == 1
    }

    /// The cards in increasing code order.
    pub fn cards(self) -> impl Iterator<Item = u8> {
        let mut m = self.0;
        std::iter::from_fn(move || {
            (m != 0).then(|| {
                let c = m.trailing_zeros() as u8;
                m &= m - 1;
                c
            })
        })
    }
}

/// Every five-card hand once, in increasing code order (2,598,960 of them).
pub fn five_card_hands() -> impl Iterator<Item = [u8; 5]> {
    (0..52u8).flat_map(|a| {
        (a + 1..52).flat_map(move |b| {
            (b + 1..52).flat_map(move |c| {
                (c + 1..52).flat_map(move |d| (d + 1..52).map(move |e| [a, b, c, d, e]))
            })
        })
    })
}

/// Refuses a card that appears in two places (hole and board, two players...).
pub fn check_disjoint(parts: &[&[u8]]) -> Result<CardSet, CardError> {
    // Part by part into one set, as if they were one list, with nothing allocated: the Omaha
    // checks run this on every call.
    parts
        .iter()
        .try_fold(CardSet(0), |set, part| set.with_cards(part))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_follow_spec_section_1() {
        assert_eq!(parse_card("2c"), Ok(0));
        assert_eq!(parse_card("As"), Ok(51));
        assert_eq!(parse_card("10d"), parse_card("Td"));
        assert_eq!(parse_card("aH"), parse_card("Ah"));
        for c in 0..52 {
            assert_eq!(parse_card(&card_name(c)), Ok(c));
        }
    }

    #[test]
    fn whole_strings_with_or_without_spaces() {
        assert_eq!(
            parse_cards("AhKd 7c").unwrap(),
            parse_cards("AhKd7c").unwrap()
        );
        assert_eq!(parse_cards("Ah, 10c").unwrap(), vec![50, 32]);
        assert_eq!(parse_cards("").unwrap(), Vec::<u8>::new());
    }

    #[test]
    fn errors_name_the_token() {
        let e = parse_cards("AhXd 7c").unwrap_err();
        assert_eq!(
            e,
            CardError::BadToken {
                token: "Xd".into(),
                at: 2
            }
        );
        assert!(e.to_string().contains("\"Xd\""));
        assert!(parse_cards("Ah7").is_err());
        // Unseparated cards: the bad card is named, not three characters across two cards.
        let named = |t: &str| match parse_cards(t) {
            Err(CardError::BadToken { token, at }) => (token, at),
            other => panic!("{t}: {other:?}"),
        };
        assert_eq!(named("AsXsQsJsTs"), ("Xs".into(), 2));
        assert_eq!(named("As10x"), ("10x".into(), 2));
        assert_eq!(named("AsKx"), ("Kx".into(), 2));
        assert_eq!(named("As1c"), ("1c".into(), 2));
        assert_eq!(parse_cards("10s10h").unwrap(), vec![35, 34]);
        assert!(parse_cards("Ah1c").is_err());
        assert!(parse_cards("Ahé").unwrap_err().to_string().contains('é'));
        assert_eq!(
            CardSet::from_cards(&[1, 2, 1]),
            Err(CardError::Duplicate(1))
        );
        assert_eq!(CardSet::from_cards(&[52]), Err(CardError::BadCode(52)));
    }

    #[test]
    fn card_sets() {
        let s = CardSet::from_cards(&[51, 0, 7]).unwrap();
        assert_eq!(s.len(), 3);
        assert_eq!(s.cards().collect::<Vec<_>>(), vec![0, 7, 51]);
        assert!(s.contains(7) && !s.contains(8) && !s.contains(200));
    }

    #[test]
    fn disjoint_parts_are_checked_as_one_list() {
        // The reference is the parts joined into one list; a card in two parts is a duplicate.
        let mut rng = crate::rng::Rng::new(16, 0);
        let mut refused = 0;
        for _ in 0..20_000 {
            let a: Vec<u8> = (0..rng.below(7)).map(|_| rng.below(54) as u8).collect();
            let b: Vec<u8> = (0..rng.below(7)).map(|_| rng.below(54) as u8).collect();
            let joined: Vec<u8> = a.iter().chain(&b).copied().collect();
            let want = CardSet::from_cards(&joined);
            refused += want.is_err() as u32;
            assert_eq!(check_disjoint(&[&a, &b]), want, "{a:?} {b:?}");
        }
        assert!(refused > 1000 && refused < 19_000, "{refused}");
        assert_eq!(
            check_disjoint(&[&[3], &[4, 3]]),
            Err(CardError::Duplicate(3))
        );
    }
}
