// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Stars } from './stars';

afterEach(cleanup);

const lit = () =>
  [...screen.getByRole('img').children].map((star) =>
    star.classList.contains('on') ? 1 : star.classList.contains('half') ? 0.5 : 0,
  );

describe('the read-only stars', () => {
  it('light an average as antd did: a star reached, half a star within half below it; named by the words given', () => {
    render(<Stars value={4.7} label="平均 4.7 星" />);
    expect(screen.getByRole('img', { name: '平均 4.7 星' })).toBeTruthy();
    expect(lit()).toEqual([1, 1, 1, 1, 0.5]);
    cleanup();
    render(<Stars value={4.2} label="4.2" />);
    expect(lit()).toEqual([1, 1, 1, 1, 0]);
    cleanup();
    render(<Stars value={4.8} label="4.8" />);
    expect(lit()).toEqual([1, 1, 1, 1, 0.5]);
    cleanup();
    render(<Stars value={4.49} label="4.49" />);
    expect(lit()).toEqual([1, 1, 1, 1, 0]);
    cleanup();
    render(<Stars value={5} label="5" />);
    expect(lit()).toEqual([1, 1, 1, 1, 1]);
    cleanup();
    render(<Stars value={0} label="0" />);
    expect(lit()).toEqual([0, 0, 0, 0, 0]);
  });
});
