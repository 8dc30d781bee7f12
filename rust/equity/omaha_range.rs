//! Omaha ranges: patterns of ranks, wildcards and cards with a suit shape, rundowns, weights
//! and lists (docs/equity.md, "Omaha ranges"), expanded to the exact hands they hold.
//!
//! An item is one of:
//!
//! - exact hole cards, `AsKsQhJh` (as many as the game deals);
//! - a pattern of as many positions as the game deals, each a rank (`A`...`2`, `T` or `10`),
//!   a card (`As`) or `*` (any card), then optionally a suit shape: `ds` (double-suited: two
//!   suits of two cards each, the rest of other suits alone), `ss` (single-suited: one suit
//!   of two, the rest alone), `r` (rainbow: no two cards of a suit), `ts` (three of one suit,
//!   the rest alone), `m` (every card of one suit). A hand is in the pattern when its cards
//!   can be laid on the positions one to one, each card fitting its position: `AA**` is every
//!   hand with at least two aces, `AA**ds` those of them that are double-suited;
//! - a rundown, `JT98-5432`: both ends patterns of ranks only with the same gaps (and the same
//!   suit shape, if any), and every pattern between them, the ranks stepped down together;
//!   `T987+` is `AKQJ-T987`;
//! - `random` (or `any`): every hand.
//!
//! Items are separated by commas or spaces; `:w` after an item gives its hands weight `w`
//! from 0 to 1, a later item overriding an earlier one for the same hand, as in Hold'em.
use super::range::{each_item, Combo, Range};
use super::EquityError;
use crate::cards::{parse_cards, RANK_CHARS};
use std::collections::BTreeMap;

/// The most hands a range may hold (Omaha 4's `random` is 270,725; Omaha 5's, 2.6 million, is
/// past it: give a narrower range or use Monte Carlo against known cards).
pub const MAX_OMAHA_RANGE: usize = 1_000_000;

/// One position of a pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Slot {
    Rank(u8),
    Card(u8),
    Any,
}

/// A suit shape: the suits' counts, largest first, that a hand must have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    Double,
    Single,
    Rainbow,
    Three,
    Mono,
}

const SHAPES: [(&str, Shape); 5] = [
    ("ds", Shape::Double),
    ("ss", Shape::Single),
    ("ts", Shape::Three),
    ("r", Shape::Rainbow),
    ("m", Shape::Mono),
];

impl Shape {
    /// Whether a hand whose suit counts are `counts` has this shape.
    fn holds(self, counts: [u8; 4]) -> bool {
        let n: u8 = counts.iter().sum();
        let of = |k: u8| counts.iter().filter(|&&c| c == k).count();
        let most = *counts.iter().max().unwrap_or(&0);
        match self {
            Shape::Double => most == 2 && of(2) == 2,
            Shape::Single => most == 2 && of(2) == 1,
            Shape::Rainbow => most <= 1,
            Shape::Three => most == 3 && of(3) == 1,
            Shape::Mono => most == n,
        }
    }
}

fn rank_of(c: char) -> Option<u8> {
    RANK_CHARS
        .iter()
        .position(|&r| r as char == c.to_ascii_uppercase())
        .map(|r| r as u8)
}

fn suit_of(c: char) -> Option<u8> {
    "cdhs".find(c.to_ascii_lowercase()).map(|s| s as u8)
}

/// The positions of `text` (`10` read as `T`), or why not.
fn slots(text: &str) -> Result<Vec<Slot>, String> {
    let text = text.replace("10", "T");
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '*' {
            out.push(Slot::Any);
            i += 1;
        } else if let Some(r) = rank_of(c) {
            match chars.get(i + 1).and_then(|&s| suit_of(s)) {
                Some(s) => {
                    out.push(Slot::Card(r * 4 + s));
                    i += 2;
                }
                None => {
                    out.push(Slot::Rank(r));
                    i += 1;
                }
            }
        } else {
            return Err(format!("{c:?} is not a rank, a card or *"));
        }
    }
    Ok(out)
}

/// A pattern: its positions and shape, `hole` positions long.
fn pattern(text: &str, hole: usize) -> Result<(Vec<Slot>, Option<Shape>), String> {
    let lower = text.to_ascii_lowercase();
    for (suffix, shape) in SHAPES {
        if let Some(body) = lower.strip_suffix(suffix) {
            if let Ok(s) = slots(&text[..body.len()]) {
                if s.len() == hole {
                    return Ok((s, Some(shape)));
                }
            }
        }
    }
    let s = slots(text)?;
    if s.len() != hole {
        return Err(format!(
            "a pattern has {hole} positions (ranks, cards or *), got {}",
            s.len()
        ));
    }
    Ok((s, None))
}

/// Every hand of `hole` cards that fits the positions and the shape, as card masks.
fn expand(
    slots: &[Slot],
    shape: Option<Shape>,
    hole: usize,
    out: &mut Vec<u64>,
) -> Result<(), String> {
    if ways(slots) > 4.0 * MAX_OMAHA_RANGE as f64 {
        return Err(format!(
            "it holds more than {MAX_OMAHA_RANGE} hands: narrow it"
        ));
    }
    expand_all(slots, shape, hole, out);
    Ok(())
}

fn expand_all(slots: &[Slot], shape: Option<Shape>, hole: usize, out: &mut Vec<u64>) {
    // Cards first, then ranks, then wildcards: a hand can be laid on positions in that
    // order greedily only up to the wildcards, so every way is generated and duplicates
    // (a wildcard taking a card a rank position could have had) dropped by mask.
    let mut fixed = 0u64;
    let mut ranks = [0u8; 13];
    let mut any = 0;
    for s in slots {
        match *s {
            Slot::Card(c) => {
                if fixed >> c & 1 == 1 {
                    return; // the same card twice: no hand
                }
                fixed |= 1 << c;
            }
            Slot::Rank(r) => ranks[r as usize] += 1,
            Slot::Any => any += 1,
        }
    }
    let mut found = Vec::new();
    choose_ranks(0, &ranks, fixed, any, &mut found);
    found.retain(|&m| {
        m.count_ones() as usize == hole && shape.is_none_or(|s| s.holds(suit_counts(m)))
    });
    found.sort_unstable();
    found.dedup();
    out.extend(found);
}

/// How many ways [`expand`] would try for these positions (at least the hands it finds).
fn ways(slots: &[Slot]) -> f64 {
    let mut ranks = [0usize; 13];
    let mut any = 0;
    for s in slots {
        match *s {
            Slot::Rank(r) => ranks[r as usize] += 1,
            Slot::Any => any += 1,
            Slot::Card(_) => {}
        }
    }
    let set = slots.len() - any;
    let by_rank: f64 = ranks.iter().map(|&k| choose(4, k)).product();
    by_rank * choose(52 - set, any)
}

fn choose(n: usize, k: usize) -> f64 {
    super::plan::choose(n, k)
}

fn suit_counts(mask: u64) -> [u8; 4] {
    let mut c = [0u8; 4];
    let mut m = mask;
    while m != 0 {
        c[(m.trailing_zeros() & 3) as usize] += 1;
        m &= m - 1;
    }
    c
}

/// Each way to pick `ranks[r]` cards of every rank `r` (not in `used`), then `any` more.
fn choose_ranks(r: usize, ranks: &[u8; 13], used: u64, any: usize, out: &mut Vec<u64>) {
    if r == 13 {
        choose_any(0, any, used, out);
        return;
    }
    let need = ranks[r] as usize;
    if need == 0 {
        choose_ranks(r + 1, ranks, used, any, out);
        return;
    }
    let free: Vec<u8> = (0..4)
        .map(|s| (r * 4 + s) as u8)
        .filter(|&c| used >> c & 1 == 0)
        .collect();
    for pick in subsets(&free, need) {
        choose_ranks(r + 1, ranks, used | pick, any, out);
    }
}

fn choose_any(from: u8, left: usize, used: u64, out: &mut Vec<u64>) {
    if left == 0 {
        out.push(used);
        return;
    }
    for c in from..52 {
        if used >> c & 1 == 0 {
            choose_any(c + 1, left - 1, used | 1 << c, out);
        }
    }
}

/// Every `k`-subset of `cards`, as masks.
fn subsets(cards: &[u8], k: usize) -> Vec<u64> {
    if k == 0 {
        return vec![0];
    }
    let mut out = Vec::new();
    for (i, &c) in cards.iter().enumerate() {
        for rest in subsets(&cards[i + 1..], k - 1) {
            out.push(rest | 1 << c);
        }
    }
    out
}

/// The ranks of a pattern made of ranks only, and its shape.
fn ranks_only(text: &str, hole: usize) -> Result<(Vec<u8>, Option<Shape>), String> {
    let (s, shape) = pattern(text, hole)?;
    let ranks = s
        .iter()
        .map(|x| match x {
            Slot::Rank(r) => Ok(*r),
            _ => Err("each end of a rundown is ranks only, such as JT98".to_string()),
        })
        .collect::<Result<Vec<u8>, String>>()?;
    Ok((ranks, shape))
}

/// `JT98-5432`: the patterns from one end to the other, all ranks stepped together.
fn rundown(top: &str, bottom: &str, hole: usize, out: &mut Vec<u64>) -> Result<(), String> {
    let (a, sa) = ranks_only(top, hole)?;
    let (b, sb) = ranks_only(bottom, hole)?;
    if sa != sb {
        return Err("both ends of a rundown must have the same suit shape".into());
    }
    let gaps = |r: &[u8]| -> Vec<i16> { r.windows(2).map(|w| w[0] as i16 - w[1] as i16).collect() };
    if gaps(&a) != gaps(&b) {
        return Err("both ends of a rundown must have the same gaps (JT98-5432)".into());
    }
    let (hi, lo) = if a[0] >= b[0] { (&a, &b) } else { (&b, &a) };
    for step in 0..=(hi[0] - lo[0]) {
        let s: Vec<Slot> = hi.iter().map(|&r| Slot::Rank(r - step)).collect();
        expand(&s, sa, hole, out)?;
    }
    Ok(())
}

/// `T987+`: the pattern and every one above it with the same gaps, up to an ace on top.
fn raised(body: &str, hole: usize, out: &mut Vec<u64>) -> Result<(), String> {
    let (r, shape) = ranks_only(body, hole)?;
    let top = *r.iter().max().unwrap_or(&12);
    for step in 0..=(12 - top) {
        let s: Vec<Slot> = r.iter().map(|&x| Slot::Rank(x + step)).collect();
        expand(&s, shape, hole, out)?;
    }
    Ok(())
}

/// The hands of one item (without its weight).
fn item_hands(body: &str, hole: usize, out: &mut Vec<u64>) -> Result<(), String> {
    if ["random", "any"]
        .iter()
        .any(|w| body.eq_ignore_ascii_case(w))
    {
        return expand(&vec![Slot::Any; hole], None, hole, out);
    }
    if let Ok(cards) = parse_cards(body) {
        let mask = cards.iter().fold(0u64, |m, &c| m | 1 << c);
        if cards.len() != hole || mask.count_ones() as usize != hole {
            return Err(format!(
                "a hand has {hole} different cards, got {}",
                cards.len()
            ));
        }
        out.push(mask);
        return Ok(());
    }
    if let Some((top, bottom)) = body.split_once('-') {
        return rundown(top, bottom, hole, out);
    }
    if let Some(b) = body.strip_suffix('+') {
        return raised(b, hole, out);
    }
    let (s, shape) = pattern(body, hole)?;
    expand(&s, shape, hole, out)
}

/// Parses an Omaha range of `hole`-card hands (see the module documentation); errors name
/// the offending item.
pub fn parse_omaha_range(text: &str, hole: usize) -> Result<Range, EquityError> {
    let mut weights: BTreeMap<u64, f64> = BTreeMap::new();
    let mut hands = Vec::new();
    each_item(text, "Omaha range", "\"AA**ds, KKQQ\"", |body, weight| {
        hands.clear();
        item_hands(body, hole, &mut hands)?;
        if hands.is_empty() {
            return Err("no hand fits it".to_string());
        }
        for &m in &hands {
            weights.insert(m, weight);
        }
        // After each item, so the hands held never pass the bound by more than one item's.
        if weights.len() > MAX_OMAHA_RANGE {
            return Err(format!(
                "the range holds more than {MAX_OMAHA_RANGE} hands with it: narrow it"
            ));
        }
        Ok(())
    })?;
    let combos: Vec<Combo> = weights
        .iter()
        .filter(|(_, &w)| w > 0.0)
        .map(|(&m, &w)| {
            let cards: Vec<u8> = (0..52u8).filter(|&c| m >> c & 1 == 1).collect();
            Combo::new(&cards, w)
        })
        .collect();
    Range::of(text, combos)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(text: &str) -> usize {
        parse_omaha_range(text, 4).unwrap().combos().len()
    }

    #[test]
    fn hand_counted_sizes() {
        // At least two aces: exactly two, C(4,2) x C(48,2) = 6 x 1128 = 6768; exactly three,
        // 4 x 48 = 192; all four, 1: 6961.
        assert_eq!(count("AA**"), 6961);
        // AA**ds: three or four aces take three or four suits, which no fourth card makes
        // 2+2, so exactly two aces, in suits a and b (6 ways); the two other cards must be
        // one of suit a and one of suit b (both in a third suit is 2+1+1, one in a third
        // suit is 2+1+1, both in a is 3+1): 12 x 12 non-aces, 6 x 144 = 864.
        assert_eq!(count("AA**ds"), 864);
        // AAKK: 6 x 6 = 36. The kings' two suits are the aces' two (ds, 1 of 6 king pairs),
        // the other two (r, 1), or share one (ss, 4): 6 x 1, 6 x 1, 6 x 4.
        assert_eq!(count("AAKK"), 36);
        assert_eq!(count("AAKKds"), 6);
        assert_eq!(count("AAKKr"), 6);
        assert_eq!(count("AAKKss"), 24);
        for none in ["AAKKm", "AAKKts"] {
            assert!(
                parse_omaha_range(none, 4).is_err(),
                "{none}: no hand fits it"
            );
        }
        // Four different ranks: 4^4 = 256 = r 4! (24) + m 4 + ts C(4,3) x 4 x 3 (48) + ss
        // C(4,2) x 4 x 3 x 2 (144) + ds 3 pairings x 4 x 3 (36).
        assert_eq!(count("JT98"), 256);
        for (shape, n) in [("r", 24), ("m", 4), ("ts", 48), ("ss", 144), ("ds", 36)] {
            assert_eq!(count(&format!("JT98{shape}")), n, "{shape}");
        }
        // Rundowns JT98 down to 5432: 7 patterns of 256; double-suited, 7 x 36.
        assert_eq!(count("JT98-5432"), 7 * 256);
        assert_eq!(count("JT98ds-5432ds"), 7 * 36);
        assert_eq!(count("T987+"), 5 * 256); // T987, J..., Q..., K..., AKQJ
                                             // At least one ace: C(52,4) - C(48,4) = 270725 - 194580.
        assert_eq!(count("A***"), 76_145);
        assert_eq!(count("random"), 270_725);
        assert_eq!(count("AsKs**"), 1225); // C(50, 2)
        assert_eq!(count("AsKsQhJh"), 1);
        // AAKKds is in both.
        assert_eq!(count("AA**ds, AAKK"), 864 + 36 - 6);
        // Omaha 5, AA***ds is 2+2+1. Exactly two aces (suits a, b; 6 ways) and three others:
        // one more in a and in b and one in c or d (12 x 12 x 24 = 3456), or one more in a
        // and two in c or in d (12 x 66 x 2 = 1584), or the same with b (1584): 6624 each.
        // Three aces (4 ways): one more in two of their three suits (3 x 12 x 12 = 432).
        let five = parse_omaha_range("AA***ds", 5).unwrap().combos().len();
        assert_eq!(five, 6 * 6624 + 4 * 432);
    }

    #[test]
    fn weights_and_errors() {
        let r = parse_omaha_range("AA**:0.5, AAKK", 4).unwrap();
        let full = r.combos().iter().filter(|c| c.weight == 1.0).count();
        assert_eq!((r.combos().len(), full), (6961, 36));
        for bad in [
            "AA*",
            "AAKKQ",
            "AAKKx",
            "JT98-543",
            "JT98-5433",
            "JT98ds-5432",
            "AA**:2",
            "",
            "AsAs**",
            "AsKsQh",
            "AAAAA",
            "A*-2*",
            "KK**:0",
        ] {
            let e = parse_omaha_range(bad, 4).unwrap_err();
            assert!(matches!(e, EquityError::Range(_)), "{bad}: {e}");
        }
        assert!(parse_omaha_range("random", 6).is_err(), "20 million hands");
        let e = parse_omaha_range("AAKKx", 4).unwrap_err().to_string();
        assert!(e.contains("\"AAKKx\""), "{e}");
    }
}
