"""The outer loop (SceneCraft Alg. 1, library learning): per-scene function edits, the learner's
merged candidates, their gates, and the versioned learned library. Pure Python + numpy; every
piece of generated code is a script-language text, interpreted (core/script), never executed."""
