//! Going out from the middle of a hand: a plan of operations (docs/rules/pan.md §6.3, §6.4).
use std::collections::HashMap;

use super::cards::GO_OUT_CARDS;
use super::conditions::conditions;
use super::melds::count_cards;
use super::ops::{
    borrow, concat, lay_off, meld, remove_cards, split, valid, within_deck, MeldError, MeldRole,
};
use super::rules::PanRules;
use super::solver::{add_pay, PanSolver, NO};

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

impl Step {
    /// The operation's name, as Python's `splitpot.pan` records know it.
    pub fn name(&self) -> &'static str {
        match self {
            Step::Meld { .. } => "meld",
            Step::LayOff { .. } => "lay_off",
            Step::Split { .. } => "split",
            Step::Borrow { .. } => "borrow",
        }
    }
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
    let all = check_position(drawn, hand, table, rules)?;
    // The final board is a partition of the 11 cards into valid melds; without one, no plan.
    if !PanSolver::new(rules).can_meld_all(&all) {
        return Ok(None);
    }
    let start = TurnState::new(table.to_vec(), hand.to_vec(), Some(drawn));
    let mut memo = HashMap::new();
    if plan_best(&start, rules, &mut memo) == NO {
        return Ok(None);
    }
    Ok(follow_best(start, rules, &mut memo))
}

/// All 11 cards of a position, once its codes, table melds, count and copies are checked.
fn check_position(
    drawn: u8,
    hand: &[u8],
    table: &[Vec<u8>],
    rules: &PanRules,
) -> Result<Vec<u8>, MeldError> {
    let all: Vec<u8> = std::iter::once(drawn)
        .chain(hand.iter().copied())
        .chain(table.iter().flatten().copied())
        .collect();
    count_cards(&all).map_err(MeldError::BadCard)?;
    for m in table {
        valid(MeldRole::Existing, m, rules)?;
    }
    if all.len() != GO_OUT_CARDS {
        return Err(MeldError::WrongCount { got: all.len() });
    }
    within_deck(&all, rules)?;
    Ok(all)
}

/// The plan from a state that can go out: at each state, the first operation that keeps the
/// memoised best.
fn follow_best(
    mut state: TurnState,
    rules: &PanRules,
    memo: &mut HashMap<TurnState, u64>,
) -> Option<TurnPlan> {
    let mut steps = Vec::new();
    let mut pays = 0u64;
    while !(state.hand.is_empty() && state.drawn.is_none()) {
        let target = plan_best(&state, rules, memo);
        let (step, pay, next) = transitions(&state, rules)
            .into_iter()
            .find(|(_, pay, next)| {
                let v = plan_best(next, rules, memo);
                v != NO && add_pay(*pay, v) == target
            })?;
        pays = add_pay(pays, pay);
        steps.push((step, pay));
        state = next;
    }
    Some(TurnPlan {
        steps,
        board_conditions: board_conditions(&state.melds, rules),
        melds: state.melds,
        pays,
    })
}

/// The conditions of the melds as they lie, which the outs add to `outs_base` (§4.4).
fn board_conditions(melds: &[Vec<u8>], rules: &PanRules) -> u64 {
    melds
        .iter()
        .fold(0, |t, m| add_pay(t, conditions(m, rules)))
}

fn plan_best(state: &TurnState, rules: &PanRules, memo: &mut HashMap<TurnState, u64>) -> u64 {
    if state.hand.is_empty() && state.drawn.is_none() {
        return board_conditions(&state.melds, rules);
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

/// An operation, what it pays, and the state after it.
type Transition = (Step, u64, TurnState);

/// Every legal operation from a state, with its pay and the state after it. While the drawn
/// card is still to be placed, each operation must use it (§6.3).
fn transitions(state: &TurnState, rules: &PanRules) -> Vec<Transition> {
    let mut avail = state.hand.clone();
    avail.extend(state.drawn);
    avail.sort_unstable();
    let mut out = Vec::new();
    for s in sub_multisets(&avail) {
        let must_place = state.drawn.is_some();
        if must_place && !state.drawn.is_some_and(|d| s.contains(&d)) {
            continue;
        }
        // A split that adds nothing: only once the drawn card is down.
        if s.is_empty() && (must_place || rules.split_requires_layoff) {
            continue;
        }
        let Ok(hand) = remove_cards(&avail, &s) else {
            continue;
        };
        if s.len() >= 3 {
            if let Ok(o) = meld(&s, rules) {
                let mut melds = state.melds.clone();
                melds.extend(o.melds);
                let next = TurnState::new(melds, hand.clone(), None);
                out.push((Step::Meld { cards: s.clone() }, o.pays, next));
            }
        }
        for i in 0..state.melds.len() {
            push_onto(state, i, &s, &hand, rules, &mut out);
        }
    }
    out
}

/// The operations that use the cards `s` on the meld `i`: lay-offs, borrows and splits.
fn push_onto(
    state: &TurnState,
    i: usize,
    s: &[u8],
    hand: &[u8],
    rules: &PanRules,
    out: &mut Vec<Transition>,
) {
    let m = &state.melds[i];
    if !s.is_empty() {
        let laid_off = match lay_off(m, s, rules) {
            Ok(o) => {
                let next = state.with_melds(i, o.melds, hand.to_vec());
                let step = Step::LayOff {
                    meld: m.clone(),
                    cards: s.to_vec(),
                };
                out.push((step, o.pays, next));
                true
            }
            Err(_) => false,
        };
        if m.len() >= 4 {
            push_borrows(state, i, s, hand, rules, out);
        }
        // Not a valid lay-off, so no split after adding these cards either.
        if !laid_off {
            return;
        }
    }
    push_splits(state, i, s, hand, rules, out);
}

/// Splits of the meld `i` after adding `s` (maybe none).
fn push_splits(
    state: &TurnState,
    i: usize,
    s: &[u8],
    hand: &[u8],
    rules: &PanRules,
    out: &mut Vec<Transition>,
) {
    let m = &state.melds[i];
    let whole = concat(m, s);
    if whole.len() < 6 {
        return;
    }
    // Parts holding the first card, so each split is listed once.
    for mut part in sub_multisets(&whole[1..]) {
        part.insert(0, whole[0]);
        if part.len() < 3 || whole.len() - part.len() < 3 {
            continue;
        }
        if let Ok(o) = split(m, s, &part, rules) {
            let next = state.with_melds(i, o.melds, hand.to_vec());
            let step = Step::Split {
                meld: m.clone(),
                added: s.to_vec(),
                part,
            };
            out.push((step, o.pays, next));
        }
    }
}

fn push_borrows(
    state: &TurnState,
    i: usize,
    with: &[u8],
    hand: &[u8],
    rules: &PanRules,
    out: &mut Vec<Transition>,
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
    use crate::pan::testutil::{built_hand, deal, multiset, p};
    use crate::pan::*;
    use crate::rng::Rng;

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

    /// The plan from a position that goes out, checked by [`replay`].
    fn planned(drawn: &str, hand: &str, table: &[Vec<u8>], rules: &PanRules) -> TurnPlan {
        let (drawn, hand) = (p(drawn)[0], p(hand));
        let plan = go_out_with(drawn, &hand, table, rules).unwrap().unwrap();
        replay(drawn, &hand, table, &plan, rules);
        plan
    }

    #[test]
    fn go_out_with_plans() {
        let d = PanRules::default();
        let t = |ms: &[&str]| ms.iter().map(|m| p(m)).collect::<Vec<_>>();
        // Flat (§6.3): 10 cards on the table, the drawn card lays off.
        let table = t(&["Ac 2c 3c 4c", "5s 5s 5s", "6d 6h 6c"]);
        let plan = planned("5c", "", &table, &d);
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
        // The drawn card fits nowhere: cannot go out.
        assert_eq!(go_out_with(p("Kd")[0], &[], &table, &d).unwrap(), None);
        // Borrowing: the drawn 7d and hand 7h make a group with the 7c borrowed from a run.
        let table = t(&["4c 5c 6c 7c", "Qd Qd Qd"]);
        let plan = planned("7d", "7h Qd Qd", &table, &d);
        // 7c 7d 7h (C1) from the borrow, two Qd laid off on the suited group (1 each).
        assert_eq!((plan.pays, plan.board_conditions), (1 + 2, 1 + 1));
        // Table melds of three lend nothing: these 11 cards go out from the hand (J, Q and K
        // groups) but not with the runs already down.
        let table = t(&["Jc Qc Kc", "Jd Qd Kd", "Jh Qh Kh"]);
        let all = p("Jc Qc Kc Jd Qd Kd Jh Qh Kh Js Ks");
        assert!(go_out(&all, &d).unwrap().is_some());
        assert_eq!(go_out_with(p("Js")[0], &p("Ks"), &table, &d).unwrap(), None);
        // The drawn card goes first (§6.3): a drawn 3d needs the 3c from 3-4-5, which can lend
        // only after the 6c is laid off, so there is no way out; drawing the 6c there is.
        let table = t(&["3c 4c 5c", "Qh Qh Qh"]);
        assert!(go_out(&p("3c 4c 5c Qh Qh Qh 3d 3h 6c Qh Qh"), &d)
            .unwrap()
            .is_some());
        assert_eq!(
            go_out_with(p("3d")[0], &p("3h 6c Qh Qh"), &table, &d).unwrap(),
            None
        );
        planned("6c", "3d 3h Qh Qh", &table, &d);
        let split_table = t(&["Jc 7c 6c 5c", "Kd Kd Kd"]);
        // (A Kh could not join: the Kd group is suited, group.keepCharacter.)
        assert_eq!(
            go_out_with(p("Qc")[0], &p("4c Kd Kh"), &split_table, &d).unwrap(),
            None
        );
        planned("Qc", "4c Kd Kd", &split_table, &d);
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
            let fast = go_out(&cards, &d).unwrap();
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
}
