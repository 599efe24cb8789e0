"""Rules: effects, roll models, dice, presets."""
from jeopardy.rules.dice import SICHERMAN_DICE, dice_game, from_dice, standard_die
from jeopardy.rules.effects import (Effect, Kind, add, bank, bust, bust_all, bust_gain, double,
                                    step, subtract)
from jeopardy.rules.presets import PRESETS, default_goal, game
from jeopardy.rules.roll_model import RollModel, from_dict, load, roll_model

__all__ = ["Effect", "Kind", "RollModel", "PRESETS", "SICHERMAN_DICE", "add", "bank", "bust",
           "bust_all", "bust_gain", "dice_game", "default_goal", "double", "from_dice",
           "from_dict", "game", "load", "roll_model", "standard_die", "step", "subtract"]
