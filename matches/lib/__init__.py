"""Reads put together once (``prepared.PreparedRead``): the one place a read's SQL is
compiled ahead, below the models, for the reads every phone's post and poll makes."""
