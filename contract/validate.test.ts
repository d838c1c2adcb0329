import { describe, expect, it } from 'vitest';
import { filterNumericInput, isValidAccount, isValidNickname, isValidPassword } from './validate.ts';

describe('isValidAccount (6-12 letters, digits, underscore)', () => {
  it.each([
    ['abcde', false],
    ['abcdef', true],
    ['abcdefghijkl', true],
    ['abcdefghijklm', false],
    ['user_01', true],
    ['USER99', true],
    ['123456', true],
    ['', false],
    ['user-01', false],
    ['user 01', false],
    ['user.01', false],
    ['用户名字六个', false],
    ['abcdef\n', false],
  ])('%j → %s', (value, expected) => {
    expect(isValidAccount(value)).toBe(expected);
  });
});

describe('isValidPassword', () => {
  it.each([
    ['abc123', true],
    ['abcdef', false],
    ['123456', false],
    ['ab12', false],
    ['abc 123', false],
    [`a1${'x'.repeat(30)}`, true],
    [`a1${'x'.repeat(31)}`, false],
  ])('%j → %s', (value, expected) => {
    expect(isValidPassword(value)).toBe(expected);
  });
});

describe('filterNumericInput (digits, one leading minus, one decimal point)', () => {
  it.each([
    ['123', '123'],
    ['-12', '-12'],
    ['--1.2.3a', '-1.23'],
    ['1-2', '12'],
    ['a1b2c3', '123'],
    ['1.2.3', '1.23'],
    ['.5', '.5'],
    ['-.5', '-.5'],
    ['', ''],
    ['abc', ''],
    ['１２３', ''],
    ['12e5', '125'],
  ])('%j → %j', (value, expected) => {
    expect(filterNumericInput(value)).toBe(expected);
  });
});

describe('isValidNickname (2-16 characters, trimmed)', () => {
  it.each([
    ['小明', true],
    ['a', false],
    ['  a  ', false],
    ['  影迷小王  ', true],
    ['一二三四五六七八九十一二三四五六', true],
    ['一二三四五六七八九十一二三四五六七', false],
    ['', false],
    ['   ', false],
  ])('%j → %s', (value, valid) => {
    expect(isValidNickname(value)).toBe(valid);
  });
});
