"""Room completion: a room or scene type's archetype objects, fitted to the user's own objects."""
