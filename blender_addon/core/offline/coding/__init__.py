"""The offline coder: scene graph -> constraint program (sizes, distances, room and scene bounds)."""
