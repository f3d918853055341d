/** The channel drawer's values and what the server takes from it: the shapes the form's helpers share. */

/** The drawer's fields (antd Form name "channel"). */
export interface ChannelFormValues {
  type: number;
  name: string;
  /** One key, or one key per line in batch mode; blank on edit keeps the stored key. */
  key: string;
  batch: boolean;
  base_url: string;
  other: string;
  openai_organization: string;
  models: string[];
  groups: string[];
  model_mapping: string;
  status_code_mapping: string;
  setting: string;
  test_model: string;
  auto_ban: boolean;
  priority: number | null;
  weight: number | null;
  max_input_tokens: number | null;
  concurrency_limit: number | null;
  tag: string;
  remark: string;
}

/** What POST/PUT /api/channel/ take (`group` comma-separated, `models` comma-separated). */
export interface ChannelPayload {
  id?: number;
  type: number;
  name: string;
  key?: string;
  base_url: string;
  other: string;
  openai_organization: string;
  models: string;
  group: string;
  model_mapping: string;
  status_code_mapping: string;
  setting: string;
  test_model: string;
  auto_ban: 0 | 1;
  priority?: number;
  weight?: number;
  max_input_tokens?: number;
  concurrency_limit?: number;
  tag: string;
  remark: string;
}
