import { Controller, Inject } from '@nestjs/common';
import {
  BillableCompaniesDto,
  CompanyDto,
  CompanyRenewDto,
  CompanySchedulesDto,
  IdentitySubjects,
  PageQueryDto,
  SignupDto,
  UpdateCompanyDto,
  type Actor,
  type ClientInfo,
  type BillableCompanyView,
  type CompanyPlanView,
  type CompanyRenewal,
  type CompanyView,
  type ScheduleRow,
  type Page,
} from '@atrium/contracts';
import { RpcActor, RpcClientInfo, RpcData, RpcHandler, RpcId } from '@atrium/messaging';
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
  @RpcHandler(IdentitySubjects.signup)
  signup(@RpcData({ dto: SignupDto }) dto: SignupDto, @RpcClientInfo() client: ClientInfo): Promise<CompanyView> {
    return this.signups.signup(dto, client);
  }

  @RpcHandler(IdentitySubjects.companiesList)
  list(@RpcActor() actor: Actor): Promise<CompanyView[]> {
    return this.companies.list(actor);
  }

  @RpcHandler(IdentitySubjects.companiesPage)
  page(@RpcActor() actor: Actor, @RpcData({ dto: PageQueryDto }) query: PageQueryDto): Promise<Page<CompanyView>> {
    return this.companies.page(actor, query);
  }

  @RpcHandler(IdentitySubjects.companiesShow)
  show(@RpcActor() actor: Actor, @RpcId() id: number): Promise<CompanyView> {
    return this.companies.show(actor, id);
  }

  @RpcHandler(IdentitySubjects.companiesCreate)
  create(@RpcActor() actor: Actor, @RpcData({ dto: CompanyDto }) dto: CompanyDto): Promise<CompanyView> {
    return this.companies.create(actor, dto);
  }

  @RpcHandler(IdentitySubjects.companiesUpdate)
  update(
    @RpcActor() actor: Actor,
    @RpcId() id: number,
    @RpcData({ dto: UpdateCompanyDto, path: 'body' }) dto: UpdateCompanyDto,
  ): Promise<CompanyView> {
    return this.companies.update(actor, id, dto);
  }

  @RpcHandler(IdentitySubjects.companiesDelete)
  async delete(@RpcActor() actor: Actor, @RpcId() id: number): Promise<{ message: string }> {
    await this.companies.delete(actor, id);
    return { message: 'Company deleted' };
  }

  @RpcHandler(IdentitySubjects.companiesSchedules)
  schedules(
    @RpcActor() actor: Actor,
    @RpcId() id: number,
    @RpcData({ dto: CompanySchedulesDto, path: 'body' }) dto: CompanySchedulesDto,
  ): Promise<CompanyView> {
    return this.companies.updateSchedules(actor, id, dto);
  }

  /** Data `{ companyId }`; other services may ask without an actor. */
  @RpcHandler(IdentitySubjects.companiesPlan)
  plan(@RpcOptionalActor() actor: Actor | undefined, @RpcId('companyId') companyId: number): Promise<CompanyPlanView> {
    return this.companies.planOf(actor, companyId);
  }

  /** Data `{ companyId }`, no actor: the company's opening hours, for the tickets automaton (not reachable from the gateway). */
  @RpcHandler(IdentitySubjects.companiesHours)
  hours(@RpcId('companyId') companyId: number): Promise<ScheduleRow[]> {
    return this.companies.hoursOf(companyId);
  }

  /** For billing (no actor; not reachable from the gateway). */
  @RpcHandler(IdentitySubjects.companiesBillable)
  billable(@RpcData({ dto: BillableCompaniesDto }) dto: BillableCompaniesDto): Promise<BillableCompanyView[]> {
    return this.companies.billable(dto.dueBy, dto.companyId);
  }

  /** For billing, after an invoice is paid (no actor; not reachable from the gateway). */
  @RpcHandler(IdentitySubjects.companiesRenew)
  renew(@RpcData({ dto: CompanyRenewDto }) dto: CompanyRenewDto): Promise<CompanyRenewal> {
    return this.companies.renew(dto.companyId, dto.paidDueDate);
  }
}
