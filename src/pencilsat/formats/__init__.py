"""Puzzle formats people already use: puzz.link URLs, Tatham game IDs, input detection, SVG.

Data flows one way: text / URL / game ID -> puzzle model (``detect``, ``puzzlink``,
``tatham``) and model + solutions -> drawing (``svg``). Nothing here imports a solver.
"""

from pencilsat.formats.detect import convert, read_input, read_puzzle
from pencilsat.formats.puzzlink import parse_url, to_url
from pencilsat.formats.svg import draw_svg, save_drawing
from pencilsat.formats.tatham import parse_game_id, to_game_id

__all__ = [
    "convert", "draw_svg", "parse_game_id", "parse_url", "read_input", "read_puzzle",
    "save_drawing", "to_game_id", "to_url",
]
