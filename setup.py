"""Map the repository root onto the package ``setdresser`` (the root is also the Blender extension)."""
from setuptools import find_packages, setup

_SUBPACKAGES = find_packages(where=".", exclude=["tests", "tests.*", "scripts", "scripts.*", "docs", "build", "dist"])
setup(packages=["setdresser"] + [f"setdresser.{name}" for name in _SUBPACKAGES])
