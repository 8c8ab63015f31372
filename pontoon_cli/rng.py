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

# Products mod 2**64 are computed from 22-bit pieces, so no multiplication ever has an operand or
# result beyond 62 bits. The arithmetic is the same; the reason is the compiled build: mypyc treats
# a multiplication as unable to fail, but CPython's multiplication of big integers runs the
# pending signal handlers, and a stop signal (Ctrl-C) raised there aborted the process.
_LO22 = (1 << 22) - 1
_LO42 = (1 << 42) - 1
_LO20 = (1 << 20) - 1
_M1_0, _M1_1, _M1_2 = _M1 & _LO22, (_M1 >> 22) & _LO22, _M1 >> 44
_M2_0, _M2_1, _M2_2 = _M2 & _LO22, (_M2 >> 22) & _LO22, _M2 >> 44


def _mul64(a: int, b0: int, b1: int, b2: int) -> int:
    """``(a * b) mod 2**64`` for 64-bit ``a`` and ``b = b0 + b1 * 2**22 + b2 * 2**44``."""
    a0 = a & _LO22
    a1 = (a >> 22) & _LO22
    a2 = a >> 44
    middle = ((a0 * b1 + a1 * b0) & _LO42) << 22
    top = ((a0 * b2 + a1 * b1 + a2 * b0) & _LO20) << 44
    return (a0 * b0 + middle + top) & _MASK


def _output(z: int) -> int:
    """SplitMix64's output function of the state ``z``."""
    z = _mul64(z ^ (z >> 30), _M1_0, _M1_1, _M1_2)
    z = _mul64(z ^ (z >> 27), _M2_0, _M2_1, _M2_2)
    return z ^ (z >> 31)


class Rng:
    """A seeded SplitMix64 generator owned by its caller (see the module docstring)."""

    __slots__ = ("_state", "seed")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._state = seed & _MASK

    def __copy__(self) -> Rng:
        """A generator in this one's state: it draws what this one draws next.

        Written out because the compiled class (mypyc) has no ``__reduce__`` for ``copy`` to use.
        """
        twin = Rng(self.seed)
        twin._state = self._state
        return twin

    def next64(self) -> int:
        """The next 64-bit output."""
        self._state = state = (self._state + _GOLDEN) & _MASK
        return _output(state)

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

        The same draws as ``j = self.below(i + 1)`` for each ``i``; the loop is inlined here
        because a shuffle is most of the random numbers a game uses.
        """
        state = self._state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            threshold = (1 << 64) % n
            while True:
                state = (state + _GOLDEN) & _MASK
                z = _output(state)
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
