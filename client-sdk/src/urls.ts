/**
 * URL helpers shared by the client and its tests. No Node-only imports: this runs in browsers too.
 */

/** The WebSocket URL {@link connect} uses when none is given: a server started with `npm start`. */
export const DEFAULT_SERVER_URL = "ws://127.0.0.1:2567";

/**
 * The HTTP base URL of a Malignus server, derived from the URL a client connects to:
 * `ws:` becomes `http:`, `wss:` becomes `https:`, `http:`/`https:` stay; host, port and path
 * are kept; a trailing slash, the query string and the fragment are dropped.
 *
 * @param serverUrl `ws://`, `wss://`, `http://` or `https://` URL of the server.
 * @returns The base URL, without a trailing slash (append `/rooms`, `/health`…).
 * @throws TypeError when `serverUrl` is not an absolute URL with one of those four schemes.
 *
 * @example
 * httpBaseUrl("ws://127.0.0.1:2567");        // "http://127.0.0.1:2567"
 * httpBaseUrl("wss://play.example.org/game/"); // "https://play.example.org/game"
 */
export function httpBaseUrl(serverUrl: string): string {
  let url: URL;
  try {
    url = new URL(serverUrl);
  } catch {
    throw new TypeError(`Malignus server URL "${serverUrl}" is not an absolute URL (expected ws://host:port).`);
  }
  const scheme = HTTP_SCHEME_OF[url.protocol];
  if (scheme === undefined) {
    throw new TypeError(`Malignus server URL "${serverUrl}" has scheme "${url.protocol}"; expected ws:, wss:, http: or https:.`);
  }
  const path = url.pathname.replace(/\/+$/, "");
  return `${scheme}//${url.host}${path}`;
}

/** HTTP scheme for each accepted server URL scheme. */
const HTTP_SCHEME_OF: Readonly<Record<string, "http:" | "https:">> = {
  "ws:": "http:",
  "wss:": "https:",
  "http:": "http:",
  "https:": "https:",
};
