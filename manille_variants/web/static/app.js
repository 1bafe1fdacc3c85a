// manille_variants web app: small hand-written scripts for the pages (no libraries).
// Text from the server is always put in with textContent, never as HTML.
"use strict";

const $ = (selector, root = document) => root.querySelector(selector);
const $$ = (selector, root = document) => Array.from(root.querySelectorAll(selector));
const WORDS = (() => {
  const read = (id) => { const node = document.getElementById(id); return node ? JSON.parse(node.textContent) : {}; };
  return { ...read("common-words"), ...read("words") };
})();
const w = (key) => WORDS[key] || key;

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else if (key === "style") node.style.cssText = value; // a style attribute would break the CSP
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

async function api(method, url, body) {
  const options = { method, credentials: "same-origin", headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(url, options);
  const data = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) {
    const error = new Error(data.message || data.error || response.statusText);
    error.status = response.status;
    error.data = data;
    throw error;
  }
  return data;
}

function debounce(fn, ms) {
  let timer = null;
  return (...args) => { clearTimeout(timer); timer = setTimeout(() => fn(...args), ms); };
}

function newId() {
  const bytes = new Uint8Array(12);
  (window.crypto || window.msCrypto).getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };

function cardNode(text, attrs = {}) {
  const suit = text.slice(-1);
  const red = suit === "H" || suit === "D";
  return el("span", { class: "card" + (red ? " red" : ""), ...attrs }, text.slice(0, -1) + (SUITS[suit] || suit));
}

function factorList(factors) {
  if (!factors.length) return el("span", { class: "hint" }, " –");
  // The factor's name in the page's language where it has one (a call keeps its own name); its
  // reason on hover. `text` is the engine's sentence in the page's language (absent in English).
  return el("ul", { class: "factors" }, factors.map((f) => el("li", { title: f.text || f.reason },
    `×${f.value} ${WORDS["factor_" + f.name] || f.text || f.reason}`)));
}

// The lines under a deal's score: the engine's notes and the turned card's bonus, in the page's language.
function scoreNotes(score) {
  return [...(score.notes_text || score.notes || []), score.turned_text].filter(Boolean)
    .map((n) => el("p", { class: "hint" }, n));
}

// ------------------------------------------------------------------ editor
function editorPage() {
  const area = $("#yaml");
  const problems = $("#problems");
  const status = $("#status");
  let latest = 0;  // answers to an earlier text are dropped: they would undo newer form changes
  const check = async () => {
    const mine = ++latest;
    try {
      const answer = await api("POST", "/api/validate", { yaml: area.value });
      if (mine !== latest) return;
      problems.replaceChildren();
      if (answer.ok) {
        problems.append(el("p", { class: "ok" }, w("valid")));
        if (!form.busy()) form.show(answer.values);  // else a newer change is on its way to the server
      } else {
        problems.append(el("ul", {}, answer.problems.map((p) => el("li", {
          class: "problem", tabindex: "0", "data-line": p.line || "",
          onclick: () => goToLine(area, p.line, p.column),
        }, `${w("line")} ${p.line ?? "?"}, ${w("column")} ${p.column ?? "?"}: ${p.path ? p.path + ": " : ""}${p.text ?? p.message}`))));
      }
    } catch (error) {
      if (mine === latest) problems.replaceChildren(el("p", { class: "error" }, error.message));
    }
  };
  area.addEventListener("input", debounce(check, 350));
  const form = settingsForm(area, () => check());
  check();
  $("#save").addEventListener("click", async () => {
    status.textContent = "";
    try {
      const answer = await api("POST", "/api/rulesets", { yaml: area.value });
      status.replaceChildren(el("span", { class: "saved-mark" }, `✓ ${w("saved")}: `),
        el("a", { href: `/rulesets/${encodeURIComponent(answer.name)}` }, answer.name));
    } catch (error) {
      status.replaceChildren(el("span", { class: "error" }, error.message));
      check();
    }
  });
  $("#download").addEventListener("click", () => {
    const match = /^name:\s*["']?([a-z0-9-]+)/m.exec(area.value);
    const link = el("a", { href: URL.createObjectURL(new Blob([area.value], { type: "text/yaml" })),
      download: `${match ? match[1] : "ruleset"}.yaml` });
    document.body.append(link);
    link.click();
    link.remove();
  });
}

// The editor's form: one input per setting of the schema that a form can hold; a change sends
// the form's values to the server, which writes the YAML (the header, name, title and extends,
// plus every value that differs from the parent ruleset).
function settingsForm(area, changed) {
  const data = JSON.parse($("#form-data").textContent);
  const inputs = new Map();
  const sections = new Map();
  for (const field of data.fields) {
    if (!sections.has(field.section)) {
      const box = el("fieldset", { class: "form-section" }, el("legend", {}, field.section));
      sections.set(field.section, box);
      $("#form-fields").append(box);
    }
    let input;
    if (field.kind === "bool") {
      input = el("input", { type: "checkbox" });
    } else if (field.kind === "choice") {
      const unset = field.nullable ? [el("option", { value: "" }, "–")] : [];
      input = el("select", {}, [...unset, ...field.choices.map((c) => el("option", { value: c }, c))]);
    } else {
      input = el("input", { type: "number", min: "0", inputmode: "numeric", placeholder: field.nullable ? "–" : "" });
    }
    input.dataset.path = field.path;
    input.addEventListener("change", rewrite);
    inputs.set(field.path, { field, input });
    sections.get(field.section).append(el("label", { class: "form-field", title: field.description },
      el("span", {}, field.path.split(".").slice(1).join(".")), input));
  }
  const read = ({ field, input }) => {
    if (field.kind === "bool") return input.checked;
    if (field.kind === "int") return input.value === "" ? (field.nullable ? null : 0) : Number(input.value);
    if (input.value === "") return field.nullable ? null : "";
    if (input.value === "true" || input.value === "false") return input.value === "true";
    return /^\d+$/.test(input.value) ? Number(input.value) : input.value;
  };
  let asked = 0, done = 0;  // an answer to an earlier change is dropped: a newer one is on its way
  async function rewrite() {
    const mine = ++asked;
    const settings = {};
    for (const [path, entry] of inputs) settings[path] = read(entry);
    try {
      const answer = await api("POST", "/api/rulesets/yaml", { yaml: area.value, values: settings, parent: data.parent });
      if (mine !== asked) return;
      done = mine;
      area.value = answer.yaml;
      changed();
    } catch (error) {
      if (mine !== asked) return;
      done = mine;
      $("#problems").replaceChildren(el("p", { class: "error" }, error.message));
    }
  }
  return {
    busy: () => done !== asked,
    show(values) {
      if (!values) return;
      for (const [path, { field, input }] of inputs) {
        const value = values[path];
        if (field.kind === "bool") input.checked = Boolean(value);
        else input.value = value === null || value === undefined ? "" : String(value);
      }
    },
  };
}

function goToLine(area, line, column) {
  if (!line) return;
  const lines = area.value.split("\n");
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
  offset += Math.max(0, (column || 1) - 1);
  area.focus();
  area.setSelectionRange(offset, offset);
}

// ------------------------------------------------------------------ score
function scorePage() {
  const form = $("#score-form");
  const out = $("#results");
  const run = async (event) => {
    if (event) event.preventDefault();
    const data = new FormData(form);
    const body = {
      rulesets: data.getAll("rulesets"), mode: data.get("mode"),
      points: Number(data.get("points")), tricks: Number(data.get("tricks")),
      calls: Number(data.get("calls")), pending_ties: Number(data.get("pending_ties")),
      last_trick: data.get("last_trick") || null, turned: data.get("turned") || null,
    };
    try {
      const answer = await api("POST", "/api/score", body);
      out.replaceChildren(el("table", { class: "list cross" },
        el("thead", {}, el("tr", {}, el("th", {}, ""), answer.results.map((r) => el("th", {}, r.ruleset)))),
        el("tbody", {},
          el("tr", {}, el("th", {}, `${w("match_points")} A`), answer.results.map((r) => el("td", { class: "num" }, r.error ? "" : r.team_a))),
          el("tr", {}, el("th", {}, `${w("match_points")} B`), answer.results.map((r) => el("td", { class: "num" }, r.error ? "" : r.team_b))),
          el("tr", {}, el("th", {}, w("factor")), answer.results.map((r) => el("td", { class: "num" }, r.error ? "" : `×${r.factor}${r.tied ? " (" + w("tie") + ")" : ""}`))),
          el("tr", {}, el("th", {}, w("factors")), answer.results.map((r) => el("td", {}, r.error ? el("span", { class: "error" }, r.message || r.error) : factorList(r.factors)))),
          el("tr", {}, el("th", {}, w("notes")), answer.results.map((r) => el("td", { class: "notes" }, r.error ? "" : scoreNotes(r.breakdown)))),
        )));
    } catch (error) {
      out.replaceChildren(el("p", { class: "error" }, error.message));
    }
  };
  form.addEventListener("submit", run);
  form.addEventListener("change", run);
  if (!out.querySelector("table")) run();  // a score link's result, computed by the server, stays
}

// ------------------------------------------------------------------ sheets (list)
function sheetsPage() {
  $("#new-sheet").addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.target));
    try {
      const sheet = await api("POST", "/api/sheets", data);
      location.href = `/sheets/${sheet.id}`;
    } catch (error) {
      $("#new-error").textContent = error.message;
    }
  });
  $("#import-file").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    if (!file) return;
    try {
      const sheet = await api("POST", "/api/sheets/import", { sheet: JSON.parse(await file.text()) });
      location.href = `/sheets/${sheet.id}`;
    } catch (error) {
      $("#import-error").textContent = error.message;
    }
  });
}

// ------------------------------------------------------------------ one sheet
// A deal's fast-entry fields in ``form`` (the add form, the correction dialog), sent as they are:
// the server writes the entry (team A's figures), refuses what cannot be, and works out the other
// side's figures, shown in ``other``.  The page never reads or writes the entry's grammar.
function dealFields(form, other) {
  const f = (name) => form.elements[name];
  let turned = null;  // the turned card of a deal being corrected: no field edits it, it is kept
  const thrown = () => f("mode").value === "thrown-in";
  const number = (name) => Number(f(name).value);
  return {
    values() {  // the fields for the server, or null while a figure is missing
      if (thrown()) return { mode: "thrown-in" };
      if (f("points").value === "" || f("tricks").value === "") return null;
      return {
        mode: f("mode").value, side: f("side").value, points: number("points"), tricks: number("tricks"),
        calls: f("calls") ? number("calls") : 0, last: f("last") ? f("last").value || null : null, turned,
      };
    },
    showOther(answer) {  // the other side's figures, as the server worked them out
      f("points").disabled = thrown();
      f("tricks").disabled = thrown();
      const o = answer && answer.other;
      other.textContent = o ? `${w("other_side")} (${o.side}): ${o.points} ${w("points").toLowerCase()}, ${o.tricks} ${w("tricks").toLowerCase()}` : "";
    },
    fill(fields) {  // a deal's fields as the server read its entry (team A's figures)
      turned = fields.turned;
      f("mode").value = fields.mode;
      f("side").value = "A";
      f("points").value = fields.mode === "thrown-in" ? "" : fields.points;
      f("tricks").value = fields.mode === "thrown-in" ? "" : fields.tricks;
      if (f("calls")) f("calls").value = String(fields.calls);
      if (f("last")) f("last").value = fields.last || "";
      this.showOther(null);
    },
  };
}

// ``fn`` again after a network failure (a bad connection at the table), up to five times.
async function retried(fn) {
  for (let attempt = 0; ; attempt++) {
    try { return await fn(); } catch (error) {
      if (error.status || attempt >= 4) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * (attempt + 1)));
    }
  }
}

function sheetPage() {
  let sheet = JSON.parse($("#sheet-data").textContent);
  const form = $("#deal-form");
  const saved = $("#saved");
  const by = $("#by");
  by.value = localStorage.getItem("manille.by") || "";
  by.addEventListener("change", () => localStorage.setItem("manille.by", by.value));
  let pending = null; // {id, entry}: a deal being sent (a retry keeps its id)

  const markSaving = () => { saved.textContent = `… ${w("saving")}`; saved.className = "saved busy"; };
  const markSaved = () => { saved.textContent = `✓ ${w("saved")}`; saved.className = "saved"; };

  const entry = dealFields(form, $("#other"));
  const watched = watchEntry(form, entry, $("#entry-error"), $("#add"), () => null);
  const setProblem = watched.show;

  async function send(method, url, body) {
    markSaving();
    try {
      const answer = await retried(() => api(method, url, body));
      render(answer);
      return answer;
    } finally { markSaved(); }
  }

  // The outbox: deals typed while the host is out of reach, kept on the phone (localStorage)
  // with the id made here, and sent in order when it is back (the id keeps a resent deal single).
  const outboxKey = `manille.outbox.${sheet.id}`;
  const outbox = {
    items: () => { try { return JSON.parse(localStorage.getItem(outboxKey)) || []; } catch (error) { return []; } },
    save: (items) => { if (items.length) localStorage.setItem(outboxKey, JSON.stringify(items)); else localStorage.removeItem(outboxKey); },
    add(item) { this.save([...this.items(), item]); },
    drop(id) { this.save(this.items().filter((i) => i.id !== id)); },
  };
  let flushing = false;
  async function flush() {
    if (flushing) return;
    flushing = true;
    try {
      for (const item of outbox.items()) {
        try {
          render(await api("POST", `/api/sheets/${sheet.id}/deals`, { fields: item.fields, id: item.id, by: item.by }));
          outbox.drop(item.id);
          markOnline(true);
        } catch (error) {
          // Still out of reach, or not answering well (a server error, no access, too many): later.
          if (!error.status || error.status >= 500 || [401, 403, 429].includes(error.status)) { markOnline(Boolean(error.status)); break; }
          outbox.drop(item.id);  // refused by the host (the sheet changed meanwhile): say why
          setProblem(`${w("not_sent")}: ${error.message}`);
        }
      }
    } finally {
      flushing = false;
      showWaiting();
    }
  }
  function markOnline(online) { $("#offline").hidden = online; }
  function showWaiting() {
    const count = outbox.items().length;
    $("#waiting").hidden = count === 0;
    $("#waiting").textContent = `↻ ${count} ${w("waiting")}`;
    saved.hidden = count > 0;
    if (sheet) drawPending();
  }
  function keep(values) {
    outbox.add({ id: pending ? pending.id : newId(), fields: values, by: by.value });
    pending = null;
    markOnline(false);
    showWaiting();
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const values = entry.values();
    if (!values) return;
    if (outbox.items().length) {  // deals are waiting: this one goes after them, in order
      keep(values);
      clearForm();
      flush();
      return;
    }
    try {
      let checked;
      try { checked = await watched.check(); } catch (error) {
        if (error.status) throw error;
        keep(values);  // the host is out of reach: the deal waits on the phone
        clearForm();
        return;
      }
      if (!checked || !checked.ok) return;
      const text = checked.entry;
      if (!pending || pending.entry !== text) pending = { id: newId(), entry: text };
      try {
        await send("POST", `/api/sheets/${sheet.id}/deals`, { entry: text, id: pending.id, by: by.value });
      } catch (error) {
        if (error.status) throw error;
        keep(values);
        clearForm();
        return;
      }
      pending = null;
      markOnline(true);
      clearForm();
    } catch (error) { setProblem(error.message); }
  });
  function clearForm() {
    $("#points").value = ""; $("#tricks").value = "";
    entry.showOther(null); setProblem(null);
    $("#points").focus();
  }

  $("#names-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = new FormData(event.target);
    // A name per seat where each player keeps a score: every one or none.
    const players = form.getAll("player").map((name) => name.trim());
    form.delete("player");
    const names = sheet.per_player ? { player_names: players.some(Boolean) ? players : [] } : {};
    try { await send("PUT", `/api/sheets/${sheet.id}`, { ...Object.fromEntries(form), ...names, by: by.value }); }
    catch (error) { setProblem(error.message); }
  });

  // A removal (the undo of the last deal, or a deal's Remove) can itself be undone: the toast
  // offers it for a while, and the history keeps a "put it back" for every removed deal.
  const who = () => encodeURIComponent(by.value);
  let toastTimer = null;
  function offerRestore(answer) {
    const removal = answer.history.filter((c) => c.action === "remove" && c.restorable).pop();
    if (!removal) return;
    $("#toast-text").textContent = `${w("deal_removed")}: ${w("deal").toLowerCase()} ${removal.number}`;
    $("#toast").dataset.removal = removal.id;
    $("#toast").hidden = false;
    $("#toast").scrollIntoView({ block: "nearest" });
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { $("#toast").hidden = true; }, 30000);
  }
  async function restore(removal) {
    $("#toast").hidden = true;
    try { await send("POST", `/api/sheets/${sheet.id}/restore`, { removal: Number(removal), by: by.value }); }
    catch (error) { setProblem(error.message); }
  }
  $("#toast-undo").addEventListener("click", () => restore($("#toast").dataset.removal));
  $("#undo").addEventListener("click", async () => {
    try { offerRestore(await send("DELETE", `/api/sheets/${sheet.id}/deals/last?by=${who()}`)); }
    catch (error) { setProblem(error.message); }
  });

  // The correction dialog: the add form's fields, filled from the deal, with the same refusals.
  const dialog = $("#detail");
  const detailForm = $("#detail-form");
  const detailEntry = dealFields(detailForm, $("#detail-other"));
  let detailNumber = null;
  const detailWatched = watchEntry(detailForm, detailEntry, $("#detail-error"), $("#detail-save"),
    () => detailNumber);
  const setDetailProblem = detailWatched.show;
  function openDetail(row) {
    detailNumber = row.number;
    const s = row.score;
    $("#detail-body").replaceChildren(
      el("h3", {}, `${w("deal")} ${row.number}: ${row.contract} (${row.entry})`),
      el("p", {}, `${w("points")}: A ${s.card_points[0]} · B ${s.card_points[1]}; ${w("tricks")}: A ${s.tricks[0]} · B ${s.tricks[1]}`),
      el("p", {}, `${w("match_points")}: ${row.points.map((p, i) => `${sheet.columns[i].key} ${p}`).join(" · ")}${row.tied ? " (" + w("tie") + ")" : ""}`),
      el("div", {}, el("b", {}, `${w("factors")} ×${row.factor}`), factorList(row.factors)),
      scoreNotes(s),
      row.by ? el("p", { class: "hint" }, `${w("by")} ${row.by}, ${row.at}`) : null,
    );
    detailEntry.fill(row.fields);
    setDetailProblem(null);
    if (dialog.showModal) dialog.showModal(); else dialog.setAttribute("open", "");
  }
  detailForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const checked = await retried(detailWatched.check);
      if (!checked || !checked.ok) return;
      await send("PUT", `/api/sheets/${sheet.id}/deals/${detailNumber}`, { entry: checked.entry, by: by.value });
      dialog.close();
    } catch (error) { setDetailProblem(error.message); }
  });
  $("#detail-remove").addEventListener("click", async () => {
    try {
      const answer = await send("DELETE", `/api/sheets/${sheet.id}/deals/${detailNumber}?by=${who()}`);
      dialog.close();
      offerRestore(answer);
    } catch (error) { $("#detail-error").textContent = error.message; }
  });
  $("#detail-close").addEventListener("click", () => dialog.close());

  // Refusals as you type: the server's check of the fields against the whole sheet, which
  // also writes the entry and the other side's figures.  ``check`` answers the server's
  // ``{ok, error, message, entry, other}`` (null while a figure is missing).
  function watchEntry(root, fields, errorNode, button, number) {
    const show = (message) => { errorNode.textContent = message || ""; button.disabled = Boolean(message); };
    let asked = 0;  // an answer to older fields is dropped
    async function check() {
      const mine = ++asked;
      const values = fields.values();
      if (!values) { fields.showOther(null); show(null); return null; }
      let answer;
      try {
        answer = await api("POST", `/api/sheets/${sheet.id}/check`, { fields: values, number: number() });
      } catch (error) {
        if (error.status && mine === asked) show(error.message);
        throw error;
      }
      if (mine === asked) { fields.showOther(answer); show(answer.ok ? null : answer.message || answer.error); }
      return answer;
    }
    const later = debounce(() => check().catch(() => { /* offline: the send will say */ }), 250);
    root.addEventListener("input", later);
    root.addEventListener("change", later);
    return { show, check };
  }

  // The contract in the page's language, from the fields the server read: "H 38 5 1" -> "♥ Ik ga mee".
  function contractLabel(fields) {
    const red = fields.mode === "H" || fields.mode === "D";
    const head = el("span", { class: red ? "red" : "" }, SUITS[fields.mode] || w(fields.mode));
    return fields.calls ? el("span", {}, head, ` · ${sheet.settings.calls[fields.calls - 1]}`) : head;
  }

  function render(next) {
    const changed = next.revision !== sheet.revision;
    sheet = next;
    // A name per score column: the team's name (or A, B), or "Seat N" where each player keeps a score.
    const names = Object.fromEntries(sheet.columns.map((c) => [c.key, c.name || (c.seat === null ? c.key : `${w("seat")} ${c.seat}`)]));
    for (const c of sheet.columns) {
      const key = c.key.toLowerCase();
      for (const id of [`#name-${key}`, `#head-${key}`]) { const node = $(id); if (node) node.textContent = names[c.key]; }
    }
    if (!sheet.per_player) {
      for (const side of [$("#side"), $("#detail-side")]) {
        side.options[0].textContent = `${names.A} (A)`;
        side.options[1].textContent = `${names.B} (B)`;
      }
    }
    const standing = (key, score, left) => el("div", { class: "team" + (sheet.winner_key === key ? " won" : "") },
      el("span", { class: "name" }, names[key]), el("b", { class: "total", "data-team": key }, score),
      el("span", { class: "hint" }, `${left} ${w("to_target")}`));
    const facts = [];
    if (sheet.pending_factor > 1) facts.push(`${w("pending_factor")}: ×${sheet.pending_factor} (${sheet.pending_ties} ${w("tie")})`);
    if (sheet.best_of) facts.push(`${w("boams")}: ${sheet.columns.map((c) => `${names[c.key]} ${sheet.boams[c.key]}`).join(" · ")}`);
    if (sheet.next_dealer_key) facts.push(`${w("next_dealer")}: ${names[sheet.next_dealer_key]}`);
    const parts = [...sheet.columns.map((c, i) => standing(c.key, sheet.scores[i], sheet.to_target[i])),
      el("p", { class: "facts" }, facts.join(" · "))];
    if (sheet.winner_key) parts.push(el("p", { class: "winner" }, `${w("winner")}: ${names[sheet.winner_key]}`));
    $("#standings").replaceChildren(...parts);
    $("#deals tbody").replaceChildren(...sheet.rows.slice().reverse().map((row) => el("tr", {
      class: "deal-row", tabindex: "0", "data-number": row.number, onclick: () => openDetail(row),
      onkeydown: (e) => { if (e.key === "Enter") openDetail(row); },
    },
      el("td", {}, row.number), el("td", { class: "dealer" }, names[row.dealer_key] || row.dealer),
      el("td", { class: "contract", title: row.contract }, contractLabel(row.fields),
        row.card_points ? [el("br"), el("small", { class: "cards" }, `${row.card_points[0]}–${row.card_points[1]}`)] : null),
      row.points.map((points, i) => el("td", { class: "num" }, points ? `${points > 0 ? "+" : ""}${points}` : "", el("br"), el("small", {}, row.totals[i]))),
      el("td", { class: "by" }, row.by, row.note ? [el("br"), el("small", { class: "hint" }, row.note)] : null))));
    drawPending();
    drawHistory();
    $("#add").disabled = Boolean(sheet.winner);
    if (changed) refreshChart();
  }

  // The deals waiting on the phone, above the stored ones, marked as such.
  function drawPending() {
    for (const row of $$("#deals tr.pending")) row.remove();
    const body = $("#deals tbody");
    for (const item of outbox.items()) {
      const f = item.fields;
      body.prepend(el("tr", { class: "pending", "data-id": item.id },
        el("td", {}, "…"), el("td", {}, ""),
        el("td", { class: "contract" }, contractLabel({ mode: f.mode, calls: f.calls }),
          f.mode === "thrown-in" ? null : [el("br"), el("small", {}, `${f.side}: ${f.points}`)]),
        el("td", { colspan: sheet.columns.length, class: "waiting" }, `↻ ${w("waiting")}`), el("td", { class: "by" }, item.by)));
    }
  }

  // Every change of the sheet, newest first, with who made it and when (in this phone's time).
  function drawHistory() {
    const time = (at) => new Date(at).toLocaleString(document.documentElement.lang, { dateStyle: "short", timeStyle: "short" });
    $("#changes").replaceChildren(...sheet.history.slice().reverse().map((c) => el("li", { "data-action": c.action },
      el("b", {}, c.by || w("someone")), " ", w(`change_${c.action}`),
      c.action !== "create" && c.action !== "describe" && c.number ? ` ${c.number}` : "",
      c.entry && c.action !== "create" ? el("code", {}, ` ${c.entry}`) : "",
      c.before ? el("span", { class: "hint" }, ` (${w("was")} ${c.before})`) : "",
      el("span", { class: "hint" }, ` · ${time(c.at)}`),
      c.restorable ? el("button", { type: "button", class: "secondary restore", onclick: () => restore(c.id) }, w("put_back")) : null)));
  }

  async function refreshChart() {
    try {
      const response = await fetch(`/sheets/${sheet.id}/chart.svg`, { credentials: "same-origin" });
      if (response.ok) {
        const doc = new DOMParser().parseFromString(await response.text(), "image/svg+xml");
        $("#chart").replaceChildren(document.importNode(doc.documentElement, true));
      }
    } catch (error) { /* the next poll tries again */ }
  }

  async function poll() {
    if (outbox.items().length) { await flush(); return; }
    try {
      const response = await fetch(`/api/sheets/${sheet.id}?since=${sheet.revision}`, { credentials: "same-origin" });
      if (response.status === 200) render(await response.json());
      markOnline(response.ok || response.status === 204);
    } catch (error) { markOnline(false); }
  }
  setInterval(poll, 2000);
  window.addEventListener("online", flush);
  render(sheet);
  showWaiting();
  flush();
}

// ------------------------------------------------------------------ play
// Where ``seat`` sits on the screen seen from ``you``, as the table is played: the seats are
// numbered clockwise round the table, and play goes round it by ``step`` (1: clockwise, so the
// next seat to play sits on your left; -1: counter-clockwise, the next one on your right).
// At other tables the seats sit round the felt in the same way: ``PLACES_AT[n]`` lists the
// places clockwise from yours.
const PLACES = ["south", "west", "north", "east"];
const PLACE_NAMES = { south: "you", west: "left", north: "partner", east: "right" };
const PLACES_AT = {
  2: ["south", "north"],
  3: ["south", "northwest", "northeast"],
  4: PLACES,
  5: ["south", "southwest", "northwest", "northeast", "southeast"],
  6: ["south", "southwest", "northwest", "north", "northeast", "southeast"],
};
function seatPlace(seat, you, step, seats = 4) {
  const turns = (((seat - you) * step) % seats + seats) % seats;  // how many turns after yours
  const clockwise = PLACES_AT[seats];
  const order = step === 1 ? clockwise : [clockwise[0], ...clockwise.slice(1).reverse()];
  return order[turns];
}

function playPage() {
  let game = null;
  const seatNames = {};
  $("#new-game").addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.target));
    data.seed = Number(data.seed);
    try {
      const view = await api("POST", "/api/play", data);
      location.assign(`/play/${view.id}`);  // the game's own page: it survives a restart, and can be shared
    } catch (error) { $("#play-error").textContent = error.message; }
  });
  async function act(action) {
    try {
      $("#play-error").textContent = "";
      show(await api("POST", `/api/play/${game.id}/act`, { action }));
    } catch (error) { $("#play-error").textContent = error.message; }
  }
  $("#next").addEventListener("click", async () => {
    try { show(await api("POST", `/api/play/${game.id}/next`, {})); } catch (error) { $("#play-error").textContent = error.message; }
  });
  // The page draws four seats; a game at another table redraws them, one a seat.
  function drawSeats(view) {
    if ($$(".seat").length === view.seats) return;
    for (const seat of $$(".seat")) seat.remove();
    const center = $("#contract");
    for (let number = 0; number < view.seats; number++) {
      center.before(el("div", { class: "seat", "data-seat": number }, el("span", {}), el("b", { class: "card-slot" }),
        el("small", { class: "layout" })));
    }
  }
  // A seat's name: at four seats where it sits (you, left, partner, right); at other tables
  // "Seat N", marked partner for this deal's teammates and dealer for the dealer.
  function seatName(view, number, place) {
    if (view.seats === 4 || number === view.seat) return w(PLACE_NAMES[place] || "you");
    const marks = [view.partners.includes(number) ? w("partner") : null, number === view.dealer ? w("dealer") : null];
    return [`${w("seat")} ${number}`, ...marks.filter(Boolean)].join(" · ");
  }
  function placeSeats(view) {
    drawSeats(view);
    $("#felt").dataset.seats = view.seats;
    for (const seat of $$(".seat")) {
      const number = Number(seat.dataset.seat);
      const place = seatPlace(number, view.seat, view.step, view.seats);
      seat.className = `seat ${place}`;
      seat.dataset.place = place;
      seatNames[seat.dataset.seat] = seatName(view, number, place);
      seat.querySelector("span").textContent = seatNames[seat.dataset.seat];
      const layout = seat.querySelector(".layout");
      // The layout's face-up cards (and how many lie covered) for the other seats; yours are in your hand.
      if (layout) {
        const up = number === view.seat ? [] : (view.face_up[number] || []);
        const down = view.face_down.length ? view.face_down[number] : 0;
        layout.replaceChildren(...up.map((card) => cardNode(card)), number !== view.seat && down ? ` +${down} ${w("face_down")}` : "");
      }
    }
  }
  // The name of each score column: the two teams, or each player where the dealer plays alone.
  function columnNames(view) {
    if (view.per_player) return view.scores.map((_, number) => number === view.seat ? w("you") : `${w("seat")} ${number}`);
    if (view.seats === 2) return [w("you"), w("opponents")];
    return [w(view.seats === 4 ? "us" : "your_team"), w("them")];
  }
  function scoreBoxes(view) {
    const names = columnNames(view);
    return view.scores.map((score, column) => el("div", { class: "team" }, el("span", { class: "name" }, names[column]),
      el("b", { class: "total", "data-team": view.per_player ? `seat-${column}` : ["us", "them"][column] }, score)));
  }
  function show(view) {
    game = view;
    $("#game").hidden = false;
    placeSeats(view);
    $("#record").href = `/api/play/${view.id}/record`;
    $("#scores").replaceChildren(...scoreBoxes(view));
    $("#game-facts").textContent = `${w("deal")} ${view.deal_number} · ${w("target")} ${view.target} · ${w(view.direction)}`;
    const contract = view.mode ? `${view.mode === "trump" ? w("trump") + " " + SUITS[view.trump] : w(view.mode)}${view.calls.length ? " · " + view.calls.join(", ") : ""}` : "";
    const turned = view.turned ? ` · ${w("turned")} ${view.turned}${view.turned_on_table ? ` (${w("on_table")})` : ""}` : "";
    const undealt = view.undealt.length ? el("span", { class: "undealt" }, ` ${w("undealt_cards")}: `, view.undealt.map((card) => cardNode(card))) : "";
    $("#contract").replaceChildren(contract + turned, undealt);
    for (const seat of $$(".seat")) {
      const number = Number(seat.dataset.seat);
      const played = view.trick.find((t) => t.seat === number);
      const last = view.last_trick;
      const shown = played || (!view.trick.length && last ? { card: last.cards[last.seats.indexOf(number)] } : null);
      seat.classList.toggle("to-play", view.to_play === number);
      seat.querySelector(".card-slot").replaceChildren(shown && shown.card ? cardNode(shown.card) : "");
    }
    const button = (card) => {
      const legal = view.playing_cards && view.legal.includes(card);
      return el("button", { class: "card-button" + (legal ? " legal" : ""), "data-card": card,
        "aria-label": card + (legal ? " (legal)" : ""), onclick: () => view.playing_cards && act(card) }, cardNode(card));
    };
    // With a layout your face-up cards are played like your hand, shown in a row of their own.
    const faceUp = view.face_up.length ? view.face_up[view.seat] : [];
    $("#hand").replaceChildren(...view.hand.filter((card) => !faceUp.includes(card)).map(button));
    const layout = $("#your-layout");
    if (layout) {
      layout.hidden = !faceUp.length && !(view.face_down.length && view.face_down[view.seat]);
      $("#your-face-up").replaceChildren(...faceUp.map(button),
        view.face_down.length && view.face_down[view.seat] ? el("span", { class: "hint" }, ` +${view.face_down[view.seat]} ${w("face_down")}`) : "");
    }
    $("#choices").replaceChildren(...(view.your_turn && !view.playing_cards
      ? [el("span", {}, `${w("choose")}: `), ...view.legal.map((a) => el("button", { class: "choice", "data-action": a, onclick: () => act(a) }, actionLabel(view, a)))]
      : []));
    let message = view.deal_over ? w("deal_over") : view.to_play !== null ? `${seatNames[view.to_play]} ${w("to_play")}: ${w("phase_" + view.phase)}` : "";
    if (view.match_over) message = `${w("match_over")} ${view.per_player ? "" : w("team") + ": "}${columnNames(view)[view.winner]}`;
    $("#message").textContent = message;
    $("#next").hidden = !view.deal_over || view.match_over;
    const r = view.result;
    $("#result").replaceChildren(...(r ? [el("div", { class: "card result" },
      el("p", {}, `${w("points")}: ${r.card_points[0]} – ${r.card_points[1]} · ${w("tricks")}: ${r.tricks[0]} – ${r.tricks[1]}`),
      el("div", {}, el("b", {}, `${w("factors")} ×${r.factor}`), factorList(r.factors)),
      view.per_player ? el("p", {}, `${w("dealer_alone")}: ${w("match_points")} `,
        view.player_points.map((points, number) => `${number ? " · " : ""}${number === view.seat ? w("you") : w("seat") + " " + number} ${points > 0 ? "+" : ""}${points}`).join(""))
        : el("p", {}, `${w("match_points")}: ${r.team_a} – ${r.team_b}`),
      scoreNotes(r))] : []));
  }
  const saved = $("#game-data");
  if (saved) show(JSON.parse(saved.textContent));
}

function actionLabel(view, action) {
  const [kind, arg] = action.split(":");
  if (kind === "trump") return `${SUITS[arg] || arg} ${w("trump")}`;
  if (kind === "call") return view.call_labels[arg] || arg;
  return WORDS[`act_${action}`] || action;
}

// ------------------------------------------------------------------ compare
function comparePage() {
  $("#compare-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(event.target);
    const bar = $("#progress");
    $("#compare-error").textContent = "";
    $("#report").hidden = true;
    try {
      let job = await api("POST", "/api/compare", {
        rulesets: data.getAll("rulesets"), deals: Number(data.get("deals")), bots: data.get("bots") });
      bar.hidden = false;
      while (!job.finished) {
        bar.max = job.total; bar.value = job.done;
        $("#progress-text").textContent = `${job.done} / ${job.total}`;
        await new Promise((resolve) => setTimeout(resolve, 700));
        job = await api("GET", `/api/compare/${job.id}`);
      }
      bar.value = bar.max;
      $("#progress-text").textContent = `${job.total} / ${job.total}`;
      if (job.error) { $("#compare-error").textContent = job.message || job.error; return; }
      const report = $("#report");
      report.href = `/compare/${job.id}/report`;
      report.hidden = false;
      const frame = $("#report-frame");
      frame.src = report.href;
      frame.hidden = false;
    } catch (error) { $("#compare-error").textContent = error.message; }
  });
}

// ------------------------------------------------------------------ advice
function advisePage() {
  const form = $("#advise-form");
  const hand = form.elements.hand;
  const cards = () => hand.value.toUpperCase().split(/[\s,]+/).filter(Boolean);
  const mark = () => {
    const held = new Set(cards());
    for (const button of $$(".deck .card-button")) button.classList.toggle("held", held.has(button.dataset.card));
  };
  for (const button of $$(".deck .card-button")) {
    button.addEventListener("click", () => {
      const held = cards();
      const card = button.dataset.card;
      hand.value = (held.includes(card) ? held.filter((c) => c !== card) : [...held, card]).join(" ");
      mark();
    });
  }
  $("#clear-hand").addEventListener("click", () => { hand.value = ""; mark(); });
  hand.addEventListener("input", mark);
  mark();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const out = $("#advice");
    const error = $("#advise-error");
    error.textContent = "";
    out.replaceChildren(el("p", { class: "hint" }, w("searching")));
    try {
      const answer = await api("POST", "/api/advise", {
        ruleset: data.get("ruleset"), hand: data.get("hand"), score: data.get("score") || "0-0",
        pending_ties: Number(data.get("pending_ties") || 0), samples: Number(data.get("samples") || 24),
        seed: Number(data.get("seed") || 1), unseen: data.get("unseen") === "1" });
      const listed = (key, actions, cls) => (actions && actions.length
        ? el("p", { class: `hint ${cls}` }, `${w(key)} ${actions.map((a) => actionLabel({ call_labels: {} }, a)).join(", ")}`)
        : null);
      out.replaceChildren(adviceTable(answer), listed("not_searched", answer.not_searched, "not-searched"),
        listed("not_offered", answer.not_offered, "not-offered"), el("p", { class: "hint" }, w("net_points")));
    } catch (failure) {
      out.replaceChildren();
      error.textContent = failure.message;
    }
  });
}

function adviceTable(answer) {
  // One bar per choice: its 95% interval on a scale shared by every row, the mean marked.
  const finite = (x) => Number.isFinite(x);
  const ends = answer.choices.flatMap((c) => [c.low, c.high, c.mean, 0]).filter(finite);
  const lo = Math.min(...ends), hi = Math.max(...ends), span = hi - lo || 1;
  const at = (x) => `${(100 * (Math.min(Math.max(x, lo), hi) - lo) / span).toFixed(1)}%`;
  const bar = (c) => el("div", { class: "bar", "aria-hidden": "true" },
    el("span", { class: "zero", style: `left:${at(0)}` }),
    el("span", { class: "range", style: `left:${at(c.low)};width:calc(${at(c.high)} - ${at(c.low)})` }),
    el("span", { class: "mean", style: `left:${at(c.mean)}` }));
  const signed = (x) => (finite(x) ? (x >= 0 ? "+" : "") + x.toFixed(1) : "∞");
  return el("table", { class: "list advice" },
    el("thead", {}, el("tr", {}, el("th", {}, w("choice")), el("th", { class: "num" }, w("mean")),
      el("th", { class: "num" }, w("interval")), el("th", {}, ""))),
    el("tbody", {}, answer.choices.map((c) => {
      const best = c.action === answer.best;
      return el("tr", { class: best ? "best" : null, "data-action": c.action },
        el("td", {}, actionLabel({ call_labels: {} }, c.action), best ? el("b", { class: "best-mark" }, ` ★ ${w("best")}`) : null),
        el("td", { class: "num" }, signed(c.mean)),
        el("td", { class: "num" }, `${signed(c.low)} .. ${signed(c.high)}`),
        el("td", { class: "bar-cell" }, bar(c)));
    })));
}

// ------------------------------------------------------------------ analysis
function analyzePage() {
  const form = $("#analyze-form");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const file = form.elements.file.files[0];
    const out = $("#analysis");
    const error = $("#analyze-error");
    error.textContent = "";
    out.replaceChildren(el("p", { class: "hint" }, w("searching")));
    try {
      const body = { record: file ? await file.text() : form.elements.record.value, name: file ? file.name : "",
        ruleset: form.elements.ruleset.value };
      out.replaceChildren(...analysisNodes(await api("POST", "/api/analyze", body)));
    } catch (failure) {
      out.replaceChildren();
      error.textContent = failure.message;
    }
  });
}

function analysisNodes(answer) {
  // A row per deal, then its costly cards on a full-width row under it (narrow screens).
  const rows = answer.deals.flatMap((d) => [
    el("tr", { "data-deal": d.deal },
      el("td", { class: "num" }, d.deal), el("td", { class: "num" }, d.dealer),
      el("td", { class: "num" }, d.double_dummy === null ? w("no_card_played") : d.double_dummy),
      el("td", { class: "num" }, d.reached === null ? w("not_finished") : d.reached)),
    el("tr", { class: "costly" }, el("td", { colspan: 4 }, `${w("costly_cards")}: `, d.mistakes.length
      ? el("ul", { class: "mistakes" }, d.mistakes.map((m) => el("li", {},
        cardNode(m.card), ` ${w("seat")} ${m.seat}, ${w("trick")} ${m.trick}: −${m.cost}`)))
      : "–")),
  ]);
  const deals = el("table", { class: "list analysis" },
    el("thead", {}, el("tr", {}, [w("deal"), w("dealer"), w("double_dummy"), w("reached")].map((h) => el("th", {}, h)))),
    el("tbody", {}, rows));
  const seats = Object.entries(answer.seats);
  const totals = el("table", { class: "list seat-totals" },
    el("thead", {}, el("tr", {}, el("th", {}, w("seat")), seats.map(([seat]) => el("th", { class: "num" }, seat)))),
    el("tbody", {}, el("tr", {}, el("th", {}, w("cost")), seats.map(([seat, cost]) => el("td", { class: "num", "data-seat": seat }, cost)))));
  return [deals, el("h2", {}, w("seat_totals")), totals];
}

// ------------------------------------------------------------------ share
// The share button of a sheet or a game: a dialog with the page's address (carrying access)
// and its QR code, both made by the server.
function shareButtons() {
  for (const button of $$("[data-share]")) {
    const dialog = document.getElementById(button.dataset.share);
    button.addEventListener("click", () => { if (dialog.showModal) dialog.showModal(); else dialog.setAttribute("open", ""); });
    $(".share-close", dialog).addEventListener("click", () => dialog.close());
    const link = $("#share-url", dialog);
    link.addEventListener("focus", () => link.select());
    $("#share-copy", dialog).addEventListener("click", async () => {
      link.select();
      try { await navigator.clipboard.writeText(link.value); } catch (error) { document.execCommand("copy"); }
      $("#share-copy", dialog).textContent = `✓ ${w("copied")}`;
    });
  }
}

const PAGES = { editor: editorPage, score: scorePage, sheets: sheetsPage, sheet: sheetPage, play: playPage, compare: comparePage,
  advise: advisePage, analyze: analyzePage };
// Stored times are UTC (the server writes them with Babel, marked UTC); the page shows them in
// the viewer's own zone, written the way the page's language writes dates.
function localTimes(root = document) {
  const format = new Intl.DateTimeFormat(document.documentElement.lang || undefined,
    { dateStyle: "medium", timeStyle: "short" });
  for (const node of root.querySelectorAll("time[datetime]")) {
    const moment = new Date(node.getAttribute("datetime"));
    if (!Number.isNaN(moment.getTime())) node.textContent = format.format(moment);
  }
}

document.addEventListener("DOMContentLoaded", () => {
  // No inline handlers (the Content-Security-Policy runs this file only): wired up here.
  $$("select[data-submit-on-change]").forEach((select) => select.addEventListener("change", () => select.form.submit()));
  shareButtons();
  localTimes();
  const page = PAGES[document.body.dataset.page];
  if (page) page();
  // The installable app: its service worker keeps the pages for when the host is out of reach
  // (browsers allow it on https:// and on this machine, http://127.0.0.1 and localhost).
  if ("serviceWorker" in navigator && window.isSecureContext) navigator.serviceWorker.register("/sw.js").catch(() => {});
});
