"""Small helpers every layer may use: text rules and lists in the page's language (``text``),
a contract as the page's language writes it (``contracts``)."""
