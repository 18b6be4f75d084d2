import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/notify/error-popup';
import { toast } from '../../../shared/notify/notifier';
import { useCancelCampaignMutation, useRestartCampaignMutation } from '../api/campaigns.api';

/** Cancel and restart, with their toasts; a failure shows its message (spec 001 section 8). */
export function useCampaignCommands(): { cancel: (id: number) => Promise<void>; restart: (id: number) => Promise<void>; busy: boolean } {
  const { t } = useTranslation('campaigns');
  const [cancelCampaign, cancelling] = useCancelCampaignMutation();
  const [restartCampaign, restarting] = useRestartCampaignMutation();
  return {
    cancel: async (id) => {
      try {
        await cancelCampaign(id).unwrap();
        toast.success(t('toasts.cancelled'));
      } catch (error) {
        toastError(error);
      }
    },
    restart: async (id) => {
      try {
        await restartCampaign(id).unwrap();
        toast.success(t('toasts.restarted'));
      } catch (error) {
        toastError(error);
      }
    },
    busy: cancelling.isLoading || restarting.isLoading,
  };
}
