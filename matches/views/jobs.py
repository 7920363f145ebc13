"""Background jobs' pages: a job's progress and outcome, its state feed, Run again; and the
two pages that start long work of their own: restore an event, generate a practice event.

A job of an event is the event's: seen, run again and followed by whoever may change the
event now (its directors and chief directors, the same check as the event's own pages), so
a director taken off the event loses its jobs too. A job with no event yet (a restore or a
generated event on its way) is its maker's and every chief director's.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from matches import actions
from matches.auth.permissions import director_required, directs, is_chief_director
from matches.background import runner, submit
from matches.forms.jobs import GenerateForm, RestoreForm
from matches.interchange import backup
from matches.management.commands.generate_event import generate_event
from matches.models import Job, JobKind, JobState
from matches.presenters import jobs as presented


def _job(request, job_id: int) -> Job:
    job = get_object_or_404(Job.objects.defer("upload").select_related("event"), pk=job_id)
    if job.event_id is not None:
        allowed = directs(request.user, job.event_id)
    else:
        allowed = job.created_by_id == request.user.pk or is_chief_director(request.user)
    if not allowed:
        raise PermissionDenied
    return job


@require_GET
@director_required
def job(request, job_id):
    job = _job(request, job_id)
    lines, link = presented.outcome(job)
    context = {
        "job": job,
        "title": presented.title(job),
        "progress": presented.state(job),
        "lines": lines,
        "link": link,
        "confirming": job.state == JobState.CONFIRM,
        "running": not job.finished and not job.stopped,
    }
    return render(request, "director/job.html", context)


@require_GET
@director_required
def job_state(request, job_id):
    """Return how far the job has gone, for its page to show without reloading."""
    return JsonResponse(presented.state(_job(request, job_id)))


@require_POST
@director_required
def job_again(request, job_id):
    job = _job(request, job_id)
    try:
        submit.run_again(job, user=request.user, confirm=request.POST.get("confirm") == "1")
    except actions.ActionError as refused:
        messages.error(request, str(refused))
    return redirect("director-job", job.pk)


def in_the_background(request, job: Job, new: bool):
    """Answer an upload made into a job: its page, saying so if it was there already."""
    if not new:
        messages.info(request, _("This file was uploaded before: here is its work."))
    return redirect("director-job", job.pk)


@require_http_methods(["GET", "POST"])
@director_required
def restore(request):
    form = RestoreForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        if upload.size > settings.RESTORE_IN_REQUEST_BYTES:
            found, new = submit.submit_upload(
                kind=JobKind.RESTORE,
                upload=upload,
                file_name=upload.name,
                user=request.user,
                language=get_language(),
            )
            return in_the_background(request, found, new)
        try:
            event = runner.restore_event(backup.loads(upload.read()), user=request.user)
        except backup.BackupError as error:
            form.add_error("file", str(error))
        else:
            messages.success(
                request, _("The event is restored as “%(name)s”.") % {"name": event.name}
            )
            return redirect("director-event", event.pk)
    status = 400 if form.errors else 200
    return render(request, "director/restore.html", {"form": form}, status=status)


@require_http_methods(["GET", "POST"])
@director_required
def generate(request):
    form = GenerateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        options = dict(form.cleaned_data)
        if form.results() > settings.GENERATE_IN_REQUEST_RESULTS:
            found, new = submit.submit_settings(
                kind=JobKind.GENERATE,
                settings=options,
                user=request.user,
                language=get_language(),
            )
            return in_the_background(request, found, new)
        try:
            made = generate_event(**options, user=request.user)
        except ValueError as error:
            form.add_error(None, str(error))
        else:
            messages.success(
                request,
                _("The event “%(name)s” is made, with %(count)s results.")
                % {"name": made.event.name, "count": f"{made.results:,}"},
            )
            return redirect("director-event", made.event.pk)
    status = 400 if form.errors else 200
    return render(request, "director/generate.html", {"form": form}, status=status)
