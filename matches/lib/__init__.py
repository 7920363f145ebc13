"""Small helpers every layer may use: text rules and lists in the page's language (``text``)."""
