import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

/**
 * The API answers JSON (and media files), never a page: nothing in its responses may run,
 * load, embed or be embedded. Only the Swagger UI at /docs is a page, with its own scripts,
 * inline styles and data: images, all from this origin.
 */
export const API_CSP: Readonly<Record<string, string[]>> = {
  defaultSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
  frameAncestors: ["'none'"],
  sandbox: [],
};

export const DOCS_CSP: Readonly<Record<string, string[]>> = {
  defaultSrc: ["'none'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

const DOCS_PATH = /^\/+docs(\/|$)/i;

/** The Content-Security-Policy header of every response: the strict one, or the docs' one under /docs. */
export function contentSecurityPolicy(): (request: Request, response: Response, next: NextFunction) => void {
  const strict = helmet.contentSecurityPolicy({ useDefaults: false, directives: API_CSP });
  const docs = helmet.contentSecurityPolicy({ useDefaults: false, directives: DOCS_CSP });
  return (request, response, next) => (DOCS_PATH.test(request.path) ? docs : strict)(request, response, next);
}
