// A shared table's seat page: the live part is redrawn by the server at each change (pushed
// by Server-Sent Events, polled when they are not available); a tap sends the action.
"use strict";

(() => {
  const section = document.getElementById("live");
  if (!section) return;
  const id = section.dataset.table;
  const errorNode = document.getElementById("act-error");
  let shown = Number(section.dataset.revision);
  let busy = false;

  async function redraw() {
    if (busy) return;
    busy = true;
    try {
      const answer = await fetch(`/t/${id}?part=1`, { headers: { Accept: "text/html" } });
      if (answer.ok) {
        section.innerHTML = await answer.text();
        const live = section.querySelector(".live");
        if (live) shown = Number(live.dataset.revision);
      }
    } finally { busy = false; }
  }

  async function act(action) {
    errorNode.textContent = "";
    const answer = await fetch(`/api/tables/${id}/act`, {
      method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ action }),
    });
    if (!answer.ok) {
      const body = await answer.json().catch(() => ({}));
      errorNode.textContent = body.message || body.error || answer.statusText;
    }
    await redraw();
  }

  section.addEventListener("click", (event) => {
    const button = event.target.closest("button[name=action]");
    if (!button) return;
    event.preventDefault();
    act(button.value);
  });

  function poll() {
    setInterval(async () => {
      const answer = await fetch(`/api/tables/${id}?since=${shown}`, { headers: { Accept: "application/json" } });
      if (answer.status === 200) await redraw();
    }, 1500);
  }

  if (window.EventSource) {
    const events = new EventSource(`/api/tables/${id}/events`);
    events.addEventListener("table", (event) => {
      if (Number(event.lastEventId) !== shown) redraw();
    });
    events.onerror = () => { if (events.readyState === EventSource.CLOSED) poll(); };
  } else {
    poll();
  }
})();
