// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Profiler, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppLink, type AppNavigate, AppNavigationProvider } from './app-link';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

function withNavigate(navigate: AppNavigate, element: React.ReactNode) {
  return render(<AppNavigationProvider navigate={navigate}>{element}</AppNavigationProvider>);
}

function Where() {
  const location = useLocation();
  return <output>{location.pathname}</output>;
}

function RouterNavigation({ children }: { children: React.ReactNode }) {
  const navigate = useNavigate();
  return <AppNavigationProvider navigate={navigate}>{children}</AppNavigationProvider>;
}

describe('AppLink', () => {
  it('is a plain link to the path, with the attributes it is given', () => {
    withNavigate(
      vi.fn(),
      <AppLink to="/topic/12" className="chip" dir="auto" aria-label="נושא">
        שלום
      </AppLink>,
    );
    const link = screen.getByRole('link', { name: 'נושא' });
    expect(link.getAttribute('href')).toBe('/topic/12');
    expect(link.className).toBe('chip');
    expect(link.getAttribute('dir')).toBe('auto');
    expect(link.hasAttribute('to')).toBe(false);
  });

  it('renders on the server as the same plain anchor, without its `to`', () => {
    const html = renderToString(
      <AppLink to="/forum/3" className="chip">
        פורום
      </AppLink>,
    );
    expect(html).toBe('<a class="chip" href="/forum/3">פורום</a>');
  });

  it('follows a plain click inside the app, adding a history entry', () => {
    const navigate = vi.fn();
    withNavigate(navigate, <AppLink to="/forum/3">פורום</AppLink>);
    const clicked = fireEvent.click(screen.getByRole('link'));
    expect(clicked).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/forum/3', { replace: false });
  });

  it('replaces the history entry when the link is to the page shown', () => {
    window.history.replaceState(null, '', '/forum/3');
    const navigate = vi.fn();
    withNavigate(navigate, <AppLink to="/forum/3">פורום</AppLink>);
    fireEvent.click(screen.getByRole('link'));
    expect(navigate).toHaveBeenCalledWith('/forum/3', { replace: true });
  });

  it.each([
    ['a middle click', { button: 1 }],
    ['a click with Ctrl', { ctrlKey: true }],
    ['a click with Cmd', { metaKey: true }],
    ['a click with Shift', { shiftKey: true }],
    ['a click with Alt', { altKey: true }],
  ])('leaves %s to the browser', (_name, init) => {
    const navigate = vi.fn();
    withNavigate(navigate, <AppLink to="/forum/3">פורום</AppLink>);
    const notPrevented = fireEvent.click(screen.getByRole('link'), init);
    expect(notPrevented).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves a link that opens elsewhere to the browser', () => {
    const navigate = vi.fn();
    withNavigate(
      navigate,
      <AppLink to="/policy" target="_blank">
        תנאים
      </AppLink>,
    );
    expect(fireEvent.click(screen.getByRole('link'))).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('runs its own click handler first, which may keep the app from navigating', () => {
    const navigate = vi.fn();
    const seen: string[] = [];
    withNavigate(
      navigate,
      <>
        <AppLink to="/a" onClick={() => seen.push('a')}>
          א
        </AppLink>
        <AppLink to="/b" onClick={(event) => event.preventDefault()}>
          ב
        </AppLink>
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'א' }));
    fireEvent.click(screen.getByRole('link', { name: 'ב' }));
    expect(seen).toEqual(['a']);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/a', { replace: false });
  });

  it('is left to the browser outside a router', () => {
    render(<AppLink to="/forum/3">פורום</AppLink>);
    expect(fireEvent.click(screen.getByRole('link'))).toBe(true);
  });

  it('moves the router, and is not rendered again by the navigations it makes', () => {
    let linkCommits = 0;
    function Page() {
      // Made once, as the links of a list are; the profiler counts every render of the link.
      const [link] = useState(() => (
        <Profiler id="link" onRender={() => (linkCommits += 1)}>
          <AppLink to="/topic/7">נושא</AppLink>
        </Profiler>
      ));
      return (
        <>
          {link}
          <Where />
        </>
      );
    }
    render(
      <MemoryRouter initialEntries={['/']}>
        <RouterNavigation>
          <Page />
        </RouterNavigation>
      </MemoryRouter>,
    );
    expect(screen.getByRole('status').textContent).toBe('/');
    fireEvent.click(screen.getByRole('link'));
    expect(screen.getByRole('status').textContent).toBe('/topic/7');
    expect(linkCommits).toBe(1);
  });
});
