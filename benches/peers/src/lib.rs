//! splitpot and its Rust peers on the same seeded deals (issue 17): one evaluator function per
//! (implementation, task), each taking the cards in the implementation's own card type, already
//! converted outside the timed loop, and returning a number that orders hands as that library
//! does. `agree` checks that two of them order and tie the same hands, so a benchmark compares
//! equal work.
//!
//! Peers and what they lack (each used through its public API):
//! - `aya_poker` 0.1 (OMPEval's perfect hash): 7-card high, Omaha high (`omaha_rank`), Omaha
//!   8-or-better low (`omaha_lo_rank(..).to_lo_8_rank()`), 7-card low (`ace_five_rank`).
//! - `rs_poker` 5.0 (5.1 calls a method unstable in Rust 1.95): 7-card high (`Rankable`, `SevenCardAccum`), Omaha high (`OmahaHand`); no
//!   low of any kind, so no hi/lo and no 8-or-better column.
//! - `poker` 0.7 (a port of Python's Treys): 5..=7-card high only (`Evaluator::evaluate_five`,
//!   the best five of the cards given by trying each five); no Omaha, no low, no incremental key.
//! - `ducy` 0.3: 5..=7-card high (`StandardHandRanker::score`) and a 5-card 8-or-better low
//!   (`LowHandRanker::fast_score`). It has no per-hand Omaha or 7-card low function (only
//!   whole-game winners), so those columns compose its public 5-card functions over every
//!   two-plus-three (or five of seven), as its own game evaluators do.
use splitpot::eval::hilo::omaha_hilo_unchecked;
use splitpot::eval::low::low8_unchecked;
use splitpot::eval::omaha::omaha_unchecked;
use splitpot::eval::HandKey;

pub use splitpot::rng::random_deals;

pub type AyaCard = aya_poker::base::Card;
pub type RsCard = rs_poker::core::Card;
pub type DucyCard = ducy::deck::Deck;
pub type PokerCard = poker::Card;
pub type PokerEval = poker::Eval<poker::FiveCard>;

/// splitpot's code `rank * 4 + suit` (ranks deuce..ace, suits c d h s) in each peer's type.
pub fn to_aya(cards: &[u8]) -> Vec<AyaCard> {
    cards
        .iter()
        .map(|&c| aya_poker::base::CARDS[c as usize])
        .collect()
}

pub fn to_rs(cards: &[u8]) -> Vec<RsCard> {
    use rs_poker::core::{Suit, Value};
    let suits = [Suit::Club, Suit::Diamond, Suit::Heart, Suit::Spade];
    cards
        .iter()
        .map(|&c| RsCard::new(Value::from_u8(c >> 2), suits[(c & 3) as usize]))
        .collect()
}

pub fn to_poker(cards: &[u8]) -> Vec<PokerCard> {
    use poker::{Rank, Suit};
    use Rank::*;
    let ranks = [
        Two, Three, Four, Five, Six, Seven, Eight, Nine, Ten, Jack, Queen, King, Ace,
    ];
    let suits = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];
    cards
        .iter()
        .map(|&c| PokerCard::new(ranks[(c >> 2) as usize], suits[(c & 3) as usize]))
        .collect()
}

/// ducy's cards are one-card `Deck` bitfields: a hand is their union.
pub fn to_ducy(cards: &[u8]) -> Vec<DucyCard> {
    use ducy::deck::{Rank, Suit};
    use Rank::*;
    let ranks = [
        Two, Three, Four, Five, Six, Seven, Eight, Nine, Ten, Jack, Queen, King, Ace,
    ];
    let suits = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];
    cards
        .iter()
        .map(|&c| DucyCard::get_card(&ranks[(c >> 2) as usize], &suits[(c & 3) as usize]))
        .collect()
}

// --- seven-card high -------------------------------------------------------------------------

pub fn sp_high_unchecked(h: &[u8]) -> u64 {
    HandKey::from_cards(h).strength() as u64
}

/// The checked public call: card range, duplicates and count are validated.
pub fn sp_high_checked(h: &[u8]) -> u64 {
    splitpot::eval::high::evaluate(h).map_or(0, u64::from)
}

/// The checked call as it was before issue 17 folded the checks into the key: the count, a
/// `CardSet` pass for range and duplicates, then a second pass building the key.
pub fn sp_high_checked_two_pass(h: &[u8]) -> u64 {
    if !(5..=7).contains(&h.len()) || splitpot::cards::CardSet::from_cards(h).is_err() {
        return 0;
    }
    HandKey::from_cards(h).strength() as u64
}

/// aya builds its `Hand` by collecting cards, which checks duplicates and the count.
pub fn aya_high(h: &[AyaCard]) -> u64 {
    let hand: aya_poker::base::Hand = h.iter().collect();
    aya_poker::poker_rank(&hand).0 as u64
}

/// rs_poker's packed rank back as one number (5.0 has no `u16::from(Rank)`; the category
/// above the sub-rank, as the packing is).
#[inline(always)]
pub fn rs_value(r: rs_poker::core::Rank) -> u64 {
    ((r.category() as u64) << 12) | r.value_bits() as u64
}

/// The same from splitpot's one-byte codes, which are aya's `CARDS` indices: the input
/// splitpot reads, and a 16-byte `Card` fetched per code as splitpot fetches its key.
pub fn aya_high_codes(h: &[u8]) -> u64 {
    let cards = &aya_poker::base::CARDS;
    let hand: aya_poker::base::Hand = h.iter().map(|&c| &cards[c as usize]).collect();
    aya_poker::poker_rank(&hand).0 as u64
}

pub fn rs_high(h: &[RsCard]) -> u64 {
    use rs_poker::core::Rankable;
    rs_value(h.rank())
}

/// The `poker` crate (a port of Treys): its `Evaluator` (lookup tables built once, passed in)
/// takes five or more cards and keeps the best five; its `Eval` orders hands (better is
/// greater) but shows no number, so the agreement check compares `Eval`s themselves.
pub fn poker_high(eval: &poker::Evaluator, h: &[PokerCard]) -> PokerEval {
    eval.evaluate_five(h).unwrap_or(PokerEval::WORST_FIVE)
}

pub fn ducy_high(h: &[DucyCard]) -> u64 {
    let deck = h.iter().fold(DucyCard::empty(), |d, &c| d | c);
    ducy::ranking::hand_rank::StandardHandRanker::score(&deck) as u64
}

// --- seven-card 8-or-better low --------------------------------------------------------------

pub fn sp_low8(h: &[u8]) -> u64 {
    low8_unchecked(h) as u64
}

pub fn aya_low8(h: &[AyaCard]) -> u64 {
    let hand: aya_poker::base::Hand = h.iter().collect();
    aya_poker::ace_five_rank(&hand).to_lo_8_rank().0 as u64
}

/// ducy's low is for five cards: the best of the 21 fives, as its stud hi/lo does.
pub fn ducy_low8(h: &[DucyCard]) -> u64 {
    let deck = h.iter().fold(DucyCard::empty(), |d, &c| d | c);
    deck.enumerate_combinations(5)
        .map(|five| ducy::ranking::low_hand_rank::LowHandRanker::fast_score(&five))
        .max()
        .unwrap_or(0) as u64
}

// --- Omaha (hole then five board cards in each deal) ------------------------------------------

pub fn sp_omaha(hole: &[u8], board: &[u8]) -> u64 {
    omaha_unchecked(hole, board) as u64
}

/// The checked public call.
pub fn sp_omaha_checked(hole: &[u8], board: &[u8]) -> u64 {
    splitpot::eval::omaha::evaluate_omaha(hole, board).map_or(0, u64::from)
}

pub fn aya_omaha(hole: &[AyaCard], board: &[AyaCard]) -> u64 {
    let (h, b): (aya_poker::base::Hand, aya_poker::base::Hand) =
        (hole.iter().collect(), board.iter().collect());
    aya_poker::omaha_rank(&h, &b).0 as u64
}

pub fn rs_omaha(hole: &[RsCard], board: &[RsCard]) -> u64 {
    use rs_poker::core::{CardBitSet, Rankable};
    let set = |cards: &[RsCard]| {
        let mut s = CardBitSet::new();
        cards.iter().for_each(|&c| s.insert(c));
        s
    };
    match rs_poker::omaha::OmahaHand::new(set(hole), set(board)) {
        Ok(hand) => rs_value(hand.rank()),
        Err(_) => 0,
    }
}

/// The best `score` of every two hole plus three board cards (ducy's own Omaha evaluator
/// walks the same 60 fives inside its whole-game `evaluate_winners`).
pub fn ducy_omaha(hole: &[DucyCard], board: &[DucyCard]) -> u64 {
    ducy_omaha_fives(hole, board, |five| {
        ducy::ranking::hand_rank::StandardHandRanker::score(&five) as u64
    })
}

fn ducy_omaha_fives(
    hole: &[DucyCard],
    board: &[DucyCard],
    mut value: impl FnMut(DucyCard) -> u64,
) -> u64 {
    let mut best = 0;
    let n = board.len();
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                let triple = board[a] | board[b] | board[c];
                for i in 0..hole.len() {
                    for j in i + 1..hole.len() {
                        best = best.max(value(triple | hole[i] | hole[j]));
                    }
                }
            }
        }
    }
    best
}

// --- Omaha hi/lo: both halves packed as high * 2^16 + low --------------------------------------

pub fn sp_omaha_hilo(hole: &[u8], board: &[u8]) -> (u64, u64) {
    let (hi, lo) = omaha_hilo_unchecked(hole, board);
    (hi as u64, lo as u64)
}

pub fn aya_omaha_hilo(hole: &[AyaCard], board: &[AyaCard]) -> (u64, u64) {
    let (h, b): (aya_poker::base::Hand, aya_poker::base::Hand) =
        (hole.iter().collect(), board.iter().collect());
    let hi = aya_poker::omaha_rank(&h, &b).0 as u64;
    let lo = aya_poker::omaha_lo_rank(&h, &b).to_lo_8_rank().0 as u64;
    (hi, lo)
}

/// One walk over the 60 fives scoring both halves, as ducy's `OmahaHiLoGameEvaluation` does.
pub fn ducy_omaha_hilo(hole: &[DucyCard], board: &[DucyCard]) -> (u64, u64) {
    use ducy::ranking::{hand_rank::StandardHandRanker, low_hand_rank::LowHandRanker};
    let mut lo = 0u64;
    let hi = ducy_omaha_fives(hole, board, |five| {
        lo = lo.max(LowHandRanker::fast_score(&five) as u64);
        StandardHandRanker::score(&five) as u64
    });
    (hi, lo)
}

// --- every seven-card hand in order ----------------------------------------------------------

/// Every seven-card hand a < b < .. < g as seven nested loops, adding one card per level with
/// `$add` (the incremental form each library offers) and summing `$leaf` of each hand. A macro
/// so every library gets the same straight-line loops, unrolled as hand-written ones would be.
macro_rules! enumerate_seven {
    ($empty:expr, $add:expr, $leaf:expr) => {{
        let (add, leaf) = ($add, $leaf);
        let mut acc = 0u64;
        for a in 0..46u8 {
            let ka = add($empty, a);
            for b in a + 1..47 {
                let kb = add(ka, b);
                for c in b + 1..48 {
                    let kc = add(kb, c);
                    for d in c + 1..49 {
                        let kd = add(kc, d);
                        for e in d + 1..50 {
                            let ke = add(kd, e);
                            for f in e + 1..51 {
                                let kf = add(ke, f);
                                for g in f + 1..52 {
                                    acc += leaf(add(kf, g));
                                }
                            }
                        }
                    }
                }
            }
        }
        acc
    }};
}

/// How many hands [`enumerate_seven`] visits: C(52, 7).
pub const ALL_SEVEN: u64 = 133_784_560;

pub fn sp_enumerate() -> u64 {
    enumerate_seven!(HandKey::EMPTY, HandKey::with, |k: HandKey| k.strength()
        as u64)
}

pub fn aya_enumerate() -> u64 {
    let cards = &aya_poker::base::CARDS;
    enumerate_seven!(
        aya_poker::base::Hand::new(),
        |mut h: aya_poker::base::Hand, c: u8| {
            h.insert_unchecked(&cards[c as usize]);
            h
        },
        |h: aya_poker::base::Hand| aya_poker::poker_rank(&h).0 as u64
    )
}

pub fn rs_enumerate() -> u64 {
    let all: Vec<u8> = (0..52).collect();
    let cards = to_rs(&all);
    use rs_poker::core::SevenCardAccum;
    enumerate_seven!(
        SevenCardAccum::new(),
        |k: SevenCardAccum, c: u8| k + cards[c as usize],
        |k: SevenCardAccum| rs_value(k.rank())
    )
}

pub fn ducy_enumerate() -> u64 {
    let all: Vec<u8> = (0..52).collect();
    let cards = to_ducy(&all);
    enumerate_seven!(
        DucyCard::empty(),
        |d: DucyCard, c: u8| d | cards[c as usize],
        |d: DucyCard| ducy::ranking::hand_rank::StandardHandRanker::score(&d) as u64
    )
}

// --- agreement ---------------------------------------------------------------------------------

/// `Ok` when `theirs` orders and ties the hands exactly as `ours` does: sorted by ours, theirs
/// never goes down, and it goes up exactly where ours does. Otherwise the first two hands (by
/// index) on which they disagree.
/// [`agree`] for a library whose values only order (any `Ord`).
pub fn agree_ord<T: Ord + std::fmt::Debug>(ours: &[u64], theirs: &[T]) -> Result<(), String> {
    if ours.len() != theirs.len() {
        return Err(format!("{} values against {}", ours.len(), theirs.len()));
    }
    let mut idx: Vec<usize> = (0..ours.len()).collect();
    idx.sort_by(|&i, &j| (ours[i], &theirs[i]).cmp(&(ours[j], &theirs[j])));
    for w in idx.windows(2) {
        let (a, b) = (w[0], w[1]);
        if (ours[a] == ours[b]) != (theirs[a] == theirs[b]) || theirs[a] > theirs[b] {
            return Err(format!(
                "hands {a} and {b}: ours {} vs {}, theirs {:?} vs {:?}",
                ours[a], ours[b], theirs[a], theirs[b]
            ));
        }
    }
    Ok(())
}

pub fn agree(ours: &[u64], theirs: &[u64]) -> Result<(), String> {
    if ours.len() != theirs.len() {
        return Err(format!("{} values against {}", ours.len(), theirs.len()));
    }
    let mut idx: Vec<usize> = (0..ours.len()).collect();
    idx.sort_by_key(|&i| (ours[i], theirs[i]));
    for w in idx.windows(2) {
        let (a, b) = (w[0], w[1]);
        let same_ours = ours[a] == ours[b];
        let same_theirs = theirs[a] == theirs[b];
        if same_ours != same_theirs || theirs[a] > theirs[b] {
            return Err(format!(
                "hands {a} and {b}: ours {} vs {}, theirs {} vs {}",
                ours[a], ours[b], theirs[a], theirs[b]
            ));
        }
    }
    Ok(())
}
