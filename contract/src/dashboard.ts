/**
 * One row of GET /api/data/ and /api/data/self: a model's consumption in one hour, for one user
 * (or everyone's summed, user_id 0 and username empty, on the admin endpoint without a username).
 */
export interface QuotaDataItem {
  user_id: number;
  username: string;
  model_name: string;
  /** Start of the hour, unix seconds. */
  created_at: number;
  count: number;
  quota: number;
  token_used: number;
}
