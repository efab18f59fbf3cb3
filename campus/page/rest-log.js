// The side panel listing the REST calls the campus answered, polled from /host/log.

function renderEntry(entry) {
  const item = document.createElement("li");
  item.className = entry.status >= 400 ? "log__entry log__entry--error" : "log__entry";
  item.dataset.testid = "rest-log-entry";
  item.dataset.status = String(entry.status);
  if (entry.code) item.dataset.code = entry.code;
  const cells = [
    ["log__method", entry.method],
    ["log__path", entry.path],
    ["log__status", entry.fault === "drop" ? `${entry.status} dropped` : String(entry.status)],
    ["log__code", entry.code ?? ""],
    ["log__who", entry.username ? `@${entry.username}` : ""],
    ["log__time", new Date(entry.at).toLocaleTimeString()],
  ];
  for (const [className, text] of cells) {
    const cell = document.createElement("span");
    cell.className = className;
    cell.textContent = text;
    item.append(cell);
  }
  if (entry.fault) item.title = `Injected fault: ${entry.fault}`;
  return item;
}

export function startRestLog(list, { intervalMs, callHost }) {
  let newestId = null;

  async function refresh() {
    try {
      const { entries } = await callHost("GET", "/host/log");
      const newest = entries[0] ? `${entries[0].id}@${entries[0].at}` : null;
      if (newest === newestId) return;
      newestId = newest;
      list.replaceChildren(...entries.map(renderEntry));
      if (entries.length === 0) list.append(Object.assign(document.createElement("li"), { className: "log__empty", textContent: "No REST calls yet." }));
    } catch {
      // The next poll retries; the log is a view, not a source of truth.
    }
  }

  refresh();
  setInterval(refresh, intervalMs);
  return { refresh };
}
