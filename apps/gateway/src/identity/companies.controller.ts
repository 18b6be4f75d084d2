import { Body, Controller, Delete, Get, Inject, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import {
  CompanyDto,
  CompanySchedulesDto,
  IdentitySubjects,
  PageQueryDto,
  SignupDto,
  UpdateCompanyDto,
  type ActorState,
  type ClientInfo,
  type CompanyPlanView,
  type CompanyView,
  type Page,
} from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor, CurrentClient, Public, Roles } from '../auth/decorators.js';

/** Signup, and companies administered by super users (spec 000 and 001 section 7). */
@Controller('companies')
export class CompaniesController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  /** Self-registration with a 3-day trial; no login. */
  @Public()
  @Post('cadastro')
  signup(@Body() body: SignupDto, @CurrentClient() client: ClientInfo): Promise<CompanyView> {
    return this.rpc.request<CompanyView>(IdentitySubjects.signup, body, { client });
  }

  @Get('list')
  @Roles('super')
  list(@CurrentActor() actor: ActorState): Promise<CompanyView[]> {
    return this.rpc.request<CompanyView[]>(IdentitySubjects.companiesList, {}, { actor });
  }

  /** The plan flags of the caller's own company (super users: any company). */
  @Get('listPlan/:companyId')
  plan(@CurrentActor() actor: ActorState, @Param('companyId', ParseIntPipe) companyId: number): Promise<CompanyPlanView> {
    return this.rpc.request<CompanyPlanView>(IdentitySubjects.companiesPlan, { companyId }, { actor });
  }

  @Get()
  @Roles('super')
  async page(@CurrentActor() actor: ActorState, @Query() query: PageQueryDto): Promise<{ companies: CompanyView[]; count: number; hasMore: boolean }> {
    const page = await this.rpc.request<Page<CompanyView>>(IdentitySubjects.companiesPage, query, { actor });
    return { companies: page.records, count: page.count, hasMore: page.hasMore };
  }

  /** Super users read any company; an admin reads their own (identity checks which). */
  @Get(':id')
  @Roles('admin')
  show(@CurrentActor() actor: ActorState, @Param('id', ParseIntPipe) id: number): Promise<CompanyView> {
    return this.rpc.request<CompanyView>(IdentitySubjects.companiesShow, { id }, { actor });
  }

  @Post()
  @Roles('super')
  create(@CurrentActor() actor: ActorState, @Body() body: CompanyDto): Promise<CompanyView> {
    return this.rpc.request<CompanyView>(IdentitySubjects.companiesCreate, body, { actor });
  }

  @Put(':id')
  @Roles('super')
  update(@CurrentActor() actor: ActorState, @Param('id', ParseIntPipe) id: number, @Body() body: UpdateCompanyDto): Promise<CompanyView> {
    return this.rpc.request<CompanyView>(IdentitySubjects.companiesUpdate, { id, body }, { actor });
  }

  @Delete(':id')
  @Roles('super')
  delete(@CurrentActor() actor: ActorState, @Param('id', ParseIntPipe) id: number): Promise<{ message: string }> {
    return this.rpc.request<{ message: string }>(IdentitySubjects.companiesDelete, { id }, { actor });
  }

  /** Body `{ id, schedules }` as the spec sends it; the id in the path is the one that counts. Admins of that company, or super users. */
  @Put(':id/schedules')
  @Roles('admin')
  schedules(
    @CurrentActor() actor: ActorState,
    @Param('id', ParseIntPipe) id: number,
    @Body() body: CompanySchedulesDto,
  ): Promise<CompanyView> {
    return this.rpc.request<CompanyView>(IdentitySubjects.companiesSchedules, { id, body: { schedules: body.schedules } }, { actor });
  }
}
