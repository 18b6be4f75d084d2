import { randomBytes } from 'node:crypto';
import type { CompanyDto, CreateUserDto, PlanDto, SignupDto } from '@atrium/contracts';

const unique = () => randomBytes(4).toString('hex');

/** Builders of valid request payloads; each call yields fresh unique names and e-mails. */
export function aPlan(overrides: Partial<PlanDto> = {}): PlanDto {
  return {
    name: `Plan ${unique()}`,
    users: 10,
    connections: 3,
    queues: 5,
    value: 99.9,
    useCampaigns: true,
    useSchedules: true,
    useInternalChat: true,
    useExternalApi: true,
    useKanban: true,
    useOpenAi: true,
    useIntegrations: true,
    ...overrides,
  };
}

export function aSignup(planId: number, overrides: Partial<SignupDto> = {}): SignupDto {
  const id = unique();
  return {
    name: `Company ${id}`,
    email: `admin-${id}@example.com`,
    phone: '(11) 98765-4321',
    password: 'secret123',
    planId,
    ...overrides,
  };
}

/** A company as a super user creates it (POST /companies); add `password` to create its admin too. */
export function aCompany(planId: number, overrides: Partial<CompanyDto> = {}): CompanyDto {
  const id = unique();
  return {
    name: `Tenant ${id}`,
    email: `owner-${id}@example.com`,
    phone: '(21) 91234-5678',
    planId,
    status: true,
    dueDate: '2099-12-31',
    recurrence: 'MENSAL',
    campaignsEnabled: true,
    ...overrides,
  };
}

export function aUser(overrides: Partial<CreateUserDto> = {}): CreateUserDto {
  const id = unique();
  return {
    name: `Agent ${id}`,
    email: `agent-${id}@example.com`,
    password: 'secret123',
    profile: 'user',
    ...overrides,
  };
}
