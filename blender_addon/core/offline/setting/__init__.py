"""The scene's setting: indoors or outdoors, ground features, noun senses, buildings and finishes."""
