// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LightPagination } from './light-pagination';

afterEach(cleanup);

describe('the light pager, drawn', () => {
  it('is not drawn for one page', () => {
    const { container } = render(<LightPagination current={1} pageSize={8} total={8} onChange={() => {}} />);
    expect(container.innerHTML).toBe('');
  });

  it('marks the current page, stops at the ends and goes to the page pressed', () => {
    const asked: number[] = [];
    render(<LightPagination current={1} pageSize={8} total={30} onChange={(p) => asked.push(p)} />);
    const buttons = screen.getAllByRole('button');
    // previous, 1–4, next: plain buttons (no antd on 首页)
    expect(buttons.map((b) => b.textContent)).toEqual(['', '1', '2', '3', '4', '']);
    expect(buttons[0]!.hasAttribute('disabled')).toBe(true);
    expect(buttons[5]!.hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { current: 'page' }).textContent).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    fireEvent.click(buttons[5]!);
    fireEvent.click(buttons[0]!);
    expect(asked).toEqual([3, 2]);
  });

  it('disables next on the last page', () => {
    render(<LightPagination current={4} pageSize={8} total={30} onChange={() => {}} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons.at(-1)!.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { current: 'page' }).textContent).toBe('4');
  });
});
