import { describe, expect, it } from 'vitest';
import { jsonShapeProblem, TOO_DEEP_MESSAGE, TOO_MANY_KEYS_MESSAGE } from './json-body';

describe('jsonShapeProblem', () => {
  it('passes bodies within both bounds', () => {
    expect(jsonShapeProblem('{"a":[1,{"b":[2]}],"c":"x"}', 4, 3)).toBeNull();
    expect(jsonShapeProblem('', 1, 1)).toBeNull();
  });

  it('counts nesting of arrays and objects alike', () => {
    expect(jsonShapeProblem('[[[[]]]]', 4, 0)).toBeNull();
    expect(jsonShapeProblem('[[[[[]]]]]', 4, 0)).toBe(TOO_DEEP_MESSAGE);
    expect(jsonShapeProblem('{"a":{"a":{"a":1}}}', 2, 10)).toBe(TOO_DEEP_MESSAGE);
    expect(jsonShapeProblem(`${'['.repeat(5000)}${']'.repeat(5000)}`)).toBe(TOO_DEEP_MESSAGE);
  });

  it('counts the keys of every object', () => {
    expect(jsonShapeProblem('{"a":1,"b":{"c":2}}', 5, 3)).toBeNull();
    expect(jsonShapeProblem('{"a":1,"b":{"c":2,"d":3}}', 5, 3)).toBe(TOO_MANY_KEYS_MESSAGE);
  });

  it('ignores brackets, colons and escaped quotes inside strings', () => {
    const text = JSON.stringify({ a: '[[[{{{:::"\\"]]]', b: '\\' });
    expect(jsonShapeProblem(text, 1, 2)).toBeNull();
  });
});
