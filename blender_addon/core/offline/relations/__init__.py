"""Relation phrases -> CONTRACTS relations between objects, their sides, surfaces, walls and openings."""
