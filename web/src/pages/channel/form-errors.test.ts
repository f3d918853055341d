import { describe, expect, it } from 'vitest';
import { refusalFields } from './form-errors.ts';

describe('refusalFields', () => {
  it('marks the field a server refusal names, in English', () => {
    expect(refusalFields('base URL must be an http:// or https:// address')).toEqual(['base_url']);
    expect(refusalFields('model mapping contains a cycle: a → b → a')).toEqual(['model_mapping']);
    expect(refusalFields('status code mapping must be a JSON object of 3-digit status codes')).toEqual([
      'status_code_mapping',
    ]);
    expect(refusalFields('please select at least one model')).toEqual(['models']);
    expect(refusalFields('group name is too long (at most 64 characters): x…')).toEqual(['groups']);
    expect(refusalFields('a key must be at most 900000 characters')).toEqual(['key']);
    expect(refusalFields('please fill in channel name and key')).toEqual(['name', 'key']);
    expect(refusalFields('priority must be an integer of at least -999')).toEqual(['priority']);
    expect(refusalFields('invalid parameter: max_input_tokens: must be an integer')).toEqual([
      'max_input_tokens',
    ]);
    expect(refusalFields('setting must be a valid JSON object')).toEqual(['setting']);
  });

  it('asks for the key again when a moved channel needs it, not for the base URL', () => {
    expect(
      refusalFields(
        'changing the base URL or type of a channel requires entering its key again in the same request',
      ),
    ).toEqual(['key']);
    expect(refusalFields('修改渠道的 Base URL 或类型时，必须在同一请求中重新填写密钥')).toEqual(['key']);
  });

  it('reads the Chinese answers too', () => {
    expect(refusalFields('Base URL 必须是 http:// 或 https:// 地址')).toEqual(['base_url']);
    expect(refusalFields('模型重定向必须是合法的 JSON 格式')).toEqual(['model_mapping']);
    expect(refusalFields('状态码复写最多 1024 个字符')).toEqual(['status_code_mapping']);
    expect(refusalFields('请至少选择一个模型')).toEqual(['models']);
    expect(refusalFields('权重必须是非负整数')).toEqual(['weight']);
  });

  it('marks nothing for a refusal about no field', () => {
    expect(refusalFields('channel not found')).toEqual([]);
    expect(refusalFields('no permission')).toEqual([]);
  });
});
