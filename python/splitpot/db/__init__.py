"""A hand database: every history splitpot reads, in one SQLite file, and the statistics
players track (docs/stats.md).

:func:`import_paths` reads PHH files, poker sites' text and XML, OHH and Pan histories into the
database (``splitpot import``), replaying each hand; :func:`statistics` gives each player's
VPIP, PFR, 3-bet, steal, c-bet, aggression, showdown and winnings figures, by position, game
or stakes (``splitpot stats``); :func:`report_html` draws a player's winnings and all-in EV;
:func:`to_pandas` and :func:`export_parquet` hand the tables to other tools.

>>> import os, tempfile
>>> from splitpot import HOLDEM, Hand, NoLimit, phh
>>> from splitpot.db import Filters, import_paths, statistics
>>> tmp = tempfile.TemporaryDirectory()
>>> hand = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
>>> _ = hand.raise_to(6), hand.fold()              # the button raises, the big blind folds
>>> phh.dump(hand, os.path.join(tmp.name, "hand.phh"), players=["Ann", "Bob"])
>>> import_paths([tmp.name], os.path.join(tmp.name, "hands.db")).added
1
>>> row = statistics(os.path.join(tmp.name, "hands.db"), filters=Filters("Bob")).rows[0]
>>> row["hands"], row["pfr"], row["won"]          # won: exact money (chips here)
(1, 100.0, Decimal('2'))
>>> tmp.cleanup()
"""

from __future__ import annotations

from splitpot.db.export import export_parquet, to_pandas
from splitpot.db.importing import ImportReport, import_paths
from splitpot.db.report import render as report_html
from splitpot.db.schema import TABLES, DatabaseError, connect
from splitpot.db.stats import STATISTICS, Filters, StatsTable, statistics

__all__ = [
    "STATISTICS",
    "TABLES",
    "DatabaseError",
    "Filters",
    "ImportReport",
    "StatsTable",
    "connect",
    "export_parquet",
    "import_paths",
    "report_html",
    "statistics",
    "to_pandas",
]
