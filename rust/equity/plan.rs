//! The plan: a validated question, with the cards still to deal.
use super::range::Combo;
use super::showdown::Ctx;
use super::{EquityError, Game, Holding, Question, MAX_PLAYERS};
use crate::cards::card_name;
use crate::eval::omaha::board_table;
use crate::eval::razz::razz_table;

pub(super) struct Plan {
    pub(super) game: Game,
    pub(super) n: usize,
    pub(super) hilo: bool,
    pub(super) board: Vec<u8>,
    /// Group of each card still to deal: 0 board, 1 + i player i; groups contiguous.
    pub(super) slots: Vec<u8>,
    /// Slots left in the same group from each slot on (itself included).
    pub(super) rem: Vec<u8>,
    /// Known cards of each player (empty for range players).
    pub(super) fixed: Vec<Vec<u8>>,
    /// Remaining hands of each range player (None for players with cards).
    pub(super) ranges: Vec<Option<Vec<Combo>>>,
    /// Cards in a range player's hand (Hold'em 2, Omaha 4 to 6).
    pub(super) range_hand: usize,
    /// Every card not on the board, dead or in a player's known cards, in increasing order.
    pub(super) base_deck: Vec<u8>,
    pub(super) base_used: u64,
    /// Deals per choice of hands (one exact enumeration of the slots).
    pub(super) leaves: f64,
    /// The game's table: Omaha's board table, Razz's strengths by rank slot, else empty.
    pub(super) table: &'static [u16],
}

pub(super) fn place(i: usize) -> String {
    match i {
        0 => "on the board".into(),
        1 => "in the dead cards".into(),
        _ => format!("in player {}'s hand", i - 1),
    }
}

/// C(n, k) as a float (estimates only).
pub(super) fn choose(n: usize, k: usize) -> f64 {
    if k > n {
        return 0.0;
    }
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

impl Plan {
    pub(super) fn new(q: &Question) -> Result<Plan, EquityError> {
        let (game, n, nb) = (q.game, q.players.len(), q.board.len());
        check_players(n)?;
        check_board(game, nb)?;
        let (fixed, base_used) = place_known_cards(q)?;
        let base_deck: Vec<u8> = (0..52u8).filter(|&c| base_used >> c & 1 == 0).collect();
        let ranges = prune_ranges(q, base_used)?;
        let hand = game.variant().hole_cards as usize;
        let deck_left = base_deck.len() - hand * ranges.iter().flatten().count();
        let (board_need, own_need) = cards_to_come(game, &fixed, nb, deck_left)?;
        let (slots, rem, leaves) = slots(board_need, &own_need, deck_left);
        Ok(Plan {
            game,
            n,
            hilo: game.is_hilo(),
            board: q.board.clone(),
            slots,
            rem,
            fixed,
            ranges,
            range_hand: hand,
            base_deck,
            base_used,
            leaves,
            table: match game {
                Game::Omaha { .. } => board_table(),
                Game::Razz => razz_table(),
                _ => &[],
            },
        })
    }

    pub(super) fn range_players(&self) -> impl Iterator<Item = (usize, &Vec<Combo>)> + '_ {
        self.ranges
            .iter()
            .enumerate()
            .filter_map(|(i, r)| r.as_ref().map(|r| (i, r)))
    }

    /// Upper bound on the number of compatible hand assignments.
    pub(super) fn assignments_bound(&self) -> f64 {
        self.range_players().map(|(_, r)| r.len() as f64).product()
    }

    pub(super) fn eval_cost(&self) -> f64 {
        if self.game.is_omaha() {
            4.0
        } else {
            1.0
        }
    }

    /// A context with the fixed players set.
    pub(super) fn base_ctx(&self) -> Ctx {
        let mut ctx = Ctx::new(self.n);
        for (i, h) in self.fixed.iter().enumerate() {
            if self.ranges[i].is_none() {
                ctx.set(i, h, self.game.is_omaha());
            }
        }
        ctx
    }
}

fn check_players(n: usize) -> Result<(), EquityError> {
    if n < 2 {
        return Err(EquityError::Options(format!(
            "equity needs at least two players, got {n}"
        )));
    }
    if n > MAX_PLAYERS {
        return Err(EquityError::Options(format!(
            "at most {MAX_PLAYERS} players share one deck, got {n}"
        )));
    }
    Ok(())
}

/// The board sizes each game allows at the moment equity is asked.
fn check_board(game: Game, nb: usize) -> Result<(), EquityError> {
    let gname = game.name();
    match game {
        Game::Stud { .. } | Game::Razz if nb > 1 => Err(EquityError::Cards(format!(
            "{gname} has no board: at most one community card (dealt when the deck \
             runs out), got {nb} board cards"
        ))),
        Game::CrazyPineapple { .. } if !(3..=5).contains(&nb) => Err(EquityError::Game(format!(
            "{gname} players discard after the flop, so equity needs the flop: give \
             3 to 5 board cards, got {nb}"
        ))),
        Game::Holdem | Game::Omaha { .. } if !matches!(nb, 0 | 3 | 4 | 5) => {
            Err(EquityError::Cards(format!(
                "the board holds {nb} cards; a {gname} board has 0, 3, 4 or 5"
            )))
        }
        _ => Ok(()),
    }
}

/// Records that `cards` are `at` (a [`place`] index); every known card is in one place only.
fn claim(owner: &mut [usize; 52], cards: &[u8], at: usize) -> Result<(), EquityError> {
    for &c in cards {
        if c >= 52 {
            return Err(EquityError::Cards(format!(
                "invalid card code {c} {}: expected 0..51",
                place(at)
            )));
        }
        let prev = owner[c as usize];
        if prev != usize::MAX {
            let name = card_name(c);
            return Err(EquityError::Cards(if prev == at {
                format!("card {name} appears twice {}", place(at))
            } else {
                format!("card {name} is both {} and {}", place(prev), place(at))
            }));
        }
        owner[c as usize] = at;
    }
    Ok(())
}

/// The board, the dead cards and every player's known cards, checked: each player's known
/// cards and the mask of every known card.
fn place_known_cards(q: &Question) -> Result<(Vec<Vec<u8>>, u64), EquityError> {
    let mut owner = [usize::MAX; 52];
    claim(&mut owner, &q.board, 0)?;
    claim(&mut owner, &q.dead, 1)?;
    let mut fixed = vec![Vec::new(); q.players.len()];
    for (i, h) in q.players.iter().enumerate() {
        match h {
            Holding::Cards(c) => {
                check_hand_count(q.game, i, c.len(), q.board.len())?;
                claim(&mut owner, c, i + 2)?;
                fixed[i] = c.clone();
            }
            Holding::Range(r) if !range_fits(q.game, r) => {
                return Err(EquityError::Game(format!(
                    "player {} holds a range of {}-card hands, but {} deals {}",
                    i + 1,
                    r.combos().first().map_or(0, |c| c.cards().len()),
                    q.game.name(),
                    match q.game {
                        Game::Holdem | Game::Omaha { .. } => "a different number",
                        _ => "no ranges: ranges are for Hold'em and Omaha",
                    }
                )))
            }
            Holding::Range(_) => {}
        }
    }
    let used = owner
        .iter()
        .enumerate()
        .filter(|(_, &o)| o != usize::MAX)
        .fold(0u64, |m, (c, _)| m | 1 << c);
    Ok((fixed, used))
}

/// Whether a range's hands are the game's hole cards (Hold'em 2, Omaha 4 to 6).
fn range_fits(game: Game, r: &super::Range) -> bool {
    let hole = match game {
        Game::Holdem => 2,
        Game::Omaha { hole, .. } => hole as usize,
        _ => return false,
    };
    r.combos().iter().all(|c| c.cards().len() == hole)
}

/// Each range player's hands that use no known card; an error when a range is left empty or
/// the ranges cannot all be dealt at once.
fn prune_ranges(q: &Question, used: u64) -> Result<Vec<Option<Vec<Combo>>>, EquityError> {
    let mut ranges = vec![None; q.players.len()];
    for (i, h) in q.players.iter().enumerate() {
        if let Holding::Range(r) = h {
            // Room for every hand at once: a filtered collect grows the vector step by step.
            let mut left = Vec::with_capacity(r.combos.len());
            left.extend(r.combos.iter().filter(|c| c.mask() & used == 0).copied());
            if left.is_empty() {
                let known: Vec<String> = (0..52u8)
                    .filter(|&c| used >> c & 1 == 1)
                    .map(card_name)
                    .collect();
                return Err(EquityError::Range(format!(
                    "player {}'s range {:?} leaves no possible hand: every hand in it uses \
                     a card already dealt ({})",
                    i + 1,
                    r.text,
                    known.join(" ")
                )));
            }
            ranges[i] = Some(left);
        }
    }
    if !ranges_fit(&ranges, used) {
        let who: Vec<String> = (0..ranges.len())
            .filter(|&i| ranges[i].is_some())
            .map(|i| (i + 1).to_string())
            .collect();
        return Err(EquityError::Range(format!(
            "the ranges of players {} leave no possible hand for some player: they cannot \
             all be dealt at once",
            who.join(", ")
        )));
    }
    Ok(ranges)
}

/// Cards still to come: to the board, and to each player (Stud). Stud deals one community
/// card instead of seventh cards when the deck cannot give everyone one (docs/rules/poker.md §4.2).
fn cards_to_come(
    game: Game,
    fixed: &[Vec<u8>],
    nb: usize,
    deck_left: usize,
) -> Result<(usize, Vec<usize>), EquityError> {
    let (board_need, own_need): (usize, Vec<usize>) = match game {
        Game::Stud { .. } | Game::Razz => {
            let seven: usize = fixed.iter().map(|h| 7 - h.len()).sum();
            if nb == 1 || seven > deck_left {
                if let Some(i) = fixed.iter().position(|h| h.len() > 6) {
                    return Err(EquityError::Cards(format!(
                        "player {} holds {} cards, but with a community card each player \
                         has at most 6 of his own",
                        i + 1,
                        fixed[i].len()
                    )));
                }
                (1 - nb, fixed.iter().map(|h| 6 - h.len()).collect())
            } else {
                (0, fixed.iter().map(|h| 7 - h.len()).collect())
            }
        }
        _ => (5 - nb, vec![0; fixed.len()]),
    };
    let need = board_need + own_need.iter().sum::<usize>();
    if need > deck_left {
        return Err(EquityError::Cards(format!(
            "not enough cards: the deal needs {need} more but only {deck_left} are left"
        )));
    }
    Ok((board_need, own_need))
}

/// The slots to deal (board first, then each player's own cards), how many of the same group
/// remain from each slot, and the number of deals per choice of hands.
fn slots(board_need: usize, own_need: &[usize], deck_left: usize) -> (Vec<u8>, Vec<u8>, f64) {
    let mut slots = vec![0u8; board_need];
    for (i, &k) in own_need.iter().enumerate() {
        slots.extend(std::iter::repeat_n(i as u8 + 1, k));
    }
    let rem: Vec<u8> = (0..slots.len())
        .map(|s| slots[s..].iter().take_while(|&&g| g == slots[s]).count() as u8)
        .collect();
    let mut leaves = choose(deck_left, board_need);
    let mut left = deck_left - board_need;
    for &k in own_need {
        leaves *= choose(left, k);
        left -= k;
    }
    (slots, rem, leaves)
}

pub(super) fn check_hand_count(
    game: Game,
    i: usize,
    got: usize,
    board: usize,
) -> Result<(), EquityError> {
    let who = format!("player {}", i + 1);
    let v = game.variant();
    let (gname, hole) = (v.name, v.hole_cards as usize);
    let err = |want: String| {
        Err(EquityError::Cards(format!(
            "{who} holds {got} cards; {want}"
        )))
    };
    match game {
        Game::Holdem if got != hole => err(format!("{gname} needs {hole} (or a range)")),
        Game::Omaha { .. } if got != hole => err(format!("{gname} needs {hole}")),
        Game::CrazyPineapple { .. } if got == hole => Err(EquityError::Game(format!(
            "{who} holds 3 cards: {gname} equity is only defined after the discard, when each \
             player keeps 2; before it the outcome depends on a choice not yet made"
        ))),
        Game::CrazyPineapple { .. } if got != 2 => {
            err(format!("{gname} needs the 2 cards kept after the discard"))
        }
        Game::Stud { .. } | Game::Razz if got > hole || (board == 1 && got >= hole) => {
            err(format!("{gname} deals each player {hole} cards"))
        }
        _ => Ok(()),
    }
}

/// Whether some choice of one hand per range player uses no card twice (a bounded search).
pub(super) fn ranges_fit(ranges: &[Option<Vec<Combo>>], used: u64) -> bool {
    let rs: Vec<&Vec<Combo>> = ranges.iter().flatten().collect();
    pub(super) fn go(rs: &[&Vec<Combo>], used: u64, budget: &mut u64) -> bool {
        let Some((first, rest)) = rs.split_first() else {
            return true;
        };
        for c in first.iter() {
            if *budget == 0 {
                return true; // give up proving it; Monte Carlo reports if it cannot deal
            }
            *budget -= 1;
            if c.mask() & used == 0 && go(rest, used | c.mask(), budget) {
                return true;
            }
        }
        false
    }
    go(&rs, used, &mut 10_000_000)
}

/// Every compatible choice of hands for the range players: cards (2 per range player, in
/// player order) and the product of the weights.
pub(super) fn assignments(plan: &Plan) -> (Vec<u8>, Vec<f64>) {
    let rs: Vec<&Vec<Combo>> = plan.range_players().map(|(_, r)| r).collect();
    if let [one] = rs.as_slice() {
        // One range: each hand (none uses a known card, `prune_ranges`) is an assignment.
        let mut cards = Vec::with_capacity(plan.range_hand * one.len());
        one.iter().for_each(|c| cards.extend_from_slice(c.cards()));
        return (cards, one.iter().map(|c| c.weight).collect());
    }
    // Capped, the bound is only a first guess.
    let guess = plan.assignments_bound().min(1e5) as usize;
    let (mut cards, mut weights) = (
        Vec::with_capacity(plan.range_hand * rs.len() * guess),
        Vec::with_capacity(guess),
    );
    pub(super) fn go(
        rs: &[&Vec<Combo>],
        used: u64,
        w: f64,
        cur: &mut Vec<u8>,
        cards: &mut Vec<u8>,
        weights: &mut Vec<f64>,
    ) {
        let Some((first, rest)) = rs.split_first() else {
            cards.extend_from_slice(cur);
            weights.push(w);
            return;
        };
        for c in first.iter() {
            if c.mask() & used == 0 {
                cur.extend_from_slice(c.cards());
                go(rest, used | c.mask(), w * c.weight, cur, cards, weights);
                cur.truncate(cur.len() - c.cards().len());
            }
        }
    }
    go(
        &rs,
        plan.base_used,
        1.0,
        &mut Vec::new(),
        &mut cards,
        &mut weights,
    );
    (cards, weights)
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::equity::tests::q;
    #[test]
    fn stud_runs_out_of_cards_into_a_community_card() {
        // Eight players with three cards each need 32 more but 28 are left: one common card.
        let players: Vec<String> = (0..8)
            .map(|i| (0..3).map(|k| card_name((i * 3 + k) as u8)).collect())
            .collect();
        let refs: Vec<&str> = players.iter().map(|s| s.as_str()).collect();
        let question = q("stud", &refs, "");
        let plan = Plan::new(&question).unwrap();
        assert_eq!(plan.slots.iter().filter(|&&g| g == 0).count(), 1);
        assert_eq!(plan.slots.len(), 1 + 8 * 3);
    }
}
