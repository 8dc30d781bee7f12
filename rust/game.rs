//! The variants: codes, aliases, names (spec/poker.md §2).
use crate::equity::EquityError;
/// A game equity can be computed for (spec/poker.md §2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Game {
    Holdem,
    /// Omaha with `hole` = 4, 5 or 6 cards; exactly two hole and three board cards.
    Omaha {
        hole: u8,
        hilo: bool,
    },
    /// After the discard: two hole cards, best five of seven.
    CrazyPineapple {
        hilo: bool,
    },
    /// Seven cards each, best five; no board.
    Stud {
        hilo: bool,
    },
}

/// Every game code [`Game::parse`] accepts (aliases aside).
pub const GAME_CODES: [&str; 11] = [
    "holdem",
    "omaha",
    "omaha5",
    "omaha6",
    "omaha8",
    "omaha5-8",
    "omaha6-8",
    "crazy-pineapple",
    "crazy-pineapple8",
    "stud",
    "stud8",
];

impl Game {
    /// A game by code (see [`GAME_CODES`]) or common alias, any case; `_` and spaces count
    /// as `-`.
    pub fn parse(name: &str) -> Result<Game, EquityError> {
        let key = name.trim().to_ascii_lowercase().replace(['_', ' '], "-");
        let code = match key.as_str() {
            "nt" | "ft" | "texas-holdem" | "hold'em" | "texas-hold'em" | "nlhe" | "lhe" => "holdem",
            "plo" | "po" | "omaha-hi" => "omaha",
            "o8" | "omaha-hi-lo" | "omaha-8" | "fo/8" | "omaha-hilo" | "plo8" | "omaha/8" => {
                "omaha8"
            }
            "plo5" => "omaha5",
            "plo6" => "omaha6",
            "pineapple" => "crazy-pineapple",
            "crazy-pineapple-8" | "crazy-pineapple-hilo" | "crazy-pineapple-hi-lo" => {
                "crazy-pineapple8"
            }
            "seven-card-stud" | "7-card-stud" | "7cs" | "stud-hi" => "stud",
            "stud-8" | "stud-hi-lo" | "stud-hilo" | "stud/8" | "seven-card-stud-hi-lo" | "7cs8" => {
                "stud8"
            }
            other => other,
        };
        Ok(match code {
            "holdem" => Game::Holdem,
            "omaha" => Game::Omaha {
                hole: 4,
                hilo: false,
            },
            "omaha5" => Game::Omaha {
                hole: 5,
                hilo: false,
            },
            "omaha6" => Game::Omaha {
                hole: 6,
                hilo: false,
            },
            "omaha8" => Game::Omaha {
                hole: 4,
                hilo: true,
            },
            "omaha5-8" => Game::Omaha {
                hole: 5,
                hilo: true,
            },
            "omaha6-8" => Game::Omaha {
                hole: 6,
                hilo: true,
            },
            "crazy-pineapple" => Game::CrazyPineapple { hilo: false },
            "crazy-pineapple8" => Game::CrazyPineapple { hilo: true },
            "stud" => Game::Stud { hilo: false },
            "stud8" => Game::Stud { hilo: true },
            _ => {
                return Err(EquityError::Game(format!(
                    "unknown game {name:?}; choose one of {}",
                    GAME_CODES.join(", ")
                )))
            }
        })
    }

    /// The canonical code, as in [`GAME_CODES`].
    pub fn code(self) -> &'static str {
        match self {
            Game::Holdem => "holdem",
            Game::Omaha { hole, hilo } => {
                GAME_CODES[1 + (hole as usize).saturating_sub(4).min(2) + 3 * hilo as usize]
            }
            Game::CrazyPineapple { hilo } => GAME_CODES[7 + hilo as usize],
            Game::Stud { hilo } => GAME_CODES[9 + hilo as usize],
        }
    }

    /// The name spec/poker.md §2 uses: "Omaha Hi/Lo 8 or Better (5 cards)".
    pub fn name(self) -> String {
        match self {
            Game::Holdem => "Texas Hold'em".into(),
            Game::Omaha { hole, hilo } => {
                let base = if hilo {
                    "Omaha Hi/Lo 8 or Better"
                } else {
                    "Omaha"
                };
                if hole == 4 {
                    base.into()
                } else {
                    format!("{base} ({hole} cards)")
                }
            }
            Game::CrazyPineapple { hilo: false } => "Crazy Pineapple".into(),
            Game::CrazyPineapple { hilo: true } => "Crazy Pineapple 8/b".into(),
            Game::Stud { hilo: false } => "Seven Card Stud".into(),
            Game::Stud { hilo: true } => "Seven Card Stud Hi/Lo".into(),
        }
    }

    /// Whether the pot is split between the best high and the best 8-or-better low.
    pub fn is_hilo(self) -> bool {
        match self {
            Game::Holdem => false,
            Game::Omaha { hilo, .. } | Game::CrazyPineapple { hilo } | Game::Stud { hilo } => hilo,
        }
    }

    pub(crate) fn is_omaha(self) -> bool {
        matches!(self, Game::Omaha { .. })
    }
}
