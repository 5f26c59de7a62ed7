// The interactive elements smaller than `minimum` CSS px, described one line each (audit.py).
(minimum) => {
  const selector = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [tabindex]:not([tabindex="-1"])';
  const small = [];
  const described = (el) => {
    const text = (el.getAttribute('aria-label') || el.textContent || el.value || el.name || '').trim().replace(/\s+/g, ' ');
    return `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}${el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : ''} "${text.slice(0, 40)}"`;
  };
  const inSentence = (el) => {
    if (el.tagName !== 'A') return false;
    if (getComputedStyle(el).display !== 'inline') return false;
    const block = el.closest('p, li, td, dd, figcaption, small, .hint, .error');
    if (!block) return false;
    const own = el.textContent.trim().length;
    return block.textContent.trim().length > own + 12;
  };
  for (const el of document.querySelectorAll(selector)) {
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    if (el.closest('[hidden], [inert]')) continue;
    let box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue;  // clipped away (visually hidden until focused)
    if (box.right <= 0 || box.bottom <= 0) continue;  // moved off the page until focused (the skip link)
    if (el.matches('input[type=checkbox], input[type=radio]')) {
      const label = el.closest('label') || (el.id && document.querySelector(`label[for="${el.id}"]`));
      if (label) box = label.getBoundingClientRect();
    }
    if (inSentence(el)) continue;
    if (box.width + 0.5 < minimum || box.height + 0.5 < minimum) {
      small.push(`${described(el)} is ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
  }
  return small;
}
