//! Equity: how often each player wins, by exact enumeration of every remaining deal or by
//! Monte Carlo (spec/poker.md §1, §2, §6).
//!
//! Games ([`Game`]): Texas Hold'em; Omaha with 4, 5 or 6 hole cards, high only or Hi/Lo 8 or
//! better; Crazy Pineapple and Crazy Pineapple 8/b *after the discard* (each player keeps two
//! cards; before the discard the outcome depends on a choice not yet made, so that is refused);
//! Seven Card Stud and Stud Hi/Lo (each player's known up and down cards, the rest of the seven
//! dealt from what is left; when the deck cannot give everyone a seventh card, one community
//! card is dealt instead, spec/poker.md §4.2). A Hold'em player may hold a range ([`Range`]:
//! `"QQ+, AKs, AQo+, T9s-76s, AhKh, AJs:0.5"`); ranges remove each other's cards.
//!
//! # Shares
//!
//! Each deal splits one pot. High only: the best high hands share it equally. Hi/Lo: half to
//! the best high, half to the best 8-or-better low, all of it to the high when no low qualifies;
//! tied hands share their half (spec/poker.md §6). For each player, over all deals:
//!
//! - `equity`: the expected share of the pot; the players' equities sum to 1;
//! - `win`: how often the player takes the whole pot alone (in hi/lo, a scoop);
//! - `tie`: how often the player takes part of the pot, but not all of it;
//! - `high`, `low`: the expected share won with the high hand and with the low hand, so
//!   `equity = high + low`; `low` is 0 on a deal where no low qualifies;
//! - `scoop`: the same as `win` (the hi/lo word for it);
//! - `quarter`: how often the player ties for the low with exactly one other player (that low
//!   half is split in two: a quarter of the pot).
//!
//! # Exact enumeration and Monte Carlo
//!
//! Exact enumeration walks every completion of the deal (and, with ranges, every compatible
//! choice of hands, weighted by the product of the weights), updating partial [`HandKey`]s as
//! it goes: one key addition and one table lookup per player per deal in Hold'em, and on the
//! last board card one lookup for all the cards of a rank that complete no flush. Omaha high
//! uses a rank table, best non-flush hand by (hole-pair ranks, board ranks), built once on
//! first use, and checks flushes only when three board cards share a suit. Monte Carlo deals
//! random completions (and hands from the ranges, by rejection, which keeps the joint
//! distribution exact under card removal). The work is cut into units (board prefixes, or
//! chunks of [`MC_CHUNK`] samples whose random stream is seeded by `(seed, chunk index)`),
//! run in parallel with rayon and folded in unit order, so a seed gives the same answer on any
//! number of threads. [`Run::step`] does a bounded slice of work so a caller can stop between
//! slices (the Python binding releases the GIL for each slice and checks for Ctrl-C between).
//!
//! Everything reachable from a [`Question`] is validated in [`Run::new`]; card codes are
//! checked before any table is indexed, so no input makes this module panic.
#![allow(clippy::needless_range_loop)] // hot loops index several per-player arrays in step

use std::fmt;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::cards::{card_name, parse_cards, RANK_CHARS};
use crate::high::{omaha_rank_strength, HandKey};
use crate::low;
use crate::rng::{Rng, SplitMix64};

/// The most players one deck serves in any supported game (Hold'em: 23 × 2 + 5 = 51 cards).
pub const MAX_PLAYERS: usize = 23;
/// Monte Carlo samples per unit of work; unit `i` draws from its own stream seeded by
/// `(seed, i)`.
pub const MC_CHUNK: u64 = 1 << 14;
/// Samples when Monte Carlo is chosen and neither a count nor a time budget is given.
pub const DEFAULT_SAMPLES: u64 = 1_000_000;
/// Automatic mode enumerates exactly when it costs at most this many hand evaluations.
pub const AUTO_EXACT_EVALS: f64 = 1.2e8;
/// Exact enumeration is refused above this many deals (it would take many minutes).
pub const MAX_EXACT_DEALS: f64 = 2e11;
/// Exact enumeration lists the compatible range assignments; at most this many.
const MAX_ASSIGNMENTS: f64 = 4e6;
/// Target deals per unit of exact work.
const UNIT_DEALS: f64 = 20_000.0;
/// At most this many worker threads.
pub const MAX_THREADS: usize = 1024;
/// Monte Carlo gives up on a deal after this many rejected range draws in a row.
const MAX_REJECTIONS: u32 = 1_000_000;

// ---------------------------------------------------------------------------------------------
// Errors

/// Why an equity question was refused. `Cards` problems (bad or repeated cards, wrong counts)
/// become `InvalidCards` in Python, the rest `EquityError`; every message names the problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EquityError {
    /// A card that cannot be parsed, is given twice, or a hand with the wrong number of cards.
    Cards(String),
    /// An unknown game, or something the game does not allow (a range outside Hold'em, Crazy
    /// Pineapple before the discard).
    Game(String),
    /// A range that cannot be parsed, or that leaves a player no possible hand.
    Range(String),
    /// Options that do not make sense (no samples, exact with a time budget, too large...).
    Options(String),
}

impl EquityError {
    pub fn is_card_error(&self) -> bool {
        matches!(self, EquityError::Cards(_))
    }
}

impl fmt::Display for EquityError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (EquityError::Cards(m)
        | EquityError::Game(m)
        | EquityError::Range(m)
        | EquityError::Options(m)) = self;
        f.write_str(m)
    }
}

impl std::error::Error for EquityError {}

// ---------------------------------------------------------------------------------------------
// Games

/// A game equity can be computed for (spec/poker.md §2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Game {
    Holdem,
    /// Omaha with `hole` = 4, 5 or 6 cards; exactly two hole and three board cards.
    Omaha {
        hole: u8,
        hilo: bool,
    },
    /// After the discard: two hole cards, best five of seven.
    CrazyPineapple {
        hilo: bool,
    },
    /// Seven cards each, best five; no board.
    Stud {
        hilo: bool,
    },
}

/// Every game code [`Game::parse`] accepts (aliases aside).
pub const GAME_CODES: [&str; 11] = [
    "holdem",
    "omaha",
    "omaha5",
    "omaha6",
    "omaha8",
    "omaha5-8",
    "omaha6-8",
    "crazy-pineapple",
    "crazy-pineapple8",
    "stud",
    "stud8",
];

impl Game {
    /// A game by code (see [`GAME_CODES`]) or common alias, any case; `_` and spaces count
    /// as `-`.
    pub fn parse(name: &str) -> Result<Game, EquityError> {
        let key = name.trim().to_ascii_lowercase().replace(['_', ' '], "-");
        let code = match key.as_str() {
            "nt" | "ft" | "texas-holdem" | "hold'em" | "texas-hold'em" | "nlhe" | "lhe" => "holdem",
            "plo" | "po" | "omaha-hi" => "omaha",
            "o8" | "omaha-hi-lo" | "omaha-8" | "fo/8" | "omaha-hilo" | "plo8" | "omaha/8" => {
                "omaha8"
            }
            "plo5" => "omaha5",
            "plo6" => "omaha6",
            "pineapple" => "crazy-pineapple",
            "crazy-pineapple-8" | "crazy-pineapple-hilo" | "crazy-pineapple-hi-lo" => {
                "crazy-pineapple8"
            }
            "seven-card-stud" | "7-card-stud" | "7cs" | "stud-hi" => "stud",
            "stud-8" | "stud-hi-lo" | "stud-hilo" | "stud/8" | "seven-card-stud-hi-lo" | "7cs8" => {
                "stud8"
            }
            other => other,
        };
        Ok(match code {
            "holdem" => Game::Holdem,
            "omaha" => Game::Omaha {
                hole: 4,
                hilo: false,
            },
            "omaha5" => Game::Omaha {
                hole: 5,
                hilo: false,
            },
            "omaha6" => Game::Omaha {
                hole: 6,
                hilo: false,
            },
            "omaha8" => Game::Omaha {
                hole: 4,
                hilo: true,
            },
            "omaha5-8" => Game::Omaha {
                hole: 5,
                hilo: true,
            },
            "omaha6-8" => Game::Omaha {
                hole: 6,
                hilo: true,
            },
            "crazy-pineapple" => Game::CrazyPineapple { hilo: false },
            "crazy-pineapple8" => Game::CrazyPineapple { hilo: true },
            "stud" => Game::Stud { hilo: false },
            "stud8" => Game::Stud { hilo: true },
            _ => {
                return Err(EquityError::Game(format!(
                    "unknown game {name:?}; choose one of {}",
                    GAME_CODES.join(", ")
                )))
            }
        })
    }

    /// The canonical code, as in [`GAME_CODES`].
    pub fn code(self) -> &'static str {
        match self {
            Game::Holdem => "holdem",
            Game::Omaha { hole, hilo } => {
                GAME_CODES[1 + (hole as usize).saturating_sub(4).min(2) + 3 * hilo as usize]
            }
            Game::CrazyPineapple { hilo } => GAME_CODES[7 + hilo as usize],
            Game::Stud { hilo } => GAME_CODES[9 + hilo as usize],
        }
    }

    /// The name spec/poker.md §2 uses: "Omaha Hi/Lo 8 or Better (5 cards)".
    pub fn name(self) -> String {
        match self {
            Game::Holdem => "Texas Hold'em".into(),
            Game::Omaha { hole, hilo } => {
                let base = if hilo {
                    "Omaha Hi/Lo 8 or Better"
                } else {
                    "Omaha"
                };
                if hole == 4 {
                    base.into()
                } else {
                    format!("{base} ({hole} cards)")
                }
            }
            Game::CrazyPineapple { hilo: false } => "Crazy Pineapple".into(),
            Game::CrazyPineapple { hilo: true } => "Crazy Pineapple 8/b".into(),
            Game::Stud { hilo: false } => "Seven Card Stud".into(),
            Game::Stud { hilo: true } => "Seven Card Stud Hi/Lo".into(),
        }
    }

    /// Whether the pot is split between the best high and the best 8-or-better low.
    pub fn is_hilo(self) -> bool {
        match self {
            Game::Holdem => false,
            Game::Omaha { hilo, .. } | Game::CrazyPineapple { hilo } | Game::Stud { hilo } => hilo,
        }
    }

    fn is_omaha(self) -> bool {
        matches!(self, Game::Omaha { .. })
    }
}

// ---------------------------------------------------------------------------------------------
// Ranges

/// One two-card Hold'em hand of a range, cards in decreasing code order, with its weight.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Combo {
    pub cards: [u8; 2],
    pub weight: f64,
}

impl Combo {
    fn mask(&self) -> u64 {
        1 << self.cards[0] | 1 << self.cards[1]
    }
}

/// A weighted set of Hold'em hands in the usual notation: pairs `QQ`, `QQ+`, `QQ-99`; suited
/// and offsuit `AKs`, `AKo`, `AK` (both), `AQs+` (raise the kicker up to one below the top
/// card), `T9s-76s` (same gap), `A5s-A2s` (same top card); exact hands `AhKh`; `random` or
/// `any` for every hand. Items are separated by commas or spaces; `:w` after an item gives it
/// weight `w` from 0 to 1 (default 1; a later item overrides an earlier one for the same hand).
#[derive(Debug, Clone, PartialEq)]
pub struct Range {
    text: String,
    combos: Vec<Combo>,
}

fn combo_index(a: u8, b: u8) -> usize {
    let (hi, lo) = if a > b { (a, b) } else { (b, a) };
    hi as usize * (hi as usize - 1) / 2 + lo as usize
}

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
    let ch: Vec<char> = s.chars().collect();
    let (a, b) = (rank_of_char(*ch.first()?)?, rank_of_char(*ch.get(1)?)?);
    let kind = match ch.get(2).map(|c| c.to_ascii_lowercase()) {
        None => Suitedness::Any,
        Some('s') => Suitedness::Suited,
        Some('o') => Suitedness::Offsuit,
        Some(_) => return None,
    };
    if ch.len() > 3 {
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

impl Range {
    /// Parses the notation described on [`Range`]; errors name the offending item.
    pub fn parse(text: &str) -> Result<Range, EquityError> {
        let mut weights: Vec<Option<f64>> = vec![None; 1326];
        let mut any = false;
        for item in text.split(|c: char| c == ',' || c.is_whitespace()) {
            if item.is_empty() {
                continue;
            }
            any = true;
            let bad = |why: &str| EquityError::Range(format!("invalid range item {item:?}: {why}"));
            let (body, weight) = match item.split_once(':') {
                None => (item, 1.0),
                Some((b, w)) => match w.parse::<f64>() {
                    Ok(w) if (0.0..=1.0).contains(&w) => (b, w),
                    _ => return Err(bad("the weight after ':' must be a number from 0 to 1")),
                },
            };
            let mut hands = Vec::new();
            Self::expand(body, &mut hands).map_err(|why| bad(&why))?;
            for [a, b] in hands {
                weights[combo_index(a, b)] = Some(weight);
            }
        }
        if !any {
            return Err(EquityError::Range(format!(
                "empty range {text:?}: give hands such as \"QQ+, AKs\""
            )));
        }
        let mut combos = Vec::new();
        for hi in 1..52u8 {
            for lo in 0..hi {
                if let Some(w) = weights[combo_index(hi, lo)] {
                    if w > 0.0 {
                        combos.push(Combo {
                            cards: [hi, lo],
                            weight: w,
                        });
                    }
                }
            }
        }
        if combos.is_empty() {
            return Err(EquityError::Range(format!(
                "range {text:?} gives every hand weight 0"
            )));
        }
        Ok(Range {
            text: text.trim().to_string(),
            combos,
        })
    }

    fn expand(body: &str, out: &mut Vec<[u8; 2]>) -> Result<(), String> {
        let lower = body.to_ascii_lowercase();
        if matches!(lower.as_str(), "random" | "any" | "xx" | "*" | "100%") {
            for hi in 1..52u8 {
                for lo in 0..hi {
                    out.push([hi, lo]);
                }
            }
            return Ok(());
        }
        if let Ok(cards) = parse_cards(body) {
            return match cards.as_slice() {
                [a, b] if a != b => {
                    out.push([*a.max(b), *a.min(b)]);
                    Ok(())
                }
                [_, _] => Err("the same card twice".into()),
                c => Err(format!("a hand has 2 cards, got {}", c.len())),
            };
        }
        let body = body.replace("10", "T");
        let unknown = || {
            "expected a hand class such as QQ, AKs, AKo, AK, QQ+, AQs+, T9s-76s, \
             or two cards such as AhKh"
                .to_string()
        };
        if let Some((top, bottom)) = body.split_once('-') {
            let (a1, b1, k1) = hand_class(top).ok_or_else(unknown)?;
            let (a2, b2, k2) = hand_class(bottom).ok_or_else(unknown)?;
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
            return Ok(());
        }
        let (core, plus) = match body.strip_suffix('+') {
            Some(c) => (c, true),
            None => (body.as_str(), false),
        };
        let (a, b, kind) = hand_class(core).ok_or_else(unknown)?;
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
        match cards {
            Ok(c) => Ok(Holding::Cards(c)),
            Err(_) if Range::parse(text).is_ok() => Err(EquityError::Game(format!(
                "player {} gave the range {text:?}, but ranges are for Texas Hold'em only; \
                 give the {} cards",
                player + 1,
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

/// Who holds what, what is on the board and what is dead.
#[derive(Debug, Clone, PartialEq)]
pub struct Question {
    pub game: Game,
    pub players: Vec<Holding>,
    pub board: Vec<u8>,
    pub dead: Vec<u8>,
}

/// How to answer. `exact: None` enumerates exactly when that is cheap (and no samples or time
/// budget is given), Monte Carlo otherwise. Monte Carlo stops after `samples` deals or after
/// `time_limit` seconds, whichever comes first (default [`DEFAULT_SAMPLES`]). `seed: None`
/// picks one from the clock (reported in the result). `threads: None` uses rayon's pool.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Options {
    pub exact: Option<bool>,
    pub samples: Option<u64>,
    pub seed: Option<u64>,
    pub time_limit: Option<f64>,
    pub threads: Option<usize>,
}

/// One player's result; see the module documentation for what each share means.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct PlayerEquity {
    pub equity: f64,
    pub win: f64,
    pub tie: f64,
    pub high: f64,
    pub low: f64,
    pub scoop: f64,
    pub quarter: f64,
    /// Standard error of `equity` (0 for exact enumeration).
    pub stderr: f64,
}

/// The answer: one [`PlayerEquity`] per player, in the order given.
#[derive(Debug, Clone, PartialEq)]
pub struct Equity {
    pub game: Game,
    pub players: Vec<PlayerEquity>,
    pub exact: bool,
    /// Deals evaluated (for ranges, every compatible choice of hands times every board).
    pub deals: u64,
    /// The Monte Carlo seed (`None` for exact enumeration).
    pub seed: Option<u64>,
}

/// Answers a question in one call (all threads, no interruption). See [`Run`] to do it in
/// slices.
pub fn equity(q: &Question, o: &Options) -> Result<Equity, EquityError> {
    let mut run = Run::new(q, o)?;
    while !run.step(Duration::from_secs(3600))? {}
    Ok(run.result())
}

// ---------------------------------------------------------------------------------------------
// Tables

/// 8-or-better low bit of each card (ace = bit 0, deuce = bit 1 .. eight = bit 7), 0 above 8.
static LOW_BIT: [u8; 52] = {
    let mut t = [0u8; 52];
    let mut c = 0;
    while c < 52 {
        let r = c / 4;
        t[c] = if r == 12 {
            1
        } else if r <= 6 {
            1 << (r + 1)
        } else {
            0
        };
        c += 1;
    }
    t
};

/// 8-or-better strength (0 = none) of an eight-bit low mask: the five lowest ranks.
static LOW8: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut m = 0;
    while m < 256 {
        t[m] = low::low_strength_of_mask(m as u16, low::EIGHT_OR_BETTER) as u8;
        m += 1;
    }
    t
};

/// C(n, k) for n < 20, k <= 5.
static BINOM: [[u32; 6]; 20] = {
    let mut t = [[0u32; 6]; 20];
    let mut n = 0;
    while n < 20 {
        t[n][0] = 1;
        let mut k = 1;
        while k < 6 {
            t[n][k] = if n == 0 {
                0
            } else {
                t[n - 1][k - 1] + t[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    t
};

/// Colex index of a sorted multiset of ranks (smallest first): 0..C(12 + k, k).
#[inline(always)]
fn multiset_index(sorted: &[u8]) -> usize {
    let mut idx = 0;
    for (i, &r) in sorted.iter().enumerate() {
        idx += BINOM[r as usize + i][i + 1] as usize;
    }
    idx
}

const BOARDS5: usize = 6188; // C(17, 5) rank multisets of five
const PAIRS: usize = 91; // C(14, 2)

/// `OMAHA_RANKS[board * 91 + pair]`: the best Omaha high ignoring flushes, for a rank multiset
/// of five board cards and the ranks of a hole pair (indices by [`multiset_index`]). Built once
/// (about 1.1 MB) from the evaluator's (pair, triple) table; the flush check is done apart, only
/// when three board cards share a suit.
fn omaha_ranks() -> &'static [u16] {
    static TABLE: OnceLock<Vec<u16>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut boards = vec![[0u8; 5]; BOARDS5];
        for a in 0..13u8 {
            for b in a..13 {
                for c in b..13 {
                    for d in c..13 {
                        for e in d..13 {
                            let r = [a, b, c, d, e];
                            boards[multiset_index(&r)] = r;
                        }
                    }
                }
            }
        }
        let mut pairs = [[0u8; 2]; PAIRS];
        for p in 0..13u8 {
            for q in p..13 {
                pairs[multiset_index(&[p, q])] = [p, q];
            }
        }
        let mut table = vec![0u16; BOARDS5 * PAIRS];
        table
            .par_chunks_mut(PAIRS)
            .zip(boards.par_iter())
            .for_each(|(row, r)| {
                for (out, &pair) in row.iter_mut().zip(&pairs) {
                    let mut best = 0;
                    for i in 0..5 {
                        for j in i + 1..5 {
                            for k in j + 1..5 {
                                best = best.max(omaha_rank_strength(pair, [r[i], r[j], r[k]]));
                            }
                        }
                    }
                    *out = best;
                }
            });
        table
    })
}

// ---------------------------------------------------------------------------------------------
// Per-deal evaluation

/// Player groups of cards: group 0 is the board, group 1 + i player i's drawn cards.
const GROUPS: usize = MAX_PLAYERS + 1;

/// What is known about each player's hole cards for one assignment of hands.
#[derive(Clone)]
struct Ctx {
    n: usize,
    key: [HandKey; MAX_PLAYERS],
    low: [u8; MAX_PLAYERS],
    hole: [[u8; 7]; MAX_PLAYERS],
    hole_len: [u8; MAX_PLAYERS],
    /// Hole cards per suit, one byte a suit (clubs lowest).
    suits: [u32; MAX_PLAYERS],
    /// Omaha: distinct hole-pair rank indices.
    pairs: [[u8; 15]; MAX_PLAYERS],
    npairs: [u8; MAX_PLAYERS],
    /// Omaha: hole cards by suit.
    by_suit: [[[u8; 6]; 4]; MAX_PLAYERS],
    nsuit: [[u8; 4]; MAX_PLAYERS],
}

impl Ctx {
    fn new(n: usize) -> Ctx {
        Ctx {
            n,
            key: [HandKey::EMPTY; MAX_PLAYERS],
            low: [0; MAX_PLAYERS],
            hole: [[0; 7]; MAX_PLAYERS],
            hole_len: [0; MAX_PLAYERS],
            suits: [0; MAX_PLAYERS],
            pairs: [[0; 15]; MAX_PLAYERS],
            npairs: [0; MAX_PLAYERS],
            by_suit: [[[0; 6]; 4]; MAX_PLAYERS],
            nsuit: [[0; 4]; MAX_PLAYERS],
        }
    }

    /// Sets player `i`'s known cards (at most 7, distinct, < 52: checked by [`Plan::new`]).
    fn set(&mut self, i: usize, cards: &[u8], omaha: bool) {
        self.key[i] = HandKey::from_cards(cards);
        self.low[i] = cards.iter().fold(0, |m, &c| m | LOW_BIT[c as usize]);
        self.hole[i][..cards.len()].copy_from_slice(cards);
        self.hole_len[i] = cards.len() as u8;
        self.suits[i] = cards.iter().map(|&c| 1 << (8 * (c & 3))).sum();
        if omaha {
            let mut np = 0;
            for a in 0..cards.len() {
                for b in a + 1..cards.len() {
                    let (ra, rb) = (cards[a] >> 2, cards[b] >> 2);
                    let p = multiset_index(&[ra.min(rb), ra.max(rb)]) as u8;
                    if !self.pairs[i][..np].contains(&p) {
                        self.pairs[i][np] = p;
                        np += 1;
                    }
                }
            }
            self.npairs[i] = np as u8;
            self.nsuit[i] = [0; 4];
            for &c in cards {
                let s = (c & 3) as usize;
                self.by_suit[i][s][self.nsuit[i][s] as usize] = c;
                self.nsuit[i][s] += 1;
            }
        }
    }
}

/// Running state of a deal being completed.
#[derive(Clone, Copy)]
struct St {
    g: [HandKey; GROUPS],
    gl: [u8; GROUPS],
    board: [u8; 5],
    nb: usize,
    /// Board cards per suit, one byte a suit, as [`Ctx::suits`].
    suits: u32,
    /// Deck positions taken (exact enumeration) or cards taken (Monte Carlo).
    used: u64,
}

impl St {
    fn new(board: &[u8]) -> St {
        let mut st = St {
            g: [HandKey::EMPTY; GROUPS],
            gl: [0; GROUPS],
            board: [0; 5],
            nb: 0,
            suits: 0,
            used: 0,
        };
        for &c in board {
            st.push(0, c);
        }
        st
    }

    #[inline(always)]
    fn push(&mut self, g: usize, card: u8) {
        self.g[g] = self.g[g].with(card);
        self.gl[g] |= LOW_BIT[card as usize];
        if g == 0 {
            self.board[self.nb] = card;
            self.nb += 1;
            self.suits += 1 << (8 * (card & 3));
        }
    }
}

/// How many players a kernel specialised for `N` serves: `N` itself (2 or 3, fully unrolled),
/// or any count up to [`MAX_PLAYERS`] for the general kernel.
#[inline(always)]
fn players<const N: usize>(ctx: &Ctx) -> usize {
    if N < MAX_PLAYERS {
        N
    } else {
        ctx.n
    }
}

/// The winners of a deal: bit i of `.0` for each best high, of `.1` for each best low.
#[inline(always)]
fn settle<const N: usize, const HILO: bool>(n: usize, hi: &[u16; N], lo: &[u8; N]) -> (u32, u32) {
    let (mut best, mut hm) = (0u16, 0u32);
    for i in 0..n {
        let v = hi[i];
        if v > best {
            best = v;
            hm = 1 << i;
        } else if v == best {
            hm |= 1 << i;
        }
    }
    let mut lm = 0;
    if HILO {
        let mut bl = 0u8;
        for i in 0..n {
            let v = lo[i];
            if v > bl {
                bl = v;
                lm = 1 << i;
            } else if v == bl && v > 0 {
                lm |= 1 << i;
            }
        }
    }
    (hm, lm)
}

/// Omaha high (and low) of every player on a complete five-card board.
#[inline(always)]
fn omaha_showdown<const N: usize, const HILO: bool>(
    ctx: &Ctx,
    board: &[u8; 5],
    table: &[u16],
    hi: &mut [u16; N],
    lo: &mut [u8; N],
) {
    let n = players::<N>(ctx);
    let mut r = [
        board[0] >> 2,
        board[1] >> 2,
        board[2] >> 2,
        board[3] >> 2,
        board[4] >> 2,
    ];
    // Insertion sort: five small numbers.
    for i in 1..5 {
        let mut j = i;
        while j > 0 && r[j - 1] > r[j] {
            r.swap(j - 1, j);
            j -= 1;
        }
    }
    let row = &table[multiset_index(&r) * PAIRS..][..PAIRS];
    let mut suits = [0u8; 4];
    for &c in board {
        suits[(c & 3) as usize] += 1;
    }
    let flush_suit = suits.iter().position(|&k| k >= 3);
    for i in 0..n {
        let mut best = 0;
        for &p in &ctx.pairs[i][..ctx.npairs[i] as usize] {
            best = best.max(row[p as usize]);
        }
        if let Some(s) = flush_suit {
            let mine = &ctx.by_suit[i][s][..ctx.nsuit[i][s] as usize];
            if mine.len() >= 2 {
                best = best.max(omaha_flush(mine, board, s as u8));
            }
        }
        hi[i] = best;
    }
    if HILO {
        let board_low = board.iter().fold(0u8, |m, &c| m | LOW_BIT[c as usize]);
        for i in 0..n {
            lo[i] = if board_low.count_ones() >= 3 {
                low::omaha_low8_unchecked(&ctx.hole[i][..ctx.hole_len[i] as usize], board)
            } else {
                0
            };
        }
    }
}

/// The best Omaha hand made with two of `mine` (hole cards of suit `s`) and three board cards
/// of suit `s`: every such five is a flush or a straight flush.
#[cold]
fn omaha_flush(mine: &[u8], board: &[u8; 5], s: u8) -> u16 {
    let mut on_board = [0u8; 5];
    let mut m = 0;
    for &c in board.iter().filter(|&&c| c & 3 == s) {
        on_board[m] = c;
        m += 1;
    }
    let on_board = &on_board[..m];
    let mut best = 0;
    for a in 0..mine.len() {
        for b in a + 1..mine.len() {
            let two = HandKey::EMPTY.with(mine[a]).with(mine[b]);
            for x in 0..on_board.len() {
                for y in x + 1..on_board.len() {
                    for z in y + 1..on_board.len() {
                        let k = two.with(on_board[x]).with(on_board[y]).with(on_board[z]);
                        best = best.max(k.strength());
                    }
                }
            }
        }
    }
    best
}

/// Every player's values on a complete deal.
#[inline(always)]
fn showdown<const N: usize, const OMAHA: bool, const HILO: bool>(
    ctx: &Ctx,
    st: &St,
    table: &[u16],
) -> (u32, u32) {
    let n = players::<N>(ctx);
    let mut hi = [0u16; N];
    let mut lo = [0u8; N];
    if OMAHA {
        omaha_showdown::<N, HILO>(ctx, &st.board, table, &mut hi, &mut lo);
    } else {
        for i in 0..n {
            hi[i] = ctx.key[i].join(st.g[0]).join(st.g[1 + i]).strength();
            if HILO {
                lo[i] = LOW8[(ctx.low[i] | st.gl[0] | st.gl[1 + i]) as usize];
            }
        }
    }
    settle::<N, HILO>(n, &hi, &lo)
}

/// Calls `$run::<N, OMAHA, HILO>($args)` for the plan's shape: kernels for two and three
/// players unroll their per-player loops; one general kernel serves the rest.
macro_rules! by_shape {
    ($plan:expr, $run:ident ( $($arg:expr),* )) => {{
        let plan = $plan;
        match (plan.n, plan.game.is_omaha(), plan.hilo) {
            (2, false, false) => $run::<2, false, false>($($arg),*),
            (2, false, true) => $run::<2, false, true>($($arg),*),
            (2, true, false) => $run::<2, true, false>($($arg),*),
            (2, true, true) => $run::<2, true, true>($($arg),*),
            (3, false, false) => $run::<3, false, false>($($arg),*),
            (3, false, true) => $run::<3, false, true>($($arg),*),
            (3, true, false) => $run::<3, true, false>($($arg),*),
            (3, true, true) => $run::<3, true, true>($($arg),*),
            (_, false, false) => $run::<MAX_PLAYERS, false, false>($($arg),*),
            (_, false, true) => $run::<MAX_PLAYERS, false, true>($($arg),*),
            (_, true, false) => $run::<MAX_PLAYERS, true, false>($($arg),*),
            (_, true, true) => $run::<MAX_PLAYERS, true, true>($($arg),*),
        }
    }};
}

// ---------------------------------------------------------------------------------------------
// Tallies

/// Integer counts for one player. Shares are in units of `unit` = 2 lcm(1..=n) per pot, so
/// every split is exact.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct PlayerTally {
    win: u64,
    tie: u64,
    quarter: u64,
    high: u128,
    low: u128,
    sq: u128,
}

/// Outcomes of many deals, exactly. Few players: a histogram of (high winners, low winners)
/// masks, credited at the end; more: credited deal by deal.
struct Tally {
    unit: u64,
    deals: u64,
    lo_bits: u32,
    hist: Vec<u64>,
    p: Vec<PlayerTally>,
}

fn lcm_upto(n: usize) -> u64 {
    fn gcd(a: u64, b: u64) -> u64 {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }
    (1..=n as u64).fold(1, |l, k| l / gcd(l, k) * k)
}

impl Tally {
    fn new(n: usize, hilo: bool) -> Tally {
        let lo_bits = if hilo { n as u32 } else { 0 };
        let size = 1usize << (n as u32 + lo_bits);
        Tally {
            unit: 2 * lcm_upto(n),
            deals: 0,
            lo_bits,
            hist: if size <= 256 {
                vec![0; size]
            } else {
                Vec::new()
            },
            p: vec![PlayerTally::default(); n],
        }
    }

    #[inline(always)]
    fn add(&mut self, hm: u32, lm: u32) {
        self.add_n(hm, lm, 1);
    }

    /// `count` deals with the same winners.
    #[inline(always)]
    fn add_n(&mut self, hm: u32, lm: u32, count: u64) {
        if self.hist.is_empty() {
            self.credit(hm, lm, count);
        } else {
            let i = ((hm as usize) << self.lo_bits) | lm as usize;
            self.hist[i] += count;
        }
    }

    fn credit(&mut self, hm: u32, lm: u32, count: u64) {
        let unit = self.unit;
        self.deals += count;
        let kh = hm.count_ones() as u64;
        let kl = lm.count_ones() as u64;
        let (hpot, lpot) = if lm == 0 {
            (unit, 0)
        } else {
            (unit / 2, unit / 2)
        };
        let hs = hpot / kh.max(1);
        let ls = if lm == 0 { 0 } else { lpot / kl };
        let c = count as u128;
        let mut bits = hm | lm;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let h = if hm >> i & 1 == 1 { hs } else { 0 };
            let l = if lm >> i & 1 == 1 { ls } else { 0 };
            let s = (h + l) as u128;
            let e = &mut self.p[i];
            e.high += h as u128 * c;
            e.low += l as u128 * c;
            e.sq += s * s * c;
            if h + l == unit {
                e.win += count;
            } else {
                e.tie += count;
            }
            if kl == 2 && l > 0 {
                e.quarter += count;
            }
        }
    }

    /// Credits the histogram, adds everything to `acc` with weight `w`, and clears.
    fn drain_into(&mut self, acc: &mut Accum, w: f64) {
        if !self.hist.is_empty() {
            let lo_mask = (1usize << self.lo_bits) - 1;
            for i in 0..self.hist.len() {
                let count = std::mem::take(&mut self.hist[i]);
                if count > 0 {
                    self.credit((i >> self.lo_bits) as u32, (i & lo_mask) as u32, count);
                }
            }
        }
        let u = self.unit as f64;
        acc.w += w * self.deals as f64;
        acc.deals += self.deals;
        for (a, b) in acc.p.iter_mut().zip(&self.p) {
            a.win += w * b.win as f64;
            a.tie += w * b.tie as f64;
            a.quarter += w * b.quarter as f64;
            a.high += w * (b.high as f64 / u);
            a.low += w * (b.low as f64 / u);
            a.sq += w * (b.sq as f64 / (u * u));
        }
        self.deals = 0;
        self.p.iter_mut().for_each(|e| *e = PlayerTally::default());
    }
}

/// Weighted sums in pot units, folded in a fixed order so results never depend on threads.
#[derive(Debug, Clone, Copy, Default)]
struct PlayerSums {
    win: f64,
    tie: f64,
    quarter: f64,
    high: f64,
    low: f64,
    sq: f64,
}

#[derive(Debug, Clone, Default)]
struct Accum {
    w: f64,
    deals: u64,
    p: Vec<PlayerSums>,
}

impl Accum {
    fn new(n: usize) -> Accum {
        Accum {
            w: 0.0,
            deals: 0,
            p: vec![PlayerSums::default(); n],
        }
    }

    fn merge(&mut self, o: &Accum) {
        self.w += o.w;
        self.deals += o.deals;
        for (a, b) in self.p.iter_mut().zip(&o.p) {
            a.win += b.win;
            a.tie += b.tie;
            a.quarter += b.quarter;
            a.high += b.high;
            a.low += b.low;
            a.sq += b.sq;
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The plan: a validated question

struct Plan {
    game: Game,
    n: usize,
    hilo: bool,
    board: Vec<u8>,
    /// Group of each card still to deal: 0 board, 1 + i player i; groups contiguous.
    slots: Vec<u8>,
    /// Slots left in the same group from each slot on (itself included).
    rem: Vec<u8>,
    /// Known cards of each player (empty for range players).
    fixed: Vec<Vec<u8>>,
    /// Remaining hands of each range player (None for players with cards).
    ranges: Vec<Option<Vec<Combo>>>,
    /// Every card not on the board, dead or in a player's known cards, in increasing order.
    base_deck: Vec<u8>,
    base_used: u64,
    /// Deals per choice of hands (one exact enumeration of the slots).
    leaves: f64,
    table: &'static [u16],
}

fn place(i: usize) -> String {
    match i {
        0 => "on the board".into(),
        1 => "in the dead cards".into(),
        _ => format!("in player {}'s hand", i - 1),
    }
}

/// C(n, k) as a float (estimates only).
fn choose(n: usize, k: usize) -> f64 {
    if k > n {
        return 0.0;
    }
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

impl Plan {
    fn new(q: &Question) -> Result<Plan, EquityError> {
        let game = q.game;
        let n = q.players.len();
        if n < 2 {
            return Err(EquityError::Options(format!(
                "equity needs at least two players, got {n}"
            )));
        }
        if n > MAX_PLAYERS {
            return Err(EquityError::Options(format!(
                "at most {MAX_PLAYERS} players share one deck, got {n}"
            )));
        }
        let gname = game.name();
        // Board size for the game.
        let nb = q.board.len();
        match game {
            Game::Stud { .. } if nb > 1 => {
                return Err(EquityError::Cards(format!(
                    "{gname} has no board: at most one community card (dealt when the deck \
                     runs out), got {nb} board cards"
                )))
            }
            Game::CrazyPineapple { .. } if !(3..=5).contains(&nb) => {
                return Err(EquityError::Game(format!(
                    "{gname} players discard after the flop, so equity needs the flop: give \
                     3 to 5 board cards, got {nb}"
                )))
            }
            Game::Holdem | Game::Omaha { .. } if !matches!(nb, 0 | 3 | 4 | 5) => {
                return Err(EquityError::Cards(format!(
                    "the board holds {nb} cards; a {gname} board has 0, 3, 4 or 5"
                )))
            }
            _ => {}
        }
        // Every known card in one place only.
        let mut owner = [usize::MAX; 52];
        let mut claim = |cards: &[u8], at: usize| -> Result<(), EquityError> {
            for &c in cards {
                if c >= 52 {
                    return Err(EquityError::Cards(format!(
                        "invalid card code {c} {}: expected 0..51",
                        place(at)
                    )));
                }
                let prev = owner[c as usize];
                if prev != usize::MAX {
                    let name = card_name(c);
                    return Err(EquityError::Cards(if prev == at {
                        format!("card {name} appears twice {}", place(at))
                    } else {
                        format!("card {name} is both {} and {}", place(prev), place(at))
                    }));
                }
                owner[c as usize] = at;
            }
            Ok(())
        };
        claim(&q.board, 0)?;
        claim(&q.dead, 1)?;
        let mut fixed = vec![Vec::new(); n];
        for (i, h) in q.players.iter().enumerate() {
            match h {
                Holding::Cards(c) => {
                    check_hand_count(game, i, c.len(), nb)?;
                    claim(c, i + 2)?;
                    fixed[i] = c.clone();
                }
                Holding::Range(_) if game != Game::Holdem => {
                    return Err(EquityError::Game(format!(
                        "player {} holds a range, but ranges are for Texas Hold'em only",
                        i + 1
                    )))
                }
                Holding::Range(_) => {}
            }
        }
        let base_used = owner
            .iter()
            .enumerate()
            .filter(|(_, &o)| o != usize::MAX)
            .fold(0u64, |m, (c, _)| m | 1 << c);
        let base_deck: Vec<u8> = (0..52u8).filter(|&c| base_used >> c & 1 == 0).collect();
        // Ranges lose the hands that use a known card.
        let mut ranges = vec![None; n];
        for (i, h) in q.players.iter().enumerate() {
            if let Holding::Range(r) = h {
                let left: Vec<Combo> = r
                    .combos
                    .iter()
                    .copied()
                    .filter(|c| c.mask() & base_used == 0)
                    .collect();
                if left.is_empty() {
                    let known: Vec<String> = (0..52u8)
                        .filter(|&c| base_used >> c & 1 == 1)
                        .map(card_name)
                        .collect();
                    return Err(EquityError::Range(format!(
                        "player {}'s range {:?} leaves no possible hand: every hand in it uses \
                         a card already dealt ({})",
                        i + 1,
                        r.text,
                        known.join(" ")
                    )));
                }
                ranges[i] = Some(left);
            }
        }
        if !ranges_fit(&ranges, base_used) {
            let who: Vec<String> = (0..n)
                .filter(|&i| ranges[i].is_some())
                .map(|i| (i + 1).to_string())
                .collect();
            return Err(EquityError::Range(format!(
                "the ranges of players {} leave no possible hand for some player: they cannot \
                 all be dealt at once",
                who.join(", ")
            )));
        }
        // Cards still to come.
        let nr = ranges.iter().filter(|r| r.is_some()).count();
        let deck_left = base_deck.len() - 2 * nr;
        let (board_need, own_need): (usize, Vec<usize>) = match game {
            Game::Stud { .. } => {
                let seven: usize = fixed.iter().map(|h| 7 - h.len()).sum();
                if nb == 1 || seven > deck_left {
                    // One community card for everyone (spec/poker.md §4.2).
                    if let Some(i) = fixed.iter().position(|h| h.len() > 6) {
                        return Err(EquityError::Cards(format!(
                            "player {} holds {} cards, but with a community card each player \
                             has at most 6 of his own",
                            i + 1,
                            fixed[i].len()
                        )));
                    }
                    (1 - nb, fixed.iter().map(|h| 6 - h.len()).collect())
                } else {
                    (0, fixed.iter().map(|h| 7 - h.len()).collect())
                }
            }
            _ => (5 - nb, vec![0; n]),
        };
        let need = board_need + own_need.iter().sum::<usize>();
        if need > deck_left {
            return Err(EquityError::Cards(format!(
                "not enough cards: the deal needs {need} more but only {deck_left} are left"
            )));
        }
        let mut slots = vec![0u8; board_need];
        for (i, &k) in own_need.iter().enumerate() {
            slots.extend(std::iter::repeat_n(i as u8 + 1, k));
        }
        let rem: Vec<u8> = (0..slots.len())
            .map(|s| slots[s..].iter().take_while(|&&g| g == slots[s]).count() as u8)
            .collect();
        let mut leaves = choose(deck_left, board_need);
        let mut left = deck_left - board_need;
        for &k in &own_need {
            leaves *= choose(left, k);
            left -= k;
        }
        Ok(Plan {
            game,
            n,
            hilo: game.is_hilo(),
            board: q.board.clone(),
            slots,
            rem,
            fixed,
            ranges,
            base_deck,
            base_used,
            leaves,
            table: if game.is_omaha() { omaha_ranks() } else { &[] },
        })
    }

    fn range_players(&self) -> impl Iterator<Item = (usize, &Vec<Combo>)> + '_ {
        self.ranges
            .iter()
            .enumerate()
            .filter_map(|(i, r)| r.as_ref().map(|r| (i, r)))
    }

    /// Upper bound on the number of compatible hand assignments.
    fn assignments_bound(&self) -> f64 {
        self.range_players().map(|(_, r)| r.len() as f64).product()
    }

    fn eval_cost(&self) -> f64 {
        if self.game.is_omaha() {
            4.0
        } else {
            1.0
        }
    }

    /// A context with the fixed players set.
    fn base_ctx(&self) -> Ctx {
        let mut ctx = Ctx::new(self.n);
        for (i, h) in self.fixed.iter().enumerate() {
            if self.ranges[i].is_none() {
                ctx.set(i, h, self.game.is_omaha());
            }
        }
        ctx
    }
}

fn check_hand_count(game: Game, i: usize, got: usize, board: usize) -> Result<(), EquityError> {
    let who = format!("player {}", i + 1);
    let gname = game.name();
    let err = |want: String| {
        Err(EquityError::Cards(format!(
            "{who} holds {got} cards; {want}"
        )))
    };
    match game {
        Game::Holdem if got != 2 => err(format!("{gname} needs 2 (or a range)")),
        Game::Omaha { hole, .. } if got != hole as usize => err(format!("{gname} needs {hole}")),
        Game::CrazyPineapple { .. } if got == 3 => Err(EquityError::Game(format!(
            "{who} holds 3 cards: {gname} equity is only defined after the discard, when each \
             player keeps 2; before it the outcome depends on a choice not yet made"
        ))),
        Game::CrazyPineapple { .. } if got != 2 => {
            err(format!("{gname} needs the 2 cards kept after the discard"))
        }
        Game::Stud { .. } if got > 7 || (board == 1 && got > 6) => {
            err(format!("{gname} deals each player 7 cards"))
        }
        _ => Ok(()),
    }
}

/// Whether some choice of one hand per range player uses no card twice (a bounded search).
fn ranges_fit(ranges: &[Option<Vec<Combo>>], used: u64) -> bool {
    let rs: Vec<&Vec<Combo>> = ranges.iter().flatten().collect();
    fn go(rs: &[&Vec<Combo>], used: u64, budget: &mut u64) -> bool {
        let Some((first, rest)) = rs.split_first() else {
            return true;
        };
        for c in first.iter() {
            if *budget == 0 {
                return true; // give up proving it; Monte Carlo reports if it cannot deal
            }
            *budget -= 1;
            if c.mask() & used == 0 && go(rest, used | c.mask(), budget) {
                return true;
            }
        }
        false
    }
    go(&rs, used, &mut 10_000_000)
}

/// Every compatible choice of hands for the range players: cards (2 per range player, in
/// player order) and the product of the weights.
fn assignments(plan: &Plan) -> (Vec<u8>, Vec<f64>) {
    let rs: Vec<&Vec<Combo>> = plan.range_players().map(|(_, r)| r).collect();
    let (mut cards, mut weights) = (Vec::new(), Vec::new());
    fn go(
        rs: &[&Vec<Combo>],
        used: u64,
        w: f64,
        cur: &mut Vec<u8>,
        cards: &mut Vec<u8>,
        weights: &mut Vec<f64>,
    ) {
        let Some((first, rest)) = rs.split_first() else {
            cards.extend_from_slice(cur);
            weights.push(w);
            return;
        };
        for c in first.iter() {
            if c.mask() & used == 0 {
                cur.extend_from_slice(&c.cards);
                go(rest, used | c.mask(), w * c.weight, cur, cards, weights);
                cur.truncate(cur.len() - 2);
            }
        }
    }
    go(
        &rs,
        plan.base_used,
        1.0,
        &mut Vec::new(),
        &mut cards,
        &mut weights,
    );
    (cards, weights)
}

// ---------------------------------------------------------------------------------------------
// Exact enumeration

struct Walk<'a, const N: usize, const OMAHA: bool, const HILO: bool> {
    deck: &'a [u8],
    slots: &'a [u8],
    rem: &'a [u8],
    ctx: &'a Ctx,
    table: &'a [u16],
    tally: &'a mut Tally,
    /// Only board cards are dealt (no stud cards of the players' own).
    board_only: bool,
    // Scratch for the last card, kept here so no call zeroes arrays.
    pk: [HandKey; N],
    pl: [u8; N],
    hi: [u16; N],
    lo: [u8; N],
}

/// Enumerates every completion of one assignment's deal from slot `depth` on.
#[allow(clippy::too_many_arguments)]
fn walk<const N: usize, const OMAHA: bool, const HILO: bool>(
    plan: &Plan,
    ctx: &Ctx,
    deck: &[u8],
    st: &mut St,
    depth: usize,
    start: usize,
    tally: &mut Tally,
) {
    Walk::<N, OMAHA, HILO> {
        deck,
        slots: &plan.slots,
        rem: &plan.rem,
        ctx,
        table: plan.table,
        tally,
        board_only: plan.slots.iter().all(|&g| g == 0),
        pk: [HandKey::EMPTY; N],
        pl: [0; N],
        hi: [0; N],
        lo: [0; N],
    }
    .go(depth, start, st)
}

impl<const N: usize, const OMAHA: bool, const HILO: bool> Walk<'_, N, OMAHA, HILO> {
    /// Winners when `card` completes the board (best-five games, keys in `self.pk`).
    #[inline(always)]
    fn last_board_card(&mut self, card: u8) -> (u32, u32) {
        let n = players::<N>(self.ctx);
        let lb = LOW_BIT[card as usize];
        for i in 0..n {
            self.hi[i] = self.pk[i].with(card).strength();
            if HILO {
                self.lo[i] = LOW8[(self.pl[i] | lb) as usize];
            }
        }
        settle::<N, HILO>(n, &self.hi, &self.lo)
    }

    /// The last board card when players hold only known cards (Hold'em, Crazy Pineapple).
    /// The deck is in code order, so cards of one rank are adjacent; a card whose suit gives
    /// no player a fifth card of that suit changes no flush, so every such card of a rank
    /// gives the same values: one evaluation stands for all of them.
    #[inline(always)]
    fn last_board_by_rank(&mut self, start: usize, st: &St) {
        let n = players::<N>(self.ctx);
        // Suits in which some player already holds four of his six cards: bit 7 of the suit's
        // byte once its count reaches 4 (counts are at most 7, so no byte carries).
        let mut special = 0u32;
        for i in 0..n {
            special |= (st.suits + self.ctx.suits[i] + 0x7C7C_7C7C) & 0x8080_8080;
        }
        let deck = self.deck;
        let mut pos = start;
        while pos < deck.len() {
            let rank = deck[pos] >> 2;
            let (mut first, mut same) = (0u8, 0u64);
            while pos < deck.len() && deck[pos] >> 2 == rank {
                let card = deck[pos];
                if st.used >> pos & 1 == 0 {
                    if special >> (8 * (card & 3) + 7) & 1 == 1 {
                        let (h, l) = self.last_board_card(card);
                        self.tally.add(h, l);
                    } else {
                        if same == 0 {
                            first = card;
                        }
                        same += 1;
                    }
                }
                pos += 1;
            }
            if same > 0 {
                let (h, l) = self.last_board_card(first);
                self.tally.add_n(h, l, same);
            }
        }
    }

    fn go(&mut self, s: usize, start: usize, st: &mut St) {
        let ns = self.slots.len();
        if s == ns {
            let (h, l) = showdown::<N, OMAHA, HILO>(self.ctx, st, self.table);
            self.tally.add(h, l);
            return;
        }
        if s + 1 == ns {
            self.last(s, start, st);
            return;
        }
        let g = self.slots[s] as usize;
        let next_start_same = self.slots[s + 1] as usize == g;
        let end = (self.deck.len() + 1).saturating_sub(self.rem[s] as usize);
        for pos in start..end {
            if st.used >> pos & 1 == 1 {
                continue;
            }
            let saved = (st.g[g], st.gl[g], st.nb, st.suits);
            st.push(g, self.deck[pos]);
            st.used |= 1 << pos;
            self.go(s + 1, if next_start_same { pos + 1 } else { 0 }, st);
            st.used &= !(1 << pos);
            (st.g[g], st.gl[g], st.nb, st.suits) = saved;
        }
    }

    /// The last card: everything else is fixed, so only what it touches is recomputed.
    #[inline(always)]
    fn last(&mut self, s: usize, start: usize, st: &mut St) {
        let g = self.slots[s] as usize;
        let n = players::<N>(self.ctx);
        let deck = self.deck;
        if OMAHA {
            let nb = st.nb;
            for pos in start..deck.len() {
                if st.used >> pos & 1 == 1 {
                    continue;
                }
                st.board[nb] = deck[pos];
                omaha_showdown::<N, HILO>(
                    self.ctx,
                    &st.board,
                    self.table,
                    &mut self.hi,
                    &mut self.lo,
                );
                let (h, l) = settle::<N, HILO>(n, &self.hi, &self.lo);
                self.tally.add(h, l);
            }
            return;
        }
        for i in 0..n {
            self.pk[i] = self.ctx.key[i].join(st.g[0]).join(st.g[1 + i]);
            self.pl[i] = self.ctx.low[i] | st.gl[0] | st.gl[1 + i];
        }
        if g == 0 && self.board_only {
            self.last_board_by_rank(start, st);
        } else if g == 0 {
            for pos in start..deck.len() {
                if st.used >> pos & 1 == 1 {
                    continue;
                }
                let (h, l) = self.last_board_card(deck[pos]);
                self.tally.add(h, l);
            }
        } else {
            let j = g - 1;
            for i in (0..n).filter(|&i| i != j) {
                self.hi[i] = self.pk[i].strength();
                self.lo[i] = LOW8[self.pl[i] as usize];
            }
            for pos in start..deck.len() {
                if st.used >> pos & 1 == 1 {
                    continue;
                }
                let card = deck[pos];
                self.hi[j] = self.pk[j].with(card).strength();
                if HILO {
                    self.lo[j] = LOW8[(self.pl[j] | LOW_BIT[card as usize]) as usize];
                }
                let (h, l) = settle::<N, HILO>(n, &self.hi, &self.lo);
                self.tally.add(h, l);
            }
        }
    }
}

/// The first `depth` slots of every way to deal them, as deck positions (`depth` a unit).
fn prefixes(deck_len: usize, slots: &[u8], rem: &[u8], depth: usize) -> Vec<u8> {
    fn go(
        s: usize,
        start: usize,
        used: u64,
        cur: &mut Vec<u8>,
        out: &mut Vec<u8>,
        ctx: (usize, &[u8], &[u8], usize),
    ) {
        let (d, slots, rem, depth) = ctx;
        if s == depth {
            out.extend_from_slice(cur);
            return;
        }
        let same = s + 1 < slots.len() && slots[s + 1] == slots[s];
        for pos in start..(d + 1).saturating_sub(rem[s] as usize) {
            if used >> pos & 1 == 0 {
                cur.push(pos as u8);
                go(
                    s + 1,
                    if same { pos + 1 } else { 0 },
                    used | 1 << pos,
                    cur,
                    out,
                    ctx,
                );
                cur.pop();
            }
        }
    }
    let mut out = Vec::new();
    go(
        0,
        0,
        0,
        &mut Vec::new(),
        &mut out,
        (deck_len, slots, rem, depth),
    );
    out
}

struct ExactWork {
    cards: Vec<u8>,
    weights: Vec<f64>,
    /// Assignments per unit.
    per_unit: usize,
    depth: usize,
    prefixes: Vec<u8>,
    nprefix: usize,
    units: u64,
}

impl ExactWork {
    fn new(plan: &Plan) -> ExactWork {
        let (cards, weights) = assignments(plan);
        let nr = plan.range_players().count();
        let deck_len = plan.base_deck.len() - 2 * nr;
        // Cut the enumeration of one assignment at the depth that gives units of about
        // UNIT_DEALS deals; or, when one assignment is small, take several per unit.
        let mut depth = 0;
        let mut pre = vec![];
        let mut npre = 1usize;
        while depth < plan.slots.len() && plan.leaves / npre as f64 > UNIT_DEALS && npre < 1 << 16 {
            depth += 1;
            pre = prefixes(deck_len, &plan.slots, &plan.rem, depth);
            npre = pre.len() / depth;
        }
        let per_prefix = plan.leaves / npre.max(1) as f64;
        let per_unit = if depth == 0 {
            ((UNIT_DEALS / per_prefix.max(1.0)) as usize).max(1)
        } else {
            1
        };
        let blocks = weights.len().div_ceil(per_unit);
        ExactWork {
            cards,
            weights,
            per_unit,
            depth,
            prefixes: pre,
            nprefix: npre,
            units: (blocks * npre) as u64,
        }
    }

    fn unit(&self, plan: &Plan, u: u64) -> Accum {
        let mut acc = Accum::new(plan.n);
        let mut tally = Tally::new(plan.n, plan.hilo);
        let (block, p) = (u as usize / self.nprefix, u as usize % self.nprefix);
        let rp: Vec<usize> = plan.range_players().map(|(i, _)| i).collect();
        let stride = 2 * rp.len();
        let mut ctx = plan.base_ctx();
        let omaha = plan.game.is_omaha();
        let first = block * self.per_unit;
        let last = (first + self.per_unit).min(self.weights.len());
        // Deals of consecutive assignments with the same weight add up exactly in the tally.
        let mut weight = None;
        let mut deck = Vec::with_capacity(52);
        for a in first..last {
            if weight != Some(self.weights[a]) {
                if let Some(w) = weight {
                    tally.drain_into(&mut acc, w);
                }
                weight = Some(self.weights[a]);
            }
            let cards = &self.cards[a * stride..(a + 1) * stride];
            let mut used = plan.base_used;
            for (k, &i) in rp.iter().enumerate() {
                let hand = &cards[2 * k..2 * k + 2];
                ctx.set(i, hand, omaha);
                used |= 1 << hand[0] | 1 << hand[1];
            }
            deck.clear();
            if !plan.slots.is_empty() {
                deck.extend((0..52u8).filter(|&c| used >> c & 1 == 0));
            }
            let mut st = St::new(&plan.board);
            let pre = &self.prefixes[p * self.depth..(p + 1) * self.depth];
            for (s, &pos) in pre.iter().enumerate() {
                st.push(plan.slots[s] as usize, deck[pos as usize]);
                st.used |= 1 << pos;
            }
            // The next slot starts after the prefix's last card when both are in one group.
            let start = match (pre.last(), plan.slots.get(self.depth)) {
                (Some(&pos), Some(&g)) if plan.slots[self.depth - 1] == g => pos as usize + 1,
                _ => 0,
            };
            by_shape!(
                plan,
                walk(plan, &ctx, &deck, &mut st, self.depth, start, &mut tally)
            );
        }
        if let Some(w) = weight {
            tally.drain_into(&mut acc, w);
        }
        acc
    }
}

// ---------------------------------------------------------------------------------------------
// Monte Carlo

fn mc_chunk(plan: &Plan, seed: u64, chunk: u64, len: u64) -> Result<Accum, EquityError> {
    by_shape!(plan, mc_chunk_typed(plan, seed, chunk, len))
}

fn mc_chunk_typed<const N: usize, const OMAHA: bool, const HILO: bool>(
    plan: &Plan,
    seed: u64,
    chunk: u64,
    len: u64,
) -> Result<Accum, EquityError> {
    let mut rng = Rng::new(seed, chunk);
    let mut tally = Tally::new(plan.n, plan.hilo);
    let mut ctx = plan.base_ctx();
    let rp: Vec<(usize, &Vec<Combo>, f64, bool)> = plan
        .range_players()
        .map(|(i, r)| {
            let wmax = r.iter().map(|c| c.weight).fold(0.0, f64::max);
            let flat = r.iter().all(|c| c.weight == wmax);
            (i, r, wmax, flat)
        })
        .collect();
    let deck = &plan.base_deck[..];
    let base = St::new(&plan.board);
    let mut st = base;
    let own_cards = plan.slots.iter().any(|&g| g != 0);
    for _ in 0..len {
        let mut used;
        let mut tries = 0;
        'deal: loop {
            used = plan.base_used;
            for &(i, r, wmax, flat) in &rp {
                let c = r[rng.below(r.len())];
                if (!flat && rng.unit_f64() * wmax >= c.weight) || c.mask() & used != 0 {
                    tries += 1;
                    if tries > MAX_REJECTIONS {
                        return Err(EquityError::Range(
                            "the ranges almost never fit together (a million tries in a row \
                             found no compatible hands); narrow them or use exact enumeration"
                                .into(),
                        ));
                    }
                    continue 'deal;
                }
                used |= c.mask();
                ctx.key[i] = HandKey::EMPTY.with(c.cards[0]).with(c.cards[1]);
                ctx.low[i] = LOW_BIT[c.cards[0] as usize] | LOW_BIT[c.cards[1] as usize];
            }
            break;
        }
        (st.g[0], st.gl[0], st.nb, st.suits) = (base.g[0], base.gl[0], base.nb, base.suits);
        if own_cards {
            for g in 1..=plan.n {
                (st.g[g], st.gl[g]) = (HandKey::EMPTY, 0);
            }
        }
        for &g in &plan.slots {
            let card = loop {
                let c = deck[rng.below(deck.len())];
                if used >> c & 1 == 0 {
                    break c;
                }
            };
            used |= 1 << card;
            st.push(g as usize, card);
        }
        let (h, l) = showdown::<N, OMAHA, HILO>(&ctx, &st, plan.table);
        tally.add(h, l);
    }
    let mut acc = Accum::new(plan.n);
    tally.drain_into(&mut acc, 1.0);
    Ok(acc)
}

// ---------------------------------------------------------------------------------------------
// Runs

enum Work {
    Exact(ExactWork),
    Monte {
        seed: u64,
        samples: u64,
        time_limit: Option<Duration>,
    },
}

/// An equity computation done in slices: [`Run::step`] until it returns `true`, then
/// [`Run::result`]. Stopping early leaves a consistent (partial) result.
pub struct Run {
    plan: Plan,
    work: Work,
    next: u64,
    batch: u64,
    acc: Accum,
    started: Option<Instant>,
    done: bool,
    pool: Option<rayon::ThreadPool>,
    /// `threads == 1`: work on the calling thread.
    single: bool,
}

impl Run {
    /// Validates the question and plans the work (lists range assignments for exact
    /// enumeration, builds the Omaha table on first use).
    pub fn new(q: &Question, o: &Options) -> Result<Run, EquityError> {
        let plan = Plan::new(q)?;
        if o.samples == Some(0) {
            return Err(EquityError::Options("samples must be at least 1".into()));
        }
        if let Some(t) = o.time_limit {
            if !(t > 0.0 && t.is_finite()) {
                return Err(EquityError::Options(format!(
                    "time_limit must be a positive number of seconds, got {t}"
                )));
            }
        }
        let bound = plan.assignments_bound();
        let deals = bound * plan.leaves;
        let exact = match o.exact {
            Some(true) => {
                if o.samples.is_some() || o.time_limit.is_some() {
                    return Err(EquityError::Options(
                        "samples and time_limit are for Monte Carlo; exact enumeration visits \
                         every deal"
                            .into(),
                    ));
                }
                if bound > MAX_ASSIGNMENTS || deals > MAX_EXACT_DEALS {
                    return Err(EquityError::Options(format!(
                        "exact enumeration is too large here (up to {deals:.3e} deals); use \
                         Monte Carlo with a sample count or a time limit"
                    )));
                }
                true
            }
            Some(false) => false,
            None => {
                o.samples.is_none()
                    && o.time_limit.is_none()
                    && bound <= MAX_ASSIGNMENTS
                    && deals * plan.n as f64 * plan.eval_cost() <= AUTO_EXACT_EVALS
            }
        };
        let pool = match o.threads {
            None => None,
            Some(t) if !(1..=MAX_THREADS).contains(&t) => {
                return Err(EquityError::Options(format!(
                    "threads must be 1 to {MAX_THREADS}, got {t}"
                )))
            }
            Some(1) => None,
            Some(t) => Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(t)
                    .build()
                    .map_err(|e| EquityError::Options(format!("cannot start threads: {e}")))?,
            ),
        };
        let work = if exact {
            Work::Exact(ExactWork::new(&plan))
        } else {
            let seed = o.seed.unwrap_or_else(|| {
                let t = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map(|d| d.as_nanos() as u64)
                    .unwrap_or(0);
                SplitMix64::new(t ^ (std::process::id() as u64) << 32).next_u64()
            });
            let samples = match (o.samples, o.time_limit) {
                (Some(s), _) => s,
                (None, Some(_)) => u64::MAX,
                (None, None) => DEFAULT_SAMPLES,
            };
            Work::Monte {
                seed,
                samples,
                time_limit: o.time_limit.map(|t| {
                    Duration::try_from_secs_f64(t).unwrap_or(Duration::from_secs(u32::MAX as u64))
                }),
            }
        };
        let n = plan.n;
        Ok(Run {
            plan,
            work,
            next: 0,
            batch: 16,
            acc: Accum::new(n),
            started: None,
            done: false,
            pool,
            single: o.threads == Some(1),
        })
    }

    /// Whether this run enumerates exactly.
    pub fn is_exact(&self) -> bool {
        matches!(self.work, Work::Exact(_))
    }

    fn total_units(&self) -> u64 {
        match &self.work {
            Work::Exact(e) => e.units,
            Work::Monte { samples, .. } => samples.div_ceil(MC_CHUNK),
        }
    }

    /// Works for about `budget` (at least one batch of units); `Ok(true)` once finished.
    pub fn step(&mut self, budget: Duration) -> Result<bool, EquityError> {
        let t0 = Instant::now();
        let started = *self.started.get_or_insert(t0);
        let total = self.total_units();
        while !self.done {
            let end = total.min(self.next + self.batch);
            let (plan, work, begin) = (&self.plan, &self.work, self.next);
            let unit = |u: u64| match work {
                Work::Exact(e) => Ok(e.unit(plan, u)),
                Work::Monte { seed, samples, .. } => {
                    let len = MC_CHUNK.min(samples - u * MC_CHUNK);
                    mc_chunk(plan, *seed, u, len)
                }
            };
            let job = || -> Result<Vec<Accum>, EquityError> {
                (begin..end).into_par_iter().map(unit).collect()
            };
            let tb = Instant::now();
            // One thread, or one unit of work: no thread pool to wake.
            let parts: Vec<Accum> = if self.single || end - begin == 1 {
                (begin..end).map(unit).collect::<Result<_, _>>()?
            } else {
                match &self.pool {
                    Some(p) => p.install(job)?,
                    None => job()?,
                }
            };
            for part in &parts {
                self.acc.merge(part);
            }
            self.next = end;
            if tb.elapsed() < Duration::from_millis(25) {
                self.batch = (self.batch * 2).min(1 << 20);
            }
            let out_of_time = match &self.work {
                Work::Monte {
                    time_limit: Some(t),
                    ..
                } => started.elapsed() >= *t,
                _ => false,
            };
            if self.next >= total || out_of_time {
                self.done = true;
            }
            if t0.elapsed() >= budget {
                break;
            }
        }
        Ok(self.done)
    }

    /// How far along, 0..=1 (by time when only a time limit bounds the run).
    pub fn fraction_done(&self) -> f64 {
        if self.done {
            return 1.0;
        }
        let by_units = self.next as f64 / self.total_units().max(1) as f64;
        match (&self.work, self.started) {
            (
                Work::Monte {
                    time_limit: Some(t),
                    ..
                },
                Some(s),
            ) => by_units
                .max(s.elapsed().as_secs_f64() / t.as_secs_f64())
                .min(1.0),
            _ => by_units,
        }
    }

    /// The result so far (all of it once [`Run::step`] returned `true`).
    pub fn result(&self) -> Equity {
        let acc = &self.acc;
        let w = if acc.w > 0.0 { acc.w } else { 1.0 };
        let exact = self.is_exact();
        let players = acc
            .p
            .iter()
            .map(|p| {
                let equity = (p.high + p.low) / w;
                let var = (p.sq / w - equity * equity).max(0.0);
                PlayerEquity {
                    equity,
                    win: p.win / w,
                    tie: p.tie / w,
                    high: p.high / w,
                    low: p.low / w,
                    scoop: p.win / w,
                    quarter: p.quarter / w,
                    stderr: if exact || acc.deals == 0 {
                        0.0
                    } else {
                        (var / acc.deals as f64).sqrt()
                    },
                }
            })
            .collect();
        Equity {
            game: self.plan.game,
            players,
            exact,
            deals: acc.deals,
            seed: match self.work {
                Work::Monte { seed, .. } => Some(seed),
                Work::Exact(_) => None,
            },
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Tests: independent brute force on small cases, published counts, and the hi/lo rules.

#[cfg(test)]
mod tests {
    use super::*;
    use crate::high;

    fn cards(s: &str) -> Vec<u8> {
        parse_cards(s).unwrap()
    }

    fn q(game: &str, players: &[&str], board: &str) -> Question {
        let game = Game::parse(game).unwrap();
        Question {
            game,
            players: players
                .iter()
                .enumerate()
                .map(|(i, p)| Holding::parse(game, p, i).unwrap())
                .collect(),
            board: cards(board),
            dead: vec![],
        }
    }

    fn exact(q: &Question) -> Equity {
        equity(
            q,
            &Options {
                exact: Some(true),
                ..Options::default()
            },
        )
        .unwrap()
    }

    #[test]
    fn published_preflop_counts() {
        // GNU poker-eval's hcmp2 over all 1,712,304 boards, as quoted at
        // brainwagon.org/2005/04/09/texas-holdem-trivia: wins / losses / ties.
        for (a, b, win, lose, tie) in [
            ("AcAd", "KhKs", 1_388_072.0, 317_694.0, 6_538.0),
            ("AdAc", "Td9d", 1_338_249.0, 367_143.0, 6_912.0),
            ("AdAc", "QcJh", 1_450_987.0, 254_763.0, 6_554.0),
        ] {
            let e = exact(&q("holdem", &[a, b], ""));
            assert_eq!(e.deals, 1_712_304);
            let d = e.deals as f64;
            assert_eq!((e.players[0].win * d).round(), win, "{a} vs {b}");
            assert_eq!((e.players[1].win * d).round(), lose, "{a} vs {b}");
            assert_eq!((e.players[0].tie * d).round(), tie, "{a} vs {b}");
        }
    }

    /// Brute force straight from the evaluators, one deal at a time.
    fn brute(game: Game, holes: &[Vec<u8>], board: &[u8]) -> Vec<f64> {
        let n = holes.len();
        let used: Vec<u8> = holes.iter().flatten().chain(board).copied().collect();
        let deck: Vec<u8> = (0..52).filter(|c| !used.contains(c)).collect();
        let need = 5 - board.len();
        let mut shares = vec![0.0; n];
        let mut count = 0.0;
        let mut idx: Vec<usize> = (0..need).collect();
        loop {
            let mut b = board.to_vec();
            b.extend(idx.iter().map(|&i| deck[i]));
            let (hi, lo): (Vec<u16>, Vec<u8>) = holes
                .iter()
                .map(|h| match game {
                    Game::Omaha { .. } => low::evaluate_omaha_hilo(h, &b).unwrap(),
                    _ => {
                        let all: Vec<u8> = h.iter().chain(&b).copied().collect();
                        (
                            high::evaluate(&all).unwrap(),
                            low::evaluate_low8(&all).unwrap(),
                        )
                    }
                })
                .unzip();
            let best = *hi.iter().max().unwrap();
            let bl = *lo.iter().max().unwrap();
            let hw: Vec<usize> = (0..n).filter(|&i| hi[i] == best).collect();
            let lw: Vec<usize> = (0..n).filter(|&i| bl > 0 && lo[i] == bl).collect();
            let half = if game.is_hilo() && !lw.is_empty() {
                0.5
            } else {
                1.0
            };
            for &i in &hw {
                shares[i] += half / hw.len() as f64;
            }
            if half < 1.0 {
                for &i in &lw {
                    shares[i] += 0.5 / lw.len() as f64;
                }
            }
            count += 1.0;
            // next combination
            let mut k = need;
            loop {
                if k == 0 {
                    return shares.iter().map(|s| s / count).collect();
                }
                k -= 1;
                if idx[k] < deck.len() - (need - k) {
                    idx[k] += 1;
                    for j in k + 1..need {
                        idx[j] = idx[j - 1] + 1;
                    }
                    break;
                }
            }
        }
    }

    #[test]
    fn exact_matches_brute_force_on_turns_and_rivers() {
        let cases: &[(&str, &[&str], &str)] = &[
            ("holdem", &["AhKh", "QsQd", "7c2d"], "Qh9h3c5d"),
            ("holdem", &["AhKh", "QsQd"], "Qh9h3c5d2s"),
            ("omaha", &["AhKhTd2c", "QsQdJc9s"], "Qh9h3c5d"),
            ("omaha8", &["Ah2h3dKc", "As4s5dQc", "KdKsQh7c"], "4c5s9d8h"),
            ("omaha5-8", &["Ah2h3dKcTc", "As4s5dQcJd"], "4c5s9d8h"),
            ("omaha6", &["Ah2h3dKcTc9c", "As4s5dQcJd8s"], "4c5s9d7h"),
            ("crazy-pineapple8", &["Ah2h", "As4s", "KdKs"], "4c5s9d8h"),
            ("crazy-pineapple", &["Ah2h", "KdKs"], "4c5s9d8h"),
        ];
        for (g, players, board) in cases {
            let question = q(g, players, board);
            let e = exact(&question);
            let holes: Vec<Vec<u8>> = players.iter().map(|p| cards(p)).collect();
            let want = brute(question.game, &holes, &cards(board));
            for (p, w) in e.players.iter().zip(&want) {
                assert!(
                    (p.equity - w).abs() < 1e-12,
                    "{g} {players:?}: {} vs {w}",
                    p.equity
                );
            }
            let total: f64 = e.players.iter().map(|p| p.equity).sum();
            assert!((total - 1.0).abs() < 1e-12);
        }
    }

    #[test]
    fn omaha_table_matches_the_evaluator() {
        for deck in crate::rng::random_deals(20_000, 13, 12345).chunks(13) {
            let holes = [&deck[0..4], &deck[4..8]];
            let board: [u8; 5] = deck[8..13].try_into().unwrap();
            let mut ctx = Ctx::new(2);
            for (i, h) in holes.iter().enumerate() {
                ctx.set(i, h, true);
            }
            let mut hi = [0u16; MAX_PLAYERS];
            let mut lo = [0u8; MAX_PLAYERS];
            omaha_showdown::<MAX_PLAYERS, true>(&ctx, &board, omaha_ranks(), &mut hi, &mut lo);
            for (i, h) in holes.iter().enumerate() {
                assert_eq!((hi[i], lo[i]), low::omaha_hilo_unchecked(h, &board));
            }
        }
    }

    #[test]
    fn same_seed_same_answer_on_any_thread_count() {
        let question = q("holdem", &["AsKs", "QQ+, AKo"], "");
        let run = |threads| {
            equity(
                &question,
                &Options {
                    exact: Some(false),
                    samples: Some(100_000),
                    seed: Some(7),
                    threads: Some(threads),
                    ..Options::default()
                },
            )
            .unwrap()
        };
        assert_eq!(run(1), run(2));
        assert_eq!(run(1), run(3));
    }

    #[test]
    fn monte_carlo_within_four_standard_errors() {
        let question = q("omaha8", &["Ah2h3dKc", "As4s5dQc"], "4c5s9d");
        let e = exact(&question);
        let m = equity(
            &question,
            &Options {
                exact: Some(false),
                samples: Some(200_000),
                seed: Some(1),
                ..Options::default()
            },
        )
        .unwrap();
        for (a, b) in e.players.iter().zip(&m.players) {
            assert!(b.stderr > 0.0);
            assert!((a.equity - b.equity).abs() < 4.0 * b.stderr, "{a:?} {b:?}");
        }
    }

    #[test]
    fn hilo_rules() {
        // No low possible: three high cards on the board.
        let e = exact(&q("omaha8", &["Ah2h3dKc", "As4s5dQc"], "KdQhJs"));
        assert!(e.players.iter().all(|p| p.low == 0.0 && p.quarter == 0.0));
        // Nut low and nut high on the river: scoop.
        let e = exact(&q("omaha8", &["Ah2h7h8c", "KsKd9c9d"], "3h4h5h6dKh"));
        assert_eq!(e.players[0].scoop, 1.0);
        assert_eq!(e.players[0].equity, 1.0);
        // Two players with A-2 split the low: each is quartered.
        let e = exact(&q(
            "omaha8",
            &["Ah2hKdKc", "Ac2sQdJd", "9s9cTs8d"],
            "3d4c7s9hKs",
        ));
        assert_eq!(e.players[0].quarter, 1.0);
        assert_eq!(e.players[1].quarter, 1.0);
        assert!((e.players[0].equity - 0.75).abs() < 1e-12); // high (kings set) + quarter
        assert!((e.players[1].equity - 0.25).abs() < 1e-12);
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

    #[test]
    fn errors_name_the_problem() {
        let game = Game::parse("holdem").unwrap();
        let err = |players: &[&str], board: &str| {
            let question = Question {
                game,
                players: players
                    .iter()
                    .enumerate()
                    .map(|(i, p)| Holding::parse(game, p, i).unwrap())
                    .collect(),
                board: cards(board),
                dead: vec![],
            };
            Run::new(&question, &Options::default())
                .err()
                .unwrap()
                .to_string()
        };
        assert!(err(&["AhKh", "AhQd"], "").contains("Ah is both in player 1's hand"));
        assert!(err(&["AhKh", "QdQc"], "Ah2c3c").contains("both on the board"));
        assert!(err(&["AhKhQh", "QdQc"], "").contains("player 1 holds 3 cards"));
        assert!(err(&["AhAd", "AA"], "As").contains("the board holds 1"));
        assert!(err(&["AhAd", "AA"], "As2c3c").contains("leaves no possible hand"));
        assert!(err(&["AA", "AA", "AA"], "").contains("cannot all be dealt"));
        assert!(Game::parse("razz")
            .unwrap_err()
            .to_string()
            .contains("unknown game"));
        let pineapple = Game::parse("crazy-pineapple").unwrap();
        let question = Question {
            game: pineapple,
            players: vec![
                Holding::Cards(cards("AhKhQh")),
                Holding::Cards(cards("2c3c")),
            ],
            board: cards("4d5d6d"),
            dead: vec![],
        };
        let e = Run::new(&question, &Options::default()).err().unwrap();
        assert!(e.to_string().contains("after the discard"));
    }

    #[test]
    fn stud_runs_out_of_cards_into_a_community_card() {
        // Eight players with three cards each need 32 more but 28 are left: one common card.
        let players: Vec<String> = (0..8)
            .map(|i| (0..3).map(|k| card_name((i * 3 + k) as u8)).collect())
            .collect();
        let refs: Vec<&str> = players.iter().map(|s| s.as_str()).collect();
        let question = q("stud", &refs, "");
        let plan = Plan::new(&question).unwrap();
        assert_eq!(plan.slots.iter().filter(|&&g| g == 0).count(), 1);
        assert_eq!(plan.slots.len(), 1 + 8 * 3);
    }

    #[test]
    fn stud_exact_and_monte_carlo_agree() {
        // Players draw 1, 1 and 2 cards (brute force against reference.py is in the Python tests).
        let question = q("stud8", &["Ah2d3c7s9hTd", "KsKd4h5h6hJc", "QcQd8c8d2h"], "");
        let e = exact(&question);
        let total: f64 = e.players.iter().map(|p| p.equity).sum();
        assert!((total - 1.0).abs() < 1e-9);
        let m = equity(
            &question,
            &Options {
                exact: Some(false),
                samples: Some(100_000),
                seed: Some(3),
                ..Options::default()
            },
        )
        .unwrap();
        for (a, b) in e.players.iter().zip(&m.players) {
            assert!(
                (a.equity - b.equity).abs() < 4.0 * b.stderr + 1e-9,
                "{a:?} {b:?}"
            );
        }
    }
}
