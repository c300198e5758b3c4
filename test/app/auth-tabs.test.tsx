import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AuthTabs } from '../../src/views/auth-screen/auth-tabs';

const ITEMS = [
  { value: 'signIn', label: 'Sign In' },
  { value: 'createAccount', label: 'Create Account' },
] as const;

function Harness() {
  const [value, setValue] = useState<'signIn' | 'createAccount'>('signIn');
  return (
    <AuthTabs label="Sign in or create an account" items={ITEMS} value={value} onSelect={setValue}>
      <p>panel of {value}</p>
    </AuthTabs>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('the signed-out tabs (WAI-ARIA tabs pattern)', () => {
  it('has one tab stop, the selected tab, and a panel labelled by it', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Sign in or create an account' })).toBeInTheDocument();
    expect(tab('Sign In')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Sign In')).toHaveAttribute('tabindex', '0');
    expect(tab('Create Account')).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Sign In' })).toHaveTextContent('panel of signIn');
  });

  it('moves and selects with the arrow keys, Home and End, wrapping around', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    expect(tab('Sign In')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Create Account')).toHaveFocus();
    expect(tab('Create Account')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Create Account' })).toHaveTextContent('panel of createAccount');
    await user.keyboard('{ArrowRight}');
    expect(tab('Sign In')).toHaveFocus();
    await user.keyboard('{End}');
    expect(tab('Create Account')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(tab('Sign In')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(tab('Create Account')).toHaveFocus();
  });

  it('selects on click', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(tab('Create Account'));
    expect(tab('Create Account')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Sign In')).toHaveAttribute('aria-selected', 'false');
  });
});
