import { Inject, Injectable } from '@nestjs/common';
import * as oidc from 'openid-client';
import { SERVICE_CONFIG } from '@atrium/service-kit';
import type { IdentityConfig } from '../config.js';

export interface ProviderRegistration {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
}

/**
 * The company's identity provider through openid-client: discovery (the issuer is checked against
 * its own document), then client_secret_post. The id_token's signature is verified against the
 * provider's JWKS too (openid-client's non-repudiation checks: without them a token received from
 * the token endpoint is trusted on the strength of TLS alone). Plain-http issuers only with
 * SSO_ALLOW_HTTP_ISSUERS.
 */
@Injectable()
export class OidcProviderClient {
  constructor(@Inject(SERVICE_CONFIG) private readonly config: IdentityConfig) {}

  discover(registration: ProviderRegistration): Promise<oidc.Configuration> {
    const execute = this.config.SSO_ALLOW_HTTP_ISSUERS
      ? [oidc.allowInsecureRequests, oidc.enableNonRepudiationChecks]
      : [oidc.enableNonRepudiationChecks];
    return oidc.discovery(
      new URL(registration.issuer),
      registration.clientId,
      registration.clientSecret ?? undefined,
      registration.clientSecret ? oidc.ClientSecretPost(registration.clientSecret) : oidc.None(),
      { execute },
    );
  }
}
