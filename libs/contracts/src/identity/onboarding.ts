import { Transform } from 'class-transformer';
import { IsBoolean } from 'class-validator';
import { booleanish } from '../transforms.js';

/**
 * The first-run checklist of a new company's dashboard (issue 24), in the order it shows: a
 * WhatsApp connection, a queue, an agent besides the first admin, a greeting (of a connection or
 * a queue, the text the menu opens with).
 */
export const ONBOARDING_STEPS = ['connection', 'queue', 'agent', 'greeting'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** GET /onboarding (admins): each step done when its data exists; `dismissed` once an admin closed it. */
export interface OnboardingView {
  dismissed: boolean;
  /** Every step done: nothing left to show, dismissed or not. */
  complete: boolean;
  steps: Array<{ key: OnboardingStep; done: boolean }>;
}

/** PUT /onboarding: close (or show again) the checklist for the whole company. */
export class OnboardingUpdateDto {
  @Transform(booleanish) @IsBoolean() dismissed!: boolean;
}
