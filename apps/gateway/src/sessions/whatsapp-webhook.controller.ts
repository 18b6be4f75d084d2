import { Controller, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import { AppError, CLOUD_WEBHOOK_PATH, ErrorCode, SessionsSubjects, type CloudWebhookResult } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import type { Request, Response } from 'express';
import { Public } from '../auth/decorators.js';

/**
 * Meta's webhook for WhatsApp Cloud API numbers (issue 26). GET is Meta's verification
 * handshake (`hub.challenge` as plain text when `hub.verify_token` is a connection's verify
 * token, 403 otherwise). POST forwards the raw body, byte for byte (its signature covers those
 * bytes), and `X-Hub-Signature-256` to the sessions service, which verifies it with the app
 * secret of the connection the payload names and puts it on the inbound stream: 200 once it is
 * durable, 401 unsigned, 403 wrongly signed or for an unknown number.
 */
@Controller()
export class WhatsappWebhookController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Public()
  @Get(CLOUD_WEBHOOK_PATH)
  @ApiExcludeEndpoint()
  async handshake(
    @Query('hub.mode') mode: unknown,
    @Query('hub.verify_token') verifyToken: unknown,
    @Query('hub.challenge') challenge: unknown,
    @Res() response: Response,
  ): Promise<void> {
    const text = (value: unknown): string | undefined => (typeof value === 'string' ? value.slice(0, 500) : undefined);
    const answer = await this.rpc.request(SessionsSubjects.cloudWebhookVerify, {
      mode: text(mode)?.slice(0, 50),
      verifyToken: text(verifyToken)?.slice(0, 200),
      challenge: text(challenge),
    });
    response.status(200).type('text/plain').send(answer.challenge);
  }

  @Public()
  @Post(CLOUD_WEBHOOK_PATH)
  @HttpCode(200)
  @ApiExcludeEndpoint()
  receive(@Req() request: Request): Promise<CloudWebhookResult> {
    const signature = request.get('x-hub-signature-256');
    const body: unknown = request.body;
    if (!signature) throw new AppError(ErrorCode.ERR_WEBHOOK_UNSIGNED);
    if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError(ErrorCode.ERR_WEBHOOK_REFUSED);
    return this.rpc.request(SessionsSubjects.cloudWebhook, { body: body.toString('base64'), signature: signature.slice(0, 200) });
  }
}
