"""The FastAPI app: pages, the JSON API and the table WebSocket of docs/web.md.

Every refusal is ``{"error": "<sentence>"}`` with the status of
:class:`ApiError`; the sentences of the engine are passed on unchanged.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path
from typing import Any, TypeVar

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy import make_url
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, HTTPConnection

from parlour.agents import AGENTS
from parlour.agents.levels import LEVELS
from parlour.cards import DECKS
from parlour.engine import game_class, games
from parlour.engine.observation import COMMON_KEYS, FRAME_KEYS, STANDING_KEYS
from parlour.i18n import DEFAULT as DEFAULT_LANGUAGE
from parlour.i18n import _, translate
from parlour.ratings import Rating, player_of
from parlour.server import transport
from parlour.server.chat import ChatHub, replay_chat
from parlour.server.clocks import WallClock
from parlour.server.cluster import Cluster, announce
from parlour.server.db import ARCHIVED, FINISHED, PLAYING, Database
from parlour.server.engines import Engines
from parlour.server.errors import (
    BAD_REQUEST,
    CONFLICT,
    FORBIDDEN,
    NOT_FOUND,
    PAYLOAD_TOO_LARGE,
    TOO_MANY_REQUESTS,
    UNSUPPORTED_MEDIA_TYPE,
    ApiError,
)
from parlour.server.events import (
    EventHub,
    LiveEvent,
    event_url,
    join_code,
    join_url,
    player_url,
)
from parlour.server.flow import ComputerGate, Outbox
from parlour.server.language import (
    data_word,
    language_switch,
    localized_game,
    localized_hint,
    localized_replay,
    localized_statistics,
    localized_view,
    messages_block,
    page_text,
    request_language,
    rules_in,
    said,
)
from parlour.server.payloads import (
    TAKE_OVER,
    ChatRequest,
    parse_chat_request,
    parse_chat_settings_request,
    parse_continue_request,
    parse_creator_request,
    parse_device_request,
    parse_empty_request,
    parse_event_move,
    parse_event_request,
    parse_give_request,
    parse_hints_request,
    parse_host_request,
    parse_join_request,
    parse_json,
    parse_leave_request,
    parse_move_request,
    parse_mute_request,
    parse_name_request,
    parse_player_request,
    parse_rematch_request,
    parse_socket_message,
    parse_start_request,
    parse_table_request,
    parse_take_request,
    parse_timer_request,
    parse_undo_request,
)
from parlour.server.players import (
    DEVICE_LINK_SECONDS,
    PLAYER_COOKIE,
    PLAYER_COOKIE_SECONDS,
    Player,
    Players,
    check_player_name,
    player_key,
    player_page,
)
from parlour.server.ratings import describe_rating, leaderboard_size, parse_subject, rated_game
from parlour.server.rooms import Connection
from parlour.server.security import (
    MAX_BODY_BYTES,
    MAX_MESSAGE_BYTES,
    SOCKET_BURST,
    SOCKET_CLOSE_TIMEOUT,
    SOCKET_FLOOD_REFUSALS,
    SOCKET_RATE,
    SOCKET_SEND_TIMEOUT,
    TRANSPORT_MAX_MESSAGE_BYTES,
    Limits,
    OriginGuard,
    RecentEvents,
    SecurityHeaders,
    TokenBucket,
)
from parlour.server.tables import (
    LiveTable,
    Pauses,
    TableHub,
    new_token,
    replay_position,
    seat_url,
    table_record,
)
from parlour.server.transport import TransportSettings

logger = logging.getLogger("parlour.server")

DEFAULT_COMPUTER_DELAY = 0.6
"""Seconds a computer seat waits before moving, unless a table sets its own."""

STATIC_DIRECTORY = Path(__file__).parent / "static"
"""The front end's files (CSS and JavaScript modules), served as they are."""

PAGES_DIRECTORY = Path(__file__).parent / "pages"
"""The front end's HTML: one shell and each page's fragment (see :class:`Page`)."""

STATUS_FILTERS = {"open": PLAYING, "finished": FINISHED, "archived": ARCHIVED}
"""``GET /api/tables?status=`` values and the table status each lists."""

MAX_ID = 2**63 - 1
"""Largest id a database row may have (a signed 64-bit integer)."""


SOCKET_CLOSE_BASE = 4000
"""A refused socket is closed with this plus the HTTP status (4403, 4404,
4408 a client that does not read its messages, 4413 a message over the size
limit, 4429 a flood)."""

REQUEST_TIMEOUT = 408
"""The status whose close code (4408) ends a socket whose client stays behind."""

Clock = Callable[[], float]
"""Seconds from some fixed moment (:func:`time.monotonic`): what the sockets'
rate limits are measured by."""

_Followed = TypeVar("_Followed", LiveTable, LiveEvent)
"""What a live socket follows: a table or a party."""


def create_app(
    database_url: str, computer_delay: float = DEFAULT_COMPUTER_DELAY,
    clock: Clock = time.monotonic, limits: Limits | None = None,
    allowed_origins: Iterable[str] = (), pauses: Pauses | None = None,
    engines: Engines | None = None, wall_clock: WallClock | None = None,
    cluster: bool | Cluster | None = None,
) -> FastAPI:
    """The web app on the database at ``database_url`` (any SQLAlchemy URL).

    Its lifespan archives the abandoned tables, replays every other
    unfinished table and party and resumes their computer players on
    startup, and stops them on shutdown. ``clock`` measures the sockets'
    rate limits (tests drive it by hand); ``limits`` bounds the work that
    clients may start (:class:`Limits`, whose defaults are docs/web.md's);
    ``allowed_origins`` are the sites (``https://host[:port]``) besides the
    server's own whose pages may change anything (:class:`OriginGuard`);
    ``pauses`` are how long a finished trick stays and the next hand waits
    for the people at the tables that do not choose (:class:`Pauses`);
    ``engines`` are the outside players offered beside the agents
    (:class:`~parlour.server.engines.Engines`: none by default);
    ``wall_clock`` is what the tables' clocks read the time from (tests
    move theirs by hand: :class:`~parlour.server.clocks.WallClock`).
    ``cluster`` says whether the app shares its tables with the other
    server processes on its database (docs/cluster.md): ``None``, as
    ``parlour serve`` does, shares them on PostgreSQL and serves alone on
    SQLite; ``True`` on another database is :class:`ClusterError`; a
    :class:`Cluster` is this process's part, as made (tests name theirs).
    """
    if cluster is None:
        cluster = make_url(database_url).get_backend_name() == "postgresql"
    shared = cluster if isinstance(cluster, Cluster) else \
        Cluster(database_url) if cluster else None
    database = Database(database_url, announce=None if shared is None else announce)
    limits = limits or Limits()
    gate = ComputerGate()
    hub = TableHub(database, computer_delay, limits, gate, pauses=pauses, engines=engines,
                   wall=wall_clock, cluster=shared)
    events = EventHub(database, computer_delay, limits, gate, engines=engines, cluster=shared)
    players = Players(database, hub.engines.names())
    chat = ChatHub(hub, players, clock)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        if shared is not None:
            await shared.start()
        try:
            await hub.start()
            await events.start()
            try:
                yield
            finally:
                await events.stop()
                await hub.stop()
        finally:
            if shared is not None:
                await shared.close()
            database.close()

    app = FastAPI(title="parlour", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.add_middleware(OriginGuard, allowed_origins=tuple(allowed_origins))
    app.add_middleware(SecurityHeaders)
    _add_error_handlers(app)
    app.state.players = players
    _add_pages(app)
    _add_player_api(app, players, hub, clock)
    _add_lobby_api(app, hub)
    _add_table_api(app, hub)
    _add_open_seats_api(app, hub)
    _add_socket(app, hub, clock, chat)
    _add_chat_api(app, hub, chat)
    _add_event_api(app, events)
    _add_event_socket(app, events, clock)
    _add_ratings_api(app, hub)
    app.mount("/static", StaticFiles(directory=STATIC_DIRECTORY, check_dir=False), name="static")
    return app


def serve(app: FastAPI, host: str, port: int, settings: TransportSettings | None = None) -> None:
    """Run ``app`` on uvicorn until interrupted, with the request deadline,
    the connection cap and the token-free log of :mod:`parlour.server.transport`
    (socket messages over :data:`TRANSPORT_MAX_MESSAGE_BYTES` are cut off by
    uvicorn itself)."""
    transport.run(app, host, port, settings or TransportSettings(),
                  ws_max_size=TRANSPORT_MAX_MESSAGE_BYTES)


# --- errors ------------------------------------------------------------------
def error_response(status: int, message: str, lang: str = DEFAULT_LANGUAGE) -> JSONResponse:
    """The JSON body of every refusal, its sentence said in ``lang`` (the
    games' and the server's sentences are made in English and translated
    here, at the boundary)."""
    return JSONResponse({"error": translate(message, lang)}, status_code=status)


def _add_error_handlers(app: FastAPI) -> None:
    async def on_api_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, ApiError)
        return error_response(error.status, error.message, request_language(request))

    async def on_http_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, HTTPException)
        return error_response(error.status_code, str(error.detail), request_language(request))

    async def on_validation_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, RequestValidationError)
        problem = error.errors()[0]
        where = " ".join(str(part) for part in problem.get("loc", ()))
        return error_response(BAD_REQUEST, f"{where}: {problem.get('msg', 'not valid')}",
                              request_language(request))

    async def on_client_gone(_request: Request, _error: Exception) -> Response:
        # the client left (or its request was too slow and the transport
        # closed it) while its body was read: nobody gets this answer, and
        # there is no fault of the server's to log
        return error_response(BAD_REQUEST, "the client went away before its request arrived")

    app.add_exception_handler(ApiError, on_api_error)
    app.add_exception_handler(ClientDisconnect, on_client_gone)
    app.add_exception_handler(HTTPException, on_http_error)
    app.add_exception_handler(RequestValidationError, on_validation_error)


def _path_id(text: str, what: str) -> int:
    """A row id from a path: 404 naming ``what`` unless it is a whole number
    written in ASCII digits (``"²"`` is a digit to Python, not to ``int``)
    that a database can hold."""
    if not (text.isascii() and text.isdigit()) or int(text) > MAX_ID:
        raise ApiError(NOT_FOUND, f"there is no {what} {text!r}")
    return int(text)


def _table_id(text: str) -> int:
    """A table id from a path (404 unless it is a whole number)."""
    return _path_id(text, _("table"))


TOKEN_HEADER = "X-Parlour-Token"
"""A header that carries a seat's, host's or player's token (as does
``Authorization: Bearer <token>``)."""

SOCKET_PROTOCOL = "parlour"
"""The WebSocket subprotocol the server accepts when a client offers it."""

SOCKET_TOKEN_PROTOCOL = "parlour.token."
"""Prefix of the subprotocol that carries a socket's token: a browser offers
``["parlour", "parlour.token.<token>"]`` (it cannot set other headers on a
socket) and the server accepts ``parlour``."""


def request_token(connection: HTTPConnection) -> str | None:
    """The token a request or socket carries, ``None`` for a spectator.

    In order: ``Authorization: Bearer <token>``, :data:`TOKEN_HEADER`, a
    socket's :data:`SOCKET_TOKEN_PROTOCOL` subprotocol, and last the
    ``?token=`` of older clients (which puts it in every log and proxy the
    URL passes)."""
    scheme, _, credentials = connection.headers.get("authorization", "").partition(" ")
    if scheme.casefold() == "bearer" and credentials.strip():
        return credentials.strip()
    if header := connection.headers.get(TOKEN_HEADER):
        return header
    for protocol in connection.scope.get("subprotocols", ()):
        if protocol.startswith(SOCKET_TOKEN_PROTOCOL):
            return str(protocol[len(SOCKET_TOKEN_PROTOCOL):])
    return connection.query_params.get("token")


CLIENT_HEADER = "X-Parlour-Client"
"""A header that says which window of a browser sends a request: the id
its page made for itself (a socket gives it as a subprotocol, below, or
``?client=``). Of two windows
open on one seat, only the one acting for it may move (docs/web.md)."""

MAX_CLIENT_LENGTH = 64
"""Most characters a window's id may have."""


SOCKET_CLIENT_PROTOCOL = "parlour.client."
"""Prefix of the subprotocol that carries a socket's window id (a browser
offers ``["parlour", "parlour.token.<token>", "parlour.client.<id>"]``)."""


def request_client(connection: HTTPConnection) -> str | None:
    """The window id a request (:data:`CLIENT_HEADER`) or socket (its
    :data:`SOCKET_CLIENT_PROTOCOL` subprotocol, or ``?client=``) gives,
    ``None`` when none (400 over :data:`MAX_CLIENT_LENGTH` characters)."""
    client = connection.headers.get(CLIENT_HEADER)
    for protocol in connection.scope.get("subprotocols", ()):
        if client is None and protocol.startswith(SOCKET_CLIENT_PROTOCOL):
            client = str(protocol[len(SOCKET_CLIENT_PROTOCOL):])
    client = client or connection.query_params.get("client")
    if client is not None and len(client) > MAX_CLIENT_LENGTH:
        raise ApiError(BAD_REQUEST, f"a client id has at most {MAX_CLIENT_LENGTH} characters")
    return client or None


def _accepted_protocol(websocket: WebSocket) -> str | None:
    """:data:`SOCKET_PROTOCOL` when the client offers it (a browser refuses
    a socket whose server picks none of the subprotocols it offered)."""
    return SOCKET_PROTOCOL if SOCKET_PROTOCOL in websocket.scope.get("subprotocols", ()) else None


def _too_large() -> ApiError:
    return ApiError(PAYLOAD_TOO_LARGE, (
        f"the request body is over the limit of {MAX_BODY_BYTES // 1024} KiB"
    ))


JSON_MEDIA_TYPE = "application/json"


def _check_json_type(request: Request) -> None:
    """415 unless the body is declared JSON (``application/json``, with any
    parameters such as a charset): a page of another site can send a body
    without asking first only as text or a form, never as JSON."""
    declared = request.headers.get("content-type")
    if declared is None:
        raise ApiError(UNSUPPORTED_MEDIA_TYPE, (
            f"the request body must be JSON sent with Content-Type: {JSON_MEDIA_TYPE}; "
            "this request has no Content-Type"))
    if declared.split(";", 1)[0].strip().lower() != JSON_MEDIA_TYPE:
        raise ApiError(UNSUPPORTED_MEDIA_TYPE, (
            f"the request body must be JSON sent with Content-Type: {JSON_MEDIA_TYPE}, "
            f"not {declared[:100]!r}"))


def _client_address(request: Request) -> str | None:
    """The address the limits of :class:`Limits` count by (``None`` when unknown)."""
    return None if request.client is None else request.client.host


async def _json_body(request: Request) -> object:
    """The request's JSON body, read up to :data:`MAX_BODY_BYTES` (413 beyond;
    415 unless it is declared JSON)."""
    _check_json_type(request)
    length = request.headers.get("content-length", "")
    # ASCII digits only (int() refuses ², a Latin-1 header byte), and a run of
    # digits too long for int() to read is too large anyway
    if length.isascii() and length.isdigit() and (
            len(length) > len(str(MAX_BODY_BYTES)) or int(length) > MAX_BODY_BYTES):
        raise _too_large()
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY_BYTES:
            raise _too_large()
    return parse_json(bytes(body), "the request body")


def _view_reply(view: dict[str, Any], request: Request) -> JSONResponse:
    """``view`` (a table's or a party's) as the reply to ``request``, in its
    language (:func:`~parlour.server.language.localized_view`)."""
    return JSONResponse(localized_view(view, request_language(request)))


# --- pages -------------------------------------------------------------------
MAIN_TAG = "  <main"
"""Where a page's fragment goes on from its header's items to its ``<main>``."""


@dataclass(frozen=True, slots=True)
class Page:
    """One page of the front end: :data:`PAGES_DIRECTORY`'s ``shell.html``
    filled with the page's title, body class and fragment ``<name>.html``
    (the page's own items of the header, then its ``<main>``), followed by
    the ``parts`` that several pages share (``<part>.html``: the rules
    dialog); its one script is the module ``/static/<name>.js`` (the
    Content-Security-Policy allows no inline script or style)."""

    name: str
    title: str
    body_class: str | None = None
    parts: tuple[str, ...] = ()

    def html(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The whole page in ``lang``: ``<html lang>``, the web catalogue's
        translations for the scripts, the language switch and every
        ``{{t:...}}`` of the shell and fragments said in ``lang`` (404
        naming the fragment or shell that is missing)."""
        shell = page_text(_page_part("shell.html"), lang)
        fragment = page_text(_page_part(f"{self.name}.html"), lang)
        header, main, rest = fragment.partition(MAIN_TAG)
        rest += "".join(page_text(_page_part(f"{part}.html"), lang) for part in self.parts)
        return shell.format(
            title=html.escape(said(self.title, lang)), name=self.name, header=header,
            main=main + rest, lang=lang, messages=messages_block(lang),
            languages=language_switch(lang),
            body="" if self.body_class is None else f' class="{self.body_class}"',
        )


def _page_part(file: str) -> str:
    path = PAGES_DIRECTORY / file
    if not path.is_file():
        raise ApiError(NOT_FOUND, f"the front end's {file} is missing")
    return path.read_text(encoding="utf-8")


PAGES = {
    "/": Page("lobby", _("lobby")),
    "/tables/{table_id}": Page("table", _("table"), "table-page", ("rules-dialog",)),
    "/tables/{table_id}/replay": Page("replay", _("replay"), "replay-page", ("rules-dialog",)),
    "/events/{event_id}": Page("event", _("Progress Races party"), "event-page"),
    "/events/{event_id}/join": Page("event-join", _("join a Progress Races party")),
    "/events/{event_id}/play": Page("event-play", _("your table at the party"), "table-page",
                                         ("rules-dialog",)),
    "/players/device": Page("player-device", _("use your player on this device")),
    "/players/{player_id}": Page("player", _("player")),
    "/ratings/{game}": Page("ratings", _("ratings")),
}
"""Each page's path and the page it serves (its script reads the id from the path)."""


def _page_endpoint(page: Page) -> Callable[[Request], Awaitable[HTMLResponse]]:
    async def endpoint(request: Request) -> HTMLResponse:
        lang = request_language(request)
        # the page's language follows the cookie and Accept-Language: caches keep one a language
        return HTMLResponse(page.html(lang), headers={
            "Content-Language": lang, "Vary": "Cookie, Accept-Language"})

    return endpoint


def _add_pages(app: FastAPI) -> None:
    for path, page in PAGES.items():
        app.add_api_route(path, _page_endpoint(page), methods=["GET"], include_in_schema=False)


# --- lobby data --------------------------------------------------------------
def _games_listing() -> list[dict[str, Any]]:
    """Every game registered now, with its rules and its pack's title (the
    lobby names the pack in words): an app lists the games registered when
    it is made (a listing kept for the process would miss a game registered
    after another app first listed them)."""
    return [
        {**info, "rules": game_class(name).rules_help(), "deck_title": DECKS[info["deck"]].title}
        for name, info in games().items()
    ]


@cache
def _deck_listing(name: str) -> dict[str, Any]:
    deck = DECKS[name]
    return {
        "name": deck.name,
        "title": deck.title,
        "suits": list(deck.suits),
        "cards": [
            {"id": card.id, "code": card.code, "name": card.name, "rank": card.rank,
             "suits": list(card.suits), "red": card.red}
            for card in deck.cards
        ],
    }


def _add_lobby_api(app: FastAPI, hub: TableHub) -> None:
    listing = _games_listing()
    listings = {DEFAULT_LANGUAGE: listing}

    @app.get("/api/games")
    async def list_games(request: Request) -> JSONResponse:
        lang = request_language(request)
        if lang not in listings:
            listings[lang] = [
                {**localized_game(info, lang), "rules": rules_in(game_class(info["name"]), lang)}
                for info in listing]
        return JSONResponse(listings[lang])

    @app.get("/api/server")
    async def server_settings() -> JSONResponse:
        return JSONResponse({"computer_delay": hub.computer_delay,
                             "computer_pace": hub.limits.computer_pace})

    @app.get("/api/observation-keys")
    async def observation_keys() -> JSONResponse:
        # the browser's board reads the schema from here rather than copy it
        return JSONResponse({"common": sorted(COMMON_KEYS), "frame": sorted(FRAME_KEYS),
                             "standing": sorted(STANDING_KEYS)})

    @app.get("/api/agents")
    async def list_agents() -> JSONResponse:
        return JSONResponse([*LEVELS, *sorted(set(AGENTS) - set(LEVELS)),
                             *hub.engines.names()])

    @app.get("/api/decks/{deck}")
    async def describe_deck(deck: str, request: Request) -> JSONResponse:
        if deck not in DECKS:
            raise ApiError(NOT_FOUND, f"no deck called {deck!r}; decks are {', '.join(DECKS)}")
        listing = _deck_listing(deck)
        return JSONResponse({**listing,
                             "title": data_word(listing["title"], request_language(request))})

    @app.get("/api/stats")
    async def all_statistics(request: Request) -> JSONResponse:
        lang = request_language(request)
        return JSONResponse([localized_statistics(line, lang)
                             for line in await hub.statistics(None)])

    @app.get("/api/stats/{game}")
    async def game_statistics(game: str, request: Request) -> JSONResponse:
        lang = request_language(request)
        return JSONResponse([localized_statistics(line, lang)
                             for line in await hub.statistics(game)])

    @app.get("/api/tables")
    async def list_tables(request: Request, status: str | None = None) -> JSONResponse:
        if status is not None and status not in STATUS_FILTERS:
            raise ApiError(BAD_REQUEST, (
                f"status must be open, finished or archived, not {status!r}"))
        lang = request_language(request)
        return JSONResponse([
            {**row, "title": translate(row["title"], lang)} if isinstance(row.get("title"), str)
            else row
            for row in await hub.list_tables(None if status is None else STATUS_FILTERS[status])
        ])


# --- ratings -------------------------------------------------------------------
def _add_ratings_api(app: FastAPI, hub: TableHub) -> None:
    database = hub.database

    @app.get("/api/ratings/{game}")
    async def leaderboard(game: str, request: Request) -> JSONResponse:
        name = rated_game(game)
        limit = leaderboard_size(request.query_params.get("limit"))
        rows = await asyncio.to_thread(database.leaderboard, name, limit)
        return JSONResponse({
            "game": name, "title": translate(game_class(name).title, request_language(request)),
            "ratings": [
                {"rank": rank, **describe_rating(row.subject, Rating(row.mu, row.sigma,
                                                                     row.matches), player)}
                for rank, (row, player) in enumerate(rows, start=1)],
        })

    @app.get("/api/ratings/{game}/{subject}")
    async def subject_rating(game: str, subject: str) -> JSONResponse:
        name, subject = rated_game(game), parse_subject(subject)
        player_name = None
        player = player_of(subject)
        if player is not None:
            found = await asyncio.to_thread(database.player, player)
            if found is None:
                raise ApiError(NOT_FOUND, f"there is no player {player}")
            player_name = found.name
        row = await asyncio.to_thread(database.rating, name, subject)
        rating = Rating() if row is None else Rating(row.mu, row.sigma, row.matches)
        return JSONResponse({"game": name, **describe_rating(subject, rating, player_name)})


# --- tables --------------------------------------------------------------------
def _seat_path(text: str) -> int:
    """A seat number from a path (404 unless it is a whole number)."""
    return _path_id(text, "seat")


def _add_table_api(app: FastAPI, hub: TableHub) -> None:
    @app.post("/api/tables", status_code=201)
    async def create_table(request: Request) -> JSONResponse:
        creator = new_token()
        player = await _players(request).valid(request)
        table, tokens = await hub.create(parse_table_request(await _json_body(request)),
                                         _client_address(request), creator,
                                         None if player is None else (player.id, player.name))
        seats = []
        for index, (seat, token) in enumerate(zip(table.seats, tokens, strict=True)):
            description = seat.describe(index)
            if token is not None:
                description["url"] = seat_url(table.id, token)
            seats.append(description)
        return JSONResponse(
            {"id": table.id, "game": table.game.name, "url": seat_url(table.id),
             "creator_url": f"/tables/{table.id}#creator={creator}", "seats": seats,
             "status": table.status},
            status_code=201,
        )

    @app.get("/api/tables/{table_id}/view")
    async def table_view(table_id: str, request: Request) -> JSONResponse:
        table = await hub.table(_table_id(table_id))
        token = request_token(request)
        seat = await _viewer_seat(table, request, token)
        view = localized_view(hub.view(table, seat, client=request_client(request)),
                              request_language(request))
        return JSONResponse(hub.with_rematch_link(table, view, seat, token))

    @app.post("/api/tables/{table_id}/moves")
    async def table_move(table_id: str, request: Request) -> JSONResponse:
        table = await hub.table(_table_id(table_id))
        token, move = parse_move_request(await _json_body(request))
        seat = await _viewer_seat(table, request, token)
        if seat is None:
            raise ApiError(FORBIDDEN, "a move needs the token of the seat to move")
        return _view_reply(
            await hub.play(table, seat, move, request_client(request)), request)

    @app.post("/api/tables/{table_id}/name")
    async def table_name(table_id: str, request: Request) -> JSONResponse:
        table = await hub.table(_table_id(table_id))
        token, name = parse_name_request(await _json_body(request))
        return _view_reply(await hub.rename(table, await _viewer_seat(table, request, token), name,
                                            request_client(request)), request)

    @app.post("/api/tables/{table_id}/leave")
    async def table_leave(table_id: str, request: Request) -> JSONResponse:
        table = await hub.table(_table_id(table_id))
        token = parse_leave_request(await _json_body(request))
        return _view_reply(await hub.leave(table, await _viewer_seat(table, request, token)),
                           request)

    @app.post("/api/tables/{table_id}/seats/{seat}/computer")
    async def table_seat_to_computer(table_id: str, seat: str, request: Request) -> JSONResponse:
        table = await hub.table(_table_id(table_id))
        creator, agent = parse_give_request(await _json_body(request))
        return JSONResponse(await hub.give_to_computer(table, creator, _seat_path(seat), agent))

    @app.post("/api/tables/{table_id}/seats/{seat}/link")
    async def table_seat_link(table_id: str, seat: str, request: Request) -> JSONResponse:
        table = await hub.table(_table_id(table_id))
        creator = parse_creator_request(await _json_body(request))
        index = _seat_path(seat)
        token = await hub.new_link(table, creator, index)
        return JSONResponse({"seat": index, "url": seat_url(table.id, token)})

    @app.post("/api/tables/{table_id}/hints")
    async def table_hints(table_id: str, request: Request) -> JSONResponse:
        table = await hub.table(_table_id(table_id))
        creator, hints = parse_hints_request(await _json_body(request))
        await hub.set_hints(table, creator, hints)
        return JSONResponse({"hints": hints})

    async def take_back(table_id: str, request: Request, what: str) -> JSONResponse:
        """An undo or a redo (``what``) at a patience, by its seat's token."""
        table = await hub.table(_table_id(table_id))
        token, move_number = parse_undo_request(await _json_body(request))
        seat = await _viewer_seat(table, request, token)
        if seat is None:
            article = "an" if what == "undo" else "a"
            raise ApiError(FORBIDDEN, f"{article} {what} needs the token of the patience's seat")
        change = hub.undo if what == "undo" else hub.redo
        return _view_reply(await change(table, seat, move_number,
                                        request_client(request)), request)

    @app.post("/api/tables/{table_id}/undo")
    async def table_undo(table_id: str, request: Request) -> JSONResponse:
        return await take_back(table_id, request, "undo")

    @app.post("/api/tables/{table_id}/redo")
    async def table_redo(table_id: str, request: Request) -> JSONResponse:
        return await take_back(table_id, request, "redo")

    @app.post("/api/tables/{table_id}/rematch")
    async def table_rematch(table_id: str, request: Request) -> JSONResponse:
        table = await hub.table(_table_id(table_id))
        token, accept = parse_rematch_request(await _json_body(request))
        if not token:
            raise ApiError(FORBIDDEN, "a rematch is answered with the token of a person's seat")
        return JSONResponse(
            await hub.answer_rematch(table, token, accept, _client_address(request)))
    @app.post("/api/tables/{table_id}/continue")
    async def table_continue(table_id: str, request: Request) -> JSONResponse:
        table = await hub.table(_table_id(table_id))
        token, hand = parse_continue_request(await _json_body(request))
        seat = await _viewer_seat(table, request, token)
        if seat is None:
            raise ApiError(FORBIDDEN, "a continue needs the token of a seat")
        return JSONResponse(await hub.continue_hand(table, seat, hand))

    @app.get("/api/tables/{table_id}/hint")
    async def table_hint(table_id: str, request: Request) -> JSONResponse:
        table = await hub.table(_table_id(table_id))
        return JSONResponse(localized_hint(
            await hub.hint(table, await _viewer_seat(table, request, request_token(request)),
                           request_client(request)),
            request_language(request)))

    @app.get("/api/tables/{table_id}/stats")
    async def table_statistics(table_id: str, request: Request) -> JSONResponse:
        line = await hub.table_statistics(await hub.table(_table_id(table_id)))
        return JSONResponse(localized_statistics(line, request_language(request)))


# --- chat ------------------------------------------------------------------------------
def _add_chat_api(app: FastAPI, hub: TableHub, chat: ChatHub) -> None:
    """The chat of docs/web.md, "Chat", and the record and replay that show it."""
    players = chat.players

    @app.post("/api/tables/{table_id}/chat", status_code=201)
    async def table_chat_send(table_id: str, request: Request) -> JSONResponse:
        table = await hub.table(_table_id(table_id))
        token, text = parse_chat_request(await _json_body(request))
        token = token or request_token(request)
        player = await players.valid(request)
        message = await chat.send(table, chat.sender(table, _seat_at(table, token, player), player),
                                  text)
        return JSONResponse(message, status_code=201)

    @app.get("/api/tables/{table_id}/chat")
    async def table_chat(table_id: str, request: Request, after: int = 0) -> JSONResponse:
        table = await hub.table(_table_id(table_id))
        return JSONResponse(await chat.messages(table, await players.valid(request), after))

    @app.post("/api/tables/{table_id}/chat-settings")
    async def table_chat_settings(table_id: str, request: Request) -> JSONResponse:
        table = await hub.table(_table_id(table_id))
        creator, spectators = parse_chat_settings_request(await _json_body(request))
        await hub.set_spectator_chat(table, creator, spectators)
        return JSONResponse({"spectators": spectators})

    @app.post("/api/players/me/mute")
    async def mute_player(request: Request) -> JSONResponse:
        player = await players.required(request)
        other, muted = parse_mute_request(await _json_body(request))
        player = await chat.mute(player, other, muted)
        return JSONResponse({"muted": list(player.muted)})

    @app.get("/api/players/me/mute")
    async def muted_players(request: Request) -> JSONResponse:
        # a browser without a player (or with a stale key) mutes nobody: every
        # table page asks, and a refusal would be an error in its console
        player = await players.valid(request)
        return JSONResponse({"muted": [] if player is None else await chat.muted(player)})

    @app.get("/api/tables/{table_id}/record")
    async def table_record_json(table_id: str, request: Request) -> JSONResponse:
        table = await hub.table(_table_id(table_id))
        record = table_record(table)
        return JSONResponse(
            {**record, "chat": await chat.messages(table, await players.valid(request))})

    @app.get("/api/tables/{table_id}/replay/{move_number}")
    async def table_replay(table_id: str, move_number: int, request: Request) -> JSONResponse:
        table = await hub.table(_table_id(table_id))
        position = localized_replay(replay_position(table, move_number),
                                    request_language(request))
        messages = await chat.messages(table, await players.valid(request))
        return JSONResponse(
            {**position, "chat": replay_chat(messages, move_number, position["total"])})


def _add_open_seats_api(app: FastAPI, hub: TableHub) -> None:
    """Open seats and the players' turns (docs/web.md, "Open seats" and "Clocks")."""

    @app.get("/api/lobby/open")
    async def open_tables(request: Request) -> JSONResponse:
        lang = request_language(request)
        return JSONResponse([{**row, "title": translate(row["title"], lang)}
                             for row in await hub.open_tables()])

    @app.post("/api/tables/{table_id}/seats/{seat}/take")
    async def take_seat(table_id: str, seat: str, request: Request) -> JSONResponse:
        table = await hub.table(_table_id(table_id))
        parse_take_request(await _json_body(request))
        player = await _players(request).current(request)
        if player is None:
            raise ApiError(FORBIDDEN, (
                "taking a seat needs a player: choose a name in the lobby first"))
        index = _seat_path(seat)
        table, token = await hub.take_seat(table, index, player.id, player.name)
        return JSONResponse({"id": table.id, "seat": index, "name": player.name,
                             "url": seat_url(table.id, token), "status": table.status})

    @app.post("/api/tables/{table_id}/start")
    async def start_table(table_id: str, request: Request) -> JSONResponse:
        table = await hub.table(_table_id(table_id))
        creator, agent = parse_start_request(await _json_body(request))
        table = await hub.start_table(table, creator, agent)
        return JSONResponse(hub.describe(table))

    @app.get("/api/players/me/turns")
    async def my_turns(request: Request) -> JSONResponse:
        player = await _players(request).current(request)
        if player is None:
            raise ApiError(FORBIDDEN, "your turns are a player's: choose a name in the lobby first")
        lang = request_language(request)
        return JSONResponse([{**turn, "title": translate(turn["title"], lang)}
                             for turn in await hub.turns(player.id)])


# --- players (docs/web.md, "Players") ----------------------------------------------
HOUR = 3600.0
DAY = 24 * HOUR


def _players(connection: HTTPConnection) -> Players:
    """The app's :class:`Players` (kept in ``app.state`` by :func:`create_app`)."""
    players: Players = connection.app.state.players
    return players


def _seat_at(table: LiveTable, token: str | None, player: Player | None) -> int | None:
    """The seat that ``token`` opens at ``table`` (403 for a wrong one) or,
    without a token, the seat of ``player``; ``None`` for a spectator."""
    if token:
        return table.seat_of(token)
    return None if player is None else table.seat_of_player(player.id)


async def _viewer_seat(table: LiveTable, connection: HTTPConnection,
                       token: str | None) -> int | None:
    """The seat a request or socket opens at ``table`` (:func:`_seat_at`):
    by its ``token`` or, without one, by the player whose key it carries
    (:meth:`Players.valid`: a key that is no player's opens nothing; not
    looked up when a token decides)."""
    player = None if token else await _players(connection).valid(connection)
    return _seat_at(table, token, player)


def _set_player_cookie(response: JSONResponse, request: Request, key: str) -> JSONResponse:
    """``response`` giving the browser the player's ``key``: an HttpOnly
    cookie for the whole site, sent on same-site requests and top-level
    links only (SameSite=Lax), Secure when the request came over https."""
    response.set_cookie(
        PLAYER_COOKIE, key, max_age=PLAYER_COOKIE_SECONDS, path="/", httponly=True,
        samesite="lax", secure=request.url.scheme in ("https", "wss"))
    return response


def _player_reply(request: Request, player: Player, key: str | None = None,
                  status: int = 200) -> JSONResponse:
    """``{id, name}`` of ``player``, with his new ``key`` as the cookie (if any)."""
    response = JSONResponse(player.describe(), status_code=status)
    return response if key is None else _set_player_cookie(response, request, key)


def _reached(recent: RecentEvents, key: str,
             windows: Iterable[tuple[float, int, str]]) -> tuple[int, str] | None:
    """The first of ``windows`` (seconds, most, the window in words) in
    which ``key`` reached its most in ``recent``: ``(most, words)``, or
    ``None`` while it may go on."""
    for seconds, most, words in windows:
        if recent.count(key, seconds) >= most:
            return most, words
    return None


def _add_player_api(app: FastAPI, players: Players, hub: TableHub, clock: Clock) -> None:
    limits = hub.limits
    made = RecentEvents(clock, DAY)
    renamed = RecentEvents(clock, HOUR)

    @app.post("/api/players", status_code=201)
    async def make_player(request: Request) -> JSONResponse:
        name = parse_player_request(await _json_body(request))
        existing = await players.valid(request)
        if existing is not None:
            raise ApiError(CONFLICT, (
                f"this browser is already the player {existing.name!r}: rename him, or forget "
                "him on this browser before making another"))
        address = _client_address(request) or "unknown"
        reached = _reached(made, address, [
            (HOUR, limits.players_per_address_hour, _("hour")),
            (DAY, limits.players_per_address_day, _("day"))])
        if reached is not None:
            most, window = reached
            raise ApiError(TOO_MANY_REQUESTS, (
                f"this address has made {most} players in the last {window}, the most one "
                "address may: try again later"))
        player, key = await players.create(name)
        made.add(address)
        return _player_reply(request, player, key, status=201)

    @app.get("/api/players/me")
    async def my_player(request: Request) -> JSONResponse:
        player = await players.current(request)
        if player is None:
            return JSONResponse(None)
        muted = [other.describe() for other in await asyncio.gather(
            *(players.find(muted_id) for muted_id in player.muted)) if other is not None]
        return JSONResponse({**player.describe(), "muted": muted})

    @app.post("/api/players/me/name")
    async def rename_player(request: Request) -> JSONResponse:
        value = parse_player_request(await _json_body(request))
        player = await players.required(request)
        reached = _reached(renamed, str(player.id), [
            (HOUR, limits.renames_per_player_hour, _("hour"))])
        if reached is not None:
            most, window = reached
            raise ApiError(TOO_MANY_REQUESTS, (
                f"you have changed your name {most} times in the last {window}, the most a "
                "player may: try again later"))
        name = check_player_name(value, players.engines)
        tables = await asyncio.to_thread(hub.database.unfinished_player_tables, player.id)
        await hub.check_player_name(player.id, name, tables)
        player = await players.rename(player, name)
        renamed.add(str(player.id))
        await hub.rename_player(player.id, player.name, tables)
        return _player_reply(request, player)

    @app.post("/api/players/me/revoke")
    async def revoke_player_key(request: Request) -> JSONResponse:
        parse_empty_request(await _json_body(request))
        player = await players.required(request)
        return _player_reply(request, player, await players.revoke(player))

    @app.post("/api/players/me/device")
    async def device_link(request: Request) -> JSONResponse:
        parse_empty_request(await _json_body(request))
        player = await players.required(request)
        key = player_key(request)
        assert key is not None, "a player is known by his key"
        return JSONResponse({"url": await players.device_link(player, key),
                             "seconds": DEVICE_LINK_SECONDS})

    @app.post("/api/players/me/forget")
    async def forget_player(request: Request) -> JSONResponse:
        parse_empty_request(await _json_body(request))
        response = JSONResponse(None)
        response.delete_cookie(PLAYER_COOKIE, path="/", httponly=True, samesite="lax",
                               secure=request.url.scheme in ("https", "wss"))
        return response

    @app.post("/api/players/device")
    async def use_device_link(request: Request) -> JSONResponse:
        code, key = parse_device_request(await _json_body(request))
        existing = await players.valid(request)
        if existing is not None and player_key(request) != key:
            raise ApiError(CONFLICT, (
                f"this browser is already the player {existing.name!r}: forget him on this "
                "browser before using another player's link"))
        player = await players.redeem(code, key)
        return _player_reply(request, player, key)

    @app.get("/api/players/{player_id}")
    async def player_history(player_id: str, request: Request) -> JSONResponse:
        player = await players.find(_path_id(player_id, _("player")))
        if player is None:
            raise ApiError(NOT_FOUND, f"there is no player {player_id!r}")
        page = await player_page(hub.database, hub, player)
        lang = request_language(request)
        for entry in [*page["playing"], *page["finished"], *page["win_rates"]]:
            entry["title"] = translate(entry["title"], lang)
        return JSONResponse(page)


# --- live updates ------------------------------------------------------------------
def _socket_error(error: ApiError, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    return {"type": "error", "message": translate(error.message, lang), "status": error.status}


class _SocketGuard:
    """The limits of one socket's client messages: the size of each and the
    rate (a :class:`TokenBucket`), with the refusals for flooding in a row."""

    def __init__(self, clock: Clock) -> None:
        self.bucket = TokenBucket(SOCKET_BURST, SOCKET_RATE, clock)
        self.refusals = 0

    def admit(self, message: Mapping[str, Any]) -> str:
        """The text of a received message; :class:`ApiError` 429 beyond the
        rate, 413 over the size limit, 400 for a binary message."""
        if not self.bucket.take():
            self.refusals += 1
            raise ApiError(TOO_MANY_REQUESTS, (
                f"too many messages: at most {SOCKET_BURST} at once and "
                f"{SOCKET_RATE:g} a second"
            ))
        self.refusals = 0
        text, data = message.get("text"), message.get("bytes") or b""
        size = len(data) if text is None else len(text.encode("utf-8", "surrogatepass"))
        if size > MAX_MESSAGE_BYTES:
            raise ApiError(PAYLOAD_TOO_LARGE, (
                f"a message is over the limit of {MAX_MESSAGE_BYTES // 1024} KiB"
            ))
        if text is None:
            raise ApiError(BAD_REQUEST, "a message must be JSON text, not binary")
        return str(text)

    def closes(self, error: ApiError) -> bool:
        """Whether ``error`` ends the socket: a message over the size limit,
        or :data:`SOCKET_FLOOD_REFUSALS` refusals for flooding in a row."""
        return error.status == PAYLOAD_TOO_LARGE or self.refusals >= SOCKET_FLOOD_REFUSALS


async def _serve_socket(
    websocket: WebSocket,
    find: Callable[[], Awaitable[tuple[_Followed, int | None]]],
    connect: Callable[[_Followed, int | None, str], Connection],
    disconnect: Callable[[_Followed, Connection], None],
    answer: Callable[[_Followed, int | None, str], Awaitable[dict[str, Any] | None]],
    clock: Clock,
) -> None:
    """Serve one live socket of a table or a party until the client leaves.

    ``find`` gives what the socket follows and the viewer (a seat, a player
    or ``None``); its refusal is sent and closes the socket with
    :data:`SOCKET_CLOSE_BASE` plus the status. Everything sent is in the
    socket's language (:func:`request_language`: its ``lang`` parameter,
    the cookie or ``Accept-Language``). Then ``connect``'s outbox is
    sent as it fills, and each client message that the socket's limits
    (:class:`_SocketGuard`, on ``clock``) admit goes to ``answer``, whose
    reply (if any) is sent back. A message refused by the limits gets its
    error; one that ends the socket gets it as the last message before the
    close code. A client that stays behind (the sender gives up on it) ends
    the socket too.
    """
    await websocket.accept(subprotocol=_accepted_protocol(websocket))
    lang = request_language(websocket)
    try:
        followed, viewer = await find()
    except ApiError as error:
        await websocket.send_json(_socket_error(error, lang))
        await websocket.close(code=SOCKET_CLOSE_BASE + error.status)
        return
    connection = connect(followed, viewer, lang)
    sender = asyncio.create_task(_send_outbox(
        websocket, connection.outbox, SOCKET_SEND_TIMEOUT, SOCKET_CLOSE_TIMEOUT))
    receiver = asyncio.current_task()
    assert receiver is not None, "a socket is served by a task"
    sender.add_done_callback(partial(_stop_if_behind, receiver))
    guard = _SocketGuard(clock)
    try:
        while (message := await websocket.receive())["type"] != "websocket.disconnect":
            try:
                reply = await answer(followed, viewer, guard.admit(message))
            except ApiError as error:
                reply = _socket_error(error)
                if guard.closes(error):
                    connection.send(_localized_reply(reply, lang))
                    await _drain(connection, sender)
                    await websocket.close(code=SOCKET_CLOSE_BASE + error.status)
                    break
            if reply is not None:
                connection.send(_localized_reply(reply, lang))
    except WebSocketDisconnect:
        pass
    except asyncio.CancelledError:
        if not _gave_up(sender):
            raise
        receiver.uncancel()
    finally:
        disconnect(followed, connection)
        sender.cancel()
        # asyncio.wait, not gather: cancelled while it waits, gather raises
        # the sender's cancellation in place of this task's own (whose
        # message says which task group cancelled it: a test client's, say)
        await asyncio.wait({sender})


def _localized_reply(reply: dict[str, Any], lang: str) -> dict[str, Any]:
    """A reply to a socket's message in the socket's language (an error's sentence)."""
    if reply.get("type") == "error" and isinstance(reply.get("message"), str):
        return {**reply, "message": translate(reply["message"], lang)}
    return reply


def _gave_up(sender: asyncio.Task[None]) -> bool:
    """Whether the sender stopped because its client stays behind."""
    return sender.done() and not sender.cancelled() and sender.exception() is None


def _stop_if_behind(receiver: asyncio.Task[Any], sender: asyncio.Task[None]) -> None:
    """Stop the receiving loop of a socket whose sender gave up on its client
    (it waits for a message that such a client may never send)."""
    if _gave_up(sender):
        receiver.cancel()


async def _drain(connection: Connection, sender: asyncio.Task[None]) -> None:
    """Wait until the sender has sent everything queued (or has stopped)."""
    drained = asyncio.create_task(connection.outbox.join())
    await asyncio.wait({drained, sender}, return_when=asyncio.FIRST_COMPLETED)
    drained.cancel()


def _add_socket(app: FastAPI, hub: TableHub, clock: Clock, chat: ChatHub) -> None:
    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        token = request_token(websocket)
        # the socket's connection: its seat changes when the seat is given away
        connections: list[Connection] = []
        # the player whose key the socket carries (his mutes filter its chat)
        players: list[int | None] = []

        async def find() -> tuple[LiveTable, int | None]:
            table = await hub.followed(_table_id(table_id))
            # one look-up of the player: his seat without a token, and his mutes
            player = await chat.players.valid(websocket)
            seat = _seat_at(table, token, player)
            request_client(websocket)
            players.append(None if player is None else player.id)
            return table, seat

        def connect(table: LiveTable, seat: int | None, lang: str) -> Connection:
            # the socket keeps its token: its rematch link is made from it
            connections.append(hub.connect(table, seat, lang, token=token,
                                           client=request_client(websocket)))
            connections[0].player = players[0]
            return connections[0]

        async def answer(table: LiveTable, _seat: int | None, text: str) -> dict[str, Any] | None:
            return await _socket_message(hub, table, connections[0], text, chat)

        await _serve_socket(websocket, find, connect, hub.disconnect, answer, clock)


async def _send_outbox(
    websocket: WebSocket, outbox: Outbox, timeout: float, close_timeout: float
) -> None:
    """Send the outbox's messages as they come. A message that the client has
    not taken within ``timeout`` seconds (it stopped reading) ends the
    sender: the socket is closed with 4408 (if even the close cannot be
    written in ``close_timeout`` seconds, the server lets the socket go
    without it) and its receiving loop stops.

    (``asyncio.timeout``, not ``wait_for``: Python 3.11's ``wait_for``
    drops a cancellation that comes as the send completes, and the sender
    would then wait for a next message for ever, holding its socket's
    handler and the server's shutdown.)"""
    while True:
        message = await outbox.get()
        try:
            async with asyncio.timeout(timeout):
                await websocket.send_json(message)
        except TimeoutError:
            logger.info("a socket is closed: its client took no message for %g s", timeout)
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(close_timeout):
                    await websocket.close(code=SOCKET_CLOSE_BASE + REQUEST_TIMEOUT)
            return
        finally:
            outbox.task_done()


async def _socket_message(
    hub: TableHub, table: LiveTable, connection: Connection, text: str, chat: ChatHub
) -> dict[str, Any] | None:
    """Handle one client message, a move, a take-over or a chat message;
    returns the error to send back, if any.

    Success needs no reply: every connection gets the new view, or the
    chat message.
    """
    try:
        message = parse_socket_message(text)
        if message == TAKE_OVER:
            hub.take_over(table, connection)
        elif isinstance(message, ChatRequest):
            await chat.send(table, await chat.sender_of(table, connection), message.text)
        else:
            await hub.play(table, connection.seat, message, connection.client)
    except ApiError as error:
        return _socket_error(error)
    return None


# --- Progress Races parties --------------------------------------------------------
def _event_id(text: str) -> int:
    """An event id from a path (404 unless it is a whole number)."""
    return _path_id(text, _("party"))


def _with_join_link(view: dict[str, Any], live: LiveEvent, token: str | None) -> dict[str, Any]:
    """The host's view with the link to share (derived from the host's token)."""
    if view["host"] and token:
        view["join_url"] = join_url(live.id, join_code(token))
    return view


def _add_event_api(app: FastAPI, events: EventHub) -> None:
    @app.get("/api/events/form")
    async def event_form(request: Request) -> JSONResponse:
        lang = request_language(request)
        return JSONResponse({**localized_game(events.form(), lang),
                             "rules": rules_in(events.kind, lang)})

    @app.get("/api/events")
    async def list_events() -> JSONResponse:
        return JSONResponse(await events.list_events())

    @app.post("/api/events", status_code=201)
    async def create_event(request: Request) -> JSONResponse:
        live, token = await events.create(parse_event_request(await _json_body(request)),
                                          _client_address(request))
        return JSONResponse({
            "id": live.id, "url": event_url(live.id), "host_url": event_url(live.id, token),
            "join_url": join_url(live.id, join_code(token)), "players": live.event.players,
            "tables": live.event.tables, "rounds": live.event.rounds,
        }, status_code=201)

    @app.get("/api/events/{event_id}/view")
    async def event_view(event_id: str, request: Request) -> JSONResponse:
        live = await events.event(_event_id(event_id))
        token = request_token(request)
        return _view_reply(
            _with_join_link(events.view(live, live.viewer_of(token)), live, token), request)

    @app.post("/api/events/{event_id}/join", status_code=201)
    async def join_event(event_id: str, request: Request) -> JSONResponse:
        live = await events.event(_event_id(event_id))
        code, name = parse_join_request(await _json_body(request))
        player, token = await events.join(live, code, name)
        return JSONResponse({"player": player, "name": live.names()[player],
                             "url": player_url(live.id, token)}, status_code=201)

    @app.post("/api/events/{event_id}/start")
    async def start_round(event_id: str, request: Request) -> JSONResponse:
        live = await events.event(_event_id(event_id))
        token = parse_host_request(await _json_body(request))
        return _view_reply(
            _with_join_link(await events.start_round(live, token), live, token), request)

    @app.post("/api/events/{event_id}/signal")
    async def give_signal(event_id: str, request: Request) -> JSONResponse:
        live = await events.event(_event_id(event_id))
        token = parse_host_request(await _json_body(request))
        return _view_reply(
            _with_join_link(await events.signal(live, token), live, token), request)

    @app.post("/api/events/{event_id}/timer")
    async def set_timer(event_id: str, request: Request) -> JSONResponse:
        live = await events.event(_event_id(event_id))
        token, seconds = parse_timer_request(await _json_body(request))
        return _view_reply(
            _with_join_link(await events.set_timer(live, token, seconds), live, token), request)

    @app.post("/api/events/{event_id}/moves")
    async def event_move(event_id: str, request: Request) -> JSONResponse:
        live = await events.event(_event_id(event_id))
        token, move = parse_event_move(await _json_body(request))
        if not token:
            raise ApiError(FORBIDDEN, "a move needs your player's token")
        return _view_reply(await events.play(live, live.viewer_of(token), move), request)

    @app.get("/api/events/{event_id}/hint")
    async def event_hint(event_id: str, request: Request) -> JSONResponse:
        live = await events.event(_event_id(event_id))
        return JSONResponse(localized_hint(
            await events.hint(live, live.viewer_of(request_token(request))),
            request_language(request)))


EVENT_SOCKET_REFUSAL = ("this socket only sends views: moves and the host's steps go by "
                        "POST /api/events/{id}/...")
"""The answer to any message sent on a party's socket."""


async def _event_socket_message(
    _live: LiveEvent, _viewer: int | None, _text: str
) -> dict[str, Any]:
    return _socket_error(ApiError(BAD_REQUEST, EVENT_SOCKET_REFUSAL))


def _add_event_socket(app: FastAPI, events: EventHub, clock: Clock) -> None:
    @app.websocket("/ws/events/{event_id}")
    async def event_socket(websocket: WebSocket, event_id: str) -> None:
        async def find() -> tuple[LiveEvent, int | None]:
            live = await events.event(_event_id(event_id))
            return live, live.viewer_of(request_token(websocket))

        await _serve_socket(
            websocket, find, events.connect, events.disconnect, _event_socket_message, clock)
