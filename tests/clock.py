"""A clock the test sets, for what counts time (rate limits)."""


class FakeClock:
    """time.time() as the test sets it: the memory cache's expiry follows it too."""

    def __init__(self, start):
        self.now = start

    def __call__(self):
        return self.now
