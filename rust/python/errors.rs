//! The exception tree and the one place core errors become Python exceptions.
//!
//! The exceptions are named in module `splitpot`, where users meet them (`sp.InvalidCards`):
//! tracebacks and the docs show `splitpot.InvalidCards`, and pickling finds them there
//! (`splitpot/__init__.py` re-exports all four), not in the private `splitpot._core`.
use crate::cards::CardError;
use crate::equity::EquityError as CoreEquityError;
use crate::pan::{MeldError, PanCardError};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::PyErr;

create_exception!(
    splitpot,
    SplitpotError,
    PyValueError,
    "Base of splitpot's errors, a ValueError: catch it for anything splitpot refuses.\n\
     Raised as one of InvalidCards (cards that cannot be read), IllegalAction (an action or\n\
     Pan operation the rules forbid) or EquityError (an equity question with no answer), or\n\
     as itself for a bad value such as an unknown Pan rule setting; the message says what is\n\
     wrong.\n\n\
     Example:\n\n\
     >>> import splitpot as sp\n\
     >>> issubclass(sp.InvalidCards, sp.SplitpotError), issubclass(sp.SplitpotError, ValueError)\n\
     (True, True)\n\
     >>> try:\n\
     ...     sp.evaluate_high(\"AhKh\")\n\
     ... except sp.SplitpotError as e:\n\
     ...     print(type(e).__name__)\n\
     InvalidCards"
);
create_exception!(
    splitpot,
    InvalidCards,
    SplitpotError,
    "Cards that cannot be parsed, repeat, or are the wrong number; the message names the bad\n\
     token or card. A SplitpotError, so a ValueError.\n\n\
     Example:\n\n\
     >>> import splitpot as sp\n\
     >>> sp.Card(\"Xx\")\n\
     Traceback (most recent call last):\n\
     splitpot.InvalidCards: invalid card \"Xx\"\n\
     >>> sp.evaluate_high([\"Ah\", \"Kh\", \"Qh\", \"Jh\", \"Xx\"])\n\
     Traceback (most recent call last):\n\
     splitpot.InvalidCards: item 4: invalid card \"Xx\"\n\
     >>> sp.evaluate_high(\"AhAh KdQc2s\")\n\
     Traceback (most recent call last):\n\
     splitpot.InvalidCards: duplicate card Ah"
);
create_exception!(
    splitpot,
    IllegalAction,
    SplitpotError,
    "An action the rules do not allow now (a bet, a Pan meld or lay-off); the message says\n\
     why, and the state is left as it was. A SplitpotError, so a ValueError.\n\n\
     Example:\n\n\
     >>> import splitpot as sp\n\
     >>> sp.pan.meld(\"7c 7d\")\n\
     Traceback (most recent call last):\n\
     splitpot.IllegalAction: the new meld 7c 7d is not valid: ... got 2"
);

create_exception!(
    splitpot,
    EquityError,
    SplitpotError,
    "An equity question that cannot be answered: unknown game, bad or impossible range,\n\
     options; bad cards are InvalidCards instead. A SplitpotError, so a ValueError.\n\n\
     Example:\n\n\
     >>> import splitpot as sp\n\
     >>> try:\n\
     ...     sp.equity(\"chess\", [\"AhAd\", \"KcKd\"])\n\
     ... except sp.EquityError as e:\n\
     ...     print(str(e)[:20])\n\
     unknown game \"chess\""
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
