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

Shuffle from the top (``shuffle_from_top``; the casino shoe, C1): Fisher–Yates from the first
position up: for ``i`` from 0 to ``len - 2``, ``j = i + below(len - i)``, swap positions ``i`` and
``j``. After step ``i`` positions 0 to ``i`` are final, so a shoe may be shuffled only as far down
as it is dealt and the rest later: the same draws in the same order give the same shoe.

Cut (``cut``): after a shuffle the pack is cut (T8.2): ``k = 1 + below(len - 1)``; the top ``k``
cards go to the bottom, in order.

Nothing here touches Python's global ``random`` state.
"""

from __future__ import annotations

from typing import Final, TypeVar

from mypy_extensions import i64

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_M1: Final = 0xBF58476D1CE4E5B9
_M2: Final = 0x94D049BB133111EB

# The generator works on each 64-bit number as two 32-bit halves (hi, lo), and multiplies in
# 22-bit pieces, so no intermediate value is beyond 62 bits. The arithmetic is the same; the
# reasons are the compiled build's. mypyc keeps an int of up to 62 bits unboxed, in a machine word,
# and boxes anything larger: on whole 64-bit numbers every operation of the shuffle allocated.
# And mypyc treats a multiplication as unable to fail, but CPython's multiplication of big integers
# runs the pending signal handlers, and a stop signal (Ctrl-C) raised there aborted the process.
# The halves' functions below take and give ``i64`` (mypy_extensions): compiled, a machine integer
# whose arithmetic is the processor's, with no check of a tagged int's range on every operation
# (a shuffle 2.3 times as fast); as Python, an ordinary int. Every value they make stays below
# 2**61, so the signed 64-bit type never overflows: the numbers are the same in both builds.
_LO32: Final = (1 << 32) - 1
_LO22: Final = (1 << 22) - 1
_LO10: Final = (1 << 10) - 1
_GOLDEN_HI: Final = _GOLDEN >> 32
_GOLDEN_LO: Final = _GOLDEN & _LO32
_M1_0: Final = _M1 & _LO22
_M1_1: Final = (_M1 >> 22) & _LO22
_M1_2: Final = _M1 >> 44
_M2_0: Final = _M2 & _LO22
_M2_1: Final = (_M2 >> 22) & _LO22
_M2_2: Final = _M2 >> 44
_SMALL_N: Final = 1 << 30  # below this, n * n and the remainders of the halves fit in 62 bits


def _mul64(hi: i64, lo: i64, b0: i64, b1: i64, b2: i64) -> tuple[i64, i64]:
    """``(a * b) mod 2**64`` as (hi, lo) for ``a = hi * 2**32 + lo`` and
    ``b = b0 + b1 * 2**22 + b2 * 2**44``."""
    a0 = lo & _LO22
    a1 = ((lo >> 22) | (hi << 10)) & _LO22
    a2 = hi >> 12
    p0 = a0 * b0  # weight 2**0, under 2**44
    p1 = a0 * b1 + a1 * b0  # weight 2**22, under 2**45
    p2 = a0 * b2 + a1 * b1 + a2 * b0  # weight 2**44, under 2**46
    low = p0 + ((p1 & _LO10) << 22)
    return ((low >> 32) + (p1 >> 10) + (p2 << 12)) & _LO32, low & _LO32


def _output(hi: i64, lo: i64) -> tuple[i64, i64]:
    """SplitMix64's output function of the state ``hi * 2**32 + lo``, as (hi, lo)."""
    lo ^= ((lo >> 30) | (hi << 2)) & _LO32  # z ^= z >> 30
    hi ^= hi >> 30
    hi, lo = _mul64(hi, lo, _M1_0, _M1_1, _M1_2)
    lo ^= ((lo >> 27) | (hi << 5)) & _LO32  # z ^= z >> 27
    hi ^= hi >> 27
    hi, lo = _mul64(hi, lo, _M2_0, _M2_1, _M2_2)
    lo ^= ((lo >> 31) | (hi << 1)) & _LO32  # z ^= z >> 31
    return hi ^ (hi >> 31), lo


def _draw_below(hi: i64, lo: i64, n: i64) -> tuple[i64, i64, i64]:
    """One ``below(n)`` for ``n`` up to 2**30 from the state ``hi * 2**32 + lo``, on 32-bit halves:
    the state's new halves and the number. No 64-bit number is made along the way (compiled, such
    a number is boxed), and compiled, the three come back unboxed."""
    r32 = (1 << 32) % n
    while True:
        lo += _GOLDEN_LO  # state = (state + _GOLDEN) mod 2**64
        hi = (hi + _GOLDEN_HI + (lo >> 32)) & _LO32
        lo &= _LO32
        z_hi, z_lo = _output(hi, lo)
        # Refused only below 2**64 mod n, which is under 2**32: an output with a high half is
        # never refused, so the threshold is worked out only for one without.
        if z_hi != 0 or z_lo >= r32 * r32 % n:
            return hi, lo, (z_hi % n * r32 + z_lo) % n  # z mod n, from the halves


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
        hi, lo = _output(state >> 32, state & _LO32)
        return (int(hi) << 32) | int(lo)  # as int: a 64-bit number is beyond i64

    def below(self, n: int) -> int:
        """A whole number from 0 to ``n - 1``, each equally likely (rejection sampling)."""
        if n <= 0:
            raise ValueError(f"below({n!r}): n must be at least 1")
        if n <= _SMALL_N:
            return self._below_small(n)
        threshold = (1 << 64) % n
        while True:
            x = self.next64()
            if x >= threshold:
                return x % n

    def _below_small(self, n: int) -> int:
        """``below(n)`` for ``n`` up to 2**30, on 32-bit halves as :meth:`shuffle` draws: the
        same outputs, the same refusals (:func:`_draw_below`)."""
        state = self._state
        hi, lo, r = _draw_below(state >> 32, state & _LO32, n)
        self._state = (int(hi) << 32) | int(lo)  # as int: a 64-bit number is beyond i64
        return r

    def choice(self, items: list[T] | tuple[T, ...]) -> T:
        """One of ``items``, each equally likely."""
        return items[self.below(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Shuffle ``items`` in place: Fisher–Yates, last position first.

        The same draws as ``j = self.below(i + 1)`` for each ``i``, with the state kept in halves
        between them (:func:`_draw_below`): a shuffle is most of the random numbers a game uses.
        """
        state = self._state
        hi, lo = state >> 32, state & _LO32
        for i in range(len(items) - 1, 0, -1):
            hi, lo, j = _draw_below(hi, lo, i + 1)
            items[i], items[j] = items[j], items[i]
        self._state = (hi << 32) | lo

    def shuffle_from_top(self, items: list[T], start: int, stop: int) -> None:
        """Steps ``start`` to ``stop - 1`` of Fisher–Yates from the first position up (the module
        docstring): afterwards positions below ``stop`` are final. Steps ``0 .. a - 1`` then
        ``a .. b - 1`` are steps ``0 .. b - 1``; the draws are ``below``'s (:func:`_draw_below`)."""
        size = len(items)
        state = self._state
        hi, lo = state >> 32, state & _LO32
        for i in range(start, min(stop, size - 1)):  # the last position has nothing to swap with
            hi, lo, r = _draw_below(hi, lo, size - i)
            j = i + r
            items[i], items[j] = items[j], items[i]
        self._state = (hi << 32) | lo

    def cut(self, items: list[T]) -> None:
        """Cut ``items`` in place at a random point: the top part goes under (T8.2)."""
        if len(items) > 1:
            k = 1 + self.below(len(items) - 1)
            items[:] = items[k:] + items[:k]

    def spawn(self) -> Rng:
        """A new independent generator seeded from this one's next output."""
        return Rng(self.next64())


def session_rngs(seed: int) -> tuple[Rng, Rng]:
    """The game's generator and the players' generator for a seed (docs/explanation/determinism.md).

    A master generator seeded with ``seed`` spawns the game's generator first, the players' second.
    """
    master = Rng(seed)
    return master.spawn(), master.spawn()
