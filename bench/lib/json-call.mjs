/**
 * `call(method, url, body?, token?, headers?)`: one JSON request to the platform's API (`url` a
 * path under `api`, or a whole URL such as a sandbox's); the parsed answer, or an Error naming
 * the request and the status. Shared by the benchmarks.
 */
export function jsonCaller(api) {
  return async function call(method, url, body, token, headers = {}) {
    const response = await fetch(url.startsWith('http') ? url : api + url, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
}
