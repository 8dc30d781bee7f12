"""The hand database's schema (docs/stats.md "The schema"), and opening a database file.

SQLite, from Python's standard library: an embedded database in one file, with no server to
start and nothing to install, transactions that survive a crash or a Ctrl-C (its journal
rolls an unfinished one back), and SQL that runs the statistics where the rows are. Every
amount is an integer of the hand's unit (``hands.unit`` says what one is worth); the only
real numbers are the all-in expectations (``seats.allin_ev``, ``seats.ev_net``), which are
expectations, not chips that moved.

Columns are documented here, next to their definitions, and in docs/stats.md.
"""

from __future__ import annotations

import os
import sqlite3

from splitpot._core import SplitpotError

SCHEMA_VERSION = 1
"""Written in ``meta``; a database of another version is refused rather than misread."""

BUSY_SECONDS = 30.0
"""How long a command waits for another writer (an import running beside it) before it gives
up with a :class:`DatabaseError`."""

_STRICT = " STRICT" if sqlite3.sqlite_version_info >= (3, 37) else ""
"""Typed columns where the linked SQLite has them (3.37+): a wrong type is an error."""

FACTS = (
    "pf_acted",
    "vpip",
    "pfr",
    "three_bet_opp",
    "three_bet",
    "fold_3bet_opp",
    "fold_3bet",
    "steal_opp",
    "steal",
    "fold_steal_opp",
    "fold_steal",
    "saw_flop",
    "cbet_opp",
    "cbet",
    "fold_cbet_opp",
    "fold_cbet",
    "post_bets",
    "post_raises",
    "post_calls",
    "post_folds",
    "post_checks",
    "wtsd",
    "wsd",
    "scoop",
    "won_high",
    "won_low",
)
"""The per-seat facts the statistics count (docs/stats.md defines each): 0 or 1, or counts."""

_TABLES = {
    "meta": """
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL""",
    # One row per history file read: its content's digest says whether it changed since.
    "files": """
        file_id INTEGER PRIMARY KEY,
        path TEXT NOT NULL UNIQUE,      -- the real path, as this machine saw it
        digest TEXT NOT NULL,           -- BLAKE2b of the file's bytes
        hands INTEGER NOT NULL,         -- hands read in it (new or already in the database)
        added INTEGER NOT NULL,         -- hands it added
        problems INTEGER NOT NULL       -- hands not imported (see problems)""",
    # A hand of a file that was not imported: unreadable, or a game splitpot does not play.
    "problems": """
        file_id INTEGER NOT NULL REFERENCES files,
        item INTEGER NOT NULL,          -- its place in the file, from 0
        kind TEXT NOT NULL,             -- 'error' or 'unsupported'
        detail TEXT NOT NULL,
        PRIMARY KEY (file_id, item)""",
    "tournaments": """
        tournament_id INTEGER PRIMARY KEY,
        site TEXT NOT NULL,             -- '' for a history of no site
        event TEXT NOT NULL,            -- the tournament's number or name
        UNIQUE (site, event)""",
    "tables": """
        table_id INTEGER PRIMARY KEY,
        site TEXT NOT NULL,
        name TEXT NOT NULL,
        UNIQUE (site, name)""",
    "players": """
        player_id INTEGER PRIMARY KEY,
        site TEXT NOT NULL,             -- a name is a player of one site ('' for none)
        name TEXT NOT NULL,
        UNIQUE (site, name)""",
    "hands": """
        hand_id INTEGER PRIMARY KEY,
        hand_key TEXT NOT NULL UNIQUE,  -- stable: 'site|number', or a digest of the history
        file_id INTEGER NOT NULL REFERENCES files,
        item INTEGER NOT NULL,          -- its place in the file, from 0
        format TEXT NOT NULL,           -- 'phh', 'site', 'pan' (the reader that read it)
        site TEXT NOT NULL,             -- '' for a history of no site
        site_hand TEXT,                 -- the hand's number, as written
        variant TEXT NOT NULL,          -- the PHH code: NT, PO, FO/8, F7S/8, FR... or 'pan'
        game TEXT NOT NULL,             -- splitpot's game: holdem, omaha8, stud8, razz, pan...
        game_name TEXT NOT NULL,
        structure TEXT NOT NULL,        -- 'no-limit', 'pot-limit', 'fixed-limit' ('' for Pan)
        hi_lo INTEGER NOT NULL,         -- 1: the pots split high and low
        stud INTEGER NOT NULL,          -- 1: no button; positions by bring-in order
        small_blind INTEGER NOT NULL,
        big_blind INTEGER NOT NULL,
        straddle INTEGER NOT NULL,      -- the largest live blind above the big blind, or 0
        small_bet INTEGER NOT NULL,     -- fixed limit: the small and big bets
        big_bet INTEGER NOT NULL,
        bring_in INTEGER NOT NULL,
        ante INTEGER NOT NULL,          -- the largest ante posted
        bb INTEGER NOT NULL,            -- the unit of 'per 100 hands': the big blind; stud
                                        -- the big bet; Pan the top; 0 if none
        stakes TEXT NOT NULL,           -- a label: '$0.50/$1', '100/200', 'top 1'
        currency TEXT NOT NULL,         -- 'USD', 'EUR', ... or '' for chips
        unit TEXT NOT NULL,             -- what one of its amounts is worth: '0.01', '1'
        played_at TEXT,                 -- 'YYYY-MM-DD' or 'YYYY-MM-DD HH:MM:SS', as written
        time_zone TEXT,
        tournament_id INTEGER REFERENCES tournaments,
        table_id INTEGER REFERENCES tables,
        level INTEGER,
        seat_count INTEGER NOT NULL,
        players INTEGER NOT NULL,       -- dealt in
        button INTEGER,                 -- the button's seat (NULL in stud and Pan)
        board TEXT NOT NULL,            -- the community cards, '' for none
        pot INTEGER NOT NULL,           -- every chip put in and not given back
        rake INTEGER NOT NULL,          -- what the house took: the site's, else the engine's
        site_rake INTEGER,              -- the rake as the site states it (NULL: no site)
        checked TEXT NOT NULL,          -- the replay against the history: 'match', 'odd_chip',
                                        -- 'mismatch', 'unchecked' (no result written)
        allin_street INTEGER,           -- the street when the money was all in with cards to
                                        -- come; NULL if it never was
        ev TEXT                         -- the all-in equity: 'exact', or why it is not known""",
    "seats": """
        hand_id INTEGER NOT NULL REFERENCES hands,
        seat INTEGER NOT NULL,          -- 0-based, clockwise
        site_seat INTEGER,              -- the history's seat number
        player_id INTEGER REFERENCES players,  -- NULL: the history names no one
        position TEXT NOT NULL,         -- BTN SB BB UTG UTG+1 .. LJ HJ CO; stud BI BI+1 ..
        act_order INTEGER NOT NULL,     -- order of the first betting round, from 0
        starting_stack INTEGER NOT NULL,
        cards TEXT,                     -- the hole cards, when known
        contributed INTEGER NOT NULL,   -- put in the pot, less what came back uncalled
        collected INTEGER NOT NULL,     -- taken from the pots (after the rake)
        net INTEGER NOT NULL,           -- won (+) or lost (-) in the hand
        rake_paid INTEGER NOT NULL,     -- his share of the rake, by what he put in
        site_winnings INTEGER,          -- the site's statement: what he collected,
        site_final INTEGER,             -- and his stack after the hand
        {facts},
        allin_ev REAL,                  -- expected share of the pots when the money went in
        ev_net REAL NOT NULL,           -- net, the pots shared by that equity (= net if none)
        PRIMARY KEY (hand_id, seat)""",
    "streets": """
        hand_id INTEGER NOT NULL REFERENCES hands,
        street INTEGER NOT NULL,        -- 0: preflop (stud: third street), 1: flop, ...
        name TEXT NOT NULL,
        cards TEXT NOT NULL,            -- the board cards this street dealt
        players INTEGER NOT NULL,       -- still in when it began
        pot INTEGER NOT NULL,           -- in the middle when it began
        PRIMARY KEY (hand_id, street)""",
    "actions": """
        hand_id INTEGER NOT NULL REFERENCES hands,
        seq INTEGER NOT NULL,           -- order in the hand, from 0
        street INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,             -- ante blind dead_blind bring_in fold check call bet
                                        -- raise timeout discard show muck return; Pan's verbs
        amount INTEGER NOT NULL,        -- chips it put in (a return: chips given back)
        total INTEGER,                  -- a bet or raise: the round's bet it made
        all_in INTEGER NOT NULL,
        raises INTEGER NOT NULL,        -- voluntary bets and raises before it on its street
        cards TEXT,                     -- shown or discarded
        PRIMARY KEY (hand_id, seq)""",
    "pots": """
        hand_id INTEGER NOT NULL REFERENCES hands,
        pot INTEGER NOT NULL,           -- 0: the main pot, then the side pots
        amount INTEGER NOT NULL,
        eligible TEXT NOT NULL,         -- the seats that could win it, '0,2,5'
        PRIMARY KEY (hand_id, pot)""",
    "results": """
        hand_id INTEGER NOT NULL REFERENCES hands,
        seq INTEGER NOT NULL,
        pot INTEGER NOT NULL,
        side TEXT NOT NULL,             -- 'whole', 'high' or 'low'
        seat INTEGER NOT NULL,
        amount INTEGER NOT NULL,
        why TEXT NOT NULL,
        PRIMARY KEY (hand_id, seq)""",
    # The seats' facts summed per player, position, game, stakes, money and day: kept by the
    # import in the same transaction as the seats (splitpot/db/summary.py), so that the
    # statistics of a million hands add up a few thousand rows, not six million.
    "summary": """
        player_id INTEGER NOT NULL REFERENCES players,
        position TEXT NOT NULL,
        variant TEXT NOT NULL,
        game TEXT NOT NULL,
        game_name TEXT NOT NULL,
        stakes TEXT NOT NULL,
        currency TEXT NOT NULL,
        unit TEXT NOT NULL,
        day TEXT NOT NULL,              -- 'YYYY-MM-DD' of played_at, '' when not known
        hands INTEGER NOT NULL,
        {facts},
        hilo_wtsd INTEGER NOT NULL,     -- showdowns of hi/lo hands
        bb_hands INTEGER NOT NULL,      -- hands with a big blind (hands.bb > 0)
        net INTEGER NOT NULL,
        net_bb REAL NOT NULL,           -- the nets in big blinds (hands.bb)
        ev_net REAL NOT NULL,
        rake_paid INTEGER NOT NULL,
        PRIMARY KEY (player_id, position, variant, game, stakes, currency, unit, day)""",
}

TABLES = tuple(_TABLES)
"""Every table, in the order a hand's rows depend on each other."""

_INDEXES = (
    "CREATE INDEX IF NOT EXISTS seats_player ON seats (player_id)",
    "CREATE INDEX IF NOT EXISTS hands_played ON hands (played_at)",
)


class DatabaseError(SplitpotError):
    """A file that is not a splitpot hand database, one of another schema version, or an
    error of SQLite's own (a locked or full database), naming the file.

    >>> import os, tempfile
    >>> tmp = tempfile.TemporaryDirectory()
    >>> try:
    ...     connect(os.path.join(tmp.name, "none.db"))
    ... except DatabaseError as e:
    ...     print(str(e).split(": ")[1][:16])
    no such database
    >>> tmp.cleanup()
    """


def _ddl() -> list[str]:
    facts = ",\n        ".join(f"{name} INTEGER NOT NULL" for name in FACTS)
    out = []
    for name, body in _TABLES.items():
        strict = "" if name == "meta" else _STRICT
        out.append(f"CREATE TABLE IF NOT EXISTS {name} ({body.format(facts=facts)}\n){strict}")
    return [*out, *_INDEXES]


def connect(path: str | os.PathLike[str], *, create: bool = False) -> sqlite3.Connection:
    """The database at ``path`` (an open ``sqlite3.Connection``, in autocommit mode: each
    writer opens its own transactions), its schema made if ``create`` and it has none.

    Raises :class:`DatabaseError` when the file is not a splitpot database (or, without
    ``create``, does not exist), and ``OSError`` when it cannot be opened.

    >>> import os, tempfile
    >>> tmp = tempfile.TemporaryDirectory()
    >>> db = connect(os.path.join(tmp.name, "hands.db"), create=True)
    >>> db.execute("SELECT COUNT(*) FROM hands").fetchone()
    (0,)
    >>> db.close(); tmp.cleanup()
    """
    name = os.fspath(path)
    if not create and not os.path.isfile(name):
        raise DatabaseError(f"{name}: no such database (splitpot import ... --db {name})")
    try:
        db = sqlite3.connect(name, isolation_level=None, timeout=BUSY_SECONDS)  # explicit BEGINs
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")  # WAL: still atomic; fsync at checkpoints
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    except sqlite3.DatabaseError as e:
        raise DatabaseError(f"{name}: not a splitpot hand database ({e})") from None
    if not tables and create:
        db.execute("BEGIN IMMEDIATE")
        for statement in _ddl():
            db.execute(statement)
        db.execute("INSERT INTO meta VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),))
        db.execute("COMMIT")
        return db
    _check_version(db, name, tables)
    return db


def _check_version(db: sqlite3.Connection, name: str, tables: set[str]) -> None:
    row = None
    if "meta" in tables:
        row = db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    if row is None:
        db.close()
        raise DatabaseError(f"{name}: not a splitpot hand database (no schema version)")
    if row[0] != str(SCHEMA_VERSION):
        db.close()
        raise DatabaseError(
            f"{name}: a hand database of schema version {row[0]}; this splitpot reads "
            f"version {SCHEMA_VERSION} (import the histories again into a new file)"
        )
