"""Knowledge as data: versioned JSON files with a schema and a typed loader each.

``objects.json`` (:mod:`.objects`): object categories (dimensions, mounting, named support
surfaces, front/back facts, synonyms, asset families) and the size words. Room archetypes
live beside it (issue 14).
"""
