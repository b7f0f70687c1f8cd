import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery } from '../../../components/testing/render';
import { createFakeFetch, type RecordedRequest } from '../../../services/fake-fetch';
import { configureHttpClient } from '../../../services/http-client';
import { AboutPage } from './about-page';
import { PostPage } from './post-page';
import { PostsPage } from './posts-page';

const summary = (id: number, fields: Record<string, unknown> = {}) => ({
  id,
  category: 'about',
  slug: null,
  lang: 'en',
  title: `Title ${id}`,
  excerpt: `Excerpt ${id}`,
  source: null,
  externalUrl: null,
  date: '2026-05-10',
  publishedAt: '2026-05-10T00:00:00.000Z',
  ...fields,
});

let requests: RecordedRequest[] = [];
function serve(
  handler: (request: RecordedRequest) => {
    http?: number;
    status?: number;
    message?: string;
    data?: unknown;
  },
) {
  const server = createFakeFetch(handler);
  requests = server.requests;
  configureHttpClient({
    fetch: server.fetch,
    getLocale: () => 'zh-TW',
    goToLanding: vi.fn(),
    reload: vi.fn(),
  });
}
const renderBody = (markdown: string) => <div data-testid="body">{markdown}</div>;

describe('content pages', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });

  it('About Us: the sections in order with their bodies, anchored by slug, asked in the reader language', async () => {
    serve((request) => {
      if (request.path.endsWith('/content/posts'))
        return {
          data: {
            items: [summary(1, { slug: 'company' }), summary(2, { slug: 'bcnt', title: 'BCNT' })],
            total: 2,
            page: 1,
            perPage: 100,
          },
        };
      const id = Number(request.path.split('/').pop());
      return { data: { ...summary(id), body: `Body of ${id}` } };
    });
    renderWithQuery(<AboutPage pressHref="/press" eventsHref="/events" renderBody={renderBody} />, {
      lng: 'zh-TW',
      route: '/about-us#bcnt',
    });
    const bcnt = await screen.findByTestId('about-section-bcnt');
    expect(bcnt.id).toBe('bcnt');
    expect(bcnt.textContent).toContain('Body of 2');
    expect(screen.getByTestId('about-section-company').textContent).toContain('Body of 1');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('關於我們');
    await waitFor(() => expect(Element.prototype.scrollIntoView).toHaveBeenCalled());
    expect(requests[0]!.query.get('lang')).toBe('tw');
    expect(requests[0]!.query.get('category')).toBe('about');
  });

  it('Press: the posts as links to their pages, or what to expect when there are none', async () => {
    serve(() => ({
      data: {
        items: [summary(5, { category: 'press', source: 'Block Times' })],
        total: 1,
        page: 1,
        perPage: 100,
      },
    }));
    renderWithQuery(<PostsPage category="press" postHref={(id) => `/press/${id}`} />);
    const link = await screen.findByRole('link', { name: 'Title 5' });
    expect(link.getAttribute('href')).toBe('/press/5');
    expect(screen.getByText('Source: Block Times')).toBeTruthy();
    expect(screen.getByText('2026/05/10')).toBeTruthy();

    serve(() => ({ data: { items: [], total: 0, page: 1, perPage: 100 } }));
    renderWithQuery(<PostsPage category="events" postHref={(id) => `/events/${id}`} />);
    expect((await screen.findByTestId('posts-empty')).textContent).toContain(
      'No events are announced yet.',
    );
  });

  it('a post: its body and original link; a withdrawn one says so with the way back', async () => {
    serve(() => ({
      data: {
        ...summary(7, { category: 'press', externalUrl: 'https://news.example.com/7' }),
        body: 'Hello',
      },
    }));
    const first = renderWithQuery(
      <PostPage id={7} category="press" listHref="/press" renderBody={renderBody} />,
    );
    expect((await screen.findByTestId('body')).textContent).toBe('Hello');
    expect(screen.getByTestId('post-original').getAttribute('href')).toBe(
      'https://news.example.com/7',
    );
    first.unmount();

    serve(() => ({ http: 404, status: 404, message: 'not_found' }));
    renderWithQuery(<PostPage id={8} category="press" listHref="/press" renderBody={renderBody} />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Post not found');
    expect(screen.getByRole('link', { name: 'Press' }).getAttribute('href')).toBe('/press');
  });
});
