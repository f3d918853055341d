import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from './feedback.ts';

/**
 * A write to the API that shows the server's message on failure, a success notice when it works,
 * and refreshes the listed queries afterwards.
 */
export function useApiMutation<TInput, TResult>(
  write: (input: TInput) => Promise<TResult>,
  options: {
    invalidate?: QueryKey[];
    successMessage?: string | false;
    onSuccess?: (result: TResult, input: TInput) => void;
    /** After the error is shown: e.g. a form marks the fields the refusal is about. */
    onError?: (error: Error, input: TInput) => void;
  } = {},
) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: write,
    onError: (error, input) => {
      showError(error);
      options.onError?.(error, input);
    },
    onSuccess: async (result, input) => {
      if (options.successMessage !== false) showSuccess(options.successMessage ?? t('common.success'));
      options.onSuccess?.(result, input);
      await Promise.all(
        (options.invalidate ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
