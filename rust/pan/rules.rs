//! The house rules of docs/rules/pan.md §8, each declared once in [`pan_rules!`]: the macro
//! writes `PanRules`, its `Default`, the [`FIELDS`] list and [`PanRules::set`]/[`PanRules::get`],
//! through which the bindings (and any config reader) take every field without naming it.
use std::fmt;
use std::str::FromStr;

use super::cards::{cards_name, NUM_CARDS};
use crate::limits::quoted;

/// A config enum with its docs/rules/pan.md §8 strings, both ways (`FromStr`, `as_str`).
macro_rules! config_enum {
    (
        $(#[$meta:meta])*
        $name:ident { $( $(#[$vmeta:meta])* $variant:ident = $text:literal, )+ }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name { $( $(#[$vmeta])* $variant, )+ }

        impl $name {
            /// The config strings of the variants, in declaration order.
            pub const NAMES: &'static [&'static str] = &[$($text),+];

            pub fn as_str(self) -> &'static str {
                match self { $( $name::$variant => $text, )+ }
            }
        }

        impl FromStr for $name {
            type Err = UnknownName;

            fn from_str(s: &str) -> Result<Self, UnknownName> {
                match s {
                    $( $text => Ok($name::$variant), )+
                    _ => Err(UnknownName { expected: Self::NAMES }),
                }
            }
        }

        impl RuleType for $name {
            const KIND: RuleKind = RuleKind::Name(Self::NAMES);

            fn to_value(&self) -> RuleValue<'static> {
                RuleValue::Name(self.as_str())
            }

            fn from_value(v: &RuleValue<'_>, field: &Field) -> Result<Self, RuleError> {
                match v {
                    RuleValue::Name(s) => s.parse().map_err(|_| field.invalid(v.to_string())),
                    _ => Err(field.invalid(v.to_string())),
                }
            }
        }
    };
}

/// A config string that names no variant of its enum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownName {
    pub expected: &'static [&'static str],
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected one of {}", self.expected.join(", "))
    }
}

impl std::error::Error for UnknownName {}

config_enum! {
    /// `group.unsuitedRule` (§3.2): which mixed-suit groups of comoquers are valid.
    UnsuitedRule {
        /// At least three distinct suits; repeated suits allowed in 4+ card groups (PF, B101).
        AtLeastThreeDistinct = "atLeastThreeDistinct",
        /// Every card a different suit, so at most 4 cards (CS, BRI).
        AllDistinct = "allDistinct",
    }
}

config_enum! {
    /// `pays.escalera` (§4.1): when a run carries the A-2-3 (C4) and J-Q-K (C5) conditions.
    Escalera {
        /// A run whose lowest card is an ace pays C4, one whose highest is a king pays C5 (PRO, POC).
        EndsAtAOrK = "endsAtAOrK",
        /// Only the exact three-card runs A-2-3 and J-Q-K pay.
        ExactThree = "exactThree",
    }
}

config_enum! {
    /// `pays.layoff` (§4.2): what laying off onto a meld pays.
    LayoffPay {
        /// Each added card collects the condition's lay-off value again (PW), plus new conditions.
        PerCard = "perCard",
        /// Only conditions the lay-off creates pay (BCG).
        NewConditionsOnly = "newConditionsOnly",
        /// Lay-offs never pay.
        NoPay = "none",
    }
}

config_enum! {
    /// `forcing` (§6.5).
    Forcing {
        /// A live discard that lays off on one's melds must be taken (BCG, GW, PP).
        Mandatory = "mandatory",
        /// Another player must call for it (Hoyle tradition; unverified).
        OnDemand = "onDemand",
        Off = "off",
    }
}

config_enum! {
    /// `drawFromDiscard` (§6.2, §8).
    DrawFromDiscard {
        /// Only the card the preceding player drew from the stock and rejected (PF, B101).
        PrecedingStockOnly = "precedingStockOnly",
        Never = "never",
        AnyIfMeldable = "anyIfMeldable",
    }
}

config_enum! {
    /// `rotation` (§6.1).
    Rotation {
        /// To the right (PF, WIK, BIC, PW, B101, POC).
        Counterclockwise = "ccw",
        Clockwise = "cw",
    }
}

config_enum! {
    /// `stockExhausted` (§6.6).
    StockExhausted {
        /// Shuffle the dead discards into a new stock, keeping the live discard.
        ReshuffleDead = "reshuffleDead",
        /// The hand is void and the tops carry over.
        VoidHand = "voidHand",
    }
}

config_enum! {
    /// `tops.allSluff` (§5.2): what happens to the tops when everyone sluffs.
    AllSluff {
        CarryOver = "carryOver",
        Refund = "refund",
    }
}

/// A rule's value as it crosses into or out of `PanRules` by name (a binding, a config file).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RuleValue<'a> {
    Int(i128),
    Bool(bool),
    /// A config enum's string.
    Name(&'a str),
    /// Card codes, one per copy, sorted (`extra_cards`).
    Cards(Vec<u8>),
}

impl fmt::Display for RuleValue<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleValue::Int(v) => write!(f, "{v}"),
            RuleValue::Bool(b) => write!(f, "{b}"),
            RuleValue::Name(s) => f.write_str(&quoted(s)),
            RuleValue::Cards(c) => write!(f, "{:?}", cards_name(c)),
        }
    }
}

/// What values a rule field takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleKind {
    Int { min: u64, max: u64 },
    Bool,
    Name(&'static [&'static str]),
    Cards,
}

impl RuleKind {
    const fn at_least(self, low: u64) -> RuleKind {
        match self {
            RuleKind::Int { max, .. } => RuleKind::Int { min: low, max },
            other => other,
        }
    }
}

impl fmt::Display for RuleKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleKind::Int { min, max } => write!(f, "an int {min}..{max}"),
            RuleKind::Bool => f.write_str("a bool"),
            RuleKind::Name(names) => write!(f, "one of {}", names.join(", ")),
            RuleKind::Cards => f.write_str("Pan cards"),
        }
    }
}

/// Why a rule cannot be set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RuleError {
    /// No rule of that name.
    Unknown(String),
    /// A value the field does not take; `got` is how the caller spells it.
    Invalid {
        field: &'static str,
        expected: RuleKind,
        got: String,
    },
    /// The deck counts copies in a byte (`deck.extraCards`, §1.2).
    TooManyCopies { card: u8 },
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::Unknown(name) => write!(f, "unknown Pan rule {}", quoted(name)),
            RuleError::Invalid {
                field,
                expected,
                got,
            } => write!(f, "{field}: expected {expected}, got {got}"),
            RuleError::TooManyCopies { card } => write!(
                f,
                "extra_cards: more than 255 extra copies of {}",
                cards_name(&[*card])
            ),
        }
    }
}

impl std::error::Error for RuleError {}

/// A type a rule field can have.
pub trait RuleType: Sized {
    const KIND: RuleKind;
    fn to_value(&self) -> RuleValue<'static>;
    /// The value for `field`, or why it is not one `field` takes.
    fn from_value(v: &RuleValue<'_>, field: &Field) -> Result<Self, RuleError>;
}

macro_rules! int_rule_type {
    ($($t:ty),+) => {$(
        impl RuleType for $t {
            const KIND: RuleKind = RuleKind::Int { min: 0, max: <$t>::MAX as u64 };

            fn to_value(&self) -> RuleValue<'static> {
                RuleValue::Int(*self as i128)
            }

            fn from_value(v: &RuleValue<'_>, field: &Field) -> Result<Self, RuleError> {
                match (v, field.kind) {
                    (RuleValue::Int(n), RuleKind::Int { min, .. }) if *n >= min as i128 => {
                        <$t>::try_from(*n).map_err(|_| field.invalid(v.to_string()))
                    }
                    _ => Err(field.invalid(v.to_string())),
                }
            }
        }
    )+};
}
int_rule_type!(u8, u64);

impl RuleType for bool {
    const KIND: RuleKind = RuleKind::Bool;

    fn to_value(&self) -> RuleValue<'static> {
        RuleValue::Bool(*self)
    }

    fn from_value(v: &RuleValue<'_>, field: &Field) -> Result<Self, RuleError> {
        match v {
            RuleValue::Bool(b) => Ok(*b),
            _ => Err(field.invalid(v.to_string())),
        }
    }
}

/// Extra copies per card code (`deck.extraCards`, §1.2).
pub type ExtraCards = [u8; NUM_CARDS];

impl RuleType for ExtraCards {
    const KIND: RuleKind = RuleKind::Cards;

    fn to_value(&self) -> RuleValue<'static> {
        let codes =
            (0..NUM_CARDS as u8).flat_map(|c| std::iter::repeat_n(c, self[c as usize] as usize));
        RuleValue::Cards(codes.collect())
    }

    fn from_value(v: &RuleValue<'_>, field: &Field) -> Result<Self, RuleError> {
        match v {
            RuleValue::Cards(codes) => {
                extra_cards_of(codes)?.ok_or_else(|| field.invalid(v.to_string()))
            }
            _ => Err(field.invalid(v.to_string())),
        }
    }
}

/// Counts of extra copies from their codes: `Ok(None)` for a code outside 0..40, `Err` for a
/// card given more than 255 times.
fn extra_cards_of(codes: &[u8]) -> Result<Option<ExtraCards>, RuleError> {
    let mut counts = [0u8; NUM_CARDS];
    for &code in codes {
        let Some(n) = counts.get_mut(code as usize) else {
            return Ok(None);
        };
        *n = n
            .checked_add(1)
            .ok_or(RuleError::TooManyCopies { card: code })?;
    }
    Ok(Some(counts))
}

/// One rule field: its Rust name, its docs/rules/pan.md §8 config key, its doc, and the values
/// it takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Field {
    pub name: &'static str,
    pub key: &'static str,
    pub doc: &'static str,
    pub kind: RuleKind,
}

macro_rules! or_zero {
    () => {
        0
    };
    ($min:literal) => {
        $min
    };
}

/// Declares every rule once: doc, `name: type = default, "config.key"` and, for an int with a
/// lower bound, `min N`.
macro_rules! pan_rules {
    ($(
        #[doc = $doc:literal]
        $(#[doc = $more:literal])*
        $name:ident: $t:ty = $default:expr, $key:literal $(, min $min:literal)?;
    )+) => {
        /// Every configurable (HOUSE) rule of docs/rules/pan.md, with the defaults of §8.
        ///
        /// The meld functions here read the deck, group and pays fields; the others are carried
        /// for the game flow so that one value describes a table's rules.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub struct PanRules {
            $( #[doc = $doc] $(#[doc = $more])* pub $name: $t, )+
        }

        impl Default for PanRules {
            fn default() -> Self {
                PanRules { $( $name: $default, )+ }
            }
        }

        /// Every rule field, in declaration order.
        pub const FIELDS: &[Field] = &[$(
            Field {
                name: stringify!($name),
                key: $key,
                doc: concat!($doc $(, "\n", $more)*),
                kind: <$t as RuleType>::KIND.at_least(or_zero!($($min)?)),
            },
        )+];

        impl PanRules {
            /// Every field's value, in the order of [`FIELDS`].
            pub fn values(&self) -> Vec<(&'static str, RuleValue<'static>)> {
                vec![$( (stringify!($name), self.$name.to_value()), )+]
            }

            /// Sets one field by name; [`PanRules::check`] then checks the fields together.
            pub fn set(&mut self, name: &str, value: &RuleValue<'_>) -> Result<(), RuleError> {
                let field = field(name)?;
                match name {
                    $( stringify!($name) => self.$name = <$t as RuleType>::from_value(value, field)?, )+
                    _ => return Err(RuleError::Unknown(name.to_string())),
                }
                Ok(())
            }
        }
    };
}

pan_rules! {
    /// `deck.packs` (§1.2): packs of 40 (8s, 9s, 10s and jokers stripped). Default 8.
    packs: u8 = 8, "deck.packs", min 1;
    /// `deck.removeOneSpadeSuit` (§1.1): take the 10 spades out of one pack: 310 cards. Default true.
    remove_one_spade_suit: bool = true, "deck.removeOneSpadeSuit";
    /// `deck.extraCards` (§1.2, SC): extra copies of each card code added to the deck. Default none.
    extra_cards: ExtraCards = [0; NUM_CARDS], "deck.extraCards";
    /// `group.unsuitedRule` (§3.2). Default `AtLeastThreeDistinct`.
    unsuited_rule: UnsuitedRule = UnsuitedRule::AtLeastThreeDistinct, "group.unsuitedRule";
    /// `group.keepCharacter` (§3.2): a suited group only takes cards of its suit. Default true.
    keep_character: bool = true, "group.keepCharacter";
    /// `pays` C1 (§4.1): valle group of different suits. Default 1.
    pay_valle_unsuited: u64 = 1, "pays.C1";
    /// `pays` C2 (§4.1): valle group of one suit (doubled in spades: the "bong"). Default 2.
    pay_valle_suited: u64 = 2, "pays.C2";
    /// `pays` C2 lay-off value per card (§4.2, PW: "only two chips in spades and one in other
    /// suits"). Default 1.
    pay_valle_suited_layoff: u64 = 1, "pays.C2.layoff";
    /// `pays` C3 (§4.1): non-valle group of one suit. Default 1.
    pay_suited_group: u64 = 1, "pays.C3";
    /// `pays` C4 (§4.1): the low run A-2-3. Default 1.
    pay_low_run: u64 = 1, "pays.C4";
    /// `pays` C5 (§4.1): the high run J-Q-K. Default 1.
    pay_high_run: u64 = 1, "pays.C5";
    /// `pays.spadesDouble` (§4.1): a condition made of spades only pays double. Default true.
    spades_double: bool = true, "pays.spadesDouble";
    /// `pays.suitedNonComoquerPays` (§4.1): a one-suit A or K group pays C3. Default true.
    suited_noncomoquer_pays: bool = true, "pays.suitedNonComoquerPays";
    /// `pays.escalera` (§4.1). Default `EndsAtAOrK`.
    escalera: Escalera = Escalera::EndsAtAOrK, "pays.escalera";
    /// `pays.layoff` (§4.2). Default `PerCard`.
    layoff_pay: LayoffPay = LayoffPay::PerCard, "pays.layoff";
    /// `pays.mustClaimBeforeDiscard` (§4.5). Default false (the engine pays automatically).
    must_claim_before_discard: bool = false, "pays.mustClaimBeforeDiscard";
    /// `outs.base` (§4.4): what each active opponent pays the player who goes out, besides
    /// the conditions on his board. Default 2.
    outs_base: u64 = 2, "outs.base";
    /// `outs.includeLayoffValue` (§4.4): count lay-off chips again in the outs. Default false.
    outs_include_layoff_value: bool = false, "outs.includeLayoffValue";
    /// `tops.amount` (§5.1): the ante into the pot; 2 is "double tops". Default 1.
    tops_amount: u64 = 1, "tops.amount";
    /// `collection.fee` (§5.1): the house's per-hand fee. Default 0.
    collection_fee: u64 = 0, "collection.fee";
    /// `sluff.forfeit` (§5.3): extra chips a sluffer pays (Hoyle: 2). Default 0.
    sluff_forfeit: u64 = 0, "sluff.forfeit";
    /// `tops.allowSplit` (§5.2): two remaining players may split the tops. Default false.
    tops_allow_split: bool = false, "tops.allowSplit";
    /// `tops.allSluff` (§5.2). Default `CarryOver`.
    tops_all_sluff: AllSluff = AllSluff::CarryOver, "tops.allSluff";
    /// `rotation` (§6.1). Default counterclockwise.
    rotation: Rotation = Rotation::Counterclockwise, "rotation";
    /// `initialUpcard` (§6.1). Default false.
    initial_upcard: bool = false, "initialUpcard";
    /// `drawFromDiscard` (§6.2). Default `PrecedingStockOnly`.
    draw_from_discard: DrawFromDiscard = DrawFromDiscard::PrecedingStockOnly, "drawFromDiscard";
    /// `forcing` (§6.5). Default `Mandatory`.
    forcing: Forcing = Forcing::Mandatory, "forcing";
    /// `split.requiresLayoffThisTurn` (§6.4): a split must add cards in the same operation.
    /// Default false.
    split_requires_layoff: bool = false, "split.requiresLayoffThisTurn";
    /// `stockExhausted` (§6.6). Default `ReshuffleDead`.
    stock_exhausted: StockExhausted = StockExhausted::ReshuffleDead, "stockExhausted";
    /// `players.min` (§6.7). Default 2.
    players_min: u8 = 2, "players.min", min 2;
    /// `players.max` (§6.7): at least `players.min`. Default 15.
    players_max: u8 = 15, "players.max";
}

impl Field {
    /// The error for a value this field does not take, spelled `got` by the caller.
    pub fn invalid(&self, got: String) -> RuleError {
        RuleError::Invalid {
            field: self.name,
            expected: self.kind,
            got,
        }
    }
}

/// The field of that name.
pub fn field(name: &str) -> Result<&'static Field, RuleError> {
    FIELDS
        .iter()
        .find(|f| f.name == name)
        .ok_or_else(|| RuleError::Unknown(name.to_string()))
}

impl PanRules {
    /// The checks between fields, after [`PanRules::set`]: `players.max` is at least
    /// `players.min` (§6.7).
    pub fn check(&self) -> Result<(), RuleError> {
        if self.players_max < self.players_min {
            let kind = <u8 as RuleType>::KIND.at_least(self.players_min as u64);
            return Err(RuleError::Invalid {
                field: "players_max",
                expected: kind,
                got: self.players_max.to_string(),
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn config_strings_go_both_ways() {
        fn round_trip<T: FromStr<Err = UnknownName> + RuleType>(as_str: fn(&T) -> &'static str) {
            let RuleKind::Name(names) = T::KIND else {
                panic!("not a config enum")
            };
            for name in names {
                let v: T = name.parse().unwrap();
                assert_eq!(as_str(&v), *name);
            }
            assert_eq!("nope".parse::<T>().err().unwrap().expected, names);
        }
        round_trip::<UnsuitedRule>(|v| v.as_str());
        round_trip::<Escalera>(|v| v.as_str());
        round_trip::<LayoffPay>(|v| v.as_str());
        round_trip::<Forcing>(|v| v.as_str());
        round_trip::<DrawFromDiscard>(|v| v.as_str());
        round_trip::<Rotation>(|v| v.as_str());
        round_trip::<StockExhausted>(|v| v.as_str());
        round_trip::<AllSluff>(|v| v.as_str());
        assert_eq!(LayoffPay::NoPay.as_str(), "none");
    }

    #[test]
    fn fields_are_set_and_read_by_name() {
        let d = PanRules::default();
        let values = d.values();
        assert_eq!(values.len(), FIELDS.len());
        let mut r = PanRules::default();
        for (f, (name, v)) in FIELDS.iter().zip(&values) {
            assert_eq!(f.name, *name);
            r.set(name, v).unwrap();
        }
        assert_eq!(r, d);
        r.set("escalera", &RuleValue::Name("exactThree")).unwrap();
        r.set("packs", &RuleValue::Int(5)).unwrap();
        r.set("extra_cards", &RuleValue::Cards(vec![3, 3, 7]))
            .unwrap();
        assert_eq!((r.escalera, r.packs), (Escalera::ExactThree, 5));
        assert_eq!(r.values()[2].1, RuleValue::Cards(vec![3, 3, 7]));
        assert_eq!(field("outs_base").unwrap().key, "outs.base");
        assert!(field("packs").unwrap().doc.contains("§1.2"));
    }

    #[test]
    fn bad_values_name_the_field_and_what_it_takes() {
        let mut r = PanRules::default();
        let err = |r: &mut PanRules, name: &str, v: RuleValue<'_>| {
            r.set(name, &v).unwrap_err().to_string()
        };
        assert_eq!(
            err(&mut r, "packs", RuleValue::Int(0)),
            "packs: expected an int 1..255, got 0"
        );
        assert_eq!(
            err(&mut r, "packs", RuleValue::Int(256)),
            "packs: expected an int 1..255, got 256"
        );
        assert_eq!(
            err(&mut r, "outs_base", RuleValue::Int(-1)),
            "outs_base: expected an int 0..18446744073709551615, got -1"
        );
        assert_eq!(
            err(&mut r, "players_min", RuleValue::Int(1)),
            "players_min: expected an int 2..255, got 1"
        );
        assert_eq!(
            err(&mut r, "escalera", RuleValue::Name("longRuns")),
            "escalera: expected one of endsAtAOrK, exactThree, got \"longRuns\""
        );
        assert_eq!(
            err(&mut r, "spades_double", RuleValue::Int(1)),
            "spades_double: expected a bool, got 1"
        );
        assert_eq!(
            err(&mut r, "nope", RuleValue::Int(1)),
            "unknown Pan rule \"nope\""
        );
        assert!(err(&mut r, "extra_cards", RuleValue::Cards(vec![40]))
            .starts_with("extra_cards: expected Pan cards"));
        assert_eq!(
            err(&mut r, "extra_cards", RuleValue::Cards(vec![27; 256])),
            "extra_cards: more than 255 extra copies of 7s"
        );
        assert_eq!(r, PanRules::default());
        r.players_min = 6;
        r.players_max = 5;
        assert_eq!(
            r.check().unwrap_err().to_string(),
            "players_max: expected an int 6..255, got 5"
        );
    }
}
