import { useEffect, useState } from 'react';
import { useVisitor } from '../../page/page-context.js';

/**
 * "Now" for a countdown to `until`. Until hydration it is the static HTML's
 * (the build's day, rule 29: useVisitor), so the static HTML and the first
 * client render agree; after it, the real time, advanced every second and no longer once
 * `until` has passed.
 */
export function useTickingNow(until: Date | null): Date {
  const { now } = useVisitor();
  const [tick, setTick] = useState<Date | null>(null);
  const end = until?.getTime() ?? null;
  useEffect(() => {
    if (end === null) return;
    const step = () => {
      const current = new Date();
      setTick(current);
      if (current.getTime() >= end) window.clearInterval(id);
    };
    const id = window.setInterval(step, 1000);
    step();
    return () => window.clearInterval(id);
  }, [end]);
  return tick ?? now;
}
