"""A hand database: every history splitpot reads, in one SQLite file, and the statistics
players track (docs/stats.md)."""
