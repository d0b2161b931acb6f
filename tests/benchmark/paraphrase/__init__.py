"""Paraphrase invariance: meaning-preserving rewrites of benchmark prompts and the comparison of
their offline plans with the original's (``scripts/benchmark_paraphrase.py``)."""
