import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import { AppError, ErrorCode, isConversationMediaKey, TicketsSubjects } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { toStorageKey, type ObjectStorage } from '@atrium/storage';
import type { NextFunction, Request, Response } from 'express';
import { OBJECT_STORAGE } from '../media/media.tokens.js';
import { SocketAuthenticator } from '../realtime/socket-authenticator.js';

/** The access token of a media request: the bearer header (the web app reads media as blobs), or `?token=` for plain links. */
function tokenOf(request: Request): string | undefined {
  const header = request.get('authorization');
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim();
  return typeof request.query.token === 'string' ? request.query.token : undefined;
}

/**
 * Conversation media under `/public/<key>` (message attachments of customers and agents,
 * quick-message attachments: CONVERSATION_MEDIA_ROOTS) are served only to a logged-in user of
 * the key's company whom the tickets service lets read it: the ticket's viewers for message
 * media (canSeeTicket), the company's users for quick-message attachments. No token: 401;
 * expired token: 403 ERR_SESSION_EXPIRED; not allowed: 403 ERR_NO_PERMISSION; unknown: 404.
 * Other keys (announcement images) pass on to the public media controller.
 */
@Injectable()
export class ConversationMediaMiddleware implements NestMiddleware {
  constructor(
    @Inject(SocketAuthenticator) private readonly authenticator: SocketAuthenticator,
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async use(request: Request, response: Response, next: NextFunction): Promise<void> {
    const key = this.keyOf(request);
    if (key === null) return next();
    try {
      const actor = await this.authenticator.authenticate({ query: {}, auth: { token: tokenOf(request) } });
      const { allowed } = await this.rpc.request(TicketsSubjects.mediaAccess, { key }, { actor });
      if (!allowed) throw new AppError(ErrorCode.ERR_NO_PERMISSION);
      const stored = await this.storage.get(key);
      if (!stored) throw new AppError(ErrorCode.ERR_NOT_FOUND);
      response.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox");
      response.setHeader('Cache-Control', 'private, max-age=3600');
      response.setHeader('Content-Type', stored.contentType);
      response.setHeader('Content-Length', String(stored.size));
      response.setHeader('Content-Disposition', 'inline');
      response.setHeader('X-Content-Type-Options', 'nosniff');
      stored.body.on('error', () => response.destroy());
      stored.body.pipe(response);
    } catch (error) {
      const failure = error instanceof AppError ? error : new AppError(ErrorCode.ERR_INTERNAL);
      response.status(failure.status).json({ error: failure.code });
    }
  }

  /**
   * The storage key of a conversation file this request asks for, or null for anything else.
   * The prefix is matched without letter case, as the router matches `public/*path` (so
   * `/PUBLIC/...` is checked too); the public media controller never serves these keys itself.
   */
  private keyOf(request: Request): string | null {
    const path = request.path.replace(/^\/public\//i, '');
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return null;
    }
    const key = toStorageKey(decoded);
    return key !== null && isConversationMediaKey(key) ? key : null;
  }
}
