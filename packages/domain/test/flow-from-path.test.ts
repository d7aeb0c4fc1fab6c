import { describe, expect, it } from 'vitest';
import { flowFromPath } from '../src/index.js';

describe('§2 Screens and routes: flow from path', () => {
  it.each([
    ['/join', 'join'],
    ['/join/payment', 'join'],
    ['/JOIN/terms', 'join'],
    ['/join/pro', 'pro'],
    ['/pro/join/payment', 'pro'],
    ['/join-pro/terms', 'pro'],
    ['/join/progress', 'join'],
    ['/invite/abc123', 'ctj'],
    ['/invite/request', 'ctj'],
    ['/join/invite?token=x', 'ctj'],
    ['/join?next=pro', 'join'],
    ['/ofw/home.form', undefined],
    ['/', undefined],
    ['/joiner', undefined],
    ['', undefined],
  ])('§2 flowFromPath(%j) → %s', (path, flow) => {
    expect(flowFromPath(path)).toBe(flow);
  });
});
