/* The turn timer's countdown (components/countdown.py): each [data-tg-left] element holds
   the seconds left when its screen was sent ("12.5|<version>"); count down from the moment
   a new value arrives, in this device's own time (its clock may be off the server's). */
(() => {
  if (window.__tgCountdown) return;
  window.__tgCountdown = true;
  const tick = () => {
    document.querySelectorAll('[data-tg-left]').forEach((el) => {
      const key = el.dataset.tgLeft;
      if (el.__tgKey !== key) {
        el.__tgKey = key;
        el.__tgFrom = performance.now();
        el.__tgLeft = parseFloat(key) || 0;
      }
      const left = Math.max(0, el.__tgLeft - (performance.now() - el.__tgFrom) / 1000);
      const s = Math.ceil(left);
      const text = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
      const out = el.querySelector('.tg-countdown-value');
      if (out && out.textContent !== text) out.textContent = text;
      const low = left <= 5 ? '1' : '0';
      if (el.dataset.low !== low) el.dataset.low = low;
    });
  };
  setInterval(tick, 250);
  document.addEventListener('DOMContentLoaded', tick);
})();
