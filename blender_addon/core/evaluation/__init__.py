"""Scene-quality evaluation (issue 8): independent relation checkers, physical validity,
CLIP availability, LEGO-Eval-style typed verdicts and the LLM judge. Pure Python + numpy."""
