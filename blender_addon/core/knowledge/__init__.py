"""Knowledge as data: versioned JSON files with a schema and a typed loader each.

``objects.json`` (:mod:`.objects`): object categories (dimensions, mounting, named support
surfaces, front/back facts, synonyms, asset families) and the size words.
``archetypes/archetypes.json`` (:mod:`.archetypes`): room and scene archetypes (what a "cozy
living room" or "a campsite" holds; issue 14).
"""
