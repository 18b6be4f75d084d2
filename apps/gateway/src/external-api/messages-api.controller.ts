import { createHash } from 'node:crypto';
import { Body, Controller, Headers, HttpCode, Inject, Post, Req, UploadedFiles, UseGuards, UseInterceptors } from '@nestjs/common';
import { FilesInterceptor } from '@nestjs/platform-express';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiExtraModels,
  ApiHeader,
  ApiOperation,
  ApiResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import {
  AppError,
  EXTERNAL_MAX_MEDIAS,
  EXTERNAL_SEND_ANSWER,
  ErrorCode,
  ExternalMessagesSubjects,
  ExternalSendDto,
  OUTBOUND_COMMAND_TIMEOUT_MS,
  type ExternalMessageCommand,
} from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { Public } from '../auth/decorators.js';
import { requireContent, type UploadedMedia } from '../media/uploaded-file.js';
import { UploadStaging } from '../media/upload-staging.js';
import { ExternalApiGuard, type ApiRequest } from './external-api.guard.js';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** What identifies a request under an Idempotency-Key: its number, text, closeTicket and files' bytes. */
function fingerprintOf(body: ExternalSendDto, files: UploadedMedia[]): string {
  const hash = createHash('sha256').update(
    JSON.stringify([body.number, body.body ?? '', body.closeTicket === true, body.template ?? null]),
  );
  for (const file of files) hash.update(createHash('sha256').update(file.buffer).digest('hex')).update(file.originalname);
  return hash.digest('hex');
}

const errorExample = (error: ErrorCode, status: number) => ({ schema: { example: { error, status } } });

/**
 * The external messaging API (spec 001 section 7 'External provider', issue 15): other systems
 * send WhatsApp messages through a connection, authenticated by that connection's token.
 */
@ApiTags('External messaging API')
@Controller('api/messages')
export class MessagesApiController {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(UploadStaging) private readonly uploads: UploadStaging,
  ) {}

  @Post('send')
  @Public()
  @UseGuards(ExternalApiGuard)
  @HttpCode(200)
  @UseInterceptors(FilesInterceptor('medias', EXTERNAL_MAX_MEDIAS))
  @ApiOperation({
    summary: 'Send a WhatsApp message through a connection',
    description:
      "Authenticated by the connection's token (`Authorization: Bearer <token>`, generated in the connection's form). " +
      '`number`: country code, area code and number, digits only. JSON `{ number, body }` for a text, multipart `{ number, body, medias }` for files ' +
      '(each file a message, `body` its caption). The number is checked on WhatsApp; the contact and a pending ticket are created when missing ' +
      "and the message appears in the conversation. A text is answered once stored and sent right after, at the connection's pace and in the " +
      'order the requests were answered (a known contact whose number left WhatsApp is refused then, and the message leaves the conversation); ' +
      'files are answered once sent. On a Cloud API connection a customer who has not written in the last 24 hours receives only an ' +
      'approved template: `template: { name, language, parameters: { header, body, buttons } }` sends one (JSON only); a `body` to such a ' +
      'customer is refused with ERR_WAPP_WINDOW_CLOSED. `closeTicket: true` resolves the ticket after sending. With an `Idempotency-Key` header a ' +
      'retry sends nothing twice and answers as the first request. Rate limited per token (429 with `Retry-After`); when too many calls ' +
      'arrive at once a call is answered 503 ERR_SERVICE_UNAVAILABLE with `Retry-After`, nothing stored (never a 500).',
  })
  @ApiBearerAuth()
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'Any 1-255 printable characters; a retry with the same key and request sends once (kept 24 h).',
  })
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiExtraModels(ExternalSendDto)
  @ApiBody({
    schema: {
      oneOf: [
        { $ref: getSchemaPath(ExternalSendDto) },
        {
          type: 'object',
          required: ['number', 'medias'],
          properties: {
            number: { type: 'string', example: '5511999999999' },
            body: { type: 'string', example: 'Segue o boleto' },
            closeTicket: { type: 'boolean' },
            medias: { type: 'array', items: { type: 'string', format: 'binary' } },
          },
        },
      ],
    },
    examples: {
      text: { summary: 'A text', value: { number: '5511999999999', body: 'Olá! Seu pedido saiu para entrega.' } },
      template: {
        summary: "A Cloud API connection's approved template (outside the 24-hour window)",
        value: { number: '5511999999999', template: { name: 'pedido_pronto', language: 'pt_BR', parameters: { body: ['Ana'] } } },
      },
      closing: {
        summary: 'A text that closes the ticket',
        value: { number: '5511999999999', body: 'Pagamento confirmado. Obrigado!', closeTicket: true },
      },
    },
  })
  @ApiResponse({ status: 200, description: 'Sent', schema: { example: EXTERNAL_SEND_ANSWER } })
  @ApiResponse({
    status: 400,
    description: 'Not a number on WhatsApp, or the connection is not connected',
    content: {
      'application/json': {
        examples: {
          invalidNumber: { value: { error: ErrorCode.ERR_WAPP_INVALID_CONTACT, status: 400 } },
          disconnected: { value: { error: ErrorCode.ERR_WAPP_NOT_INITIALIZED, status: 400, data: { status: 'DISCONNECTED' } } },
          validation: {
            value: {
              error: ErrorCode.ERR_VALIDATION,
              status: 400,
              fields: [{ field: 'number', messages: ['number: country code, area code and number, digits only (e.g. 5511999999999)'] }],
            },
          },
        },
      },
    },
  })
  @ApiResponse({ status: 401, description: "No token, or not a connection's token", ...errorExample(ErrorCode.ERR_INVALID_API_TOKEN, 401) })
  @ApiResponse({
    status: 403,
    description: "The company's plan has no external API",
    ...errorExample(ErrorCode.ERR_PLAN_FEATURE_DISABLED, 403),
  })
  @ApiResponse({
    status: 422,
    description: 'The Idempotency-Key was used with another request',
    ...errorExample(ErrorCode.ERR_IDEMPOTENCY_KEY_REUSED, 422),
  })
  @ApiResponse({
    status: 429,
    description:
      'Rate limit of the token reached, or (files and templates, sent before the answer) Meta kept throttling the Cloud API number: ' +
      'nothing was sent; retry after `Retry-After` seconds',
    content: {
      'application/json': {
        examples: {
          token: { value: { error: ErrorCode.ERR_TOO_MANY_ATTEMPTS, status: 429 } },
          number: { value: { error: ErrorCode.ERR_WAPP_RATE_LIMITED, status: 429, data: { retryAfterSeconds: 1 } } },
        },
      },
    },
  })
  @ApiResponse({
    status: 503,
    description:
      'Too many calls at once for the platform to take this one in time (or a service is restarting): nothing was stored or sent; ' +
      'retry after `Retry-After` seconds (with an `Idempotency-Key` a retry never sends twice)',
    schema: { example: { error: ErrorCode.ERR_SERVICE_UNAVAILABLE, status: 503, data: { retryAfterSeconds: 2 } } },
  })
  async send(
    @Req() request: ApiRequest,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Body() body: ExternalSendDto,
    @UploadedFiles() files: UploadedMedia[] | undefined,
  ): Promise<typeof EXTERNAL_SEND_ANSWER> {
    const connection = request.apiConnection!;
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
      throw new AppError(ErrorCode.ERR_VALIDATION, { fields: [{ field: 'Idempotency-Key', messages: ['1 to 255 printable characters'] }] });
    }
    const medias = files ?? [];
    if (body.template && medias.length > 0)
      throw new AppError(ErrorCode.ERR_VALIDATION, {
        fields: [{ field: 'template', messages: ['a template is sent alone, without medias'] }],
      });
    if (medias.length > 0) requireContent(medias, 'medias');
    else if (!body.template && !(body.body ?? '').trim())
      throw new AppError(ErrorCode.ERR_VALIDATION, {
        fields: [{ field: 'body', messages: ['a text (body) or a file (medias) is required'] }],
      });
    const command: ExternalMessageCommand = {
      whatsappId: connection.id,
      number: body.number,
      body: body.body ?? '',
      closeTicket: body.closeTicket === true,
      template: body.template,
      idempotencyKey,
      fingerprint: idempotencyKey === undefined ? undefined : fingerprintOf(body, medias),
    };
    // From here the tickets service owns the staged files: it claims them or removes them.
    if (medias.length > 0) command.medias = await this.uploads.stage(connection.companyId, medias);
    const actor = {
      userId: 0,
      companyId: connection.companyId,
      profile: 'admin' as const,
      super: false,
      queueIds: [],
      allTicket: 'enabled' as const,
      sessionId: `external-api-${connection.id}`,
    };
    await this.rpc.request(ExternalMessagesSubjects.send, command, { actor, timeoutMs: OUTBOUND_COMMAND_TIMEOUT_MS * 2 });
    return EXTERNAL_SEND_ANSWER;
  }
}
