"""The skill library: relation functions (batched score + crisp check), pure numpy.

``builtin/`` holds the relations of CONTRACTS §5; ``learned/`` holds versions admitted by
the outer loop. ``registry`` loads both, validated against ``manifest.json``.
"""
