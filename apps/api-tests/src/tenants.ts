import type { AuthResult, PublicPlanView } from '@atrium/contracts';
import { aSignup } from '@atrium/testing';
import type { ApiClient } from './api-client.js';
import type { Stack } from './stack.js';

export const SUPER_ADMIN = { email: 'admin@admin.com', password: '123456' };

export interface Tenant {
  companyId: number;
  admin: ApiClient;
  adminSession: AuthResult;
  email: string;
  password: string;
}

/** A company signed up through the public API, with its admin logged in. */
export async function signUpTenant(stack: Pick<Stack, 'client'>, planId?: number): Promise<Tenant> {
  const anonymous = stack.client();
  const plan = planId ?? (await anonymous.get<PublicPlanView[]>('/plans/list')).body[0]!.id;
  const signup = aSignup(plan);
  const created = await anonymous.post('/companies/cadastro', signup);
  if (created.status !== 200 && created.status !== 201) throw new Error(`signup failed: ${created.status} ${JSON.stringify(created.body)}`);
  const admin = stack.client();
  const adminSession = await admin.login(signup.email, signup.password);
  return { companyId: adminSession.user.companyId, admin, adminSession, email: signup.email, password: signup.password };
}

export async function superAdmin(stack: Pick<Stack, 'client'>): Promise<ApiClient> {
  const client = stack.client();
  await client.login(SUPER_ADMIN.email, SUPER_ADMIN.password);
  return client;
}
