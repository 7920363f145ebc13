"""Caching: the public pages cached whole between an event's changes (``pagecache``), the
event a URL shows, whose version its page is keyed on (``versions``), the table phones' states
(``table_states``), the middleware that answers them early (``middleware``), and Django's
Redis cache made to fail open (``resilient_cache``)."""
