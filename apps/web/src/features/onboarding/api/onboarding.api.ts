import type { OnboardingView } from '@atrium/contracts';
import { api } from '../../../shared/api/api';

export const onboardingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /onboarding (admins): the first-run checklist, read afresh at every visit of the dashboard. */
    onboarding: build.query<OnboardingView, void>({
      query: () => '/onboarding',
      keepUnusedDataFor: 0,
    }),
    /** PUT /onboarding: closes (or shows again) the checklist for the company's admins. */
    dismissOnboarding: build.mutation<OnboardingView, boolean>({
      query: (dismissed) => ({ url: '/onboarding', method: 'PUT', body: { dismissed } }),
      async onQueryStarted(_dismissed, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(onboardingApi.util.upsertQueryData('onboarding', undefined, data));
      },
    }),
  }),
});

export const { useOnboardingQuery, useDismissOnboardingMutation } = onboardingApi;
