

def test_slot_names_lose_control_and_bidi_characters() -> None:
    from serm.ui.saves import clean_name

    assert clean_name("exe\u202e.txt") == "exe.txt"
    assert clean_name("a\u0000b\tc\u200bd") == "ab cd"
    assert clean_name("\u202e\u2066") == "Game"
