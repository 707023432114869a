// A broker's WebSocket address as the pages take it (ws://HOST:9001, wss://...): checked
// before connecting, so a wrong one is one sentence, not the browser's error or a link
// retried for ever. Shared by the watch page (online.js) and the seat (online_seat.js).

export function brokerUrl(text) {
  try {
    const u = new URL(text);
    return (u.protocol === "ws:" || u.protocol === "wss:") && Boolean(u.hostname);
  } catch {
    return false;    // not a URL at all, or its host or port cannot be one
  }
}

export function notABroker(text) {
  return `${JSON.stringify(text.slice(0, 60))} is not a broker's WebSocket address ` +
    "(e.g. ws://HOST:9001).";
}
