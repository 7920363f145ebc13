"""The tasks a worker runs (django-tasks; ``manage.py db_worker`` takes them from the
database, django-tasks-db). One task, ``run_job``: one attempt of a job (``runner``)."""

from django_tasks import task

from . import runner


@task()
def run_job(job_id: int, attempt: int) -> dict:
    """Run one attempt of a background job; return how it ended."""
    return runner.run(job_id, attempt)


def enqueue(job) -> str:
    """Put the job's latest attempt on the queue (inside the caller's transaction: with
    the database backend the task is a row, seen by workers once the job's row is too);
    return the task's id."""
    return str(run_job.enqueue(job.pk, job.attempt).id)
