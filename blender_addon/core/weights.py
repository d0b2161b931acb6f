"""How much a constraint weighs, by where it came from: the user's word or common sense.

The solver minimises the weighted sum of violations, so with these two an inferred relation can
compete with a stated one only two against one; :mod:`.offline.coding.precedence` drops the inferred
ones that could. Revision ranks rounds by the stated relations held first (:mod:`.revision`).
"""

from __future__ import annotations

STATED_WEIGHT = 1.0  # a constraint of at least this weight is the user's word (a constraint's default weight)
INFERRED_WEIGHT = 0.7  # a common-sense relation the text did not state (offline coder, mounting, hung things)
