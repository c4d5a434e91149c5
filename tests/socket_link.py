"""A page's live socket that a browser test can cut and let back
(Playwright's WebSocket routing): the page's reconnects are refused while
the link is cut."""

from __future__ import annotations

import re

from playwright.sync_api import Page, WebSocketRoute


class SocketLink:
    """Every socket ``page`` opens to a path matching ``path`` (a regular
    expression) goes through this link."""

    def __init__(self, page: Page, path: str) -> None:
        self.down = False
        self.open: list[WebSocketRoute] = []
        page.route_web_socket(re.compile(path), self._route)

    def _route(self, socket: WebSocketRoute) -> None:
        if self.down:
            socket.close()
            return
        socket.connect_to_server()
        self.open.append(socket)

    def cut(self) -> None:
        """Close the open sockets and refuse new ones."""
        self.down = True
        for socket in self.open:
            socket.close()
        self.open.clear()

    def restore(self) -> None:
        """Let the page's next reconnect through."""
        self.down = False
