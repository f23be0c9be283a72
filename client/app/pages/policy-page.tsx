import { useEffect, useState } from 'react';
import { PolicyContent } from '../../components/policy-content';
import { he } from '../../i18n/he';
import { useTitle } from '../../session/head';

/** The terms of use at `/policy` (docs/product.md §2); shown inside a frame, it drops the page styling. */
export function PolicyPage() {
  useTitle(he.policyTitle);
  const [inFrame, setInFrame] = useState(false);
  useEffect(() => {
    try {
      setInFrame(window.self !== window.top);
    } catch {
      // A cross-origin parent hides window.top: that is a frame too.
      setInFrame(true);
    }
  }, []);
  return <PolicyContent inFrame={inFrame} />;
}
