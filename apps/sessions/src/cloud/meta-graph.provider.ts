import type { Provider } from '@nestjs/common';
import { MetaGraphClient } from '@atrium/channel';
import { SERVICE_CONFIG } from '@atrium/service-kit';
import type { SessionsConfig } from '../config.js';

/** The one Graph API client of the service, at META_GRAPH_URL / META_GRAPH_VERSION. */
export const metaGraphProvider: Provider = {
  provide: MetaGraphClient,
  inject: [SERVICE_CONFIG],
  useFactory: (config: SessionsConfig) =>
    new MetaGraphClient({ baseUrl: config.META_GRAPH_URL, version: config.META_GRAPH_VERSION, timeoutMs: config.META_GRAPH_TIMEOUT_MS }),
};
