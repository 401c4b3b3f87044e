/**
 * <Address>, rendered: 4…4 as the spec writes it, the whole checksummed address on a tap (and short
 * again on a second), a Copy button with its name, and no explorer link on the local chains (they
 * have no public explorer).
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderInApp } from '../../test/render';
import { Address } from './Address';

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('Address', () => {
  test('0x70...79C8 first; a tap shows the whole address, a second tap shortens it again', () => {
    renderInApp(<Address address={ADDRESS} testId="a" />);
    const shown = screen.getByTestId('a');
    const value = within(shown).getByRole('button', { name: '0x70...79C8' });
    expect(value.textContent).toBe('0x70...79C8');
    expect(shown.hasAttribute('data-full')).toBe(false);
    fireEvent.click(value);
    expect(value.textContent).toBe(ADDRESS);
    expect(value.getAttribute('aria-expanded')).toBe('true');
    expect(shown.hasAttribute('data-full')).toBe(true);
    fireEvent.click(value);
    expect(value.textContent).toBe('0x70...79C8');
  });

  test('an address the server sent in lower case is shown checksummed', () => {
    renderInApp(<Address address={ADDRESS.toLowerCase()} testId="a" />);
    fireEvent.click(within(screen.getByTestId('a')).getAllByRole('button')[0]!);
    expect(within(screen.getByTestId('a')).getAllByRole('button')[0]!.textContent).toBe(ADDRESS);
  });

  test('a Copy button named for what it does; no explorer link on a local chain', () => {
    renderInApp(<Address address={ADDRESS} testId="a" />);
    const shown = screen.getByTestId('a');
    expect(within(shown).getByRole('button', { name: 'Copy address' })).toBeTruthy();
    expect(within(shown).queryByRole('link')).toBeNull();
  });

  test('plain (inside another control): short text, the whole address as its title, no buttons', () => {
    renderInApp(<Address address={ADDRESS} testId="a" plain />);
    const shown = screen.getByTestId('a');
    expect(shown.textContent).toBe('0x70...79C8');
    expect(shown.getAttribute('title')).toBe(ADDRESS);
    expect(within(shown).queryByRole('button')).toBeNull();
  });
});
