"""The seeded SplitMix64 generator, its shuffle and cut (T8.2)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pontoon_cli.core.rng import Rng


def test_splitmix64_reference_outputs_for_seed_0() -> None:
    rng = Rng(0)
    assert [rng.next64() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def test_seed_is_taken_mod_2_64() -> None:
    a, b = Rng(-1), Rng(2**64 - 1)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    assert Rng(-1).seed == -1


def test_same_seed_same_stream_different_seed_different_stream() -> None:
    a, b, c = Rng(12345), Rng(12345), Rng(12346)
    xs = [a.next64() for _ in range(20)]
    assert xs == [b.next64() for _ in range(20)]
    assert xs != [c.next64() for _ in range(20)]


def test_shuffle_is_stable_for_a_seed() -> None:
    items = list(range(10))
    Rng(42).shuffle(items)
    assert items == [0, 9, 5, 8, 6, 4, 7, 2, 1, 3]


def test_shuffle_and_cut_do_not_touch_global_random() -> None:
    state = random.getstate()
    rng = Rng(5)
    items = list(range(52))
    rng.shuffle(items)
    rng.cut(items)
    rng.choice(items)
    assert random.getstate() == state


@given(seed=st.integers(min_value=-(2**70), max_value=2**70), n=st.integers(1, 10**12))
@settings(max_examples=60, deadline=None)
def test_below_is_within_range(seed: int, n: int) -> None:
    rng = Rng(seed)
    assert all(0 <= rng.below(n) < n for _ in range(5))


def test_below_one_is_zero_and_below_zero_is_an_error() -> None:
    assert Rng(3).below(1) == 0
    with pytest.raises(ValueError, match=r"below\(0\): n must be at least 1"):
        Rng(3).below(0)


def test_below_reaches_every_value() -> None:
    rng = Rng(9)
    assert {rng.below(6) for _ in range(300)} == set(range(6))


@given(seed=st.integers(0, 2**64 - 1), size=st.integers(0, 60))
@settings(max_examples=60, deadline=None)
def test_shuffle_and_cut_permute(seed: int, size: int) -> None:
    items = list(range(size))
    rng = Rng(seed)
    rng.shuffle(items)
    assert sorted(items) == list(range(size))
    before = list(items)
    rng.cut(items)
    if size > 1:  # T8.2: the top part (1 to size - 1 cards) goes under
        k = before.index(items[-1]) + 1
        assert 1 <= k <= size - 1 and items == before[k:] + before[:k]
    else:
        assert items == before


def test_choice_and_spawn_are_deterministic() -> None:
    a, b = Rng(77), Rng(77)
    assert a.choice(("x", "y", "z")) == b.choice(("x", "y", "z"))
    sa, sb = a.spawn(), b.spawn()
    assert [sa.next64() for _ in range(3)] == [sb.next64() for _ in range(3)]
    assert a.next64() == b.next64()


def _from_top_by_below(seed: int, items: list[int]) -> list[int]:
    """The documented algorithm, step by step through ``below``: for i from 0 to len - 2,
    j = i + below(len - i), swap i and j."""
    rng, items = Rng(seed), list(items)
    for i in range(len(items) - 1):
        j = i + rng.below(len(items) - i)
        items[i], items[j] = items[j], items[i]
    return items


@given(
    seed=st.integers(0, 2**64 - 1),
    size=st.integers(0, 420),
    cuts=st.lists(st.integers(0, 430), max_size=4),
)
@settings(max_examples=80, deadline=None)
def test_c1_shuffle_from_top_is_the_documented_algorithm_however_it_is_carried(
    seed: int, size: int, cuts: list[int]
) -> None:
    # C1's shoe is shuffled only as far down as the rounds deal it: the pieces, taken in order,
    # are the whole shuffle, and the whole shuffle is Fisher-Yates from the first position up.
    expected = _from_top_by_below(seed, list(range(size)))
    rng, items, done = Rng(seed), list(range(size)), 0
    for stop in sorted(cuts):
        rng.shuffle_from_top(items, done, stop)
        done = max(done, min(stop, max(size - 1, 0)))
        assert items[:done] == expected[:done]  # the top is final as far as it is shuffled
    rng.shuffle_from_top(items, done, size)
    assert items == expected
    assert sorted(items) == list(range(size))


def test_c1_shuffle_from_top_is_stable_for_a_seed() -> None:
    items = list(range(10))
    Rng(42).shuffle_from_top(items, 0, 10)
    assert items == _from_top_by_below(42, list(range(10)))
    assert items == [3, 2, 4, 5, 8, 7, 0, 9, 6, 1]


def _reference_draws(seed: int, ns: list[int]) -> list[int]:
    """SplitMix64 and rejection sampling as the module docstring writes them, on whole Python
    integers: what the generator's 32-bit halves (machine integers when compiled) must give."""
    mask = (1 << 64) - 1
    state = seed & mask
    out = []
    for n in ns:
        threshold = (1 << 64) % n
        while True:
            state = (state + 0x9E3779B97F4A7C15) & mask
            z = state
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            z ^= z >> 31
            if z >= threshold:
                out.append(z % n)
                break
    return out


@given(
    seed=st.integers(min_value=-(2**70), max_value=2**70),
    ns=st.lists(st.integers(1, 2**30) | st.sampled_from([1, 2, 3, 52, 416, 2**30]), max_size=40),
)
@settings(max_examples=150, deadline=None)
def test_draws_on_halves_are_the_whole_number_algorithm(seed: int, ns: list[int]) -> None:
    """Every draw a shuffle makes (``below`` up to 2**30, on 32-bit halves) is the documented
    algorithm's, in both builds: nothing the halves' arithmetic makes overflows."""
    rng = Rng(seed)
    assert [rng.below(n) for n in ns] == _reference_draws(seed, ns)
    items, want = list(range(60)), list(range(60))
    Rng(seed).shuffle(items)
    draws = _reference_draws(seed, [i + 1 for i in range(59, 0, -1)])
    for i, j in zip(range(59, 0, -1), draws, strict=True):
        want[i], want[j] = want[j], want[i]
    assert items == want
