import { ONBOARDING_STEPS, type OnboardingStep, type OnboardingView } from '@atrium/contracts';

/** The checklist in its fixed order from what is done. */
export function onboardingView(done: Record<OnboardingStep, boolean>, dismissed: boolean): OnboardingView {
  const steps = ONBOARDING_STEPS.map((key) => ({ key, done: done[key] }));
  return { dismissed, complete: steps.every((step) => step.done), steps };
}
