"""What a request does with long work: save it as a job, queue its task, answer at once.

The same upload twice (the same kind of work, event or user, round and bytes) is the job
it made the first time: no second task.
"""

from __future__ import annotations

import hashlib
import json

from matches.actions import jobs

from . import tasks


def _bytes(upload) -> bytes:
    if isinstance(upload, bytes):
        return upload
    upload.seek(0)
    return upload.read()


def submit_upload(
    *,
    kind,
    upload,
    file_name: str,
    user,
    language: str,
    event=None,
    stage=None,
    round_number=None,
    options=None,
):
    """Return (job, new) for an uploaded file's work, its bytes kept with the job (a round's
    file: ``stage`` the stage whose round it is)."""
    data = _bytes(upload)
    scope = f"event {event.pk}" if event is not None else f"user {user.pk}"
    if stage is not None:
        scope = f"{scope} stage {stage.number}"
    key = jobs.job_key(kind, scope, round_number, hashlib.sha256(data).hexdigest())
    return jobs.create_job(
        kind=kind,
        key=key,
        enqueue=tasks.enqueue,
        user=user,
        event=event,
        stage=stage,
        round_number=round_number,
        upload=data,
        file_name=file_name,
        options=options or {},
        language=language,
    )


def submit_settings(*, kind, settings: dict, user, language: str):
    """Return (job, new) for work given by settings alone (a generated event)."""
    digest = hashlib.sha256(json.dumps(settings, sort_keys=True).encode()).hexdigest()
    key = jobs.job_key(kind, f"user {user.pk}", None, digest)
    return jobs.create_job(
        kind=kind,
        key=key,
        enqueue=tasks.enqueue,
        user=user,
        options=settings,
        language=language,
    )


def run_again(job, *, user, confirm: bool = False):
    """Return the job queued for another run (``confirm``: the director confirms)."""
    return jobs.run_job_again(job, enqueue=tasks.enqueue, user=user, confirm=confirm)
