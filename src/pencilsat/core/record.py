"""Records without ``@dataclass``: what a plain ``pencilsat solve`` creates at import.

Creating a dataclass costs about 1 ms on Python 3.11 (each generated method is compiled with
``exec``), and a Masyu solve created 19 of them at import, about 20 ms of its start-up. So
these records are ``typing.NamedTuple`` when immutable, and plain classes with ``__slots__``
and their own ``__init__`` on :class:`Record` when a solve fills them in.
"""

from __future__ import annotations

from typing import Any, ClassVar


class Record:
    """``==`` and ``repr`` over the ``__slots__`` fields, as a mutable ``@dataclass`` has
    them: equal when of the same class with equal fields, unhashable."""

    __slots__: ClassVar[tuple[str, ...]] = ()
    # defining __eq__ sets __hash__ to None: unhashable, as a mutable dataclass

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Record)
        return self._values() == other._values()

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__qualname__}({fields})"


class FrozenRecord(Record):
    """A :class:`Record` that cannot change, as a frozen ``@dataclass``: setting a field
    raises ``AttributeError``, and it hashes by its fields. Its ``__init__`` sets the fields
    with ``object.__setattr__``; a copy or a pickle calls the class with the fields in
    ``__slots__`` order."""

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}")

    def __hash__(self) -> int:
        return hash(self._values())

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), self._values()
