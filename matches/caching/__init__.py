"""Caching: the public pages cached whole between an event's changes (``pagecache``), an
event's version as they are keyed on it (``versions``), the table phones' states
(``table_states``), the middleware that answers them early (``middleware``), and Django's
Redis cache made to fail open (``resilient_cache``)."""
