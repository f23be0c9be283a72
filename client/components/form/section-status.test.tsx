// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ERRORS } from '../../../shared/errors';
import { LoadStatus } from '../../../shared/load-status';
import {
  getLoadStatus,
  resetLoadStatus,
  Section,
  setLoadStatus,
  useLoadStatus,
} from '../../lib/load-status-store';
import { SectionStatus } from './section-status';

afterEach(() => {
  cleanup();
  act(() => resetLoadStatus(Section.Login));
});

/** A form bound to the Login section, as the header panel's forms are. */
function LoginSection() {
  const status = useLoadStatus(Section.Login);
  return (
    <SectionStatus section={Section.Login} status={status} success="שלום דנה, התחברת בהצלחה!">
      <form aria-label="התחברות" />
    </SectionStatus>
  );
}

describe('SectionStatus', () => {
  it('shows the form before a call, a spinner while loading and the success text', () => {
    render(<LoginSection />);
    expect(screen.getByRole('form', { name: 'התחברות' })).toBeTruthy();
    act(() => setLoadStatus(Section.Login, LoadStatus.Loading));
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('טוען');
    expect(screen.getByText('טוען…', { selector: '.spinner-line span' })).toBeTruthy();
    act(() => setLoadStatus(Section.Login, LoadStatus.Finished));
    expect(screen.getByRole('status').textContent).toBe('שלום דנה, התחברת בהצלחה!');
  });

  it('announces every status through one polite live region that stays in the page', () => {
    render(<LoginSection />);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    act(() => setLoadStatus(Section.Login, LoadStatus.Loading));
    expect(screen.getByRole('status')).toBe(region);
    expect(region.textContent).toContain('טוען');
    act(() => setLoadStatus(Section.Login, LoadStatus.PreconditionRequired));
    expect(screen.getByRole('status')).toBe(region);
    expect(region.textContent).toContain(ERRORS.inactive.message);
    act(() => setLoadStatus(Section.Login, LoadStatus.Finished));
    expect(screen.getByRole('status')).toBe(region);
    expect(region.textContent).toBe('שלום דנה, התחברת בהצלחה!');
  });

  it("shows the section's text of the shared catalogue, and a click brings the form back", async () => {
    render(<LoginSection />);
    act(() => setLoadStatus(Section.Login, LoadStatus.PreconditionRequired));
    expect(screen.getByRole('status').textContent).toContain(ERRORS.inactive.message);
    await userEvent.click(screen.getByRole('button'));
    expect(getLoadStatus(Section.Login)).toBe(LoadStatus.NotStarted);
    expect(screen.getByRole('form', { name: 'התחברות' })).toBeTruthy();
  });

  it('reads an unlisted failure as the generic text', () => {
    render(<LoginSection />);
    act(() => setLoadStatus(Section.Login, LoadStatus.Failed));
    expect(screen.getByRole('status').textContent).toContain(ERRORS.internal.message);
  });

  it('leaves a link result as it is when not resettable', () => {
    render(
      <SectionStatus
        section={Section.ActivateUser}
        status={LoadStatus.MethodNotAllowed}
        success=""
        resettable={false}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe(ERRORS.already_active.message);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
