"""Encoding plus search: the one uniqueness procedure, the lazy loop search and every genre's
strategies.
"""
