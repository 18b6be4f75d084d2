import { Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import { AppError, BillingSubjects, ErrorCode } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import type { Request } from 'express';
import { Public } from '../auth/decorators.js';

/** Where Stripe delivers events. The body must reach billing byte for byte: the signature covers it. */
export const STRIPE_WEBHOOK_PATH = '/subscription/webhook';
/** Larger than any Stripe event. */
export const STRIPE_WEBHOOK_MAX_BYTES = 512 * 1024;

/**
 * Stripe's webhook. The gateway only forwards the raw body and the Stripe-Signature header;
 * billing verifies them with the webhook secret (which only billing holds) and answers 400 to
 * anything unsigned, forged or stale. A 2xx tells Stripe the event is applied (or was already).
 */
@Controller()
export class StripeWebhookController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Public()
  @Post(STRIPE_WEBHOOK_PATH)
  @HttpCode(200)
  @ApiExcludeEndpoint()
  receive(@Req() request: Request): Promise<{ received: true }> {
    const signature = request.get('stripe-signature');
    const body: unknown = request.body;
    if (!signature || !Buffer.isBuffer(body) || body.length === 0) throw new AppError(ErrorCode.ERR_INVALID_WEBHOOK_SIGNATURE);
    return this.rpc.request(BillingSubjects.stripeWebhook, { payload: body.toString('utf8'), signature: signature.slice(0, 2000) });
  }
}
