"""Batches of scenes on Ray (side effects: processes, Ray, files)."""
