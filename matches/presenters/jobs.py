"""A background job as its page and its state feed show it: what it is, how far it has
gone, what came of it, and what the director may do next."""

from __future__ import annotations

from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext as _

from matches.models import Job, JobKind, JobPhase, JobState
from matches.queries.knockout_words import stage_round_name


def _later_stage(job: Job):
    """Return the stage whose round a job's file was for when it is not stage 1 (whose
    rounds keep their plain "round n"), else None."""
    stage = job.stage if job.stage_id else None
    return stage if stage is not None and stage.number > 1 else None


def progress_text(job: Job) -> str:
    """Return a line saying how far the job has gone, in the active language."""
    if job.stopped:
        return _(
            "The work stopped: its worker ended before finishing, and nothing of it was "
            "saved. Run it again."
        )
    if job.state == JobState.WAITING:
        if job.waiting_long:
            return _(
                "Still waiting: no worker has taken this up. Is “manage.py db_worker” running?"
            )
        return _("Waiting for a worker…")
    if job.state != JobState.RUNNING:
        return str(job.get_state_display())
    if job.phase == JobPhase.ANALYSING:
        return _("Analysing double dummy: %(done)s of %(total)s deals") % {
            "done": job.done,
            "total": job.total,
        }
    if job.phase == JobPhase.WRITING and job.total:
        return _("Saving %(total)s results…") % {"total": job.total}
    return str(job.get_phase_display() or job.get_state_display())


def state(job: Job) -> dict:
    """Return the job's state as its page polls it."""
    return {
        "state": job.state,
        "phase": job.phase,
        "done": job.done,
        "total": job.total,
        "finished": job.finished,
        "stopped": job.stopped,
        "text": progress_text(job),
    }


def outcome(job: Job) -> tuple[list[str], tuple[str, str] | None]:
    """Return what came of a finished job (lines) and where to go next (link, label)."""
    result = job.result
    if job.state != JobState.DONE:
        return [], None
    later = _later_stage(job)
    if job.kind == JobKind.DEALS:
        values = {"round": result["round"], "count": result["deals"]}
        lines = [
            _("%(round)s: %(count)s deals imported, with double dummy and par.")
            % {**values, "round": stage_round_name(later, result["round"])}
            if later
            else _("Round %(round)s: %(count)s deals imported, with double dummy and par.")
            % values,
            _("%(count)s boards analysed in %(seconds)s s.")
            % {"count": result["deals"], "seconds": result["seconds"]},
        ]
        if result.get("format"):
            lines.insert(1, _("The file was read as %(format)s.") % {"format": result["format"]})
        stage = result.get("stage", 1)  # a job from before rounds were a stage's: stage 1
        link = reverse("hand-records", args=[job.event_id, stage, result["round"]])
        return lines, (link, _("The round's hand records"))
    if job.kind == JobKind.RESULTS:
        lines = [
            _("%(round)s: %(count)s results imported.")
            % {"round": stage_round_name(later, result["round"]), "count": result["saved"]}
            if later
            else _("Round %(round)s: %(count)s results imported.")
            % {"round": result["round"], "count": result["saved"]}
        ]
        stage = result.get("stage", 1)  # stage 1's round page has its board links
        link = (
            reverse("round", args=[job.event_id, result["round"]])
            if stage == 1
            else reverse("stage-round", args=[job.event_id, stage, result["round"]])
        )
        return lines, (link, _("The round's matches"))
    link = reverse("director-event", args=[result["event"]])
    if job.kind == JobKind.RESTORE:
        lines = [_("The event is restored as “%(name)s”.") % {"name": result["name"]}]
    else:
        lines = [
            _("The event “%(name)s” is made, with %(count)s results.")
            % {"name": result["name"], "count": f"{result['results']:,}"}
        ]
    return lines, (link, _("The event's page"))


def title(job: Job) -> str:
    """Return what the job is: its kind, and its file or round."""
    kind = str(job.get_kind_display())
    later = _later_stage(job)
    if job.round and later:
        kind = _("%(kind)s: %(round)s") % {
            "kind": kind,
            "round": stage_round_name(later, job.round),
        }
    elif job.round:
        kind = _("%(kind)s: round %(round)s") % {"kind": kind, "round": job.round}
    if job.file_name:
        return _("%(kind)s (“%(file)s”)") % {"kind": kind, "file": job.file_name}
    return kind


def recent(*, event=None, user=None, most: int = 8) -> list[dict]:
    """Return rows (title, state, page) for the latest background work of an event, or a
    user's own restores and generated events."""
    found = Job.objects.defer("upload")
    if event is not None:
        found = found.filter(event=event)
    else:  # once done, only while the user still directs the event the job made
        found = found.filter(created_by=user, kind__in=(JobKind.RESTORE, JobKind.GENERATE))
        found = found.filter(Q(event__isnull=True) | Q(event__director_rows__user=user))
    return [
        {
            "title": title(job),
            "text": progress_text(job),
            "url": reverse("director-job", args=[job.pk]),
        }
        for job in found[:most]
    ]
