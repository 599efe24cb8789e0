"""How a match ends, as objects: one class per rule, one registry.

An ending is the rule that decides who wins once a player banks the goal.
Each class below owns what the code asks of its rule: its name on the
command line (:attr:`Ending.name`), its human label, whether reaching the
goal opens a last round, how many places in the round a turn start keeps
(:meth:`Ending.places`), the width of a player's action table
(:meth:`Ending.width`), the kernels' code, whether the match solver's pair
method solves it with two players (:func:`pair_game`), for how many players it
is solved, and which analyses
follow it.  Its docstring points to its terminal values, its last-round
tables and its cap proof.

:data:`ENDINGS` (name -> ending) is the one registry: ``MatchRules``
validation, the command line's ``--ending`` choices, the web app's pattern,
Farkle's rules files and the sweep specs all read it.  A new ending is one
class here (registered in :data:`ENDINGS`), plus the solver's handling of
its code and its tests.

An ending *is* its name: :class:`Ending` is a ``str`` whose value is the
command-line name, so results keep writing ``"ending": "equal-turns"`` to
JSON, TOML and npz files, and a name compares equal to its ending.
"""
from __future__ import annotations

from jeopardy.errors import JeopardyError

MAX_PLAYERS = 10


class Ending(str):
    """One match ending (subclasses set the class attributes); its value is
    :attr:`name`.  The instances are the singletons of :data:`ENDINGS`."""

    name: str  # the command line's --ending and the files' "ending"
    label: str  # in words, as the tables and the variants list print it
    code: int  # the kernels' ``Race.equal`` (jeopardy.match.kernels)
    last_round: bool  # reaching the goal lets the others play on (a cap is proved)
    in_round: bool = False  # the mover's place in the round is part of a turn start
    most_players: int = MAX_PLAYERS  # solved for 2 .. most_players
    pair_solver: bool = False  # two players: the pair method, the paper's P(i, j, k) (match.pair)
    turn_processes: bool = False  # turn processes (Farkle, Fast Pig) are solved under it
    seats_policies: bool = False  # evaluation, simulation, play and reach follow policies

    def __new__(cls) -> Ending:
        return super().__new__(cls, cls.name)

    def __reduce__(self):
        return named, (self.name,)

    def places(self, players: int) -> int:
        """The mover's places in the round a turn start keeps (``Race.places``)."""
        return players if self.in_round else 1

    def width(self, goal: int, cap: int) -> int:
        """Turn totals a mover below the goal may hold (its action table's width):
        the goal, or ``cap`` where it may roll on past the goal."""
        return cap if self.last_round else goal

    def solved_for(self, players: int) -> bool:
        return 2 <= players <= self.most_players

    def require_players(self, players: int) -> None:
        """Refuse, in one line, a player count this ending is not solved for."""
        if not self.solved_for(players):
            most = "two" if self.most_players == 2 else f"2 to {self.most_players}"
            raise JeopardyError(f"the {self.name} ending is solved for {most} players")


class FirstToGoal(Ending):
    """``first-to-goal``: the first player to bank the goal wins (Neller & Presser's Pig).

    Terminal values: the mover who reaches the goal wins at once (1 to it, 0 to
    the others); no last round, no cap: a mover holds on reaching the goal.
    Roll models: :func:`jeopardy.match.solver.solve`, by its pair method
    (:mod:`jeopardy.match.pair`) with two players and turn totals that never fall;
    turn processes: :mod:`jeopardy.match.process_solver`."""

    name = "first-to-goal"
    label = "first to the goal"
    code = 0
    last_round = False
    pair_solver = True
    turn_processes = True
    seats_policies = True


class EqualTurns(Ending):
    """``equal-turns``: once a player banks at least the goal, every player who has
    not yet had a turn in that round plays one last turn; the highest score wins,
    a player level with the leader may stop there for a tie, tied players share
    the win.  If the last player of the round is the first to reach the goal,
    the game ends at once (Scarne's rule; the Ten Thousand seed's section III).

    Terminal values and last-round tables: :mod:`jeopardy.match.last_round`
    (roll models, any number of players), :mod:`jeopardy.match.process_last_round`
    (turn processes), :mod:`jeopardy.farkle.ending` (Ten Thousand's two-player
    last turn).  The cap's proof: :mod:`jeopardy.match.solver` ("The cap",
    ``_CapBound`` and ``_cap_holds``).  The mover's place in the round is part
    of the turn start."""

    name = "equal-turns"
    label = "equal turns"
    code = 1
    last_round = True
    in_round = True
    turn_processes = True
    seats_policies = True


class OneMoreTurn(Ending):
    """``one-more-turn`` (Parker Brothers' Pig Dice, as the paper words the box:
    "after a player has met or exceeded 100, all other players have one more turn
    to achieve the highest score"): whoever banks at least the goal first, every
    other player plays one last turn; solved for two players (the second player's
    reaching the goal gives the first one last turn too, where equal turns ends
    the game).

    Last-turn tables: :mod:`jeopardy.match.last_round` (code 2: every mover may
    raise the bar); the cap's proof: :mod:`jeopardy.match.solver` ("One more
    turn": the equal-turns proof at every turn start, no places)."""

    name = "one-more-turn"
    label = "one more turn"
    code = 2
    last_round = True
    most_players = 2


FIRST_TO_GOAL = FirstToGoal()
EQUAL_TURNS = EqualTurns()
ONE_MORE_TURN = OneMoreTurn()
ENDINGS: dict[str, Ending] = {e.name: e for e in (FIRST_TO_GOAL, EQUAL_TURNS, ONE_MORE_TURN)}


def find(ending) -> Ending | None:
    """The registered ending of a name (or an ending itself); None if there is none."""
    return ENDINGS.get(ending) if isinstance(ending, str) else None


def named(ending) -> Ending:
    """The registered ending of a name (or an ending itself), or a one-line refusal."""
    found = find(ending)
    if found is None:
        raise JeopardyError(f"ending must be one of {', '.join(ENDINGS)}; got {ending!r}")
    return found


def names(which=None) -> list[str]:
    """The registered names (the command line's choices), in the registry's order;
    ``which``: only the endings it accepts (e.g. ``lambda e: e.seats_policies``)."""
    return [name for name, e in ENDINGS.items() if which is None or which(e)]


def spelled(which=None) -> str:
    """The names of :func:`names` in a sentence (``"first-to-goal, equal-turns or
    one-more-turn"``)."""
    listed = names(which)
    return " or ".join(listed) if len(listed) < 3 else f"{', '.join(listed[:-1])} or {listed[-1]}"


def pair_game(players: int, ending) -> bool:
    """Whether a game of ``players`` under ``ending`` (an ending or its name; an unknown
    name is not) is the two-player game of the paper's ``P(i, j, k)`` (two players, an
    ending the pair method solves): the two-player analyses (head to head, reach
    against any opponent, the paper's figures, the two-player game) ask it; the
    solver chooses its method itself (:func:`jeopardy.match.solver.method_for`)."""
    found = find(ending)
    return players == 2 and found is not None and found.pair_solver


def pattern(which=None) -> str:
    """The web app's regular expression of the names of :func:`names`."""
    return f"^({'|'.join(names(which))})$"
