import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { showError, showSuccess } from '../api/feedback.ts';

/**
 * A write to the API that shows the server's message on failure, a success notice when it works,
 * and refreshes the listed queries afterwards.
 */
export function useApiMutation<TInput, TResult>(
  write: (input: TInput) => Promise<TResult>,
  options: {
    invalidate?: QueryKey[];
    /**
     * What the user is told when it worked: say what was done ("Channel deleted", not "Success"),
     * from the result and the input where they name it; false for no notice (the caller shows one).
     */
    successMessage: string | false | ((result: TResult, input: TInput) => string);
    onSuccess?: (result: TResult, input: TInput) => void;
    /** After the error is shown: e.g. a form marks the fields the refusal is about. */
    onError?: (error: Error, input: TInput) => void;
  },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onError: (error, input) => {
      showError(error);
      options.onError?.(error, input);
    },
    onSuccess: async (result, input) => {
      const { successMessage } = options;
      if (successMessage !== false)
        showSuccess(typeof successMessage === 'function' ? successMessage(result, input) : successMessage);
      options.onSuccess?.(result, input);
      await Promise.all(
        (options.invalidate ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
