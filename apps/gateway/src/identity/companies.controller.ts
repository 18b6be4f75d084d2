import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Query } from '@nestjs/common';
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
} from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { CurrentActor, CurrentClient, Public, Roles, RequiresPermission } from '../auth/decorators.js';
import { IdPipe } from '../core/id.pipe.js';

/** Signup, and companies administered by super users (spec 000 and 001 section 7). */
@Controller('companies')
export class CompaniesController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  /** Self-registration with a 3-day trial; no login. */
  @Public()
  @Post('cadastro')
  signup(@Body() body: SignupDto, @CurrentClient() client: ClientInfo): Promise<CompanyView> {
    return this.rpc.request(IdentitySubjects.signup, body, { client });
  }

  @Get('list')
  @Roles('super')
  list(@CurrentActor() actor: ActorState): Promise<CompanyView[]> {
    return this.rpc.request(IdentitySubjects.companiesList, {}, { actor });
  }

  /** The plan flags of the caller's own company (super users: any company). */
  @Get('listPlan/:companyId')
  plan(@CurrentActor() actor: ActorState, @Param('companyId', IdPipe) companyId: number): Promise<CompanyPlanView> {
    return this.rpc.request(IdentitySubjects.companiesPlan, { companyId }, { actor });
  }

  @Get()
  @Roles('super')
  async page(
    @CurrentActor() actor: ActorState,
    @Query() query: PageQueryDto,
  ): Promise<{ companies: CompanyView[]; count: number; hasMore: boolean }> {
    const page = await this.rpc.request(IdentitySubjects.companiesPage, query, { actor });
    return { companies: page.records, count: page.count, hasMore: page.hasMore };
  }

  /** Super users read any company; an admin reads their own (identity checks which). */
  @Get(':id')
  @RequiresPermission('settings:manage')
  show(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<CompanyView> {
    return this.rpc.request(IdentitySubjects.companiesShow, { id }, { actor });
  }

  @Post()
  @Roles('super')
  create(@CurrentActor() actor: ActorState, @Body() body: CompanyDto): Promise<CompanyView> {
    return this.rpc.request(IdentitySubjects.companiesCreate, body, { actor });
  }

  @Put(':id')
  @Roles('super')
  update(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number, @Body() body: UpdateCompanyDto): Promise<CompanyView> {
    return this.rpc.request(IdentitySubjects.companiesUpdate, { id, body }, { actor });
  }

  @Delete(':id')
  @Roles('super')
  delete(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number): Promise<{ message: string }> {
    return this.rpc.request(IdentitySubjects.companiesDelete, { id }, { actor });
  }

  /** Body `{ id, schedules }` as the spec sends it; the id in the path is the one that counts. Admins of that company, or super users. */
  @Put(':id/schedules')
  @RequiresPermission('settings:manage')
  schedules(@CurrentActor() actor: ActorState, @Param('id', IdPipe) id: number, @Body() body: CompanySchedulesDto): Promise<CompanyView> {
    return this.rpc.request(IdentitySubjects.companiesSchedules, { id, body: { schedules: body.schedules } }, { actor });
  }
}
