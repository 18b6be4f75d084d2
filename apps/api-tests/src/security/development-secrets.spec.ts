import { AiConfig } from '@atrium/app-ai';
import { BillingConfig } from '@atrium/app-billing';
import { CampaignsConfig } from '@atrium/app-campaigns';
import { GatewayConfig } from '@atrium/app-gateway';
import { IdentityConfig } from '@atrium/app-identity';
import { SessionsConfig } from '@atrium/app-sessions';
import { TicketsConfig } from '@atrium/app-tickets';
import { ConfigError, developmentDefaultsOf, loadConfig } from '@atrium/config';

/** Every backend service's configuration (the sandboxes are stand-ins that never run in production). */
const SERVICE_CONFIGS: Array<new () => object> = [
  AiConfig,
  BillingConfig,
  CampaignsConfig,
  GatewayConfig,
  IdentityConfig,
  SessionsConfig,
  TicketsConfig,
];
/** What production needs besides secrets (identity seeds its super user). */
const PRODUCTION = { NODE_ENV: 'production', ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'a-long-password' };
/** A variable whose name says it holds a secret. */
const SECRET_NAME = /(SECRET|TOKEN|PASSWORD|PASS|_KEY)$/;
/** The secrets every development default must cover, as the security review named them. */
const EXPECTED = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'JWT_SECRET',
  'AI_SECRETS_KEY',
  'SESSIONS_SECRETS_KEY',
  'IDENTITY_SECRETS_KEY',
];

function problemsOf(configClass: new () => object, env: Record<string, string>): string[] {
  try {
    loadConfig(configClass, env);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
}

/** A value of the variable's shape that is nobody's default. */
function ownSecret(name: string, developmentValue: unknown): string {
  const prefix = /^(sk_test_|whsec_)/.exec(String(developmentValue))?.[1] ?? '';
  return `${prefix}${name.toLowerCase()}_own_${'x'.repeat(40)}`;
}

describe('development default secrets are refused at start in production', () => {
  it('marks every secret that has a default, in every service (a new one cannot forget it)', () => {
    const marked = new Set<string>();
    for (const configClass of SERVICE_CONFIGS) {
      const defaults = developmentDefaultsOf(configClass);
      const withSecretDefault = Object.entries(new configClass())
        .filter(([name, value]) => SECRET_NAME.test(name) && typeof value === 'string' && value !== '')
        .map(([name]) => name);
      expect({ config: configClass.name, unmarked: withSecretDefault.filter((name) => !defaults.has(name)) }).toEqual({
        config: configClass.name,
        unmarked: [],
      });
      for (const name of defaults.keys()) marked.add(name);
    }
    expect([...marked].sort()).toEqual([...EXPECTED].sort());
  });

  it.each(
    SERVICE_CONFIGS.filter((configClass) => developmentDefaultsOf(configClass).size > 0).map(
      (configClass) => [configClass.name, configClass] as const,
    ),
  )('%s: one line naming each development secret left in production, none once each is set', (_name, configClass) => {
    const defaults = developmentDefaultsOf(configClass);
    const ownSecrets = Object.fromEntries([...defaults].map(([name, value]) => [name, ownSecret(name, value)]));
    // The development values are accepted outside production, given or by default.
    expect(problemsOf(configClass, {})).toEqual([]);
    expect(problemsOf(configClass, { NODE_ENV: 'test' })).toEqual([]);
    // In production each one left is refused, by default or given explicitly, with one line naming it.
    expect(problemsOf(configClass, PRODUCTION)).toEqual(
      [...defaults.keys()].map((name) => `${name}: ${name} must not be the development secret in production`),
    );
    for (const [name, value] of defaults) {
      const env = { ...PRODUCTION, ...ownSecrets, [name]: String(value) };
      expect(problemsOf(configClass, env)).toEqual([`${name}: ${name} must not be the development secret in production`]);
      const { [name]: _left, ...othersSet } = ownSecrets;
      expect(problemsOf(configClass, { ...PRODUCTION, ...othersSet })).toEqual([
        `${name}: ${name} must not be the development secret in production`,
      ]);
    }
    expect(problemsOf(configClass, { ...PRODUCTION, ...ownSecrets })).toEqual([]);
  });
});
