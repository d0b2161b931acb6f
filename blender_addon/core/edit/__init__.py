"""Editing a scene by instruction (issue 17): ground what the user refers to (a CSP over the
scene's objects, with negation, counting, comparison and min/max), turn the instruction into a
program delta, and re-solve only what changed."""
