import { Body, Controller, Delete, Inject, Param, Post, Put } from '@nestjs/common';
import { SessionsSubjects, StartSessionDto, type ActorState } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor, RequiresPermission } from '../auth/decorators.js';
import { IdPipe } from '../core/id.pipe.js';

/** A connection's WhatsApp session (spec 001 section 7): admins only (connections-page:actionButtons). */
@Controller('whatsappsession')
@RequiresPermission('connections-page:actionButtons')
export class WhatsappSessionController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  /** Start or retry; with `{ "phoneNumber" }` the phone pairs by a code instead of the QR code. */
  @Post(':id')
  start(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number, @Body() body: StartSessionDto): Promise<{ message: string }> {
    return this.rpc.request(SessionsSubjects.sessionStart, { id, body }, { actor });
  }

  /** Forget the pairing and show a new QR code. */
  @Put(':id')
  newQr(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<{ message: string }> {
    return this.rpc.request(SessionsSubjects.sessionNewQr, { id }, { actor });
  }

  /** Log out and stop. */
  @Delete(':id')
  disconnect(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<{ message: string }> {
    return this.rpc.request(SessionsSubjects.sessionDisconnect, { id }, { actor });
  }
}
