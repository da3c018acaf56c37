"""Solvers: PySAT (an order-encoding compiler, a clause backend, sliced solving under a
deadline) and CP-SAT (CSP translation, sessions, single-loop circuits). Nothing here knows a
genre.
"""
