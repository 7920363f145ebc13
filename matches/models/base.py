"""What several models share."""

from __future__ import annotations


class RevisionsOnlyGoUp:
    """A model with revision columns that only the actions' F-expression UPDATEs move
    (``matches/actions/base.py``: ``changing``): saving a row read earlier leaves them,
    and when the row was created, as they are in the database, so an old revision is never
    written back and what was cached under the revisions in between is never served again.
    ``unwritten``: the columns ``save()`` leaves (a save naming ``update_fields`` writes
    what it names)."""

    unwritten: tuple[str, ...] = ("revision", "created")

    def save(self, *args, **kwargs):
        if not self._state.adding and kwargs.get("update_fields") is None:
            kwargs["update_fields"] = [
                field.name
                for field in self._meta.concrete_fields
                if not field.primary_key and field.name not in self.unwritten
            ]
        super().save(*args, **kwargs)
