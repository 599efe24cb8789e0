"""The one exception type users see.

Every refusal of bad input raises :class:`JeopardyError` with a one-line
message that names the problem; the CLI prints it and exits non-zero.
"""


class JeopardyError(ValueError):
    """Bad input or an impossible request, with a one-line explanation."""
