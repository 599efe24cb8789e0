"""Policies for the Ten Thousand reference: what a player does, as data.

A policy is two numba-jitted functions and the data they read (the kernels
are compiled once per pair of functions, whatever the data):

* ``decide(data, role, my_score, other_score, turn_total, dice) -> bool``:
  bank?  Asked only where the rules allow a bank.  Scores in points; role 0
  is the first player, 1 the second; in the round's last turn
  ``other_score`` is the first player's final total (at least the goal).
* ``choose(data, role, my_score, other_score, turn_total, dice, points,
  kept) -> float``: rule IV.4 only, the priority of setting aside a part
  worth ``points`` with ``kept`` dice out of a throw of ``dice`` dice at
  ``turn_total`` (before the throw); the first part of highest priority is
  taken, parts listed by points, then dice kept.

* ``take(data, role, my_score, other_score, turn_total, dice) -> bool``:
  rule IV.5 only, asked at the start of a turn after the other player banked
  with ``turn_total`` and ``dice`` left: continue that position (True) or
  start fresh.  By default never (:func:`never_take`).

A solver's optimal policy plugs in as a ``decide`` that looks its arrays up
in ``data`` (a tuple of arrays).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from numba import njit

from .farkle_throws import MAX_DICE

# The kernels that take a policy (its functions travel as first-class functions) are
# compiled in each process, never cached: numba keys such an argument by its dispatcher's
# identity in the process that compiled it, so a cached entry never matches in another
# process, the cache index grew by an entry every run (230 for one kernel, 133 MB in all),
# and an entry whose dispatcher could not be rebuilt made every later save of that index
# raise ReferenceError ("underlying object has vanished"): a test failed on a warm cache.
with_policy = njit(nogil=True)


@njit(cache=True, nogil=True)
def most_points(data, role, my_score, other_score, turn_total, dice, points, kept):
    """IV.4: take the part worth the most (among equals, the fewest dice)."""
    return float(points)


@njit(cache=True, nogil=True)
def fewest_dice(data, role, my_score, other_score, turn_total, dice, points, kept):
    """IV.4: keep as few dice as possible (among those, the most points)."""
    return float(points) - 1e6 * kept


@njit(cache=True, nogil=True)
def never_take(data, role, my_score, other_score, turn_total, dice):
    """IV.5: always start fresh."""
    return False


@njit(cache=True, nogil=True)
def always_take(data, role, my_score, other_score, turn_total, dice):
    """IV.5: always continue the position left by the other player."""
    return True


@njit(cache=True, nogil=True)
def _bank_at(data, role, my_score, other_score, turn_total, dice):
    threshold, goal, most_dice = data[0], data[1], data[2]
    if other_score >= goal:  # the round's last turn: pass the leader
        return my_score + turn_total > other_score
    if my_score + turn_total >= goal:
        return True
    return turn_total >= threshold and dice <= most_dice


@dataclass(frozen=True)
class Policy:
    """``decide`` (bank?), ``choose`` (IV.4 part), ``take`` (IV.5: continue?)
    and the data they read."""

    decide: Any
    data: Any
    choose: Any = most_points
    take: Any = never_take

    def bundle(self) -> tuple:
        return (self.decide, self.choose, self.data)


# Stands in while solving for optimal play, where no policy is asked: a threshold
# policy's types, so that the solve and the threshold policies' evaluations share their
# compiled kernels (the kernels taking a policy compile in every run, once per type).
NO_POLICY = Policy(_bank_at, np.zeros(3, np.int64))


def bank_at(threshold: int, goal: int, most_dice: int = MAX_DICE, choose=most_points,
            take=never_take) -> Policy:
    """Bank as soon as the turn total is at least ``threshold`` points with at
    most ``most_dice`` dice in hand; bank too whenever that reaches ``goal``
    (in the round's last turn: whenever it passes the leader).  The rules' own
    limits (the minimum, IV.1) come first."""
    return Policy(_bank_at, np.array([threshold, goal, most_dice], np.int64), choose, take)
