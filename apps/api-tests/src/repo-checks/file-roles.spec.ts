import path from 'node:path';
import { RuleTester, type Rule } from 'eslint';
import tseslint from 'typescript-eslint';
import { REPO_ROOT } from '@atrium/testing';

/**
 * The lint rule behind the file-name roles (tools/eslint/file-roles.mjs, docs/adr/008): what it
 * accepts and what it reports. `npm run lint` applies it to apps/*\/src and libs/*\/src.
 */

const { fileRoleRule } = (await import(path.join(REPO_ROOT, 'tools/eslint/file-roles.mjs'))) as { fileRoleRule: Rule.RuleModule };

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, parserOptions: { ecmaVersion: 2022, sourceType: 'module' } } });
const at = (file: string) => path.join(REPO_ROOT, 'apps/tickets/src', file);

tester.run('atrium/file-role', fileRoleRule, {
  valid: [
    { filename: at('tags/tags.service.ts'), code: 'export class TagsService {}' },
    { filename: at('tags/tags.module.ts'), code: '@Module({}) export class TagsModule {}' },
    { filename: at('tags/tags.controller.ts'), code: '@Controller() export class TagsController {}' },
    { filename: at('inbound/inbound.consumer.ts'), code: 'export class InboundConsumer {}' },
    { filename: at('shared/tickets.events.ts'), code: 'export class TicketsEvents {}' },
    { filename: at('events/integration-events.ts'), code: 'export interface IntegrationEventMap {}' },
    { filename: at('tickets/ticket-views.ts'), code: 'export class TicketViews {}' },
    { filename: at('tickets/ticket-transition.ts'), code: 'export function planTransition() {}' },
    { filename: at('tags/tags.service.spec.ts'), code: 'class FakeRepository {}' },
  ],
  invalid: [
    {
      filename: at('queues/deleted-bots.subscriber.ts'),
      code: 'export class DeletedBotsSubscriber {}',
      errors: [{ messageId: 'spelling' }, { messageId: 'retiredRole' }],
    },
    {
      filename: at('queues/deleted-bots.consumer.ts'),
      code: 'export class DeletedBotsSubscriber {}',
      errors: [{ messageId: 'fileWithoutClass' }, { messageId: 'retiredRole' }],
    },
    { filename: at('shared/tickets-events.ts'), code: 'export class TicketsEvents {}', errors: [{ messageId: 'classInFile' }] },
    {
      filename: at('directory-sync/directory-sync.ts'),
      code: 'export class DirectorySyncConsumer {}',
      errors: [{ messageId: 'classInFile' }],
    },
    { filename: at('chats/chats.events.ts'), code: 'export class ChatsPublisher {}', errors: [{ messageId: 'fileWithoutClass' }] },
    { filename: at('tags/tags-service.ts'), code: 'export class Tags {}', errors: [{ messageId: 'spelling' }] },
    { filename: at('tags/TagsService.ts'), code: 'export class Tags {}', errors: [{ messageId: 'kebab' }] },
    { filename: at('tags/tags.ts'), code: 'export class TagsService {}', errors: [{ messageId: 'classInFile' }] },
    {
      filename: at('tags/tags.repository.ts'),
      code: 'export class TagsService {}',
      errors: [{ messageId: 'fileWithoutClass' }, { messageId: 'classInFile' }],
    },
    {
      filename: at('tags/tags.module.ts'),
      code: '@Module({}) export class Tags {}',
      errors: [{ messageId: 'fileWithoutClass' }, { messageId: 'decorated' }],
    },
    {
      filename: at('tags/tags.service.ts'),
      code: '@Controller() export class TagsController {} export class TagsService {}',
      errors: [{ messageId: 'classInFile' }, { messageId: 'decorated' }],
    },
  ],
});
