import {
  type AnchorHTMLAttributes,
  createContext,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useContext,
  useLayoutEffect,
  useRef,
} from 'react';

/** Moves the app to a path of its own without loading a document (the router's navigate). */
export type AppNavigate = (to: string, options: { replace: boolean }) => void;

const NavigateContext = createContext<AppNavigate | null>(null);

/**
 * Gives every AppLink below the router's navigate, through one function that never changes: a link
 * then renders once and is left alone by navigations (React Router's `Link` reads the location and
 * the route context in each link, eight hooks a link, and re-renders with every navigation).
 */
export function AppNavigationProvider({
  navigate,
  children,
}: {
  navigate: AppNavigate;
  children: ReactNode;
}) {
  const latest = useRef(navigate);
  useLayoutEffect(() => {
    latest.current = navigate;
  });
  const stable = useCallback<AppNavigate>((to, options) => latest.current(to, options), []);
  return <NavigateContext.Provider value={stable}>{children}</NavigateContext.Provider>;
}

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A path of the app, from its root ("/topic/12"). */
  to: string;
};

/** A click the browser should handle itself: another button, a new tab or window, a download. */
function isForTheBrowser(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    (target !== undefined && target !== '_self')
  );
}

/**
 * A link to a page of the app: a plain `<a href>` (so it works before hydration, without JavaScript
 * and in a new tab), followed inside the app on a plain click. Like React Router's `Link`, a link to
 * the page already shown replaces its history entry rather than adding one.
 */
export function AppLink(props: AppLinkProps) {
  const navigate = useContext(NavigateContext);
  const { to, onClick, target } = props;
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!navigate || isForTheBrowser(event, target)) return;
    event.preventDefault();
    const { pathname, search, hash } = window.location;
    navigate(to, { replace: pathname + search + hash === to });
  };
  // The props are copied once, `to` blanked (React writes no attribute for undefined) and given as
  // the anchor's `href`: a rest pattern leaving `to` out cost a server render of ~50 links 3–5 %.
  const anchor = { ...props, to: undefined, href: to, onClick: handleClick };
  return <a {...anchor} />;
}
