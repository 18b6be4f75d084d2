import type { CampaignEventPayload } from '@atrium/contracts';
import { useAppDispatch } from '../../../app/hooks';
import { useSessionUser } from '../../auth/hooks/use-session.hook';
import { socketEvents } from '../../realtime/realtime-events';
import { useSocketEvent } from '../../realtime/socket.context';
import { campaignsApi } from '../api/campaigns.api';

/**
 * Live `company-{id}-campaign` (spec 001 "Live lists"): an update replaces the campaign where it is
 * cached (the list page of `searchParam`, the report), a delete removes it, a create reloads the
 * list. Progress arrives as updates, a few per second. `onEvent` sees every event (the report's
 * extra reactions).
 */
export function useCampaignsLive(searchParam: string | null, onEvent?: (event: CampaignEventPayload) => void): void {
  const { companyId } = useSessionUser();
  const dispatch = useAppDispatch();
  useSocketEvent(socketEvents.campaign(companyId), (event) => {
    if (event.action === 'delete') {
      const { id } = event;
      if (searchParam !== null) {
        dispatch(
          campaignsApi.util.updateQueryData('campaignsPage', searchParam, (draft) => {
            for (const page of draft.pages) page.records = page.records.filter((campaign) => campaign.id !== id);
          }),
        );
      }
    } else if (event.action === 'create') {
      dispatch(campaignsApi.util.invalidateTags(['Campaigns']));
    } else {
      const { record } = event;
      dispatch(campaignsApi.util.updateQueryData('campaign', record.id, () => record));
      if (searchParam !== null) {
        dispatch(
          campaignsApi.util.updateQueryData('campaignsPage', searchParam, (draft) => {
            for (const page of draft.pages) {
              const index = page.records.findIndex((campaign) => campaign.id === record.id);
              if (index >= 0) page.records[index] = record;
            }
          }),
        );
      }
    }
    onEvent?.(event);
  });
}
