"""benches/report.py turns a pytest-benchmark run into the README's tables: its examples run."""

from __future__ import annotations

import doctest
import importlib.util
from pathlib import Path


def test_the_report_gives_each_row_its_ratio_to_the_fastest_peer() -> None:
    spec = importlib.util.spec_from_file_location("report", Path(__file__).with_name("report.py"))
    assert spec is not None and spec.loader is not None
    report = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(report)
    result = doctest.testmod(report)
    assert result.attempted >= 1 and result.failed == 0
