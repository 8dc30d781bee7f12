//! Pan (docs/rules/pan.md) for Python: the Pan `Card`, the rules value, and thin functions over
//! `crate::pan`. They convert arguments, delegate, and convert results; `splitpot.pan` wraps them
//! in enums and records. Every name here is registered in `splitpot._core` with a `Pan`/`_pan_`
//! prefix, since `_core` also holds the poker `Card`.
use super::cards::Card as PokerCard;
use super::convert::{shown, too_many, walk_cards, Most};
use super::errors::{InvalidCards, SplitpotError};
use crate::cards::card_name as poker_card_name;
use crate::limits::{PAN_BATCH_MELDS, PAN_CARDS, PAN_MELD_CARDS, PAN_TABLE_MELDS};
use crate::pan::{
    self, card_from_code, card_name, parse_card, parse_cards, Arrangement, Field, Outcome,
    PanRules, RuleError, RuleKind, RuleValue, Step, RANK_CHARS, SUIT_CHARS,
};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyString, PyTuple};

/// One Pan card: `Card("7c")`, `Card("Jh")`, `Card(24)`. Ranks A 2 3 4 5 6 7 J Q K (no 8, 9
/// or 10), suits c d h s; its int is `rank * 4 + suit`, so `Ac` is 0 and `Ks` is 39.
/// Cards order and hash by that code; a Pan deck holds copies, and copies are equal.
///
/// Args: `card`, a card string (any case), an int 0..39, a `pan.Card`, or a poker
/// `splitpot.Card` of a rank Pan has.
///
/// Returns: the card, with `code`, `rank`, `suit`, `rank_char` and `suit_char`.
///
/// Raises: `InvalidCards` (a `ValueError`) for a token that is not a Pan card (an 8, 9 or 10
/// among them), an int outside 0..39, or a bool.
///
/// Example:
///
/// >>> from splitpot import pan
/// >>> c = pan.Card("jh")
/// >>> c, int(c), c.rank, c.suit, c.rank_char
/// (pan.Card('Jh'), 30, 7, 2, 'J')
/// >>> pan.Card(0), pan.Card("Ks") > pan.Card("Ac"), pan.Card("7c") == pan.Card("7C")
/// (pan.Card('Ac'), True, True)
/// >>> pan.Card("8c")
/// Traceback (most recent call last):
/// splitpot.InvalidCards: invalid Pan card "8c": Pan has no 8, 9 or 10
#[pyclass(
    frozen,
    eq,
    ord,
    hash,
    from_py_object,
    name = "Card",
    module = "splitpot.pan"
)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PanCard {
    pub code: u8,
}

#[pymethods]
impl PanCard {
    #[new]
    fn new(card: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PanCard {
            code: one_card(card)?,
        })
    }

    /// The card code, 0 (Ac) .. 39 (Ks): `rank * 4 + suit`.
    #[getter]
    fn code(&self) -> u8 {
        self.code
    }

    /// Rank index, 0 (ace) .. 9 (king); 7 is 6 and J is 7 (docs/rules/pan.md §2.1).
    #[getter]
    fn rank(&self) -> u8 {
        pan::rank_of(self.code)
    }

    /// Suit index: clubs 0, diamonds 1, hearts 2, spades 3.
    #[getter]
    fn suit(&self) -> u8 {
        pan::suit_of(self.code)
    }

    /// The rank letter: "A", "2".."7", "J", "Q", "K".
    #[getter]
    fn rank_char(&self) -> char {
        RANK_CHARS[pan::rank_of(self.code) as usize] as char
    }

    /// The suit letter, "c", "d", "h" or "s".
    #[getter]
    fn suit_char(&self) -> char {
        SUIT_CHARS[pan::suit_of(self.code) as usize] as char
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
        format!("pan.Card('{}')", card_name(self.code))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyAny>, (u8,)) {
        (slf.get_type().into_any(), (slf.get().code,))
    }
}

pub(super) fn one_card(item: &Bound<'_, PyAny>) -> PyResult<u8> {
    if let Ok(c) = item.cast::<PanCard>() {
        return Ok(c.get().code);
    }
    if let Ok(s) = item.cast::<PyString>() {
        return Ok(parse_card(&s.to_cow()?)?);
    }
    if let Ok(c) = item.cast::<PokerCard>() {
        // A poker card means the Pan card of the same name; its 8, 9 or 10 is an error.
        return Ok(parse_card(&poker_card_name(c.get().code))?);
    }
    if item.is_instance_of::<PyBool>() {
        return Err(InvalidCards::new_err(format!(
            "invalid Pan card {}: a bool is not a card",
            shown(item)
        )));
    }
    match item.extract::<i64>() {
        Ok(v) => Ok(card_from_code(v)?),
        Err(_) => Err(InvalidCards::new_err(format!(
            "invalid Pan card {}: expected a pan.Card, a card string such as '7c', or an int 0..39",
            shown(item)
        ))),
    }
}

/// Card codes from any accepted form: a string ("7c7d 7h"), one card, or an iterable of
/// `pan.Card`, `str` (one card each), poker `Card` or `int` (0..39). Copies are allowed. An
/// iterable is read no further than `most` cards (`crate::limits`); a string or list is taken
/// whole, and the core says what is wrong with too many cards ("not a meld").
pub fn cards_of(obj: &Bound<'_, PyAny>, most: usize) -> PyResult<Vec<u8>> {
    let special = |o: &Bound<'_, PyAny>| {
        if o.is_instance_of::<PanCard>() || o.is_instance_of::<PokerCard>() {
            Some(one_card(o).map(|c| vec![c]))
        } else {
            None
        }
    };
    match special(obj) {
        Some(card) => card,
        None => walk_cards(
            obj,
            |t| Ok(parse_cards(t)?),
            |_| None,
            one_card,
            ("Pan cards", "7c 7d 7h"),
            Most { most, sized: false },
        ),
    }
}

/// The cards of one meld, read no further than a meld can hold.
pub(super) fn meld_of(obj: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    cards_of(obj, PAN_MELD_CARDS)
}

/// Melds, each read as [`meld_of`]: at most `most` of them, a list or tuple refused by its
/// length when `sized` (a batch), otherwise read lazily (a table).
pub(super) fn melds_of(
    obj: &Bound<'_, PyAny>,
    Most { most, sized }: Most,
) -> PyResult<Vec<Vec<u8>>> {
    if obj.is_instance_of::<PyString>() {
        return Err(InvalidCards::new_err(format!(
            "expected an iterable of melds, got the string {}",
            shown(obj)
        )));
    }
    let len = match obj.cast::<PyList>() {
        Ok(l) => Some(l.len()),
        Err(_) => obj.cast::<PyTuple>().ok().map(|t| t.len()),
    };
    // A list or tuple is read to its length at the start; any other iterable up to `most`.
    let limit = match len {
        Some(n) if sized && n > most => return Err(too_many("melds", most, Some(n))),
        Some(n) => n,
        None => most,
    };
    let mut out = Vec::new();
    for m in obj.try_iter()? {
        let m = m?;
        if out.len() == limit {
            return Err(too_many("melds", limit, None));
        }
        out.push(meld_of(&m)?);
    }
    Ok(out)
}

/// A player's table melds, read lazily: fewer than 11 of them.
pub(super) fn table_of(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Vec<u8>>> {
    melds_of(
        obj,
        Most {
            most: PAN_TABLE_MELDS,
            sized: false,
        },
    )
}

pub(super) fn cards_tuple<'py>(py: Python<'py>, cards: &[u8]) -> PyResult<Bound<'py, PyTuple>> {
    PyTuple::new(py, cards.iter().map(|&code| PanCard { code }))
}

fn melds_tuple<'py>(py: Python<'py>, melds: &[Vec<u8>]) -> PyResult<Bound<'py, PyTuple>> {
    let items = melds
        .iter()
        .map(|m| cards_tuple(py, m))
        .collect::<PyResult<Vec<_>>>()?;
    PyTuple::new(py, items)
}

// ---------------------------------------------------------------------------------------------
// Rules

/// The Rust `PanRules` behind a `splitpot.pan.PanRules`; built once per rules value from its
/// fields (enums as the spec's config strings), read by every call that takes rules.
#[pyclass(frozen, name = "_PanRules", module = "splitpot._core")]
pub struct PyPanRules {
    pub rules: PanRules,
}

/// An unknown rule is a wrong keyword argument (a `TypeError`, as Python's own are); a bad value
/// is a `SplitpotError` (a `ValueError`).
fn rule_error(e: RuleError) -> PyErr {
    match e {
        RuleError::Unknown(_) => PyTypeError::new_err(e.to_string()),
        _ => SplitpotError::new_err(e.to_string()),
    }
}

/// A Python value as the rule `field` takes it; anything else is the field's error, with the
/// value as Python spells it.
fn rule_value<'a>(field: &Field, v: &'a Bound<'_, PyAny>) -> PyResult<RuleValue<'a>> {
    let value = match field.kind {
        RuleKind::Int { .. } if !v.is_instance_of::<PyBool>() => {
            v.extract().ok().map(RuleValue::Int)
        }
        RuleKind::Bool => v
            .cast::<PyBool>()
            .ok()
            .map(|b| RuleValue::Bool(b.is_true())),
        RuleKind::Name(_) => match v.cast::<PyString>() {
            Ok(s) => Some(RuleValue::Name(s.to_str()?)),
            Err(_) => None,
        },
        RuleKind::Cards => Some(RuleValue::Cards(cards_of(v, PAN_CARDS)?)),
        RuleKind::Int { .. } => None,
    };
    match value {
        Some(value) => Ok(value),
        None => Err(rule_error(field.invalid(shown(v)))),
    }
}

#[pymethods]
impl PyPanRules {
    /// Rules from keyword arguments named as the Rust fields; missing ones keep the defaults of
    /// docs/rules/pan.md §8. The core checks every value.
    #[new]
    #[pyo3(signature = (**fields))]
    fn new(fields: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        let mut rules = PanRules::default();
        for (k, v) in fields.into_iter().flatten() {
            let key: String = k.extract()?;
            let field = pan::field(&key).map_err(rule_error)?;
            rules
                .set(&key, &rule_value(field, &v)?)
                .map_err(rule_error)?;
        }
        rules.check().map_err(rule_error)?;
        Ok(PyPanRules { rules })
    }

    /// Every field as plain Python values: enums as their config strings, `extra_cards` as
    /// card codes (one per extra copy, sorted).
    fn fields<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (name, value) in self.rules.values() {
            match value {
                RuleValue::Int(n) => d.set_item(name, n)?,
                RuleValue::Bool(b) => d.set_item(name, b)?,
                RuleValue::Name(s) => d.set_item(name, s)?,
                // A list of ints, not bytes.
                RuleValue::Cards(c) => d.set_item(name, PyList::new(py, c)?)?,
            }
        }
        Ok(d)
    }

    /// The config strings of every enum field, by field name (docs/rules/pan.md §8).
    #[staticmethod]
    fn choices(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
        let d = PyDict::new(py);
        for f in pan::FIELDS {
            if let RuleKind::Name(names) = f.kind {
                d.set_item(f.name, names.to_vec())?;
            }
        }
        Ok(d)
    }
}

/// The rules of a call: a `splitpot.pan.PanRules` (through its Rust value `_native`), that
/// Rust value itself, or None for the defaults; anything else is a `TypeError` naming `rules`.
pub(super) fn rules_of(rules: Option<&Bound<'_, PyAny>>) -> PyResult<PanRules> {
    let Some(r) = rules.filter(|r| !r.is_none()) else {
        return Ok(PanRules::default());
    };
    if let Ok(native) = r.cast::<PyPanRules>() {
        return Ok(native.get().rules);
    }
    match r.getattr("_native") {
        Ok(native) => match native.cast::<PyPanRules>() {
            Ok(native) => Ok(native.get().rules),
            Err(_) => Err(not_rules(r)),
        },
        Err(_) => Err(not_rules(r)),
    }
}

fn not_rules(r: &Bound<'_, PyAny>) -> PyErr {
    PyTypeError::new_err(format!(
        "rules: expected a splitpot.pan.PanRules, got {}",
        shown(r)
    ))
}

// ---------------------------------------------------------------------------------------------
// Functions

type Melds<'py> = Bound<'py, PyTuple>;

fn outcome<'py>(py: Python<'py>, o: PyResult<Outcome>) -> PyResult<(Melds<'py>, u64)> {
    let o = o?;
    Ok((melds_tuple(py, &o.melds)?, o.pays))
}

/// The cards as `pan.Card`s, in the order given.
#[pyfunction]
pub fn _pan_cards(cards: &Bound<'_, PyAny>) -> PyResult<Vec<PanCard>> {
    Ok(cards_of(cards, PAN_CARDS)?
        .into_iter()
        .map(|code| PanCard { code })
        .collect())
}

/// The meld kind's index (`MeldKind as u8`, the order of `pan/melds.py` `MeldKind`), or None.
#[pyfunction]
#[pyo3(signature = (cards, rules = None))]
pub fn _pan_classify(
    cards: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<u8>> {
    Ok(pan::classify(&meld_of(cards)?, &rules_of(rules)?).map(|k| k as u8))
}

/// `_pan_classify` of each meld, computed without the GIL.
#[pyfunction]
#[pyo3(signature = (melds, rules = None))]
pub fn _pan_classify_many(
    py: Python<'_>,
    melds: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<Option<u8>>> {
    let most = Most {
        most: PAN_BATCH_MELDS,
        sized: true,
    };
    let melds = melds_of(melds, most)?;
    let r = rules_of(rules)?;
    Ok(py.detach(|| {
        melds
            .iter()
            .map(|m| pan::classify(m, &r).map(|k| k as u8))
            .collect()
    }))
}

#[pyfunction]
#[pyo3(signature = (cards, rules = None))]
pub fn _pan_is_meld(cards: &Bound<'_, PyAny>, rules: Option<&Bound<'_, PyAny>>) -> PyResult<bool> {
    Ok(pan::is_meld(&meld_of(cards)?, &rules_of(rules)?))
}

/// Why the cards are not a valid meld (docs/rules/pan.md §3), or None when they are one.
#[pyfunction]
#[pyo3(signature = (cards, rules = None))]
pub fn _pan_meld_fault(
    cards: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<String>> {
    Ok(pan::check_meld(&meld_of(cards)?, &rules_of(rules)?)
        .err()
        .map(|f| f.to_string()))
}

#[pyfunction]
#[pyo3(signature = (cards, rules = None))]
pub fn _pan_conditions(
    cards: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<u64> {
    Ok(pan::conditions(&meld_of(cards)?, &rules_of(rules)?))
}

/// (condition index C1 = 0 .. C5 = 4, chips) for each condition the meld carries.
#[pyfunction]
#[pyo3(signature = (cards, rules = None))]
pub fn _pan_condition_list(
    cards: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<(u8, u64)>> {
    let list = pan::condition_list(&meld_of(cards)?, &rules_of(rules)?);
    Ok(list.into_iter().map(|(c, v)| (c as u8, v)).collect())
}

#[pyfunction]
#[pyo3(signature = (melds, layoff_chips = None, rules = None))]
pub fn _pan_outs(
    melds: &Bound<'_, PyAny>,
    layoff_chips: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<u64> {
    let chips = layoff_chips.map_or(Ok(0), |c| chips_of(c, "layoff_chips"))?;
    Ok(pan::outs(&table_of(melds)?, chips, &rules_of(rules)?))
}

/// A chip count 0..2**64-1: an int and not a bool (a `TypeError` otherwise, as Python's own
/// functions do), in range (a `SplitpotError`, a `ValueError`).
fn chips_of(v: &Bound<'_, PyAny>, what: &str) -> PyResult<u64> {
    let wrong = || format!("{what}: expected an int 0..2**64-1, got {}", shown(v));
    if v.is_instance_of::<PyBool>() || !v.is_instance_of::<PyInt>() {
        return Err(PyTypeError::new_err(wrong()));
    }
    v.extract::<u64>()
        .map_err(|_| SplitpotError::new_err(wrong()))
}

#[pyfunction]
#[pyo3(signature = (cards, rules = None))]
pub fn _pan_meld<'py>(
    py: Python<'py>,
    cards: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
) -> PyResult<(Melds<'py>, u64)> {
    let c = meld_of(cards)?;
    outcome(py, pan::meld(&c, &rules_of(rules)?).map_err(Into::into))
}

#[pyfunction]
#[pyo3(signature = (meld, cards, rules = None))]
pub fn _pan_lay_off<'py>(
    py: Python<'py>,
    meld: &Bound<'py, PyAny>,
    cards: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
) -> PyResult<(Melds<'py>, u64)> {
    let (m, c) = (meld_of(meld)?, meld_of(cards)?);
    outcome(
        py,
        pan::lay_off(&m, &c, &rules_of(rules)?).map_err(Into::into),
    )
}

#[pyfunction]
#[pyo3(signature = (meld, added, part, rules = None))]
pub fn _pan_split<'py>(
    py: Python<'py>,
    meld: &Bound<'py, PyAny>,
    added: &Bound<'py, PyAny>,
    part: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
) -> PyResult<(Melds<'py>, u64)> {
    let (m, a, p) = (meld_of(meld)?, meld_of(added)?, meld_of(part)?);
    outcome(
        py,
        pan::split(&m, &a, &p, &rules_of(rules)?).map_err(Into::into),
    )
}

#[pyfunction]
#[pyo3(signature = (meld, take, cards, rules = None))]
pub fn _pan_borrow<'py>(
    py: Python<'py>,
    meld: &Bound<'py, PyAny>,
    take: &Bound<'py, PyAny>,
    cards: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
) -> PyResult<(Melds<'py>, u64)> {
    let (m, t, w) = (meld_of(meld)?, meld_of(take)?, meld_of(cards)?);
    outcome(
        py,
        pan::borrow(&m, &t, &w, &rules_of(rules)?).map_err(Into::into),
    )
}

fn arrangement<'py>(
    py: Python<'py>,
    found: Option<Arrangement>,
) -> PyResult<Option<(Melds<'py>, u64)>> {
    found
        .map(|a| Ok((melds_tuple(py, &a.melds)?, a.pays)))
        .transpose()
}

/// The best arrangement of exactly 11 cards, as (melds, pays), or None.
#[pyfunction]
#[pyo3(signature = (cards, rules = None))]
pub fn _pan_go_out<'py>(
    py: Python<'py>,
    cards: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
) -> PyResult<Option<(Melds<'py>, u64)>> {
    arrangement(py, pan::go_out(&meld_of(cards)?, &rules_of(rules)?)?)
}

/// The best arrangement of at most 11 cards, as (melds, pays), or None.
#[pyfunction]
#[pyo3(signature = (cards, rules = None))]
pub fn _pan_arrange<'py>(
    py: Python<'py>,
    cards: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
) -> PyResult<Option<(Melds<'py>, u64)>> {
    arrangement(py, pan::arrange(&meld_of(cards)?, &rules_of(rules)?)?)
}

type PlanStep<'py> = (&'static str, Melds<'py>, Melds<'py>, Melds<'py>, u64);
type Plan<'py> = (Vec<PlanStep<'py>>, Melds<'py>, u64, u64);

/// A going-out plan from a position, searched without the GIL: (steps, melds, pays,
/// board_conditions), each step (kind, meld, cards, part or take, pay); or None.
#[pyfunction]
#[pyo3(signature = (drawn, hand, table, rules = None))]
pub fn _pan_go_out_with<'py>(
    py: Python<'py>,
    drawn: &Bound<'py, PyAny>,
    hand: &Bound<'py, PyAny>,
    table: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
) -> PyResult<Option<Plan<'py>>> {
    let d = match meld_of(drawn)?.as_slice() {
        [d] => *d,
        other => {
            return Err(InvalidCards::new_err(format!(
                "the drawn card must be one card, got {}",
                other.len()
            )))
        }
    };
    let (h, t, r) = (meld_of(hand)?, table_of(table)?, rules_of(rules)?);
    let Some(plan) = py.detach(|| pan::go_out_with(d, &h, &t, &r))? else {
        return Ok(None);
    };
    let none: &[u8] = &[];
    let steps = plan
        .steps
        .iter()
        .map(|(step, pay)| {
            let (meld, cards, extra) = match step {
                Step::Meld { cards } => (none, cards.as_slice(), none),
                Step::LayOff { meld, cards } => (&meld[..], &cards[..], none),
                Step::Split { meld, added, part } => (&meld[..], &added[..], &part[..]),
                Step::Borrow { meld, take, with } => (&meld[..], &with[..], &take[..]),
            };
            Ok((
                step.name(),
                cards_tuple(py, meld)?,
                cards_tuple(py, cards)?,
                cards_tuple(py, extra)?,
                *pay,
            ))
        })
        .collect::<PyResult<Vec<_>>>()?;
    Ok(Some((
        steps,
        melds_tuple(py, &plan.melds)?,
        plan.pays,
        plan.board_conditions,
    )))
}

/// The deck of the rules: in code order when `seed` is None, else shuffled reproducibly.
#[pyfunction]
#[pyo3(signature = (rules = None, seed = None))]
pub fn _pan_deck(rules: Option<&Bound<'_, PyAny>>, seed: Option<u64>) -> PyResult<Vec<PanCard>> {
    let r = rules_of(rules)?;
    let codes = match seed {
        Some(s) => pan::shuffled_deck(&r, s),
        None => pan::deck(&r),
    };
    Ok(codes.into_iter().map(|code| PanCard { code }).collect())
}
