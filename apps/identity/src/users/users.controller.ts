import { Controller, Inject } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  CreateUserDto,
  IdentitySubjects,
  PageQueryDto,
  UpdateUserDto,
  UserStatusDto,
  type Actor,
  type Page,
  type UserView,
} from '@atrium/contracts';
import { RpcActor, RpcData, RpcId } from '@atrium/messaging';
import { UsersService } from './users.service.js';

@Controller()
export class UsersController {
  constructor(@Inject(UsersService) private readonly users: UsersService) {}

  @MessagePattern(IdentitySubjects.usersPage)
  page(@RpcActor() actor: Actor, @RpcData({ dto: PageQueryDto }) query: PageQueryDto): Promise<Page<UserView>> {
    return this.users.page(actor, query);
  }

  @MessagePattern(IdentitySubjects.usersList)
  list(@RpcActor() actor: Actor): Promise<UserView[]> {
    return this.users.list(actor);
  }

  @MessagePattern(IdentitySubjects.usersShow)
  show(@RpcActor() actor: Actor, @RpcId() id: number): Promise<UserView> {
    return this.users.show(actor, id);
  }

  @MessagePattern(IdentitySubjects.usersCreate)
  create(@RpcActor() actor: Actor, @RpcData({ dto: CreateUserDto }) dto: CreateUserDto): Promise<UserView> {
    return this.users.create(actor, dto);
  }

  @MessagePattern(IdentitySubjects.usersUpdate)
  update(@RpcActor() actor: Actor, @RpcId() id: number, @RpcData({ dto: UpdateUserDto, path: 'body' }) dto: UpdateUserDto): Promise<UserView> {
    return this.users.update(actor, id, dto);
  }

  @MessagePattern(IdentitySubjects.usersDelete)
  async delete(@RpcActor() actor: Actor, @RpcId() id: number): Promise<{ message: string }> {
    await this.users.delete(actor, id);
    return { message: 'User deleted' };
  }

  @MessagePattern(IdentitySubjects.usersStatus)
  async status(@RpcActor() actor: Actor, @RpcData({ dto: UserStatusDto }) dto: UserStatusDto): Promise<{ ok: true }> {
    await this.users.setOnline(actor, dto.online);
    return { ok: true };
  }
}
