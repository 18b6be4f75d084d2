import type { AuthResult } from '@atrium/contracts';

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** A browser-like HTTP client: bearer token after login, and a cookie jar for the refresh cookie. */
export class ApiClient {
  token?: string;
  /** 'manual' to read a redirect's Location instead of following it. */
  redirects: RequestRedirect = 'follow';
  private cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  async request<T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const init: RequestInit = { method, headers: { ...headers }, redirect: this.redirects };
    const requestHeaders = init.headers as Record<string, string>;
    if (this.token) requestHeaders.authorization = `Bearer ${this.token}`;
    if (this.cookies.size > 0) requestHeaders.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      requestHeaders['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const response = await fetch(this.baseUrl + path, init);
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      const expired = /expires=Thu, 01 Jan 1970/i.test(cookie) || value.join('=') === '';
      if (expired) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join('='));
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = unknown>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = unknown>(path: string, body?: unknown) {
    return this.request<T>('POST', path, body);
  }
  put<T = unknown>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, body);
  }
  delete<T = unknown>(path: string) {
    return this.request<T>('DELETE', path);
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Logs in and keeps the token; throws with the server's answer when it fails. */
  async login(email: string, password: string): Promise<AuthResult> {
    const response = await this.post<AuthResult>('/auth/login', { email, password });
    if (response.status !== 200) throw new Error(`login failed: ${response.status} ${JSON.stringify(response.body)}`);
    this.token = response.body.token;
    return response.body;
  }
}
