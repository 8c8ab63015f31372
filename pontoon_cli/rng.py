"""The project's own seeded random source and shuffle, the same on every platform and Python.

Generator: SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
OOPSLA 2014), on 64-bit unsigned integers::

    state = (state + 0x9E3779B97F4A7C15) mod 2**64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) mod 2**64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) mod 2**64
    output z ^ (z >> 31)

The seed is any integer; the initial state is ``seed mod 2**64``.

A whole number below ``n`` (``below``): draw 64-bit outputs ``x`` until ``x >= 2**64 mod n``,
then return ``x mod n`` (rejection, so no value is favoured).

Shuffle (``shuffle``): Fisher–Yates from the last position down: for ``i`` from ``len - 1`` to 1,
``j = below(i + 1)``, swap positions ``i`` and ``j``.

Cut (``cut``): after a shuffle the pack is cut (T8.2): ``k = 1 + below(len - 1)``; the top ``k``
cards go to the bottom, in order.

Nothing here touches Python's global ``random`` state.
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB


class Rng:
    """A seeded SplitMix64 generator owned by its caller (see the module docstring)."""

    __slots__ = ("_state", "seed")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._state = seed & _MASK

    def next64(self) -> int:
        """The next 64-bit output."""
        self._state = z = (self._state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * _M1) & _MASK
        z = ((z ^ (z >> 27)) * _M2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A whole number from 0 to ``n - 1``, each equally likely (rejection sampling)."""
        if n <= 0:
            raise ValueError(f"below({n!r}): n must be at least 1")
        threshold = (1 << 64) % n
        while True:
            x = self.next64()
            if x >= threshold:
                return x % n

    def choice(self, items: list[T] | tuple[T, ...]) -> T:
        """One of ``items``, each equally likely."""
        return items[self.below(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Shuffle ``items`` in place: Fisher–Yates, last position first.

        The same draws as ``j = self.below(i + 1)`` for each ``i``; the generator is inlined here
        because a shuffle is most of the random numbers a game uses.
        """
        state = self._state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            threshold = (1 << 64) % n
            while True:
                state = z = (state + _GOLDEN) & _MASK
                z = ((z ^ (z >> 30)) * _M1) & _MASK
                z = ((z ^ (z >> 27)) * _M2) & _MASK
                z ^= z >> 31
                if z >= threshold:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self._state = state

    def cut(self, items: list[T]) -> None:
        """Cut ``items`` in place at a random point: the top part goes under (T8.2)."""
        if len(items) > 1:
            k = 1 + self.below(len(items) - 1)
            items[:] = items[k:] + items[:k]

    def spawn(self) -> Rng:
        """A new independent generator seeded from this one's next output."""
        return Rng(self.next64())


def session_rngs(seed: int) -> tuple[Rng, Rng]:
    """The game's generator and the players' generator for a seed (README, "Determinism").

    A master generator seeded with ``seed`` spawns the game's generator first, the players' second.
    """
    master = Rng(seed)
    return master.spawn(), master.spawn()
