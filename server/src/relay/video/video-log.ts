import { LogType } from '@relaygate/contract';
import type { NewLog } from '../../store/log-writer.ts';
import type { TaskRow } from '../../store/video-tasks.ts';
import type { VideoPrivateData } from './video-task-data.ts';

/**
 * The log row of a video whose final duration differs from the one it was charged for: a
 * consumption of the extra when it came out longer, a refund of the rest when shorter.
 */
export function durationDifferenceLog(
  row: TaskRow,
  data: VideoPrivateData,
  finalSeconds: number,
  difference: number,
): NewLog {
  const reason = `duration ${finalSeconds}s instead of ${data.seconds}s`;
  return {
    user_id: Number(row.user_id),
    type: difference > 0 ? LogType.Consume : LogType.Refund,
    content: `task ${row.task_id} settled: ${reason}`,
    token_id: data.token_id,
    model_name: data.model,
    channel_id: Number(row.channel_id),
    group: row.group,
    other: JSON.stringify({
      task_id: row.task_id,
      reason,
      seconds: finalSeconds,
      charged_seconds: data.seconds,
    }),
  };
}
