"""Rules: effects, roll models, dice, presets."""
from jeopardy.rules.dice import SICHERMAN_DICE, dice_game, from_dice, standard_die
from jeopardy.rules.effects import Effect, add, bank, bust, bust_all, double
from jeopardy.rules.presets import PRESETS, default_goal, game
from jeopardy.rules.roll_model import RollModel, from_dict, load, roll_model

__all__ = ["Effect", "RollModel", "PRESETS", "SICHERMAN_DICE", "add", "bank", "bust",
           "bust_all", "dice_game", "default_goal", "double", "from_dice", "from_dict",
           "game", "load", "roll_model", "standard_die"]
