"""Lengths and bearings are written one way (``serm.core.written``), for the log, the panel's
words and the board alike (R1, R15, R16, R18, R19, C14, C17)."""

from __future__ import annotations

from serm.core.written import bearing_text, hundredths, hundredths_text, length_text


def test_a_length_a_whole_roll_reaches_or_not_reads_on_its_side_of_the_roll() -> None:
    """To 0.01 L, but a length just past a whole number reads past it (a roll of 3 does not
    reach 3.003 L), and one within a billionth of it reads as it (the engine counts it
    reached, C14); a negative length reads 0."""
    cases = {
        3.003: "3.01",
        3.0 + 1e-12: "3.00",
        2.996: "3.00",
        1.784: "1.78",
        0.0: "0.00",
        0.004: "0.01",
        -0.2: "0.00",
        12.0: "12.00",
    }
    assert {x: length_text(x) for x in cases} == cases


def test_lengths_worked_out_from_written_ones_read_as_their_sums() -> None:
    """A written length's hundredths, written again, read the same: what is worked out from
    written lengths (the roll less a length, a length less another) adds up as written."""
    for x in (0.0, 0.01, 1.0, 2.004, 5.71, 7.66, 9.99):
        h = hundredths(x)
        assert length_text(h / 100) == hundredths_text(h) == length_text(x)
    assert hundredths_text(800 - hundredths(1.0496)) == "6.95"


def test_a_bearing_is_written_in_whole_degrees_from_0_to_359() -> None:
    """0 points to the top (R1) and bearings are brought into 0 to 360 (C17): a bearing that
    rounds to 360 is written 0."""
    cases = {0.0: "0", 17.4: "17", 359.4: "359", 359.7: "0", 360.0: "0", -0.3: "0", 90.5: "90"}
    assert {b: bearing_text(b) for b in cases} == cases
