"""Time analysing a round's deals (double dummy and par with endplay's DDS) beside DDS's
own time for the same deals, and the whole background job of a 32-board upload.

This is what importing a round's deals costs (aim: a few seconds on the project's 2-core
machine for 16 boards; the figure below is against 3 s). The deals are the 16 of the test
file tests/data/deals_with_comments_and_statistics.pbn, read by the app's PBN reader, and
16 more dealt at random (seed 7): a 32-board round. Side by side, per board: endplay's own
``calc_all_tables`` for the same deals (DDS alone, all in one call and in the app's
batches of 4), the app's analysis (``analyse``: the same tables in batches of 4, then par,
made into the app's values), and the same work one deal at a time (calc_dd_table, par).
Then the whole job a worker runs for that upload (read the file, check the round, analyse,
save the deals in one transaction; SQLite in a temporary folder), per board. Importing
endplay is timed apart: a worker process pays it once (endplay's package imports
matplotlib and numpy too). CPU seconds are all the process's threads' (DDS's included); on
a shared machine the wall time is mostly waiting for a core, so the load average is
printed beside it. Run with `make bench`.
"""

import datetime
import os
import random
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from matches.interchange.pbn import read_deals  # noqa: E402
from matches.scoring import board_dealer, board_vulnerability  # noqa: E402
from matches.scoring.double_dummy import BATCH, analyse  # noqa: E402

FILE = ROOT / "tests" / "data" / "deals_with_comments_and_statistics.pbn"
BUDGET = 3.0  # seconds for a 16-board round
REPEAT = 2
RANKS = "AKQJT98765432"


def timed(function, repeat: int = REPEAT):
    """Return the best (wall, cpu) seconds of ``repeat`` runs (a run of 32 boards takes
    seconds: two, not more, to keep `make bench` short)."""
    best = (float("inf"), float("inf"))
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        function()
        best = min(best, (time.perf_counter() - wall, time.process_time() - cpu))
    return best


def random_deals(count: int, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    deals = []
    for _ in range(count):
        cards = [suit + rank for suit in "SHDC" for rank in RANKS]
        rng.shuffle(cards)
        hands = [cards[i * 13 : i * 13 + 13] for i in range(4)]
        deals.append(
            "N:"
            + " ".join(
                ".".join("".join(c[1] for c in hand if c[0] == suit) for suit in "SHDC")
                for hand in hands
            )
        )
    return deals


def round_file() -> bytes:
    """Return a 32-board round's deals file: the test file's 16, and 16 dealt at random."""
    text = FILE.read_text(encoding="utf-8-sig")
    extra = "".join(
        f'\n[Board "{number}"]\n[Deal "{deal}"]\n'
        for number, deal in enumerate(random_deals(16), start=17)
    )
    return (text.rstrip() + "\n" + extra).encode()


def whole_job(data: bytes) -> tuple[float, float, int]:
    """Return (wall, cpu) seconds of a 32-board upload's background job, and its deals."""
    folder = tempfile.mkdtemp(prefix="bench-deals-")
    os.environ.update({"DEBUG": "1", "DATABASE_URL": f"sqlite:///{folder}/db.sqlite3"})
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scoresheet.settings")
    import django  # noqa: PLC0415 (the settings above come first)

    django.setup()
    from django.core.management import call_command  # noqa: PLC0415

    from matches import actions  # noqa: PLC0415
    from matches.background import runner, submit  # noqa: PLC0415
    from matches.models import Deal, JobKind  # noqa: PLC0415

    call_command("migrate", verbosity=0)
    event = actions.create_event(
        name="Bench",
        date=datetime.date(2026, 12, 1),
        vp_scale="wbf-2013",
        boards_per_match=32,
        boards_per_segment=32,
        user=None,
    )
    for name in ("A", "B", "C", "D"):
        actions.add_team(event, name=name, user=None)
    actions.make_round_robin(event, rounds=1, user=None)
    job, _ = submit.submit_upload(
        kind=JobKind.DEALS,
        upload=data,
        file_name="round.pbn",
        user=None,
        language="en",
        event=event,
        round_number=1,
    )
    wall, cpu = time.perf_counter(), time.process_time()
    outcome = runner.run(job.pk, job.attempt)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    assert outcome["state"] == "done", outcome
    shutil.rmtree(folder)
    return wall, cpu, Deal.objects.filter(event=event).count()


def main() -> None:
    load = os.getloadavg()[0]
    start, start_cpu = time.perf_counter(), time.process_time()
    from endplay import dds, types  # the import a server pays once

    imported, imported_cpu = time.perf_counter() - start, time.process_time() - start_cpu
    data = round_file()
    found = read_deals(data).deals
    deals = [(d.deal, board_dealer(d.board), board_vulnerability(d.board)) for d in found]
    boards = len(deals)
    endplay_deals = [types.Deal(deal.pbn()) for deal, _, _ in deals]

    def one_at_a_time():
        for deal, dealer, vulnerability in deals:
            table = dds.calc_dd_table(types.Deal(deal.pbn()))
            vul = {"None": "none", "NS": "ns", "EW": "ew", "All": "both"}[vulnerability.value]
            list(dds.par(table, getattr(types.Vul, vul), types.Player.find(dealer.value)))

    def dds_in_batches():
        for first in range(0, boards, BATCH):
            dds.calc_all_tables(endplay_deals[first : first + BATCH])

    dds_wall, dds_cpu = timed(lambda: dds.calc_all_tables(endplay_deals))
    batch_wall, batch_cpu = timed(dds_in_batches)
    wall, cpu = timed(lambda: analyse(deals))
    base_wall, base_cpu = timed(one_at_a_time)
    job_wall, job_cpu, stored = whole_job(data)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    cores = os.cpu_count()

    def line(name, wall, cpu):
        per = wall / boards * 1000
        print(f"{name:44} {wall:6.2f} s wall {cpu:6.2f} s CPU {per:6.0f} ms a board")

    print(f"load average {load:.1f} before, {os.getloadavg()[0]:.1f} after, on {cores} cores")
    print(
        f"deals: {boards} (a {boards}-board round), endplay import {imported:.2f} s wall, "
        f"{imported_cpu:.2f} s CPU (once)"
    )
    line("endplay calc_all_tables, one call (DDS alone)", dds_wall, dds_cpu)
    line(f"endplay calc_all_tables, batches of {BATCH}", batch_wall, batch_cpu)
    line(f"the app's analyse (tables + par, {BATCH} a call)", wall, cpu)
    line("one deal at a time (calc_dd_table, par)", base_wall, base_cpu)
    line("the whole background job (read, check, save)", job_wall, job_cpu)
    assert stored == boards
    print(
        f"the app's analysis:   {wall / dds_wall:5.2f}× DDS alone in one call, "
        f"{wall / batch_wall:.2f}× in the same batches (wall); {cpu / dds_cpu:.2f}× and "
        f"{cpu / batch_cpu:.2f}× (CPU)"
    )
    print(
        f"the whole job:        {job_wall / wall:5.2f}× the analysis alone (wall), "
        f"{job_cpu / cpu:.2f}× (CPU)"
    )
    per_16 = wall / boards * 16
    print(f"16 boards:            {per_16:5.2f} s, {per_16 / BUDGET:.2f}× the 3 s aim")
    print(f"peak memory:          {peak:5.0f} MB")


if __name__ == "__main__":
    main()
