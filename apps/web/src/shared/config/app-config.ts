/** Version of this web app, shown in the drawer footer beside the server's (spec 000 section 9). */
export const APP_VERSION = '6.0.0';

declare global {
  interface Window {
    /** Written by public/config.js, which a deployment may replace without rebuilding. */
    ATRIUM_CONFIG?: { apiUrl?: string };
  }
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function buildTimeApiUrl(): string | undefined {
  const env = (import.meta as ImportMeta & { env?: Record<string, string | undefined> }).env;
  return env?.VITE_API_URL;
}

/**
 * Origin of the gateway (REST and socket.io). Order: runtime config.js, then VITE_API_URL at
 * build time, then this page's host on port 8080 (http://localhost:8080 when opened on localhost;
 * the same host name keeps the refresh cookie same-site).
 */
export function apiUrl(): string {
  const runtime = window.ATRIUM_CONFIG?.apiUrl?.trim();
  if (runtime) return withoutTrailingSlash(runtime);
  const built = buildTimeApiUrl()?.trim();
  if (built) return withoutTrailingSlash(built);
  const { protocol, hostname } = window.location;
  return `${protocol}//${hostname || 'localhost'}:8080`;
}

/** Public URL of an uploaded file the API stores under a media path. */
export function mediaUrl(mediaPath: string): string {
  return /^https?:\/\//.test(mediaPath) ? mediaPath : `${apiUrl()}/public/${mediaPath.replace(/^\/+/, '')}`;
}
