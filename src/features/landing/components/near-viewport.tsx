import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders its children once the spot comes within `margin` of the viewport (then keeps them):
 * blocks far down the landing page load their code and data only when the visitor scrolls
 * towards them, so the first load stays light. Without IntersectionObserver it renders at once.
 */
export function NearViewport({
  children,
  margin = '600px',
  minHeight,
}: {
  children: ReactNode;
  margin?: string;
  /** the room kept while not rendered, so the page does not jump (a CSS length) */
  minHeight?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return (
    <div ref={ref} style={near ? undefined : { minHeight }}>
      {near ? children : null}
    </div>
  );
}
