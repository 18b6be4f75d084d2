import { Module } from '@nestjs/common';
import { CompanyCalendar } from './dates.js';
import { IdentityEvents } from './identity.events.js';
import { PasswordHasher } from './password-hasher.js';

const exported = [CompanyCalendar, PasswordHasher, IdentityEvents];

/** What every context of the service uses: the company calendar, the password hasher and the live events. */
@Module({ providers: exported, exports: exported })
export class SharedModule {}
