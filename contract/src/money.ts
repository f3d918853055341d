/** redemptions.status (spec §4): a code is unused, disabled by an admin, or used. */
export const RedemptionStatus = { Unused: 1, Disabled: 2, Used: 3 } as const;

/** A redemption code as an admin sees it. */
export interface RedemptionView {
  id: number;
  user_id: number;
  key: string;
  status: number;
  name: string;
  quota: number;
  created_time: number;
  redeemed_time: number;
  used_user_id: number;
  /** 0: never expires. */
  expired_time: number;
}

export const REDEMPTION_KEY_LENGTH = 32;
export const REDEMPTION_NAME_MAX_LENGTH = 20;
export const REDEMPTION_BATCH_MAX_COUNT = 100;

/** top_ups.status */
export const TopUpStatus = {
  Pending: 'pending',
  Success: 'success',
  Failed: 'failed',
  Expired: 'expired',
} as const;

/** One online top-up order. `amount` is in units of the site currency (dollars); `money` is what was paid. */
export interface TopUpView {
  id: number;
  user_id: number;
  amount: number;
  money: number;
  trade_no: string;
  payment_method: string;
  create_time: number;
  complete_time: number;
  status: string;
}

/** The payment methods of the EPay protocol (Alipay, WeChat Pay). */
export const EPAY_METHODS = ['zfb', 'wx'] as const;
export type EpayMethod = (typeof EPAY_METHODS)[number];

/** What POST /api/user/pay answers: the browser posts `data` as a form to `url`. */
export interface PayForm {
  url: string;
  data: Record<string, string>;
}

/** One model on the pricing page (new-api §11.4). */
export interface PricingEntry {
  model_name: string;
  /** 0: billed by tokens with ratios; 1: a fixed price per call. */
  quota_type: 0 | 1;
  model_ratio: number;
  model_price: number;
  completion_ratio: number;
  owner_by: string;
  /** The groups whose enabled channels serve the model. */
  enable_groups: string[];
}

export interface PricingAnswer {
  success: boolean;
  message: string;
  data: PricingEntry[];
  /** Ratio of every group the caller may choose. */
  group_ratio: Record<string, number>;
  /** The groups the caller may use, with their descriptions. */
  usable_group: Record<string, string>;
}
