"""Hand-written scoring functions, one per benchmark prompt (``score_<id>(scene) -> Card``)."""
