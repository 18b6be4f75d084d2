export { OidcSandboxConfig } from './config.js';
export { startOidcSandbox, type RunningOidcSandbox } from './sandbox.js';
export { OidcProvider, OAuthError, type IdTokenTampering, type SandboxClient, type SandboxUser } from './oidc-provider.js';
