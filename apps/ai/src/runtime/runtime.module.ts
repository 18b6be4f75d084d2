import { Module } from '@nestjs/common';
import { SERVICE_CONFIG } from '@atrium/service-kit';
import { createObjectStorage } from '@atrium/storage';
import type { AiConfig } from '../config.js';
import { BotRegistry } from './bot-registry.js';
import { BotTurnRunner } from './bot-turn-runner.js';
import { BotTurnsConsumer } from './bot-turns.consumer.js';
import { BotTurnsRepository } from './bot-turns.repository.js';
import { MEDIA_STORAGE } from './media-storage.js';
import { SECRET_BOX, SecretBox } from '@atrium/kernel';

/**
 * The ai runtime: the hand-off consumer and what the bot contexts share (the registry they
 * register their sources and engines in, the secret box, the media store).
 */
@Module({
  providers: [
    BotRegistry,
    BotTurnsRepository,
    BotTurnRunner,
    BotTurnsConsumer,
    { provide: SECRET_BOX, inject: [SERVICE_CONFIG], useFactory: (config: AiConfig) => new SecretBox(config.AI_SECRETS_KEY) },
    { provide: MEDIA_STORAGE, inject: [SERVICE_CONFIG], useFactory: (config: AiConfig) => createObjectStorage(config) },
  ],
  exports: [BotRegistry, BotTurnsConsumer, BotTurnsRepository, SECRET_BOX, MEDIA_STORAGE],
})
export class RuntimeModule {}
