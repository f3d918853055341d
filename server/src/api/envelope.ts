import type { ApiEnvelope } from '@relaygate/contract';

export const ok = <T>(data?: T, message = ''): ApiEnvelope<T> =>
  data === undefined ? { success: true, message } : { success: true, message, data };

export const fail = (message: string): ApiEnvelope<never> => ({ success: false, message });
