import { randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { actorStateKey, type ActorState, type AuthResult, type CompanyView, type PlanView, type SignupDto } from '@atrium/contracts';
import { aPlan, aSignup } from '@atrium/testing';
import type { ApiClient, ApiResponse } from './api-client.js';
import type { Stack } from './stack.js';

export { superAdmin as superClient } from './tenants.js';

/** A private address, different on each call, for calls limited per client IP (the gateway trusts X-Forwarded-For). */
export function randomIp(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

export async function loggedIn(stack: Stack, email: string, password: string): Promise<{ client: ApiClient; session: AuthResult }> {
  const client = stack.client();
  const session = await client.login(email, password);
  return { client, session };
}

/** POST /companies/cadastro from its own client IP (so the per-IP signup limit does not interfere). */
export function signUp(stack: Stack, dto: SignupDto, ip: string = randomIp()): Promise<ApiResponse<CompanyView>> {
  return stack.client().request<CompanyView>('POST', '/companies/cadastro', dto, { 'x-forwarded-for': ip });
}

export async function createPlan(admin: ApiClient, overrides: Partial<PlanView> = {}): Promise<PlanView> {
  const response = await admin.post<PlanView>('/plans', aPlan(overrides));
  if (response.status !== 201) throw new Error(`plan creation failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** A self-registered company and its admin, logged in. */
export async function signedUpAdmin(
  stack: Stack,
  planId: number,
): Promise<{ client: ApiClient; session: AuthResult; company: CompanyView }> {
  const dto = aSignup(planId);
  const response = await signUp(stack, dto);
  if (response.status !== 201) throw new Error(`signup failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { ...(await loggedIn(stack, dto.email, dto.password)), company: response.body };
}

/** What the gateway reads on every request for this user (null: no active session). */
export async function actorStateOf(stack: Stack, userId: number): Promise<ActorState | null> {
  const redis = new Redis(stack.env.REDIS_URL!);
  try {
    const raw = await redis.get(actorStateKey(stack.env.REDIS_PREFIX!, userId));
    return raw ? (JSON.parse(raw) as ActorState) : null;
  } finally {
    redis.disconnect();
  }
}
