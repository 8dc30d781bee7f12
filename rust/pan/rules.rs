//! The house rules of spec/pan.md §8.
use super::cards::NUM_CARDS;

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
}
