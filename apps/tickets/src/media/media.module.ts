import { Module } from '@nestjs/common';
import { MediaFiles } from './media-files.js';
import { MediaReferencesRepository } from './media-references.repository.js';

const exported = [MediaFiles, MediaReferencesRepository];

/** Stored conversation files: what references them, holds, and removal once nothing does. */
@Module({ providers: exported, exports: exported })
export class MediaModule {}
