import type { TokenView } from '@relaygate/contract';

/** The languages of the "how to call" examples, in the order their tabs show. */
export const EXAMPLE_LANGUAGES = ['curl', 'python', 'node'] as const;
export type ExampleLanguage = (typeof EXAMPLE_LANGUAGES)[number];

/** The model an example names when the key may use none we know of (a placeholder to replace). */
export const PLACEHOLDER_MODEL = 'MODEL_NAME';

/** The OpenAI-compatible base URL of the gateway at `address` (what SDKs call base_url). */
export const apiBaseUrl = (address: string): string => `${address.replace(/\/+$/, '')}/v1`;

/**
 * The model the examples call: the key's first allowed model when it is restricted to some, else the
 * first model the user may use, else null (none known: the examples name a placeholder).
 */
export function exampleModel(
  token: Pick<TokenView, 'model_limits_enabled' | 'model_limits'>,
  userModels: readonly string[] | undefined,
): string | null {
  const allowed = token.model_limits_enabled
    ? token.model_limits
        .split(',')
        .map((model) => model.trim())
        .filter(Boolean)
    : [];
  return allowed[0] ?? userModels?.[0] ?? null;
}

/** A text inside single quotes in a POSIX shell. */
const shellQuoted = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * One chat completion through the gateway in each language; `key` as it should read (masked on the
 * screen, whole in what is copied). JSON string literals are valid in Python and JavaScript alike.
 */
export function callExamples(input: {
  baseUrl: string;
  key: string;
  model: string;
}): Record<ExampleLanguage, string> {
  const { baseUrl, key, model } = input;
  const body = JSON.stringify({ model, messages: [{ role: 'user', content: 'Hello!' }] });
  const text = JSON.stringify;
  return {
    curl: [
      `curl ${shellQuoted(`${baseUrl}/chat/completions`)} \\`,
      `  -H ${shellQuoted(`Authorization: Bearer ${key}`)} \\`,
      `  -H 'Content-Type: application/json' \\`,
      `  -d ${shellQuoted(body)}`,
    ].join('\n'),
    python: [
      '# pip install openai',
      'from openai import OpenAI',
      '',
      `client = OpenAI(base_url=${text(baseUrl)}, api_key=${text(key)})`,
      'reply = client.chat.completions.create(',
      `    model=${text(model)},`,
      '    messages=[{"role": "user", "content": "Hello!"}],',
      ')',
      'print(reply.choices[0].message.content)',
    ].join('\n'),
    node: [
      '// npm install openai',
      "import OpenAI from 'openai';",
      '',
      `const client = new OpenAI({ baseURL: ${text(baseUrl)}, apiKey: ${text(key)} });`,
      'const reply = await client.chat.completions.create({',
      `  model: ${text(model)},`,
      "  messages: [{ role: 'user', content: 'Hello!' }],",
      '});',
      'console.log(reply.choices[0].message.content);',
    ].join('\n'),
  };
}
