/**
 * The thin bar at the top of the page while requests are in flight (spec 7: "shows a progress bar
 * during requests, turns it red on failure"). One element, created on first use; CSS draws it
 * (`.progress`, `--active`, `--failed`, `--done`) and fades it out.
 */
const FADE_MS = 400;
const FAILED_MS = 1500;

let inFlight = 0;
let failed = false;
let bar: HTMLElement | undefined;
let hideTimer: ReturnType<typeof setTimeout> | undefined;

function element(): HTMLElement {
  if (!bar || !bar.isConnected) {
    bar = document.createElement('div');
    bar.className = 'progress';
    bar.setAttribute('aria-hidden', 'true');
    document.body.append(bar);
  }
  return bar;
}

export function progressStart(): void {
  inFlight += 1;
  clearTimeout(hideTimer);
  const el = element();
  if (inFlight === 1) failed = false;
  el.hidden = false;
  el.classList.remove('progress--done', 'progress--failed');
  el.classList.add('progress--active');
  if (failed) el.classList.add('progress--failed');
}

export function progressEnd(ok: boolean): void {
  if (inFlight === 0) return;
  inFlight -= 1;
  if (!ok) failed = true;
  const el = element();
  if (failed) el.classList.add('progress--failed');
  if (inFlight > 0) return;
  el.classList.remove('progress--active');
  el.classList.add('progress--done');
  hideTimer = setTimeout(() => {
    el.hidden = true;
    el.classList.remove('progress--done', 'progress--failed');
  }, failed ? FAILED_MS : FADE_MS);
}

/** Tests only. */
export function progressReset(): void {
  inFlight = 0;
  failed = false;
  clearTimeout(hideTimer);
  bar?.remove();
  bar = undefined;
}
