"""Static stability (issue 21): loads over their supports, masses from a density table."""

from .mass import Densities, densities_of, load_densities, masses
from .static import MARGIN, Instability, stack_excess, unstable_objects

__all__ = [
           "MARGIN",
           "Densities",
           "Instability",
           "densities_of",
           "load_densities",
           "masses",
           "stack_excess",
           "unstable_objects",
]
