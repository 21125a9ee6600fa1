// The page's calls to the sandbox server. Refusals come back as `{ error }` with a sentence to show.

async function call(path, init) {
  const response = await fetch(path, init);
  let body = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) return { ok: false, error: body?.error ?? `The sandbox answered ${response.status}.` };
  return body;
}

export const getJson = (path) => call(path);

export const postJson = (path, body) => call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/**
 * Server-sent events for one player. The browser reconnects by itself; `hello` arrives on every
 * (re)connection, so the page can reload what it missed.
 * @param {string} viewer
 * @param {Record<string, (data: any) => void>} handlers
 */
export function subscribe(viewer, handlers) {
  const source = new EventSource(`/api/events?viewer=${encodeURIComponent(viewer)}`);
  for (const [event, handle] of Object.entries(handlers)) {
    if (event === 'error') source.addEventListener('error', () => handle(null));
    else source.addEventListener(event, (e) => handle(JSON.parse(e.data)));
  }
  return () => source.close();
}
