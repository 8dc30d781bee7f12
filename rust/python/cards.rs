//! `Card` and `CardSet` for Python.
use super::convert::cards_of;
use crate::cards::{card_name, parse_card, CardError, CardSet as CoreSet, RANK_CHARS, SUIT_CHARS};
use crate::eval::HandKey;
use pyo3::prelude::*;

/// One playing card: `Card("Ah")`, `Card("10d")`, `Card(51)`. Its int is `rank * 4 + suit`.
#[pyclass(frozen, eq, ord, hash, from_py_object, module = "splitpot._core")]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card {
    pub code: u8,
}

#[pymethods]
impl Card {
    #[new]
    fn new(card: &Bound<'_, PyAny>) -> PyResult<Self> {
        if let Ok(s) = card.cast::<pyo3::types::PyString>() {
            return Ok(Card {
                code: parse_card(&s.to_cow()?)?,
            });
        }
        match cards_of(&pyo3::types::PyList::new(card.py(), [card])?.into_any())?.as_slice() {
            [c] => Ok(Card { code: *c }),
            _ => Err(CardError::Count {
                got: 0,
                want: "one card".into(),
            }
            .into()),
        }
    }

    /// The card code, 0 (2c) .. 51 (As).
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
/// thing to hand to `evaluate_high` again and again.
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
            Some(c) => cards_of(c)?,
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
        Ok(cards_of(card)?.iter().all(|&c| self.set.contains(c)))
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
