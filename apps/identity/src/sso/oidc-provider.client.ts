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
 * its own document), then client_secret_post. Plain-http issuers only with SSO_ALLOW_HTTP_ISSUERS.
 */
@Injectable()
export class OidcProviderClient {
  constructor(@Inject(SERVICE_CONFIG) private readonly config: IdentityConfig) {}

  discover(registration: ProviderRegistration): Promise<oidc.Configuration> {
    const insecure = this.config.SSO_ALLOW_HTTP_ISSUERS;
    return oidc.discovery(
      new URL(registration.issuer),
      registration.clientId,
      registration.clientSecret ?? undefined,
      registration.clientSecret ? oidc.ClientSecretPost(registration.clientSecret) : oidc.None(),
      insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
  }
}
