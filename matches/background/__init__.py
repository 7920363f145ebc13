"""Long work off the request path, as background tasks (django-tasks, django-tasks-db).

- ``submit``: what the views call: save the upload as a job and queue its task (or return
  the job the same upload made before), and run a job again;
- ``tasks``: the task a worker runs (``manage.py db_worker``), one attempt of a job;
- ``runner``: each kind of job's work: deals (read, check, analyse, save), results,
  restoring a backup, generating an event.

The jobs' rows are written by ``matches/actions/jobs.py``, the work's data by the other
actions; the job's page is ``matches/views/jobs.py``.
"""
