"""How the JSON feeds write values: VP as numbers, the IMP quotient, moments in ISO 8601."""

from __future__ import annotations

import math
from decimal import Decimal


def vp_number(value) -> float | None:
    """Return VP as a JSON number (null for none)."""
    return None if value is None else float(Decimal(value))


def quotient_number(standing) -> float | None:
    """Return a team's IMP quotient to four places; null where it has no number: before
    any IMPs either way (as the pages' "—") and when none were lost (the pages' "∞")."""
    if standing.imps_won == 0 and standing.imps_lost == 0:
        return None
    value = standing.imp_quotient
    return None if math.isinf(value) else round(value, 4)


def timestamp(moment) -> str | None:
    """Return a moment in ISO 8601 (null for none)."""
    return moment.isoformat() if moment else None
