"""Backends (PySAT CNF, OR-Tools CP-SAT) and the solve / uniqueness front."""
