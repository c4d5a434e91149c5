// Saying when it is the viewer's turn while the page is in a background tab:
// the tab title gains a mark, and an optional sound (off until the player
// turns it on; the choice is kept in the browser) plays once each time the
// turn becomes his. The sound is a short WebAudio beep: no audio file.
//
// Stable hooks for end-to-end tests:
//   document.title                 starts with TITLE_MARK while it is the viewer's turn
//   data-testid="turn-sound"       the sound's checkbox; data-beeps counts the beeps played

import { t } from "./i18n.js";

/** What the tab title starts with while it is the viewer's turn (in the page's language). */
export const TITLE_MARK = `▶ ${t("Your turn")} — `;

const SOUND_KEY = "parlour.turnSound";

/** The page's title, marked while it is the viewer's turn. */
export function markedTitle(title, myTurn) {
  return myTurn ? `${TITLE_MARK}${title}` : title;
}

function storedChoice() {
  try {
    return window.localStorage.getItem(SOUND_KEY) === "on";
  } catch {
    return false; // storage refused (private mode): the sound stays off
  }
}

function storeChoice(on) {
  try {
    window.localStorage.setItem(SOUND_KEY, on ? "on" : "off");
  } catch {
    // storage refused: the choice holds for this page only
  }
}

/**
 * The turn sound: its checkbox, and the beep when the turn becomes the
 * viewer's. The first view a page shows is not a change of turn (a reload
 * does not beep).
 */
export class TurnSound {
  constructor(checkbox) {
    this.checkbox = checkbox;
    this.audio = null;
    this.wasMine = null;
    checkbox.checked = storedChoice();
    checkbox.dataset.beeps = "0";
    checkbox.addEventListener("change", () => {
      storeChoice(checkbox.checked);
      // a browser lets a page make sound after a click on it: get ready now
      if (checkbox.checked) this.context()?.resume();
    });
  }

  context() {
    const Audio = window.AudioContext ?? window.webkitAudioContext;
    if (!this.audio && Audio) this.audio = new Audio();
    return this.audio;
  }

  /** Follow the turn of a new view: beep if it has just become the viewer's. */
  update(myTurn) {
    if (myTurn && this.wasMine === false && this.checkbox.checked) this.beep();
    this.wasMine = myTurn;
  }

  beep() {
    this.checkbox.dataset.beeps = String(Number(this.checkbox.dataset.beeps) + 1);
    const audio = this.context();
    if (!audio) return;
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.frequency.value = 880;
    volume.gain.setValueAtTime(0.15, audio.currentTime);
    volume.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
    tone.connect(volume).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.25);
  }
}
