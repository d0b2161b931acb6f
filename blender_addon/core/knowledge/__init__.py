"""Knowledge as data: versioned data files with a schema and a loader each.

``archetypes``: room and scene archetypes (what a "cozy living room" or "a campsite" holds).
"""
