import type { Bilingual } from '../i18n/text.ts';

/**
 * What the channel form asks for, per channel type: the ways a key is written and what the
 * `other` field holds. The console renders these (in the reader's language) instead of knowing
 * any type itself; the relay's parsers of the same keys are held to them by the catalogue's tests.
 */

/** One way a type takes its key. */
export interface KeyFormat {
  label: Bilingual;
  /** A key in this format, fake but well formed (the placeholder; tests parse it). */
  example: string;
  /** What every key line must match (JavaScript source); undefined when any text goes. */
  pattern?: string;
  /** A JSON document (a service account) rather than one line. */
  multiline?: true;
  /** What the form says of a key that does not match, naming the format expected. */
  hint: Bilingual;
}

/** What the `other` field means for a type that uses it. */
export interface OtherField {
  label: Bilingual;
  placeholder: string;
  required?: true;
  /** What it holds when left empty (the server fills it in on save). */
  default?: string;
  hint?: Bilingual;
}

/** Any key: one line of text, as most providers issue (Bearer tokens). */
export const API_KEY: KeyFormat = {
  label: { en: 'API key', zh: 'API 密钥' },
  example: 'sk-…',
  hint: { en: 'the API key the provider issued', zh: '服务商签发的 API 密钥' },
};

// A region as AWS names them: us-east-1, eu-central-2, ap-southeast-1, us-gov-west-1, cn-north-1.
export const AWS_REGION_PATTERN = '[a-z]{2}(-[a-z]+)+-\\d{1,2}';

export const BEDROCK_ACCESS_KEYS: KeyFormat = {
  label: { en: 'Access key pair (SigV4)', zh: '访问密钥对（SigV4 签名）' },
  example: 'AKIAIOSFODNN7EXAMPLE|wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY|us-east-1',
  pattern: `^[^|\\s]+\\|[^|\\s]+\\|${AWS_REGION_PATTERN}$`,
  hint: {
    en: 'AccessKeyId|SecretAccessKey|region, e.g. AKIA…|…|us-east-1',
    zh: 'AccessKeyId|SecretAccessKey|区域，例如 AKIA…|…|us-east-1',
  },
};

export const BEDROCK_API_KEY: KeyFormat = {
  label: { en: 'Bedrock API key', zh: 'Bedrock API 密钥' },
  example: 'ABSKQmVkcm9ja0FQSUtleS1leGFtcGxl|us-west-2',
  pattern: `^[^|\\s]+\\|${AWS_REGION_PATTERN}$`,
  hint: {
    en: 'BedrockApiKey|region, e.g. ABSK…|us-west-2',
    zh: 'Bedrock API 密钥|区域，例如 ABSK…|us-west-2',
  },
};

export const VERTEX_SERVICE_ACCOUNT: KeyFormat = {
  label: { en: 'Service account JSON', zh: '服务账号 JSON' },
  example: '{"type": "service_account", "project_id": "…", "client_email": "…", "private_key": "…"}',
  pattern: '^\\s*[[{]',
  multiline: true,
  hint: {
    en: "the service account's JSON key file, as Google Cloud downloads it",
    zh: 'Google Cloud 下载的服务账号 JSON 密钥文件内容',
  },
};

export const ZHIPU_KEY: KeyFormat = {
  label: { en: 'API key (id.secret)', zh: 'API 密钥（id.secret）' },
  example: '0123456789abcdef.0123456789abcdef',
  pattern: '^[^.\\s]+\\.[^.\\s]+$',
  hint: { en: 'the API key as Zhipu issues it: id.secret', zh: '智谱签发的 API 密钥：id.secret' },
};

export const KLING_ACCESS_KEYS: KeyFormat = {
  label: { en: 'Access key pair (JWT)', zh: '访问密钥对（JWT 签名）' },
  example: 'AkXyExampleAccessKey|SkXyExampleSecretKey',
  pattern: '^[^|\\s]+\\|[^|\\s]+$',
  hint: {
    en: 'AccessKey|SecretKey as Kling issues them (signed into a JWT per call); an sk- key of another gateway also goes',
    zh: '可灵签发的 AccessKey|SecretKey（每次调用签成 JWT）；也可填另一网关的 sk- 密钥',
  },
};

export const VOLC_ACCESS_KEYS: KeyFormat = {
  label: { en: 'Access key pair', zh: '访问密钥对' },
  example: 'AKLTExampleAccessKeyId|ExampleSecretAccessKey==',
  pattern: '^[^|\\s]+\\|[^|\\s]+$',
  hint: {
    en: "AccessKeyId|SecretAccessKey of VolcEngine's access control (signed per call)",
    zh: '火山引擎访问控制的 AccessKeyId|SecretAccessKey（每次调用签名）',
  },
};

export const VIDU_KEY: KeyFormat = {
  label: { en: 'API key', zh: 'API 密钥' },
  example: 'your-vidu-api-key',
  pattern: '^\\S+$',
  hint: {
    en: "the API key from Vidu's platform (sent as Authorization: Token …)",
    zh: 'Vidu 开放平台的 API 密钥（以 Authorization: Token … 发送）',
  },
};

export const ARK_API_KEY: KeyFormat = {
  label: { en: 'Ark API key', zh: '方舟 API Key' },
  example: '0123abcd-4567-89ef-0123-456789abcdef',
  pattern: '^\\S+$',
  hint: {
    en: "the API key of VolcEngine Ark's console (Bearer), the same as the VolcEngine chat type's",
    zh: '火山方舟控制台的 API Key（Bearer 发送），与火山引擎对话渠道所用相同',
  },
};

/** The API version an Azure channel whose `other` is empty calls. */
export const AZURE_DEFAULT_API_VERSION = '2025-04-01-preview';

export const AZURE_API_VERSION: OtherField = {
  label: { en: 'Default API version', zh: '默认 API 版本' },
  placeholder: AZURE_DEFAULT_API_VERSION,
  hint: { en: `left empty: ${AZURE_DEFAULT_API_VERSION}`, zh: `留空即 ${AZURE_DEFAULT_API_VERSION}` },
};

export const SPARK_VERSION: OtherField = {
  label: { en: 'Model version', zh: '模型版本' },
  placeholder: 'v2.1',
  default: 'v2.1',
};

export const CLOUDFLARE_ACCOUNT: OtherField = {
  label: { en: 'Account ID', zh: '账户 ID（Account ID）' },
  placeholder: '023e105f4ecef8ad9ca31a8372d0c353',
  required: true,
  hint: {
    en: "the account id in your Cloudflare dashboard's URL",
    zh: 'Cloudflare 控制台地址中的账户 ID',
  },
};

export const VERTEX_REGION: OtherField = {
  label: { en: 'Region', zh: '区域' },
  placeholder: 'us-central1',
  hint: {
    en: 'a region (us-east5), or JSON of model → region with a default: {"default": "global", "claude-sonnet-4-5": "us-east5"}; left empty: global',
    zh: '一个区域（如 us-east5），或 模型 → 区域 的 JSON（含 default）：{"default": "global", "claude-sonnet-4-5": "us-east5"}；留空即 global',
  },
};

export const HUNYUAN_TC3_KEY: KeyFormat = {
  label: { en: 'Tencent Cloud key (TC3 signature)', zh: '腾讯云密钥（TC3 签名）' },
  example: '1300000000|AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE|Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
  pattern: '^\\d+\\|[^|\\s]+\\|[^|\\s]+$',
  hint: { en: 'AppId|SecretId|SecretKey', zh: 'AppId|SecretId|SecretKey' },
};

export const COZE_BOT: OtherField = {
  label: { en: 'Bot ID', zh: '智能体 ID（Bot ID）' },
  placeholder: '7342866812345678901',
  hint: {
    en: "the bot to chat with; left empty, the model's name is taken as the bot id",
    zh: '对话所用的智能体；留空则以模型名称作为智能体 ID',
  },
};
