/**
 * The video vendors' answers as their own documentation shows them (no recording of these vendors
 * is kept in the fixtures): each builder names where its shape comes from; ids, states, addresses
 * and failure messages are the test's.
 */

/** Vidu's prompt in the examples. */
export const VIDU_PROMPT = 'an astronaut in a spacesuit walks through the fog';

/**
 * Vidu's answer to a submission, with the fields its documentation lists for it (task_id, state,
 * model, prompt, duration, seed, aspect_ratio, resolution, movement_amplitude, payload, credits,
 * created_at): https://platform.vidu.com/docs/text-to-video.
 */
export const viduSubmitted = (taskId: string, changes: Record<string, unknown> = {}) => ({
  task_id: taskId,
  state: 'created',
  model: 'viduq1',
  prompt: VIDU_PROMPT,
  duration: 5,
  seed: 123456789,
  aspect_ratio: '16:9',
  resolution: '1080p',
  movement_amplitude: 'auto',
  payload: '',
  credits: 4,
  created_at: '2025-01-01T15:41:31.968916Z',
  ...changes,
});

/**
 * Vidu's answer about a task, as its documentation's example of GET /ent/v2/tasks/{id}/creations
 * (https://platform.vidu.com/docs/get-generation), the state and the result's address changed.
 */
export const viduCreations = (state: string, url = '', changes: Record<string, unknown> = {}) => ({
  state,
  err_code: '',
  credits: 4,
  payload: '',
  creations: url ? [{ id: 'your_creations_id', url, cover_url: 'your_generated_results_cover_url' }] : [],
  ...changes,
});

export const viduPollPath = (id: string) => `/ent/v2/tasks/${id}/creations`;

/** Ark's path of content generation tasks. */
export const ARK_TASKS = '/api/v3/contents/generations/tasks';

/**
 * Ark's answers as its documentation shows them (https://www.volcengine.com/docs/82379/1393047;
 * the create and query examples as its API reference reproduces them at
 * https://apifox.com/apidoc/docs-site/5437846/265914813e0 and …/265919615e0): the task's id, and
 * the task, its status and address changed per state.
 */
export const arkCreated = (id: string) => ({ id });
export const arkTask = (status: string, changes: Record<string, unknown> = {}) => ({
  model: 'doubao-****-**',
  status,
  created_at: '1718049470',
  updated_at: '1718049470',
  ...changes,
});
export const arkSucceeded = (url: string) =>
  arkTask('succeeded', {
    content: { video_url: url },
    usage: { completion_tokens: 35800, total_tokens: 35800 },
  });

export const MINIMAX_QUERY = '/v1/query/video_generation';
export const MINIMAX_RETRIEVE = '/v1/files/retrieve';

/**
 * MiniMax's answers with the fields its API reference gives them: the task's id and base_resp for
 * a new task (https://platform.minimaxi.com/docs/api-reference/video-generation-intro); task_id,
 * status (Preparing, Queueing, Processing, Success, Fail), file_id, video_width, video_height and
 * base_resp for a task (…/video-generation-query); and the file, as the example of
 * …/video-generation-download, its download_url the test's.
 */
const MINIMAX_OK = { status_code: 0, status_msg: 'success' };
export const minimaxCreated = (taskId: string) => ({ task_id: taskId, base_resp: MINIMAX_OK });
export const minimaxQueried = (taskId: string, status: string, changes: Record<string, unknown> = {}) => ({
  task_id: taskId,
  status,
  base_resp: MINIMAX_OK,
  ...changes,
});
export const minimaxRetrieved = (fileId: string, url: string) => ({
  file: {
    file_id: fileId,
    bytes: 0,
    created_at: 1700469398,
    filename: 'output_aigc.mp4',
    purpose: 'video_generation',
    download_url: url,
  },
  base_resp: MINIMAX_OK,
});

export const DASHSCOPE_SYNTHESIS = '/api/v1/services/aigc/video-generation/video-synthesis';
export const DASHSCOPE_TASKS = '/api/v1/tasks';

/**
 * DashScope's answers: a new task's output (task_id, task_status) and request_id as Alibaba's
 * documentation of the Wan API lists them
 * (https://www.alibabacloud.com/help/en/model-studio/text-to-video-api-reference); a task as
 * DashScope's query example, reproduced at
 * https://s.apifox.cn/ef5ff055-4fd6-4acc-bf24-d05a51d4e537/339611922e0, its status and address
 * changed per state.
 */
export const dashscopeCreated = (taskId: string) => ({
  output: { task_status: 'PENDING', task_id: taskId },
  request_id: '4909100c-7b5a-9f92-bfe5-xxxxxx',
});
export const dashscopeQueried = (taskId: string, status: string, changes: Record<string, unknown> = {}) => ({
  request_id: '4c87e22d-dfaf-95bb-aadc-xxxxxx',
  output: {
    task_id: taskId,
    task_status: status,
    submit_time: '2025-07-27 21:05:15.212',
    scheduled_time: '2025-07-27 21:05:15.232',
    ...changes,
  },
});
