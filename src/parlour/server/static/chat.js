// The chat of a table (docs/web.md, "Chat"): the table page's chat box and the
// replay page's list. Messages are text: every one is put in the page with
// textContent (dom.js's h), never as HTML.
//
// Stable hooks for end-to-end tests:
//   data-testid="chat"               the chat panel of the table page
//   data-testid="chat-list"          its messages, oldest first: each <li data-testid="chat-message"
//                                    data-number=N data-seat=S (empty: a spectator) data-move=M> holding
//                                    "chat-name" and "chat-text", and "chat-mute" for another sender
//   data-testid="chat-form"          the box to write in: "chat-input" (Enter sends), "chat-send"
//   data-testid="chat-note"          why this page may not chat (a spectator at a table whose chat is its seats')
//   data-testid="chat-error"         the refusal of the last message (too long, too fast, ...)
//   data-testid="chat-muted"         the senders muted here, each with "chat-unmute"
//   data-testid="replay-chat"        the replay's chat panel: the messages sent up to the move shown, each
//                                    data-testid="replay-chat-message" data-move=M, data-current="true" for
//                                    those sent at the move shown

import { request } from "./api.js";
import { fill, h } from "./dom.js";
import { t } from "./i18n.js";

export const MAX_CHAT_LENGTH = 200;

// The key a sender is muted by: a player's id, or the seat of a person known by his link alone.
const senderKey = (message) => (message.player !== null ? `player:${message.player}` : `seat:${message.seat}`);

/** The table page's chat box, on the elements of data-testid="chat". */
export class ChatBox {
  constructor(panel, tableId, { token }) {
    this.panel = panel;
    this.tableId = tableId;
    this.token = token; // () => the seat's token, or null
    this.messages = new Map(); // number → message
    this.muted = new Map(); // sender key → name (a player's mute kept by the server, or this page's)
    this.mine = new Set(); // numbers of the messages this page sent
    this.view = null;
    this.sending = false;
    this.build();
  }

  build() {
    const $ = (testid) => this.panel.querySelector(`[data-testid="${testid}"]`);
    this.list = $("chat-list");
    this.form = $("chat-form");
    this.input = $("chat-input");
    this.note = $("chat-note");
    this.error = $("chat-error");
    this.mutedList = $("chat-muted");
    this.input.maxLength = MAX_CHAT_LENGTH;
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.send();
    });
  }

  get path() {
    return `/api/tables/${encodeURIComponent(this.tableId)}/chat`;
  }

  /** Reads the players this page's player mutes (none for a page without a player). */
  async loadMuted() {
    const result = await request("/api/players/me/mute");
    if (!result.ok) return;
    for (const player of result.data.muted) this.muted.set(`player:${player.id}`, player.name);
    this.renderMuted();
  }

  /** Reads the messages not seen yet (at the start and whenever the socket is back). */
  async load() {
    const after = Math.max(0, ...this.messages.keys());
    const result = await request(`${this.path}?after=${after}`);
    if (!result.ok) return;
    for (const message of result.data) this.messages.set(message.number, message);
    this.render();
  }

  /** Takes a message the socket sent. */
  receive(message) {
    this.messages.set(message.number, message);
    this.render();
  }

  /** Follows a view of the table: who may write. */
  follow(view) {
    // a patience is played alone: nobody to chat with
    this.panel.hidden = (view.table?.seats?.length ?? 2) < 2;
    const before = this.canWrite;
    const seat = this.view?.seat;
    this.view = view;
    if (before !== this.canWrite || seat !== view.seat) this.render();
    else this.renderForm();
  }

  get canWrite() {
    return Boolean(this.view) && (this.view.seat !== null || this.view.table.spectator_chat === true);
  }

  async send() {
    const text = this.input.value.trim();
    if (!text || this.sending) return;
    this.sending = true;
    const token = this.token();
    const result = await request(this.path, { method: "POST", body: token ? { token, text } : { text } });
    this.sending = false;
    if (result.ok) {
      this.input.value = "";
      this.mine.add(result.data.number);
      this.messages.set(result.data.number, result.data);
      this.showError(null);
      this.render();
    } else this.showError(result.error);
    this.input.focus();
  }

  showError(sentence) {
    this.error.textContent = sentence ?? "";
    this.error.hidden = !sentence;
  }

  /** Mutes a message's sender: a player through the server (for this player everywhere), else in this page. */
  async mute(message) {
    const key = senderKey(message);
    if (message.player !== null) {
      const result = await request("/api/players/me/mute", { method: "POST", body: { player: message.player, muted: true } });
      // a page without a player (403) mutes him here only
      if (!result.ok && result.status !== 403) {
        this.showError(result.error);
        return;
      }
    }
    this.muted.set(key, message.name);
    this.render();
  }

  async unmute(key) {
    if (key.startsWith("player:")) {
      const player = Number(key.slice("player:".length));
      const result = await request("/api/players/me/mute", { method: "POST", body: { player, muted: false } });
      if (!result.ok && result.status !== 403) {
        this.showError(result.error);
        return;
      }
      // the server left his messages out meanwhile: read them all again
      this.messages.clear();
      this.muted.delete(key);
      await this.load();
      return;
    }
    this.muted.delete(key);
    this.render();
  }

  isOwn(message) {
    return this.mine.has(message.number) || (this.view?.seat !== null && this.view?.seat === message.seat);
  }

  render() {
    const shown = [...this.messages.values()]
      .filter((message) => !this.muted.has(senderKey(message)))
      .sort((a, b) => a.number - b.number);
    const atBottom = this.list.scrollTop + this.list.clientHeight >= this.list.scrollHeight - 4;
    fill(this.list, shown.map((message) => this.item(message)));
    if (atBottom) this.list.scrollTop = this.list.scrollHeight;
    this.renderForm();
    this.renderMuted();
  }

  /** The box to write in, or why this page may not. */
  renderForm() {
    const writable = this.canWrite;
    this.form.hidden = !writable;
    this.note.hidden = writable || !this.view;
    this.note.textContent = t("Only the people at the seats chat at this table.");
  }

  /** The senders muted here, each to hear again. */
  renderMuted() {
    this.mutedList.hidden = this.muted.size === 0;
    fill(
      this.mutedList,
      this.muted.size ? h("span", { class: "muted" }, t("Muted:")) : null,
      [...this.muted.entries()].map(([key, name]) => h(
        "span", { class: "chat-muted-sender" }, name, " ",
        h("button", { type: "button", "data-testid": "chat-unmute", "aria-label": t("Hear {name} again", { name }), onclick: () => this.unmute(key) }, t("Hear again")),
      )),
    );
  }

  item(message) {
    const own = this.isOwn(message);
    return h(
      "li",
      { "data-testid": "chat-message", "data-number": message.number, "data-seat": message.seat ?? "", "data-move": message.move_number, class: own ? "own" : null },
      h("span", { class: "chat-name", "data-testid": "chat-name" }, message.name), " ",
      h("span", { class: "chat-text", "data-testid": "chat-text" }, message.text),
      own ? null : h("button", {
        type: "button", class: "chat-mute", "data-testid": "chat-mute", title: t("Mute {name}", { name: message.name }),
        "aria-label": t("Mute {name}", { name: message.name }), onclick: () => this.mute(message),
      }, t("Mute")),
    );
  }
}

/**
 * The replay's chat: `messages` (GET /api/tables/{id}/chat) sent up to move
 * `moveNumber` of `total`, those sent at it marked; the panel is hidden when the table has none.
 */
export function renderReplayChat(panel, list, messages, moveNumber, total) {
  panel.hidden = messages.length === 0;
  const at = (message) => Math.min(message.move_number, total);
  fill(list, messages.filter((message) => at(message) <= moveNumber).map((message) => h(
    "li",
    { "data-testid": "replay-chat-message", "data-move": message.move_number, "data-current": String(at(message) === moveNumber) },
    h("span", { class: "chat-name" }, message.name), " ",
    h("span", { class: "chat-text" }, message.text), " ",
    h("span", { class: "muted" }, t("(move {number})", { number: message.move_number })),
  )));
  const current = list.querySelector('[data-current="true"]');
  if (current) current.scrollIntoView({ block: "nearest" });
  else list.scrollTop = list.scrollHeight;
}
