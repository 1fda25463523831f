"""The table screen in a real browser (issue 34): Debian's headless Chromium driven by Playwright.

* a whole seeded game played from a phone-size page alone (the screen plays it, the page
  answers), the page's board checked against the game's after every step, the server killed
  and started again mid-game (the page says "reconnecting", then comes back to the right step);
* another game played at the "terminal" (``solo play``'s own loop, in a thread, answering by a
  script) with the page following: the page's board checked at every question, an answer on the
  page and one at the terminal for the same question (only the first is taken, both ways), and
  the time from a step's commit to the page, measured and printed (its target, a median of at
  most 200 ms, is ``scripts/bench.py --screen``'s, which runs this test: no clock is judged in
  the suite);
* a wrong token refused on the network (403, an empty body).
* a quiet event stream still sending its heartbeat (the page's watchdog listens for it), and a
  stream silent for 25 s of the page's clock given up for a new one.

``SOLO_SCREENSHOTS=1`` writes the screenshots of docs/screen/ (phone and tablet size).
"""

from __future__ import annotations

import json
import os
import queue
import signal
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from solo.core.questions import Prompter, Question
from solo.engine.session import load_settings, rebuild
from solo.rules.board import Conjuration
from solo.store.journal import Journal

pytestmark = pytest.mark.slow

CHROMIUM = "/usr/bin/chromium"
DOCS = Path(__file__).resolve().parents[2] / "docs" / "screen"


@pytest.fixture
def browser():
    """Chromium for one test (not for the module: under xdist another module's tests may run
    between two of these, and none of them should run beside Playwright's event loop)."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="pip install -e '.[test]'")
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no Chromium at {CHROMIUM}: apt-get install -y chromium (.ci/run does it)")
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


class Server:
    """`solo screen` in a process of its own: first on a port the system chooses (``--port 0``:
    a port picked here and then bound by the server could be taken in between, by another
    test's server under xdist), then, started again, on the same one (the page reconnects to
    its URL)."""

    def __init__(self, *args: str) -> None:
        self.args, self.port = args, 0
        self.proc: subprocess.Popen | None = None
        self.token: str | None = None

    def start(self) -> "Server":
        self.proc = subprocess.Popen([sys.executable, "-m", "solo", "screen", "--port", str(self.port),
                                      *self.args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     text=True)
        first = self.proc.stdout.readline()  # "The table screen of ...: URL"
        if not self.port:
            assert "http://" in first, f"solo screen did not start: {first!r}"
            self.port = int(first.split("http://")[1].split("/")[0].split(":")[1])
        self.said = [first]  # the rest of what it writes, kept (a full pipe would block it)
        threading.Thread(target=self._drain, args=(self.proc, self.said), daemon=True).start()
        if "?t=" in first:
            self.token = first.split("?t=")[1].split()[0]
        for _ in range(200):
            try:
                urllib.request.urlopen(self.url("state"), timeout=1).read()
                return self
            except urllib.error.HTTPError:
                return self
            except OSError:
                time.sleep(0.05)
        raise AssertionError(f"solo screen did not start: {first}")

    @staticmethod
    def _drain(proc: subprocess.Popen, said: list[str]) -> None:
        for text in proc.stdout:
            said.append(text)

    def report(self) -> str:
        """How the server stands, and what it wrote after its first line (for a failure)."""
        code = None if self.proc is None else self.proc.poll()
        return (f"solo screen {'is running' if code is None else f'exited with {code}'}; "
                f"it wrote: {''.join(getattr(self, 'said', [])[1:])[-3000:]!r}")

    def url(self, path: str = "") -> str:
        return f"http://127.0.0.1:{self.port}/{path}" + (f"?t={self.token}" if self.token else "")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


class Game:
    """The game as the journal holds it, rebuilt by the engine (as `solo play --resume` does):
    what the page must show."""

    def __init__(self, folder: Path, name: str) -> None:
        self.folder, self.name = folder, name

    def now(self):
        with Journal(self.folder) as journal:
            info = journal.find(self.name)
            rows, _, _ = journal.read_steps(info.id)
            game = rebuild(journal, info, load_settings(info.settings), rows, len(rows))
        return rows, game


def pieces_of(board) -> list[tuple]:
    """Every object in a zone: id, zone, damage, and life (a conjuration's is not compared)."""
    out = []
    for p in [*board.mages.values(), *board.creatures,
              *(c for c in board.conjurations if c.border is None)]:
        life = None if isinstance(p, Conjuration) else str(board.life(p))
        out.append((p.id, board.arena.normal(p.zone), p.damage, life))
    return sorted(out)


def page_pieces(pg) -> list[tuple]:
    drawn = pg.eval_on_selector_all(
        "#arena g.chip", "els => els.map(e => [e.dataset.id, e.dataset.zone, +e.dataset.damage,"
        " e.dataset.life])")
    return sorted(tuple(x) for x in drawn)


def check_board(pg, game: Game) -> int:
    """The page shows the journal's last step, and its board is the game's there."""
    rows, g = game.now()
    pg.wait_for_function(f"document.body.dataset.step === '{len(rows)}'", timeout=10000)
    theirs = pieces_of(g.board)
    conjured = {x[0] for x in theirs if x[3] is None}
    mine = [(i, z, d, None if i in conjured else life) for i, z, d, life in page_pieces(pg)]
    assert mine == theirs, f"step {len(rows)}: the page's board differs from the game's"
    assert pg.inner_text("#life-ym") == str(max(0, g.board.remaining_life(g.board.mages["ym"])))
    return len(rows)


def question_up(pg, after: str | None) -> None:
    pg.wait_for_function(
        "(a) => { const s = document.querySelector('#ask').dataset.seq;"
        " return (document.querySelector('#ask button.choice') && s !== a)"
        " || document.querySelector('#ask h2')?.textContent === 'The game is over'; }",
        arg=after or "", timeout=10000)


def choose(pg) -> None:
    """Tap the question's default choice (else its first).  Through a locator, found again when
    it is tapped: the page may draw the same question again in between (after a reconnection),
    which leaves an element found before it out of the page."""
    default = pg.locator("#ask button.choice.default")
    (default if default.count() else pg.locator("#ask button.choice").first).click()


def over(pg) -> bool:
    heading = pg.query_selector("#ask h2")
    return heading is not None and heading.inner_text() == "The game is over"


def shoot(pg, name: str, tmp: Path) -> None:
    where = DOCS if os.environ.get("SOLO_SCREENSHOTS") else tmp
    where.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(where / f"{name}.png"))


def test_a_whole_game_from_a_phone_page_alone_with_a_restart(browser, user_data, tmp_path):
    server = Server("--name", "alone", "--seed", "31").start()
    game = Game(user_data, "alone")
    pg = browser.new_page(viewport={"width": 390, "height": 844})
    heard = _stream_log(pg)
    try:
        pg.goto(server.url())
        answers, seq, restarted = 0, None, False
        while True:
            question_up(pg, seq)
            check_board(pg, game)
            if answers == 30:
                shoot(pg, "phone", tmp_path)
                tablet = browser.new_page(viewport={"width": 1024, "height": 768})
                tablet.goto(server.url())
                question_up(tablet, None)
                shoot(tablet, "tablet", tmp_path)
                tablet.close()
            if answers == 20 and not restarted:  # the server dies mid-game and comes back
                restarted = True
                held: list = []  # and the page's first try to reconnect hangs, never answered:
                pg.route("**/events*", lambda route: held.append(route) if not held
                         else route.continue_())  # its watchdog must give up on it
                server.kill()
                pg.wait_for_selector("#banner", state="visible", timeout=5000)
                server.start()
                pg.wait_for_selector("#banner", state="hidden", timeout=10000)
                assert held, "the page did not try to reconnect while the server was down"
                pg.unroute("**/events*")
                seq = None
                question_up(pg, None)
                check_board(pg, game)
            if over(pg):
                break
            seq = pg.get_attribute("#ask", "data-seq")
            choose(pg)
            answers += 1
            assert answers < 600, "the game did not end"
        rows, g = game.now()
        print(f"\n{answers} answers")
        assert g.over and restarted and answers > 20
    except Exception:
        # (a run in CI once found the page greyed out for 30 s at step 2, which no run here
        # has shown again: what the page's event streams did, for the next one)
        print("the page's event streams and console:", *heard, sep="\n  ")
        print(server.report())
        raise
    finally:
        pg.close()
        server.stop()


def _stream_log(pg) -> list[str]:
    """The page's event-stream requests (sent, ended, failed) and its console lines, timed."""
    start, out = time.monotonic(), []

    def note(what: str, text: str) -> None:
        out.append(f"{time.monotonic() - start:7.2f} s {what} {text}")

    events = lambda r: "/events" in r.url  # noqa: E731
    pg.on("request", lambda r: events(r) and note("stream sent", r.url.split("?")[0]))
    pg.on("requestfinished", lambda r: events(r) and note("stream ended", ""))
    pg.on("requestfailed", lambda r: events(r) and note("stream failed", str(r.failure)))
    pg.on("console", lambda m: note("console", m.text))
    return out


class Terminal(Prompter):
    """The person at the terminal, answering in the test's own time: each question is handed to
    the test (``asked``), which gives the answer (``given``)."""

    takes_shortcuts = True

    def __init__(self) -> None:
        self.asked: queue.Queue = queue.Queue()
        self.given: queue.Queue = queue.Queue()

    def ask(self, q: Question):
        self.asked.put(q)
        answer = self.given.get(timeout=60)
        if isinstance(answer, BaseException):
            raise answer
        return answer


def _default(q: Question):
    pairs = q.pairs()
    if q.default is not None:
        return q.parse(q.default) if q.kind != "select" else next(
            (v for t, v in pairs if v == q.default or t == q.default), pairs[0][1])
    return pairs[0][1] if pairs else q.parse("")


def test_a_game_at_the_terminal_with_the_page_following(browser, user_data, tmp_path):
    from solo.cli.commands.play import play_session
    from solo.cli.screen import Screen

    person = Terminal()
    said: list[str] = []
    failed: list[BaseException] = []

    def terminal() -> None:
        try:
            with Journal(user_data) as journal:
                play_session(journal, person, resume=False, name="table", seed=47,
                             screen=Screen(write=said.append))
        except BaseException as err:  # noqa: BLE001 - reported by the test
            failed.append(err)
        person.asked.put(None)

    player = threading.Thread(target=terminal, daemon=True)
    player.start()
    q = person.asked.get(timeout=30)  # setup.start: the game does not exist yet
    person.given.put("start")
    server = None
    pg = browser.new_page(viewport={"width": 390, "height": 844})
    game = Game(user_data, "table")
    try:
        q = person.asked.get(timeout=30)  # the game's first question, asked before any screen
        server = Server("--name", "table").start()
        person.given.put(_default(q))
        pg.goto(server.url())
        seq, n, both = None, 0, {}
        while True:
            q = person.asked.get(timeout=30)
            if q is None:
                break
            question_up(pg, seq)
            assert pg.get_attribute("#question", "data-qid") == q.id
            check_board(pg, game)
            seq = pg.get_attribute("#ask", "data-seq")
            n += 1
            if n == 5:  # the page answers first: the terminal's answer is refused, the page's taken
                pg.locator("#ask button.choice").first.click()
                pg.wait_for_selector("#ask .waiting", timeout=5000)
                # (the page says "Answered" as it sends: the terminal answers once the server
                # has taken the page's answer, not before)
                _claimed_by_page(user_data, "table", int(seq))
                person.given.put(_default(q))
                both["page first"] = seq
            elif n == 8:  # the terminal first: the page's answer to the same question is refused
                person.given.put(_default(q))
                status = _answer_again(pg, seq)
                both["terminal first"] = status
            else:
                person.given.put(_default(q))
            assert n < 600
        player.join(30)
        assert not failed, failed
        assert any("Answered on the table screen" in x for x in said)
        assert both["terminal first"] == 409
        rows, g = game.now()
        assert g.over
        pg.wait_for_function("document.querySelector('#ask h2')?.textContent === 'The game is over'",
                             timeout=5000)
        arrivals = pg.evaluate("window.arrivals")
        late = [arrivals[str(r.n)] - r.at * 1000 for r in rows if str(r.n) in arrivals and r.at]
        assert late, "no step's arrival was timed on the page"
        median = statistics.median(late)
        print(f"\ncommit -> page: median {median:.0f} ms over {len(late)} steps "
              f"(max {max(late):.0f} ms)")
        out = os.environ.get("SOLO_SCREEN_LATENCY_OUT")
        if out:  # scripts/bench.py --screen judges the median against its target
            Path(out).write_text(json.dumps(late), encoding="utf-8")
    finally:
        if player.is_alive():
            person.given.put(KeyboardInterrupt())
        pg.close()
        if server is not None:
            server.stop()


def _claimed_by_page(folder: Path, name: str, seq: int) -> None:
    """Wait until the journal holds the page's answer to question ``seq`` of game ``name``."""
    from solo.store import asking

    deadline = time.time() + 10
    with Journal(folder) as journal:
        info = journal.find(name)
        assert info is not None
        while True:
            now = asking.pending(journal, info.id)
            if now is not None and (now["seq"] > seq  # (taken, and the next one asked)
                                    or now["seq"] == seq and now["by"] == asking.SCREEN):
                return
            assert time.time() < deadline, f"the page's answer was not taken: {now}"
            time.sleep(0.02)


def _answer_again(pg, seq: str) -> int:
    """The page answers question ``seq`` once the terminal has: the server's status."""
    deadline = time.time() + 5
    while True:  # until the terminal's answer is in the journal
        status = pg.evaluate(
            "async (seq) => (await fetch('answer' + location.search, {method: 'POST',"
            " headers: {'Content-Type': 'application/json'},"
            " body: JSON.stringify({seq: +seq, answer: {choice: 0}})})).status", seq)
        if status == 409 or time.time() > deadline:
            return status
        time.sleep(0.02)


def test_a_wrong_token_is_refused(browser, user_data, tmp_path):
    server = Server("--name", "lan", "--seed", "3", "--lan").start()
    pg = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        assert server.token
        for url in (f"http://127.0.0.1:{server.port}/", f"http://127.0.0.1:{server.port}/state?t=nope",
                    f"http://127.0.0.1:{server.port}/events?t=x{server.token}"):
            reply = pg.request.get(url)  # (Chromium shows an empty 403 as its own error page)
            assert reply.status == 403 and reply.body() == b"", url
        reply = pg.goto(server.url())
        assert reply.status == 200
        question_up(pg, None)
        # the token is kept in a cookie once the page was opened with it
        assert pg.request.get(f"http://127.0.0.1:{server.port}/state").status == 200
    finally:
        pg.close()
        server.stop()


def test_a_quiet_event_stream_still_sends_a_heartbeat(user_data):
    """While nothing happens (a question waiting for the page), the server sends a named
    ``ping`` event about every 10 s: the page opens a new stream when it hears nothing for
    25 s, so a stream that went silent without failing is not taken for a quiet game."""
    server = Server("--name", "quiet", "--seed", "3").start()
    try:
        with urllib.request.urlopen(server.url("events"), timeout=30) as stream:
            seen, start = [], time.monotonic()
            while time.monotonic() - start < 25:
                line = stream.readline().decode().rstrip("\n")
                seen.append(line)
                if line == "event: ping":
                    break
        assert "event: ping" in seen, seen[-5:]
        assert any(x.startswith("data: {") for x in seen)  # the game's state came first
    finally:
        server.stop()


def test_a_silent_stream_is_given_up_after_25_seconds(browser, user_data):
    """A stream can stay open and say nothing (a phone's Wi-Fi that changed under it): the page
    opens a new one once it has heard nothing for 25 s, and keeps a stream it heard from.

    The page's clock is Playwright's, run forward by the test: the server's heartbeat (every
    10 s of real time) cannot come in the fraction of a second the test takes."""
    server = Server("--name", "silent", "--seed", "3").start()
    pg = browser.new_page()
    streams: list[str] = []
    pg.on("request", lambda r: streams.append(r.url) if "/events" in r.url else None)
    try:
        pg.clock.install()
        pg.goto(server.url())
        question_up(pg, None)
        # the stream open and its first event in (the server sends the game's state at once)
        pg.wait_for_function("stream !== null && stream.readyState === EventSource.OPEN",
                             polling=50, timeout=10000)
        pg.wait_for_timeout(1000)
        pg.clock.pause_at(pg.evaluate("Date.now()") / 1000 + 0.5)  # (in s) the page's time
        # moves as the test says from here
        began = time.monotonic()
        assert len(streams) == 1
        pg.clock.run_for(20_000)  # 20 s without a word: not yet given up
        assert len(streams) == 1, "the page gave up a stream before 25 s of silence"
        assert pg.is_hidden("#banner")
        pg.clock.run_for(7_000)  # past 25 s: a new stream
        assert time.monotonic() - began < 8, "the real heartbeat may have come in: run again"
        for _ in range(100):
            if len(streams) == 2:
                break
            pg.wait_for_timeout(50)
        assert len(streams) == 2, ("the page kept a stream silent for 27 s",
                                   pg.evaluate("[Date.now(), heard, cut, stream.readyState]"))
        pg.wait_for_selector("#banner", state="hidden", timeout=5000)
        question_up(pg, None)  # and the question is still there to answer
    finally:
        pg.close()
        server.stop()
