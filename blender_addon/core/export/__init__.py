"""Export formats, the node sidecar and the scene manifest (pure)."""
