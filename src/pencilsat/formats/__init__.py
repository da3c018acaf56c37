"""Puzzle formats people already use: puzz.link URLs, Tatham game IDs, input detection, SVG.

Each format is a frame (``puzzlink``, ``tatham``, ``svg``) plus one codec or drawing per genre,
found through the registry.

Data flows one way: text / URL / game ID -> puzzle model (``detect``, ``puzzlink``,
``tatham``) and model + solutions -> drawing (``svg``). Nothing here imports a solver.
"""
