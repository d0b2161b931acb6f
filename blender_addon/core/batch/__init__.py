"""A batch of scenes: its jobs, folder layout and index (pure)."""
