"""A test harness: run the background tasks waiting in the database, here and now.

The app's tasks are rows (django-tasks-db); in production ``manage.py db_worker`` takes
them. A test runs them with the worker's own code (``Worker.run_task``), in this process
and the test's transaction, without the worker's connection handling.
"""

from django_tasks_db.management.commands.db_worker import Worker
from django_tasks_db.models import DBTaskResult


def run_tasks() -> int:
    """Run every task waiting, oldest first, as a worker would; return how many ran."""
    worker = Worker(
        queue_names=["default"],
        interval=0,
        batch=True,
        backend_name="default",
        startup_delay=False,
        max_tasks=None,
        worker_id="test",
        excluded_queue_names=[],
    )
    count = 0
    while (task := DBTaskResult.objects.ready().order_by("enqueued_at").first()) is not None:
        task.claim("test")
        worker.run_task(task)
        count += 1
    return count
