// The display name a person shows at the tables (docs/web.md, "Names and
// seats"): kept in this browser's localStorage, asked for by the lobby when
// creating a table and by a seat's page when none is kept, changed on either.

const KEY = "parlour:name";

/** The name kept in this browser, or "" when none. */
export function storedName() {
  try {
    return localStorage.getItem(KEY) ?? "";
  } catch {
    return "";
  }
}

/** Keeps `name` in this browser (a blank name is forgotten). */
export function keepName(name) {
  try {
    if (name.trim()) localStorage.setItem(KEY, name.trim());
    else localStorage.removeItem(KEY);
  } catch {
    // storage refused (a private window's quota): the name holds for this page only
  }
}
