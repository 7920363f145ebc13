"""What a worker does with each kind of job: read and check, analyse, then save in one go.

Every check that can refuse the work runs first (a broken file, boards the event does not
play, a round with no matches, a round that has deals and no confirmation): a refused file
is never analysed. Progress (deals analysed, of how many) is written as it goes, each in
its own small transaction, so the job's page sees it at once. The writes themselves go
through the actions inside ``actions.jobs.saving``: one transaction that also marks the run
done. A worker killed at any point has therefore written nothing or everything, and the
director can run the job again from its page (``Superseded`` stops an older run).
"""

from __future__ import annotations

import io
import logging
import time

from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext as _

from matches import actions
from matches.actions import jobs
from matches.actions.deals import ResultsRefused, check_deals_import
from matches.interchange import backup, deal_files
from matches.management.commands.generate_event import generate_event
from matches.models import JobKind, JobPhase, JobState

logger = logging.getLogger(__name__)


class Stop(Exception):
    """The run ends without writing: refused, or waiting for the director's confirmation."""

    def __init__(self, state: str, messages: list[str]):
        super().__init__("; ".join(messages))
        self.state = state
        self.messages = messages


def run(job_id: int, attempt: int) -> dict:
    """Run one attempt of a job and return how it ended (the task's result)."""
    try:
        job = jobs.start_run(job_id, attempt)
    except jobs.Superseded:
        return {"job": job_id, "attempt": attempt, "state": "superseded"}
    with translation.override(job.language):
        try:
            WORK[job.kind](job, attempt)
        except jobs.Superseded:
            return {"job": job_id, "attempt": attempt, "state": "superseded"}
        except Stop as stop:
            jobs.end_run(job_id, attempt, stop.state, stop.messages)
            return {"job": job_id, "attempt": attempt, "state": stop.state}
        except Exception:
            logger.exception("background job %s (attempt %s) failed", job_id, attempt)
            message = _("The work failed with an error on the server; nothing of it was saved.")
            jobs.end_run(job_id, attempt, JobState.FAILED, [message])
            raise
    return {"job": job_id, "attempt": attempt, "state": JobState.DONE}


def _refused(messages) -> Stop:
    return Stop(JobState.REFUSED, list(messages))


def _stage(job):
    """Return the stage whose round the job's file is for (stage 1 for a job made before
    rounds were a stage's), with its event loaded."""
    stage = job.stage or job.event.stages.get(number=1)
    stage.event = job.event
    return stage


def _deals(job, attempt: int) -> None:
    confirm = bool(job.options.get("confirm"))
    stage = _stage(job)
    try:
        found = deal_files.read_deals(io.BytesIO(job.upload), job.file_name)
        check_deals_import(stage, job.round, [d.board for d in found.deals], confirm=confirm)
    except deal_files.FileRefused as refused:
        raise _refused(refused.messages) from None
    except actions.NeedsConfirmation as asked:
        raise Stop(JobState.CONFIRM, [str(asked)]) from None
    except actions.ActionError as refused:
        raise _refused([str(refused)]) from None
    total = len(found.deals)
    jobs.report(job.pk, attempt, phase=JobPhase.ANALYSING, done=0, total=total)
    started = time.perf_counter()
    analysed = deal_files.analyse_deals(
        found.deals, lambda done, total: jobs.report(job.pk, attempt, done=done, total=total)
    )
    seconds = time.perf_counter() - started
    jobs.report(job.pk, attempt, phase=JobPhase.WRITING)
    try:
        with jobs.saving(job.pk, attempt) as saved:
            made = actions.import_deals(
                stage,
                job.round,
                analysed,
                source=job.file_name,
                user=job.created_by,
                confirm=confirm,
            )
            saved.result = {
                "deals": len(made),
                "stage": stage.number,
                "round": job.round,
                "seconds": round(seconds, 2),
                "format": found.format,
            }
            saved.warnings = found.warnings
    except actions.NeedsConfirmation as asked:  # deals arrived meanwhile
        raise Stop(JobState.CONFIRM, [str(asked)]) from None
    except actions.ActionError as refused:
        raise _refused([str(refused)]) from None


def _results(job, attempt: int) -> None:
    try:
        found = deal_files.read_results(io.BytesIO(job.upload))
    except deal_files.FileRefused as refused:
        raise _refused(refused.messages) from None
    if found.disagreements and not job.options.get("confirm"):
        raise Stop(JobState.CONFIRM, found.disagreements)
    jobs.report(job.pk, attempt, phase=JobPhase.WRITING, done=0, total=len(found.entries))
    try:
        with jobs.saving(job.pk, attempt) as saved:
            stage = _stage(job)
            imported = actions.import_results(stage, job.round, found.entries, user=job.created_by)
            saved.result = {"saved": imported.saved, "stage": stage.number, "round": job.round}
            saved.warnings = deal_files.imported_messages(imported)
    except ResultsRefused as refused:
        messages = [deal_files.refusal_message(r) for r in refused.refusals]
        raise _refused(deal_files.capped(messages)) from None
    except actions.ActionError as refused:
        raise _refused([str(refused)]) from None


def _restore(job, attempt: int) -> None:
    try:
        document = backup.loads(bytes(job.upload))
    except backup.BackupError as error:
        raise _refused([str(error)]) from None
    jobs.report(job.pk, attempt, phase=JobPhase.WRITING)
    try:
        with jobs.saving(job.pk, attempt) as saved:
            event = restore_event(document, user=job.created_by)
            saved.event = event
            saved.result = {"event": event.pk, "name": event.name}
    except backup.BackupError as error:
        raise _refused([str(error)]) from None


def restore_event(document: dict, *, user):
    """Return the event restored from a backup document, directed by whoever restored it
    (the document names no director), in one transaction (``backup.import_event``)."""
    with transaction.atomic():
        event = backup.import_event(document, user=user)
        if user is not None:
            actions.add_director(event, username=user.get_username(), user=user)
        return event


def _generate(job, attempt: int) -> None:
    settings = job.options
    jobs.report(job.pk, attempt, phase=JobPhase.WRITING)
    try:
        with jobs.saving(job.pk, attempt) as saved:
            made = generate_event(
                teams=settings["teams"],
                rounds=settings["rounds"],
                boards=settings["boards"],
                seed=settings["seed"],
                name=settings.get("name") or None,
                user=job.created_by,
            )
            saved.event = made.event
            saved.result = {
                "event": made.event.pk,
                "name": made.event.name,
                "results": made.results,
            }
    except ValueError as error:
        raise _refused([str(error)]) from None


WORK = {
    JobKind.DEALS: _deals,
    JobKind.RESULTS: _results,
    JobKind.RESTORE: _restore,
    JobKind.GENERATE: _generate,
}
