import type { OptionItem } from '@relaygate/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client.ts';
import { feedback, showError } from '../../../api/feedback.ts';
import { STATUS_QUERY_KEY } from '../../../status/status.ts';
import { optionMap, type OptionChange, type OptionMap } from '../model/option-fields.ts';
import { outcomeMessageKey, refusalText, saveChanges, type SaveReport } from '../model/save-options.ts';
import { optionLabelKey } from '../sections/option-labels.ts';

export const OPTIONS_QUERY_KEY = ['setting', 'options'] as const;

/** Every option the server lists (secrets are never listed), as key → stored text. */
export function useOptions() {
  return useQuery({
    queryKey: OPTIONS_QUERY_KEY,
    queryFn: async (): Promise<OptionMap> => optionMap(await api.get<OptionItem[]>('/api/option/')),
  });
}

export const putOption = (change: OptionChange) => api.put<unknown>('/api/option/', change);

/**
 * Sends the changes one key per call, shows how it went (saved, some or all refused, with the
 * server's reasons), then reloads the options and the status object (which mirrors several options).
 */
export function useSaveOptions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useCallback(
    async (changes: OptionChange[]): Promise<SaveReport> => {
      const report = await saveChanges(changes, putOption);
      const text = t(outcomeMessageKey(report.outcome));
      if (report.outcome === 'saved') feedback.message?.success(text);
      else if (report.outcome === 'nothing') feedback.message?.info(text);
      else {
        const label = (key: string) => {
          const labelKey = optionLabelKey(key);
          return labelKey ? t(`setting.${labelKey}`) : key;
        };
        const reasons = report.failures.map((failure) => refusalText(failure, label(failure.key))).join('; ');
        showError(new Error(`${text} (${reasons})`));
      }
      if (report.outcome !== 'nothing') {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: OPTIONS_QUERY_KEY }),
          queryClient.invalidateQueries({ queryKey: STATUS_QUERY_KEY }),
        ]);
      }
      return report;
    },
    [queryClient, t],
  );
}
