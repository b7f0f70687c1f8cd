import { render } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { highlightNavBar, NAV_HIGHLIGHT_ATTRIBUTE, useNavBarHighlight } from './nav-highlight';

const highlighted = () => document.documentElement.hasAttribute(NAV_HIGHLIGHT_ATTRIBUTE);

function Highlighter({ active }: { active: boolean }) {
  useNavBarHighlight(active);
  return null;
}

describe('nav bar highlight', () => {
  it('sets the attribute on <html> and removes it again', () => {
    const remove = highlightNavBar();
    expect(highlighted()).toBe(true);
    remove();
    expect(highlighted()).toBe(false);
  });

  it('follows `active` and ends when the component unmounts', () => {
    const { rerender, unmount } = render(<Highlighter active={false} />);
    expect(highlighted()).toBe(false);
    rerender(<Highlighter active />);
    expect(highlighted()).toBe(true);
    rerender(<Highlighter active={false} />);
    expect(highlighted()).toBe(false);
    rerender(<Highlighter active />);
    unmount();
    expect(highlighted()).toBe(false);
  });

  it('is styled by the nav bar stylesheet (same attribute name), above the dialog overlay', () => {
    const navBarCss = readFileSync(
      resolve(process.cwd(), 'src/components/nav-bar.module.css'),
      'utf8',
    );
    const rule = new RegExp(
      `:global\\(html\\[${NAV_HIGHLIGHT_ATTRIBUTE}\\]\\)\\s+\\.bar\\s*\\{([^}]*)\\}`,
    ).exec(navBarCss);
    expect(rule).not.toBeNull();
    expect(rule![1]).toContain('z-index: calc(var(--z-overlay) + 1)');
  });
});
