"""Constraints only, never a solver: the CSP layer, clause arrays, the shared loop machinery
and one module per genre.
"""
