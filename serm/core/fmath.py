"""Float functions that give the same bits on every Python the game runs on (R24).

A game replays from its record, and a computer player chooses from its seed, only if every
computation gives the same float everywhere. Python's ``+ - * /``, ``math.sqrt`` and
``math.hypot`` do (IEEE 754 rounding; CPython's own ``hypot``), but ``math.sin``, ``math.cos`` and
``math.atan2`` come from the platform's C library: the page's (Emscripten's, in Pyodide) and
CPython's on Linux (glibc) differ in the last bit for a few inputs in a hundred, which moves a
card by 1e-16 L and, sooner or later, flips a comparison. And ``sum`` of floats adds with
compensation from Python 3.12 on (the page runs 3.14) but plainly before.

So the engine and the computer players take these from here: sine and cosine of a bearing in
degrees and the bearing of a vector, computed with arithmetic alone (the polynomials of fdlibm,
whose argument reduction is exact in degrees; within about one unit in the last place of the
exact value), and ``plain_sum``, a plain left-to-right sum.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import reduce
from operator import add

_RAD = 0.017453292519943295
"""pi / 180, as ``math.radians`` multiplies by it."""
_DEG = 57.29577951308232
"""180 / pi, as ``math.degrees`` multiplies by it."""

_S1 = -1.66666666666666324348e-01
_S2 = 8.33333333332248946124e-03
_S3 = -1.98412698298579493134e-04
_S4 = 2.75573137070700676789e-06
_S5 = -2.50507602534068634195e-08
_S6 = 1.58969099521155010221e-10

_C1 = 4.16666666666666019037e-02
_C2 = -1.38888888888741095749e-03
_C3 = 2.48015872894767294178e-05
_C4 = -2.75573143513906633035e-07
_C5 = 2.08757232129817482790e-09
_C6 = -1.13596475577881948265e-11

_ATAN_HI = (4.63647609000806093515e-01, 7.85398163397448278999e-01, 9.82793723247329054082e-01)
_ATAN_LO = (2.26987774529616870924e-17, 3.06161699786838301793e-17, 1.39033110312309984516e-17)
_AT = (
    3.33333333333329318027e-01,
    -1.99999999998764832476e-01,
    1.42857142725034663711e-01,
    -1.11111104054623557880e-01,
    9.09088713343650656196e-02,
    -7.69187620504482999495e-02,
    6.66107313738753120669e-02,
    -5.83357013379057348645e-02,
    4.97687799461593236017e-02,
    -3.65315727442169155270e-02,
    1.62858201153657823623e-02,
)


def plain_sum(values: Iterable[float]) -> float:
    """The sum of ``values`` added left to right, as ``sum`` does on CPython 3.11.

    >>> plain_sum([0.1, 0.2, 0.3]), plain_sum([])
    (0.6000000000000001, 0.0)
    """
    return reduce(add, values, 0.0)


def sin_cos(degrees: float) -> tuple[float, float]:
    """The sine and cosine of an angle in degrees.

    The angle's size is brought exactly into [-45, 45] degrees about a multiple of 90 (the
    remainder of a float by 360, and the difference of two floats this close, are exact), so the
    quarter turns are exact and the polynomials see at most an eighth of a turn; the sine of a
    negative angle is that of its size negated. Zeros come out positive.

    >>> sin_cos(0.0), sin_cos(90.0), sin_cos(180.0), sin_cos(-90.0)
    ((0.0, 1.0), (1.0, 0.0), (0.0, -1.0), (-1.0, 0.0))
    >>> sin_cos(30.0)[0], sin_cos(60.0)[1]
    (0.49999999999999994, 0.49999999999999994)
    """
    d = abs(degrees) % 360.0
    q = int(d / 90.0 + 0.5)
    x = (d - 90.0 * q) * _RAD
    z = x * x
    s = x + z * x * (_S1 + z * (_S2 + z * (_S3 + z * (_S4 + z * (_S5 + z * _S6)))))
    w = z * z
    r = z * (_C1 + z * (_C2 + z * _C3)) + w * w * (_C4 + z * (_C5 + z * _C6))
    hz = 0.5 * z
    one = 1.0 - hz
    c = one + (((1.0 - one) - hz) + z * r)
    q &= 3
    if q == 1:
        s, c = c, -s
    elif q == 2:
        s, c = -s, -c
    elif q == 3:
        s, c = -c, s
    return (-s if degrees < 0.0 else s) + 0.0, c + 0.0


def _atan(x: float) -> float:
    """The arc tangent, in radians, of ``x`` in [0, 1] (fdlibm's ``atan``)."""
    if x < 0.4375:
        k = -1
    elif x < 0.6875:
        k, x = 0, (2.0 * x - 1.0) / (2.0 + x)
    else:
        k, x = 1, (x - 1.0) / (x + 1.0)
    z = x * x
    w = z * z
    a = _AT
    s1 = z * (a[0] + w * (a[2] + w * (a[4] + w * (a[6] + w * (a[8] + w * a[10])))))
    s2 = w * (a[1] + w * (a[3] + w * (a[5] + w * (a[7] + w * a[9]))))
    if k < 0:
        return x - x * (s1 + s2)
    return _ATAN_HI[k] - ((x * (s1 + s2) - _ATAN_LO[k]) - x)


def bearing(dx: float, dy: float) -> float:
    """The bearing in degrees, [0, 360), of the vector (dx, dy): clockwise from screen-up, where
    y grows downward (R1); 0 for the zero vector.

    >>> bearing(0.0, -1.0), bearing(1.0, 0.0), bearing(0.0, 1.0), bearing(-1.0, 0.0)
    (0.0, 90.0, 180.0, 270.0)
    >>> bearing(1.0, -1.0), bearing(-1.0, 1.0)
    (45.0, 225.0)
    """
    east, up = abs(dx), abs(dy)
    if east <= up:
        if up == 0.0:
            return 0.0
        a = _atan(east / up) * _DEG
    else:
        a = 90.0 - _atan(up / east) * _DEG
    if dy <= 0.0:
        b = a if dx >= 0.0 else 360.0 - a
    else:
        b = 180.0 - a if dx >= 0.0 else 180.0 + a
    return b if b < 360.0 else 0.0
