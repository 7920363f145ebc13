"""A test harness: each deal is solved by DDS once per test run, then remembered.

Double dummy is real in every test that uses this (nothing is faked), but a deal met again
in another test, with the same dealer and vulnerability, is not solved again.
"""

import pytest

from matches.scoring import double_dummy

_solved: dict = {}
_analyse = double_dummy.analyse


def _analyse_once(deals, progress=None):
    missing = [item for item in deals if (item[0].pbn(), item[1], item[2]) not in _solved]
    for item, analysis in zip(missing, _analyse(missing), strict=True):
        _solved[(item[0].pbn(), item[1], item[2])] = analysis
    if progress is not None:
        progress(len(deals), len(deals))
    return [_solved[(deal.pbn(), dealer, vulnerability)] for deal, dealer, vulnerability in deals]


@pytest.fixture
def analysed_once(monkeypatch):
    """Solve each deal once per test run (see the module's docstring)."""
    from matches.interchange import deal_files

    monkeypatch.setattr(deal_files, "analyse", _analyse_once)
