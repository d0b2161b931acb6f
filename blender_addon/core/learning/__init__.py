"""The outer loop (SceneCraft Alg. 1, library learning): per-scene function edits, the learner's
merged candidates, their gates, and the versioned learned library. Pure Python + numpy; the
sandbox runs every piece of generated code."""
