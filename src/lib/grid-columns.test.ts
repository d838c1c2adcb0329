import { describe, expect, it } from 'vitest';
import { gridColumns } from './grid-columns.ts';

describe('grid columns', () => {
  it('fits 2 columns on a phone and up to 6 on a desktop', () => {
    expect(gridColumns(358, 158, 12)).toBe(2);
    expect(gridColumns(720, 158, 12)).toBe(4);
    expect(gridColumns(1072, 158, 12)).toBe(6);
    expect(gridColumns(200, 158, 12)).toBe(2);
  });
});
