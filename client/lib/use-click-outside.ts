import { type RefObject, useEffect } from 'react';
import { LIMITS } from '../../shared/limits';

/**
 * Calls `onOutside` for a pointer press outside `ref` while `enabled`. It arms only
 * `clickOutsideArmMs` after enabling (docs/product.md §4), so the click that opened a box does not close it.
 */
export function useClickOutside(ref: RefObject<HTMLElement | null>, onOutside: () => void, enabled = true) {
  useEffect(() => {
    if (!enabled) return;
    let armed = false;
    const timer = window.setTimeout(() => {
      armed = true;
    }, LIMITS.clickOutsideArmMs);
    const handlePointer = (event: PointerEvent) => {
      const target = event.target;
      if (!armed || !(target instanceof Node) || !target.isConnected) return;
      if (ref.current && !ref.current.contains(target)) onOutside();
    };
    document.addEventListener('pointerdown', handlePointer);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('pointerdown', handlePointer);
    };
  }, [ref, onOutside, enabled]);
}
