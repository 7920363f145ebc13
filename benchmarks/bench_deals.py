"""Time analysing a 16-board round's deals: double dummy and par with endplay's DDS.

This is what importing a round's deals costs (aim: a few seconds on the project's 2-core
machine; the figure below is against 3 s). The deals are the 16 of the test file
tests/data/deals_with_comments_and_statistics.pbn, read by the app's PBN reader. The
baseline is the same work done one deal at a time (endplay's calc_dd_table then par), where
the app hands DDS a few deals per call so both cores work. Importing endplay is timed apart:
a server process pays it once, on its first import of deals (endplay's package imports
matplotlib and numpy too). CPU seconds are all the process's threads' (DDS's included);
on a shared machine the wall time is mostly waiting for a core, so the load average is
printed beside it. Run with `make bench`.
"""

import os
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from matches.interchange.pbn import read_deals  # noqa: E402
from matches.scoring import board_dealer, board_vulnerability  # noqa: E402
from matches.scoring.double_dummy import analyse  # noqa: E402

FILE = ROOT / "tests" / "data" / "deals_with_comments_and_statistics.pbn"
BUDGET = 3.0  # seconds for a 16-board round
REPEAT = 3


def timed(function):
    """Return the best (wall, cpu) seconds of REPEAT runs."""
    best = (float("inf"), float("inf"))
    for _ in range(REPEAT):
        wall, cpu = time.perf_counter(), time.process_time()
        function()
        best = min(best, (time.perf_counter() - wall, time.process_time() - cpu))
    return best


def main() -> None:
    load = os.getloadavg()[0]
    start, start_cpu = time.perf_counter(), time.process_time()
    from endplay import dds, types  # the import a server pays once

    imported, imported_cpu = time.perf_counter() - start, time.process_time() - start_cpu
    found = read_deals(FILE.read_bytes()).deals
    deals = [(d.deal, board_dealer(d.board), board_vulnerability(d.board)) for d in found]

    def one_at_a_time():
        for deal, dealer, vulnerability in deals:
            table = dds.calc_dd_table(types.Deal(deal.pbn()))
            vul = {"None": "none", "NS": "ns", "EW": "ew", "All": "both"}[vulnerability.value]
            list(dds.par(table, getattr(types.Vul, vul), types.Player.find(dealer.value)))

    wall, cpu = timed(lambda: analyse(deals))
    base_wall, base_cpu = timed(one_at_a_time)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    cores = os.cpu_count()
    print(f"load average {load:.1f} before, {os.getloadavg()[0]:.1f} after, on {cores} cores")
    print(f"deals: {len(deals)} (a 16-board round), endplay import {imported:.2f} s wall, "
          f"{imported_cpu:.2f} s CPU (once)")  # fmt: skip
    per_board = wall / len(deals) * 1000
    print(f"analyse (DD + par): {wall:6.2f} s wall, {cpu:.2f} s CPU, {per_board:.0f} ms a board")
    print(f"one deal at a time: {base_wall:6.2f} s wall, {base_cpu:.2f} s CPU")
    ratio, budget = wall / base_wall, wall / BUDGET
    print(f"ratio:              {ratio:6.2f}× one at a time; {budget:.2f}× the 3 s aim")
    print(f"peak memory:        {peak:6.0f} MB")


if __name__ == "__main__":
    main()
