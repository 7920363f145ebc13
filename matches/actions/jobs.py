"""Background jobs' own rows: made with their task, run, reported, run again.

A job is bookkeeping about work, not the event's data: these writes lock no event and bump
no revision (no public page shows a job). The work's own writes go through the other
actions (``import_deals``, ``import_results``, ``import_event``…), inside ``saving`` below:
one transaction that also marks the run done, so a run killed at any moment has written
either everything or nothing, and can be run again.

Each run has a number (``attempt``). Whatever a run reports names its attempt: a run that
is no longer the job's latest (the director ran it again) is ``Superseded`` and stops at
its next report, so two runs never both write.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from matches.models import Job, JobPhase, JobState

from .base import ActionError

Enqueue = Callable[[Job], str]  # puts the job's run on the queue, returns the task's id


class Superseded(Exception):
    """A run that is no longer its job's latest, or whose job is gone: it stops."""


def job_key(kind: str, scope: str, round_number, digest: str) -> str:
    """Return the key that makes the same upload twice one job: the kind of work, whose it
    is (the event, or the user for a restore or a generated event), the round and the
    file's (or the settings') SHA-256."""
    return hashlib.sha256(f"{kind}|{scope}|{round_number}|{digest}".encode()).hexdigest()


def create_job(
    *,
    kind: str,
    key: str,
    enqueue: Enqueue,
    user,
    event=None,
    stage=None,
    round_number: int | None = None,
    upload: bytes | None = None,
    file_name: str = "",
    options: dict | None = None,
    language: str = "zh-hans",
) -> tuple[Job, bool]:
    """Return the job for this work and whether it is new: made and its task enqueued in
    one transaction (a worker never sees a task without its job, nor the reverse), or, for
    the same upload again, the job made the first time, with no second task."""
    existing = Job.objects.defer("upload").filter(dedupe_key=key).first()
    if existing is not None:
        return existing, False
    try:
        with transaction.atomic():
            job = Job.objects.create(
                kind=kind,
                event=event,
                stage=stage,
                round=round_number,
                options=options or {},
                file_name=file_name[:200],
                upload=upload,
                dedupe_key=key,
                language=language,
                created_by=user,
            )
            job.task_id = enqueue(job)
            job.save(update_fields=["task_id"])
    except IntegrityError:  # the same upload, posted twice at once: the other one won
        return Job.objects.defer("upload").get(dedupe_key=key), False
    return job, True


def run_job_again(job, *, enqueue: Enqueue, user, confirm: bool = False) -> Job:
    """Return the job queued for another run (a new attempt, from the start: nothing of a
    stopped or refused run was written), ``confirm`` set when the director confirms what
    the last run asked about. Refused while a run is under way and alive."""
    with transaction.atomic():
        job = Job.objects.select_for_update().defer("upload").get(pk=job.pk)
        if job.state == JobState.DONE and job.makes_an_event:
            raise ActionError(
                _("This work is done and made its event: running it again would make a copy."),
                code="done",
            )
        if not job.can_run_again:
            raise ActionError(
                _("This work is still under way: wait for it to finish."), code="running"
            )
        job.attempt += 1
        job.state, job.phase = JobState.WAITING, ""
        job.done = job.total = 0
        job.messages, job.warnings, job.result = [], [], {}
        job.heartbeat = timezone.now()  # when it was queued again
        job.finished_at = None
        if confirm:
            job.options = {**job.options, "confirm": True}
        job.task_id = enqueue(job)
        job.save(
            update_fields=[
                "attempt",
                "state",
                "phase",
                "done",
                "total",
                "messages",
                "warnings",
                "result",
                "heartbeat",
                "finished_at",
                "options",
                "task_id",
            ]
        )
        return job


def start_run(job_id: int, attempt: int) -> Job:
    """Return the job, marked running by this attempt; Superseded if it is not the latest."""
    updated = Job.objects.filter(pk=job_id, attempt=attempt, state=JobState.WAITING).update(
        state=JobState.RUNNING, phase=JobPhase.READING, heartbeat=timezone.now()
    )
    if not updated:
        raise Superseded
    return Job.objects.get(pk=job_id)


def report(job_id: int, attempt: int, *, phase: str | None = None, done=None, total=None):
    """Record a running attempt's progress (and its sign of life); Superseded if the
    director has run the job again meanwhile (or it is gone)."""
    fields: dict[str, object] = {"heartbeat": timezone.now()}
    if phase is not None:
        fields["phase"] = phase
    if done is not None:
        fields["done"] = done
    if total is not None:
        fields["total"] = total
    rows = Job.objects.filter(pk=job_id, attempt=attempt, state=JobState.RUNNING)
    if not rows.update(**fields):
        raise Superseded


@contextmanager
def saving(job_id: int, attempt: int) -> Iterator[Job]:
    """Run the work's writes and mark the run done, in one transaction: the job's row is
    locked first and must still be this attempt's. The caller sets ``result`` (and
    ``warnings``) on the job it gets; an exception leaves nothing of the block written."""
    with transaction.atomic():
        job = Job.objects.select_for_update().defer("upload").filter(pk=job_id).first()
        if job is None or job.attempt != attempt or job.state != JobState.RUNNING:
            raise Superseded
        yield job
        job.state, job.phase = JobState.DONE, ""
        job.finished_at = job.heartbeat = timezone.now()
        job.save(
            update_fields=[
                "state",
                "phase",
                "finished_at",
                "heartbeat",
                "result",
                "warnings",
                "event",
            ]
        )


def end_run(job_id: int, attempt: int, state: str, messages: list[str]) -> None:
    """Record how a run ended without writing: refused, waiting for confirmation, failed."""
    Job.objects.filter(pk=job_id, attempt=attempt).update(
        state=state,
        phase="",
        messages=[str(m) for m in messages],
        finished_at=timezone.now(),
        heartbeat=timezone.now(),
    )
