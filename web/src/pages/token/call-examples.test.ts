import { describe, expect, it } from 'vitest';
import { apiBaseUrl, callExamples, exampleModel } from './call-examples.ts';

const BASE = 'https://gw.example/v1';
const KEY = 'sk-abc123';

describe('call examples', () => {
  it('adds /v1 to the gateway address, once', () => {
    expect(apiBaseUrl('https://gw.example')).toBe(BASE);
    expect(apiBaseUrl('http://10.0.0.1:3000/base/')).toBe('http://10.0.0.1:3000/base/v1');
  });

  it("picks the key's first allowed model, else the user's first, else none", () => {
    expect(exampleModel({ model_limits_enabled: true, model_limits: ' gpt-4o , o3' }, ['x'])).toBe('gpt-4o');
    expect(exampleModel({ model_limits_enabled: false, model_limits: 'gpt-4o' }, ['x', 'y'])).toBe('x');
    expect(exampleModel({ model_limits_enabled: true, model_limits: '' }, ['x'])).toBe('x');
    expect(exampleModel({ model_limits_enabled: false, model_limits: '' }, [])).toBeNull();
    expect(exampleModel({ model_limits_enabled: false, model_limits: '' }, undefined)).toBeNull();
  });

  it('calls the chat completions of the base URL with the key in curl', () => {
    const { curl } = callExamples({ baseUrl: BASE, key: KEY, model: 'gpt-4o' });
    expect(curl).toContain(`curl 'https://gw.example/v1/chat/completions'`);
    expect(curl).toContain(`-H 'Authorization: Bearer sk-abc123'`);
    const body = /-d '(.*)'$/.exec(curl)?.[1];
    expect(JSON.parse(body ?? '')).toEqual({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'Hello!' }],
    });
  });

  it('quotes a model name with a single quote so the shell reads it whole', () => {
    const { curl } = callExamples({ baseUrl: BASE, key: KEY, model: "it's" });
    expect(curl).toContain(`"model":"it'\\''s"`);
  });

  it('gives the OpenAI SDKs the base URL and the key', () => {
    const { python, node } = callExamples({ baseUrl: BASE, key: KEY, model: 'gpt-4o' });
    expect(python).toContain('client = OpenAI(base_url="https://gw.example/v1", api_key="sk-abc123")');
    expect(python).toContain('model="gpt-4o"');
    expect(node).toContain('new OpenAI({ baseURL: "https://gw.example/v1", apiKey: "sk-abc123" })');
    expect(node).toContain('model: "gpt-4o"');
  });
});
