"""How a length or a bearing is written, one way for the log, the panel's words and the board.

A length is written to 0.01 L (``length_text``), except that one just past a whole number reads
past it: a roll of 3 does not take a card 3.003 L, so that length reads "3.01", never "3.00",
and what is written agrees with the rolls that reach it (R15, R16, R18, R19). A length within
``EPS`` of a whole number counts as reaching it, as the engine counts it (C14). Lengths worked
out from written ones (what is left, what is lost) are sums of ``hundredths``, so they add up as
written. A bearing is written in whole degrees from 0 to 359 (R1, C17)."""

from __future__ import annotations

from .geometry import EPS


def hundredths(length: float) -> int:
    """``length`` (L) as written, in hundredths of L: the nearest, but one past the whole number
    a length just past it lies within (``hundredths(3.003) == 301``); 0 for a negative length."""
    length = max(length, 0.0)
    said = round(length * 100)
    whole = round(length)
    if length > whole + EPS and said <= whole * 100:
        return whole * 100 + 1
    return said


def hundredths_text(said: int) -> str:
    """A length given in hundredths of L, written: ``hundredths_text(301) == "3.01"``."""
    said = max(said, 0)
    return f"{said // 100}.{said % 100:02d}"


def length_text(length: float) -> str:
    """``length`` (L) as written everywhere: "3.01" for 3.003, "3.00" for 2.996 (see the
    module's note)."""
    return hundredths_text(hundredths(length))


def bearing_text(bearing: float) -> str:
    """A bearing in whole degrees, 0 to 359: 359.7 is written "0", as 0 points to the top
    (R1, C17)."""
    return str(round(bearing) % 360)
