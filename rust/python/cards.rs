//! `Card` and `CardSet` for Python.
use super::convert::{shown, too_many, walk_cards, Most};
use super::errors::InvalidCards;
use crate::cards::{
    card_name, parse_card, parse_cards, CardError, CardSet as CoreSet, RANK_CHARS, SUIT_CHARS,
};
use crate::eval::HandKey;
use crate::limits::DECK_CARDS;
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList, PyString};
use std::cell::Cell;

/// One playing card: `Card("Ah")`, `Card("10d")`, `Card(51)`. Its int is `rank * 4 + suit`,
/// so 2c is 0 and As is 51; cards order by that code and hash by it.
///
/// Args: `card`, a card string (rank `2`..`9`, `T` or `10`, `J`, `Q`, `K`, `A`, then suit
/// `c`, `d`, `h`, `s`, any case), an int 0..51, or a `Card`.
///
/// Returns: the card, with `code`, `rank`, `suit`, `rank_char` and `suit_char`.
///
/// Raises: `InvalidCards` (a `ValueError`) naming a token that is not a card, an int outside
/// 0..51, or a bool.
///
/// Example:
///
/// >>> import splitpot as sp
/// >>> c = sp.Card("Ah")
/// >>> c, int(c), c.rank, c.suit, c.rank_char + c.suit_char
/// (Card('Ah'), 50, 12, 2, 'Ah')
/// >>> sp.Card(51), str(sp.Card("10d")), sp.Card("Ah") > sp.Card("Kh")
/// (Card('As'), 'Td', True)
#[pyclass(frozen, eq, ord, hash, from_py_object, module = "splitpot._core")]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card {
    pub code: u8,
}

#[pymethods]
impl Card {
    #[new]
    fn new(card: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(Card {
            code: card_code(card)?,
        })
    }

    /// The card code, 0 (2c) .. 51 (As): `rank * 4 + suit`.
    #[getter]
    fn code(&self) -> u8 {
        self.code
    }

    /// Rank index, 0 (deuce) .. 12 (ace).
    #[getter]
    fn rank(&self) -> u8 {
        self.code >> 2
    }

    /// Suit index: clubs 0, diamonds 1, hearts 2, spades 3.
    #[getter]
    fn suit(&self) -> u8 {
        self.code & 3
    }

    /// The rank letter, "2".."9", "T", "J", "Q", "K", "A".
    #[getter]
    fn rank_char(&self) -> char {
        RANK_CHARS[(self.code >> 2) as usize] as char
    }

    /// The suit letter, "c", "d", "h" or "s".
    #[getter]
    fn suit_char(&self) -> char {
        SUIT_CHARS[(self.code & 3) as usize] as char
    }

    fn __int__(&self) -> u8 {
        self.code
    }

    fn __index__(&self) -> u8 {
        self.code
    }

    fn __str__(&self) -> String {
        card_name(self.code)
    }

    fn __repr__(&self) -> String {
        format!("Card('{}')", card_name(self.code))
    }
}

/// A set of distinct cards packed in 64 bits, with its evaluation key built once: the fastest
/// thing to hand to `evaluate_high` again and again. Iterating, `cards` and `str` give the
/// cards lowest code first; `card in s` takes any one-card form; sets compare and hash by
/// their cards.
///
/// Args: `cards`, cards as for `evaluate_high` (a string, an iterable of `Card`, `str` or
/// `int`, or a `CardSet`); None or nothing for the empty set.
///
/// Returns: the set, with `mask` (bit `code` set for each card) and `cards`.
///
/// Raises: `InvalidCards` for a bad card, a card given twice, or more than 52 cards.
///
/// Example:
///
/// >>> import splitpot as sp
/// >>> s = sp.CardSet("AhKh 2c")
/// >>> s, len(s), "Kh" in s, s.mask == 1 << 0 | 1 << 46 | 1 << 50
/// (CardSet('2cKhAh'), 3, True, True)
/// >>> sp.evaluate_high(sp.CardSet("AhKhQhJhTh")).strength
/// 7462
/// >>> len(sp.CardSet())
/// 0
#[pyclass(frozen, eq, hash, module = "splitpot._core")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct CardSet {
    pub set: CoreSet,
}

impl CardSet {
    pub fn key(&self) -> HandKey {
        HandKey::from_set(self.set)
    }
}

#[pymethods]
impl CardSet {
    #[new]
    #[pyo3(signature = (cards = None))]
    fn new(cards: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let codes = match cards {
            Some(c) => cards_of(c, DECK_CARDS)?,
            None => vec![],
        };
        Ok(CardSet {
            set: CoreSet::from_cards(&codes)?,
        })
    }

    /// Bit `code` is set for each card.
    #[getter]
    fn mask(&self) -> u64 {
        self.set.0
    }

    /// The cards, lowest code first.
    #[getter]
    fn cards(&self) -> Vec<Card> {
        self.set.cards().map(|code| Card { code }).collect()
    }

    fn __len__(&self) -> usize {
        self.set.len() as usize
    }

    fn __contains__(&self, card: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(cards_of(card, DECK_CARDS)?
            .iter()
            .all(|&c| self.set.contains(c)))
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let list = pyo3::types::PyList::new(py, slf.cards())?;
        Ok(list.try_iter()?.into_any().unbind())
    }

    fn __str__(&self) -> String {
        self.set.cards().map(card_name).collect()
    }

    fn __repr__(&self) -> String {
        format!("CardSet('{}')", self.__str__())
    }
}

/// The code of one card given as a `Card`, a card string ("Ah") or an int 0..51.
pub fn card_code(item: &Bound<'_, PyAny>) -> PyResult<u8> {
    // Exact ints first: the common form, and the check leaves bools (an int subclass) out.
    if item.is_exact_instance_of::<PyInt>() {
        return match item.extract::<i64>() {
            Ok(v) if (0..52).contains(&v) => Ok(v as u8),
            Ok(v) => Err(CardError::BadCode(v).into()),
            Err(_) => Err(InvalidCards::new_err(format!(
                "invalid card {}: expected 0..51",
                shown(item)
            ))),
        };
    }
    if let Ok(c) = item.cast::<Card>() {
        return Ok(c.get().code);
    }
    if let Ok(s) = item.cast::<PyString>() {
        return Ok(parse_card(&s.to_cow()?)?);
    }
    if item.is_instance_of::<pyo3::types::PyBool>() {
        return Err(InvalidCards::new_err(format!(
            "invalid card {}: a bool is not a card",
            shown(item)
        )));
    }
    match item.extract::<i64>() {
        Ok(v) if (0..52).contains(&v) => Ok(v as u8),
        Ok(v) => Err(CardError::BadCode(v).into()),
        Err(_) => Err(InvalidCards::new_err(format!(
            "invalid card {}: expected a Card, a card string such as 'Ah', or an int 0..51",
            shown(item)
        ))),
    }
}

/// Card codes in the order given, duplicates refused: `splitpot.cards.card_codes`, in one call.
#[pyfunction]
pub fn _card_codes<'py>(cards: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
    let codes = cards_of(cards, DECK_CARDS)?;
    CoreSet::from_cards(&codes)?;
    PyList::new(cards.py(), codes) // a list of ints: a Vec<u8> would cross as bytes
}

/// Card codes from any accepted form, at most `most` of them (`crate::limits`): an iterable is
/// read lazily and a card read twice is refused when it appears; a string's duplicates are
/// left to the evaluation that uses it.
pub fn cards_of(obj: &Bound<'_, PyAny>, most: usize) -> PyResult<Vec<u8>> {
    let special = |o: &Bound<'_, PyAny>| {
        if let Ok(s) = o.cast::<CardSet>() {
            return Some(s.get().set.cards().collect());
        }
        o.cast::<Card>().ok().map(|c| vec![c.get().code])
    };
    let seen = Cell::new(0u64);
    let once = |item: &Bound<'_, PyAny>| {
        let c = card_code(item)?;
        if seen.get() >> c & 1 == 1 {
            return Err(CardError::Duplicate(c).into());
        }
        seen.set(seen.get() | 1 << c);
        Ok(c)
    };
    let whole = |t: &str| {
        let codes = parse_cards(t)?;
        match codes.len() > most {
            true => Err(too_many("cards", most, Some(codes.len()))),
            false => Ok(codes),
        }
    };
    let most = Most { most, sized: true };
    walk_cards(obj, whole, special, once, ("cards", "AhKd 7c"), most)
}
