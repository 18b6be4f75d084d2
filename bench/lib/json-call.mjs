import http from 'node:http';

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

/**
 * `post(path, body)`: a JSON POST to `baseUrl` over keep-alive connections (node:http), for a
 * benchmark's hot loop: fetch costs several times its CPU per request, spent on the machine the
 * benchmark measures. Resolves on a 2xx answer, else rejects with an Error naming the status.
 */
export function jsonPoster(baseUrl, { sockets = 64 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const { hostname, port } = new URL(baseUrl);
  const post = (path, body) =>
    new Promise((resolve, reject) => {
      const text = JSON.stringify(body);
      const req = http.request(
        {
          hostname,
          port,
          path,
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
        },
        (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => {
            if (res.statusCode >= 200 && res.statusCode < 300) resolve();
            else reject(new Error(`POST ${path}: ${res.statusCode} ${Buffer.concat(chunks).toString()}`));
          });
        },
      );
      req.on('error', reject);
      req.end(text);
    });
  post.close = () => agent.destroy();
  return post;
}
