import { Controller, Inject } from '@nestjs/common';
import {
  CreateUserDto,
  IdentitySubjects,
  PageQueryDto,
  ReadModelPageDto,
  UpdateUserDto,
  UserStatusDto,
  type Actor,
  type Page,
  type UserRefRecord,
  type UserView,
} from '@atrium/contracts';
import { RpcActor, RpcData, RpcHandler, RpcId } from '@atrium/messaging';
import { UsersService } from './users.service.js';

@Controller()
export class UsersController {
  constructor(@Inject(UsersService) private readonly users: UsersService) {}

  @RpcHandler(IdentitySubjects.usersPage)
  page(@RpcActor() actor: Actor, @RpcData({ dto: PageQueryDto }) query: PageQueryDto): Promise<Page<UserView>> {
    return this.users.page(actor, query);
  }

  @RpcHandler(IdentitySubjects.usersList)
  list(@RpcActor() actor: Actor): Promise<UserView[]> {
    return this.users.list(actor);
  }

  /** For tickets' read model of users, reconciled on its start (no actor; not reachable from the gateway). */
  @RpcHandler(IdentitySubjects.usersRefs)
  refs(@RpcData({ dto: ReadModelPageDto }) page: ReadModelPageDto): Promise<UserRefRecord[]> {
    return this.users.refs(page.afterId ?? 0);
  }

  @RpcHandler(IdentitySubjects.usersShow)
  show(@RpcActor() actor: Actor, @RpcId() id: number): Promise<UserView> {
    return this.users.show(actor, id);
  }

  @RpcHandler(IdentitySubjects.usersCreate)
  create(@RpcActor() actor: Actor, @RpcData({ dto: CreateUserDto }) dto: CreateUserDto): Promise<UserView> {
    return this.users.create(actor, dto);
  }

  @RpcHandler(IdentitySubjects.usersUpdate)
  update(
    @RpcActor() actor: Actor,
    @RpcId() id: number,
    @RpcData({ dto: UpdateUserDto, path: 'body' }) dto: UpdateUserDto,
  ): Promise<UserView> {
    return this.users.update(actor, id, dto);
  }

  @RpcHandler(IdentitySubjects.usersDelete)
  async delete(@RpcActor() actor: Actor, @RpcId() id: number): Promise<{ message: string }> {
    await this.users.delete(actor, id);
    return { message: 'User deleted' };
  }

  @RpcHandler(IdentitySubjects.usersStatus)
  async status(@RpcActor() actor: Actor, @RpcData({ dto: UserStatusDto }) dto: UserStatusDto): Promise<{ ok: true }> {
    await this.users.setOnline(actor, dto.online);
    return { ok: true };
  }
}
