"""Requests from many threads at once, as a busy server takes them."""

import threading
from concurrent.futures import ThreadPoolExecutor

from django.db import connection

TIMEOUT = 60


def at_once(count, work):
    """Run ``work(index)`` in ``count`` threads released together; return the results."""
    barrier = threading.Barrier(count, timeout=TIMEOUT)

    def run(index):
        try:
            barrier.wait()
            return work(index)
        except BaseException:
            barrier.abort()  # the others stop waiting; the error is raised below
            raise
        finally:
            connection.close()

    with ThreadPoolExecutor(count) as pool:
        futures = [pool.submit(run, index) for index in range(count)]
        return [future.result(timeout=TIMEOUT) for future in futures]
