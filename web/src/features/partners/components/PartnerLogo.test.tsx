import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PartnerLogo } from './PartnerLogo.tsx';

// The two forms the server draws (server/src/modules/partners/partner-logo*.ts; its tests hold them to
// readPartnerLogo), as the directory receives them.
const initialsSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img">' +
  '<rect width="64" height="64" rx="14" fill="#0F766E"/>' +
  '<text x="32" y="32" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" ' +
  'font-size="26" font-weight="700" fill="#FFFFFF">BP</text></svg>';
const webp = 'data:image/webp;base64,UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==';
const pictureSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img">' +
  '<rect width="64" height="64" rx="14" fill="#FFFFFF"/>' +
  `<image x="4" y="4" width="56" height="56" preserveAspectRatio="xMidYMid meet" href="${webp}"/></svg>`;

describe('a partner logo', () => {
  it('shows initials as text on the partner colour, with no SVG image for the browser to build', () => {
    const { container } = render(<PartnerLogo svg={initialsSvg} size={48} />);
    const logo = container.firstElementChild as HTMLElement;
    expect(logo.textContent).toBe('BP');
    expect(logo.getAttribute('aria-hidden')).toBe('true');
    expect(logo.style.backgroundColor).toBe('rgb(15, 118, 110)');
    // The drawing's proportions at 48 px: 26/64 of it for the letters, 14/64 for the corners.
    expect(logo.style.fontSize).toBe('19.5px');
    expect(logo.style.borderRadius).toBe('10.5px');
    expect(container.querySelector('img')).toBeNull();
  });

  it('shows an uploaded picture as the WebP it holds, decorative', () => {
    const { container } = render(<PartnerLogo svg={pictureSvg} size={64} />);
    const image = container.querySelector('img');
    expect(image?.getAttribute('src')).toBe(webp);
    expect(image?.getAttribute('alt')).toBe('');
    expect(image?.style.padding).toBe('4px');
  });

  it('shows any other SVG as an image, so nothing inside it runs', () => {
    const other = '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>';
    const { container } = render(<PartnerLogo svg={other} />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe(
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent(other)}`,
    );
  });
});
