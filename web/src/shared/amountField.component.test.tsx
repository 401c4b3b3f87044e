/**
 * The amount field's clear after a transaction: a transaction can end after the user has already
 * typed the next amount (its receipt and the new figures show first, the flow ends a moment later,
 * much later on a busy phone). Only the text that was sent is cleared; what was typed since stays.
 */
import { act, renderHook } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { useAmountField } from './amountField';

describe('useAmountField: the clear after a transaction', () => {
  test('the text that was sent is cleared', () => {
    const { result } = renderHook(() => useAmountField(6, 'usdc'));
    act(() => result.current.setText('100'));
    act(() => result.current.clearIfUnchanged('100'));
    expect([result.current.text, result.current.amount]).toEqual(['', undefined]);
  });

  test('an amount typed since stays, and stands for itself', () => {
    const { result } = renderHook(() => useAmountField(6, 'usdc'));
    act(() => result.current.setText('100'));
    act(() => result.current.setText('10'));
    act(() => result.current.clearIfUnchanged('100'));
    expect([result.current.text, result.current.amount]).toEqual(['10', 10_000_000n]);
  });

  test("Max pressed since stays Max's choice, to the last unit", () => {
    const { result } = renderHook(() => useAmountField(6, 'usdc'));
    act(() => result.current.setText('100'));
    act(() => result.current.fillMax(50_123_456n));
    act(() => result.current.clearIfUnchanged('100'));
    expect([result.current.text, result.current.amount]).toEqual(['50.12', 50_123_456n]);
  });
});
