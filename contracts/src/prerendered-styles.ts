/**
 * A prerendered page's inline styles (issue 40.18, decision 0107). The page's Content-Security-Policy
 * refuses style attributes written in HTML, so the page renderer writes each element's styles into this
 * attribute instead, and `prerenderedStylesScript`, inline right after the page, sets them through the
 * CSSOM (which CSP does not govern) before the page is painted. Hydration then finds the styles React drew.
 */
export const prerenderedStyleAttribute = 'data-style';

/** Inline, so the first paint waits for no request; the server's CSP allows exactly this text by its hash. */
export const prerenderedStylesScript = `document.querySelectorAll("[data-prerendered] [${prerenderedStyleAttribute}]").forEach(function(e){e.style.cssText=e.getAttribute("${prerenderedStyleAttribute}");e.removeAttribute("${prerenderedStyleAttribute}")})`;
