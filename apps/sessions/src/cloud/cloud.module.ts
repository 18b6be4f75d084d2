import { Module } from '@nestjs/common';
import { MetaGraphClient } from '@atrium/channel';
import { CloudAccountsRepository } from './cloud-accounts.repository.js';
import { CloudSecrets } from './cloud-secrets.js';
import { metaGraphProvider } from './meta-graph.provider.js';

/** What the Cloud API channel shares (issue 26): the Graph API client, the accounts and their secrets. */
@Module({
  providers: [metaGraphProvider, CloudAccountsRepository, CloudSecrets],
  exports: [MetaGraphClient, CloudAccountsRepository, CloudSecrets],
})
export class CloudModule {}
