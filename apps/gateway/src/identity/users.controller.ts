import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { CreateUserDto, IdentitySubjects, PageQueryDto, UpdateUserDto, type ActorState, type UserView } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor, RequiresPermission, Roles } from '../auth/decorators.js';
import { IdPipe } from '../core/id.pipe.js';

/** Users of the caller's company (spec 000 section 7). */
@Controller('users')
export class UsersController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Get()
  @RequiresPermission('users:manage')
  async page(
    @CurrentActor() actor: ActorState,
    @Query() query: PageQueryDto,
  ): Promise<{ users: UserView[]; count: number; hasMore: boolean }> {
    const page = await this.rpc.request(IdentitySubjects.usersPage, query, { actor });
    return { users: page.records, count: page.count, hasMore: page.hasMore };
  }

  /** Every user of the company, for pickers; `companyId` in the query is ignored: the token decides. */
  @Get('list')
  list(@CurrentActor() actor: ActorState): Promise<UserView[]> {
    return this.rpc.request(IdentitySubjects.usersList, {}, { actor });
  }

  @Get(':id')
  show(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<UserView> {
    return this.rpc.request(IdentitySubjects.usersShow, { id }, { actor });
  }

  @Post()
  @RequiresPermission('users:manage')
  create(@CurrentActor() actor: ActorState, @Body() body: CreateUserDto): Promise<UserView> {
    return this.rpc.request(IdentitySubjects.usersCreate, body, { actor });
  }

  @Put(':id')
  update(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number, @Body() body: UpdateUserDto): Promise<UserView> {
    return this.rpc.request(IdentitySubjects.usersUpdate, { id, body }, { actor });
  }

  /** A super user turns a user's two-factor login off (issue 28); the audit log files it (2fa.reset). */
  @Delete(':id/2fa')
  @Roles('super')
  resetTwoFactor(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<{ message: string }> {
    return this.rpc.request(IdentitySubjects.twoFactorReset, { id }, { actor });
  }

  @Delete(':id')
  @RequiresPermission('users:manage')
  delete(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<{ message: string }> {
    return this.rpc.request(IdentitySubjects.usersDelete, { id }, { actor });
  }
}
