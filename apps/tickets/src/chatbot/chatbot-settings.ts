import { Inject, Injectable } from '@nestjs/common';
import { CompanySettings } from '@atrium/kernel';
import { SERVICE_CONFIG } from '@atrium/service-kit';
import type { TicketsConfig } from '../config.js';
import type { ChatbotPrepared } from './chatbot-planner.js';
import { CompanyHours } from './company-hours.js';

/**
 * What the chatbot needs of a company that lives in other services (settings kept by identity):
 * before the transaction that stores its customers' messages, the settings it follows and the
 * business hours that count (the company's own only when scheduleType is `company`).
 */
@Injectable()
export class ChatbotSettings {
  constructor(
    @Inject(CompanySettings) private readonly settings: CompanySettings,
    @Inject(CompanyHours) private readonly companyHours: CompanyHours,
    @Inject(SERVICE_CONFIG) private readonly config: TicketsConfig,
  ) {}

  async prepare(companyId: number): Promise<ChatbotPrepared> {
    const settings = await this.settings.of(companyId);
    return {
      scheduleType: settings.scheduleType,
      companyHours: settings.scheduleType === 'company' ? await this.companyHours.of(companyId) : [],
      // the company's time zone (setting `timezone`), the platform's when it has none
      timeZone: settings.timezone || this.config.TIME_ZONE,
      greetOneQueue: settings.sendGreetingMessageOneQueues === 'enabled',
    };
  }

  /** The company's time zone (setting `timezone`), the platform's when it has none. */
  timeZone(companyId: number): Promise<string> {
    return this.settings.timeZone(companyId, this.config.TIME_ZONE);
  }

  /** Setting `userRating`: a resolve asks the customer for a rating. */
  ratingsEnabled(companyId: number): Promise<boolean> {
    return this.settings.enabled(companyId, 'userRating');
  }
}
