"""The game contract, option schemas, the registry, records and errors."""

from __future__ import annotations

from parlour.engine.game import CHANCE_PLAYER, TERMINAL_PLAYER, Deal, Game, Observation, State
from parlour.engine.options import Option, OptionSchema, OptionValue, parse_option_assignments
from parlour.engine.record import RECORD_FORMAT, replay, save_record
from parlour.engine.registry import game_class, games, make, register, unregister
from parlour.engine.tensors import TensorBlock
from parlour.errors import IllegalAction, OptionError, ParlourError, ParseError, RecordError

__all__ = [
    "CHANCE_PLAYER",
    "RECORD_FORMAT",
    "TERMINAL_PLAYER",
    "Deal",
    "Game",
    "IllegalAction",
    "Observation",
    "Option",
    "OptionError",
    "OptionSchema",
    "OptionValue",
    "ParlourError",
    "ParseError",
    "RecordError",
    "State",
    "TensorBlock",
    "game_class",
    "games",
    "make",
    "parse_option_assignments",
    "register",
    "replay",
    "save_record",
    "unregister",
]
