"""A test harness for real workers: set up an event and a job in a database of its own,
and read back where the work stands, from a separate process (``python -m
tests.worker_harness …`` with DATABASE_URL set), as ``manage.py db_worker`` sees it.

    setup-deals BOARDS     an event whose round 1 plays BOARDS boards, and a job of that many
                           random deals, queued as the upload page queues it
    setup-results TEAMS BOARDS  a round 1 of TEAMS teams and BOARDS boards, and a job of a
                           results file with both rooms of every board
    setup-files TEAMS BOARDS  the same round 1 and no job: a deals file and a results file
                           for it written beside the database, for a browser to upload
    state JOB              the job's state, phase, progress, and the rows written
    again JOB              run the job again, as its page's button does

Each prints one line of JSON.
"""

import datetime
import json
import os
import random
import sys
from pathlib import Path

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scoresheet.settings")
django.setup()

from django.contrib.auth.models import User  # noqa: E402 (Django is set up first)

from matches import actions  # noqa: E402
from matches.background import submit  # noqa: E402
from matches.models import Deal, Job, JobKind, Result  # noqa: E402
from matches.scoring.cards import RANKS  # noqa: E402


def random_deal(rng: random.Random) -> str:
    cards = [suit + rank for suit in "SHDC" for rank in RANKS]
    rng.shuffle(cards)
    hands = []
    for seat in range(4):
        held = cards[seat * 13 : seat * 13 + 13]
        hands.append(".".join("".join(c[1] for c in held if c[0] == s) for s in "SHDC"))
    return "N:" + " ".join(hands)


def event(teams: int, boards: int):
    actions.make_director("td", password="correct horse battery", chief=True)
    user = User.objects.get(username="td")
    made = actions.create_event(
        name="Worker check",
        date=datetime.date(2026, 12, 1),
        vp_scale="wbf-2013",
        boards_per_match=boards,
        boards_per_segment=boards,
        user=user,
    )
    for number in range(teams):
        actions.add_team(made, name=f"T{number + 1}", players=[], user=user)
    actions.make_round_robin(made, rounds=1, user=user)
    return made, user


def setup_deals(boards: int) -> dict:
    made, user = event(4, boards)
    rng = random.Random(7)
    text = "\n".join(f'[Board "{n}"]\n[Deal "{random_deal(rng)}"]\n' for n in range(1, boards + 1))
    job, _ = submit.submit_upload(
        kind=JobKind.DEALS,
        upload=text.encode(),
        file_name="deals.pbn",
        user=user,
        language="en",
        event=made,
        round_number=1,
        options={},
    )
    return {"event": made.pk, "job": job.pk}


def results_text(made, boards: int) -> str:
    games = []
    for match in made.matches.select_related("home", "away"):
        for number in range(1, boards + 1):
            for room in ("Open", "Closed"):
                games.append(
                    f'[Board "{number}"]\n[Room "{room}"]\n[HomeTeam "{match.home.name}"]\n'
                    f'[VisitTeam "{match.away.name}"]\n[Contract "3NT"]\n[Declarer "S"]\n'
                    f'[Result "{9 if room == "Open" else 8}"]\n'
                )
    return "\n".join(games)


def setup_results(teams: int, boards: int) -> dict:
    made, user = event(teams, boards)
    text = results_text(made, boards)
    job, _ = submit.submit_upload(
        kind=JobKind.RESULTS,
        upload=text.encode(),
        file_name="results.pbn",
        user=user,
        language="en",
        event=made,
        round_number=1,
        options={},
    )
    return {"event": made.pk, "job": job.pk, "results": text.count("[Room ")}


def setup_files(teams: int, boards: int) -> dict:
    made, _ = event(teams, boards)
    folder = Path(os.environ["DATABASE_URL"].removeprefix("sqlite:///")).parent
    rng = random.Random(7)
    deals = "\n".join(f'[Board "{n}"]\n[Deal "{random_deal(rng)}"]\n' for n in range(1, boards + 1))
    (folder / "deals.pbn").write_text(deals)
    (folder / "results.pbn").write_text(results_text(made, boards))
    return {
        "event": made.pk,
        "deals": str(folder / "deals.pbn"),
        "results": str(folder / "results.pbn"),
    }


def state(job_id: int) -> dict:
    job = Job.objects.defer("upload").get(pk=job_id)
    return {
        "state": job.state,
        "phase": job.phase,
        "done": job.done,
        "total": job.total,
        "attempt": job.attempt,
        "stopped": job.stopped,
        "messages": job.messages,
        "deals": Deal.objects.filter(event=job.event_id).count(),
        "results": Result.objects.filter(board__match__event=job.event_id).count(),
    }


def again(job_id: int) -> dict:
    job = submit.run_again(Job.objects.get(pk=job_id), user=None)
    return {"attempt": job.attempt}


if __name__ == "__main__":
    command, *args = sys.argv[1:]
    numbers = [int(a) for a in args]
    run = {
        "setup-deals": setup_deals,
        "setup-results": setup_results,
        "setup-files": setup_files,
        "state": state,
        "again": again,
    }[command]
    print(json.dumps(run(*numbers)))
