import { describe, expect, it } from 'vitest';
import { pageItems } from './light-pagination';

describe('the light pager', () => {
  it('shows every page when there are few, and gaps around a window of five when there are many', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 4)).toEqual([1, 2, 3, 4]);
    expect(pageItems(1, 10)).toEqual([1, 2, 3, 'gap', 10]);
    expect(pageItems(6, 12)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 'gap', 12]);
    expect(pageItems(12, 12)).toEqual([1, 'gap', 10, 11, 12]);
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
