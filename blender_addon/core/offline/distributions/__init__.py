"""How a group is distributed about its anchor: rings, rows, grids, pairs and counts per place or seat."""
