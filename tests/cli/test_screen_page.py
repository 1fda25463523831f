"""The table screen's data and its meeting point with the terminal (issue 34), without a browser:

* the page's JSON is built from the records the terminal shows (the map's contents and marks,
  the status line's numbers, the steps' lines, the questions as data);
* a question is published in the journal once a screen follows the game, and the first answer
  to claim it -- from the page or from the terminal -- is the one taken;
* the server: every URL refused without the token on the network (403, empty), the state of the
  game served, a second answer to one question refused;
* the one-shot commands import nothing of the server.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from solo.core.questions import AnswerError, Choice, Question, ScriptedPrompter
from solo.engine.game import Settings
from solo.engine.session import Session
from solo.rules.board import new_board
from solo.store import asking
from solo.store.journal import Journal
from solo.text import board_map, page

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def journal(user_data):
    with Journal(user_data) as j:
        yield j


@pytest.fixture
def session(journal):
    s = Session.start(journal, Settings(seed=9, name="g"))
    s.hold()
    yield s
    s.release()


# -- the page's data ---------------------------------------------------------------------------

def test_the_board_data_is_the_maps_contents_with_their_marks():
    b = new_board(dm_zone="A1", ym_zone="D3")
    wolf = b.add_creature("Timber Wolf", "dm", "B2", damage=3, conditions={"Burn": 2})
    fox = b.add_creature("Bitterwood Fox", "ym", "B2", active=False,
                         extra={"hidden_enchantments": [{"card": "Block"}]})
    b.add_conjuration("Wall of Thorns", "dm", "B2", border="C2")
    data = page.board_data(b)
    contents = board_map.zone_contents(b)
    assert [p["id"] for p in data["pieces"]] == [p.id for z in contents.values() for p in z]
    drawn = {p["id"]: p for p in data["pieces"]}
    assert drawn[wolf.id]["damage"] == 3 and drawn[wolf.id]["life"] == b.life(wolf)
    assert drawn[wolf.id]["marks"] == board_map.piece_marks(b, wolf)
    assert drawn[wolf.id]["conditions"] == [{"name": "Burn", "count": 2, "mark": "Bu2"}]
    assert drawn[fox.id]["active"] is False and drawn[fox.id]["hidden"] == ["Block"]
    assert "hidden" not in drawn[wolf.id]  # only yours are marked
    assert [(w["zone"], w["border"]) for w in data["walls"]] == [("B2", "C2")]
    assert data["zones"][0] == ["A1", "B1", "C1", "D1"] and data["columns"] == 4
    status = page.status_data(b)
    assert status["life"] == {"ym": b.remaining_life(b.mages["ym"]), "dm": b.remaining_life(b.mages["dm"])}
    assert status["line"] == board_map.compact_status(b, 200)


def test_a_question_for_the_page_keeps_its_choices_indexes_and_only_the_undo_escape():
    q = Question("turn.what", "select", "What now?",
                 (Choice("Attack", "attack"), Choice("Move", "move"), Choice("Show the board", "board"),
                  Choice("Undo the last step", "undo")), default="move",
                 escapes=("board", "undo"))
    shown = page.question_data(q)
    assert [c["i"] for c in shown["choices"]] == [0, 1, 3]
    assert shown["choices"][-1]["escape"] == "undo" and shown["default"] == 1
    assert page.answer_value(q, {"choice": 1}) == "move"
    assert page.answer_value(q, {"choice": 3}) == "undo"
    for bad in ({"choice": 9}, {"choice": True}, {"nothing": 1}, "move"):
        with pytest.raises(AnswerError):
            page.answer_value(q, bad)
    number = Question("dmg", "int", "Damage?", default=2, min=0, max=20)
    assert page.question_data(number)["value"] == 2 and page.answer_value(number, {"text": "7"}) == 7
    with pytest.raises(AnswerError):
        page.answer_value(number, {"text": "99"})


def test_the_dice_of_a_line_are_cut_out_for_the_page():
    assert [p.get("face") for p in page.line_parts("  Rolled [2] [-] [1*]: normal 2.") if "die" in p] \
        == ["2", "-", "1*"]
    assert page.line_parts("(effect die: 3, 12)")[1:] == [{"die": "d12", "face": "3"},
                                                          {"die": "d12", "face": "12"}]
    assert page.line_parts("No dice here.") == [{"text": "No dice here."}]


# -- the question in the journal -------------------------------------------------------------------

def test_the_first_answer_claims_a_question_and_a_second_is_refused(journal, session):
    game = session.info.id
    assert asking.pending(journal, game) is None and not asking.watched(journal, game)
    asking.watch(journal, game)
    seq = asking.publish(journal, game, {"id": "x"})
    assert asking.claim(journal, game, seq, {"choice": 0}, asking.SCREEN)
    assert not asking.claim(journal, game, seq, {"choice": 1}, asking.TERMINAL)
    row = asking.pending(journal, game)
    assert row["answer"] == {"choice": 0} and row["by"] == asking.SCREEN
    asking.refuse(journal, game, seq, "does not fit")
    assert asking.pending(journal, game)["error"] == "does not fit"
    assert not asking.claim(journal, game, seq - 1, {"choice": 0}, asking.SCREEN)  # an old one
    asking.withdraw(journal, game)
    assert asking.pending(journal, game) is None
    assert asking.publish(journal, game, {"id": "y"}) == seq + 1  # numbers go on


def _question():
    return Question("turn.what", "select", "What now?", (Choice("Attack", "attack"),
                                                          Choice("Move", "move")))


def test_the_terminal_asks_the_journal_nothing_until_a_screen_follows(journal, session):
    from solo.cli.table import TablePrompter

    table = TablePrompter(ScriptedPrompter({"turn.what": ["move", "attack"]}), journal, session.info.id)
    assert table.ask(_question()) == "move"
    assert asking.pending(journal, session.info.id) is None
    asking.watch(journal, session.info.id)
    assert table.ask(_question()) == "attack"
    row = asking.pending(journal, session.info.id)
    assert row["question"]["id"] == "turn.what" and row["by"] == asking.TERMINAL
    assert row["answer"] == {"choice": 0}


class _PageFirst(ScriptedPrompter):
    """A person at the terminal who answers just after the page did."""

    def __init__(self, journal, game, answers):
        super().__init__(answers)
        self.journal, self.game = journal, game

    def ask(self, q):
        row = asking.pending(self.journal, self.game)
        assert asking.claim(self.journal, self.game, row["seq"], {"choice": 1}, asking.SCREEN)
        return super().ask(q)


def test_an_answer_from_the_page_first_is_taken_and_the_terminals_refused(journal, session):
    from solo.cli.table import TablePrompter

    said = []
    asking.watch(journal, session.info.id)
    table = TablePrompter(_PageFirst(journal, session.info.id, {"turn.what": "attack"}), journal,
                          session.info.id, say=said.append)
    assert table.ask(_question()) == "move"  # the page's
    assert said == ["Answered on the table screen: Move"]


def test_with_only_the_page_a_wrong_answer_is_refused_with_why_and_asked_again(journal, session):
    import threading
    import time

    from solo.cli.table import TablePrompter

    game = session.info.id
    seen = []

    def page_side() -> None:  # the server: a connection of its own
        with Journal(journal.folder) as server:
            def wait(test):
                for _ in range(250):
                    row = asking.pending(server, game)
                    if row is not None and test(row):
                        return row
                    time.sleep(0.02)
                raise AssertionError("nothing asked")
            row = wait(lambda r: True)
            asking.claim(server, game, row["seq"], {"text": "9"}, asking.SCREEN)
            row = wait(lambda r: r["error"])
            seen.append(row["error"])
            asking.claim(server, game, row["seq"], {"text": "4"}, asking.SCREEN)

    answering = threading.Thread(target=page_side)
    answering.start()
    assert TablePrompter(None, journal, game).ask(Question("dmg", "int", "Damage?", min=0, max=5)) == 4
    answering.join(5)
    assert "out of range" in seen[0]


# -- the server --------------------------------------------------------------------------------------

@pytest.fixture
def client(journal, session):
    pytest.importorskip("httpx2")
    from starlette.testclient import TestClient

    from solo.cli.commands.screen import build_app

    asking.watch(journal, session.info.id)

    def make(token=None):
        return TestClient(build_app(journal.folder, "g", token))
    return make


def test_the_state_served_is_the_games(client, session):
    with client() as c:
        state = c.get("/state").json()
    assert state["game"] == "g" and state["step"] == len(session.rows)
    assert state["board"] == page.board_data(session.game.board)
    assert state["status"] == page.status_data(session.game.board) and state["played"] is True


def test_on_the_network_every_url_wants_the_token(client):
    with client("s3cret") as c:
        for url in ("/", "/state", "/events", "/page.js", "/lookup?q=burn", "/state?t=wrong"):
            reply = c.get(url)
            assert reply.status_code == 403 and reply.content == b"", url
        assert c.post("/answer", json={"seq": 1, "answer": {"choice": 0}}).status_code == 403
        first = c.get("/?t=s3cret")
        assert first.status_code == 200 and "solo_t" in first.cookies
        assert c.get("/state").status_code == 200  # the cookie carries it from now on


def test_a_second_answer_to_one_question_is_refused(client, journal, session):
    seq = asking.publish(journal, session.info.id, page.question_data(_question()))
    with client() as c:
        assert c.post("/answer", json={"seq": seq, "answer": {"choice": 0}}).json() == {"ok": True}
        second = c.post("/answer", json={"seq": seq, "answer": {"choice": 1}})
        assert second.status_code == 409 and second.json()["error"] == "already answered"
        assert c.post("/answer", content=b"nonsense").status_code == 400


def test_the_rules_lookup_answers_on_the_page(client):
    with client() as c:
        assert "Burn" in c.get("/lookup?q=burn").json()["text"]


def test_the_one_shot_commands_import_nothing_of_the_server(tmp_path):
    probe = ("import atexit, sys\n"
             "atexit.register(lambda: print('MODULES', *sorted(sys.modules), file=sys.stderr))\n"
             "sys.argv = ['solo', 'roll', '3']\n"
             "from solo.__main__ import run\nrun()\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SOLO_DATA_DIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True,
                          timeout=120)
    names = [x for x in done.stderr.splitlines() if x.startswith("MODULES ")][-1].split()[1:]
    assert not {n.split(".")[0] for n in names} & {"starlette", "uvicorn", "segno", "anyio"}
    assert "solo.cli.table" not in names


def test_a_saved_game_is_stepped_through_with_replay(journal, session):
    pytest.importorskip("httpx2")
    from starlette.testclient import TestClient

    from solo.cli.commands.screen import build_app
    from solo.core.questions import RulePrompter

    session.game.prompter = RulePrompter()
    while len(session.rows) < 6:
        session.play_one()
    with TestClient(build_app(journal.folder, "g", replay=True)) as c:
        last = c.get("/state").json()
        first = c.get("/state?step=1").json()
        assert c.post("/answer", json={"seq": 1, "answer": {"choice": 0}}).status_code == 409
    assert last["replay"] == {"step": len(session.rows), "of": len(session.rows)}
    assert last["board"] == page.board_data(session.game.board)
    assert first["replay"]["step"] == 1 and first["step"] == 1
    assert [s["n"] for s in first["steps"]] == [1]


def test_the_terminals_menu_closes_when_the_page_answers(journal, session):
    import threading
    import time

    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from solo.cli.prompter import QuestionaryPrompter
    from solo.cli.table import TablePrompter

    game, said = session.info.id, []
    asking.watch(journal, game)

    def page_side() -> None:
        with Journal(journal.folder) as server:
            for _ in range(250):
                row = asking.pending(server, game)
                if row is not None:
                    time.sleep(0.2)  # the menu is up, waiting for a key
                    asking.claim(server, game, row["seq"], {"choice": 1}, asking.SCREEN)
                    return
                time.sleep(0.02)

    with create_pipe_input() as keys:
        table = TablePrompter(QuestionaryPrompter(input=keys, output=DummyOutput()), journal, game,
                              say=said.append)
        answering = threading.Thread(target=page_side)
        answering.start()
        started = time.time()
        assert table.ask(_question()) == "move"  # no key was pressed
        answering.join(5)
    assert time.time() - started < 3 and said == ["Answered on the table screen: Move"]


def _screen(*args: str, **kw) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "solo", "screen", *args], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


def test_a_port_in_use_is_one_line_naming_the_fix_and_changes_nothing(user_data):
    pytest.importorskip("uvicorn")
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        p = _screen("--port", str(port), "--name", "g", "--seed", "3")
        out, err = p.communicate(timeout=60)
    assert p.returncode == 2 and "Traceback" not in err, err
    assert err.count("\n") == 1 and f"port {port} is in use" in err and "--port" in err, err
    assert "http://" not in out  # no link to a page that is not there
    with Journal(user_data) as j:
        assert j.find("g") is None  # no game started for a screen that never served


def test_port_0_serves_on_a_free_port_and_the_link_names_it(user_data):
    pytest.importorskip("uvicorn")
    import signal
    import time
    import urllib.request

    p = _screen("--port", "0", "--name", "g", "--seed", "3")
    try:
        first = p.stdout.readline()
        port = int(first.split("http://127.0.0.1:")[1].split("/")[0])
        assert port != 0
        for _ in range(200):  # up within seconds
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/state", timeout=2) as r:
                    assert r.status == 200
                    break
            except OSError:
                time.sleep(0.05)
        else:
            raise AssertionError("the screen never answered on the port its link names")
    finally:
        p.send_signal(signal.SIGINT)
        p.communicate(timeout=30)
