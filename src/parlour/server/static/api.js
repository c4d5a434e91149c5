// The server's JSON API and live socket (docs/web.md), shared by every page.

import { labelOf } from "./dom.js";
import { lang, t } from "./i18n.js";
import { valueInWords } from "./tablehelp.js";

/**
 * This window's id, made once a tab and kept in its sessionStorage (a reload
 * keeps it, another tab or browser has its own): the server tells apart by
 * it two windows open on one seat, of which one acts for it (docs/web.md).
 */
export function windowId() {
  // getRandomValues, not randomUUID: a page served over plain http on a network is not a secure context
  const randomId = () => Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, "0")).join("");
  const key = "parlour:client";
  try {
    const kept = sessionStorage.getItem(key);
    if (kept) return kept;
    const made = randomId();
    sessionStorage.setItem(key, made);
    return made;
  } catch {
    windowId.made ??= randomId();
    return windowId.made;
  }
}

/**
 * Calls the JSON API. Resolves to {ok, status, data}; a refusal's sentence
 * (`{"error": ...}`) is in `error`. Network failures resolve too, with
 * status 0, so callers show one kind of message. A `token` goes in the
 * `Authorization` header, never in the URL (which logs and proxies keep);
 * the window's id in `X-Parlour-Client`.
 */
export async function request(path, { method = "GET", body, token } = {}) {
  const headers = { "X-Parlour-Client": windowId() };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, data: null, error: t("The server cannot be reached; check your connection.") };
  }
  const data = await response.json().catch(() => null);
  const error = response.ok ? null : errorSentence(data, response.status);
  return { ok: response.ok, status: response.status, data, error };
}

// The sentence to show for a refusal: the server's own when it sent one
// (FastAPI's validation errors come as {"detail": ...}).
function errorSentence(data, status) {
  if (data && typeof data.error === "string") return data.error;
  if (data && typeof data.detail === "string") return data.detail;
  if (data && Array.isArray(data.detail) && data.detail[0]?.msg) return data.detail[0].msg;
  return t("The server refused the request (status {status}).", { status });
}

/** GET that throws on failure, for data a page cannot do without. */
export async function getJson(path) {
  const result = await request(path);
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

/**
 * The name of a statistics line (GET /api/stats): "Golf", or with the options
 * not at their defaults in words: the variant `golf_wraparound=true
 * progress_card="wild"` (parlour.stats.stats_key: each option's JSON value)
 * as "Golf (Golf wraparound: yes, Progress card: wild)".
 */
export function statsLabel(line) {
  if (!line.variant) return line.title;
  const options = line.variant.split(" ").map((pair) => {
    const [name, raw] = pair.split(/=(.*)/s);
    let value = raw;
    try {
      value = JSON.parse(raw);
    } catch {
      // a value that is not JSON is shown as written
    }
    return `${t(labelOf(name))}: ${valueInWords(value)}`;
  });
  return `${line.title} (${options.join(", ")})`;
}

/**
 * A secret of the page (`token`, `code`), or null. A private link carries it
 * in its fragment (`/tables/7#token=T`), which the browser never sends to the
 * server; an older link in its query (`?token=T`). Either way it is kept in
 * sessionStorage under the page's path and taken out of the address bar (so
 * it stays out of the history, bookmarks and shared screens); a reload of
 * the tab finds it in storage. Opening another link to the same page in the
 * tab (only the fragment changes) reloads the page with the new secret.
 */
export function pageSecret(name) {
  const key = `parlour:${name}:${location.pathname}`;
  addEventListener("hashchange", () => {
    if (new URLSearchParams(location.hash.slice(1)).has(name)) location.reload();
  });
  const fragment = new URLSearchParams(location.hash.slice(1));
  const query = new URLSearchParams(location.search);
  const given = fragment.get(name) ?? query.get(name);
  if (given === null) {
    try {
      return sessionStorage.getItem(key);
    } catch {
      return null;
    }
  }
  try {
    sessionStorage.setItem(key, given);
  } catch {
    // storage refused (a private window's quota): the page still works until reloaded
  }
  fragment.delete(name);
  query.delete(name);
  const search = query.toString();
  const hash = fragment.toString();
  history.replaceState(history.state, "", `${location.pathname}${search ? `?${search}` : ""}${hash ? `#${hash}` : ""}`);
  return given;
}

/** The seat's, host's or player's token of the page, or null for a spectator. */
export const pageToken = () => pageSecret("token");

// The id after `/{collection}/` in the page's path, or null.
function pathId(collection) {
  const match = location.pathname.match(new RegExp(`/${collection}/([^/]+)`));
  return match ? decodeURIComponent(match[1]) : null;
}

/** The table id in a page path such as /tables/{id} or /tables/{id}/replay. */
export const pageTableId = () => pathId("tables");

/** The party id in a page path such as /events/{id} or /events/{id}/play. */
export const pageEventId = () => pathId("events");

const CONNECTION_TEXT = { live: t("live"), connecting: t("connecting…"), offline: t("reconnecting…") };

/** Shows a socket's state in the page's data-testid="connection" (text and data-state). */
export function showConnection(element, state) {
  element.textContent = CONNECTION_TEXT[state];
  element.dataset.state = state;
}

const PERMANENT_CLOSE_CODES = new Set([4403, 4404]);

// What a subprotocol may hold (an HTTP token); the server's tokens always do.
const PROTOCOL_TEXT = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

/**
 * A live connection to `WS {path}` (/ws/tables/{id}, /ws/events/{id}) that
 * reconnects by itself. A token goes as the subprotocol `parlour.token.T`
 * beside `parlour` (a browser's socket can set no other header), out of the
 * URL, and the window's id as `parlour.client.ID`; one that no subprotocol can hold (a mistyped link) goes as `?token=`,
 * to be refused. `onView(view)` gets each view (the first on every
 * (re)connect), `onError(sentence)` each refusal, `onStatus("live" |
 * "connecting" | "offline")` the connection's state, `onChat(message)` each
 * chat message of a table (docs/web.md, "Chat").
 */
export class LiveSocket {
  constructor(path, token, { onView, onError, onStatus, onChat }) {
    const inProtocol = token && PROTOCOL_TEXT.test(token);
    // the socket's views and refusals come in the page's language: another
    // than English is named (the handshake carries the cookie, but a page
    // may have its language from Accept-Language alone)
    const params = new URLSearchParams();
    if (lang() !== "en") params.set("lang", lang());
    if (token && !inProtocol) params.set("token", token);
    const query = params.size ? `?${params}` : "";
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    this.url = `${scheme}//${location.host}${path}${query}`;
    // the window's id too (windowId: hex digits, which a subprotocol holds)
    this.protocols = ["parlour", ...(inProtocol ? [`parlour.token.${token}`] : []), `parlour.client.${windowId()}`];
    this.handlers = { onView, onError, onStatus, onChat };
    this.retryDelay = 500;
    this.closed = false;
    this.open();
  }

  open() {
    this.handlers.onStatus("connecting");
    this.socket = new WebSocket(this.url, this.protocols);
    this.socket.addEventListener("open", () => {
      this.retryDelay = 500;
      this.handlers.onStatus("live");
    });
    this.socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "view") this.handlers.onView(message);
      else if (message.type === "error") this.handlers.onError(message.message ?? message.error);
      else if (message.type === "chat") this.handlers.onChat?.(message.message);
    });
    this.socket.addEventListener("close", (event) => {
      if (this.closed) return;
      this.handlers.onStatus("offline");
      // 4403 (a wrong token) and 4404 (no such table or party) are final; the error
      // message sent before closing says why
      if (PERMANENT_CLOSE_CODES.has(event.code)) return;
      // back off up to 5 s; the server resends the whole view on reconnect
      setTimeout(() => this.open(), this.retryDelay);
      this.retryDelay = Math.min(this.retryDelay * 2, 5000);
    });
  }

  get isOpen() {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  /**
   * Sends a move at a table, `{action: id}` or `{text: "JS"}`; false when the
   * socket is not open (use HTTP instead).
   */
  sendMove(move, moveNumber) {
    if (!this.isOpen) return false;
    this.socket.send(JSON.stringify({ type: "move", ...move, move_number: moveNumber }));
    return true;
  }

  /** Makes this window the one that acts for its seat; false when the socket is not open. */
  takeOver() {
    if (!this.isOpen) return false;
    this.socket.send(JSON.stringify({ type: "take_over" }));
    return true;
  }

  close() {
    this.closed = true;
    this.socket?.close();
  }
}

/**
 * Follows a table or a party (`path` /tables/{id} or /events/{id}): its first
 * view from `GET /api{path}/view`, then every view from `WS /ws{path}`, each
 * to `onView`, each refusal to `onError`, the connection's state shown on
 * `connection`. A wrong token or a missing table or party (403, 404) will not
 * get better by reconnecting: then there is no socket and this returns null;
 * else it returns the LiveSocket. A failed first view's refusal comes with
 * its status as `onError(sentence, status)` (0: the server cannot be
 * reached, which the socket's first view answers). Optional: `onChat` gets a
 * table's chat messages, `onStatus` the connection's state too.
 */
export async function followLive(path, token, connection, { onView, onError, onChat, onStatus }) {
  const first = await request(`/api${path}/view`, { token });
  if (!first.ok) {
    onError(first.error, first.status);
    showConnection(connection, "offline");
    if (first.status === 403 || first.status === 404) return null;
  } else {
    await onView(first.data);
  }
  return new LiveSocket(`/ws${path}`, token, {
    onView,
    onError,
    onChat,
    onStatus: (state) => {
      showConnection(connection, state);
      onStatus?.(state);
    },
  });
}
