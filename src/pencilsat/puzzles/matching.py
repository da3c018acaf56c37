"""A largest matching of a bipartite graph by Kuhn's augmenting paths: Tents' rule checker
pairs trees with tents, the Hitori generator fills a Latin square's row."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V", bound=Hashable)


def largest_matching(choices: Mapping[K, Sequence[V]],
                     order: Iterable[K] | None = None) -> dict[V, K]:
    """Each key matched to one of its ``choices`` (tried in their order), no value twice, as
    many keys as can be: value -> key. Keys are augmented in ``order`` (default: the
    mapping's), so the same order and choices give the same matching."""
    owner: dict[V, K] = {}

    def augment(key: K, seen: set[V]) -> bool:
        for value in choices[key]:
            if value in seen:
                continue
            seen.add(value)
            if value not in owner or augment(owner[value], seen):
                owner[value] = key
                return True
        return False

    for key in choices if order is None else order:
        augment(key, set())
    return owner
