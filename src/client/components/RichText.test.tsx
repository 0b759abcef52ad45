import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { RichText } from './RichText.js';

function Where() {
  const l = useLocation();
  return <output>{`${l.pathname}${l.search}${l.hash}`}</output>;
}

describe('RichText links (rule 4)', () => {
  it('site links navigate client-side carrying the query; files and other sites are left alone', async () => {
    const html = '<p><a href="/terms#refunds">Terms</a> <a href="/guide.pdf">PDF</a> <a href="https://x.example/">X</a></p>';
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <>
              <RichText html={html} />
              <Where />
            </>
          ),
        },
      ],
      { initialEntries: ['/es?utm_source=mail'] },
    );
    const container = document.createElement('div');
    document.body.appendChild(container);
    await act(async () => createRoot(container).render(<RouterProvider router={router} />));
    const [terms, pdf, external] = [...container.querySelectorAll('a')];
    const pdfClick = new MouseEvent('click', { bubbles: true, cancelable: true });
    pdf!.dispatchEvent(pdfClick);
    expect(pdfClick.defaultPrevented).toBe(false);
    const externalClick = new MouseEvent('click', { bubbles: true, cancelable: true });
    external!.dispatchEvent(externalClick);
    expect(externalClick.defaultPrevented).toBe(false);
    await act(async () => terms!.click());
    expect(container.querySelector('output')!.textContent).toBe('/terms?utm_source=mail#refunds');
  });
});
