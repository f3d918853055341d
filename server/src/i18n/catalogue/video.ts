import type { Catalogue } from './types.ts';

/** The video relay's refusals (/v1/videos, /v1/video/generations, /kling/…), in the caller's language. */
export const videoMessages = {
  'video.promptRequired': { en: 'field prompt is required', zh: '缺少 prompt 字段' },
  'video.badSeconds': {
    en: 'seconds must be a whole number from 1 to {max}',
    zh: 'seconds 必须是 1 到 {max} 之间的整数',
  },
  'video.badField': { en: 'field {field} must be a string', zh: '字段 {field} 必须是字符串' },
  'video.taskNotFound': { en: 'task {id} does not exist', zh: '任务 {id} 不存在' },
  'video.noChannel': {
    en: 'no channel serves videos of model {model} in group {group}',
    zh: '分组 {group} 下没有可生成模型 {model} 视频的渠道',
  },
  'video.channelGone': {
    en: 'the channel of this task is no longer available',
    zh: '该任务所在的渠道已不可用',
  },
  'video.notRecorded': {
    en: 'the task was accepted upstream but could not be recorded; nothing was charged, try again',
    zh: '上游已接受任务但网关无法记录，未扣费，请重试',
  },
  'video.upstreamUnreachable': { en: 'the upstream could not be reached', zh: '无法连接上游' },
  'video.upstreamGarbled': {
    en: 'the upstream answered something that is not a video task',
    zh: '上游的回答不是视频任务',
  },
  'video.klingKey': {
    en: "the channel's key is not access_key|secret_key (nor another gateway's sk- key)",
    zh: '渠道密钥不是 access_key|secret_key 格式（也不是另一网关的 sk- 密钥）',
  },
  'video.notReady': { en: 'the video is not ready yet', zh: '视频尚未生成完成' },
  'video.remixSoraOnly': {
    en: 'only a video made through OpenAI (Sora) can be remixed',
    zh: '只有通过 OpenAI（Sora）生成的视频可以 remix',
  },
  'video.inBucket': {
    en: 'the video is in your Cloud Storage bucket: {url}',
    zh: '视频已写入你的 Cloud Storage 存储桶：{url}',
  },
} as const satisfies Catalogue;
