import { lazy, Suspense, useState } from 'react';
import { cx } from './class-names';
import styles from './nav-dropdown.module.css';
import { Chevron, type NavDropdownProps } from './nav-dropdown-trigger';

export type { NavDropdownProps } from './nav-dropdown-trigger';

const loadMenu = () => import('./nav-dropdown-menu');
const NavDropdownMenu = lazy(loadMenu);

/**
 * A navigation menu whose menu code (Radix DropdownMenu and its positioning, about 18 KiB
 * gzipped) stays out of the first load: until first used, the trigger is a plain button that
 * looks the same. Pointing at it or focusing it fetches the code; clicking it (or Enter, Space,
 * ArrowDown) mounts the real menu already open, and from then on it is the Radix menu.
 */
export function NavDropdown(props: NavDropdownProps) {
  const [opened, setOpened] = useState(false);
  const trigger = (onOpen?: () => void) => (
    <button
      type="button"
      className={cx(styles.trigger, props.triggerClassName)}
      aria-label={props.triggerLabel}
      aria-haspopup="menu"
      aria-expanded={opened}
      data-state={opened ? 'open' : 'closed'}
      data-testid={props['data-testid']}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={onOpen}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown' && onOpen) {
          event.preventDefault();
          onOpen();
        }
      }}
    >
      {props.label}
      <Chevron />
    </button>
  );
  if (!opened) return trigger(() => setOpened(true));
  return (
    <Suspense fallback={trigger()}>
      <NavDropdownMenu {...props} defaultOpen />
    </Suspense>
  );
}
