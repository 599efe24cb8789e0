"""The one exception type users see.

Every refusal of bad input raises :class:`JeopardyError` with a one-line
message that names the problem; the CLI prints it and exits non-zero.
"""


class JeopardyError(ValueError):
    """Bad input or an impossible request, with a one-line explanation."""


class NotConverged(JeopardyError):
    """A solve that ended above its accepted residual (:mod:`jeopardy.convergence`).

    ``result`` is the result as it stands, for whoever wants to look at it; the
    CLI prints it (``solve``) and exits with :data:`EXIT_STATUS`."""

    EXIT_STATUS = 3

    def __init__(self, message: str, result=None):
        super().__init__(message)
        self.result = result
