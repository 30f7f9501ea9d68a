// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { consoleKeys, type ManagedClass } from '../api/console-api';
import { ClassPicker } from './class-picker';

afterEach(cleanup);

const cls = (id: string, name: string) => ({ id, name }) as ManagedClass;

function pick(records: ManagedClass[], props: { chooseSole?: boolean; value?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData([...consoleKeys.classes, { q: '', current: 1 }], { records, total: records.length });
  const chosen: Array<string | undefined> = [];
  render(
    <QueryClientProvider client={client}>
      <ClassPicker {...props} onChange={(v) => chosen.push(v)} />
    </QueryClientProvider>,
  );
  return chosen;
}

describe('a class picker', () => {
  it('chooses the organisation’s only class at once where asked to: there is nothing else to choose', async () => {
    const chosen = pick([cls('c1', '2026年安全培训班')], { chooseSole: true });
    await waitFor(() => expect(chosen).toEqual(['c1']));
  });

  it('leaves the choice to the manager among several, or where not asked to, or once one is chosen', async () => {
    const several = pick([cls('c1', '甲班'), cls('c2', '乙班')], { chooseSole: true });
    const notAsked = pick([cls('c1', '甲班')]);
    const already = pick([cls('c1', '甲班')], { chooseSole: true, value: 'c9' });
    await new Promise((r) => setTimeout(r, 50));
    expect([several, notAsked, already]).toEqual([[], [], []]);
  });
});
