"""Built-in relations (CONTRACTS §5): one module per relation, each with SPEC, score, check."""
