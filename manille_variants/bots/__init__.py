"""Bots: programs that play a seat, seeing only what that seat may see."""

from manille_variants.bots.base import Bot, RandomBot, play_deal, play_match
from manille_variants.bots.registry import BOTS, UnknownBotError, make_bot, make_bots, register_bot

__all__ = [
    "BOTS",
    "Bot",
    "RandomBot",
    "UnknownBotError",
    "make_bot",
    "make_bots",
    "play_deal",
    "play_match",
    "register_bot",
]
