import { describe, expect, it } from 'vitest';
import { nodeVersionProblem } from './node-version.ts';

describe('nodeVersionProblem', () => {
  it('accepts the Node.js the gateway is tested on, and newer', () => {
    expect(nodeVersionProblem('24.0.0')).toBeNull();
    expect(nodeVersionProblem('25.1.2')).toBeNull();
    expect(nodeVersionProblem()).toBeNull();
  });

  it('refuses an older one, saying which it is and what to run instead', () => {
    const problem = nodeVersionProblem('20.20.2');
    expect(problem).toMatch(/needs Node\.js 24 or newer; this is Node\.js 20\.20\.2/);
    expect(problem).toContain('npm start');
  });
});
