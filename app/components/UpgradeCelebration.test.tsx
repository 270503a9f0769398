import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { planById, PLANS } from '@shared/plans';
import { celebrationLine, UpgradeCelebration } from './UpgradeCelebration';

function plan(id: string) {
  const found = planById(id);
  if (!found) throw new Error(`no plan ${id}`);
  return found;
}

describe('the upgrade-complete toast', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("says 'Bestie Upgrade Complete!' and 'You're now a {plan name}!' and lists the five besties", () => {
    render(<UpgradeCelebration plan={plan('bestie-month')} onClose={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Bestie Upgrade Complete!' })).toBeTruthy();
    expect(screen.getByText("You're now a Bestie for the Month!")).toBeTruthy();
    const besties = screen.getByRole('list', { name: 'Your besties' });
    expect(besties.textContent).toBe('CassieBrookeElenaNeNeSummer');
  });

  it('closes by itself after 10 s, with a 0.5 s exit, even when its parent re-renders', () => {
    const onClose = vi.fn();
    const { rerender } = render(
      <UpgradeCelebration plan={plan('bestie-year')} onClose={onClose} />,
    );
    act(() => vi.advanceTimersByTime(6_000));
    rerender(<UpgradeCelebration plan={plan('bestie-year')} onClose={() => onClose()} />);
    act(() => vi.advanceTimersByTime(4_000));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(500));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes with its close button after the exit', () => {
    const onClose = vi.fn();
    render(<UpgradeCelebration plan={plan('bestie-day')} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    act(() => vi.advanceTimersByTime(499));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('words the news by plan: lifetime, year, month, otherwise day', () => {
    const lines = PLANS.map(celebrationLine);
    expect(new Set(lines).size).toBe(4);
    expect(celebrationLine(plan('bestie-lifetime'))).toMatch(/forever/);
    expect(celebrationLine(plan('bestie-day'))).toMatch(/Cassie.*24 hours/);
  });
});
