"""Caching: the public pages cached whole between an event's changes (``pagecache``), the
middleware that answers them early (``middleware``), and Django's Redis cache made to fail
open (``resilient_cache``)."""
