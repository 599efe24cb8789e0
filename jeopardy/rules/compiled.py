"""The transition rule compiled for the numba kernels.

``step_jit`` is :func:`jeopardy.rules.effects.step` itself, compiled by numba:
the kernels apply effects with the very function the Python code calls.
"""
from numba import njit

from jeopardy.rules.effects import step

step_jit = njit(cache=True, nogil=True, inline="always")(step)
