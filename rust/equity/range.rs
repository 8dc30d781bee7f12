//! Hold'em ranges and what a player holds.
use super::omaha_range::parse_omaha_range;
use super::{EquityError, Game};
use crate::cards::{card_name, may_be_cards, parse_cards, RANK_CHARS};
use crate::limits::quoted;
// Ranges

/// One hand of a range (two cards in Hold'em, four to six in Omaha), cards in decreasing
/// code order, with its weight.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Combo {
    mask: u64,
    cards: [u8; 6],
    len: u8,
    pub weight: f64,
}

impl Combo {
    /// The hand of `cards` (at most six, distinct, below 52: the parsers' output).
    pub(crate) fn new(cards: &[u8], weight: f64) -> Combo {
        let mut c = [0u8; 6];
        c[..cards.len()].copy_from_slice(cards);
        c[..cards.len()].sort_unstable_by(|a, b| b.cmp(a));
        Combo {
            mask: cards.iter().fold(0, |m, &x| m | 1 << x),
            cards: c,
            len: cards.len() as u8,
            weight,
        }
    }

    /// The Hold'em hand of `hi` and `lo` (`hi > lo`, both below 52): [`Combo::new`] without
    /// the sort, for cards already in order.
    fn holdem(hi: u8, lo: u8, weight: f64) -> Combo {
        Combo {
            mask: 1 << hi | 1 << lo,
            cards: [hi, lo, 0, 0, 0, 0],
            len: 2,
            weight,
        }
    }

    /// The cards, highest code first.
    pub fn cards(&self) -> &[u8] {
        &self.cards[..self.len as usize]
    }

    /// The cards as a set: bit `code` for each.
    pub fn mask(&self) -> u64 {
        self.mask
    }
}

/// A weighted set of Hold'em hands in the usual notation: pairs `QQ`, `QQ+`, `QQ-99`; suited
/// and offsuit `AKs`, `AKo`, `AK` (both), `AQs+` (raise the kicker up to one below the top
/// card), `T9s-76s` (same gap), `A5s-A2s` (same top card); exact hands `AhKh`; `random` or
/// `any` for every hand. Items are separated by commas or spaces; `:w` after an item gives it
/// weight `w` from 0 to 1 (default 1; a later item overrides an earlier one for the same hand).
#[derive(Debug, Clone, PartialEq)]
pub struct Range {
    pub(crate) text: String,
    pub(crate) combos: Vec<Combo>,
}

fn combo_index(a: u8, b: u8) -> usize {
    let (hi, lo) = if a > b { (a, b) } else { (b, a) };
    hi as usize * (hi as usize - 1) / 2 + lo as usize
}

/// The two cards of each `combo_index`, higher first.
static COMBO_CARDS: [[u8; 2]; 1326] = {
    let mut t = [[0u8; 2]; 1326];
    let (mut hi, mut i) = (1u8, 0);
    while hi < 52 {
        let mut lo = 0u8;
        while lo < hi {
            t[i] = [hi, lo];
            (lo, i) = (lo + 1, i + 1);
        }
        hi += 1;
    }
    t
};

fn rank_of_char(c: char) -> Option<u8> {
    RANK_CHARS
        .iter()
        .position(|&r| r as char == c.to_ascii_uppercase())
        .map(|r| r as u8)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Suitedness {
    Pair,
    Suited,
    Offsuit,
    Any,
}

/// `AKs` -> (12, 11, Suited): top rank first.
fn hand_class(s: &str) -> Option<(u8, u8, Suitedness)> {
    let mut ch = s.chars();
    let (a, b) = (rank_of_char(ch.next()?)?, rank_of_char(ch.next()?)?);
    let kind = match ch.next().map(|c| c.to_ascii_lowercase()) {
        None => Suitedness::Any,
        Some('s') => Suitedness::Suited,
        Some('o') => Suitedness::Offsuit,
        Some(_) => return None,
    };
    if ch.next().is_some() {
        return None;
    }
    if a == b {
        return (kind == Suitedness::Any).then_some((a, b, Suitedness::Pair));
    }
    Some((a.max(b), a.min(b), kind))
}

fn class_combos(hi: u8, lo: u8, kind: Suitedness, out: &mut Vec<[u8; 2]>) {
    for s1 in 0..4u8 {
        for s2 in 0..4u8 {
            let (c1, c2) = (hi * 4 + s1, lo * 4 + s2);
            let keep = match kind {
                Suitedness::Pair => s1 < s2,
                Suitedness::Suited => s1 == s2,
                Suitedness::Offsuit => s1 != s2,
                Suitedness::Any => true,
            };
            if keep {
                out.push([c1.max(c2), c1.min(c2)]);
            }
        }
    }
}

/// The hands of a starting-hand class of the 13 x 13 grid: a pair `QQ` (6), suited `AKs` (4)
/// or offsuit `AKo` (12), higher card first; `None` for any other name (`AK` included).
pub(crate) fn class_hands(name: &str) -> Option<Vec<[u8; 2]>> {
    let (hi, lo, kind) = hand_class(name)?;
    if kind == Suitedness::Any {
        return None;
    }
    let mut out = Vec::with_capacity(12);
    class_combos(hi, lo, kind, &mut out);
    Some(out)
}

fn unknown_class() -> String {
    "expected a hand class such as QQ, AKs, AKo, AK, QQ+, AQs+, T9s-76s, \
     or two cards such as AhKh"
        .to_string()
}

/// `QQ-99`, `A5s-A2s` (same top card) or `T9s-76s` (same gap).
fn expand_dash(top: &str, bottom: &str, out: &mut Vec<[u8; 2]>) -> Result<(), String> {
    let (a1, b1, k1) = hand_class(top).ok_or_else(unknown_class)?;
    let (a2, b2, k2) = hand_class(bottom).ok_or_else(unknown_class)?;
    if k1 != k2 {
        return Err("both ends of a dash range must be the same kind".into());
    }
    if k1 == Suitedness::Pair {
        for r in a1.min(a2)..=a1.max(a2) {
            class_combos(r, r, k1, out);
        }
    } else if a1 == a2 {
        for kicker in b1.min(b2)..=b1.max(b2) {
            class_combos(a1, kicker, k1, out);
        }
    } else if a1 - b1 == a2 - b2 {
        let gap = a1 - b1;
        for top in a1.min(a2)..=a1.max(a2) {
            class_combos(top, top - gap, k1, out);
        }
    } else {
        return Err("the two ends must share the top card (A5s-A2s) or the gap \
                    (T9s-76s)"
            .into());
    }
    Ok(())
}

/// Each item of a range's `text` (split at commas and spaces) given to `add` with its weight
/// (`ITEM:W`, 1 without one). An error, `add`'s own included, names the item, and a text
/// without items is refused with an `example`; `kind` names the range in the messages.
pub(super) fn each_item(
    text: &str,
    kind: &str,
    example: &str,
    mut add: impl FnMut(&str, f64) -> Result<(), String>,
) -> Result<(), EquityError> {
    let mut any = false;
    for item in text.split(|c: char| c == ',' || c.is_whitespace()) {
        if item.is_empty() {
            continue;
        }
        any = true;
        let (body, weight) = match item.split_once(':') {
            None => (item, Some(1.0)),
            Some((b, w)) => (b, w.parse::<f64>().ok().filter(|w| (0.0..=1.0).contains(w))),
        };
        let added = match weight {
            Some(weight) => add(body, weight),
            None => Err("the weight after ':' must be a number from 0 to 1".to_string()),
        };
        added.map_err(|why| {
            EquityError::Range(format!("invalid {kind} item {}: {why}", quoted(item)))
        })?;
    }
    if !any {
        return Err(EquityError::Range(format!(
            "empty range {}: give hands such as {example}",
            quoted(text)
        )));
    }
    Ok(())
}

impl Range {
    /// Parses the notation described on [`Range`]; errors name the offending item.
    pub fn parse(text: &str) -> Result<Range, EquityError> {
        // Each hand's weight by `combo_index`, and a bit for each hand an item names: arrays on
        // the stack and a walk over the named hands at the end. A call answered in
        // microseconds (a hand against a range on the river) spent most of them here.
        let mut weights = [0.0; 1326];
        let mut named = [0u64; 1326usize.div_ceil(64)];
        let mut hands = Vec::with_capacity(64);
        each_item(text, "range", "\"QQ+, AKs\"", |body, weight| {
            hands.clear();
            Self::expand(body, &mut hands)?;
            for &[a, b] in &hands {
                let i = combo_index(a, b);
                weights[i] = weight;
                named[i / 64] |= 1 << (i % 64);
            }
            Ok(())
        })?;
        Self::of(text, Self::weighted(&weights, &named))
    }

    /// The range of `text` holding `combos` (expanded already), refused when every hand has
    /// weight 0.
    pub(super) fn of(text: &str, combos: Vec<Combo>) -> Result<Range, EquityError> {
        if combos.is_empty() {
            return Err(EquityError::Range(format!(
                "range {} gives every hand weight 0",
                quoted(text)
            )));
        }
        Ok(Range {
            text: text.trim().to_string(),
            combos,
        })
    }

    /// The named hands of positive weight, higher card first, in `combo_index` order (the
    /// high card up and, within it, the low card up).
    fn weighted(weights: &[f64; 1326], named: &[u64; 21]) -> Vec<Combo> {
        let mut combos = Vec::with_capacity(named.iter().map(|w| w.count_ones() as usize).sum());
        for (k, &word) in named.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let i = 64 * k + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if weights[i] > 0.0 {
                    let [hi, lo] = COMBO_CARDS[i];
                    combos.push(Combo::holdem(hi, lo, weights[i]));
                }
            }
        }
        combos
    }

    fn expand(body: &str, out: &mut Vec<[u8; 2]>) -> Result<(), String> {
        let every = ["random", "any", "xx", "*", "100%"];
        if every.iter().any(|w| body.eq_ignore_ascii_case(w)) {
            for hi in 1..52u8 {
                for lo in 0..hi {
                    out.push([hi, lo]);
                }
            }
            return Ok(());
        }
        if let Some(Ok(cards)) = may_be_cards(body).then(|| parse_cards(body)) {
            return match cards.as_slice() {
                [a, b] if a != b => {
                    out.push([*a.max(b), *a.min(b)]);
                    Ok(())
                }
                [_, _] => Err("the same card twice".into()),
                c => Err(format!("a hand has 2 cards, got {}", c.len())),
            };
        }
        let body = if body.contains("10") {
            std::borrow::Cow::Owned(body.replace("10", "T"))
        } else {
            std::borrow::Cow::Borrowed(body)
        };
        if let Some((top, bottom)) = body.split_once('-') {
            return expand_dash(top, bottom, out);
        }
        let (core, plus) = match body.strip_suffix('+') {
            Some(c) => (c, true),
            None => (&*body, false),
        };
        let (a, b, kind) = hand_class(core).ok_or_else(unknown_class)?;
        match (kind, plus) {
            (Suitedness::Pair, true) => (a..13).for_each(|r| class_combos(r, r, kind, out)),
            (_, true) => (b..a).for_each(|k| class_combos(a, k, kind, out)),
            (_, false) => class_combos(a, b, kind, out),
        }
        Ok(())
    }

    /// The text the range was parsed from.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Every hand of the range with a positive weight, in a fixed order.
    pub fn combos(&self) -> &[Combo] {
        &self.combos
    }
}

// ---------------------------------------------------------------------------------------------
// Questions and options

/// What one player holds: known cards, or (Hold'em only) a range of hands.
#[derive(Debug, Clone, PartialEq)]
pub enum Holding {
    Cards(Vec<u8>),
    Range(Range),
}

impl Holding {
    /// Reads one player's text: cards (`"AhKd"`, stud `"AsKd 7c"`), or in Hold'em a range.
    /// `player` (0-based) only names the player in errors.
    pub fn parse(game: Game, text: &str, player: usize) -> Result<Holding, EquityError> {
        if game == Game::Holdem && !may_be_cards(text) {
            // No cards (a range such as "QQ+"): read as a range, as below when the cards fail.
            return Range::parse(text)
                .map(Holding::Range)
                .map_err(|e| EquityError::Range(format!("player {}: {e}", player + 1)));
        }
        let cards = parse_cards(text);
        if let Ok(c) = &cards {
            if game != Game::Holdem || c.len() == 2 {
                return Ok(Holding::Cards(c.clone()));
            }
        }
        if game == Game::Holdem {
            return match Range::parse(text) {
                Ok(r) => Ok(Holding::Range(r)),
                // Cards of the wrong count: the count check says it better.
                Err(_) if cards.is_ok() => Ok(Holding::Cards(cards.unwrap_or_default())),
                Err(e) => Err(EquityError::Range(format!("player {}: {e}", player + 1))),
            };
        }
        if let Game::Omaha { hole, .. } = game {
            return match cards {
                Ok(c) => Ok(Holding::Cards(c)),
                Err(_) => match parse_omaha_range(text, hole as usize) {
                    Ok(r) => Ok(Holding::Range(r)),
                    Err(e) => Err(EquityError::Range(format!("player {}: {e}", player + 1))),
                },
            };
        }
        match cards {
            Ok(c) => Ok(Holding::Cards(c)),
            Err(_) if Range::parse(text).is_ok() => Err(EquityError::Game(format!(
                "player {} gave the range {}, but ranges are for Hold'em and Omaha only; \
                 give the {} cards",
                player + 1,
                quoted(text),
                game.name()
            ))),
            Err(e) => Err(EquityError::Cards(format!("player {}: {e}", player + 1))),
        }
    }

    /// Cards as text ("AhKh"), or the range as given.
    pub fn describe(&self) -> String {
        match self {
            Holding::Cards(c) => c.iter().map(|&c| card_name(c)).collect(),
            Holding::Range(r) => r.text.clone(),
        }
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn combo_cards_invert_combo_index() {
        for (i, &[hi, lo]) in COMBO_CARDS.iter().enumerate() {
            assert!(lo < hi && hi < 52);
            assert_eq!(combo_index(hi, lo), i);
        }
    }

    #[test]
    fn ranges_parse() {
        let n = |s: &str| Range::parse(s).unwrap().combos().len();
        assert_eq!(n("QQ+"), 18);
        assert_eq!(n("AKs"), 4);
        assert_eq!(n("AKo"), 12);
        assert_eq!(n("AK"), 16);
        assert_eq!(n("AQo+"), 24);
        assert_eq!(n("T9s-76s"), 16);
        assert_eq!(n("A5s-A2s"), 16);
        assert_eq!(n("QQ-99"), 24);
        assert_eq!(n("AhKh"), 1);
        assert_eq!(n("random"), 1326);
        assert_eq!(n("QQ+, AKs, AQo+, T9s-76s, AhKh"), 18 + 4 + 24 + 16);
        assert_eq!(n("AA, KK, AA:0"), 6);
        let r = Range::parse("AKs:0.5, AhKh").unwrap();
        assert_eq!(r.combos().iter().filter(|c| c.weight == 0.5).count(), 3);
        for bad in [
            "AKx", "QQs", "T9s-75s", "AK:-1", "AK:2", "AK:nan", "", "AhAh", "Ah", "AA:0", "-",
            "A-K", "AKs-AQo",
        ] {
            let e = Range::parse(bad).unwrap_err();
            assert!(matches!(e, EquityError::Range(_)), "{bad}: {e}");
        }
    }
}
