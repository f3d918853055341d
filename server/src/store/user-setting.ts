/** The parts of a user's `setting` JSON the server acts on (the console keeps more in it). */
export interface UserSetting {
  /** Calls to a model with no price are accepted and charged at the unset ratio (new-api's). */
  accept_unset_model_ratio_model?: boolean;
  record_ip_log?: boolean;
}

/** A user's `setting` column; an empty or broken one reads as no settings. */
export function readUserSetting(text: string | null): UserSetting {
  try {
    const parsed: unknown = JSON.parse(text ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as UserSetting) : {};
  } catch {
    return {};
  }
}
