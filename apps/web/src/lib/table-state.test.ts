import { describe, expect, it } from 'vitest';
import { nextSort, parseTableState, toPageQuery } from './table-state';

const SORTS = ['name', 'createdAt'];

describe('parseTableState', () => {
  it('defaults to page 1 of 10 rows, no search, no sort', () => {
    expect(parseTableState(new URLSearchParams(), SORTS)).toEqual({
      page: 1,
      pageSize: 10,
      q: '',
      sort: undefined,
      order: 'asc',
    });
  });

  it('reads a complete state', () => {
    const params = new URLSearchParams('page=3&pageSize=30&q=ana&sort=name&order=desc');
    expect(parseTableState(params, SORTS)).toEqual({
      page: 3,
      pageSize: 30,
      q: 'ana',
      sort: 'name',
      order: 'desc',
    });
  });

  it('ignores what a hand-edited URL got wrong', () => {
    const params = new URLSearchParams('page=-2&pageSize=15&sort=password&order=sideways');
    expect(parseTableState(params, SORTS)).toMatchObject({
      page: 1,
      pageSize: 10,
      sort: undefined,
      order: 'asc',
    });
    expect(parseTableState(new URLSearchParams('page=1.5'), SORTS).page).toBe(1);
  });
});

describe('nextSort', () => {
  it('cycles ascending, descending, default', () => {
    const first = nextSort({ sort: undefined, order: 'asc' }, 'name');
    expect(first).toEqual({ sort: 'name', order: 'asc' });
    const second = nextSort(first, 'name');
    expect(second).toEqual({ sort: 'name', order: 'desc' });
    expect(nextSort(second, 'name')).toEqual({ sort: undefined, order: 'asc' });
  });

  it('starts ascending on another column', () => {
    expect(nextSort({ sort: 'name', order: 'desc' }, 'createdAt')).toEqual({
      sort: 'createdAt',
      order: 'asc',
    });
  });
});

describe('toPageQuery', () => {
  it('leaves out an empty search and an absent sort', () => {
    expect(toPageQuery({ page: 2, pageSize: 20, q: '  ', order: 'desc' })).toEqual({ page: 2, pageSize: 20 });
    expect(toPageQuery({ page: 1, pageSize: 10, q: ' ana ', sort: 'name', order: 'desc' })).toEqual({
      page: 1,
      pageSize: 10,
      q: 'ana',
      sort: 'name',
      order: 'desc',
    });
  });
});
