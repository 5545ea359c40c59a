"""Work that follows a command's commit: read-model projections and bot turns."""
