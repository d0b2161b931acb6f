"""The scene as a graph database's rows (pure): layout + scene graph + program -> typed node
and edge rows after the 3D-scene-graph Cypher paper (003), the schema they follow, the label
space a prompt shows, and the typed answer format (SLDP) with its comparison rules. The
database itself (LadybugDB) lives in ``services/scene_store.py``."""
