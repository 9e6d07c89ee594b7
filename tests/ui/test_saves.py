

def test_slot_names_lose_control_and_bidi_characters() -> None:
    from serm.ui.saves import clean_name

    assert clean_name("exe\u202e.txt") == "exe.txt"
    assert clean_name("a\u0000b\tc\u200bd") == "ab cd"
    assert clean_name("\u202e\u2066") == "Game"


def test_slot_names_keep_the_joiners_of_emoji() -> None:
    from serm.ui.saves import clean_name

    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    assert clean_name(f"family {family} game") == f"family {family} game"
