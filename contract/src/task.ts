/** A drawing (Midjourney) task of GET /api/mj/ and /api/mj/self/. Times are unix milliseconds. */
export interface MidjourneyView {
  id: number;
  user_id: number;
  code: number;
  action: string;
  mj_id: string;
  prompt: string;
  prompt_en: string;
  description: string;
  submit_time: number;
  start_time: number;
  finish_time: number;
  image_url: string;
  video_url: string;
  status: string;
  progress: string;
  fail_reason: string;
  /** 0 for non-admins. */
  channel_id: number;
  quota: number;
}

/** An asynchronous (music, video) task of GET /api/task/ and /api/task/self. Times are unix seconds. */
export interface TaskView {
  id: number;
  user_id: number;
  created_at: number;
  task_id: string;
  platform: string;
  action: string;
  status: string;
  fail_reason: string;
  submit_time: number;
  start_time: number;
  finish_time: number;
  progress: string;
  /** 0 for non-admins. */
  channel_id: number;
  quota: number;
}

/** Drawing task statuses (spec §9). */
export const MJ_STATUSES = ['SUCCESS', 'NOT_START', 'SUBMITTED', 'IN_PROGRESS', 'FAILURE', 'MODAL'] as const;
/** Generic task statuses (spec §9); an empty status means still submitting. */
export const TASK_STATUSES = [
  'SUCCESS',
  'NOT_START',
  'SUBMITTED',
  'IN_PROGRESS',
  'FAILURE',
  'QUEUED',
  'UNKNOWN',
  '',
] as const;
