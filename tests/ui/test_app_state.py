"""serm.ui.app_state: what happens around a game, event by event, as the page's app sees it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from serm.core.state import Status
from serm.ui import app_state as a
from serm.ui import driver
from serm.ui.app_state import Answer, AppState, Ask, Dialog, step
from serm.ui.dialogs import dialog_html
from serm.ui.saves import AUTOSAVE, OTHER_TAB
from tests.ui.player import Screen

PLAYING = AppState(game=Status.PLAYING, table="ruins")
OVER = replace(PLAYING, game=Status.FINISHED)
WELCOME = AppState()


def test_start_uses_the_address_seed_once_and_keeps_the_seats() -> None:
    app = AppState(seed=3)
    app, did = step(app, a.Start("woods", ((2, "hard"),), referee=False))
    assert did == (a.NewGame("woods", 3, ((2, "hard"),), False),)
    assert app.seed is None and app.table == "woods" and app.computer == ((2, "hard"),)
    app, did = step(app, a.Rematch())
    assert did == (a.NewGame("woods", None, ((2, "hard"),), False),)


def test_opened_and_played_follow_the_game_on_screen() -> None:
    app, did = step(WELCOME, a.Opened(Status.DEPLOYMENT, "bunkers"))
    assert did == () and app.game == Status.DEPLOYMENT and app.table == "bunkers"
    assert app.in_progress and app.save_key == AUTOSAVE
    app, _ = step(app, a.Played(Status.FINISHED))
    assert app.game == Status.FINISHED and not app.in_progress
    assert step(WELCOME, a.Played(Status.PLAYING)) == (WELCOME, ())  # no game: nothing
    app, _ = step(app, a.Welcomed())
    assert app.game is None


def test_a_table_is_picked_only_on_the_start_screen() -> None:
    assert step(WELCOME, a.PickTable("woods"))[0].table == "woods"
    assert step(PLAYING, a.PickTable("woods"))[0].table == "ruins"


def test_new_game_asks_only_over_a_game_in_progress() -> None:
    app, did = step(PLAYING, a.AskNew())
    assert did == () and app.dialog == Dialog(Ask.LEAVE)
    assert step(app, Answer(True)) == (replace(app, dialog=None), (a.ShowWelcome(),))
    assert step(app, Answer(False)) == (PLAYING, ())
    assert step(OVER, a.AskNew()) == (OVER, (a.ShowWelcome(),))
    assert step(WELCOME, a.AskNew()) == (WELCOME, (a.ShowWelcome(),))


def test_continue_opens_the_autosave_without_claiming_it() -> None:
    assert step(WELCOME, a.Continue()) == (WELCOME, (a.OpenSave(AUTOSAVE, claim=False),))


def test_load_asks_over_a_game_in_progress_then_opens() -> None:
    app, did = step(PLAYING, a.Load("serm/slot/1"))
    assert did == () and app.dialog == Dialog(Ask.LOAD, "serm/slot/1")
    assert step(app, Answer(True))[1] == (a.OpenSave("serm/slot/1"),)
    assert step(app, Answer(False)) == (PLAYING, ())
    assert step(OVER, a.Load("k")) == (OVER, (a.OpenSave("k"),))


def test_save_as_names_a_save_of_the_game_on_screen() -> None:
    assert step(PLAYING, a.SaveAs("Mine")) == (PLAYING, (a.WriteSave("Mine"),))
    assert step(PLAYING, a.SaveAs(""))[1] == (a.WriteSave("Game"),)
    assert step(WELCOME, a.SaveAs("Mine")) == (WELCOME, ())


def test_rename_asks_for_the_name_in_the_page() -> None:
    app, did = step(WELCOME, a.Rename("serm/slot/2", "Old"))
    assert did == () and app.dialog == Dialog(Ask.RENAME, "serm/slot/2", "Old")
    assert step(app, Answer(True, "  New  ")) == (WELCOME, (a.RenameSave("serm/slot/2", "New"),))
    blank, did = step(app, Answer(True, "   "))  # renames nothing; the dialog says why
    assert did == () and blank.dialog == Dialog(Ask.RENAME, "serm/slot/2", "Old", a.NO_NAME)
    assert step(blank, Answer(True, "New"))[1] == (a.RenameSave("serm/slot/2", "New"),)
    assert step(blank, Answer(False)) == (WELCOME, ())
    assert step(app, Answer(False, "New")) == (WELCOME, ())


def test_delete_asks_in_the_page_and_deletes_only_on_yes() -> None:
    app, did = step(PLAYING, a.Delete("serm/slot/3", "Keep"))
    assert did == () and app.dialog == Dialog(Ask.DELETE, "serm/slot/3", "Keep")
    assert step(app, Answer(False)) == (PLAYING, ())
    assert step(app, Answer(True)) == (PLAYING, (a.DeleteSave("serm/slot/3"),))


def test_import_asks_over_a_game_in_progress_and_says_what_came_of_it() -> None:
    app = replace(PLAYING, notices=("Import failed: old. Nothing was changed.", "other"))
    app, did = step(app, a.ImportRead("{...}"))
    assert did == () and app.dialog == Dialog(Ask.IMPORT, "{...}")
    assert app.notices == ("other",)  # the last import's news is gone
    assert step(app, Answer(True))[1] == (a.UseImport("{...}"),)
    assert step(WELCOME, a.ImportRead("{}")) == (WELCOME, (a.UseImport("{}"),))
    app, _ = step(WELCOME, a.ImportFailed("not JSON"))
    assert app.notices == ("Import failed: not JSON. Nothing was changed.",)
    app, _ = step(app, a.Imported("Imported a game."))
    assert app.notices == ("Imported a game.",)


def test_export_downloads_the_game_on_screen() -> None:
    assert step(PLAYING, a.Export()) == (PLAYING, (a.Download(),))
    assert step(WELCOME, a.Export()) == (WELCOME, ())


def test_watch_opens_the_viewer_and_closing_it_goes_back() -> None:
    assert step(WELCOME, a.WatchSave("k")) == (WELCOME, (a.ViewSave("k"),))
    assert step(PLAYING, a.WatchGame()) == (PLAYING, (a.ViewGame(False),))
    assert step(WELCOME, a.WatchGame()) == (WELCOME, ())
    linked = replace(PLAYING, notices=("This replay link is cut.",))
    app, _ = step(linked, a.Watching())
    assert app.watching and app.notices == ()
    app, did = step(app, a.CloseViewer())
    assert not app.watching and did == (a.LeaveViewer(),)
    app, did = step(replace(WELCOME, watching=True), a.CloseViewer())
    assert not app.watching and did == (a.ShowWelcome(fresh_board=True),)
    assert step(WELCOME, a.CloseViewer()) == (WELCOME, ())
    app, _ = step(WELCOME, a.WatchFailed("Cannot watch that file: x. Nothing was changed."))
    assert app.notices == ("Cannot watch that file: x. Nothing was changed.",)


def test_share_opens_the_viewer_on_the_game_and_makes_its_link() -> None:
    assert step(OVER, a.WatchGame(share=True)) == (OVER, (a.ViewGame(True),))


def test_play_on_asks_over_a_game_in_progress() -> None:
    watching = replace(PLAYING, watching=True)
    app, did = step(watching, a.PlayOn("computer"))
    assert did == () and app.dialog == Dialog(Ask.PLAY_ON, "computer")
    assert step(app, Answer(True))[1] == (a.PlayOnGame("computer"),)
    over = replace(WELCOME, watching=True)
    assert step(over, a.PlayOn("hot-seat")) == (over, (a.PlayOnGame("hot-seat"),))
    assert step(PLAYING, a.PlayOn("hot-seat")) == (PLAYING, ())  # no viewer open
    app, _ = step(WELCOME, a.Opened(Status.PLAYING, "default", computer=((1, "normal"),)))
    assert app.computer == ((1, "normal"),) and not app.watching


def test_concede_asks_for_a_game_in_progress_only() -> None:
    app, did = step(PLAYING, a.Concede(2, "Player 2"))
    assert did == () and app.dialog == Dialog(Ask.CONCEDE, "2", "Player 2")
    assert step(app, Answer(True)) == (PLAYING, (a.ConcedeGame(2),))
    assert step(app, Answer(False)) == (PLAYING, ())
    assert step(OVER, a.Concede(1, "x")) == (OVER, ())
    watching = replace(PLAYING, watching=True)
    assert step(watching, a.Concede(1, "x")) == (watching, ())


def test_leave_answers_no_when_nothing_is_asked() -> None:
    assert step(PLAYING, Answer(True)) == (PLAYING, ())


def test_another_tabs_save_is_told_once_and_either_game_kept() -> None:
    app, _ = step(PLAYING, a.OtherTabSaved(ahead=True))
    assert app.notices == (OTHER_TAB,)
    assert step(app, a.OtherTabSaved(ahead=True))[0] == app  # once
    assert step(PLAYING, a.OtherTabSaved(ahead=False)) == (PLAYING, ())
    newer, did = step(app, a.OpenNewer())
    assert newer.notices == () and did == (a.OpenSave(AUTOSAVE, claim=False, newer=True),)
    copied, did = step(app, a.KeepCopy("serm/slot/9", "ruins game kept"))
    assert copied.notices == () and did == (a.CopyGame("serm/slot/9", "ruins game kept"),)
    kept, _ = step(copied, a.Kept("serm/slot/9", "ruins game kept"))
    assert (kept.save_key, kept.save_name) == ("serm/slot/9", "ruins game kept")
    assert '"ruins game kept"' in kept.notices[0]
    assert step(PLAYING, a.StorageCleared()) == (PLAYING, (a.Autosave(),))
    assert step(WELCOME, a.StorageCleared()) == (WELCOME, ())


def test_storage_refused_is_told_once_and_dismissed() -> None:
    app, _ = step(PLAYING, a.Refused("Saving failed: the storage is full."))
    app, _ = step(app, a.Refused("Saving failed: the storage is full."))
    assert app.notices == ("Saving failed: the storage is full.",)
    assert step(app, a.Dismiss())[0].notices == ()


def test_every_event_has_its_rule() -> None:
    with pytest.raises(TypeError):
        step(WELCOME, object())  # type: ignore[arg-type]


@pytest.mark.parametrize("ask", [ask for ask in Ask if ask != Ask.LEAVE])
def test_every_question_has_its_markup_escaped(ask: Ask) -> None:
    html = dialog_html(Dialog(ask, "k", '<b>"x"'))
    assert 'data-action="answer-yes"' in html and 'data-action="answer-no"' in html
    assert "<b>" not in html
    assert html.count("autofocus") == 1
    assert ('id="ask-name"' in html) == (ask == Ask.RENAME)


def test_a_refused_rename_says_why_in_its_dialog() -> None:
    html = dialog_html(Dialog(Ask.RENAME, "k", "Old", a.NO_NAME))
    assert a.NO_NAME in html and 'role="alert"' in html and 'aria-invalid="true"' in html
    assert 'value=""' in html and html.count("autofocus") == 1
    assert "ask-problem" not in dialog_html(Dialog(Ask.RENAME, "k", "Old"))


@pytest.mark.parametrize("ask", [Ask.LOAD, Ask.IMPORT, Ask.PLAY_ON])
def test_opening_another_game_says_the_game_left_gives_way_as_the_autosave(ask: Ask) -> None:
    said = dialog_html(Dialog(ask, "k", "Two walls"))
    assert "takes this one&#x27;s place as the autosave" in said and "stays" not in said


def test_a_friend_links_words_replace_those_of_the_link_opened_before() -> None:
    kept = AppState(notices=(OTHER_TAB,))
    first, _ = step(kept, a.LinkNews("This link follows another link."))
    second, _ = step(
        first, a.LinkNews("This link continues a game.", "This link follows another link.")
    )
    assert second.notices == (OTHER_TAB, "This link continues a game.")
    taken, _ = step(second, a.LinkNews(None, "This link continues a game."))
    assert taken.notices == (OTHER_TAB,)


def test_the_delete_question_says_what_will_happen_not_what_has() -> None:
    said = dialog_html(Dialog(Ask.DELETE, "k", "Act6 before P1 move"))
    assert "<strong>Act6 before P1 move</strong> will be deleted from this browser." in said
    assert " is deleted" not in said
    conceding = dialog_html(Dialog(Ask.CONCEDE, "k", "Player 1"))
    assert "If <strong>Player 1</strong> concedes, the other side wins." in conceding


def test_in_hot_seat_the_concede_question_names_both_sides_and_how_the_other_concedes() -> None:
    """Concede speaks for the side to play now; in hot-seat the question says who wins and how
    the other side would concede instead. Against the computer it speaks for the person."""
    hot = Screen.new()
    p = hot.state.pending
    assert p is not None
    me, them = f"Player {p.player}", f"Player {3 - p.player}"
    player, name, other = driver.conceding(hot.state, hot.ui)
    assert (player, name, other) == (p.player, me, them)
    app, _ = step(PLAYING, a.Concede(player, name, other))
    assert app.dialog is not None
    said = dialog_html(app.dialog)
    assert f"If <strong>{me}</strong> concedes, {them} wins." in said
    assert f"for {them} to concede, press it when {them} is to play." in said
    solo = Screen.new(computer={2: "easy"})
    assert driver.conceding(solo.state, solo.ui) == (1, "Player 1", "")
    app, _ = step(PLAYING, a.Concede(1, "Player 1"))
    assert app.dialog is not None
    assert "If <strong>Player 1</strong> concedes, the other side wins." in dialog_html(app.dialog)
