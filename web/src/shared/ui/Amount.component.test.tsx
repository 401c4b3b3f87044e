/**
 * <Amount>, rendered: what a person reads is the rounded figure, a tap shows every decimal the chain
 * holds (and a second tap rounds it again), on Ethereum's 6-decimal USDC and BSC's 18-decimal USDC.
 */
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { setNetwork } from '../network';
import { renderInApp } from '../../test/render';
import { Amount } from './Amount';

afterEach(() => setNetwork('ETH'));

describe('Amount', () => {
  test('Ethereum USDC: 2.24 shown, a tap shows 2.243854, a second tap rounds again', () => {
    renderInApp(<Amount value={2_243_854n} token="usdc" testId="a" />);
    const value = screen.getByRole('button', { name: '2.24' });
    expect(screen.getByTestId('a').textContent).toBe('2.24 USDC');
    expect(value.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(value);
    expect(screen.getByTestId('a').textContent).toBe('2.243854 USDC');
    expect(value.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(value);
    expect(screen.getByTestId('a').textContent).toBe('2.24 USDC');
  });

  test('BSC USDC (18 decimals): the same 2.24, every one of the 18 decimals on a tap', () => {
    setNetwork('BSC');
    renderInApp(<Amount value={2_243_854_137_676_271_697n} token="usdc" testId="a" />);
    expect(screen.getByTestId('a').textContent).toBe('2.24 USDC');
    fireEvent.click(screen.getByRole('button', { name: '2.24' }));
    expect(screen.getByTestId('a').textContent).toBe('2.243854137676271697 USDC');
  });

  test('an amount shown exactly already has nothing to reveal: no button', () => {
    renderInApp(<Amount value={1_250_000n} token="usdc" testId="a" />);
    expect(screen.getByTestId('a').textContent).toBe('1.25 USDC');
    expect(screen.queryByRole('button')).toBeNull();
  });

  test('plain (inside another control): no button of its own, the exact value is its title', () => {
    renderInApp(<Amount value={2_243_854n} token="usdc" testId="a" plain />);
    const amount = screen.getByTestId('a');
    expect(screen.queryByRole('button')).toBeNull();
    expect(amount.textContent).toBe('2.24 USDC');
    expect(amount.getAttribute('title')).toBe('2.243854');
  });
});
