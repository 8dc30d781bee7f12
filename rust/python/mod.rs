//! The PyO3 bindings: they convert arguments and delegate to the core; no game logic here.
mod cards;
mod convert;
mod equity;
mod errors;
mod eval;
mod game;
mod pan;
mod pan_moves;
mod pots;
mod tables;
mod toml;
mod values;
mod work;

use pyo3::prelude::*;

#[pymodule]
mod _core {
    #[pymodule_export]
    use super::cards::{_card_codes, Card, CardSet};
    #[pymodule_export]
    use super::equity::{_equity, _range_hands, RawEquity, RawPlayer};
    #[pymodule_export]
    use super::eval::{
        _empty_call, _high_batch, _hilo_batch, _low8_batch, _omaha_high_batch, _omaha_hilo_batch,
        _omaha_low8_batch, evaluate_high, evaluate_high_strength, evaluate_hilo, evaluate_low8,
        evaluate_omaha_high, evaluate_omaha_hilo, evaluate_omaha_low8, evaluate_razz,
    };
    #[pymodule_export]
    use super::game::{_limits, _variants};
    #[pymodule_export]
    use super::pan::{
        _pan_arrange, _pan_borrow, _pan_cards, _pan_classify, _pan_classify_many,
        _pan_condition_list, _pan_conditions, _pan_deck, _pan_go_out, _pan_go_out_with,
        _pan_is_meld, _pan_lay_off, _pan_meld, _pan_meld_fault, _pan_outs, _pan_split, PyPanRules,
    };
    #[pymodule_export]
    use super::pan_moves::{_pan_can_place, _pan_forces, _pan_turn_moves};
    #[pymodule_export]
    use super::pots::_split_pots;
    #[pymodule_export]
    use super::tables::{
        _holdem_board_count, _holdem_class_counts, _holdem_class_hands, _holdem_class_pairs,
        _holdem_hero_counts,
    };
    #[pymodule_export]
    use super::toml::_toml_loads;
    #[pymodule_export]
    use super::values::{HighHand, LowHand, RazzLow};
    #[pymodule_export]
    use super::work::{_equity_finish, _equity_plan, _equity_units, RawPlan};

    use super::errors::{EquityError, IllegalAction, InvalidCards, SplitpotError};
    use pyo3::prelude::*;

    #[pymodule_init]
    fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
        let py = m.py();
        m.add("__version__", env!("CARGO_PKG_VERSION"))?;
        m.add("SplitpotError", py.get_type::<SplitpotError>())?;
        m.add("InvalidCards", py.get_type::<InvalidCards>())?;
        m.add("IllegalAction", py.get_type::<IllegalAction>())?;
        m.add("EquityError", py.get_type::<EquityError>())?;
        m.add("HandCategory", super::values::hand_category(py)?)?;
        // The Pan card is `splitpot.pan.Card`; here it needs a name apart from the poker Card.
        m.add("PanCard", py.get_type::<super::pan::PanCard>())?;
        Ok(())
    }
}
