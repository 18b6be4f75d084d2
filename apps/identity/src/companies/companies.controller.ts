import { Controller, Inject } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  CompanyDto,
  CompanySchedulesDto,
  IdentitySubjects,
  PageQueryDto,
  SignupDto,
  UpdateCompanyDto,
  type Actor,
  type ClientInfo,
  type CompanyPlanView,
  type CompanyView,
  type Page,
} from '@atrium/contracts';
import { RpcActor, RpcClientInfo, RpcData, RpcId } from '@atrium/messaging';
import { CompaniesService } from './companies.service.js';
import { RpcOptionalActor } from '@atrium/messaging';
import { SignupService } from './signup.service.js';

@Controller()
export class CompaniesController {
  constructor(
    @Inject(CompaniesService) private readonly companies: CompaniesService,
    @Inject(SignupService) private readonly signups: SignupService,
  ) {}

  /** Public: no actor. */
  @MessagePattern(IdentitySubjects.signup)
  signup(@RpcData({ dto: SignupDto }) dto: SignupDto, @RpcClientInfo() client: ClientInfo): Promise<CompanyView> {
    return this.signups.signup(dto, client);
  }

  @MessagePattern(IdentitySubjects.companiesList)
  list(@RpcActor() actor: Actor): Promise<CompanyView[]> {
    return this.companies.list(actor);
  }

  @MessagePattern(IdentitySubjects.companiesPage)
  page(@RpcActor() actor: Actor, @RpcData({ dto: PageQueryDto }) query: PageQueryDto): Promise<Page<CompanyView>> {
    return this.companies.page(actor, query);
  }

  @MessagePattern(IdentitySubjects.companiesShow)
  show(@RpcActor() actor: Actor, @RpcId() id: number): Promise<CompanyView> {
    return this.companies.show(actor, id);
  }

  @MessagePattern(IdentitySubjects.companiesCreate)
  create(@RpcActor() actor: Actor, @RpcData({ dto: CompanyDto }) dto: CompanyDto): Promise<CompanyView> {
    return this.companies.create(actor, dto);
  }

  @MessagePattern(IdentitySubjects.companiesUpdate)
  update(@RpcActor() actor: Actor, @RpcId() id: number, @RpcData({ dto: UpdateCompanyDto, path: 'body' }) dto: UpdateCompanyDto): Promise<CompanyView> {
    return this.companies.update(actor, id, dto);
  }

  @MessagePattern(IdentitySubjects.companiesDelete)
  async delete(@RpcActor() actor: Actor, @RpcId() id: number): Promise<{ message: string }> {
    await this.companies.delete(actor, id);
    return { message: 'Company deleted' };
  }

  @MessagePattern(IdentitySubjects.companiesSchedules)
  schedules(
    @RpcActor() actor: Actor,
    @RpcId() id: number,
    @RpcData({ dto: CompanySchedulesDto, path: 'body' }) dto: CompanySchedulesDto,
  ): Promise<CompanyView> {
    return this.companies.updateSchedules(actor, id, dto);
  }

  /** Data `{ companyId }`; other services may ask without an actor. */
  @MessagePattern(IdentitySubjects.companiesPlan)
  plan(@RpcOptionalActor() actor: Actor | undefined, @RpcId('companyId') companyId: number): Promise<CompanyPlanView> {
    return this.companies.planOf(actor, companyId);
  }
}
