// Main's exam clock as the renderer shows it: main's reading when it arrived,
// advanced at main's speed (1 but for testers), never the renderer's own idea of time.
import { useEffect, useState } from 'react';

export function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h > 0 ? `${h}:` : ''}${String(m).padStart(h > 0 ? 2 : 1, '0')}:${String(s).padStart(2, '0')}`;
}

export function useMainNow(clock: { now: number; speed: number }): number {
  const [now, setNow] = useState(clock.now);
  useEffect(() => {
    const received = { local: Date.now(), main: clock.now };
    setNow(clock.now);
    const timer = setInterval(() => setNow(received.main + (Date.now() - received.local) * clock.speed), 250);
    return () => clearInterval(timer);
  }, [clock.now, clock.speed]);
  return now;
}
