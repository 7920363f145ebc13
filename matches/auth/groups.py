DIRECTORS_GROUP = "Directors"
CHIEF_DIRECTORS_GROUP = "Chief directors"  # may change every event, as superusers do
