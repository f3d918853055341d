import { LogType } from '@relaygate/contract';
import type { NewLog } from '../../store/log-writer.ts';
import type { Caller } from '../call/caller.ts';
import type { TaskPrice } from './task-price.ts';

export interface TaskCall {
  caller: Caller;
  channelId: number;
  requestId: string;
  ip: string;
  startedAt: number;
}

/** The consumption log row of an accepted task submission; its quota is filled in when charged. */
export function taskSubmitLog(call: TaskCall, price: TaskPrice, action: string, taskId: string): NewLog {
  const { caller } = call;
  return {
    user_id: caller.userId,
    username: caller.username,
    type: LogType.Consume,
    content: `model price ${price.price.modelPrice}, group ratio ${price.price.groupRatio}, action ${action}, ID ${taskId}`,
    token_name: caller.tokenName,
    token_id: caller.tokenId,
    model_name: price.model,
    use_time: Math.round((Date.now() - call.startedAt) / 1000),
    channel_id: call.channelId,
    group: caller.group,
    ip: caller.recordIp ? call.ip : '',
    request_id: call.requestId,
    other: JSON.stringify({
      model_price: price.price.perCall ? price.price.modelPrice : -1,
      model_ratio: price.price.modelRatio,
      group_ratio: price.price.groupRatio,
      task_id: taskId,
    }),
  };
}

/** What a refund log row says about its task. */
export interface RefundedTask {
  userId: number;
  username?: string;
  tokenId: number;
  channelId: number;
  model: string;
  taskId: string;
  reason: string;
}

/** The refund log row of a failed or timed-out task (new-api's LogTypeRefund). */
export function taskRefundLog(task: RefundedTask): NewLog {
  return {
    user_id: task.userId,
    username: task.username ?? '',
    type: LogType.Refund,
    content: `task ${task.taskId} refunded: ${task.reason}`,
    token_id: task.tokenId,
    model_name: task.model,
    channel_id: task.channelId,
    other: JSON.stringify({ task_id: task.taskId, reason: task.reason }),
  };
}
