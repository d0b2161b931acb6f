"""Retrieval of the user's own assets (issue 6): the index schema, the override files, text
scoring, the combination with CLIP and size, and the hand-over to the constraint program.

Pure Python + numpy; the Blender side (scanning, importing, thumbnails) lives in
``bl/asset_index_build.py`` and ``bl/asset_import.py``, the CLIP encoder in
``services/clip_encoder.py``.
"""
