//! The exception tree and the one place core errors become Python exceptions.
use crate::cards::CardError;
use crate::equity::EquityError as CoreEquityError;
use crate::pan::{MeldError, PanCardError};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::PyErr;

create_exception!(
    splitpot._core,
    SplitpotError,
    PyValueError,
    "Base of splitpot's errors; a ValueError."
);
create_exception!(
    splitpot._core,
    InvalidCards,
    SplitpotError,
    "Cards that cannot be parsed, repeat, or are the wrong number; the message names the card."
);
create_exception!(
    splitpot._core,
    IllegalAction,
    SplitpotError,
    "An action the rules do not allow now; the state is left as it was."
);

create_exception!(
    splitpot._core,
    EquityError,
    SplitpotError,
    "An equity question that cannot be answered: unknown game, bad or impossible range, options."
);

/// Card problems stay `InvalidCards`; the rest of an equity question is an `EquityError`.
impl From<CoreEquityError> for PyErr {
    fn from(e: CoreEquityError) -> PyErr {
        if e.is_card_error() {
            InvalidCards::new_err(e.to_string())
        } else {
            EquityError::new_err(e.to_string())
        }
    }
}

impl From<CardError> for PyErr {
    fn from(e: CardError) -> PyErr {
        InvalidCards::new_err(e.to_string())
    }
}

impl From<PanCardError> for PyErr {
    fn from(e: PanCardError) -> PyErr {
        InvalidCards::new_err(e.to_string())
    }
}

/// A Pan operation the rules forbid (docs/rules/pan.md §3, §6.4); the message says why.
impl From<MeldError> for PyErr {
    fn from(e: MeldError) -> PyErr {
        IllegalAction::new_err(e.to_string())
    }
}
