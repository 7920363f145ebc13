DIRECTORS_GROUP = "Directors"
