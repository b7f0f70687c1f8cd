import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders its children once the spot comes within `margin` of the viewport (then keeps them):
 * blocks far down the landing page load their code and data only when the visitor scrolls
 * towards them, so the first load stays light. Without IntersectionObserver it renders once
 * mounted. The first render is always the empty spot, the same as the build's prerender, so a
 * prerendered page hydrates without a mismatch.
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
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
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
