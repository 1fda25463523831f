"""`solo screen`: the table screen -- the game on a phone or a tablet beside the board, live, and
playable from it.

A small web server (Starlette on uvicorn, imported only by this command) serves one page: the
arena drawn as SVG, what the Dummy Mage did since your last answer, the question asked now with
its choices as buttons, life, round, stage and initiative, and the rules lookup.  The page
follows the journal: a step committed by the terminal (``solo play``, another process) or by
the screen itself reaches it by server-sent events within a moment.  With nobody playing the
game, the screen plays it and the page answers.  ``--lan`` serves the local network, every URL
carrying a random token (printed as a link and a QR code); ``--replay`` steps through a saved
game.
"""

from __future__ import annotations

import errno
import json
import secrets
import socket
import threading

import click

from solo.cli.app import WHOLE, WholeRange
from solo.cli.term import echo
from solo.core.errors import InvalidInput

#: The port the screen listens on unless told otherwise.
PORT = 8034
#: The cookie that keeps the token once a page was opened with it.
COOKIE = "solo_t"
_TYPES = {"index.html": "text/html; charset=utf-8", "page.js": "text/javascript; charset=utf-8",
          "page.css": "text/css; charset=utf-8"}


def _asset(name: str) -> bytes:
    from importlib import resources

    return resources.files("solo.cli").joinpath("page", name).read_bytes()


def build_app(folder, name: str | None, token: str | None = None, replay: bool = False):
    """The Starlette application serving game ``name`` (the last one played when None) of the
    journal in ``folder``; ``token``: required on every URL (403, empty, without it)."""
    import asyncio
    import contextlib

    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import JSONResponse, Response, StreamingResponse
    from starlette.routing import Route

    from solo.cli.table import POLL, View
    from solo.store import asking
    from solo.store.journal import Journal

    opened: dict = {}  # the journal and the view, opened in the server's own thread (lifespan)

    def allowed(request: Request) -> bool:
        if token is None:
            return True
        given = request.query_params.get("t") or request.cookies.get(COOKIE) or ""
        return secrets.compare_digest(given.encode(), token.encode())

    def guarded(handler):
        async def run(request: Request):
            if not allowed(request):
                return Response(status_code=403)
            return await handler(request)
        return run

    async def index(request: Request):
        reply = Response(_asset("index.html"), media_type=_TYPES["index.html"])
        if token is not None:
            reply.set_cookie(COOKIE, token, httponly=True, samesite="strict")
        return reply

    async def asset(request: Request):
        file = request.path_params["file"]
        if file not in _TYPES:
            return Response(status_code=404)
        return Response(_asset(file), media_type=_TYPES[file])

    async def state(request: Request):
        view = opened["view"]
        step = request.query_params.get("step")
        view.refresh()
        if replay:
            return JSONResponse(_replayed(view, step))
        return JSONResponse({**view.state, "version": view.version})

    async def events(request: Request):
        view = opened["view"]

        async def stream():
            yield "retry: 500\n\n"
            last, quiet = None, 0.0
            while not await request.is_disconnected():
                try:
                    view.refresh()
                except Exception:  # a read that met a commit in progress: the next poll
                    await asyncio.sleep(POLL)  # tries again (the stream must not end)
                    continue
                if view.version != last:
                    last, quiet = view.version, 0.0
                    data = json.dumps({**view.state, "version": view.version})
                    yield f"id: {last}\ndata: {data}\n\n"
                elif quiet > 10:  # a heartbeat: the page reconnects when it hears none
                    quiet = 0.0
                    yield "event: ping\ndata: \n\n"
                await asyncio.sleep(POLL)
                quiet += POLL
        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store"})

    async def answer(request: Request):
        try:
            body = await request.json()
            seq, given = body["seq"], body["answer"]
        except (ValueError, KeyError, TypeError):
            return JSONResponse({"error": "not an answer"}, status_code=400)
        view, journal = opened["view"], opened["journal"]
        view.refresh()
        if view.info is None or replay:
            return JSONResponse({"error": "no game is asked anything"}, status_code=409)
        if not asking.claim(journal, view.info.id, seq, given, asking.SCREEN):
            return JSONResponse({"error": "already answered"}, status_code=409)
        view.refresh(force=True)
        return JSONResponse({"ok": True})

    async def lookup(request: Request):
        from solo.cli.commands.rules import explain
        from solo.core.errors import SoloError

        term = request.query_params.get("q", "")[:80]
        try:
            text = explain(term, 60) if term.strip() else ""
        except SoloError as err:
            text = str(err)
        return JSONResponse({"text": text})

    routes = [Route("/", guarded(index)), Route("/state", guarded(state)),
              Route("/events", guarded(events)), Route("/answer", guarded(answer), methods=["POST"]),
              Route("/lookup", guarded(lookup)), Route("/{file}", guarded(asset))]
    @contextlib.asynccontextmanager
    async def lifespan(app):
        opened["journal"] = journal = Journal(folder)
        opened["view"] = View(journal, name)
        try:
            yield
        finally:
            journal.close()

    app = Starlette(routes=routes, lifespan=lifespan)
    return app


def _replayed(view, step: str | None) -> dict:
    """A saved game's state after ``step`` (the last one when not given), for ``--replay``."""
    from solo.engine.session import load_settings, rebuild

    info = view.info
    if info is None:
        return {"game": None, "waiting": True}
    rows = view.rows
    n = len(rows) if step is None or not step.isdigit() else min(int(step), len(rows))
    game = rebuild(view.journal, info, load_settings(info.settings), rows, n)
    state = view.state_of(info, rows[:n], None, False, game=game)
    state["steps"] = [s for r in rows[n - 1:n] for s in _steps_of(r)]
    return {**state, "replay": {"step": n, "of": len(rows)}, "version": view.version}


def _steps_of(row) -> list[dict]:
    from solo.text import page

    return [page.step_data(e["n"], e["who"], e["label"], e["lines"]) for e in row.entries]


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent to find it)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def _new_settings(name: str | None, seed: int | None):
    """A new game's settings, as `solo play` starts one when its first question is answered
    "Start" (flags, the environment, the config file, then defaults)."""
    from solo.cli.commands.play import setup_settings
    from solo.core.questions import RulePrompter
    from solo.engine.config import resolve

    keys = ("mage", "dm_mage", "decks", "dice", "draw", "dm_life")
    chosen = resolve(dict.fromkeys(keys), only=keys)
    return setup_settings(RulePrompter({"setup.start": "start"}), lambda text: None, seed=seed,
                          name=name, **{k: chosen[k].value for k in keys})


@click.command()
@click.option("--name", default=None, help="The game to show (default: the last one played).")
@click.option("--lan", is_flag=True, help="Serve the local network (a phone on the same Wi-Fi), "
              "every URL with a random token; default: this computer only.")
@click.option("--port", type=WholeRange(0, 65535), default=PORT, show_default=True,
              help="The port to listen on (0: a free one, shown in the link).")
@click.option("--replay", is_flag=True, help="Step through a saved game on the page.")
@click.option("--seed", type=WHOLE, default=None,
              help="A new game's seed, when --name names no game yet.")
def screen(name, lan, port, replay, seed) -> None:
    """The table screen: the game in a browser beside the board (a phone, a tablet), live.

    It follows the game played at the terminal (solo play, in another window: answer there or
    on the page, whichever comes first), or, when nobody plays it, plays it itself with every
    question answered on the page.  Stop it with Ctrl-C.
    """
    host = "0.0.0.0" if lan else "127.0.0.1"
    sock = _listen(host, port)  # first: a port in use changes nothing
    port = sock.getsockname()[1]  # with --port 0, the free one the system chose
    try:
        _serve(sock, host, port, name, lan, replay, seed)
    finally:
        sock.close()


def _listen(host: str, port: int):
    """A socket bound to ``host:port`` for uvicorn, or one line saying why not and what to do."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as err:
        sock.close()
        if err.errno == errno.EADDRINUSE:
            raise InvalidInput(f"port {port} is in use (another solo screen?): stop what holds it, "
                               f"or choose another with --port N (--port 0 takes a free one)") from None
        raise InvalidInput(f"cannot listen on {host}:{port} ({err.strerror}): "
                           f"choose another port with --port N") from None
    sock.set_inheritable(True)
    return sock


def _serve(sock, host: str, port: int, name, lan, replay, seed) -> None:
    import uvicorn

    from solo.cli.games import data_folder, open_journal
    from solo.cli.table import play_here
    from solo.store import asking

    folder = data_folder()
    with open_journal() as journal:
        info = journal.find(name) if name else journal.latest()
        if replay and info is None:
            raise InvalidInput(f"no game called {name!r} to replay" if name else "no game to replay yet")
        settings = None
        plays = False
        if not replay:
            if info is None:
                settings = _new_settings(name, seed)
                name, plays = settings.name, True
            elif asking.held(journal, info.id):
                asking.watch(journal, info.id)  # its questions are on the page from now on
            else:
                plays = True  # nobody plays it: the screen does, the page answers
            name = name or (info.name if info is not None else None)
    token = secrets.token_urlsafe(16) if lan else None
    stop = threading.Event()
    player = None
    if plays:
        ready = threading.Event()
        player = threading.Thread(target=play_here, args=(folder, name, settings, stop, ready),
                                  daemon=True)
        player.start()
        ready.wait(30)
    url = f"http://{lan_address() if lan else '127.0.0.1'}:{port}/" + (f"?t={token}" if token else "")
    echo(f"The table screen of {name or 'the next game'}: {url}", fold=False)
    if lan:
        import segno

        segno.make(url, error="m").terminal(compact=True)
        echo("Open it on a phone or tablet on the same network (scan the code).", fold=False)
    echo("Ctrl-C stops it." + (" The page answers this game's questions." if plays else ""),
         fold=False)
    app = build_app(folder, name, token, replay)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning",
                            timeout_graceful_shutdown=1, lifespan="on")
    try:
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        stop.set()
        if player is not None:
            player.join(10)
