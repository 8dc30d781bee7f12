//! Pan (Panguingue): cards, the deck, meld validation, conditions, the operations of a turn and
//! the going-out solver (spec/pan.md). Pure Rust; the Python bindings live in `rust/python/`.
//!
//! A Pan card is `rank * 4 + suit`, ranks A 2 3 4 5 6 7 J Q K = 0..9 (spec/pan.md §2.1) and
//! suits c d h s = 0..3, so `Ac` = 0 and `Ks` = 39. The deck holds several copies of each card
//! (§1.1); copies share one code, because validation treats two 7♣ as equal in rank and suit and
//! nothing here depends on which physical copy is which.
//!
//! Chips (pays) are `u64`; every sum saturates, so no configuration can make a call panic.
use std::collections::HashMap;
use std::fmt;

use crate::rng::SplitMix64;

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
const SPADES: u8 = 3;
const ACE: u8 = 0;
const KING: u8 = 9;

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

/// Names of some cards, space-separated: `"7c Jc Qc"`.
pub fn cards_name(cards: &[u8]) -> String {
    cards
        .iter()
        .map(|&c| card_name(c))
        .collect::<Vec<_>>()
        .join(" ")
}

// ---------------------------------------------------------------------------------------------
// Parsing

/// Why some text or codes are not Pan cards; every message names the offending token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PanCardError {
    /// Text that is not a Pan card, with its byte position in the input.
    BadToken { token: String, at: usize },
    /// An integer outside 0..40.
    BadCode(i64),
}

impl fmt::Display for PanCardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PanCardError::BadToken { token, at } => {
                write!(f, "invalid Pan card {token:?} at position {at}: ")?;
                let first = token.bytes().next().map(|b| b.to_ascii_uppercase());
                match first {
                    // §1.1: the 8s, 9s and 10s are stripped and there are no jokers.
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
            PanCardError::BadCode(c) => write!(f, "invalid Pan card code {c}: expected 0..39"),
        }
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
    match parse_cards(token)?.as_slice() {
        [c] => Ok(*c),
        _ => Err(PanCardError::BadToken {
            token: token.to_string(),
            at: 0,
        }),
    }
}

/// Parses a whole string of cards, with or without spaces or commas: `"7c7d 7h"`.
/// An 8, 9, 10/T, a joker or an unknown suit is an error naming the token (§1.1).
pub fn parse_cards(text: &str) -> Result<Vec<u8>, PanCardError> {
    crate::cards::tokenize(text, |b| rank_index(*b.first()?).map(|r| (r, 1)))
        .map_err(|(token, at)| PanCardError::BadToken { token, at })
}

// ---------------------------------------------------------------------------------------------
// House rules

/// `group.unsuitedRule` (§3.2): which mixed-suit groups of comoquers are valid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum UnsuitedRule {
    /// At least three distinct suits; repeated suits allowed in 4+ card groups (PF, B101).
    #[default]
    AtLeastThreeDistinct,
    /// Every card a different suit, so at most 4 cards (CS, BRI).
    AllDistinct,
}

/// `pays.escalera` (§4.1): when a run carries the A-2-3 (C4) and J-Q-K (C5) conditions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Escalera {
    /// A run whose lowest card is an ace pays C4, one whose highest is a king pays C5 (PRO, POC).
    #[default]
    EndsAtAOrK,
    /// Only the exact three-card runs A-2-3 and J-Q-K pay.
    ExactThree,
}

/// `pays.layoff` (§4.2): what laying off onto a meld pays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum LayoffPay {
    /// Each added card collects the condition's lay-off value again (PW), plus new conditions.
    #[default]
    PerCard,
    /// Only conditions the lay-off creates pay (BCG).
    NewConditionsOnly,
    /// Lay-offs never pay.
    NoPay,
}

/// `forcing` (§6.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Forcing {
    /// A live discard that lays off on one's melds must be taken (BCG, GW, PP).
    #[default]
    Mandatory,
    /// Another player must call for it (Hoyle tradition; unverified).
    OnDemand,
    Off,
}

/// `drawFromDiscard` (§6.2, §8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum DrawFromDiscard {
    /// Only the card the preceding player drew from the stock and rejected (PF, B101).
    #[default]
    PrecedingStockOnly,
    Never,
    AnyIfMeldable,
}

/// `rotation` (§6.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Rotation {
    /// To the right (PF, WIK, BIC, PW, B101, POC).
    #[default]
    Counterclockwise,
    Clockwise,
}

/// `stockExhausted` (§6.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum StockExhausted {
    /// Shuffle the dead discards into a new stock, keeping the live discard.
    #[default]
    ReshuffleDead,
    /// The hand is void and the tops carry over.
    VoidHand,
}

/// `tops.allSluff` (§5.2): what happens to the tops when everyone sluffs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum AllSluff {
    #[default]
    CarryOver,
    Refund,
}

/// Every configurable (HOUSE) rule of spec/pan.md, with the defaults of §8.
///
/// The meld functions here read the deck, group and pays fields; the others are carried for the
/// game flow so that one value describes a table's rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PanRules {
    /// `deck.packs` (§1.2): packs of 40 (8s, 9s, 10s and jokers stripped). Default 8.
    pub packs: u8,
    /// `deck.removeOneSpadeSuit` (§1.1): take the 10 spades out of one pack: 310 cards. Default true.
    pub remove_one_spade_suit: bool,
    /// `deck.extraCards` (§1.2, SC): extra copies of each card code added to the deck. Default none.
    pub extra_cards: [u8; NUM_CARDS],
    /// `group.unsuitedRule` (§3.2). Default `AtLeastThreeDistinct`.
    pub unsuited_rule: UnsuitedRule,
    /// `group.keepCharacter` (§3.2): a suited group only takes cards of its suit. Default true.
    pub keep_character: bool,
    /// `pays` C1 (§4.1): valle group of different suits. Default 1.
    pub pay_valle_unsuited: u64,
    /// `pays` C2 (§4.1): valle group of one suit (doubled in spades: the "bong"). Default 2.
    pub pay_valle_suited: u64,
    /// `pays` C2 lay-off value per card (§4.2, PW: "only two chips in spades and one in other
    /// suits"). Default 1.
    pub pay_valle_suited_layoff: u64,
    /// `pays` C3 (§4.1): non-valle group of one suit. Default 1.
    pub pay_suited_group: u64,
    /// `pays` C4 (§4.1): the low run A-2-3. Default 1.
    pub pay_low_run: u64,
    /// `pays` C5 (§4.1): the high run J-Q-K. Default 1.
    pub pay_high_run: u64,
    /// `pays.spadesDouble` (§4.1): a condition made of spades only pays double. Default true.
    pub spades_double: bool,
    /// `pays.suitedNonComoquerPays` (§4.1): a one-suit A or K group pays C3. Default true.
    pub suited_noncomoquer_pays: bool,
    /// `pays.escalera` (§4.1). Default `EndsAtAOrK`.
    pub escalera: Escalera,
    /// `pays.layoff` (§4.2). Default `PerCard`.
    pub layoff_pay: LayoffPay,
    /// `pays.mustClaimBeforeDiscard` (§4.5). Default false (the engine pays automatically).
    pub must_claim_before_discard: bool,
    /// `outs.base` (§4.4): what each active opponent pays the player who goes out, besides
    /// the conditions on his board. Default 2.
    pub outs_base: u64,
    /// `outs.includeLayoffValue` (§4.4): count lay-off chips again in the outs. Default false.
    pub outs_include_layoff_value: bool,
    /// `tops.amount` (§5.1): the ante into the pot; 2 is "double tops". Default 1.
    pub tops_amount: u64,
    /// `collection.fee` (§5.1): the house's per-hand fee. Default 0.
    pub collection_fee: u64,
    /// `sluff.forfeit` (§5.3): extra chips a sluffer pays (Hoyle: 2). Default 0.
    pub sluff_forfeit: u64,
    /// `tops.allowSplit` (§5.2): two remaining players may split the tops. Default false.
    pub tops_allow_split: bool,
    /// `tops.allSluff` (§5.2). Default `CarryOver`.
    pub tops_all_sluff: AllSluff,
    /// `rotation` (§6.1). Default counterclockwise.
    pub rotation: Rotation,
    /// `initialUpcard` (§6.1). Default false.
    pub initial_upcard: bool,
    /// `drawFromDiscard` (§6.2). Default `PrecedingStockOnly`.
    pub draw_from_discard: DrawFromDiscard,
    /// `forcing` (§6.5). Default `Mandatory`.
    pub forcing: Forcing,
    /// `split.requiresLayoffThisTurn` (§6.4): a split must add cards in the same operation.
    /// Default false.
    pub split_requires_layoff: bool,
    /// `stockExhausted` (§6.6). Default `ReshuffleDead`.
    pub stock_exhausted: StockExhausted,
    /// `players.min` (§6.7). Default 2.
    pub players_min: u8,
    /// `players.max` (§6.7). Default 15.
    pub players_max: u8,
}

impl Default for PanRules {
    fn default() -> Self {
        PanRules {
            packs: 8,
            remove_one_spade_suit: true,
            extra_cards: [0; NUM_CARDS],
            unsuited_rule: UnsuitedRule::AtLeastThreeDistinct,
            keep_character: true,
            pay_valle_unsuited: 1,
            pay_valle_suited: 2,
            pay_valle_suited_layoff: 1,
            pay_suited_group: 1,
            pay_low_run: 1,
            pay_high_run: 1,
            spades_double: true,
            suited_noncomoquer_pays: true,
            escalera: Escalera::EndsAtAOrK,
            layoff_pay: LayoffPay::PerCard,
            must_claim_before_discard: false,
            outs_base: 2,
            outs_include_layoff_value: false,
            tops_amount: 1,
            collection_fee: 0,
            sluff_forfeit: 0,
            tops_allow_split: false,
            tops_all_sluff: AllSluff::CarryOver,
            rotation: Rotation::Counterclockwise,
            initial_upcard: false,
            draw_from_discard: DrawFromDiscard::PrecedingStockOnly,
            forcing: Forcing::Mandatory,
            split_requires_layoff: false,
            stock_exhausted: StockExhausted::ReshuffleDead,
            players_min: 2,
            players_max: 15,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The deck (§1)

/// How many copies of card `code` the deck holds (0 for a code outside 0..40).
pub fn copies_of(code: u8, rules: &PanRules) -> u16 {
    if code as usize >= NUM_CARDS {
        return 0;
    }
    let mut n = rules.packs as u16;
    if suit_of(code) == SPADES && rules.remove_one_spade_suit {
        n = n.saturating_sub(1);
    }
    n + rules.extra_cards[code as usize] as u16
}

/// Copies of every card: 8 of each club, diamond and heart card and 7 of each spade by default.
pub fn deck_counts(rules: &PanRules) -> [u16; NUM_CARDS] {
    std::array::from_fn(|c| copies_of(c as u8, rules))
}

/// The whole deck in code order: 310 cards by default (§1.1).
pub fn deck(rules: &PanRules) -> Vec<u8> {
    let counts = deck_counts(rules);
    (0..NUM_CARDS as u8)
        .flat_map(|c| std::iter::repeat_n(c, counts[c as usize] as usize))
        .collect()
}

/// The deck shuffled by a Fisher-Yates shuffle driven by SplitMix64 from `seed`: the same seed
/// gives the same order on every platform.
pub fn shuffled_deck(rules: &PanRules, seed: u64) -> Vec<u8> {
    let mut d = deck(rules);
    let mut x = SplitMix64::new(seed);
    for i in (1..d.len()).rev() {
        d.swap(i, (x.next_u64() % (i as u64 + 1)) as usize);
    }
    d
}

// ---------------------------------------------------------------------------------------------
// Melds (§3)

/// The kind of a valid meld (§3.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MeldKind {
    /// Three or more consecutive cards of one suit (§3.1).
    Sequence,
    /// A group of one comoquer rank (2 3 4 5 6 7 J Q), all one suit (§3.2).
    GroupSuited,
    /// A group of one comoquer rank in three or more suits (§3.2, `group.unsuitedRule`).
    GroupUnsuited,
    /// A group of aces or of kings, any suits, including all one suit (§3.2).
    GroupNoncomoquer,
}

impl fmt::Display for MeldKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MeldKind::Sequence => "sequence",
            MeldKind::GroupSuited => "suited group",
            MeldKind::GroupUnsuited => "unsuited group",
            MeldKind::GroupNoncomoquer => "non-comoquer group",
        })
    }
}

/// Why some cards are not a valid meld (§3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MeldFault {
    /// A code outside 0..40.
    BadCode(u8),
    /// Fewer than three cards.
    TooFew(usize),
    /// More than eleven cards (§3.3).
    TooMany(usize),
    /// More copies of a card than the deck holds (§3.2: deck counts set the limit).
    MoreCopiesThanDeck { card: u8, count: usize, deck: u16 },
    /// Neither one rank (a group) nor one suit (a sequence).
    MixedRanksAndSuits,
    /// A sequence with two cards of this rank (§3.1: ranks pairwise distinct).
    RepeatedRank(u8),
    /// One suit, distinct ranks, but they do not run (gap, or a wrap past the king, §2.2).
    NotConsecutive,
    /// A comoquer group whose suits break `group.unsuitedRule` (§3.2).
    BadSuits { rank: u8, rule: UnsuitedRule },
}

impl fmt::Display for MeldFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MeldFault::BadCode(c) => write!(f, "invalid Pan card code {c}: expected 0..39"),
            MeldFault::TooFew(n) => write!(f, "a meld needs at least 3 cards, got {n}"),
            MeldFault::TooMany(n) => write!(f, "a meld has at most 11 cards, got {n}"),
            MeldFault::MoreCopiesThanDeck { card, count, deck } => write!(
                f,
                "{count} copies of {} but the deck holds {deck}",
                card_name(*card)
            ),
            MeldFault::MixedRanksAndSuits => {
                f.write_str("neither one rank (a group) nor one suit (a sequence)")
            }
            MeldFault::RepeatedRank(r) => {
                write!(
                    f,
                    "a sequence cannot hold two {}s",
                    RANK_CHARS[*r as usize % 10] as char
                )
            }
            MeldFault::NotConsecutive => f.write_str(
                "the ranks do not run (order A 2 3 4 5 6 7 J Q K, ace low only, no wrap)",
            ),
            MeldFault::BadSuits { rank, rule } => {
                let r = RANK_CHARS[*rank as usize % 10] as char;
                match rule {
                    UnsuitedRule::AtLeastThreeDistinct => write!(
                        f,
                        "a group of {r}s must be all one suit or of at least three different suits"
                    ),
                    UnsuitedRule::AllDistinct => write!(
                        f,
                        "a group of {r}s must be all one suit or all different suits"
                    ),
                }
            }
        }
    }
}

/// Cards as a count per code; `Err` names a code outside 0..40 (the smallest).
fn count_cards(cards: &[u8]) -> Result<[u8; NUM_CARDS], u8> {
    let mut counts = [0u8; NUM_CARDS];
    let mut bad: Option<u8> = None;
    for &c in cards {
        match counts.get_mut(c as usize) {
            Some(n) => *n = n.saturating_add(1),
            None => bad = Some(bad.map_or(c, |b| b.min(c))),
        }
    }
    bad.map_or(Ok(counts), Err)
}

fn check_copies(counts: &[u8; NUM_CARDS], rules: &PanRules) -> Result<(), MeldFault> {
    for (code, &n) in counts.iter().enumerate() {
        // Only a card held at least as often as there are packs can exceed the deck.
        if (n as u16) < rules.packs as u16 {
            continue;
        }
        let deck = copies_of(code as u8, rules);
        if n as u16 > deck {
            return Err(MeldFault::MoreCopiesThanDeck {
                card: code as u8,
                count: n as usize,
                deck,
            });
        }
    }
    Ok(())
}

/// The kind of meld these cards make, or why they make none (§3, reference algorithm §7).
/// The answer does not depend on the order of the cards.
pub fn check_meld(cards: &[u8], rules: &PanRules) -> Result<MeldKind, MeldFault> {
    if let Some(&bad) = cards.iter().filter(|&&c| c as usize >= NUM_CARDS).min() {
        return Err(MeldFault::BadCode(bad));
    }
    let n = cards.len();
    if n < 3 {
        return Err(MeldFault::TooFew(n));
    }
    if n > MAX_MELD {
        return Err(MeldFault::TooMany(n));
    }
    // Only a meld with at least `packs` cards can hold more copies of a card than the deck.
    if n >= rules.packs as usize {
        let counts = count_cards(cards).map_err(MeldFault::BadCode)?;
        check_copies(&counts, rules)?;
    }
    let (mut ranks, mut suits, mut repeated) = (0u16, 0u8, 0u16);
    for &c in cards {
        let bit = 1 << rank_of(c);
        repeated |= ranks & bit;
        ranks |= bit;
        suits |= 1 << suit_of(c);
    }
    if ranks.count_ones() == 1 {
        let rank = ranks.trailing_zeros() as u8;
        let k = suits.count_ones() as usize;
        return if is_noncomoquer_rank(rank) {
            Ok(MeldKind::GroupNoncomoquer)
        } else if k == 1 {
            Ok(MeldKind::GroupSuited)
        } else if match rules.unsuited_rule {
            UnsuitedRule::AtLeastThreeDistinct => k >= 3,
            UnsuitedRule::AllDistinct => k == n,
        } {
            Ok(MeldKind::GroupUnsuited)
        } else {
            Err(MeldFault::BadSuits {
                rank,
                rule: rules.unsuited_rule,
            })
        };
    }
    if suits.count_ones() != 1 {
        return Err(MeldFault::MixedRanksAndSuits);
    }
    if repeated != 0 {
        return Err(MeldFault::RepeatedRank(repeated.trailing_zeros() as u8));
    }
    // Distinct ranks in 0..10 that run without a gap: A is 0 and K is 9, so there is no wrap.
    let low = ranks.trailing_zeros() as usize;
    let high = 15 - ranks.leading_zeros() as usize;
    if high - low + 1 == n {
        Ok(MeldKind::Sequence)
    } else {
        Err(MeldFault::NotConsecutive)
    }
}

/// The kind of meld, or `None` when the cards are not a valid meld (§3.4).
pub fn classify(cards: &[u8], rules: &PanRules) -> Option<MeldKind> {
    check_meld(cards, rules).ok()
}

pub fn is_meld(cards: &[u8], rules: &PanRules) -> bool {
    check_meld(cards, rules).is_ok()
}

// ---------------------------------------------------------------------------------------------
// Conditions (§4)

/// The paying melds of table §4.1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Condition {
    /// C1: valle group (3s, 5s or 7s) of different suits.
    ValleUnsuited,
    /// C2: valle group of one suit.
    ValleSuited,
    /// C3: non-valle group of one suit.
    SuitedGroup,
    /// C4: the low run A-2-3 (per `pays.escalera`).
    LowRun,
    /// C5: the high run J-Q-K (per `pays.escalera`).
    HighRun,
}

impl Condition {
    const ALL: [Condition; 5] = [
        Condition::ValleUnsuited,
        Condition::ValleSuited,
        Condition::SuitedGroup,
        Condition::LowRun,
        Condition::HighRun,
    ];

    /// Chips for laying the condition down (§4.1), doubled in spades when `spades`.
    pub fn value(self, spades: bool, rules: &PanRules) -> u64 {
        let v = match self {
            Condition::ValleUnsuited => rules.pay_valle_unsuited,
            Condition::ValleSuited => rules.pay_valle_suited,
            Condition::SuitedGroup => rules.pay_suited_group,
            Condition::LowRun => rules.pay_low_run,
            Condition::HighRun => rules.pay_high_run,
        };
        double_if(v, spades)
    }

    /// Chips per card laid off onto the condition under `pays.layoff = perCard` (§4.2, PW): the
    /// condition's value, except a one-suit valle group which collects its lay-off value.
    pub fn layoff_value(self, spades: bool, rules: &PanRules) -> u64 {
        match self {
            Condition::ValleSuited => double_if(rules.pay_valle_suited_layoff, spades),
            _ => self.value(spades, rules),
        }
    }
}

fn double_if(v: u64, yes: bool) -> u64 {
    if yes {
        v.saturating_mul(2)
    } else {
        v
    }
}

/// Condition instances counted by (type, spades): index `type * 2 + spades`. Splits and borrows
/// pay the increase of these counts (§4.3).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct CondCounts([u8; 10]);

impl CondCounts {
    fn add(&mut self, other: CondCounts) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a = a.saturating_add(b);
        }
    }

    fn value(&self, rules: &PanRules) -> u64 {
        self.weighted(|c, sp| c.value(sp, rules))
    }

    fn weighted(&self, f: impl Fn(Condition, bool) -> u64) -> u64 {
        let mut total = 0u64;
        for (i, &n) in self.0.iter().enumerate() {
            if n > 0 {
                let v = f(Condition::ALL[i / 2], i % 2 == 1);
                total = total.saturating_add(v.saturating_mul(n as u64));
            }
        }
        total
    }

    /// Value of the instances in `after` beyond those in `self`: what an operation creates.
    fn increase(&self, after: &CondCounts, rules: &PanRules) -> u64 {
        let mut new = CondCounts::default();
        for i in 0..10 {
            new.0[i] = after.0[i].saturating_sub(self.0[i]);
        }
        new.value(rules)
    }
}

/// Conditions of a meld known to be valid and of kind `kind` (reference algorithm §7).
fn cond_counts_of(cards: &[u8], kind: MeldKind, rules: &PanRules) -> CondCounts {
    let mut out = CondCounts::default();
    let Some(&first) = cards.first() else {
        return out;
    };
    let suited = cards.iter().all(|&c| suit_of(c) == suit_of(first));
    let spades = suited && suit_of(first) == SPADES && rules.spades_double;
    let mut push = |c: Condition| out.0[c as usize * 2 + spades as usize] += 1;
    match kind {
        MeldKind::Sequence => {
            let low = cards.iter().map(|&c| rank_of(c)).min().unwrap_or(0);
            let high = cards.iter().map(|&c| rank_of(c)).max().unwrap_or(0);
            let length_ok = rules.escalera == Escalera::EndsAtAOrK || cards.len() == 3;
            if low == ACE && length_ok {
                push(Condition::LowRun);
            }
            if high == KING && length_ok {
                push(Condition::HighRun);
            }
        }
        _ => {
            let rank = rank_of(first);
            if is_valle_rank(rank) {
                push(if suited {
                    Condition::ValleSuited
                } else {
                    Condition::ValleUnsuited
                });
            } else if suited && (!is_noncomoquer_rank(rank) || rules.suited_noncomoquer_pays) {
                push(Condition::SuitedGroup);
            }
        }
    }
    out
}

fn cond_counts(cards: &[u8], rules: &PanRules) -> CondCounts {
    match check_meld(cards, rules) {
        Ok(kind) => cond_counts_of(cards, kind, rules),
        Err(_) => CondCounts::default(),
    }
}

/// The conditions a meld carries, each with what every opponent pays for it when laid down
/// (§4.1). Empty for a non-paying or invalid meld. A 10-card A..K run carries both runs.
pub fn condition_list(cards: &[u8], rules: &PanRules) -> Vec<(Condition, u64)> {
    let counts = cond_counts(cards, rules);
    let mut out = Vec::new();
    for (i, &n) in counts.0.iter().enumerate() {
        let c = Condition::ALL[i / 2];
        for _ in 0..n {
            out.push((c, c.value(i % 2 == 1, rules)));
        }
    }
    out
}

/// What each opponent pays for this meld as laid down (§4.1); 0 for a non-paying or invalid
/// meld.
pub fn conditions(cards: &[u8], rules: &PanRules) -> u64 {
    cond_counts(cards, rules).value(rules)
}

/// What each active opponent pays the player who goes out (§4.4): `outs_base` plus the
/// conditions of his melds as they lie, plus `layoff_chips` when `outs_include_layoff_value`.
pub fn outs(melds: &[Vec<u8>], layoff_chips: u64, rules: &PanRules) -> u64 {
    let mut total = rules.outs_base;
    for m in melds {
        total = total.saturating_add(conditions(m, rules));
    }
    if rules.outs_include_layoff_value {
        total = total.saturating_add(layoff_chips);
    }
    total
}

// ---------------------------------------------------------------------------------------------
// Operations of a turn on one's own melds (§6.4)

/// Which meld of an operation an error is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MeldRole {
    /// The meld already on the table.
    Existing,
    /// A meld being laid down.
    New,
    /// The meld after a lay-off.
    Increased,
    /// One of the two melds of a split.
    SplitPart,
    /// What stays on the table after a borrow.
    Remainder,
}

impl fmt::Display for MeldRole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MeldRole::Existing => "the meld",
            MeldRole::New => "the new meld",
            MeldRole::Increased => "the increased meld",
            MeldRole::SplitPart => "a split part",
            MeldRole::Remainder => "what remains after borrowing",
        })
    }
}

/// Why an operation is illegal; the message names the cards and the rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MeldError {
    /// Some cards that must be a valid meld are not.
    Invalid {
        role: MeldRole,
        cards: Vec<u8>,
        fault: MeldFault,
    },
    /// A lay-off, borrow or split adds no card where one is needed.
    NoCards,
    /// `group.keepCharacter` (§3.2): the lay-off would turn a one-suit group into a mixed one.
    CharacterChanged { meld: Vec<u8>, cards: Vec<u8> },
    /// A card to split off or borrow is not in the meld.
    NotInMeld { card: u8, meld: Vec<u8> },
    /// Borrowing needs a meld of four or more cards (§6.4).
    TooSmallToBorrow { meld: Vec<u8> },
    /// `split.requiresLayoffThisTurn` (§6.4): a split must add cards.
    SplitNeedsLayoff,
    /// Borrowed cards go into a new meld together with the drawn card or hand cards (§6.4).
    BorrowNeedsOwnCards,
    /// Going out needs 11 cards in all (§6.3).
    WrongCount { got: usize },
    /// A card code outside 0..40.
    BadCard(u8),
    /// More copies of a card than the deck holds (§1.1).
    MoreCopiesThanDeck { card: u8, count: usize, deck: u16 },
}

impl fmt::Display for MeldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MeldError::Invalid { role, cards, fault } => {
                write!(f, "{role} {} is not valid: {fault}", cards_name(cards))
            }
            MeldError::NoCards => f.write_str("no cards given"),
            MeldError::CharacterChanged { meld, cards } => write!(
                f,
                "laying off {} would turn the one-suit group {} into a mixed one \
                 (group.keepCharacter)",
                cards_name(cards),
                cards_name(meld)
            ),
            MeldError::NotInMeld { card, meld } => {
                write!(
                    f,
                    "{} is not in the meld {}",
                    card_name(*card),
                    cards_name(meld)
                )
            }
            MeldError::TooSmallToBorrow { meld } => write!(
                f,
                "cannot borrow from {}: only melds of four or more cards lend",
                cards_name(meld)
            ),
            MeldError::SplitNeedsLayoff => {
                f.write_str("a split must lay off cards first (split.requiresLayoffThisTurn)")
            }
            MeldError::BorrowNeedsOwnCards => {
                f.write_str("borrowed cards must make a new meld with the drawn card or hand cards")
            }
            MeldError::WrongCount { got } => {
                write!(f, "going out takes 11 cards in all, got {got}")
            }
            MeldError::BadCard(c) => write!(f, "invalid Pan card code {c}: expected 0..39"),
            MeldError::MoreCopiesThanDeck { card, count, deck } => write!(
                f,
                "{count} copies of {} but the deck holds {deck}",
                card_name(*card)
            ),
        }
    }
}

impl std::error::Error for MeldError {}

/// The melds an operation leaves (each sorted by code) and what every opponent pays for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub melds: Vec<Vec<u8>>,
    pub pays: u64,
}

fn sorted(cards: &[u8]) -> Vec<u8> {
    let mut v = cards.to_vec();
    v.sort_unstable();
    v
}

fn concat(a: &[u8], b: &[u8]) -> Vec<u8> {
    let mut v = Vec::with_capacity(a.len() + b.len());
    v.extend_from_slice(a);
    v.extend_from_slice(b);
    v.sort_unstable();
    v
}

fn valid(role: MeldRole, cards: &[u8], rules: &PanRules) -> Result<MeldKind, MeldError> {
    check_meld(cards, rules).map_err(|fault| MeldError::Invalid {
        role,
        cards: sorted(cards),
        fault,
    })
}

/// `whole` minus `part` as multisets, or the first card of `part` that `whole` lacks.
fn remove_cards(whole: &[u8], part: &[u8]) -> Result<Vec<u8>, u8> {
    let mut rest = sorted(whole);
    for &c in part {
        match rest.iter().position(|&x| x == c) {
            Some(i) => {
                rest.remove(i);
            }
            None => return Err(c),
        }
    }
    Ok(rest)
}

fn one_suit(cards: &[u8]) -> bool {
    cards.windows(2).all(|w| suit_of(w[0]) == suit_of(w[1]))
}

/// Lays down a new meld (§6.4 "New meld"): pays its conditions.
pub fn meld(cards: &[u8], rules: &PanRules) -> Result<Outcome, MeldError> {
    let kind = valid(MeldRole::New, cards, rules)?;
    let cards = sorted(cards);
    let pays = cond_counts_of(&cards, kind, rules).value(rules);
    Ok(Outcome {
        melds: vec![cards],
        pays,
    })
}

/// Adds `cards` (hand cards or the drawn card) to one's own `meld` (§6.4 "Lay-off"). The result
/// must be valid and, under `keep_character`, a one-suit group stays one suit (§3.2). Pays per
/// `layoff_pay` (§4.2): under `PerCard`, every added card collects the lay-off value of each
/// condition the meld carries before and still carries after; conditions the lay-off creates
/// pay their full value.
pub fn lay_off(meld: &[u8], cards: &[u8], rules: &PanRules) -> Result<Outcome, MeldError> {
    let before_kind = valid(MeldRole::Existing, meld, rules)?;
    if cards.is_empty() {
        return Err(MeldError::NoCards);
    }
    let after = concat(meld, cards);
    let after_kind = valid(MeldRole::Increased, &after, rules)?;
    if rules.keep_character
        && before_kind != MeldKind::Sequence
        && one_suit(meld)
        && !one_suit(&after)
    {
        return Err(MeldError::CharacterChanged {
            meld: sorted(meld),
            cards: sorted(cards),
        });
    }
    let before = cond_counts_of(meld, before_kind, rules);
    let now = cond_counts_of(&after, after_kind, rules);
    let pays = layoff_pays(&before, &now, cards.len(), rules);
    Ok(Outcome {
        melds: vec![after],
        pays,
    })
}

fn layoff_pays(before: &CondCounts, after: &CondCounts, added: usize, rules: &PanRules) -> u64 {
    let created = before.increase(after, rules);
    match rules.layoff_pay {
        LayoffPay::NoPay => 0,
        LayoffPay::NewConditionsOnly => created,
        LayoffPay::PerCard => {
            let mut kept = CondCounts::default();
            for i in 0..10 {
                kept.0[i] = before.0[i].min(after.0[i]);
            }
            let per_card = kept.weighted(|c, sp| c.layoff_value(sp, rules));
            per_card
                .saturating_mul(added as u64)
                .saturating_add(created)
        }
    }
}

/// Splits one's own `meld`, after laying off `added` onto it (may be empty), into `part` and
/// the rest, both valid melds (§6.4 "Split"). A sequence can only split at one point; a group
/// into any two valid groups. Pays the lay-off (as [`lay_off`]) plus every condition instance
/// the two parts carry beyond the whole (§4.3). Under `split_requires_layoff`, `added` must not
/// be empty.
pub fn split(
    meld: &[u8],
    added: &[u8],
    part: &[u8],
    rules: &PanRules,
) -> Result<Outcome, MeldError> {
    let (whole, mut pays) = if added.is_empty() {
        if rules.split_requires_layoff {
            return Err(MeldError::SplitNeedsLayoff);
        }
        valid(MeldRole::Existing, meld, rules)?;
        (sorted(meld), 0)
    } else {
        let o = lay_off(meld, added, rules)?;
        (o.melds.into_iter().next().unwrap_or_default(), o.pays)
    };
    let rest = remove_cards(&whole, part).map_err(|card| MeldError::NotInMeld {
        card,
        meld: whole.clone(),
    })?;
    let part = sorted(part);
    let k1 = valid(MeldRole::SplitPart, &part, rules)?;
    let k2 = valid(MeldRole::SplitPart, &rest, rules)?;
    let before = cond_counts(&whole, rules);
    let mut after = cond_counts_of(&part, k1, rules);
    after.add(cond_counts_of(&rest, k2, rules));
    pays = pays.saturating_add(before.increase(&after, rules));
    Ok(Outcome {
        melds: vec![part, rest],
        pays,
    })
}

/// Borrows `take` from one's own `meld` of four or more cards, leaving a valid meld, and lays
/// them down with `with` (the drawn card and/or hand cards, not empty) as a new meld (§6.4
/// "Borrow"). In a sequence only end cards can go. Pays every condition instance the remainder
/// and the new meld carry beyond the old meld (§4.3); nothing is refunded.
pub fn borrow(
    meld: &[u8],
    take: &[u8],
    with: &[u8],
    rules: &PanRules,
) -> Result<Outcome, MeldError> {
    let kind = valid(MeldRole::Existing, meld, rules)?;
    if take.is_empty() {
        return Err(MeldError::NoCards);
    }
    if with.is_empty() {
        return Err(MeldError::BorrowNeedsOwnCards);
    }
    if meld.len() < 4 {
        return Err(MeldError::TooSmallToBorrow { meld: sorted(meld) });
    }
    let rest = remove_cards(meld, take).map_err(|card| MeldError::NotInMeld {
        card,
        meld: sorted(meld),
    })?;
    let k_rest = valid(MeldRole::Remainder, &rest, rules)?;
    let new = concat(take, with);
    let k_new = valid(MeldRole::New, &new, rules)?;
    let before = cond_counts_of(meld, kind, rules);
    let mut after = cond_counts_of(&rest, k_rest, rules);
    after.add(cond_counts_of(&new, k_new, rules));
    Ok(Outcome {
        melds: vec![rest, new],
        pays: before.increase(&after, rules),
    })
}

// ---------------------------------------------------------------------------------------------
// Going out: the static arrangement solver

/// Cards arranged into valid melds, and the sum of their conditions: what laying them all down
/// pays, and what the outs add to `outs_base` (§4.4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arrangement {
    pub melds: Vec<Vec<u8>>,
    pub pays: u64,
}

/// "No arrangement" in the solver's memo; real pays saturate one below it.
const NO: u64 = u64::MAX;
const MAX_PAY: u64 = u64::MAX - 1;

fn add_pay(a: u64, b: u64) -> u64 {
    a.saturating_add(b).min(MAX_PAY)
}

/// Rank classes differ in group validity and pay: comoquers, valles, non-comoquers.
fn rank_class(rank: usize) -> usize {
    match rank {
        0 | 9 => 2,
        2 | 4 | 6 => 1,
        _ => 0,
    }
}

/// Solves going out for one `PanRules` with a dynamic programme over ranks whose state is the
/// open runs of each suit; at each rank the cards not in runs must split into valid groups.
/// Cheap to build (the free functions [`go_out`] and [`arrange`] build one per call).
#[derive(Debug, Clone)]
pub struct PanSolver {
    rules: PanRules,
    copies: [u16; NUM_CARDS],
    low: [u64; 4],
    high: [u64; 4],
    exact_three: bool,
}

/// Per call: the card counts (padded with two empty ranks), a memo per rank, and a memo of
/// the group splits of six or more cards of one rank.
struct Ctx {
    counts: [u8; 48],
    memo: [[Memo; MEMO]; 10],
    memo_len: [u8; 10],
    groups: [(u32, u64); MEMO],
    groups_len: usize,
}
const MEMO: usize = 12;

/// A memoised DP state at one rank: its best pay and the choice that reaches it.
#[derive(Debug, Clone, Copy, Default)]
struct Memo {
    state: u32,
    value: u64,
    choice: [SuitChoice; 4],
}

/// One suit's choice at one rank: runs kept going among the exactly-3 and 4+ runs, runs started.
#[derive(Debug, Clone, Copy, Default)]
struct SuitChoice {
    k3: u8,
    k4: u8,
    new: u8,
}

impl PanSolver {
    pub fn new(rules: &PanRules) -> PanSolver {
        let low = std::array::from_fn(|s| {
            double_if(
                rules.pay_low_run,
                s == SPADES as usize && rules.spades_double,
            )
        });
        let high = std::array::from_fn(|s| {
            double_if(
                rules.pay_high_run,
                s == SPADES as usize && rules.spades_double,
            )
        });
        PanSolver {
            rules: *rules,
            copies: deck_counts(rules),
            low,
            high,
            exact_three: rules.escalera == Escalera::ExactThree,
        }
    }

    pub fn rules(&self) -> &PanRules {
        &self.rules
    }

    /// Pay of one group of suit counts `h` in a rank class, or `None` if not a valid group.
    /// Mirrors `check_meld` and `cond_counts_of` (§3.2, §4.1).
    fn group_pay(&self, class: usize, h: [u8; 4]) -> Option<u64> {
        let n: u32 = h.iter().map(|&x| x as u32).sum();
        if n < 3 || n as usize > MAX_MELD {
            return None;
        }
        let k = h.iter().filter(|&&x| x > 0).count();
        let r = &self.rules;
        let spades = k == 1 && h[SPADES as usize] > 0 && r.spades_double;
        if class == 2 {
            let pays = k == 1 && r.suited_noncomoquer_pays;
            return Some(if pays {
                double_if(r.pay_suited_group, spades)
            } else {
                0
            });
        }
        if k > 1 {
            let ok = match r.unsuited_rule {
                UnsuitedRule::AtLeastThreeDistinct => k >= 3,
                UnsuitedRule::AllDistinct => k as u32 == n,
            };
            if !ok {
                return None;
            }
        }
        Some(match (class, k == 1) {
            (1, true) => double_if(r.pay_valle_suited, spades),
            (1, false) => r.pay_valle_unsuited,
            (_, true) => double_if(r.pay_suited_group, spades),
            (_, false) => 0,
        })
    }

    /// Sub-count vectors `h <= g` that hold a card of g's first suit, so that each partition
    /// of g into groups is met once.
    fn first_groups(g: [u8; 4]) -> impl Iterator<Item = [u8; 4]> {
        let s0 = g.iter().position(|&x| x > 0).unwrap_or(0);
        let lo = move |s: usize| u8::from(s == s0);
        (lo(0)..=g[0]).flat_map(move |a| {
            (lo(1)..=g[1]).flat_map(move |b| {
                (lo(2)..=g[2]).flat_map(move |c| (lo(3)..=g[3]).map(move |d| [a, b, c, d]))
            })
        })
    }

    /// Best pay of splitting one rank's cards (suit counts `g`) into valid groups, or `NO`.
    /// Up to five cards make at most one group; six or more (rare) are searched and memoised.
    fn group_best(&self, ctx: &mut Ctx, class: usize, g: [u8; 4]) -> u64 {
        let n: u32 = g.iter().map(|&x| x as u32).sum();
        match n {
            0 => return 0,
            1 | 2 => return NO,
            3..=5 => return self.group_pay(class, g).unwrap_or(NO),
            _ => {}
        }
        let key = (class as u32) << 16 | g.iter().fold(0, |k, &x| k << 4 | x as u32);
        if let Some(&(_, v)) = ctx.groups[..ctx.groups_len].iter().find(|e| e.0 == key) {
            return v;
        }
        let mut best = NO;
        for h in Self::first_groups(g) {
            let Some(p) = self.group_pay(class, h) else {
                continue;
            };
            let rest = self.group_best(ctx, class, std::array::from_fn(|s| g[s] - h[s]));
            if rest != NO && (best == NO || add_pay(p, rest) > best) {
                best = add_pay(p, rest);
            }
        }
        if ctx.groups_len < MEMO {
            ctx.groups[ctx.groups_len] = (key, best);
            ctx.groups_len += 1;
        }
        best
    }

    /// Calls `emit` with each group of one rank's cards in a split reaching `group_best`.
    fn group_partition(
        &self,
        ctx: &mut Ctx,
        class: usize,
        mut g: [u8; 4],
        emit: &mut impl FnMut([u8; 4]),
    ) {
        while g.iter().any(|&x| x > 0) {
            let target = self.group_best(ctx, class, g);
            let mut found = None;
            for h in Self::first_groups(g) {
                let Some(p) = self.group_pay(class, h) else {
                    continue;
                };
                let rest = self.group_best(ctx, class, std::array::from_fn(|s| g[s] - h[s]));
                if rest != NO && add_pay(p, rest) == target {
                    found = Some(h);
                    break;
                }
            }
            let Some(h) = found else { return };
            emit(h);
            for s in 0..4 {
                g[s] -= h[s];
            }
        }
    }

    /// Loads 11 or fewer cards; `None` if a code is bad, a card has more copies than the deck,
    /// or some card can neither be in a group (fewer than 3 of its rank) nor a run (no two
    /// neighbours of its suit), which rejects most random hands at once.
    fn load(&self, cards: &[u8]) -> Option<Ctx> {
        if cards.len() > GO_OUT_CARDS {
            return None;
        }
        let mut counts = [0u8; 48];
        let mut suit_mask = [0u16; 4];
        let mut rank_n = [0u8; 10];
        for &c in cards {
            let n = counts
                .get_mut(c as usize)
                .filter(|_| (c as usize) < NUM_CARDS)?;
            *n += 1;
            suit_mask[suit_of(c) as usize] |= 1 << rank_of(c);
            rank_n[rank_of(c) as usize] += 1;
        }
        let group_ranks = (0..10)
            .filter(|&r| rank_n[r] >= 3)
            .fold(0u16, |m, r| m | 1 << r);
        for m in suit_mask {
            let (up, down) = (m << 1, m >> 1);
            let in_run = (up & m << 2) | (up & down) | (down & m >> 2);
            if m & !(in_run | group_ranks) != 0 {
                return None;
            }
        }
        if counts
            .iter()
            .zip(&self.copies)
            .any(|(&n, &max)| n as u16 > max)
        {
            return None;
        }
        Some(Ctx {
            counts,
            memo: [[Memo::default(); MEMO]; 10],
            memo_len: [0; 10],
            groups: [(0, 0); MEMO],
            groups_len: 0,
        })
    }

    /// Whether these 11 cards can all be laid down as valid melds, and the arrangement whose
    /// conditions pay the most (§4.4, §6.3). `None` for any other number of cards.
    pub fn go_out(&self, cards: &[u8]) -> Option<Arrangement> {
        if cards.len() != GO_OUT_CARDS {
            return None;
        }
        self.arrange(cards)
    }

    /// The best arrangement of at most 11 cards into valid melds (no cards: no melds), or
    /// `None` if they cannot all be melded.
    pub fn arrange(&self, cards: &[u8]) -> Option<Arrangement> {
        let mut ctx = self.load(cards)?;
        let pays = self.best(&mut ctx, 0, 0);
        if pays == NO {
            return None;
        }
        let mut melds = Vec::with_capacity(4);
        self.rebuild(&mut ctx, &mut melds);
        melds.sort();
        Some(Arrangement { melds, pays })
    }

    /// Whether the cards can all be melded, without building the arrangement.
    pub fn can_meld_all(&self, cards: &[u8]) -> bool {
        self.load(cards)
            .is_some_and(|mut ctx| self.best(&mut ctx, 0, 0) != NO)
    }

    /// Best pay from rank `r` on, given the open runs `state`: per suit a byte of four 2-bit
    /// counts (runs of length 1, 2, exactly 3, and 4+; under `EndsAtAOrK` the 3-bucket is
    /// folded into the 4+ one, since length no longer matters once a run is valid).
    fn best(&self, ctx: &mut Ctx, r: usize, state: u32) -> u64 {
        if r == 10 {
            return self.finish(state);
        }
        let len = ctx.memo_len[r] as usize;
        if let Some(e) = ctx.memo[r][..len].iter().find(|e| e.state == state) {
            return e.value;
        }
        let mut best = NO;
        let mut choice = [SuitChoice::default(); 4];
        let mut sel = [SuitChoice::default(); 4];
        self.suit_step(ctx, r, 0, state, [0; 4], 0, 0, &mut sel, &mut |sel, v| {
            if best == NO || v > best {
                best = v;
                choice = *sel;
            }
            false
        });
        if len < MEMO {
            ctx.memo[r][len] = Memo {
                state,
                value: best,
                choice,
            };
            ctx.memo_len[r] += 1;
        }
        best
    }

    /// The choice at rank `r` that reaches `best(r, state)`: from the memo, or found again.
    fn best_choice(&self, ctx: &mut Ctx, r: usize, state: u32) -> Option<[SuitChoice; 4]> {
        let target = self.best(ctx, r, state);
        if target == NO {
            return None;
        }
        let len = ctx.memo_len[r] as usize;
        if let Some(e) = ctx.memo[r][..len].iter().find(|e| e.state == state) {
            return Some(e.choice);
        }
        let mut chosen = None;
        let mut sel = [SuitChoice::default(); 4];
        self.suit_step(ctx, r, 0, state, [0; 4], 0, 0, &mut sel, &mut |sel, v| {
            let hit = v == target;
            if hit {
                chosen = Some(*sel);
            }
            hit
        });
        chosen
    }

    /// Runs still open after the king must be valid; those ending at K pay C5.
    fn finish(&self, state: u32) -> u64 {
        let mut pay = 0;
        for s in 0..4 {
            let b = state >> (8 * s);
            let (a1, a2, a3, a4) = (b & 3, b >> 2 & 3, b >> 4 & 3, b >> 6 & 3);
            if a1 + a2 > 0 {
                return NO;
            }
            let paying = if self.exact_three { a3 } else { a4 };
            pay = add_pay(pay, self.high[s].saturating_mul(paying as u64));
        }
        pay
    }

    /// Enumerates the choices of suits `s..4` at rank `r`, then the groups of what is left of
    /// the rank and the rest of the hand; calls `visit(choices, total)` for every complete
    /// choice, stopping when it returns true (returns whether it stopped).
    #[allow(clippy::too_many_arguments)]
    fn suit_step(
        &self,
        ctx: &mut Ctx,
        r: usize,
        s: usize,
        state: u32,
        mut g: [u8; 4],
        pay: u64,
        next: u32,
        sel: &mut [SuitChoice; 4],
        visit: &mut dyn FnMut(&[SuitChoice; 4], u64) -> bool,
    ) -> bool {
        if s == 4 {
            let gp = self.group_best(ctx, rank_class(r), g);
            if gp == NO {
                return false;
            }
            let sub = self.best(ctx, r + 1, next);
            if sub == NO {
                return false;
            }
            return visit(sel, add_pay(add_pay(gp, pay), sub));
        }
        let c = ctx.counts[r * 4 + s];
        let b = (state >> (8 * s)) as u8;
        let (a1, a2, a3, a4) = (b & 3, b >> 2 & 3, b >> 4 & 3, b >> 6 & 3);
        let need = a1 + a2;
        // Runs of length 1 and 2 must go on; runs of length 1 also need the next rank.
        let n1 = ctx.counts[(r + 1) * 4 + s];
        let n2 = ctx.counts[(r + 2) * 4 + s];
        if c < need || a1 > n1 {
            return false;
        }
        for k3 in 0..=a3 {
            for k4 in 0..=a4 {
                let base = need + k3 + k4;
                if base > c {
                    continue;
                }
                let open = need + k3 + k4;
                // A new run needs this suit at the next two ranks; at most 3 runs are open in
                // a suit (11 cards), which keeps every count in 2 bits.
                let max_new = (c - base).min(n1 - a1).min(n2).min(3 - open);
                for new in 0..=max_new {
                    let left = c - base - new;
                    let mut run_pay = 0;
                    if self.exact_three {
                        if r == 3 {
                            // Runs of exactly three that stopped at rank 2 are A-2-3.
                            run_pay = self.low[s].saturating_mul((a3 - k3) as u64);
                        }
                    } else if r == 0 {
                        run_pay = self.low[s].saturating_mul(new as u64);
                    }
                    let nb = if self.exact_three {
                        new | a1 << 2 | a2 << 4 | (k3 + k4) << 6
                    } else {
                        new | a1 << 2 | (a2 + k4) << 6
                    };
                    sel[s] = SuitChoice { k3, k4, new };
                    g[s] = left;
                    if self.suit_step(
                        ctx,
                        r,
                        s + 1,
                        state,
                        g,
                        add_pay(pay, run_pay),
                        next | (nb as u32) << (8 * s),
                        sel,
                        visit,
                    ) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Follows the memoised optimum rank by rank, turning run counts into real runs (start
    /// rank, length; at most 3 open per suit) and group counts into real groups.
    fn rebuild(&self, ctx: &mut Ctx, out: &mut Vec<Vec<u8>>) {
        let run = |s: usize, start: u8, len: u8| -> Vec<u8> {
            (start..start + len).map(|rk| rk * 4 + s as u8).collect()
        };
        let mut runs = [[(0u8, 0u8); 3]; 4];
        let mut open = [0usize; 4];
        let mut state = 0u32;
        for r in 0..10 {
            let Some(sel) = self.best_choice(ctx, r, state) else {
                return;
            };
            let mut g = [0u8; 4];
            for s in 0..4 {
                let SuitChoice {
                    mut k3,
                    mut k4,
                    new,
                } = sel[s];
                let mut kept = [(0u8, 0u8); 3];
                let mut n = 0;
                for &(start, len) in &runs[s][..open[s]] {
                    // Runs of 1 or 2 must go on; of the valid ones, k3 of exactly three and k4
                    // of the longer (or, under EndsAtAOrK, of all valid ones) go on.
                    let budget = if len < 3 {
                        None
                    } else if len == 3 && self.exact_three {
                        Some(&mut k3)
                    } else {
                        Some(&mut k4)
                    };
                    let goes_on = match budget {
                        None => true,
                        Some(k) if *k > 0 => {
                            *k -= 1;
                            true
                        }
                        Some(_) => false,
                    };
                    if goes_on && n < 3 {
                        kept[n] = (start, len + 1);
                        n += 1;
                    } else {
                        out.push(run(s, start, len));
                    }
                }
                for _ in 0..new {
                    if n < 3 {
                        kept[n] = (r as u8, 1);
                        n += 1;
                    }
                }
                runs[s] = kept;
                open[s] = n;
                g[s] = ctx.counts[r * 4 + s].saturating_sub(n as u8);
            }
            state = self.encode_runs(&runs, &open);
            self.group_partition(ctx, rank_class(r), g, &mut |h| {
                let mut grp = Vec::with_capacity(h.iter().map(|&x| x as usize).sum());
                for (s, &n) in h.iter().enumerate() {
                    grp.extend(std::iter::repeat_n(r as u8 * 4 + s as u8, n as usize));
                }
                out.push(grp);
            });
        }
        for s in 0..4 {
            for &(start, len) in &runs[s][..open[s]] {
                out.push(run(s, start, len));
            }
        }
    }

    /// The DP state of some real open runs (see [`PanSolver::best`]).
    fn encode_runs(&self, runs: &[[(u8, u8); 3]; 4], open: &[usize; 4]) -> u32 {
        let mut state = 0u32;
        for s in 0..4 {
            let mut b = [0u32; 4];
            for &(_, len) in &runs[s][..open[s]] {
                let bucket = match len {
                    1 => 0,
                    2 => 1,
                    3 if self.exact_three => 2,
                    _ => 3,
                };
                b[bucket] += 1;
            }
            state |= (b[0] | b[1] << 2 | b[2] << 4 | b[3] << 6) << (8 * s);
        }
        state
    }
}

/// Whether these 11 cards can all be laid down as valid melds, and the arrangement whose
/// conditions pay the most (§4.4, §6.3); `None` if they cannot, or are not 11 valid cards.
pub fn go_out(cards: &[u8], rules: &PanRules) -> Option<Arrangement> {
    PanSolver::new(rules).go_out(cards)
}

/// The best arrangement of at most 11 cards into valid melds, or `None`.
pub fn arrange(cards: &[u8], rules: &PanRules) -> Option<Arrangement> {
    PanSolver::new(rules).arrange(cards)
}

// ---------------------------------------------------------------------------------------------
// Going out from the middle of a hand: a plan of operations

/// One operation of a turn (§6.4), naming the meld as it lies before the operation; replay it
/// with [`meld`], [`lay_off`], [`split`] or [`borrow`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// Lay down a new meld of hand cards (and the drawn card).
    Meld { cards: Vec<u8> },
    /// Add hand cards to a meld.
    LayOff { meld: Vec<u8>, cards: Vec<u8> },
    /// Add `added` (may be empty) to a meld and split off `part`.
    Split {
        meld: Vec<u8>,
        added: Vec<u8>,
        part: Vec<u8>,
    },
    /// Take `take` from a meld into a new meld with the hand cards `with`.
    Borrow {
        meld: Vec<u8>,
        take: Vec<u8>,
        with: Vec<u8>,
    },
}

/// How a player goes out this turn: the operations in order (the first places the drawn card,
/// §6.3), each with its pay, the final melds, and the totals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnPlan {
    pub steps: Vec<(Step, u64)>,
    /// The 11 cards as they finally lie, each meld sorted.
    pub melds: Vec<Vec<u8>>,
    /// What every opponent pays for the steps (§4.1 to §4.3).
    pub pays: u64,
    /// The conditions of the final melds, which the outs add to `outs_base` (§4.4).
    pub board_conditions: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct TurnState {
    melds: Vec<Vec<u8>>,
    hand: Vec<u8>,
    drawn: Option<u8>,
}

impl TurnState {
    fn new(mut melds: Vec<Vec<u8>>, mut hand: Vec<u8>, drawn: Option<u8>) -> TurnState {
        for m in &mut melds {
            m.sort_unstable();
        }
        melds.sort();
        hand.sort_unstable();
        TurnState { melds, hand, drawn }
    }

    fn with_melds(&self, i: usize, replace: Vec<Vec<u8>>, hand: Vec<u8>) -> TurnState {
        let mut melds: Vec<Vec<u8>> = self
            .melds
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, m)| m.clone())
            .collect();
        melds.extend(replace);
        TurnState::new(melds, hand, None)
    }
}

/// Every distinct sub-multiset of sorted `cards`, the empty one included.
fn sub_multisets(cards: &[u8]) -> Vec<Vec<u8>> {
    let mut out = vec![Vec::new()];
    let mut i = 0;
    while i < cards.len() {
        let c = cards[i];
        let n = cards[i..].iter().take_while(|&&x| x == c).count();
        let before = out.len();
        for k in 1..=n {
            for j in 0..before {
                let mut v = out[j].clone();
                v.extend(std::iter::repeat_n(c, k));
                out.push(v);
            }
        }
        i += n;
    }
    out
}

/// Plans going out from a position: the player's own `table` melds, his `hand`, and the card
/// he just `drawn` (from the stock or the live discard). The drawn card is placed by the first
/// operation (§6.3); then any lay-offs, splits, borrows and new melds (§6.4) until the hand is
/// empty with 11 cards on the table. Melds are never merged and cards never return to the hand.
///
/// Among the plans that go out, returns one that collects the most: step pays plus the board's
/// conditions (the outs beyond `outs_base`). `Ok(None)` when the player cannot go out; `Err`
/// for bad input: a bad code, an invalid table meld, more copies than the deck holds, or a
/// card count other than 11.
///
/// This is an exhaustive search over operations with memoisation; meant for one position at a
/// time (a hand with nothing on the table is much faster through [`go_out`]).
pub fn go_out_with(
    drawn: u8,
    hand: &[u8],
    table: &[Vec<u8>],
    rules: &PanRules,
) -> Result<Option<TurnPlan>, MeldError> {
    let all: Vec<u8> = std::iter::once(drawn)
        .chain(hand.iter().copied())
        .chain(table.iter().flatten().copied())
        .collect();
    let counts = count_cards(&all).map_err(MeldError::BadCard)?;
    for m in table {
        valid(MeldRole::Existing, m, rules)?;
    }
    if all.len() != GO_OUT_CARDS {
        return Err(MeldError::WrongCount { got: all.len() });
    }
    if let Err(MeldFault::MoreCopiesThanDeck { card, count, deck }) = check_copies(&counts, rules) {
        return Err(MeldError::MoreCopiesThanDeck { card, count, deck });
    }
    // The final board is a partition of the 11 cards into valid melds; without one, no plan.
    if !PanSolver::new(rules).can_meld_all(&all) {
        return Ok(None);
    }
    let start = TurnState::new(table.to_vec(), hand.to_vec(), Some(drawn));
    let mut memo = HashMap::new();
    let best = plan_best(&start, rules, &mut memo);
    if best == NO {
        return Ok(None);
    }
    let mut steps = Vec::new();
    let mut state = start;
    let mut pays = 0u64;
    while !(state.hand.is_empty() && state.drawn.is_none()) {
        let target = plan_best(&state, rules, &mut memo);
        let Some((step, pay, next)) =
            transitions(&state, rules)
                .into_iter()
                .find(|(_, pay, next)| {
                    let v = plan_best(next, rules, &mut memo);
                    v != NO && add_pay(*pay, v) == target
                })
        else {
            return Ok(None);
        };
        pays = add_pay(pays, pay);
        steps.push((step, pay));
        state = next;
    }
    let board_conditions = state
        .melds
        .iter()
        .fold(0, |t, m| add_pay(t, conditions(m, rules)));
    Ok(Some(TurnPlan {
        steps,
        melds: state.melds,
        pays,
        board_conditions,
    }))
}

fn plan_best(state: &TurnState, rules: &PanRules, memo: &mut HashMap<TurnState, u64>) -> u64 {
    if state.hand.is_empty() && state.drawn.is_none() {
        return state
            .melds
            .iter()
            .fold(0, |t, m| add_pay(t, conditions(m, rules)));
    }
    if let Some(&v) = memo.get(state) {
        return v;
    }
    let mut best = NO;
    for (_, pay, next) in transitions(state, rules) {
        let v = plan_best(&next, rules, memo);
        if v != NO && (best == NO || add_pay(pay, v) > best) {
            best = add_pay(pay, v);
        }
    }
    memo.insert(state.clone(), best);
    best
}

/// Every legal operation from a state, with its pay and the state after it. While the drawn
/// card is still to be placed, each operation must use it (§6.3).
fn transitions(state: &TurnState, rules: &PanRules) -> Vec<(Step, u64, TurnState)> {
    let mut avail = state.hand.clone();
    avail.extend(state.drawn);
    avail.sort_unstable();
    let mut out = Vec::new();
    for s in sub_multisets(&avail) {
        let must_place = state.drawn.is_some();
        if must_place && !state.drawn.is_some_and(|d| s.contains(&d)) {
            continue;
        }
        if s.is_empty() {
            // A split that adds nothing: only once the drawn card is down.
            if must_place || rules.split_requires_layoff {
                continue;
            }
        }
        let Ok(hand) = remove_cards(&avail, &s) else {
            continue;
        };
        if s.len() >= 3 {
            if let Ok(o) = meld(&s, rules) {
                let mut melds = state.melds.clone();
                melds.extend(o.melds);
                out.push((
                    Step::Meld { cards: s.clone() },
                    o.pays,
                    TurnState::new(melds, hand.clone(), None),
                ));
            }
        }
        for (i, m) in state.melds.iter().enumerate() {
            if !s.is_empty() {
                if let Ok(o) = lay_off(m, &s, rules) {
                    let next = state.with_melds(i, o.melds, hand.clone());
                    out.push((
                        Step::LayOff {
                            meld: m.clone(),
                            cards: s.clone(),
                        },
                        o.pays,
                        next,
                    ));
                } else {
                    // Not a valid lay-off, so no split after adding these cards either.
                    if m.len() >= 4 {
                        push_borrows(state, i, &s, &hand, rules, &mut out);
                    }
                    continue;
                }
                if m.len() >= 4 {
                    push_borrows(state, i, &s, &hand, rules, &mut out);
                }
            }
            let whole = concat(m, &s);
            if whole.len() < 6 {
                continue;
            }
            // Parts holding the first card, so each split is listed once.
            for part in sub_multisets(&whole[1..]) {
                let mut part = part;
                part.insert(0, whole[0]);
                if part.len() < 3 || whole.len() - part.len() < 3 {
                    continue;
                }
                if let Ok(o) = split(m, &s, &part, rules) {
                    let next = state.with_melds(i, o.melds, hand.clone());
                    let step = Step::Split {
                        meld: m.clone(),
                        added: s.clone(),
                        part,
                    };
                    out.push((step, o.pays, next));
                }
            }
        }
    }
    out
}

fn push_borrows(
    state: &TurnState,
    i: usize,
    with: &[u8],
    hand: &[u8],
    rules: &PanRules,
    out: &mut Vec<(Step, u64, TurnState)>,
) {
    let m = &state.melds[i];
    for take in sub_multisets(m) {
        if take.is_empty() || m.len() - take.len() < 3 {
            continue;
        }
        if let Ok(o) = borrow(m, &take, with, rules) {
            let next = state.with_melds(i, o.melds, hand.to_vec());
            let step = Step::Borrow {
                meld: m.clone(),
                take,
                with: with.to_vec(),
            };
            out.push((step, o.pays, next));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    fn p(s: &str) -> Vec<u8> {
        parse_cards(s).unwrap()
    }

    fn kind(s: &str) -> Option<MeldKind> {
        classify(&p(s), &PanRules::default())
    }

    fn pays(s: &str) -> u64 {
        conditions(&p(s), &PanRules::default())
    }

    /// `k` cards dealt from a freshly shuffled deck.
    fn deal(rng: &mut Rng, rules: &PanRules, k: usize) -> Vec<u8> {
        let mut d = deck(rules);
        rng.deal_front(&mut d, k);
        d.truncate(k);
        d
    }

    /// Reference for `go_out`: the best pay over every partition of the cards into valid melds,
    /// by a subset DP over bitmasks of card positions (an independent formulation from the
    /// solver's rank-by-rank search).
    fn brute_force(cards: &[u8], rules: &PanRules) -> Option<u64> {
        let n = cards.len();
        let full = (1usize << n) - 1;
        let subset = |mask: usize| -> Vec<u8> {
            (0..n)
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| cards[i])
                .collect()
        };
        let meld_pay: Vec<Option<u64>> = (0..=full)
            .map(|m| {
                let s = subset(m);
                is_meld(&s, rules).then(|| conditions(&s, rules))
            })
            .collect();
        let mut best: Vec<Option<u64>> = vec![None; full + 1];
        best[0] = Some(0);
        for mask in 1..=full {
            let low = mask & mask.wrapping_neg();
            let rest = mask ^ low;
            let mut sub = rest;
            loop {
                let m = sub | low;
                if let (Some(p), Some(b)) = (meld_pay[m], best[mask ^ m]) {
                    best[mask] = Some(best[mask].map_or(p + b, |x: u64| x.max(p + b)));
                }
                if sub == 0 {
                    break;
                }
                sub = (sub - 1) & rest;
            }
        }
        best[full]
    }

    fn multiset(cards: impl IntoIterator<Item = u8>) -> Vec<u8> {
        let mut v: Vec<u8> = cards.into_iter().collect();
        v.sort_unstable();
        v
    }

    /// Checks an arrangement: exactly the given cards, every meld valid, pays summed right.
    fn check_arrangement(cards: &[u8], a: &Arrangement, rules: &PanRules) {
        assert_eq!(
            multiset(a.melds.iter().flatten().copied()),
            multiset(cards.iter().copied())
        );
        for m in &a.melds {
            assert!(is_meld(m, rules), "{} in {:?}", cards_name(m), a);
        }
        assert_eq!(
            a.pays,
            a.melds.iter().map(|m| conditions(m, rules)).sum::<u64>()
        );
    }

    /// A random valid meld of `k` cards that the remaining deck `left` can supply.
    fn random_meld(
        rng: &mut Rng,
        left: &mut [u16; NUM_CARDS],
        k: usize,
        rules: &PanRules,
    ) -> Option<Vec<u8>> {
        for _ in 0..200 {
            let cand: Vec<u8> = if k <= 10 && rng.below(2) == 0 {
                let s = rng.below(4) as u8;
                let start = rng.below(11 - k) as u8;
                (start..start + k as u8).map(|r| r * 4 + s).collect()
            } else {
                let r = rng.below(10) as u8;
                match rng.below(3) {
                    0 => vec![r * 4 + rng.below(4) as u8; k],
                    _ => (0..k).map(|_| r * 4 + rng.below(4) as u8).collect(),
                }
            };
            let mut need = [0u16; NUM_CARDS];
            for &c in &cand {
                need[c as usize] += 1;
            }
            if is_meld(&cand, rules) && (0..NUM_CARDS).all(|c| need[c] <= left[c]) {
                for c in 0..NUM_CARDS {
                    left[c] -= need[c];
                }
                return Some(cand);
            }
        }
        None
    }

    /// 11 cards that can go out: random valid melds of sizes summing to 11, shuffled.
    fn built_hand(rng: &mut Rng, rules: &PanRules) -> Vec<u8> {
        const SHAPES: [&[usize]; 7] = [
            &[3, 3, 5],
            &[3, 4, 4],
            &[3, 8],
            &[4, 7],
            &[5, 6],
            &[11],
            &[3, 3, 5],
        ];
        loop {
            let mut left = deck_counts(rules);
            let shape = SHAPES[rng.below(SHAPES.len())];
            let melds: Option<Vec<Vec<u8>>> = shape
                .iter()
                .map(|&k| random_meld(rng, &mut left, k, rules))
                .collect();
            if let Some(melds) = melds {
                let mut cards: Vec<u8> = melds.concat();
                rng.shuffle(&mut cards);
                return cards;
            }
        }
    }

    // --- cards and deck (§1, §2) ---

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

    #[test]
    fn deck_of_310() {
        let rules = PanRules::default();
        let d = deck(&rules);
        assert_eq!(d.len(), 310);
        let counts = deck_counts(&rules);
        for c in 0..40u8 {
            let want = if suit_of(c) == 3 { 7 } else { 8 };
            assert_eq!(counts[c as usize], want, "{}", card_name(c));
            assert_eq!(d.iter().filter(|&&x| x == c).count(), want as usize);
        }
        let by_suit: Vec<usize> = (0..4)
            .map(|s| d.iter().filter(|&&c| suit_of(c) == s).count())
            .collect();
        assert_eq!(by_suit, vec![80, 80, 80, 70]);
        // §1.2 variants.
        let full = PanRules {
            remove_one_spade_suit: false,
            ..rules
        };
        assert_eq!(deck(&full).len(), 320);
        let five = PanRules { packs: 5, ..rules };
        assert_eq!(deck(&five).len(), 5 * 40 - 10);
        let mut extra = rules;
        extra.extra_cards[p("5s")[0] as usize] = 2;
        assert_eq!(deck(&extra).len(), 312);
        assert_eq!(copies_of(p("5s")[0], &extra), 9);
        assert_eq!(copies_of(40, &rules), 0);
        let mut s = shuffled_deck(&rules, 7);
        assert_ne!(s, d);
        assert_eq!(s, shuffled_deck(&rules, 7));
        s.sort_unstable();
        assert_eq!(s, d);
    }

    #[test]
    fn defaults_follow_section_8() {
        let r = PanRules::default();
        assert_eq!(
            (r.packs, r.remove_one_spade_suit, r.extra_cards),
            (8, true, [0; 40])
        );
        assert_eq!(
            (r.unsuited_rule, r.keep_character),
            (UnsuitedRule::AtLeastThreeDistinct, true)
        );
        let pays = [
            r.pay_valle_unsuited,
            r.pay_valle_suited,
            r.pay_valle_suited_layoff,
            r.pay_suited_group,
            r.pay_low_run,
            r.pay_high_run,
        ];
        assert_eq!(pays, [1, 2, 1, 1, 1, 1]);
        assert!(r.spades_double && r.suited_noncomoquer_pays);
        assert_eq!(
            (r.escalera, r.layoff_pay),
            (Escalera::EndsAtAOrK, LayoffPay::PerCard)
        );
        assert_eq!((r.outs_base, r.outs_include_layoff_value), (2, false));
        assert_eq!(
            (r.tops_amount, r.collection_fee, r.sluff_forfeit),
            (1, 0, 0)
        );
        assert!(!r.tops_allow_split && !r.initial_upcard && !r.must_claim_before_discard);
        assert!(!r.split_requires_layoff);
        assert_eq!(r.tops_all_sluff, AllSluff::CarryOver);
        assert_eq!(r.rotation, Rotation::Counterclockwise);
        assert_eq!(r.draw_from_discard, DrawFromDiscard::PrecedingStockOnly);
        assert_eq!(r.forcing, Forcing::Mandatory);
        assert_eq!(r.stock_exhausted, StockExhausted::ReshuffleDead);
        assert_eq!((r.players_min, r.players_max), (2, 15));
    }

    // --- melds (§3) ---

    #[test]
    fn table_3_5_examples() {
        use MeldKind::*;
        assert_eq!(kind("5d 6d 7d"), Some(Sequence));
        assert_eq!(kind("7h Jh Qh"), Some(Sequence));
        assert_eq!(kind("Ac 2c 3c"), Some(Sequence));
        assert_eq!(kind("Qs Ks As"), None);
        assert_eq!(kind("Kd Ad 2d"), None);
        assert_eq!(kind("6c 6d 6h"), Some(GroupUnsuited));
        assert_eq!(kind("6c 6c 6c"), Some(GroupSuited));
        assert_eq!(kind("6c 6c 6h"), None);
        assert_eq!(kind("6c 6d 6h 6c"), Some(GroupUnsuited));
        let strict = PanRules {
            unsuited_rule: UnsuitedRule::AllDistinct,
            ..PanRules::default()
        };
        assert_eq!(classify(&p("6c 6d 6h 6c"), &strict), None);
        assert_eq!(kind("Kc Kc Kh"), Some(GroupNoncomoquer));
        assert_eq!(kind("As Ad Ad Ah"), Some(GroupNoncomoquer));
        assert_eq!(kind("4c 4d"), None);
    }

    #[test]
    fn more_meld_rules() {
        use MeldKind::*;
        let strict = PanRules {
            unsuited_rule: UnsuitedRule::AllDistinct,
            ..PanRules::default()
        };
        // §3.2: two suits never make a comoquer group; repeated suits need the default rule.
        assert_eq!(kind("5c 5c 5d 5d"), None);
        assert_eq!(kind("5c 5d 5h 5s 5s"), Some(GroupUnsuited));
        assert_eq!(classify(&p("5c 5d 5h 5s"), &strict), Some(GroupUnsuited));
        assert_eq!(classify(&p("5c 5d 5h 5s 5s"), &strict), None);
        // Suited groups may hold copies up to the deck's count (8, 7 in spades).
        assert_eq!(kind(&"Qh ".repeat(8)), Some(GroupSuited));
        assert_eq!(kind(&"Qh ".repeat(9)), None);
        assert_eq!(kind(&"Qs ".repeat(7)), Some(GroupSuited));
        assert_eq!(kind(&"Qs ".repeat(8)), None);
        let full = PanRules {
            remove_one_spade_suit: false,
            ..PanRules::default()
        };
        assert_eq!(classify(&p(&"Qs ".repeat(8)), &full), Some(GroupSuited));
        // A..K is the longest run; no wrap; no duplicates; 7-J adjacent only.
        assert_eq!(kind("Ah 2h 3h 4h 5h 6h 7h Jh Qh Kh"), Some(Sequence));
        assert_eq!(kind("Kh Ah 2h"), None);
        assert_eq!(kind("5h 6h 6h 7h"), None);
        assert_eq!(kind("6h 7h Qh"), None);
        assert_eq!(kind("5h 6h 7c"), None);
        assert_eq!(kind(&"Ac Ad Ah As ".repeat(3)), None); // 12 cards > 11 (§3.3)
        assert_eq!(classify(&[0, 4, 40], &PanRules::default()), None);
    }

    #[test]
    fn faults_explain() {
        let r = PanRules::default();
        let f = |s: &str| check_meld(&p(s), &r).unwrap_err().to_string();
        assert!(f("4c 4d").contains("at least 3"));
        assert!(f("6c 6c 6h").contains("at least three different suits"));
        assert!(f("Kd Ad 2d").contains("no wrap"));
        assert!(f("5h 6h 6h").contains("two 6s"));
        assert!(f("5h 6h 7c").contains("neither"));
        assert!(f(&"Qs ".repeat(8)).contains("8 copies of Qs but the deck holds 7"));
        assert_eq!(check_meld(&[3, 50, 45], &r), Err(MeldFault::BadCode(45)));
    }

    #[test]
    fn classification_ignores_order() {
        let rules = PanRules::default();
        let strict = PanRules {
            unsuited_rule: UnsuitedRule::AllDistinct,
            ..rules
        };
        let mut rng = Rng::new(0x5eed, 0);
        let mut left = deck_counts(&rules);
        for i in 0..3000 {
            let k = 3 + rng.below(6);
            // Half real melds, half random cards (mostly not melds).
            let mut cards = if i % 2 == 0 {
                if left.iter().sum::<u16>() < 40 {
                    left = deck_counts(&rules);
                }
                random_meld(&mut rng, &mut left, k, &rules)
                    .unwrap_or_else(|| deal(&mut rng, &rules, k))
            } else if i % 4 == 1 {
                // Near-melds: one rank or one suit.
                let r = rng.below(10) as u8;
                (0..k).map(|_| r * 4 + rng.below(4) as u8).collect()
            } else {
                deal(&mut rng, &rules, k)
            };
            let want = (
                classify(&cards, &rules),
                classify(&cards, &strict),
                conditions(&cards, &rules),
            );
            for _ in 0..5 {
                rng.shuffle(&mut cards);
                assert_eq!(
                    (
                        classify(&cards, &rules),
                        classify(&cards, &strict),
                        conditions(&cards, &rules)
                    ),
                    want
                );
            }
        }
    }

    // --- conditions (§4.1) ---

    #[test]
    fn table_4_1_conditions() {
        // C1: valle group of different suits; no spade version.
        assert_eq!(pays("3c 3d 3h"), 1);
        assert_eq!(pays("5c 5d 5s"), 1);
        assert_eq!(pays("7c 7d 7h 7s 7s"), 1);
        // C2: valle group of one suit; 4 in spades (the bong).
        assert_eq!(pays("5c 5c 5c"), 2);
        assert_eq!(pays("7h 7h 7h 7h"), 2);
        assert_eq!(pays("3s 3s 3s"), 4);
        // C3: non-valle group of one suit, doubled in spades; aces and kings too by default.
        assert_eq!(pays("4c 4c 4c"), 1);
        assert_eq!(pays("Qs Qs Qs"), 2);
        assert_eq!(pays("Kh Kh Kh"), 1);
        assert_eq!(pays("As As As As"), 2);
        // C4 and C5, doubled in spades; a run that starts at A / ends at K carries them.
        assert_eq!(pays("Ac 2c 3c"), 1);
        assert_eq!(pays("As 2s 3s"), 2);
        assert_eq!(pays("Jh Qh Kh"), 1);
        assert_eq!(pays("Js Qs Ks"), 2);
        assert_eq!(pays("Ad 2d 3d 4d 5d"), 1);
        assert_eq!(pays("6d 7d Jd Qd Kd"), 1);
        // The 10-card A..K run carries both runs' pays.
        assert_eq!(pays("Ah 2h 3h 4h 5h 6h 7h Jh Qh Kh"), 2);
        assert_eq!(pays("As 2s 3s 4s 5s 6s 7s Js Qs Ks"), 4);
        let both = condition_list(&p("Ah 2h 3h 4h 5h 6h 7h Jh Qh Kh"), &PanRules::default());
        assert_eq!(both, vec![(Condition::LowRun, 1), (Condition::HighRun, 1)]);
        // Melds that pay nothing.
        assert_eq!(pays("4c 4d 4h"), 0);
        assert_eq!(pays("Kc Kd Kh"), 0);
        assert_eq!(pays("Ac As Ac"), 0);
        assert_eq!(pays("2c 3c 4c"), 0);
        assert_eq!(pays("5s 6s 7s Js"), 0);
        assert_eq!(pays("4c 4d"), 0);
        assert_eq!(
            condition_list(&p("5s 5s 5s"), &PanRules::default()),
            vec![(Condition::ValleSuited, 4)]
        );
    }

    #[test]
    fn condition_rule_variants() {
        let d = PanRules::default();
        let no_double = PanRules {
            spades_double: false,
            ..d
        };
        assert_eq!(conditions(&p("3s 3s 3s"), &no_double), 2);
        assert_eq!(conditions(&p("Qs Qs Qs"), &no_double), 1);
        assert_eq!(conditions(&p("As 2s 3s"), &no_double), 1);
        let no_ak = PanRules {
            suited_noncomoquer_pays: false,
            ..d
        };
        assert_eq!(conditions(&p("Kh Kh Kh"), &no_ak), 0);
        assert_eq!(conditions(&p("As As As"), &no_ak), 0);
        assert_eq!(conditions(&p("Qh Qh Qh"), &no_ak), 1);
        let exact = PanRules {
            escalera: Escalera::ExactThree,
            ..d
        };
        assert_eq!(conditions(&p("Ac 2c 3c"), &exact), 1);
        assert_eq!(conditions(&p("Ac 2c 3c 4c"), &exact), 0);
        assert_eq!(conditions(&p("Jc Qc Kc"), &exact), 1);
        assert_eq!(conditions(&p("7c Jc Qc Kc"), &exact), 0);
        assert_eq!(conditions(&p("Ah 2h 3h 4h 5h 6h 7h Jh Qh Kh"), &exact), 0);
        let values = PanRules {
            pay_valle_unsuited: 3,
            pay_valle_suited: 5,
            pay_suited_group: 7,
            pay_low_run: 11,
            pay_high_run: 13,
            ..d
        };
        assert_eq!(conditions(&p("5c 5d 5h"), &values), 3);
        assert_eq!(conditions(&p("5s 5s 5s"), &values), 10);
        assert_eq!(conditions(&p("4s 4s 4s"), &values), 14);
        assert_eq!(conditions(&p("Ah 2h 3h 4h 5h 6h 7h Jh Qh Kh"), &values), 24);
        let huge = PanRules {
            pay_low_run: u64::MAX,
            pay_high_run: u64::MAX,
            ..d
        };
        assert_eq!(
            conditions(&p("As 2s 3s 4s 5s 6s 7s Js Qs Ks"), &huge),
            u64::MAX
        );
    }

    #[test]
    fn outs_follow_section_4_4() {
        let d = PanRules::default();
        let melds = vec![p("5s 5s 5s"), p("Ac 2c 3c 4c"), p("6c 6d 6h 6s")];
        assert_eq!(outs(&melds, 3, &d), 2 + 4 + 1);
        let incl = PanRules {
            outs_include_layoff_value: true,
            outs_base: 1,
            ..d
        };
        assert_eq!(outs(&melds, 3, &incl), 1 + 4 + 1 + 3);
    }

    // --- operations (§4.2, §4.3, §6.4) ---

    #[test]
    fn lay_off_pays_and_rules() {
        let d = PanRules::default();
        let lo = |m: &str, c: &str, r: &PanRules| lay_off(&p(m), &p(c), r);
        // §4.2: a lay-off that creates a condition pays it in full.
        assert_eq!(
            lo("2d 3d 4d", "Ad", &d).unwrap(),
            Outcome {
                melds: vec![p("Ad 2d 3d 4d")],
                pays: 1
            }
        );
        // Per card on a condition (PW): C2 collects 1 (2 in spades), others their value.
        assert_eq!(lo("5c 5c 5c", "5c", &d).unwrap().pays, 1);
        assert_eq!(lo("5s 5s 5s", "5s 5s", &d).unwrap().pays, 4);
        assert_eq!(lo("5c 5d 5h", "5s", &d).unwrap().pays, 1);
        assert_eq!(lo("4c 4c 4c", "4c", &d).unwrap().pays, 1);
        assert_eq!(lo("Qs Qs Qs", "Qs", &d).unwrap().pays, 2);
        assert_eq!(lo("As 2s 3s", "4s 5s", &d).unwrap().pays, 4);
        assert_eq!(lo("4h 5h 6h", "7h", &d).unwrap().pays, 0);
        // Reaching the king creates C5 and the per-card C4 still pays.
        assert_eq!(
            lo("Ah 2h 3h 4h 5h 6h 7h Jh", "Qh Kh", &d).unwrap().pays,
            2 + 1
        );
        // Pays variants.
        let new_only = PanRules {
            layoff_pay: LayoffPay::NewConditionsOnly,
            ..d
        };
        assert_eq!(lo("5c 5c 5c", "5c", &new_only).unwrap().pays, 0);
        assert_eq!(lo("2d 3d 4d", "Ad", &new_only).unwrap().pays, 1);
        let none = PanRules {
            layoff_pay: LayoffPay::NoPay,
            ..d
        };
        assert_eq!(lo("2d 3d 4d", "Ad", &none).unwrap().pays, 0);
        assert_eq!(lo("5c 5c 5c", "5c", &none).unwrap().pays, 0);
        // Under exactThree A-2-3 loses its condition when increased, so nothing pays again.
        let exact = PanRules {
            escalera: Escalera::ExactThree,
            ..d
        };
        assert_eq!(lo("Ah 2h 3h", "4h", &exact).unwrap().pays, 0);
        // group.keepCharacter (§3.2).
        let e = lo("6c 6c 6c", "6d 6h", &d).unwrap_err();
        assert!(matches!(e, MeldError::CharacterChanged { .. }));
        assert!(e.to_string().contains("keepCharacter"));
        assert!(lo("Kh Kh Kh", "Kc", &d).is_err());
        assert!(lo("Kh Kc Kh", "Kh", &d).is_ok());
        let free = PanRules {
            keep_character: false,
            ..d
        };
        // The suited group became unsuited: its C3 is gone, nothing is created, nothing pays.
        assert_eq!(lo("6c 6c 6c", "6d 6h", &free).unwrap().pays, 0);
        assert_eq!(lo("5c 5c 5c", "5d 5h", &free).unwrap().pays, 1);
        // Illegal lay-offs.
        assert!(matches!(
            lo("4h 5h 6h", "Jh", &d),
            Err(MeldError::Invalid {
                role: MeldRole::Increased,
                ..
            })
        ));
        assert!(matches!(
            lo("4h 5h", "6h", &d),
            Err(MeldError::Invalid {
                role: MeldRole::Existing,
                ..
            })
        ));
        assert_eq!(lo("4h 5h 6h", "", &d), Err(MeldError::NoCards));
        let strict = PanRules {
            unsuited_rule: UnsuitedRule::AllDistinct,
            ..d
        };
        assert!(lo("6c 6d 6h", "6c", &strict).is_err());
        assert!(lo("6c 6d 6h", "6c", &d).is_ok());
    }

    #[test]
    fn split_examples() {
        let d = PanRules::default();
        // BCG: "J, 7, 6, 5 may be split by adding a Q and a 4."
        let o = split(&p("Jc 7c 6c 5c"), &p("Qc 4c"), &p("Qc Jc 7c"), &d).unwrap();
        assert_eq!(o.melds, vec![p("7c Jc Qc"), p("4c 5c 6c")]);
        assert_eq!(o.pays, 0);
        // GW: 4-5-6-7 halved by adding a three and a jack.
        let o = split(&p("4h 5h 6h 7h"), &p("3h Jh"), &p("3h 4h 5h"), &d).unwrap();
        assert_eq!(o.melds, vec![p("3h 4h 5h"), p("6h 7h Jh")]);
        // PW: ♦5-4-3 + ♦2, ♦6, ♦A → ♦A-2-3 and ♦6-5-4 creates A-2-3: one chip, two in spades.
        let o = split(&p("5d 4d 3d"), &p("2d 6d Ad"), &p("Ad 2d 3d"), &d).unwrap();
        assert_eq!(
            (o.melds.clone(), o.pays),
            (vec![p("Ad 2d 3d"), p("4d 5d 6d")], 1)
        );
        assert_eq!(
            split(&p("5s 4s 3s"), &p("2s 6s As"), &p("As 2s 3s"), &d)
                .unwrap()
                .pays,
            2
        );
        // Splitting a suited group makes a second condition instance (§4.3).
        assert_eq!(
            split(&p("6c 6c 6c 6c 6c 6c"), &[], &p("6c 6c 6c"), &d)
                .unwrap()
                .pays,
            1
        );
        assert_eq!(
            split(&p("5s 5s 5s 5s 5s 5s"), &[], &p("5s 5s 5s"), &d)
                .unwrap()
                .pays,
            4
        );
        // A sequence splits only at one point into two runs of three or more.
        assert!(split(&p("Ac 2c 3c 4c 5c 6c"), &[], &p("Ac 3c 5c"), &d).is_err());
        assert!(split(&p("Ac 2c 3c 4c 5c"), &[], &p("Ac 2c 3c"), &d).is_err());
        // A..K split at 5|6 keeps both runs: nothing new.
        let o = split(
            &p("Ah 2h 3h 4h 5h 6h 7h Jh Qh Kh"),
            &[],
            &p("Ah 2h 3h 4h 5h"),
            &d,
        )
        .unwrap();
        assert_eq!(o.pays, 0);
        // A group into any two valid groups.
        assert!(split(&p("7c 7d 7h 7s 7c 7d"), &[], &p("7c 7d 7h"), &d).is_ok());
        assert!(split(&p("7c 7d 7h 7s 7c 7d"), &[], &p("7c 7c 7d"), &d).is_err());
        assert!(matches!(
            split(&p("7c 7d 7h 7s 7c 7d"), &[], &p("Kc 7c 7d"), &d),
            Err(MeldError::NotInMeld { card: 36, .. })
        ));
        // split.requiresLayoffThisTurn.
        let needs = PanRules {
            split_requires_layoff: true,
            ..d
        };
        assert_eq!(
            split(&p("6c 6c 6c 6c 6c 6c"), &[], &p("6c 6c 6c"), &needs),
            Err(MeldError::SplitNeedsLayoff)
        );
        assert!(split(&p("Jc 7c 6c 5c"), &p("Qc 4c"), &p("Qc Jc 7c"), &needs).is_ok());
    }

    #[test]
    fn borrow_examples() {
        let d = PanRules::default();
        // BCG: from 7, 6, 5, 4 the 7 or the 4 may be borrowed.
        let seq = p("7c 6c 5c 4c");
        assert!(borrow(&seq, &p("7c"), &p("7d 7h"), &d).is_ok());
        assert!(borrow(&seq, &p("4c"), &p("4d 4h"), &d).is_ok());
        assert!(borrow(&seq, &p("6c"), &p("6d 6h"), &d).is_err());
        assert!(borrow(&seq, &p("5c"), &p("5d 5h"), &d).is_err());
        // GW: from 3-4-5-6 either the 3 or the 6, but not both.
        let seq = p("3h 4h 5h 6h");
        assert!(borrow(&seq, &p("3h"), &p("3c 3d"), &d).is_ok());
        assert!(borrow(&seq, &p("6h"), &p("6c 6d"), &d).is_ok());
        assert!(matches!(
            borrow(&seq, &p("3h 6h"), &p("Ah 2h"), &d),
            Err(MeldError::Invalid {
                role: MeldRole::Remainder,
                ..
            })
        ));
        // PW: from ♥J-7-6-5-4, ♥5-4 (here with ♥3) or the ♥J (with ♣J ♠J), not 7, 6 or 5.
        let seq = p("Jh 7h 6h 5h 4h");
        let o = borrow(&seq, &p("5h 4h"), &p("3h"), &d).unwrap();
        assert_eq!(o.melds, vec![p("6h 7h Jh"), p("3h 4h 5h")]);
        // Neither run starts at A or ends at K: nothing pays.
        assert_eq!(o.pays, 0);
        assert!(borrow(&seq, &p("5h"), &p("5c 5d"), &d).is_err());
        assert_eq!(borrow(&seq, &p("Jh"), &p("Jc Js"), &d).unwrap().pays, 0);
        assert!(borrow(&seq, &p("7h"), &p("7c 7d"), &d).is_err());
        assert!(borrow(&seq, &p("6h"), &p("6c 6d"), &d).is_err());
        // Pays are what is new: a borrowed 7 makes a valle group (C1 = 1).
        assert_eq!(
            borrow(&p("4c 5c 6c 7c"), &p("7c"), &p("7d 7h"), &d)
                .unwrap()
                .pays,
            1
        );
        // Destroying A-2-3 is not refunded, and rebuilding it elsewhere is not new.
        assert_eq!(
            borrow(&p("Ac 2c 3c 4c"), &p("4c"), &p("4c 4c"), &d)
                .unwrap()
                .pays,
            1
        );
        // Melds of three lend nothing; borrowed cards need own cards; cards must be there.
        assert!(matches!(
            borrow(&p("4c 5c 6c"), &p("6c"), &p("6d 6h"), &d),
            Err(MeldError::TooSmallToBorrow { .. })
        ));
        assert_eq!(
            borrow(&p("4c 5c 6c 7c"), &p("7c"), &[], &d),
            Err(MeldError::BorrowNeedsOwnCards)
        );
        assert_eq!(
            borrow(&p("4c 5c 6c 7c"), &[], &p("7d"), &d),
            Err(MeldError::NoCards)
        );
        assert!(matches!(
            borrow(&p("4c 5c 6c 7c"), &p("Jc"), &p("Jd Jh"), &d),
            Err(MeldError::NotInMeld { .. })
        ));
        // Groups lend any cards that leave a valid group.
        assert!(borrow(&p("Kc Kd Kh Ks"), &p("Ks"), &p("Qs Js"), &d).is_ok());
        assert!(borrow(&p("6c 6d 6h 6c"), &p("6h"), &p("6h 6h"), &d).is_err());
    }

    #[test]
    fn sequence_lends_end_cards_only_from_four_or_more() {
        let d = PanRules::default();
        for s in 0..4u8 {
            for len in 3..=10u8 {
                for start in 0..=10 - len {
                    let seq: Vec<u8> = (start..start + len).map(|r| r * 4 + s).collect();
                    assert_eq!(classify(&seq, &d), Some(MeldKind::Sequence));
                    for (i, &card) in seq.iter().enumerate() {
                        // Two more cards of the rank in other suits: always a valid new group.
                        let with: Vec<u8> =
                            (1..=2).map(|k| rank_of(card) * 4 + (s + k) % 4).collect();
                        let r = borrow(&seq, &[card], &with, &d);
                        let end = i == 0 || i + 1 == seq.len();
                        assert_eq!(
                            r.is_ok(),
                            end && len >= 4,
                            "{} from {}",
                            card_name(card),
                            cards_name(&seq)
                        );
                        if let Ok(o) = r {
                            assert_eq!(classify(&o.melds[0], &d), Some(MeldKind::Sequence));
                            assert_eq!(o.melds[0].len(), len as usize - 1);
                        }
                    }
                }
            }
        }
    }

    // --- going out (§6.3) ---

    fn rule_sets() -> Vec<PanRules> {
        let d = PanRules::default();
        vec![
            d,
            PanRules {
                unsuited_rule: UnsuitedRule::AllDistinct,
                ..d
            },
            PanRules {
                escalera: Escalera::ExactThree,
                ..d
            },
            PanRules {
                spades_double: false,
                suited_noncomoquer_pays: false,
                ..d
            },
            PanRules {
                pay_valle_unsuited: 5,
                pay_low_run: 3,
                pay_high_run: 7,
                pay_suited_group: 2,
                ..d
            },
        ]
    }

    #[test]
    fn go_out_matches_brute_force_on_random_hands() {
        for (i, rules) in rule_sets().iter().enumerate() {
            let mut rng = Rng::new(0xC0FFEE + i as u64, 0);
            let solver = PanSolver::new(rules);
            for _ in 0..400 {
                let cards = deal(&mut rng, rules, 11);
                let got = solver.go_out(&cards);
                assert_eq!(
                    got.as_ref().map(|a| a.pays),
                    brute_force(&cards, rules),
                    "{}",
                    cards_name(&cards)
                );
                if let Some(a) = got {
                    check_arrangement(&cards, &a, rules);
                }
            }
        }
    }

    #[test]
    fn go_out_matches_brute_force_on_built_hands() {
        for (i, rules) in rule_sets().iter().enumerate() {
            let mut rng = Rng::new(0xBADA55 + i as u64, 0);
            let solver = PanSolver::new(rules);
            for n in 0..400 {
                let mut cards = built_hand(&mut rng, rules);
                if n % 3 == 2 {
                    // One card swapped for a random one: usually no longer out.
                    let k = rng.below(11);
                    cards[k] = deal(&mut rng, rules, 1)[0];
                    if cards.iter().filter(|&&c| c == cards[k]).count() as u16
                        > copies_of(cards[k], rules)
                    {
                        continue;
                    }
                }
                let got = solver.go_out(&cards);
                let want = brute_force(&cards, rules);
                assert_eq!(got.as_ref().map(|a| a.pays), want, "{}", cards_name(&cards));
                if n % 3 != 2 {
                    assert!(want.is_some());
                }
                if let Some(a) = got {
                    check_arrangement(&cards, &a, rules);
                }
            }
        }
    }

    #[test]
    fn go_out_best_arrangements() {
        let d = PanRules::default();
        let best = |s: &str| go_out(&p(s), &d).map(|a| a.pays);
        // A..K in spades plus a spade ace: A..K (4) beats anything else.
        assert_eq!(best("As 2s 3s 4s 5s 6s 7s Js Qs Ks Ac"), None);
        assert_eq!(best("As 2s 3s 4s 5s 6s 7s Js Qs Ks As"), None);
        assert_eq!(best("Ah 2h 3h 4h 5h 6h 7h Jh Qh Kh"), None); // 10 cards
                                                                 // Three runs vs groups: 5h5h5h (2) + 6h6h6h (1) + 7h7h7h 7h 7h (2) = 5, better than runs.
        assert_eq!(best("5h 5h 5h 6h 6h 6h 7h 7h 7h 7h 7h"), Some(5));
        // Suited groups 2c (1) + 3c (2) + 4c (1) beat three 2-3-4 runs (0)...
        assert_eq!(best("2c 2c 2c 3c 3c 3c 4c 4c 4c 4c 4c"), Some(4));
        // ...unless 5c 6c need a 4c for a run, which forces runs everywhere.
        assert_eq!(best("2c 2c 2c 3c 3c 3c 4c 4c 4c 5c 6c"), Some(0));
        assert_eq!(best("As 2s 3s As 2s 3s Jh Qh Kh 5d 6d"), None);
        let a = go_out(&p("As 2s 3s As 2s 3s Jh Qh 7h 6h 5h"), &d).unwrap();
        assert_eq!(a.pays, 4);
        assert_eq!(a.melds.len(), 3);
        // Wrong counts and bad codes never panic.
        assert_eq!(go_out(&p("5h 5h 5h"), &d), None);
        assert_eq!(arrange(&p("5h 5h 5h"), &d).map(|a| a.pays), Some(2));
        assert_eq!(
            arrange(&[], &d),
            Some(Arrangement {
                melds: vec![],
                pays: 0
            })
        );
        assert_eq!(arrange(&p("5h 5h"), &d), None);
        assert_eq!(go_out(&[40; 11], &d), None);
        assert_eq!(go_out(&[255; 11], &d), None);
        assert_eq!(go_out(&p(&"Qs ".repeat(11)), &d), None); // 11 > 7 copies
        let big = PanRules { packs: 12, ..d };
        assert_eq!(
            go_out(&p(&"Qs ".repeat(11)), &big).map(|a| a.pays),
            Some(3 * 2)
        );
        assert!(PanSolver::new(&d).can_meld_all(&p("5h 5h 5h 6h 6h 6h 7h 7h 7h 7h 7h")));
    }

    // --- planning a going-out turn ---

    /// Replays a plan with the public operations and checks every pay and the final melds.
    fn replay(drawn: u8, hand: &[u8], table: &[Vec<u8>], plan: &TurnPlan, rules: &PanRules) {
        let mut melds: Vec<Vec<u8>> = table.iter().map(|m| multiset(m.iter().copied())).collect();
        let mut hand: Vec<u8> = multiset(hand.iter().copied().chain([drawn]));
        let take = |melds: &mut Vec<Vec<u8>>, m: &[u8]| {
            let i = melds
                .iter()
                .position(|x| *x == multiset(m.iter().copied()))
                .expect("meld on table");
            melds.remove(i);
        };
        let mut total = 0;
        for (n, (step, pay)) in plan.steps.iter().enumerate() {
            let (used, o): (Vec<u8>, Outcome) = match step {
                Step::Meld { cards } => (cards.clone(), meld(cards, rules).unwrap()),
                Step::LayOff { meld, cards } => {
                    take(&mut melds, meld);
                    (cards.clone(), lay_off(meld, cards, rules).unwrap())
                }
                Step::Split { meld, added, part } => {
                    take(&mut melds, meld);
                    (added.clone(), split(meld, added, part, rules).unwrap())
                }
                Step::Borrow {
                    meld,
                    take: t,
                    with,
                } => {
                    take(&mut melds, meld);
                    (with.clone(), borrow(meld, t, with, rules).unwrap())
                }
            };
            if n == 0 {
                assert!(used.contains(&drawn), "the drawn card goes first");
            }
            hand = remove_cards(&hand, &used).expect("cards from the hand");
            assert_eq!(o.pays, *pay);
            total += pay;
            melds.extend(o.melds);
        }
        assert!(hand.is_empty());
        melds.sort();
        assert_eq!(melds, plan.melds);
        assert_eq!(total, plan.pays);
        assert_eq!(
            plan.board_conditions,
            melds.iter().map(|m| conditions(m, rules)).sum::<u64>()
        );
        assert_eq!(melds.iter().map(Vec::len).sum::<usize>(), 11);
    }

    #[test]
    fn go_out_with_plans() {
        let d = PanRules::default();
        let t = |ms: &[&str]| ms.iter().map(|m| p(m)).collect::<Vec<_>>();
        // Flat (§6.3): 10 cards on the table, the drawn card lays off.
        let table = t(&["Ac 2c 3c 4c", "5s 5s 5s", "6d 6h 6c"]);
        let plan = go_out_with(p("5c")[0], &[], &table, &d).unwrap().unwrap();
        assert_eq!(
            plan.steps,
            vec![(
                Step::LayOff {
                    meld: p("Ac 2c 3c 4c"),
                    cards: p("5c")
                },
                1
            )]
        );
        assert_eq!((plan.pays, plan.board_conditions), (1, 1 + 4));
        replay(p("5c")[0], &[], &table, &plan, &d);
        // The drawn card fits nowhere: cannot go out.
        assert_eq!(go_out_with(p("Kd")[0], &[], &table, &d).unwrap(), None);
        // Borrowing: the drawn 7d and hand 7h make a group with the 7c borrowed from a run.
        let table = t(&["4c 5c 6c 7c", "Qd Qd Qd"]);
        let plan = go_out_with(p("7d")[0], &p("7h Qd Qd"), &table, &d)
            .unwrap()
            .unwrap();
        replay(p("7d")[0], &p("7h Qd Qd"), &table, &plan, &d);
        // 7c 7d 7h (C1) from the borrow, two Qd laid off on the suited group (1 each).
        assert_eq!((plan.pays, plan.board_conditions), (1 + 2, 1 + 1));
        // Table melds of three lend nothing: these 11 cards go out from the hand (J, Q and K
        // groups) but not with the runs already down.
        let table = t(&["Jc Qc Kc", "Jd Qd Kd", "Jh Qh Kh"]);
        let all = p("Jc Qc Kc Jd Qd Kd Jh Qh Kh Js Ks");
        assert!(go_out(&all, &d).is_some());
        assert_eq!(go_out_with(p("Js")[0], &p("Ks"), &table, &d).unwrap(), None);
        // The drawn card goes first (§6.3): a drawn 3d needs the 3c from 3-4-5, which can lend
        // only after the 6c is laid off, so there is no way out; drawing the 6c there is.
        let table = t(&["3c 4c 5c", "Qh Qh Qh"]);
        assert!(go_out(&p("3c 4c 5c Qh Qh Qh 3d 3h 6c Qh Qh"), &d).is_some());
        assert_eq!(
            go_out_with(p("3d")[0], &p("3h 6c Qh Qh"), &table, &d).unwrap(),
            None
        );
        let plan = go_out_with(p("6c")[0], &p("3d 3h Qh Qh"), &table, &d)
            .unwrap()
            .unwrap();
        replay(p("6c")[0], &p("3d 3h Qh Qh"), &table, &plan, &d);
        let split_table = t(&["Jc 7c 6c 5c", "Kd Kd Kd"]);
        // (A Kh could not join: the Kd group is suited, group.keepCharacter.)
        assert_eq!(
            go_out_with(p("Qc")[0], &p("4c Kd Kh"), &split_table, &d).unwrap(),
            None
        );
        let plan = go_out_with(p("Qc")[0], &p("4c Kd Kd"), &split_table, &d)
            .unwrap()
            .unwrap();
        replay(p("Qc")[0], &p("4c Kd Kd"), &split_table, &plan, &d);
        let table = t(&["4c 5c 6c", "Qh Qh Qh"]);
        // Errors.
        assert_eq!(
            go_out_with(p("7c")[0], &p("3c"), &table, &d),
            Err(MeldError::WrongCount { got: 8 })
        );
        assert!(matches!(
            go_out_with(p("7c")[0], &[], &t(&["4c 5c"]), &d),
            Err(MeldError::Invalid { .. })
        ));
        assert_eq!(
            go_out_with(44, &[], &table, &d),
            Err(MeldError::BadCard(44))
        );
    }

    #[test]
    fn go_out_with_agrees_with_go_out_on_an_empty_table() {
        let d = PanRules::default();
        let mut rng = Rng::new(77, 0);
        for n in 0..40 {
            let mut cards = built_hand(&mut rng, &d);
            if n % 2 == 1 {
                cards[0] = deal(&mut rng, &d, 1)[0];
                if cards.iter().filter(|&&c| c == cards[0]).count() as u16 > copies_of(cards[0], &d)
                {
                    continue;
                }
            }
            let fast = go_out(&cards, &d);
            let plan = go_out_with(cards[0], &cards[1..], &[], &d).unwrap();
            assert_eq!(fast.is_some(), plan.is_some(), "{}", cards_name(&cards));
            if let (Some(a), Some(plan)) = (fast, plan) {
                replay(cards[0], &cards[1..], &[], &plan, &d);
                // Laying the best arrangement down collects its pays and leaves its conditions;
                // a plan may collect more by laying off onto conditions (§4.2).
                assert!(plan.pays + plan.board_conditions >= 2 * a.pays);
            }
        }
    }

    #[test]
    fn no_panics_on_any_input() {
        let d = PanRules::default();
        let odd = PanRules {
            packs: 0,
            pay_suited_group: u64::MAX,
            pay_valle_suited: u64::MAX,
            ..d
        };
        let mut rng = Rng::new(99, 0);
        for _ in 0..3000 {
            let k = rng.below(14);
            let cards: Vec<u8> = (0..k)
                .map(|_| {
                    if rng.below(8) == 0 {
                        rng.next_u64() as u8
                    } else {
                        rng.below(40) as u8
                    }
                })
                .collect();
            let other: Vec<u8> = (0..rng.below(4)).map(|_| rng.below(44) as u8).collect();
            for r in [&d, &odd] {
                let _ = classify(&cards, r);
                let _ = conditions(&cards, r);
                let _ = condition_list(&cards, r);
                let _ = lay_off(&cards, &other, r);
                let _ = split(&cards, &other, &other, r);
                let _ = split(&cards, &[], &cards[..k / 2], r);
                let _ = borrow(&cards, &other, &other, r);
                let _ = arrange(&cards, r);
                let _ = go_out(&cards, r);
            }
        }
        let _ = go_out_with(3, &[255], &[vec![0, 1, 2]], &d);
        let _ = PanSolver::new(&odd).go_out(&p("Qh Qh Qh Qh Qh Qh Qh Qh Qh Qh Qh"));
    }
}
