"""Long work run off the request path: an upload's analysis and import, a restore, a
generated event. The request saves the job (and its file) and answers at once; a worker
(``manage.py db_worker``, django-tasks-db) runs it (``matches/background/``); the job's page
shows how far it has gone and what came of it.
"""

from __future__ import annotations

import datetime

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .events import Event


class JobKind(models.TextChoices):
    DEALS = "deals", _("Deals of a round")
    RESULTS = "results", _("Results of a round")
    RESTORE = "restore", _("Event restored from a backup")
    GENERATE = "generate", _("Generated practice event")


class JobState(models.TextChoices):
    WAITING = "waiting", _("Waiting for a worker")
    RUNNING = "running", _("Running")
    DONE = "done", _("Done")
    CONFIRM = "confirm", _("Waiting for your confirmation")
    REFUSED = "refused", _("Refused")
    FAILED = "failed", _("Failed")


class JobPhase(models.TextChoices):
    READING = "reading", _("Reading the file")
    ANALYSING = "analysing", _("Analysing double dummy")
    WRITING = "writing", _("Saving")


class Job(models.Model):
    """One piece of long work and its upload; ``attempt`` counts its runs (Run again)."""

    kind = models.CharField(max_length=10, choices=JobKind.choices)
    event = models.ForeignKey(Event, models.CASCADE, null=True, blank=True, related_name="jobs")
    # The stage whose round a deals or results file is for (None: stage 1, as before 0032).
    stage = models.ForeignKey(
        "matches.Stage", models.CASCADE, null=True, blank=True, related_name="+"
    )
    round = models.PositiveSmallIntegerField(null=True, blank=True)
    options = models.JSONField(default=dict)  # confirm; a generated event's settings
    file_name = models.CharField(max_length=200, blank=True)
    upload = models.BinaryField(null=True, blank=True)
    # The same upload (kind, event or user, round, file) twice is one job, not two tasks.
    dedupe_key = models.CharField(max_length=64, unique=True)
    language = models.CharField(max_length=10, default="zh-hans")
    state = models.CharField(max_length=10, choices=JobState.choices, default=JobState.WAITING)
    phase = models.CharField(max_length=10, choices=JobPhase.choices, blank=True)
    attempt = models.PositiveIntegerField(default=1)
    task_id = models.CharField(max_length=64, blank=True)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    messages = models.JSONField(default=list)  # refusals, or what needs confirming
    warnings = models.JSONField(default=list)
    result = models.JSONField(default=dict)  # what came of it: counts, the event made
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    heartbeat = models.DateTimeField(null=True, blank=True)  # last sign of life of its run
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("background job")
        verbose_name_plural = _("background jobs")

    def __str__(self):
        return f"{self.get_kind_display()} #{self.pk}"

    @property
    def finished(self) -> bool:
        return self.state in (JobState.DONE, JobState.CONFIRM, JobState.REFUSED, JobState.FAILED)

    @property
    def stopped(self) -> bool:
        """Return True when a run seems to have died: running with no sign of life for
        JOB_STALE_SECONDS (JOB_STALE_SAVING_SECONDS while saving: one transaction, with no
        heartbeat of its own)."""
        if self.state != JobState.RUNNING or self.heartbeat is None:
            return False
        saving = self.phase == JobPhase.WRITING
        stale = settings.JOB_STALE_SAVING_SECONDS if saving else settings.JOB_STALE_SECONDS
        return timezone.now() - self.heartbeat > datetime.timedelta(seconds=stale)

    @property
    def waiting_long(self) -> bool:
        """Return True when no worker has picked the job up for JOB_STALE_SECONDS."""
        if self.state != JobState.WAITING:
            return False
        since = self.heartbeat or self.created_at
        return timezone.now() - since > datetime.timedelta(seconds=settings.JOB_STALE_SECONDS)

    @property
    def makes_an_event(self) -> bool:
        """Return True for work whose outcome is a new event (a restore, a generated event):
        once done, running it again would make a second copy."""
        return self.kind in (JobKind.RESTORE, JobKind.GENERATE)

    @property
    def can_run_again(self) -> bool:
        if self.state == JobState.DONE and self.makes_an_event:
            return False
        return self.finished or self.stopped
